import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `guide`, `root.safeArea.ATTR`, `VIEW.margins.ATTR`, `safearea`, `directionalMargins`, and the
/// constraints UIKit makes for its guides. Expected frames are worked out by hand from UIKit's
/// rules (docs/language.md, "Layout guides, the safe area, devices, pixels").
@Suite struct GuideCommandsTests {
    func near(_ a: Frame?, _ b: Frame) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    @Test func aGuideIsConstrainedLikeAView() {
        let s = Session()
        let results = run(s, """
            view a
            guide g
            g.leading == root.leading + 10
            g.trailing == root.trailing - 10
            g.top == root.top + 20
            g.height == 100
            a.width == g.width
            a.height == 0.5 * g.height
            a.centerX == g.centerX
            a.top == g.bottom
            """)
        #expect(results.allSatisfy { $0.ok })
        #expect(s.model.isGuide("g") && s.model.view("g")?.parent == "root")
        #expect(frame(s, "g") == Frame(x: 10, y: 20, width: 355, height: 100))
        #expect(frame(s, "a") == Frame(x: 10, y: 120, width: 355, height: 50))
        // Marked in the report, the listing and JSON.
        #expect(results[1].renderText().contains("added guide g"))
        #expect(s.execute("frames").output.contains { $0.contains("g (guide)") })
        #expect(results.last!.renderJSON().contains("\"guides\":[\"g\"]"))
        #expect(s.execute("remove g").ok)
        #expect(s.model.view("g") == nil && s.model.constraintRecords().allSatisfy { !$0.items.contains("g") })
    }

    @Test func aGuideOwnedByAViewIsInItsCoordinates() {
        let s = Session()
        run(s, "view card\nH:|-20-[card]-20-|\nV:|-30-[card(200)]\nguide col in card\ncol.leading == card.leading + 5\ncol.width == 50\ncol.top == card.top\ncol.bottom == card.bottom")
        #expect(frame(s, "col") == Frame(x: 5, y: 0, width: 50, height: 200))
        // A guide unconstrained is ambiguous, like a view.
        _ = s.execute("guide loose")
        #expect(s.execute("frames").ok)
        #expect(s.model.ambiguousComponents(of: "loose") == [.x, .y, .width, .height])
        // Removing the owner takes the guide along.
        #expect(s.execute("remove card").ok)
        #expect(s.model.view("col") == nil && !s.model.isGuide("col"))
    }

    @Test(arguments: [
        ("view x in g", "never a superview"),
        ("H:|[g]|", "VFL names views only"),
        ("view g intrinsic 10x10", "no intrinsic size"),
        ("g.hugging.h = 251", "no intrinsic size"),
        ("g.margins = 8", "has no margins"),
        ("a.top == g.margins.top", "has no margins"),
        ("a.top == g.firstBaseline", "has no firstBaseline"),
        ("a.leading == g.leadingMargin", "has no leadingMargin"),
        ("a.top == g.safeArea.top", "is a layout guide: it has no margins"),
        ("remove root.safeArea", "belongs to its view"),
        ("remove root.UIViewSafeAreaLayoutGuide-top", "UIKit's own"),
        ("deactivate root.UIViewSafeAreaLayoutGuide-top", "UIKit's own"),
        ("guide a", "already a view named a"),
        ("guide h in g", "never a superview"),
        ("safearea 1,2,3", "four"),
        ("safearea -1,0,0,0", "cannot be negative"),
        ("a.height == system", "distance from another item"),
        ("metric system = 3", "system spacing"),
    ])
    func refusalsChangeNothing(line: String, words: String) {
        let s = Session()
        run(s, "view a\nguide g\na.top == root.safeArea.top")
        let before = fingerprint(s)
        let result = s.execute(line)
        #expect(!result.ok, "\(line)")
        #expect(result.renderText().contains(words), "\(line): \(result.renderText())")
        #expect(fingerprint(s) == before, "\(line)")
    }

