import Foundation
import Testing
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `--final` reports the end state once, and never hides a rejected line.
@Suite struct FinalReportTests {
    func object(_ line: Substring) throws -> [String: Any] {
        try jsonObject(line)
    }

    /// `printf 'view a\nfoo\na.width == 10\n' | layoutlab --final` exited 1 and named nothing.
    @Test func rejectedLinesAreNamed() {
        let replayer = Replay.Replayer(options: .init(final: true))
        replayer.source = "card.lal"
        var output = ""
        for (i, line) in ["view a", "foo", "a.width == 10", "a.left == 3"].enumerated() {
            output += replayer.feed(line, lineNumber: i + 1)
        }
        #expect(output.isEmpty)
        output = replayer.finish()
        #expect(!replayer.ok)
        #expect(output.hasPrefix("rejected 2 lines:\n  card.lal:2: error at column 1: unknown command foo"))
        #expect(output.contains("  card.lal:4: error at column 11: a location cannot equal a constant"))
        // Then the layout as it stands: both frames, a's width applied after the bad line.
        #expect(output.contains("    a   0  0  10     0"))
    }

    /// The final report is the state, not the additions of the last command.
    @Test func theFinalReportIsTheState() {
        let out = Replay.run("view a b\na.width == 10\nb.width == 20\n", options: .init(final: true))
        #expect(out.ok)
        #expect(!out.output.contains("added"))
        #expect(out.output.contains("    b   0  0  20"))
        #expect(out.output.contains("ambiguous: a (x): only its width is pinned (c1); add a leading or trailing\n    constraint; a: no vertical constraints"))
        #expect(out.output.contains("ambiguous: b (x): only its width is pinned (c2)"))
    }

    @Test func jsonCarriesTheRejectedLines() throws {
        let out = Replay.run("view a\nfoo\na.width == 10\n", options: .init(json: true, final: true))
        let lines = out.output.split(separator: "\n")
        #expect(lines.count == 1)
        let final = try object(lines[0])
        #expect(final["ok"] as? Bool == false)
        let rejected = try #require(final["rejected"] as? [[String: Any]])
        #expect(rejected.count == 1)
        #expect(rejected[0]["line"] as? Int == 2)
        #expect(rejected[0]["input"] as? String == "foo")
        #expect(((rejected[0]["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("unknown command foo") == true)
        #expect((final["error"] as? [String: Any])?["column"] as? Int == 1)
        #expect((final["added"] as? [Any])?.isEmpty == true)
        #expect((final["frames"] as? [String: [String: Double]])?["a"]?["width"] == 10)
    }

    /// The first rejected line is never lost among the errors that follow from it.
    @Test func theFirstErrorSurvivesAFlood() {
        let script = "view a\nveiw b\n" + String(repeating: "b.width == 1\n", count: 500)
        let out = Replay.run(script, options: .init(final: true))
        #expect(out.output.contains("line 2: error at column 1: unknown command veiw"))
        #expect(out.output.contains("… and 481 more rejected lines"))
    }

    @Test func stopOnErrorStopsAtTheFirstRejectedLine() {
        let out = Replay.run("view a\nfoo\nview b\n", options: .init(stopOnError: true))
        #expect(!out.ok)
        #expect(out.output.contains("unknown command foo"))
        #expect(!out.output.contains("added view b"))
        let final = Replay.run("view a\nfoo\nview b\n", options: .init(final: true, stopOnError: true))
        #expect(final.output.contains("line 2: error"))
        #expect(!final.output.contains(" b "))
    }

    @Test func viewsAddedAndRemovedAreInTheJSON() throws {
        let out = Replay.run("view a b\nremove b\n", options: .init(json: true))
        let lines = out.output.split(separator: "\n")
        #expect(try object(lines[0])["views_added"] as? [String] == ["a", "b"])
        #expect(try object(lines[1])["views_removed"] as? [String] == ["b"])
        #expect(try object(lines[1])["views_added"] as? [String] == [])
    }
}
