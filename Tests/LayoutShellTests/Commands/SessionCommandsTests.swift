import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// The session's own commands: `help`, `quit`, `undo`, `reset`, `save`, `load`, and silent lines (SessionCommands).
@Suite struct SessionCommandsTests {
    @Test func helpAndSuggestions() {
        let s = Session()
        let h = s.execute("help")
        #expect(h.ok && h.output.count <= 24)
        // No command is lost from the overview: it shows each command's short forms, or names
        // its topic among the more topics at the end.
        let overview = h.output.joined(separator: "\n")
        let named = Set(h.output.drop { !$0.hasPrefix("more topics:") }.flatMap { $0.split(separator: " ").map(String.init) })
        for command in CommandRegistry.all {
            let spec = command.spec
            if spec.topic == "help" { continue }
            if spec.overview.isEmpty {
                #expect(named.contains(spec.topic), "\(spec.topic)")
            } else {
                for item in spec.overview { #expect(overview.contains(item), "\(item)") }
            }
        }
        // `help help` lists every topic.
        let all = Set(s.execute("help help").output.flatMap { $0.split(separator: " ").map(String.init) })
        for topic in Help.topicNames { #expect(all.contains(topic), "\(topic)") }
        for topic in Help.topicNames { #expect(s.execute("help \(topic)").ok) }
        let typo = s.execute("constrains")
        #expect(!typo.ok && typo.error?.hint == "did you mean `constraints`?")
        #expect(s.execute("help prority").error?.hint == "did you mean `priority`?")
    }

    @Test func quit() {
        let s = Session()
        #expect(!s.isFinished)
        #expect(s.execute("quit").quits)
        #expect(s.isFinished)
    }

    @Test func blankAndCommentLinesAreSilent() {
        let s = Session()
        for line in ["", "   ", "# a comment", "#> expected output"] {
            let r = s.execute(line)
            #expect(r.isSilent && r.renderText().isEmpty && r.renderJSON().isEmpty)
        }
        #expect(s.execute("view a # with a comment").ok)
    }
}

@Suite struct UndoSaveLoad {
    @Test func undoAnyNumberOfSteps() {
        let s = Session()
        let lines = ["view a b", "a.width == 10", "H:|[a][b]|", "root 100x100", "c1.constant = 30", "remove b", "direction rtl", "a.margins = 3"]
        var prints: [String] = [fingerprint(s)]
        for line in lines {
            #expect(s.execute(line).ok)
            prints.append(fingerprint(s))
        }
        for i in stride(from: lines.count - 1, through: 0, by: -1) {
            #expect(s.execute("undo").ok)
            #expect(fingerprint(s) == prints[i])
        }
        #expect(!s.execute("undo").ok)
        for line in lines { _ = s.execute(line) }
        #expect(s.execute("undo 3").ok)
        #expect(fingerprint(s) == prints[lines.count - 3])
        // Asking for more steps than there are takes back what there is, and says so.
        let all = s.execute("undo 99")
        #expect(all.ok)
        #expect(all.output == ["undid \(lines.count - 3) commands (all there were)"])
        #expect(fingerprint(s) == prints[0])
        // Redo walks forward again, one step or several, to where the session was.
        #expect(s.execute("redo").output == ["redid \(lines[0])"])
        #expect(fingerprint(s) == prints[1])
        // Both undos (3, then the other 5) are there to redo: all of it, back to the end.
        let rest = s.execute("redo 99")
        #expect(rest.output == ["redid \(lines.count - 1) commands (all there were)"])
        #expect(fingerprint(s) == prints[lines.count])
        #expect(s.execute("redo").error?.message == "there is nothing to redo")
        // Something new after an undo: nothing left to redo.
        #expect(s.execute("undo").ok)
        #expect(s.execute("view zz").ok)
        #expect(!s.execute("redo").ok)
    }

    @Test func aTildeIsTheHomeDirectory() throws {
        let home = NSTemporaryDirectory() + "layoutlab-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let s = Session()
        s.homeDirectory = home
        #expect(s.execute("view a").ok)
        #expect(s.execute("save ~/a.lal").output == ["saved 1 command to ~/a.lal"])
        #expect(FileManager.default.fileExists(atPath: home + "/a.lal"))
        // Without a home directory `~` is an ordinary name, looked up as typed.
        let t = Session()
        t.directory = home
        #expect(!t.execute("load ~/a.lal").ok)
        #expect(Session().execute("load ~nobody/a.lal").ok == false)
        let u = Session()
        u.homeDirectory = home
        #expect(u.execute("load ~/a.lal").output == ["loaded 1 command from ~/a.lal"])
    }

    /// Undo keeps the trails of the latest `keptSteps` steps: further back is refused with a
    /// message and changes nothing; within them each undo is exact, also where numbers strain
    /// doubles (a replay could round differently).
    @Test(.tags(.slow), .skippedInFastTier) func undoGoesBackAsFarAsTheKeptSteps() {
        let s = Session()
        run(s, "view a b\na.width == 1e6 * b.width")
        #expect(s.model.mayLosePrecision)
        var prints: [String] = []
        // One batch of old steps forgotten, and a few more steps since.
        let steps = Session.keptSteps + Session.forgetBatch + 5
        for i in 0..<steps {
            prints.append(fingerprint(s))
            #expect(s.execute("b.height == \(i % 50) @\(500 + i % 400)", report: false).ok)
        }
        let kept = s.undoSteps.count
        // The two lines before the loop count too; the batch went once the kept ones passed
        // keptSteps + forgetBatch.
        #expect(kept == steps + 2 - (Session.forgetBatch + 1))
        let now = fingerprint(s)
        let refused = s.execute("undo \(kept + 1)")
        #expect(refused.error?.message == "cannot undo \(kept + 1) steps: only \(kept) more can be taken back")
        #expect(fingerprint(s) == now)
        // Back through all the kept steps, a few at a time, each time where the session was.
        var at = steps
        while !s.undoSteps.isEmpty {
            let n = min(97, s.undoSteps.count)
            #expect(s.execute("undo \(n)").ok)
            at -= n
            #expect(fingerprint(s) == prints[at], "undo to step \(at)")
        }
        #expect(at == steps - kept)
        #expect(s.execute("undo").error?.message == "cannot undo 1 step: no older step can be taken back")
        // What is left can still be redone, to the end.
        #expect(s.execute("redo \(steps)").ok)
        #expect(fingerprint(s) == now)
    }

    @Test func resetAndUndoReset() {
        let s = Session()
        run(s, "view a\na.width == 5")
        let before = fingerprint(s)
        run(s, "reset")
        #expect(s.model.viewOrder == ["root"])
        run(s, "undo")
        #expect(fingerprint(s) == before)
    }

    @Test func saveLoadRoundTrip() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = Session()
        s.directory = dir
        run(s, "view a b\nview l in a intrinsic 40x10\nminW: a.width >= 100 @750\nH:|-[a]-[b]-|\nremove c2\nc1.constant = 90\nmetric m = 4\ndeactivate c3\nl.hugging.h = 300\ndirection rtl\nplatform ios\nb.margins = 1,2,3,4\na.width == 5000")
        let r = s.execute("save saved.lal")
        #expect(r.ok, "\(r.error?.text ?? "")")
        // The previous file is replaced atomically (no temp files left behind).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["saved.lal"])
        let t = Session()
        t.directory = dir
        let l = t.execute("load saved.lal")
        #expect(l.ok, "\(l.error?.text ?? "")")
        #expect(fingerprint(t).split(separator: "\n").dropLast() == fingerprint(s).split(separator: "\n").dropLast())
        #expect(t.model.constraint("c4")?.text == s.model.constraint("c4")?.text)
        #expect(t.model.nextNumber == s.model.nextNumber)
        // undo takes a whole load back.
        _ = t.execute("undo")
        #expect(t.model.viewOrder == ["root"])
    }

    @Test func aFailingLoadLoadsNothing() throws {
        let path = NSTemporaryDirectory() + "layoutlab-bad-\(UUID().uuidString).lal"
        try "view a\na.width == 10\na.left == 20\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        run(s, "view z")
        let before = fingerprint(s)
        let r = s.execute("load \(path)")
        #expect(!r.ok)
        #expect(r.error?.message.contains(":3:") == true)
        #expect(fingerprint(s) == before)
        #expect(!s.execute("load /nonexistent/file.lal").ok)
    }

    /// A loaded file is read line by line as a script run reads it: lines ending in CRLF load
    /// (they were refused for their carriage return), a nested load's lines join the step,
    /// and the history holds the accepted commands, comments and blank lines left out.
    @Test func aLoadReadsItsFileAsAScriptRunDoes() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-crlf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "view b\r\nb.width == 20\r\n".write(toFile: dir + "/inner.lal", atomically: true, encoding: .utf8)
        try "# outer\r\nview a\r\n\r\nload inner.lal\r\na.width == b.width * 2\r\n".write(toFile: dir + "/outer.lal", atomically: true, encoding: .utf8)
        let s = Session()
        s.directory = dir
        let r = s.execute("load outer.lal")
        #expect(r.ok, "\(r.error?.text ?? "")")
        #expect(r.added.map(\.text) == ["b.width == 20", "a.width == 2 * b.width"])
        #expect(s.model.frame(of: "a")?.width == 40)
        #expect(s.history == [["view a", "view b", "b.width == 20", "a.width == b.width * 2"]])
        _ = s.execute("undo")
        #expect(s.model.viewOrder == ["root"] && s.history.isEmpty)
    }

    /// Session commands in a loaded file are refused by their word (the enum case was printed
    /// raw before: "undo(1) cannot be used in a loaded file").
    @Test(arguments: ["undo", "undo 2", "save x.lal", "quit"])
    func sessionCommandsAreRefusedInALoadedFile(line: String) throws {
        let path = NSTemporaryDirectory() + "layoutlab-refused-\(UUID().uuidString).lal"
        try "view a\n\(line)\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        let r = s.execute("load \(path)")
        let word = line.split(separator: " ")[0]
        #expect(r.error?.message == "\(path):2: \(word) cannot be used in a loaded file")
        #expect(s.model.view("a") == nil)
    }

    /// Undo reports what changed in the words a command uses: constant, priority,
    /// activated, deactivated (it said "changed" before, a value the README does not list).
    @Test func undoSaysWhatChangedInTheCommandsWords() throws {
        let s = Session()
        run(s, "view a\na.width == 10 @500\nc1.constant = 30\nc1.priority = 600\ndeactivate c1")
        #expect(s.execute("undo").changed.map(\.what) == [.activated])
        #expect(s.execute("undo").changed.map(\.what) == [.priority])
        let constant = s.execute("undo")
        #expect(constant.changed.map(\.what) == [.constant])
        #expect(constant.changed.first?.before == "a.width == 30 @500")
        let json = constant.renderJSON()
        #expect(json.contains("\"what\":\"constant\""))
        #expect(s.execute("c1.constant = 12").changed.map(\.what) == [.constant])
    }

    @Test func saveToAnUnwritablePlaceFailsCleanly() {
        let s = Session()
        let r = s.execute("save /nonexistent-dir/x.lal")
        #expect(!r.ok && r.error!.message.contains("cannot write"))
    }

    @Test func aFileThatLoadsItselfIsRejectedNotACrash() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-self-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "# loads itself\nload self.lal\n".write(toFile: dir + "/self.lal", atomically: true, encoding: .utf8)
        let s = Session()
        s.directory = dir
        run(s, "view z")
        let before = fingerprint(s)
        // The nested loads recursed without limit and overflowed the stack before.
        let r = s.execute("load self.lal")
        #expect(!r.ok && r.error!.message.contains("nested too deeply"), "\(r.error?.message ?? "")")
        #expect(r.error!.message.hasPrefix("self.lal:2: load is nested"), "\(r.error?.message ?? "")")
        #expect(fingerprint(s) == before)
    }

    @Test func saveOntoADirectorySaysSo() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-dir-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/inner", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = Session()
        run(s, "view a")
        // It said "cannot write …: Directory not empty" (rename's errno) before.
        let r = s.execute("save \(dir)/inner")
        #expect(!r.ok && r.error!.message.contains("is a directory"), "\(r.error?.message ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["inner"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/inner").isEmpty)
    }
}

@Suite struct Cancellation {
    @Test func anInterruptedLoadLoadsNothing() throws {
        let path = NSTemporaryDirectory() + "layoutlab-cancel-\(UUID().uuidString).lal"
        try (0..<100).map { "view v\($0)" }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        run(s, "view keep")
        var asked = 0
        s.shouldCancel = { asked += 1; return asked > 50 }
        let r = s.execute("load \(path)")
        #expect(!r.ok && r.error!.message.contains("interrupted"))
        #expect(s.model.viewOrder == ["root", "keep"])
        s.shouldCancel = nil
        #expect(s.execute("load \(path)").ok)
        #expect(s.model.viewOrder.count == 102)
    }
}
