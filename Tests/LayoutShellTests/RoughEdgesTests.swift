import Foundation
import Testing
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// What a new user hit: names real scripts use, notes that say what changed, long lines.
@Suite struct RoughEdgesTests {
    /// `view` is the most common view name in real VFL (`H:|[view]|`): command words are
    /// commands only at the start of a line.
    @Test func commandWordsNameViews() {
        let s = Session()
        #expect(s.execute("view view frames remove").ok)
        #expect(s.execute("H:|[view]|").ok)
        #expect(s.execute("view.height == 20").ok)
        #expect(s.execute("frames.width == view.width").ok)
        #expect(s.execute("frames view").ok)
        #expect(s.execute("remove remove").ok)
        #expect(s.model.frame(of: "view")?.width == 375)
        #expect(s.model.frame(of: "frames")?.width == 375)
        #expect(s.completions(line: "view.wi", cursor: 7).candidates == ["width"])
        #expect(!s.execute("view in").ok)
    }

    @Test func pastedAnchorsSayTheAttribute() {
        let s = Session()
        _ = s.execute("view a")
        let r = s.execute("a.topAnchor == root.topAnchor")
        #expect(r.error?.message == "topAnchor is Swift's anchor; the attribute here is top")
        #expect(r.error?.hint == "did you mean top?")
        #expect(r.error?.column == 3)
    }

    @Test func aVFLLineWithoutConstraintsIsRefused() {
        let s = Session()
        _ = s.execute("view a")
        let r = s.execute("H:[a]")
        #expect(r.error?.message == "no constraints: a single view with no connections makes none")
        #expect(s.history.count == 1)
    }

    @Test func aMetricHasNoConstant() {
        let s = Session()
        _ = s.execute("metric m = 2")
        let r = s.execute("m.constant = 3")
        #expect(r.error?.message == "m is a metric, which has no .constant")
        #expect(r.error?.hint == "set it again: metric m = 20")
    }

    /// Settings echoed the typed line; they say what changed.
    @Test func settingsSayWhatChanged() {
        let s = Session()
        _ = s.execute("view l intrinsic 100x20")
        #expect(s.execute("root.margins = 10").output == ["root's margins are now 10,10,10,10 (were 8,8,8,8) (top,left,bottom,right)"])
        #expect(s.execute("l.hugging.h = 251").output == ["l.hugging.h is now 251 (was 250)"])
        #expect(s.execute("metric pad = 4").output == ["metric pad is now 4; VFL lines typed from now on use it"])
        #expect(s.execute("metric pad = 5").output == ["metric pad is now 5 (was 4); VFL lines typed from now on use it"])
    }

    /// `constraints VIEW` lists the subtree's constraints, as `frames VIEW` its frames.
    @Test func constraintsOfASubtree() {
        let s = Session()
        for line in ["view card", "view title in card", "view other", "title.width == 10", "other.width == 5", "card.width == 50"] {
            #expect(s.execute(line).ok)
        }
        let listing = s.execute("constraints card").output.joined(separator: "\n")
        #expect(listing.contains("title.width == 10"))
        #expect(listing.contains("card.width == 50"))
        #expect(!listing.contains("other"))
    }

    /// Long report lines wrap at spaces to the width, continuations indented; tables do not.
    @Test func longReportLinesWrap() {
        let s = Session()
        _ = s.execute("view a")
        _ = s.execute("a.width == 100")
        let text = s.execute("a.width == 200").renderText(width: 60)
        for line in text.split(separator: "\n") where !line.hasPrefix(" ") || line.hasPrefix("    ") {
            #expect(line.count <= 60, "\(line)")
        }
        #expect(text.contains("\n    "))
        let coloured = s.execute("a.width == 300").renderText(width: 60, color: true)
        #expect(coloured.contains("\n    "))
    }

    /// A line of up to 1 MiB is read (a generated `view` line naming 12 000 views is 70 000
    /// characters).
    @Test func longGeneratedLines() {
        let s = Session()
        let names = (0..<12_000).map { "v\($0)" }
        let line = "view " + names.joined(separator: " ")
        #expect(line.count > 60_000)
        #expect(s.execute(line, report: false).ok)
        #expect(s.model.viewOrder.count == 12_001)
    }

