import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// `cell`, `fit`, `CELL.height = fit`, `scroll` with its guides, `keyboard` with
/// `root.keyboard`. Every expected frame is worked out by hand in the comment above it, from
/// UIKit's rules (docs/language.md, "Cells, scroll views, the keyboard").
@Suite struct CellScrollKeyboardTests {
    // MARK: - Cells

    /// A cell whose height depends on its width: a one-line title over a 2:1 photo, both
    /// between the content view's margins (a table cell's: 8 top and bottom, 16 at the sides).
    static func photoCell(width: Double) -> String {
        """
        cell row width \(formatNumber(width))
        view title in row.contentView intrinsic 200x21
        view photo in row.contentView
        H:|-[title]
        H:|-[photo]-|
        V:|-[title]-[photo]-|
        photo.height == 0.5 * photo.width
        """
    }

    /// fit = 8 + 21 + 8 + (W − 32) / 2 + 8 = 45 + (W − 32) / 2: 189 at 320, 216.5 at 375,
    /// 244 at 430; the self-sizing row adds the 0.5 separator.
    @Test(arguments: [(320.0, 189.0), (375, 216.5), (430, 244)])
    func aSelfSizingCellAtThreeWidths(width: Double, fit: Double) {
        let s = Session()
        let results = run(s, Self.photoCell(width: width))
        #expect(results.allSatisfy { $0.ok })
        // The row is 44: the content view gets 43.5, far less than the photo alone needs, so
        // one of the required constraints is broken, as in UIKit's log.
        #expect(results.contains { !$0.conflicts.isEmpty })
        let measured = s.execute("fit row.contentView")
        #expect(measured.output.first == "fit: \(formatNumber(width)) x \(formatNumber(fit))")
        #expect(measured.fit?.width == width && measured.fit?.height == fit)
        let sized = s.execute("row.height = fit")
        #expect(sized.ok)
        #expect(sized.output.contains { $0.contains("row height is now \(formatNumber(fit + 0.5))") })
        #expect(s.model.brokenConstraints().isEmpty)
        let inner = width - 32
        #expect(frame(s, "row") == Frame(x: 0, y: 0, width: width, height: fit + 0.5))
        #expect(frame(s, "row.contentView") == Frame(x: 0, y: 0, width: width, height: fit))
        #expect(frame(s, "title") == Frame(x: 16, y: 8, width: 200, height: 21))
        #expect(frame(s, "photo") == Frame(x: 16, y: 37, width: inner, height: inner / 2))
    }

    /// A cell whose label wraps (600 points of text on one line, 20-point lines) between the
    /// content view's margins: the label is W − 32 wide, so it takes ceil(600 / (W − 32)) lines:
    /// 3 at 320 (288), 2 at 375 (343) and 2 at 430 (398); fit = 8 + 20 × lines + 8.
    @Test(arguments: [(320.0, 76.0), (375, 56), (430, 56)])
    func aCellWithWrappingTextFitsItsLines(width: Double, fit: Double) {
        let s = Session()
        let results = run(s, """
            cell row width 375
            view title in row.contentView text 600x20
            H:|-[title]-|
            V:|-[title]-|
            """)
        #expect(results.allSatisfy { $0.ok })
        let measured = s.execute("fit row.contentView width \(formatNumber(width))")
        #expect(measured.fit?.width == width && measured.fit?.height == fit)
        let sized = s.execute("cell row width \(formatNumber(width)) height fit")
        #expect(sized.ok)
        #expect(frame(s, "row") == Frame(x: 0, y: 0, width: width, height: fit + 0.5))
        #expect(frame(s, "title") == Frame(x: 16, y: 8, width: width - 32, height: fit - 16))
        #expect(s.model.brokenConstraints().isEmpty)
    }

