import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

@Suite struct LanguageRows {
    @Test func rootResizes() {
        let s = Session()
        #expect(frame(s, "root") == Frame(x: 0, y: 0, width: 375, height: 667))
        let r = s.execute("root 320x480")
        #expect(r.ok && frame(s, "root") == Frame(x: 0, y: 0, width: 320, height: 480))
        #expect(s.model.constraintOrder.isEmpty)
        #expect(r.renderText().contains("root is now 320x480"))
    }

    @Test func viewForms() {
        let s = Session()
        run(s, "view a b c\nview d in b\nview label intrinsic 120x21\nview w intrinsic 50x-\nview h in d intrinsic -x30")
        #expect(s.model.viewOrder == ["root", "a", "b", "c", "d", "label", "w", "h"])
        #expect(s.model.view("d")?.parent == "b")
        #expect(s.model.view("h")?.parent == "d")
        #expect(s.model.view("w")?.intrinsicHeight == nil && s.model.view("w")?.intrinsicWidth == 50)
        #expect(s.model.view("h")?.intrinsicWidth == nil && s.model.view("h")?.intrinsicHeight == 30)
        #expect(frame(s, "label")?.width == 120)
        // Changing an existing view's intrinsic size.
        let changed = s.execute("view label intrinsic 200x21")
        #expect(changed.ok)
        #expect(frame(s, "label")?.width == 200)
        // The report says what changed (it printed only the frames before).
        #expect(changed.renderText().contains("label's intrinsic size is now 200x21"))
        #expect(s.execute("view label intrinsic -x30").renderText().contains("label's intrinsic size is now -x30"))
        #expect(s.execute("view label intrinsic -x-").renderText().contains("label has no intrinsic size now"))
    }

    @Test(arguments: [
        ("a.width >= 100 @750", "a.width >= 100 @750"),
        ("a.width>=100@750", "a.width >= 100 @750"),
        ("a.width = 100", "a.width == 100"),
        ("a . width == 100 @ high", "a.width == 100 @750"),
        ("a.width <= 10 @low", "a.width <= 10 @250"),
        ("a.width == 10 @fittingSize", "a.width == 10 @50"),
        ("a.width == 10 @required", "a.width == 10"),
        ("a.width == 2*b.width", "a.width == 2 * b.width"),
        ("a.width == b.width*2", "a.width == 2 * b.width"),
        ("a.width == b.width/2", "a.width == 0.5 * b.width"),
        ("a.width == b.width / 4 + 3 - 1", "a.width == 0.25 * b.width + 2"),
        ("a.leading == root.leading + 20", "a.leading == root.leading + 20"),
        ("a.top == b.bottom - 8.5", "a.top == b.bottom - 8.5"),
        ("a.centerX == 0.5 * root.centerX", "a.centerX == 0.5 * root.centerX"),
        ("a.height == -b.height + 10", "a.height == -1 * b.height + 10"),
        ("a.width == .5e2", "a.width == 50"),
        ("a.width == 999.5 @999.5", "a.width == 999.5 @999.5"),
    ])
    func constraintGrammar(_ input: String, _ canonical: String) {
        let s = Session()
        run(s, "view a b")
        let r = s.execute(input)
        #expect(r.ok, "\(r.error?.text ?? "")")
        #expect(r.added.map(\.text) == [canonical])
        #expect(r.added.map(\.id) == ["c1"])
    }

    @Test func namesAreAliases() {
        let s = Session()
        run(s, "view a")
        #expect(s.execute("minW: a.width >= 100").renderText().contains("added c1 (minW): a.width >= 100"))
        run(s, "minW.constant = 120")
        #expect(s.model.constraint("c1")?.name == "minW")
        #expect(s.model.constraint("c1")?.text == "a.width >= 120")
        #expect(s.execute("deactivate minW").ok)
        #expect(s.execute("deactivate minW").output == ["c1 is already inactive"])
        #expect(s.model.constraint("c1")?.isActive == false)
        #expect(!s.execute("minW: a.width >= 1").ok)   // name taken
        #expect(s.execute("constraints").output.joined().contains("c1 (minW)"))
    }

