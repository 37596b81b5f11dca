import Testing
@testable import LayoutShell
import ShellTestSupport
import LayoutReport

/// What a script run that never undoes may leave out: which scripts undo, the lines of a file
/// one at a time, and a session that keeps no finished step still refusing a line exactly.
@Suite struct ScriptRunTests {
    @Test func aScriptUndoesWhenALineStartsWithTheWordUndo() {
        #expect(Replay.undoes("view a\nundo\n"))
        #expect(Replay.undoes("view a\n  \tundo 3"))
        #expect(Replay.undoes("undo# take it back\r\nview a"))
        #expect(Replay.undoes("view a\r\nundo\r\n"))
        // The word alone, at the start of a line: a view named `undone`, a comment or a later
        // word are not undo.
        #expect(!Replay.undoes("view undone\nundone.width == 10\n"))
        #expect(!Replay.undoes("# undo here\nview a # then undo\n"))
        #expect(!Replay.undoes("view a\nredo\n"))
        #expect(!Replay.undoes(""))
    }

    /// The commands that read the history are `undo`, `save`, `import` and `paste`, as their
    /// first word; every other line, `redo` and `load` included, leaves it unread.
    @Test func aScriptReadsTheHistoryWhenALineUndoesSavesOrImports() {
        for line in ["undo", "  save out.lal", "import conflict.log", "paste", "\tpaste# a log", "save\r"] {
            #expect(Replay.readsHistory("view a\n" + line + "\nview b\n"), "\(line)")
        }
        for line in ["redo", "load other.lal", "# save it", "view saved", "pasted.width == 10", "export swift"] {
            #expect(!Replay.readsHistory("view a\n" + line + "\n"), "\(line)")
        }
        #expect(Set(CommandRegistry.historyReaderWords) == ["undo", "save", "import", "paste"])
    }

    /// A run that keeps no history lays out exactly what one that keeps it does, and refuses
    /// the same lines; only the history stays empty.
    @Test func aSessionWithoutHistoryLaysOutTheSame() {
        let kept = Session(), unkept = Session()
        unkept.keepsHistory = false
        unkept.undoDepth = 0
        let lines = ["view a b", "a.width == 40", "b.leading == a.trailing + 8", "b.width == nothing", "remove b", "view c",
                     "c.width == a.width * 2", "H:|-[a]-[c]-|"]
        for line in lines {
            let one = kept.execute(line).renderText(width: 80, color: false)
            let other = unkept.execute(line).renderText(width: 80, color: false)
            #expect(one == other, "\(line)")
        }
        #expect(kept.history.count == lines.count - 1)
        #expect(unkept.history.isEmpty)
        #expect(SessionStateTests.stateDump(kept.state) == SessionStateTests.stateDump(unkept.state))
    }

    /// `ScriptLines` gives exactly the lines `lines(of:)` always gave: a final newline makes no
    /// empty line, CRLF counts as LF, empty lines inside stay.
    @Test func scriptLinesSplitAsTheLinesOfAScript() {
        let cases: [(String, [String])] = [
            ("", []),
            ("\n", [""]),
            ("a", ["a"]),
            ("a\n", ["a"]),
            ("a\n\nb", ["a", "", "b"]),
            ("a\r\nb\r\n", ["a", "b"]),
            ("a\n\r", ["a"]),
            ("a\n\n", ["a", ""]),
            ("é ü\nx", ["é ü", "x"]),
        ]
        for (script, lines) in cases {
            #expect(Array(Replay.ScriptLines(script)) == lines, "\(script.debugDescription)")
            #expect(Replay.lines(of: script) == lines, "\(script.debugDescription)")
        }
    }