    /// `fit … width W` measures at another width without changing anything: 45 + (320 − 32) / 2.
    @Test func fitAtAnotherWidthChangesNothing() {
        let s = Session()
        _ = run(s, Self.photoCell(width: 375) + "\nrow.height = fit")
        let before = s.model.frames()
        let measured = s.execute("fit row.contentView width 320")
        #expect(measured.fit?.width == 320 && measured.fit?.height == 189)
        #expect(measured.renderJSON().contains("\"fit\":{\"width\":320,\"height\":189}"))
        #expect(s.model.frames().map(\.frame) == before.map(\.frame))
        // Its reason: the chain of constraints that the height adds up from.
        #expect(measured.output.contains { $0.contains("row.contentView.height = 189") })
        let explained = s.execute("explain fit row.contentView width 320")
        #expect(explained.output == measured.output && explained.fit?.height == 189)
        // A new width and the fit in one line: measured at the new width, 189 + 0.5.
        #expect(s.execute("cell row width 320 height fit").ok)
        #expect(frame(s, "row") == Frame(x: 0, y: 0, width: 320, height: 189.5))
        #expect(s.model.brokenConstraints().isEmpty)
    }

    /// A cell is measured by its content view, plus the separator: 45 + (375 − 32) / 2 + 0.5.
    /// A view's own margins guide is inside it, so its ties count: a card with margins 10 and
    /// a 30-point label pinned to the guide fits in 10 + 30 + 10.
    @Test func fitOfACellAndOfAViewWithAMarginsGuide() {
        let s = Session()
        _ = run(s, Self.photoCell(width: 375) + """

            view card
            card.margins = 10
            view label in card
            label.height == 30
            label.top == card.margins.top
            label.bottom == card.margins.bottom
            """)
        let cell = s.execute("fit row")
        #expect(cell.fit?.height == 217 && cell.output.last == "  plus 0.5 for the table's separator")
        #expect(s.execute("fit card").fit?.height == 50)
    }

    /// The classic log: an icon that must be 45 high between margins of 8 needs 61; the
    /// encapsulated height says 44 (a row of 44.5 less its 0.5 separator).
    @Test func theClassicConsoleLog() throws {
        let s = Session()
        let results = run(s, """
            cell row height 44.5
            view icon in row.contentView
            icon.width == 45
            icon.height == 45
            icon.leading == row.contentView.leadingMargin
            icon.top == row.contentView.topMargin
            icon.bottom == row.contentView.bottomMargin
            """)
        let conflict = try #require(results.last?.conflicts.first)
        let members = conflict.constraints.map(\.text)
        #expect(members.contains("row.contentView.height == 44"))
        #expect(members.contains("icon.height == 45"))
        #expect(conflict.constraints.contains { $0.id == "row.UIView-Encapsulated-Layout-Height" })
        #expect(s.execute("fit row.contentView").fit?.height == 61)
        // What to change: a self-sizing row, 61 + 0.5; then nothing is broken.
        #expect(s.execute("cell row height fit").ok)
        #expect(frame(s, "row") == Frame(x: 0, y: 0, width: 375, height: 61.5))
        #expect(frame(s, "icon") == Frame(x: 16, y: 8, width: 45, height: 45))
        #expect(s.model.brokenConstraints().isEmpty)
    }

    @Test func aCellsDefaultsAndUIKitsConstraints() {
        let s = Session()
        #expect(s.execute("root 320x480").ok)
        let made = s.execute("cell row")
        #expect(made.viewsAdded == ["row", "row.contentView"])
        let texts = Dictionary(uniqueKeysWithValues: made.added.map { ($0.id, $0.text) })
        // The root's width, 44 high; the content view 0.5 less (one pixel at scale 2).
        #expect(texts["row.UIView-Encapsulated-Layout-Width"] == "row.contentView.width == 320")
        #expect(texts["row.UIView-Encapsulated-Layout-Height"] == "row.contentView.height == 43.5")
        #expect(texts["row.autoresizing.height"] == "h=--& v=--& row.height == 44")
        #expect(frame(s, "row.contentView") == Frame(x: 0, y: 0, width: 320, height: 43.5))
        // A collection cell has no separator and the plain margins of 8.
        #expect(s.execute("cell tile collection width 160 height 120").ok)
        #expect(frame(s, "tile.contentView") == Frame(x: 0, y: 0, width: 160, height: 120))
        #expect(s.model.effectiveMargins(of: "tile.contentView") == EdgeInsets(all: 8))
        // The content view goes only with its cell; UIKit's constraints are not the user's.
        #expect(s.execute("remove row.contentView").error?.message.contains("content view") == true)
        #expect(!s.execute("row.UIView-Encapsulated-Layout-Height.constant = 61").ok)
        #expect(s.execute("remove row").ok)
        #expect(s.model.view("row.contentView") == nil && !s.model.isCell("row"))
        #expect(s.execute("undo").ok && s.model.isCell("row"))
    }

