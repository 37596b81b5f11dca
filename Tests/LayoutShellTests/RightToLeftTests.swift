import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// Right-to-left read in the reading direction (issue 25, part 1): inequalities between leading
/// and trailing bound the mirrored side. Frames computed by hand in each test.
@Suite struct RightToLeftTests {
    /// The script. LTR: the root's margins are 8, so label and button share 284 points
    /// with at least 8 between them: the label gives (resistance 749 < 750) 250 → 216, the
    /// button keeps 60 at 300 − 8 − 60 = 232. RTL is the mirror: button at 8, label at
    /// 300 − 8 − 216 = 76; before the fix the `>=` let the label overlap the button.
    @Test func anInequalityBetweenLeadingAndTrailingMirrors() {
        let s = Session()
        run(s, """
        root 300x400
        view label intrinsic 250x20
        view button intrinsic 60x20
        label.resistance.h = 749
        H:|-[label]-(>=8)-[button]-|
        V:|[label]
        V:|[button]
        """)
        #expect(frame(s, "label") == Frame(x: 8, y: 0, width: 216, height: 20))
        #expect(frame(s, "button") == Frame(x: 232, y: 0, width: 60, height: 20))
        let flip = s.execute("direction rtl")
        #expect(flip.ok)
        #expect(frame(s, "label") == Frame(x: 76, y: 0, width: 216, height: 20))
        #expect(frame(s, "button") == Frame(x: 8, y: 0, width: 60, height: 20))
        #expect(flip.broken.map(\.id) == ["label.resistance.h"])
    }

    /// An equalSpacing stack keeps gaps of at least its spacing in RTL: 50 + 8 + 60 + 8 + 70 =
    /// 196 wide, its leading (right) edge on the root's at 300, so it starts at 104; inside it
    /// a is at 196 − 50 = 146, b at 146 − 8 − 60 = 78, c at 0.
    @Test func anEqualSpacingStackKeepsItsSpacingInRightToLeft() {
        let s = Session()
        run(s, """
        direction rtl
        root 300x400
        view a intrinsic 50x20
        view b intrinsic 60x20
        view c intrinsic 70x20
        stack s h a b c
        s.distribution = equalSpacing
        s.spacing = 8
        H:|[s]
        V:|[s]
        """)
        #expect(frame(s, "s") == Frame(x: 104, y: 0, width: 196, height: 20))
        #expect(frame(s, "a") == Frame(x: 146, y: 0, width: 50, height: 20))
        #expect(frame(s, "b") == Frame(x: 78, y: 0, width: 60, height: 20))
        #expect(frame(s, "c") == Frame(x: 0, y: 0, width: 70, height: 20))
    }

    /// In RTL the margins guide's trailing edge is its left one (x = 8) and the leading margin
    /// the right one (375 − 8 = 367): trailing can never be at or before leading in reading
    /// order, so this is a required conflict, as it is in LTR.
    @Test func trailingBeforeLeadingIsAConflictInRightToLeft() {
        for direction in ["ltr", "rtl"] {
            let s = Session()
            _ = s.execute("direction \(direction)")
            let r = s.execute("root.margins.trailing <= root.leadingMargin")
            #expect(r.conflicts.count == 1, "\(direction)")
            #expect(r.conflicts.first?.broken == "c1", "\(direction)")
        }
    }

    /// A guide has no coordinates of its own: `g.left >= g.right * 0.5 + 100` is read in its
    /// owner's. With g 60 wide and pulled left, x ≥ (x + 60) / 2 + 100 gives x = 260 (read in
    /// the guide's own coordinates it said 0 ≥ 130: a conflict).
    @Test func aGuideRelatedToItselfIsReadInItsOwnersCoordinates() {
        let s = Session()
        let results = run(s, """
        root 400x400
        guide g
        g.width == 60
        g.height == 10
        g.top == root.top
        g.leading == root.leading @250
        g.left >= g.right * 0.5 + 100
        """)
        #expect(results.allSatisfy { $0.ok && $0.conflicts.isEmpty })
        #expect(frame(s, "g") == Frame(x: 260, y: 0, width: 60, height: 10))
    }
}
