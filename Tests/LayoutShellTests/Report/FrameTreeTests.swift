@testable import LayoutShell
@testable import LayoutReport
import LayoutModel
import Testing

/// Frame tables read as the tree: a view, its guides, then its subviews, two spaces per level;
/// `*` marks exactly the frames that changed. Long `constraints` rows and errors wrap at words.
@Suite struct FrameTreeTests {
    /// The rows of a report's frame table, header left out, as printed.
    static func rows(_ result: CommandResult) -> [String] {
        let lines = result.renderText(width: 200).split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("  view") }) else { return [] }
        return Array(lines[(header + 1)...].prefix { $0.hasPrefix("  ") || $0.hasPrefix("* ") })
    }

    @Test func subviewsAreIndentedUnderTheirSuperviewAndGuidesFollowTheirOwner() {
        let s = Session()
        // Made out of tree order on purpose: `icon` (root's) before `g` and `title` (card's).
        for line in ["view card", "view icon", "view title in card", "guide g in card"] { #expect(s.execute(line).ok) }
        // After the two-column flag (`* ` or `  `), two spaces per level.
        let shown = Self.rows(s.execute("card.width == 100")).map { String($0.dropFirst(2)) }
        #expect(shown.map { $0.prefix { $0 == " " }.count } == [0, 2, 4, 4, 2])
        #expect(shown.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["root", "card", "g", "title", "icon"])
    }

    @Test func framesListingIsTheSameTree() {
        let s = Session()
        for line in ["view card", "view title in card", "view icon"] { #expect(s.execute(line).ok) }
        let lines = s.execute("frames").output.filter { !$0.hasPrefix("  view") }
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["root", "card", "title", "icon"])
        #expect(lines.map { $0.dropFirst(2).prefix { $0 == " " }.count } == [0, 2, 4, 2])
        // `frames card`: the subtree, levels counted from card.
        let sub = s.execute("frames card").output.filter { !$0.hasPrefix("  view") }
        #expect(sub.map { $0.dropFirst(2).prefix { $0 == " " }.count } == [0, 2])
    }

    /// A vertical stack of three 21-high labels; spacing 12 moves title2 down by 12 (to 21 + 12
    /// = 33) and title3 by 24 (to 42 + 24 = 66) in row's coordinates; row grows 42 + 24 = 63 → 87
    /// high (pinned at the bottom, so its y moves up too); title1 stays at 0.
    @Test func exactlyTheChangedFramesAreStarred() {
        let s = Session()
        for line in ["view title1 title2 title3 intrinsic 120x21", "stack row v title1 title2 title3",
                     "H:|-[row]-|", "V:[row]-40-|"] { #expect(s.execute(line).ok) }
        let result = s.execute("row.spacing = 12")
        let starred = Self.rows(result).filter { $0.hasPrefix("* ") }.map { $0.split(separator: " ")[1] }
        #expect(Set(starred) == ["row", "title2", "title3"])
        #expect(Set(result.changedFrames) == ["row", "title2", "title3"])
        // A horizontal stack: spacing 12 takes 24 from the stretching title1 (hugging ties go to
        // the first), moves title2 left by 12 and leaves title3, pinned to the trailing edge, where it was.
        let h = Session()
        for line in ["view title1 title2 title3 intrinsic 60x21", "stack row h title1 title2 title3",
                     "H:|-[row]-|", "V:|-40-[row]"] { #expect(h.execute(line).ok) }
        let hStarred = Self.rows(h.execute("row.spacing = 12")).filter { $0.hasPrefix("* ") }.map { $0.split(separator: " ")[1] }
        #expect(Set(hStarred) == ["title1", "title2"])
    }

    /// Past 12 views only the changed frames show, in tree order, with a count of the rest.
    @Test func pastTwelveViewsTheChangedOnesInTreeOrder() {
        let s = Session()
        #expect(s.execute("view box").ok)
        for i in 1...12 { #expect(s.execute("view v\(i) in box").ok) }
        let rows = Self.rows(s.execute("box.width == 50"))
        #expect(rows.count == 1)
        #expect(rows[0].hasPrefix("*   box"))
    }

    /// Many changed frames are put in tree order by the outline's order, kept between reports
    /// until the hierarchy changes. `right`'s views are made before `left`'s, so creation order
    /// is not tree order; every width follows `left`'s, so `left.width >= 100` changes left and
    /// its 20 followers (21 frames, 12 shown): left, l1…l10, then right's first, r1.
    @Test func manyChangedFramesInTreeOrderAfterTheTreeChanged() {
        let s = Session()
        var lines = ["view left right", "view " + (1...10).map { "r\($0)" }.joined(separator: " ") + " in right",
                     "view " + (1...10).map { "l\($0)" }.joined(separator: " ") + " in left"]
        lines += (1...10).flatMap { ["l\($0).width == left.width", "r\($0).width == left.width"] }
        for line in lines { #expect(s.execute(line).ok, "\(line)") }
        func names(_ result: CommandResult) -> [String] {
            Self.rows(result).filter { !$0.contains("…") }.map { String($0.split(separator: " ")[1]) }
        }
        let first = s.execute("left.width >= 100")
        #expect(first.changedFrames.count == 21)
        #expect(names(first) == ["left"] + (1...10).map { "l\($0)" } + ["r1"])
        #expect(first.renderText(width: 200).contains("… and 9 more frames changed"))
        // A new last subview of `left` comes before `right`'s views in the tree, though made last.
        for line in ["view l0 in left", "l0.width == left.width"] { #expect(s.execute(line).ok) }
        let second = s.execute("left.width >= 120")
        #expect(names(second) == ["left"] + (1...10).map { "l\($0)" } + ["l0"])
        // Moved under `right` (a stack takes its arranged views in): after right's own views.
        #expect(s.execute("stack st in right h l1").ok)
        let third = s.execute("left.width >= 140")
        #expect(names(third).prefix(3) == ["left", "l2", "l3"])
    }

    /// At 60 columns a broken constraint's row wraps between words, under its text column.
    @Test func constraintRowsWrapAtWords() {
        let s = Session()
        for line in ["view a", "a.width == 100", "a.width == 124 @750"] { #expect(s.execute(line).ok) }
        let result = s.execute("constraints")
        let lines = result.renderText(width: 60).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        // Every word of the unwrapped listing is whole in the wrapped one.
        let words = result.output.joined(separator: " ").split(separator: " ")
        #expect(lines.joined(separator: " ").split(separator: " ") == words)
        #expect(lines.count > result.output.count)
    }

    /// The message under the caret wraps at words (the echoed input and caret stay whole).
    @Test func errorLinesWrapAtWords() {
        let s = Session()
        #expect(s.execute("view title").ok)
        let result = s.execute("title.left == 20")
        #expect(!result.ok)
        func message(_ width: Int) -> [String] {
            let lines = result.renderText(width: width).split(separator: "\n").map(String.init)
            return Array(lines.drop { !$0.hasPrefix("error") })
        }
        let wrapped = message(40), whole = message(1000)
        #expect(whole.count == 1 && wrapped.count > 1)
        #expect(wrapped.allSatisfy { $0.count <= 40 }, "\(wrapped)")
        #expect(wrapped.joined(separator: " ").split(separator: " ") == whole[0].split(separator: " "))
    }
}