    @Test func cellRefusals() {
        let s = Session()
        _ = run(s, "view a\ncell row")
        #expect(s.execute("cell a").error?.message == "a is not a cell")
        #expect(s.execute("a.height = fit").error?.message == "a is not a cell")
        #expect(s.execute("cell new height fit").error?.message.contains("no content to fit") == true)
        #expect(s.execute("cell row collection").error?.message.contains("already a table cell") == true)
        #expect(s.execute("cell row height -1").error?.message.contains("cannot be negative") == true)
        #expect(s.execute("cell row").error?.message.contains("give it a width or a height") == true)
        #expect(s.execute("fit nothing").error?.message.contains("nothing") == true)
        // `a.height = 100` is still a constraint.
        #expect(s.execute("a.height = 100").added.first?.text == "a.height == 100")
    }

    // MARK: - Scroll views

    /// A scroll view filling the root; a vertical stack (spacing 10) of three 400-point views
    /// pinned to the content guide's edges and as wide as the frame guide: content
    /// 375 x (3 × 400 + 2 × 10) = 1220; the views at y 0, 410, 820 in content coordinates.
    static let scrollScript = """
        scroll list
        H:|[list]|
        V:|[list]|
        stack s in list v a b c
        s.spacing = 10
        a.height == 400
        b.height == 400
        c.height == 400
        s.top == list.contentLayoutGuide.top
        s.leading == list.contentLayoutGuide.leading
        s.trailing == list.contentLayoutGuide.trailing
        s.width == list.frameLayoutGuide.width
        """

    @Test func aScrollViewWhoseContentIsAVerticalStack() {
        let s = Session()
        let results = run(s, Self.scrollScript)
        #expect(results.allSatisfy { $0.ok })
        // Until the stack's bottom meets the content guide's, the content height is free.
        let open = results.last!.renderText(width: 200)
        #expect(open.contains("list: scrollable content size is ambiguous: list.contentLayoutGuide (height)"))
        let closed = s.execute("s.bottom == list.contentLayoutGuide.bottom")
        #expect(closed.ambiguous.isEmpty)
        #expect(closed.renderText(width: 200).contains("list content 375x1220"))
        #expect(closed.renderJSON().contains("\"content_sizes\":{\"list\":{\"width\":375,\"height\":1220}}"))
        #expect(frame(s, "list") == Frame(x: 0, y: 0, width: 375, height: 667))
        #expect(frame(s, "s") == Frame(x: 0, y: 0, width: 375, height: 1220))
        #expect(frame(s, "a") == Frame(x: 0, y: 0, width: 375, height: 400))
        #expect(frame(s, "b") == Frame(x: 0, y: 410, width: 375, height: 400))
        #expect(frame(s, "c") == Frame(x: 0, y: 820, width: 375, height: 400))
        #expect(frame(s, "list.frameLayoutGuide") == Frame(x: 0, y: 0, width: 375, height: 667))
    }

    /// Inside a card 100 points down, the scroll view's subviews still start at y 0: they are
    /// framed in the content's coordinates, the card's offset is the scroll view's own.
    @Test func subviewsAreInContentCoordinates() {
        let s = Session()
        _ = run(s, """
            view card
            H:|[card]|
            V:|-100-[card(300)]
            scroll pager in card
            H:|[pager]|
            V:|[pager]|
            view page in pager
            page.top == pager.contentLayoutGuide.top
            page.leading == pager.contentLayoutGuide.leading
            page.trailing == pager.contentLayoutGuide.trailing
            page.bottom == pager.contentLayoutGuide.bottom
            page.width == 2 * pager.frameLayoutGuide.width
            page.height == pager.frameLayoutGuide.height
            """)
        // card (0, 100, 375, 300); pager fills it at (0, 0); page twice as wide: content 750x300.
        #expect(frame(s, "pager") == Frame(x: 0, y: 0, width: 375, height: 300))
        #expect(frame(s, "page") == Frame(x: 0, y: 0, width: 750, height: 300))
        #expect(s.model.contentSize(of: "pager")! == (750, 300))
    }

