import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
import LayoutReport

/// `traits` and `vary`: the session's size classes, and constraints and stacks that take other
/// values in other size classes, re-applied at every device or traits change, undone as one
/// step. Frames by hand: root 375x667 without a device (no safe area, no margins).
@Suite struct TraitCommandsTests {
    /// A 100x100 box 20 from the top-left corner, whose top constant is 8 in a compact height,
    /// and a 60-point width that replaces its 100 in a regular width.
    static let box = """
        view box
        box.left == root.left + 20
        box.top == root.top + 20
        box.width == 100
        box.height == 100
        box.width == 60
        vary c5.active = false
        vary c5.active = true for width=regular
        vary c3.active = false for width=regular
        vary c2.constant = 8 for height=compact
        """

    @Test func withoutADeviceTheTraitsAreAnyAndOnlyAnyAnyValuesApply() {
        let session = session(Self.box)
        #expect(session.traits == .any)
        // c2 keeps 20, c3 (width 100) is in, c5 (width 60) out: 20,20,100,100.
        #expect(frame(session, "box") == Frame(x: 20, y: 20, width: 100, height: 100))
        #expect(session.model.constraint("c5")?.isActive == false)
        let shown = session.execute("traits")
        #expect(shown.output == ["traits: any (no device: `device NAME` or `traits width=… height=…` sets them)",
                                 "3 properties vary with them: `vary` lists them"])
    }

    @Test func traitsByHandReapplyEveryVariantAsOneUndoStep() {
        let session = session(Self.box)
        let result = session.execute("traits width=regular height=compact")
        #expect(result.ok)
        // Regular width: the 60-point width replaces the 100; compact height: top 8.
        #expect(frame(session, "box") == Frame(x: 20, y: 8, width: 60, height: 100))
        #expect(result.broken.isEmpty && result.conflicts.isEmpty)
        #expect(result.output.first == "traits are now width=regular height=compact (were any)")
        // A class not named keeps its value.
        _ = session.execute("traits height=regular")
        #expect(session.traits == TraitCollection(width: .regular, height: .regular))
        #expect(frame(session, "box") == Frame(x: 20, y: 20, width: 60, height: 100))
        _ = session.execute("undo")
        #expect(frame(session, "box") == Frame(x: 20, y: 8, width: 60, height: 100))
        _ = session.execute("undo")
        #expect(session.traits == .any)
        #expect(frame(session, "box") == Frame(x: 20, y: 20, width: 100, height: 100))
    }

    @Test func aDeviceDecidesTheTraitsAgain() {
        let session = session(Self.box + "\ntraits width=regular")
        // iPhone SE landscape: compact width and height (667x375, no safe area): top 8, width
        // 100 (the compact width's), over the classes set by hand.
        _ = session.execute("device iPhoneSE landscape")
        #expect(session.traits == TraitCollection(width: .compact, height: .compact))
        #expect(frame(session, "box") == Frame(x: 20, y: 8, width: 100, height: 100))
        // An iPad is regular both ways: width 60, top 20 (its safe area 24 does not touch a
        // box pinned to the root).
        _ = session.execute("device iPad")
        #expect(frame(session, "box") == Frame(x: 20, y: 20, width: 60, height: 100))
    }

    @Test func theMostSpecificPatternWins() {
        var variant = TraitVariant(target: "c1", property: .constant, rules: [])
        variant.set(.number(1), for: .any)
        variant.set(.number(2), for: TraitCollection(height: .compact))
        variant.set(.number(3), for: TraitCollection(width: .compact, height: .compact))
        #expect(variant.value(under: TraitCollection(width: .compact, height: .compact)) == .number(3))
        #expect(variant.value(under: TraitCollection(width: .regular, height: .compact)) == .number(2))
        #expect(variant.value(under: TraitCollection(width: .regular, height: .regular)) == .number(1))
        // A pattern set again replaces its value.
        variant.set(.number(4), for: TraitCollection(height: .compact))
        #expect(variant.rules.count == 3 && variant.value(under: TraitCollection(width: .regular, height: .compact)) == .number(4))
    }

    @Test func aStackTurnsWithItsSizeClass() {
        // Vertical in Any/Any: two 50-high views, 10 apart, 200 wide: 0,0,200,50 and 0,60.
        // Horizontal in a compact height with spacing 20: (200 - 20) / 2 = 90 each.
        let session = session("""
            view a b
            stack s v a b
            s.distribution = fillEqually
            s.spacing = 10
            s.left == root.left
            s.top == root.top
            s.width == 200
            a.height == 50
            b.height == 50
            vary s.axis = h for height=compact
            vary s.spacing = 20 for height=compact
            """)
        #expect(frame(session, "b") == Frame(x: 0, y: 60, width: 200, height: 50))
        _ = session.execute("traits height=compact")
        #expect(frame(session, "a") == Frame(x: 0, y: 0, width: 90, height: 50))
        #expect(frame(session, "b") == Frame(x: 110, y: 0, width: 90, height: 50))
        // `s.axis = …` is a stack property as well.
        _ = session.execute("s.axis = v")
        #expect(frame(session, "b") == Frame(x: 0, y: 70, width: 200, height: 50))
    }

    @Test(arguments: [
        ("traits width=big", 14, "a size class is compact, regular or any, not big"),
        ("traits widht=compact", 8, "a size class is a width or a height, not widht"),
        ("traits width=compact width=regular", 22, "the width class is given twice"),
        ("traits compact", 8, "traits takes width=CLASS and height=CLASS, not compact"),
        ("vary c9.constant = 4", 6, "there is no constraint c9"),
        ("vary c1.colour = 4", 9, "colour does not vary: a constraint's active or constant, a stack's axis, spacing or alignment, a view's installed"),
        ("vary c1.constant = wide", 20, "constant is a number, not wide"),
        ("vary c1.active = yes for height=compact", 18, "active is true or false, not yes"),
        ("vary a.axis = h", 6, "a is not a stack view"),
        ("vary c1.constant = 4 for", 26, "for needs the size classes"),
        ("vary c1.constant = 4 for height=tall", 33, "a size class is compact, regular or any, not tall"),
    ])
    func badLinesSayWhereAndChangeNothing(line: String, column: Int, message: String) {
        let session = session("view a\na.width == 10")
        let before = fingerprint(session)
        let result = session.execute(line)
        #expect(!result.ok)
        #expect(result.error?.column == column)
        #expect(result.error?.message == message)
        #expect(fingerprint(session) == before && session.state.variants.isEmpty)
    }
}