    @Test func vflLinesMakeSeveralIdsInAppleOrder() {
        let s = Session()
        run(s, "view a b")
        let r = s.execute("H:|-[a]-[b(==a)]-|")
        #expect(r.ok, "\(r.error?.text ?? "")")
        #expect(r.added.map(\.id) == ["c1", "c2", "c3", "c4"])
        #expect(r.added.map(\.text) == ["a.leading == root.leadingMargin", "b.leading == a.trailing + 8",
                                         "b.width == a.width", "root.trailingMargin == b.trailing"])
        #expect(frame(s, "a")?.width == 175.5)
        // Metrics and options.
        run(s, "metric pad = 30")
        let v = s.execute("V:|-pad-[a]-[b] alignAllLeading")
        #expect(v.ok, "\(v.error?.text ?? "")")
        #expect(v.added.map(\.text) == ["a.top == root.top + 30", "b.top == a.bottom + 8", "a.leading == b.leading"])
        // A failing VFL line adds nothing and points at Apple's caret.
        let before = fingerprint(s)
        let bad = s.execute("H:|-[a]-[zz]")
        #expect(!bad.ok && bad.error?.column != nil && bad.error!.message.contains("zz"))
        #expect(fingerprint(s) == before)
    }

    @Test func platformIOSUsesMargins() {
        let s = Session()
        run(s, "view a\nplatform ios\nroot.margins = 16\nH:|-[a]-|")
        #expect(frame(s, "a")?.x == 16)
        #expect(frame(s, "a")?.width == 343)
    }

    /// A session starts as iOS (UIKit's rule since iOS 8), and `reset` goes back to it.
    @Test func theDefaultPlatformIsIOS() {
        let s = Session()
        #expect(s.platform == .ios)
        run(s, "view a")
        let r = s.execute("H:|-[a]-|")
        #expect(r.added.map(\.text) == ["a.leading == root.leadingMargin", "root.trailingMargin == a.trailing"])
        #expect(frame(s, "a")?.x == 8 && frame(s, "a")?.width == 359)
        run(s, "platform macos\nreset")
        #expect(s.platform == .ios)
    }

    /// `platform macos` gives the 20-point edges to VFL typed after it; lines typed before
    /// keep the constraints they made, and the note says so.
    @Test func platformAppliesToVFLTypedFromThenOn() {
        let s = Session()
        run(s, "view a b\nH:|-[a]-|")
        let switched = s.execute("platform macos")
        #expect(switched.output == ["platform macos: |- and -| are 20 from the superview's edge; 8 between views",
                                    "(for VFL typed from now on; constraints already made keep their spacing)"])
        #expect(frame(s, "a")?.x == 8)
        let r = s.execute("H:|-[b]-|")
        #expect(r.added.map(\.text) == ["b.leading == root.leading + 20", "root.trailing == b.trailing + 20"])
        #expect(frame(s, "a")?.x == 8 && frame(s, "b")?.x == 20 && frame(s, "b")?.width == 335)
    }

    @Test func constantAndPriorityChanges() {
        let s = Session()
        run(s, "view a\na.width == 100 @500\na.width == 50 @400")
        #expect(frame(s, "a")?.width == 100)
        let r = s.execute("c1.constant = 120")
        #expect(r.changed.map(\.text) == ["a.width == 120 @500"] && r.changed.first?.before == "a.width == 100 @500")
        #expect(frame(s, "a")?.width == 120)
        run(s, "c2.priority = 600")
        #expect(frame(s, "a")?.width == 50)
        let bad = s.execute("c2.priority = 1000")
        #expect(!bad.ok && bad.error!.message == "c2 is optional (@600), and Auto Layout cannot make an installed optional constraint required")
        #expect(bad.error?.column == 15)
        #expect(!s.execute("c2.priority = 0").ok)
        #expect(!s.execute("c2.priority = 5000").ok)
    }

    @Test func removeAndActivate() {
        let s = Session()
        run(s, "view card\nview a in card\ncard.width == 100\na.width == card.width\na.height == 5")
        #expect(s.execute("deactivate c1").ok)
        #expect(s.model.constraint("c1")?.isActive == false)
        #expect(s.execute("constraints").output.first { $0.contains("c1") }!.contains("inactive"))
        #expect(s.execute("activate c1").ok)
        #expect(frame(s, "a")?.width == 100)
        let r = s.execute("remove c3")
        #expect(r.removed.map(\.id) == ["c3"])
        let v = s.execute("remove card")
        #expect(v.viewsRemoved == ["card", "a"])
        #expect(v.removed.map(\.id) == ["c1", "c2"])
        #expect(s.model.viewOrder == ["root"])
        #expect(!s.execute("remove root").ok)
        #expect(!s.execute("remove c99").ok)
    }

    @Test func huggingResistanceMargins() {
        let s = Session()
        run(s, "view l intrinsic 120x21\nl.width == 100 @700")
        #expect(frame(s, "l")?.width == 120)
        let r = s.execute("l.resistance.h = 600")
        #expect(r.ok && frame(s, "l")?.width == 100)
        #expect(r.broken.map(\.id) == ["l.resistance.h"])
        #expect(r.renderText(width: 200).contains("broken l.resistance.h: l.width >= 120 @600 -- l.width is 100, needs at least 120: short by 20"))
        run(s, "l.hugging.v = 251\nl.resistance.v = 1000")
        #expect(s.model.view("l")?.huggingV.rawValue == 251)
        #expect(s.model.constraint("l.resistance.v")?.text == "l.height >= 21")
        run(s, "view m\nm.leading == root.leadingMargin\nm.top == root.topMargin\nroot.margins = 8,16,8,16")
        #expect(frame(s, "m")?.x == 16 && frame(s, "m")?.y == 8)
        #expect(!s.execute("root.margins = 1,2,3").ok)
    }

    @Test func direction() {
        let s = Session()
        run(s, "view a\na.leading == root.leading + 20\na.width == 50\ndirection rtl")
        #expect(frame(s, "a")?.x == 305)
        run(s, "direction ltr")
        #expect(frame(s, "a")?.x == 20)
        #expect(!s.execute("direction up").ok)
    }

    @Test func inspection() {
        let s = Session()
        run(s, "view card\nview a in card")
        let f = s.execute("frames card")
        #expect(f.output.count == 3 && f.output[1].contains("card") && f.output[2].contains("a"))
        #expect(!s.execute("frames nope").ok)
        // draw and svg: Pictures/DrawTests and SVGTests; explain: ExplainTests; exercise: AmbiguityReasonTests.
        for word in [String]() {
            let r = s.execute(word)
            #expect(r.ok && r.output.count == 1 && r.output[0].contains("not yet available"))
        }
        #expect(s.execute("constraints").output == ["no constraints yet"])
    }

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
        for line in lines { s.execute(line) }
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

    /// Once a session's numbers strain doubles, each step keeps a copy of the session before
    /// it, so `undo` (one step or several) goes back exactly; only the latest 32 steps keep one.
    @Test func strainedSessionsUndoToCheckpoints() {
        let s = Session()
        run(s, "view a b\na.width == 1e6 * b.width")
        #expect(s.model.mayLosePrecision)
        var prints: [String] = []
        for i in 0..<40 {
            prints.append(fingerprint(s))
            #expect(s.execute("b.height == \(i) @\(500 + i)").ok)
        }
        #expect(s.undoSteps.filter { $0.before != nil }.count == Session.keptCheckpoints)
        #expect(s.undoSteps.suffix(Session.keptCheckpoints).allSatisfy { $0.before != nil })
        #expect(s.execute("undo 3").ok)
        #expect(fingerprint(s) == prints[37])
        #expect(s.checkpointedSteps == Array((s.undoSteps.count - Session.keptCheckpoints + 3)..<s.undoSteps.count))
        for i in stride(from: 36, through: 0, by: -1) {
            #expect(s.execute("undo").ok)
            #expect(fingerprint(s) == prints[i], "step \(i)")
        }
    }

    /// The copies together hold at most `keptCheckpointSize` views and constraints: a big
    /// strained session keeps fewer of them.
    @Test func bigSessionsKeepFewerCheckpoints() {
        let s = Session()
        s.execute("view " + (0..<2_000).map { "v\($0)" }.joined(separator: " "))
        s.execute("v0.width == 1e6 * v1.width")
        for i in 0..<30 { s.execute("v2.height == \(i) @\(500 + i)", report: false) }
        let kept = s.undoSteps.compactMap { $0.before?.size }
        #expect(kept.count > 0 && kept.count < Session.keptCheckpoints)
        #expect(kept.reduce(0, +) <= Session.keptCheckpointSize)
        // One more would be over.
        #expect(kept.reduce(0, +) + kept.min()! > Session.keptCheckpointSize)
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
        t.execute("undo")
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

@Suite struct BadInput {
    static let rejected: [(String, Int?)] = [
        ("a.left == 20", 11),
        ("a.left == b.top", 11),
        ("a.leading == b.left", 14),
        ("a.width == b.left", 12),
        ("a.width == 0 * b.width", 12),
        ("a.width == 10 @0", 16),
        ("a.width == 10 @1000.5", 16),
        ("a.width == 10 @-5", 16),
        ("a.width == nan", 12),
        ("a.width == inf", 12),
        ("a.width == 1e308", 12),
        ("a.width == 1e999", 12),
        ("a.width == 2e9", 12),
        ("a.width == b.width * 1e300", 22),
        ("a.width == b.width * 0.0000001", 12),
        ("a.width >> 10", 9),
        ("a.width == 10 + b.width", 17),
        ("a.wdth == 10", 3),
        ("zz.width == 10", 1),
        ("a.width == zz.width", 12),
        ("a.width ==", 11),
        ("a.width == 10 extra", 15),
        ("view a", 6),
        ("view root", 6),
        ("view c1", 6),
        ("view 9x", 6),
        ("view q in nowhere", 11),
        ("root 10x", 9),
        ("root axb", 6),
        ("root -5x10", 6),
        ("root 1e300x10", 6),
        ("c9.constant = 1", 1),
        // A model rule with nothing narrower to point at: the caret marks the command.
        ("c1.priority = 1000", 15),
        ("  c1.priority = required", 17),
        ("a.hugging.x = 1", 10),
        ("a.hugging.h = 0", 15),
        ("a.margins = nan", 13),
        ("metric a = 1", 8),
        ("direction sideways", 11),
        ("undo 0", 6),
        ("frobnicate", 1),
        ("a.width == 10 é", 15),
        ("a.width == 10\u{01}", 14),
        ("a.width == 10\u{0}", 14),
    ]

    @Test func rejectedLinesChangeNothing() {
        for (line, column) in Self.rejected {
            let s = Session()
            run(s, "view a b\na.width == 5 @500")
            let before = fingerprint(s)
            let r = s.execute(line)
            #expect(!r.ok, "accepted: \(line)")
            #expect(r.error?.column == column, "\(line): column \(String(describing: r.error?.column)), \(r.error?.text ?? "")")
            #expect(fingerprint(s) == before, "\(line) changed the session")
            // The message is one line where it fits (it wraps at words to narrower widths).
            let text = r.renderText(width: 1000)
            #expect(text.split(separator: "\n").count == (column == nil ? 1 : 3), "\(text)")
            #expect(text.split(separator: "\n").last!.hasPrefix("error"))
        }
    }

    @Test func locationConstantHint() {
        let s = Session()
        run(s, "view a")
        let r = s.execute("a.left == 20")
        #expect(r.error?.text == "a location cannot equal a constant: left only makes sense relative to another view; write a.left == root.left + 20")
        #expect(r.renderText(width: 1000) == "a.left == 20\n          ^\nerror at column 11: " + r.error!.text)
    }

    @Test func hugeAndBinaryLines() {
        let s = Session()
        let long = String(repeating: "a", count: InputLimits.maxLineLength + 1)
        let r = s.execute(long)
        #expect(!r.ok && r.error?.column == InputLimits.maxLineLength + 1)
        #expect(r.renderText().count < 1000)
        // A line at the limit is read; a megabyte-long word is shortened where an error names it.
        let word = s.execute(String(repeating: "a", count: InputLimits.maxLineLength))
        #expect(!word.ok && word.error?.column == 1)
        #expect(word.renderText().count < 1000)
        #expect(word.error!.text.count < 200)
        let binary = String(decoding: (0..<512).map { UInt8($0 % 256) }, as: UTF8.self)
        #expect(!s.execute(binary).ok)
        let deep = "view a" + String(repeating: " in a", count: 1000)
        #expect(!s.execute(deep).ok)
        let parens = "H:" + String(repeating: "(", count: 1000)
        #expect(!s.execute(parens).ok)
        #expect(s.model.viewOrder == ["root"])
    }

    @Test func aThousandDeepNestingWorks() {
        let s = Session()
        var script = "view v0\n"
        for i in 1..<1000 { script += "view v\(i) in v\(i - 1)\n" }
        run(s, script)
        #expect(s.execute("v999.leading == root.leading + 7").ok)
        #expect(s.execute("remove v0").ok)
        #expect(s.model.viewOrder == ["root"])
    }
}

@Suite struct Reports {
    /// The report state is kept incrementally per model; a `reset` inside a loaded file makes a
    /// new model whose views look like the old ones, and nothing of the old one may linger.
    @Test func aResetInsideALoadLeavesNothingOfTheOldLayout() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-reset-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "reset\nview a\n".write(toFile: dir + "/again.lal", atomically: true, encoding: .utf8)
        let s = Session()
        s.directory = dir
        let before = run(s, "view a\na.width == 10 @500\na.width == 20 @400").last!
        #expect(before.broken.map(\.id) == ["c2"])
        let r = s.execute("load again.lal")
        #expect(r.ok)
        #expect(r.broken.isEmpty, "\(r.broken)")
        #expect(r.ambiguous.map(\.view) == ["a"] && r.ambiguous[0].components == [.x, .y, .width, .height])
        #expect(r.frames.map(\.frame) == s.model.frames().map(\.frame))
    }

    @Test func jsonHasExactlyTheDesignKeys() throws {
        let s = Session()
        run(s, "view a")
        let r = s.execute("a.width >= 100 @750")
        let object = try jsonObject(r.renderJSON())
        for key in ["line", "input", "ok", "error", "added", "frames", "broken", "ambiguous", "conflict"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["input"] as? String == "a.width >= 100 @750")
        #expect((object["added"] as? [[String: Any]])?.first?["constraint"] as? String == "a.width >= 100 @750")
        #expect((object["frames"] as? [String: Any])?.keys.sorted() == ["a", "root"])
        #expect((object["ambiguous"] as? [String: [String]])?["a"] == ["x", "y", "width", "height"])
        #expect(object["conflict"] is NSNull)
        let bad = s.execute("a.left == \"20\\")
        let badObject = try jsonObject(bad.renderJSON())
        #expect(badObject["ok"] as? Bool == false)
        #expect(badObject["input"] as? String == "a.left == \"20\\")
        #expect((badObject["error"] as? [String: Any])?["column"] as? Int == 11)
        let conflict = s.execute("a.width == 10\n".trimmingCharacters(in: .newlines))
        _ = conflict
        let c = s.execute("a.width == 20")
        let cObject = try jsonObject(c.renderJSON())
        #expect((cObject["conflict"] as? [String: Any])?["broken"] as? String == "c3")
        #expect((cObject["conflict"] as? [String: Any])?["constraints"] as? [String] == ["c2", "c3"])
    }

    @Test func jsonEscaping() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é ✓ \u{2028}"
        let json = JSONValue.string(text).serialized
        let back = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
        #expect(back == [text])
    }

    @Test func framesCapPastTwelveViews() {
        let s = Session()
        run(s, "view " + (0..<30).map { "v\($0)" }.joined(separator: " "))
        let r = s.execute("root 100x100")
        // Nothing moved: no frame lines except the root's change.
        #expect(r.changedFrames == ["root"])
        let all = s.execute("H:|" + (0..<30).map { "[v\($0)(3)]" }.joined() + "|")
        #expect(all.ok, "\(all.error?.text ?? "")")
        let text = all.renderText()
        #expect(text.contains("more frames changed"))
        #expect(all.frames.count == 31)
    }

    @Test func conflictWordsALearnerFollows() {
        let s = Session()
        run(s, "view a")
        run(s, "a.width == 100")
        let text = s.execute("a.width == 200").renderText(width: 200)
        #expect(text.contains("Unable to simultaneously satisfy constraints"))
        #expect(text.contains("Will attempt to recover by breaking c2: a.width == 200"))
        #expect(text.contains("broken (required, in conflict) c2: a.width == 200 -- a.width is 100, needs 200: short by 100"))
        let repaired = s.execute("remove c1")
        #expect(repaired.repaired.map(\.id) == ["c2"])
        #expect(repaired.renderText().contains("holds again c2"))
    }

    @Test func colourOnlyWhenAsked() {
        let s = Session()
        let r = s.execute("view a")
        #expect(!r.renderText(color: false).contains("\u{1B}"))
        #expect(r.renderText(color: true).contains("\u{1B}["))
    }
}

