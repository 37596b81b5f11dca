import Testing
@testable import LayoutShell
import LayoutReport

/// A report's news (what is new or changed of the broken constraints and the ambiguity) is
/// read from what changed since the reader was shown the lists; reading the lists whole, as
/// a fresh session does, must say exactly the same after every input.
@Suite struct IncrementalNewsTests {
    /// A squeezed chain (every width ambiguous, most of the `@1` widths broken) long enough
    /// for the caps and the frame count, then edits that move part of it, listings, undo,
    /// removals, deactivation and a reset.
    static var lines: [String] {
        var lines = ["root 600x400", "view " + (0..<20).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<20 {
            lines.append(i == 0 ? "v0.left == root.left" : "v\(i).left == v\(i - 1).right + 8")
            lines += ["v\(i).width >= 10", "v\(i).width == 50 @1", "v\(i).top == root.top", "v\(i).height == 44"]
        }
        lines += [
            "v19.right <= root.right",
            "v7.width >= 21", "v3.width == 30 @900", "ambiguous", "v8.width >= 12",
            "broken", "v12.width == 40", "undo", "v12.width == 41", "remove v5",
            "root 800x400", "deactivate c3", "activate c3", "v2.width == v4.width",
            "undo 2", "redo", "view w1 w2", "w1.left == root.left", "remove w1",
            "v0.width == 600", "remove c\(20 * 5 + 4)", "reset", "view a b", "a.left == b.right",
        ]
        return lines
    }

    @Test func newsFromWhatChangedIsNewsFromEverything() {
        let incremental = Session(), whole = Session()
        var explained = 0, counted = 0
        for line in Self.lines {
            whole.shown.pendingAll = true
            let a = incremental.execute(line), b = whole.execute(line)
            #expect(a.renderText(width: 100) == b.renderText(width: 100), "\(line)")
            #expect(a.news?.ambiguityUnchanged == b.news?.ambiguityUnchanged, "\(line)")
            #expect(a.news?.brokenUnchanged == b.news?.brokenUnchanged, "\(line)")
            explained += a.news?.ambiguity.count ?? 0
            counted += (a.news?.ambiguityUnchanged ?? 0) + (a.news?.brokenUnchanged ?? 0)
        }
        // The edits explained views anew and left others as shown: the comparison was not idle.
        #expect(explained > 10)
        #expect(counted > 100)
    }
}
