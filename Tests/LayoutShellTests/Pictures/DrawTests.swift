import Testing
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport
@testable import LayoutPictures

/// `draw [VIEW]` on real sessions: the picture's exact lines for a small nested layout, zoom,
/// the marks for ambiguity, the broken list, narrow terminals and degenerate frames.
@Suite struct DrawTests {
    /// A session that ran `lines`, each accepted.
    static func session(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Session {
        ShellTestSupport.session(lines.joined(separator: "\n"), sourceLocation: sourceLocation)
    }

    /// A card 72x32 inside an 80x40 window: an image flush with the card's top and sides, a
    /// title inset by 4 below it.
    static let card = ["root 80x40", "view card", "view image title in card", "H:|-4-[card]-4-|",
                       "V:|-4-[card]-4-|", "H:|[image]|", "H:|-4-[title]-4-|", "V:|[image(16)]-4-[title]-4-|"]

    /// The report's lines at `width` columns.
    static func draw(_ session: Session, _ line: String = "draw", width: Int) -> [String] {
        let result = session.execute(line)
        #expect(result.ok, "\(line)")
        return result.renderText(width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func nestedViewsAreDrawnInsideTheirSuperviews() {
        let lines = Self.draw(Self.session(Self.card), width: 40)
        // At 40 columns a row is 4.4 points: the card's top and the image's are one row
        // apart, so their names sit in their top borders; the title is flat.
        #expect(lines == [
            "root 80x40, 1 column ≈ 2.2 points",
            "  ┌root────────────────────────────────┐",
            "  │ ┌card────────────────────────────┐ │",
            "  │ │ image                          │ │",
            "  │ │                                │ │",
            "  │ │                                │ │",
            "  │ ├────────────────────────────────┤ │",
            "  │ │ ┌title───────────────────────┐ │ │",
            "  │ │ └────────────────────────────┘ │ │",
            "  │ └────────────────────────────────┘ │",
            "  └────────────────────────────────────┘",
        ])
    }

    @Test func aViewZoomsToItsSubtree() {
        let session = Self.session(Self.card + ["view other", "H:|[other(10)]", "V:|[other(10)]"])
        let lines = Self.draw(session, "draw card", width: 40)
        #expect(lines.first == "card 72x32, 1 column ≈ 1.9 points")
        let picture = lines.dropFirst().joined(separator: "\n")
        for name in ["image", "title", "card"] { #expect(picture.contains(name)) }
        #expect(!picture.contains("root") && !picture.contains("other"))
        // The card fills the picture: its box is the outer one, the image flush inside it
        // (so the card's name sits in its top border).
        #expect(lines[1] == "  ┌card────────────────────────────────┐")
        #expect(lines[2] == "  │ image                              │")
    }

    @Test func ambiguousViewsAreDashedAndMarked() {
        let session = Self.session(["root 100x50", "view a b", "H:|-10-[a(30)]", "V:|-10-[a(30)]",
                                    "b.left == a.right + 10", "b.width == 30", "b.height == 20"])
        let lines = Self.draw(session, width: 60)
        let picture = lines.joined(separator: "\n")
        #expect(picture.contains("b?"))
        #expect(!picture.contains("a?"))
        #expect(picture.contains("┄") && picture.contains("┆"))
        #expect(lines.contains("ambiguous (dashed ┄┆ border, ? after the name): b (y)"))
        // a is pinned: its box is solid.
        #expect(lines.contains { $0.contains("│ a") })
    }

    @Test func brokenConstraintsAreListedUnderThePicture() {
        let session = Self.session(Self.card + ["wide: title.width == 100 @500"])
        let lines = Self.draw(session, width: 80)
        #expect(lines.contains("broken c13: title.width == 100 @500 -- title.width is 64, needs 100: short by 36"))
        let zoomed = Self.draw(session, "draw image", width: 80)
        #expect(!zoomed.contains { $0.hasPrefix("broken") }, "the zoomed picture lists only constraints touching it")
    }

    @Test func narrowTerminalsShortenNames() {
        let session = Self.session(["view card", "view thumbnailImage headline in card", "H:|-16-[card]-16-|",
                                    "V:|-40-[card(200)]", "H:|-8-[thumbnailImage(60)]-8-[headline]-8-|",
                                    "V:|-8-[thumbnailImage(60)]", "V:|-8-[headline(60)]"])
        let lines = Self.draw(session, width: 40)
        let picture = lines.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(picture.count > 10)
        #expect(picture.allSatisfy { $0.count <= 40 })
        #expect(picture.contains { $0.contains("…") }, "a name too long for its box is shortened")
        #expect(picture.contains { $0.contains("headline") })
    }

    @Test func anEmptySessionSaysSo() {
        let lines = Self.draw(Session(), width: 80)
        #expect(lines == ["root 375x667: no views yet to draw; add one, e.g. view a"])
    }

    @Test func degenerateFramesDoNotBreakThePicture() {
        let session = Self.session([
            "root 200x100", "view a spacer dot off neg",
            "H:|-10-[a(80)]", "V:|-10-[a(50)]",
            "spacer.left == root.left + 150", "spacer.width == 0", "spacer.top == root.top + 10", "spacer.height == 60",
            "dot.left == root.left + 120", "dot.width == 0", "dot.top == root.top + 80", "dot.height == 0",
            "offLeft: off.left == root.left - 100", "off.width == 50", "off.top == root.top", "off.height == 20",
            "neg.left == root.left + 180", "neg.width == -30", "neg.top == root.top + 80", "neg.height == 10",
        ])
        for width in [40, 80, 200] {
            let lines = Self.draw(session, width: width)
            let picture = Array(lines.dropFirst().prefix { $0.hasPrefix("  ") })
            #expect(picture.first?.count == picture.last?.count, "the outer box is square at \(width)")
            #expect(picture.allSatisfy { $0.count <= width })
            // The notes wrap at narrow widths like any text.
            let notes = Self.draw(session, width: 200)
            #expect(notes.contains("outside root, clipped: off (wholly, not drawn)"))
            // neg.width == -30 is a conflict (no size is negative): neg is 0 wide.
            #expect(notes.contains("zero width or height, drawn as a line or a dot: spacer, dot, neg"))
        }
        // The zero-width view is one vertical line (from ╷ to ╵), the zero-size one a dot:
        // neither has room for its name inside, so both are named under the picture, never
        // beside the mark (outside their box).
        let wide = Self.draw(session, width: 80)
        #expect(wide[3].contains("╷") && wide[4].contains("│"))
        #expect(wide.contains { $0.contains("·") })
        #expect(!wide.contains { $0.contains("spacer") && $0.hasPrefix("  ") })
        #expect(!wide.contains { $0.contains("dot") && $0.hasPrefix("  ") })
        #expect(wide.contains { $0.hasPrefix("too small to label at this width: spacer, dot") })
        // A view partly outside is cut at the edge and named.
        #expect(session.execute("offLeft.constant = -20").ok)
        #expect(Self.draw(session, width: 80).contains("outside root, clipped: off (partly)"))
    }

    @Test func theJSONObjectCarriesThePicture() {
        let session = Self.session(Self.card)
        let json = session.execute("draw").renderJSON()
        #expect(json.contains("\"output\":\"root 80x40, 1 column ≈ 1 point\\n  ┌"))
    }

    @Test func badViewNamesAreRejected() {
        let session = Self.session(Self.card)
        let unknown = session.execute("draw crad")
        #expect(unknown.error?.text == "there is no view named crad; did you mean card?")
        #expect(unknown.error?.column == 6)
        #expect(session.execute("draw card title").error?.column == 11)
    }
}
