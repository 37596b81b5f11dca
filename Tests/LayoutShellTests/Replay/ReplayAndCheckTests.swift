import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

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