    /// The safe-area guide's constraints carry UIKit's identifiers and shapes. Reference:
    /// uikit-generated-constraints.md §2 and log L6 (`'UIViewSafeAreaLayoutGuide-top'
    /// V:|-(44)-[UILayoutGuide…]`) and L10 (`'UIViewSafeAreaLayoutGuide-bottom' V:[guide]-(34)-|`);
    /// all required (no priority printed in the logs).
    @Test func safeAreaGuideConstraintsUnderUIKitsIdentifiers() throws {
        let s = Session()
        run(s, "safearea 44,0,34,0\nview a\na.top == root.safeArea.top")
        let expected = [
            ("root.UIViewSafeAreaLayoutGuide-top", "UIViewSafeAreaLayoutGuide-top", "root.safeArea.top == root.top + 44"),
            ("root.UIViewSafeAreaLayoutGuide-left", "UIViewSafeAreaLayoutGuide-left", "root.safeArea.left == root.left"),
            ("root.UIViewSafeAreaLayoutGuide-bottom", "UIViewSafeAreaLayoutGuide-bottom", "root.bottom == root.safeArea.bottom + 34"),
            ("root.UIViewSafeAreaLayoutGuide-right", "UIViewSafeAreaLayoutGuide-right", "root.right == root.safeArea.right"),
        ]
        let listing = s.execute("constraints").output
        for (id, identifier, text) in expected {
            let record = try #require(s.model.constraint(id))
            #expect(record.identifier == identifier)
            #expect(record.text == text)
            #expect(record.spec.priority.isRequired)
            #expect(listing.contains { $0.contains(id) && $0.contains(text) })
        }
        #expect(frame(s, "root.safeArea") == Frame(x: 0, y: 44, width: 375, height: 589))
        #expect(frame(s, "a")?.y == 44)
    }

    /// Log L3/L4/L5: `'UIView-topMargin-guide-constraint' V:|-(8)-[…'UIViewLayoutMarginsGuide']`,
    /// `'UIView-leftMargin-guide-constraint' H:|-(22)-[guide](LTR)`, `-rightMargin-` `H:[guide]-(22)-|`.
    @Test func marginsGuideConstraintsAndValues() throws {
        let s = Session()
        run(s, "view card\nH:|-10-[card]-10-|\nV:|-10-[card(100)]\ncard.margins = 8,22,8,22\nview b in card\nb.leading == card.margins.leading\nb.trailing == card.margins.trailing\nb.top == card.margins.top\nb.bottom == card.margins.bottom")
        #expect(frame(s, "b") == Frame(x: 22, y: 8, width: 311, height: 84))
        #expect(frame(s, "card.margins") == frame(s, "b"))
        let texts = [("card.UIView-topMargin-guide-constraint", "card.margins.top == card.top + 8"),
                     ("card.UIView-leftMargin-guide-constraint", "card.margins.left == card.left + 22"),
                     ("card.UIView-bottomMargin-guide-constraint", "card.bottom == card.margins.bottom + 8"),
                     ("card.UIView-rightMargin-guide-constraint", "card.right == card.margins.right + 22")]
        for (id, text) in texts {
            let record = try #require(s.model.constraint(id))
            #expect(record.text == text && record.spec.priority.isRequired)
        }
        // The guide and the *Margin attributes agree.
        run(s, "view c in card\nc.leading == card.leadingMargin\nc.top == card.topMargin")
        #expect(frame(s, "c")?.x == 22 && frame(s, "c")?.y == 8)
    }

    @Test func directionalMarginsFollowRightToLeft() throws {
        let s = Session()
        run(s, """
            view a
            H:|[a]|
            V:|[a(100)]
            a.directionalMargins = 0,30,0,10
            view b in a
            b.leading == a.margins.leading
            b.trailing == a.margins.trailing
            b.top == a.top
            b.height == 10
            view c in a
            c.leading == a.leadingMargin
            c.width == 5
            c.top == a.top
            c.height == 5
            """)
        #expect(frame(s, "b") == Frame(x: 30, y: 0, width: 335, height: 10))
        #expect(frame(s, "a.margins") == Frame(x: 30, y: 0, width: 335, height: 100))
        #expect(frame(s, "c")?.x == 30)
        let flip = s.execute("direction rtl")
        #expect(flip.ok && flip.conflicts.isEmpty)
        // Leading is the right edge now: the leading margin (30) is on the right.
        #expect(frame(s, "b") == Frame(x: 10, y: 0, width: 335, height: 10))
        #expect(frame(s, "a.margins") == Frame(x: 10, y: 0, width: 335, height: 100))
        #expect(abs(frame(s, "c")!.x - (375 - 30 - 5)) < 1e-9)
        // UIKit's left/right guide constraints carry the absolute insets.
        #expect(s.model.constraint("a.UIView-leftMargin-guide-constraint")?.text == "a.margins.left == a.left + 10")
        #expect(s.model.constraint("a.UIView-rightMargin-guide-constraint")?.text == "a.right == a.margins.right + 30")
        // Plain margins are absolute: they do not flip.
        _ = s.execute("a.margins = 0,30,0,10")
        #expect(frame(s, "a.margins")?.x == 30)
    }