@Suite struct Completions {
    @Test func completesWhatTheSessionKnows() {
        let s = Session()
        run(s, "view alpha beta\nminW: alpha.width >= 1\nmetric pad = 3")
        #expect(s.completions(line: "con", cursor: 3).candidates == ["constraints"])
        #expect(s.completions(line: "al", cursor: 2).candidates == ["alpha"])
        #expect(s.completions(line: "alpha.wi", cursor: 8) == (6, ["width"]))
        #expect(s.completions(line: "alpha.hu", cursor: 8).candidates == ["hugging"])
        #expect(s.completions(line: "alpha.hugging.", cursor: 14).candidates == ["h", "v"])
        #expect(s.completions(line: "c1.", cursor: 3).candidates == ["constant", "priority"])
        #expect(s.completions(line: "remove ", cursor: 7).candidates.contains("minW"))
        #expect(s.completions(line: "alpha.width == be", cursor: 17).candidates == ["beta"])
        #expect(s.completions(line: "alpha.width == 3 @hi", cursor: 20).candidates == ["high"])
        #expect(s.completions(line: "H:[alpha] alignAllT", cursor: 19).candidates.contains("alignAllTop"))
        #expect(s.completions(line: "H", cursor: 1).candidates.contains("H:"))
        #expect(s.completions(line: "help fr", cursor: 7).candidates == ["frames"])
    }

