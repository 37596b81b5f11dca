import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// Wrapping text (issue 25, part 3): `view NAME text WxH [lines N]`, UIKit's two passes to a
/// fixed point, `preferredMaxLayoutWidth`. Frames computed by hand in each test.
@Suite struct TextLayoutTests {
    /// A chat bubble: the message sits in the bubble's margins (12 left and right, 8 top and
    /// bottom), the bubble on the root's leading margin (8) and at least 64 from its right
    /// edge, so the bubble is at most 375 − 8 − 64 = 303 wide and the message 303 − 24 = 279.
    static let bubble = """
    view bubble
    view message in bubble text 600x20
    bubble.margins = 8,12,8,12
    H:|-[message]-|
    V:|-[message]-|
    H:|-[bubble]-(>=64)-|
    V:|-[bubble]
    """

    /// 600 points of text at 279: ceil(600 / 279) = 3 lines, 60 high; the bubble 60 + 16 = 76.
    @Test func aLongMessageWrapsInItsBubble() {
        let s = Session()
        let results = run(s, Self.bubble)
        #expect(results.allSatisfy { $0.ok })
        #expect(frame(s, "bubble") == Frame(x: 8, y: 8, width: 303, height: 76))
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 279, height: 60))
        #expect(s.model.lastTextLayout.converged)
        #expect(results[5].output.contains("message wraps to 3 lines at 279, intrinsic 279x60 (was 1 line at 600, intrinsic 600x20)"))
    }

    /// A short message hugs its text: 100 wide, one line; the bubble 100 + 24 by 20 + 16.
    /// `lines 2` caps the long one at 40; `preferredMaxLayoutWidth = 200` counts the lines at 200
    /// (ceil(600 / 200) = 3, capped at 2) and the message hugs 200; `= 0` gives the width back.
    @Test func newTextLinesAndPreferredWidth() {
        let s = Session()
        run(s, Self.bubble)
        #expect(s.execute("view message text 100x20").ok)
        #expect(frame(s, "bubble") == Frame(x: 8, y: 8, width: 124, height: 36))
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 100, height: 20))
        #expect(s.execute("view message text 600x20 lines 2").ok)
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 279, height: 40))
        #expect(s.execute("message.preferredMaxLayoutWidth = 200").ok)
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 200, height: 40))
        #expect(frame(s, "bubble") == Frame(x: 8, y: 8, width: 224, height: 56))
        #expect(s.execute("message.preferredMaxLayoutWidth = 0").ok)
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 279, height: 40))
        // Rotating re-wraps (each layout starts from the text on one line, as UIKit's first
        // pass): at 667 the bubble may be 667 − 72 = 595 wide, the message 571 < 600, so
        // ceil(600 / 571) = 2 lines, 40 high.
        _ = s.execute("view message text 600x20")
        _ = s.execute("root 667x375")
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 571, height: 40))
        // Undo goes back to the portrait layout, text included.
        _ = s.execute("undo")
        #expect(frame(s, "message") == Frame(x: 12, y: 8, width: 279, height: 60))
    }

    /// More lines make it wider, and wider makes fewer lines: width = 0.5 × height + 275 goes
    /// 295 (3 lines, 60 → 305) and 305 (2 lines, 40 → 295) for ever. The shell says so.
    @Test func noFixedPointIsReported() {
        let s = Session()
        let results = run(s, """
        view t text 600x20
        t.resistance.h = 250
        t.width == 0.5 * t.height + 275
        """)
        #expect(results.allSatisfy { $0.ok })
        #expect(!s.model.lastTextLayout.converged)
        #expect(s.model.lastTextLayout.cycle.first?.view == "t")
        #expect(Set(s.model.lastTextLayout.cycle.first?.widths ?? []) == [295, 305])
        #expect(results[2].output.contains { $0.hasPrefix("text has no fixed point after 8 passes") })
    }

    @Test func explainSaysHowTheLinesWereCounted() {
        let s = Session()
        run(s, Self.bubble)
        let text = s.execute("explain message.height").output.joined(separator: "\n")
        #expect(text.contains("ceil(600 / 279) = 3 lines; intrinsic size 279x60"))
        #expect(text.contains("a fixed point of UIKit's two passes"))
    }

    @Test func badTextLinesAreRefusedAndChangeNothing() {
        let s = Session()
        run(s, "view a")
        for (line, column) in [("view b text 600", 13), ("view b text 600x20 lines -1", 26), ("view b text 600x20 rows 2", 20),
                               ("a.preferredMaxLayoutWidth = 200", 1), ("view b text", 13), ("view root text 10x10", 6)] {
            let before = fingerprint(s)
            let r = s.execute(line)
            #expect(!r.ok, "\(line)")
            #expect(r.error?.column == column, "\(line): \(r.error?.text ?? "")")
            #expect(fingerprint(s) == before, "\(line)")
        }
    }

    @Test func linesAreCountedByPoints() {
        let text = WrappingText(lineWidth: 600, lineHeight: 20)
        #expect(text.lines(atWidth: 600) == 1)
        #expect(text.lines(atWidth: 300) == 2)
        #expect(text.lines(atWidth: 299.5) == 3)
        #expect(text.lines(atWidth: 0) == 1)
        #expect(WrappingText(lineWidth: 600, lineHeight: 20, maxLines: 2).lines(atWidth: 100) == 2)
        #expect(WrappingText(lineWidth: 0, lineHeight: 20).lines(atWidth: 100) == 0)
        let size = text.intrinsicSize(forViewWidth: 800)
        #expect(size.width == 600 && size.height == 20)
    }
}