    /// A redundant pair to the margins, then changes of the margins: one change of the solver
    /// each, so no conflict is ever reported between the old and the new values.
    @Test func aRedundantPairSurvivesMarginChanges() {
        let s = Session()
        run(s, "view a\na.leading == root.leadingMargin\na.leading == root.margins.leading\na.top == root.topMargin\na.top == root.margins.top\na.width == 10\na.height == 10")
        for line in ["root.margins = 20", "root.directionalMargins = 5,6,7,8", "safearea 44,0,34,0", "device iPhone15 landscape",
                     "device iPhoneSE", "direction rtl", "root.margins = 1,2,3,4", "root 500x500"] {
            let result = s.execute(line)
            #expect(result.ok && result.conflicts.isEmpty, "\(line): \(result.renderText())")
            #expect(s.model.brokenConstraints().isEmpty, "\(line)")
        }
        // iPhone SE's minimum side margin (16) wins over 2 and 4; in RTL leading is the right edge.
        #expect(s.model.effectiveMargins(of: "root") == EdgeInsets(top: 21, left: 16, bottom: 3, right: 16))
        #expect(abs(frame(s, "a")!.x - (500 - 16 - 10)) < 1e-9)
    }

    @Test func systemSpacing() {
        let s = Session()
        let results = run(s, """
            view a b c
            a.leading == root.leading + 20
            a.width == 100
            b.leading >= a.trailing + system
            b.leading == root.leading @250
            c.leading == b.trailing + 2 * system - 1
            b.width == 10
            c.width == 10
            """)
        #expect(results.allSatisfy { $0.ok })
        #expect(s.model.constraint("c3")?.text == "b.leading >= a.trailing + system")
        #expect(s.model.constraint("c5")?.text == "c.leading == b.trailing + 2 * system - 1")
        #expect(frame(s, "b")?.x == 128)
        #expect(abs(frame(s, "c")!.x - (128 + 10 + 15)) < 1e-9)
        #expect(results[3].renderJSON().contains("b.leading >= a.trailing + system"))
        // A new constant replaces the system spacing, as in UIKit.
        _ = s.execute("c3.constant = 3")
        #expect(s.model.constraint("c3")?.text == "b.leading >= a.trailing + 3")
        #expect(frame(s, "b")?.x == 123)
        #expect(s.execute("a.top == root.safeArea.top + system").ok)
        #expect(frame(s, "a")?.y == 8)
    }

    @Test func undoTakesBackGuidesMadeOnFirstUse() {
        let s = Session()
        run(s, "view a\nsafearea 20,0,0,0")
        let before = fingerprint(s)
        _ = s.execute("a.top == root.safeArea.top")
        #expect(s.model.view("root.safeArea") != nil && s.model.constraint("root.UIViewSafeAreaLayoutGuide-top") != nil)
        #expect(s.execute("undo").ok)
        #expect(s.model.view("root.safeArea") == nil && s.model.constraint("root.UIViewSafeAreaLayoutGuide-top") == nil)
        #expect(fingerprint(s) == before)
        _ = s.execute("guide g")
        _ = s.execute("undo")
        #expect(fingerprint(s) == before)
        _ = s.execute("safearea 1,1,1,1")
        _ = s.execute("undo")
        #expect(s.model.safeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    @Test func completion() {
        let s = Session()
        run(s, "view a\nguide g")
        func complete(_ line: String) -> [String] { s.completions(line: line, cursor: line.count).candidates }
        #expect(complete("a.top == root.").contains("safeArea"))
        #expect(complete("a.top == a.").contains("margins"))
        // Every view has a safe area (the part of the root's it covers).
        #expect(complete("a.top == a.").contains("safeArea"))
        #expect(!complete("a.top == g.").contains("safeArea"))
        #expect(complete("a.top == root.safeArea.").contains("top"))
        #expect(!complete("a.top == root.safeArea.").contains("topMargin"))
        #expect(complete("a.top == g.") == ["bottom", "centerX", "centerY", "height", "leading", "left", "right", "top", "trailing", "width"])
        #expect(complete("a.dir") == ["directionalMargins"])
        #expect(complete("guide x in ").contains("a") && !complete("guide x in ").contains("g"))
    }
}