    /// A directory of the test's own (not the machine's /tmp, which may hold anything, or be a
    /// link): `things/` and `tall.lal`, which both start with `t`, and `other.lal`, which does not.
    private func fileTree() throws -> String {
        let dir = NSTemporaryDirectory() + "layoutlab-complete-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/things", withIntermediateDirectories: true)
        for name in ["tall.lal", "other.lal"] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()))
        }
        return dir
    }

    /// Every command that takes a file name completes it there, and only there.
    @Test func fileNamesCompleteAfterEveryCommandThatTakesOne() throws {
        let dir = try fileTree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = Session()
        let both = [dir + "/tall.lal", dir + "/things/"]
        for command in ["save", "load", "import", "svg", "export swift", "export objc", "export snapkit"] {
            let line = command + " " + dir + "/t"
            #expect(s.completions(line: line, cursor: line.count) == (command.count + 1, both), "\(line)")
        }
        // A name with a dot in it is still the one argument being typed.
        let dotted = "save \(dir)/tall."
        #expect(s.completions(line: dotted, cursor: dotted.count).candidates == [dir + "/tall.lal"])
        // Relative names read against the session's directory; `/` alone lists everything.
        s.directory = dir
        #expect(s.completions(line: "load t", cursor: 6).candidates == ["tall.lal", "things/"])
        #expect(s.completions(line: "save \(dir)/", cursor: 6 + dir.count).candidates == [dir + "/other.lal"] + both)
        // `export`'s first argument is the language, not a file; nor is a second file name.
        #expect(s.completions(line: "export s", cursor: 8).candidates == ["snapkit", "swift"])
        #expect(s.completions(line: "save x t", cursor: 8).candidates.isEmpty)
        // With a home directory, `~/` lists it.
        s.homeDirectory = dir
        #expect(s.completions(line: "save ~/t", cursor: 8).candidates == ["~/tall.lal", "~/things/"])
    }
}

@Suite struct ReplayAndCheck {
    @Test func checkAndUpdate() {
        let script = "view a\n#> stale\na.width == 10\n# a comment\n"
        let first = Replay.check(script)
        #expect(!first.ok)
        let second = Replay.check(first.updated)
        #expect(second.ok, "\(second.report)")
        #expect(second.updated == first.updated)
        #expect(first.updated.contains("#> added c1: a.width == 10"))
    }

    @Test func finalReportsOnce() {
        let out = Replay.run("view a\na.width == 10\nframes\n", options: .init(final: true))
        #expect(out.ok)
        #expect(out.output.components(separatedBy: "root").count == 2)
        let json = Replay.run("view a\na.width == 10\n", options: .init(json: true, final: true))
        #expect(json.output.split(separator: "\n").count == 1)
        let jsonl = Replay.run("view a\n\n# c\na.width == 10\n", options: .init(json: true))
        #expect(jsonl.output.split(separator: "\n").count == 2)
        #expect(!Replay.run("view a\na.left == 1\n").ok)
        #expect(Replay.run("quit\nview a\n").quit)
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