    /// The older way, without the guides: edges of the scroll view related to a view inside
    /// it are the content's edges, its width is the frame's. `V:|[s]|` with s 1000 high makes
    /// the content 375x1000 while the scroll view stays 375x667.
    @Test func edgesToTheScrollViewAreTheContentsEdges() {
        let s = Session()
        let results = run(s, """
            scroll list
            H:|[list]|
            V:|[list]|
            view page in list
            H:|[page]|
            V:|[page]|
            page.width == list.width
            page.height == 1000
            """)
        #expect(results.allSatisfy { $0.ok } && s.model.brokenConstraints().isEmpty)
        #expect(results.last!.ambiguous.isEmpty)
        #expect(frame(s, "list") == Frame(x: 0, y: 0, width: 375, height: 667))
        #expect(frame(s, "page") == Frame(x: 0, y: 0, width: 375, height: 1000))
        #expect(s.model.contentSize(of: "list")! == (375, 1000))
        // The texts still name the scroll view, as UIKit's logs do.
        #expect(results[5].added.map(\.text) == ["page.top == list.top", "list.bottom == page.bottom"])
    }

    @Test func scrollGuideRefusals() {
        let s = Session()
        _ = run(s, "view a\nscroll list")
        #expect(s.execute("a.top == a.contentLayoutGuide.top").error?.message.contains("not a scroll view") == true)
        #expect(s.execute("a.top == list.keyboard.top").error?.message.contains("only the root has a keyboard") == true)
        #expect(s.execute("list.top == list.frameLayoutGuide.top").ok)
        #expect(s.execute("remove list.frameLayoutGuide").error != nil)
        #expect(s.execute("fit list.frameLayoutGuide").error?.message.contains("layout guide") == true)
    }

    // MARK: - The keyboard

    /// An iPhone X (375x812, safe area 44 top, 34 bottom) with a sign-in form stacked up from
    /// the keyboard guide: button 16 above it, password 16 above the button, email 8 above
    /// that. Hidden, the guide's top is the safe area's bottom, 812 − 34 = 778: button at
    /// 778 − 16 − 50 = 712, password at 712 − 16 − 44 = 652, email at 652 − 8 − 44 = 600.
    /// A 336-point keyboard puts its top at 812 − 336 = 476: button 410, password 350, email 298.
    @Test func aFormMovesAboveA336PointKeyboard() {
        let s = Session()
        let results = run(s, """
            device iPhoneX
            view email password button
            H:|-[email]-|
            H:|-[password]-|
            H:|-[button]-|
            V:[email(44)]-8-[password(44)]-16-[button(50)]
            button.bottom == root.keyboard.top - 16
            """)
        #expect(results.allSatisfy { $0.ok })
        #expect(frame(s, "root.keyboard") == Frame(x: 0, y: 778, width: 375, height: 34))
        #expect(frame(s, "button") == Frame(x: 16, y: 712, width: 343, height: 50))
        #expect(frame(s, "email") == Frame(x: 16, y: 600, width: 343, height: 44))
        let shown = s.execute("keyboard 336")
        #expect(shown.changed.map(\.text) == ["root.keyboard.height == 336"])
        #expect(frame(s, "root.keyboard") == Frame(x: 0, y: 476, width: 375, height: 336))
        #expect(frame(s, "button") == Frame(x: 16, y: 410, width: 343, height: 50))
        #expect(frame(s, "password") == Frame(x: 16, y: 350, width: 343, height: 44))
        #expect(frame(s, "email") == Frame(x: 16, y: 298, width: 343, height: 44))
        // Hidden again, and the safe area's bottom followed when it changes.
        #expect(s.execute("keyboard off").ok)
        #expect(frame(s, "button") == Frame(x: 16, y: 712, width: 343, height: 50))
        #expect(s.execute("safearea 44,0,0,0").ok)
        #expect(frame(s, "root.keyboard") == Frame(x: 0, y: 812, width: 375, height: 0))
        #expect(s.execute("keyboard 900").error != nil && s.execute("keyboard -1").error != nil)
    }
}