    /// Redundant constraints to the margins, then a margin change: no conflict (the four
    /// margin constants change as one edit of the solver).
    @Test func aMarginChangeIsOneChange() {
        let s = Session()
        for line in ["platform ios", "view a b", "H:|-[a]-|", "H:|-[b]-|", "V:|-[a]-[b]-| alignAllLeading"] {
            #expect(s.execute(line).ok)
        }
        let r = s.execute("root.margins = 16")
        #expect(r.ok && r.conflicts.isEmpty && r.repaired.isEmpty)
        #expect(s.model.frame(of: "a")?.x == 16)
        let t = Session()
        for line in ["view a", "a.leading == root.leadingMargin", "a.leading == root.leadingMargin"] { _ = t.execute(line) }
        for line in ["root.margins = 16", "direction rtl", "root 300x300", "root.margins = 4,5,6,7"] {
            let change = t.execute(line)
            #expect(change.conflicts.isEmpty && change.repaired.isEmpty && change.broken.isEmpty, "\(line)")
        }
    }

    /// Text reports show at most three decimals; JSON keeps every digit.
    @Test func threeDecimalsInTextFullPrecisionInJSON() {
        let s = Session()
        _ = s.execute("view a b c")
        let r = s.execute("H:|[a][b(==a)][c(==a)]|")
        #expect(r.renderText().contains("125"))
        _ = s.execute("root 100x100")
        let thirds = s.execute("a.height == 10")
        let text = thirds.renderText()
        #expect(text.contains("33.333") && !text.contains("33.3333"))
        #expect(thirds.renderJSON().contains("33.33333333333"))
    }

    /// `0.1 + 0.2` is 0.3 as typed, not 0.30000000000000004, in the text and the layout.
    @Test func constantsFoldAsTyped() {
        let s = Session()
        _ = s.execute("view a")
        let r = s.execute("a.width == 0.1 + 0.2")
        #expect(r.added.first?.text == "a.width == 0.3")
        #expect(s.model.frame(of: "a")?.width == 0.3)
        #expect(s.execute("a.height == 1e-3 + 2").added.first?.text == "a.height == 2.001")
    }

    /// The caret sits under the token at fault, and no caret where no column is.
    @Test func caretsUnderTheTokenAtFault() {
        let s = Session()
        #expect(s.execute("load nothere.lal").error?.column == 6)
        #expect(s.execute("save /nonexistent/dir/x.lal").error?.column == 6)
        #expect(s.execute("import nothere.log").error?.column == 8)
        run(s, "view a\na.width == 10")
        #expect(s.execute("c1.priority = 500").error?.column == 15)
    }

    /// The broken line reads from the side of the view that moved, also when the superview
    /// comes first.
    @Test func brokenConstraintsSayWhoIsShortOrOver() {
        let s = Session()
        for line in ["view c", "root.trailing == c.trailing + 20 @500", "c.width == 500", "c.leading == root.leading"] {
            _ = s.execute(line)
        }
        let broken = s.execute("frames").broken.first
        #expect(broken?.shortfall == "c.trailing is 500, needs 355: over by 145")
        run(s, "view b\nb.width >= 400 @750\nb.width == 300")
        #expect(s.model.brokenState(of: "c4")?.shortfall == "b.width is 300, needs at least 400: short by 100")
    }

    /// Findings of a newcomer pass: fractions as factors, case in settings, a tiny conflict
    /// that is not "off by 0", and `save` after `reset` counting what it wrote.
    @Test func newcomerFindings() throws {
        let s = Session()
        run(s, "view image\nimage.width == 160")
        #expect(s.execute("image.height == image.width * 9 / 16").added.first?.text == "image.height == 0.5625 * image.width")
        #expect(s.execute("image.height == image.width * 1e6 * 1e6").error?.message == "the multiplier is too large")
        #expect(s.execute("platform iOS").ok && s.platform == .ios)
        #expect(s.execute("direction RTL").ok)
        #expect(formatValue(0.0000125) == "0.000013")
        #expect(formatValue(-0.0004) == "-0.0004")
        #expect(formatValue(0.0005) == "0.001")
        let t = Session()
        run(t, "view a\nreset\nview b")
        let dir = NSTemporaryDirectory() + "layoutlab-count-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(t.execute("save \(dir)/x.lal").output == ["saved 1 command to \(dir)/x.lal"])
    }

    /// Lines in a block (a conflict's `why:`) wrap under their own indentation; rows of a table
    /// of numbers do not.
    @Test func indentedSentencesWrapTablesDoNot() {
        let text = wrap(["  why: one two three four five six seven eight nine ten eleven twelve",
                         "  averyveryverylongviewname  1000  2000  3000  4000  5000"], width: 40)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "  why: one two three four five six")
        #expect(lines[1].hasPrefix("      seven"))
        #expect(lines.last == "  averyveryverylongviewname  1000  2000  3000  4000  5000")
    }
}