    /// With no step kept past its batch (a script that never undoes), a refused line still
    /// changes nothing, bit for bit, and the accepted lines are all in the history (`save`).
    @Test func aSessionThatKeepsNoStepStillRefusesALineExactly() {
        let session = Session()
        session.undoDepth = 0
        var lines = ["root 2000x600", "view " + (0..<100).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<100 {
            lines += ["v\(i).left == \(i == 0 ? "root.left" : "v\(i - 1).right + 8")", "v\(i).width >= 20", "v\(i).width == 100 @1"]
        }
        for line in lines { #expect(session.execute(line, report: false, changes: false).ok, "\(line)") }
        // Past a batch of steps the oldest ones were forgotten: fewer than the lines are kept.
        #expect(session.undoSteps.count < lines.count)
        #expect(session.history.count == lines.count)
        let before = SessionStateTests.stateDump(session.state)
        // A line that names no value, and one that names no view: both refused.
        #expect(!session.execute("v5.width == nothing", report: false, changes: false).ok)
        #expect(!session.execute("v200.width == 10", report: false, changes: false).ok)
        #expect(SessionStateTests.stateDump(session.state) == before)
        // The solver's trail is forgotten as each step ends (the model's go by the batch), and
        // undo, with nothing of the solver to take back, is refused and changes nothing.
        #expect(session.model.openSteps == 0)
        let undo = session.execute("undo", report: false, changes: false)
        #expect(!undo.ok)
        #expect(undo.error?.text.contains("keeps no undo steps") == true)
        #expect(SessionStateTests.stateDump(session.state) == before)
        #expect(session.execute("v99.right <= root.right", report: false, changes: false).ok)
        #expect(session.model.openSteps == 0)
        #expect(SessionStateTests.stateDump(session.state) != before)
    }

    /// `changes: false` leaves the list of what a line changed empty, and nothing else: the
    /// next full report is the one a session with every list worded gives.
    @Test func linesWithoutTheirChangeListsLeaveTheSameReport() {
        let worded = Session(), unworded = Session()
        let lines = ["view a b", "a.width == 40", "b.leading == a.trailing + 8", "remove b", "a.width == 60"]
        for line in lines {
            let full = worded.execute(line, report: false)
            let bare = unworded.execute(line, report: false, changes: false)
            #expect(full.ok && bare.ok, "\(line)")
            #expect(bare.added.isEmpty && bare.removed.isEmpty && bare.changed.isEmpty)
        }
        #expect(!worded.execute("a.height == 10", report: false).added.isEmpty)
        _ = unworded.execute("a.height == 10", report: false, changes: false)
        let one = worded.execute("frames").renderText(width: 80, color: false)
        let other = unworded.execute("frames").renderText(width: 80, color: false)
        #expect(one == other)
    }
}

/// Words and tokens are cut on the line's bytes: their columns still count characters.
@Suite struct LineBytesTests {
    @Test func wordsKeepTheirColumnsAfterNonASCII() {
        let words = splitWords("é  ab\tc ")
        #expect(words.map(\.text) == ["é", "ab", "c"])
        #expect(words.map(\.column) == [1, 4, 7])
        #expect(splitWords("view a b", limit: 1).map(\.text) == ["view"])
        #expect(splitWords(" \t ").isEmpty)
        #expect(" \t".isBlank && "".isBlank && !" x ".isBlank && !"\u{A0}".isBlank)
    }

    @Test func tokensNameTheColumnOfAForeignCharacter() throws {
        let session = Session()
        _ = session.execute("view a")
        let result = session.execute("a.width == 1é")
        #expect(result.error?.message == "unexpected character 'é'")
        #expect(result.error?.column == 13)
        let relation = session.execute("a.width => 10")
        #expect(relation.error?.message == "'=>' is not a relation" && relation.error?.column == 9)
        let tokens = try tokenize("a.width>=1.5e2@high")
        #expect(tokens.map(\.display) == ["a", ".", "width", ">=", "1.5e2", "@", "high", "the end of the line"])
        #expect(tokens.map(\.column) == [1, 2, 3, 8, 10, 15, 16, 20])
    }

    /// A number is read as `Double` reads its text, whether it is digits alone (read as a whole
    /// number when 15 digits or fewer) or not.
    @Test(arguments: ["0", "7", "007", "100", "999999999999999", "1234567890123456", "98765432109876543210",
                      "1.5", ".25", "12.50", "1e3", "1.5e2", "2E-3"])
    func numbersReadAsTheirTextDoes(text: String) throws {
        let tokens = try tokenize("a.width == " + text)
        guard case .number(let value, let shown) = tokens[4].kind else {
            Issue.record("\(text) is not one number token")
            return
        }
        #expect(value == Double(text)! && value.sign == .plus && shown == text)
    }
}
