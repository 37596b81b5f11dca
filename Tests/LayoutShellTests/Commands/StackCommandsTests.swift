import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Stack views against hand-computed UIKit results. The setup is the reference file's
/// (/work/shared/reference/uikit-generated-constraints.md §1.3, after kean.blog): three views of
/// intrinsic widths 160, 80 and 40 (heights 40, 20, 30), default hugging 250 and compression
/// resistance 750; the stack is pinned at (10, 20) and given a length, spacing 10.
@Suite struct StackCommandsTests {
    func frameIs(_ s: Session, _ view: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                 sourceLocation: SourceLocation = #_sourceLocation) {
        guard let f = s.model.frame(of: view) else {
            Issue.record("no view \(view)", sourceLocation: sourceLocation)
            return
        }
        let ok = abs(f.x - x) < 1e-6 && abs(f.y - y) < 1e-6 && abs(f.width - w) < 1e-6 && abs(f.height - h) < 1e-6
        #expect(ok, "\(view) is \(f), expected (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
    }

    /// A horizontal stack of a b c, 340 wide, spacing 10; then the extra lines.
    func horizontal(_ extra: String) -> Session {
        let s = Session()
        let results = run(s, """
            view a intrinsic 160x40
            view b intrinsic 80x20
            view c intrinsic 40x30
            stack s h a b c
            s.leading == root.leading + 10
            s.top == root.top + 20
            s.width == 340
            s.spacing = 10
            \(extra)
            """)
        for result in results where !result.ok { Issue.record("rejected: \(result.input): \(result.error!.text)") }
        #expect(results.allSatisfy { $0.conflicts.isEmpty })
        return s
    }

    func vertical(_ extra: String) -> Session {
        let s = Session()
        let results = run(s, """
            view a intrinsic 160x40
            view b intrinsic 80x20
            view c intrinsic 40x30
            stack s v a b c
            s.leading == root.leading + 10
            s.top == root.top + 20
            s.height == 150
            s.spacing = 10
            \(extra)
            """)
        for result in results where !result.ok { Issue.record("rejected: \(result.input): \(result.error!.text)") }
        #expect(results.allSatisfy { $0.conflicts.isEmpty })
        return s
    }

    // MARK: - The constraints UIKit makes

    /// `stack s h a b c` (fill, fill, spacing 0): the reference's §1.3 "fill" and §1.4 "fill"
    /// dumps (kean.blog): canvas connections `stack.leading == first.leading`,
    /// `last.trailing == stack.trailing`, `stack.top == v0.top`, `v0.bottom == stack.bottom`;
    /// one `UISV-spacing` per pair `H:[a]-(0)-[b]`; `UISV-alignment` `v0.top == vN.top` and
    /// `v0.bottom == vN.bottom`; all required, nothing else.
    @Test func theDefaultStackMakesTheReferenceDump() {
        let s = Session()
        _ = run(s, "stack s h a b c")
        let made = s.model.constraintRecords().filter { $0.identifier?.hasPrefix("UISV-") == true }
        let expected: [(String, String)] = [
            ("UISV-canvas-connection", "s.leading == a.leading"),
            ("UISV-canvas-connection", "c.trailing == s.trailing"),
            ("UISV-spacing", "b.leading == a.trailing"),
            ("UISV-spacing", "c.leading == b.trailing"),
            ("UISV-canvas-connection", "s.top == a.top"),
            ("UISV-canvas-connection", "a.bottom == s.bottom"),
            ("UISV-alignment", "a.top == b.top"),
            ("UISV-alignment", "a.top == c.top"),
            ("UISV-alignment", "a.bottom == b.bottom"),
            ("UISV-alignment", "a.bottom == c.bottom"),
        ]
        #expect(made.map { [$0.identifier!, $0.text] } == expected.map { [$0.0, $0.1] })
        #expect(made.allSatisfy { $0.spec.priority.isRequired })
        let listing = s.execute("constraints").output
        #expect(listing.contains { $0.contains("s.UISV-spacing.1") && $0.contains("b.leading == a.trailing") })
    }

    /// The Arranged README's UIStackView dump for Leading + FillEqually, spacing 10 (reference,
    /// "Extra shapes"): spanning boundaries at 999.5 on the equal side, `(0@51)` spanning fit,
    /// `(0@25)` ambiguity suppression, the spacer's bottom to the stack's.
    @Test func leadingFillEquallyMakesTheArrangedDump() {
        let s = horizontal("s.alignment = top\ns.distribution = fillEqually")
        let texts = Set(s.model.constraintRecords().compactMap { record in record.identifier.map { "\($0) \(record.text)" } })
        for line in [
            "UISV-fill-equally b.width == a.width", "UISV-fill-equally c.width == a.width",
            "UISV-spanning-fit s.alignmentSpanner.height == 0 @51",
            "UISV-spanning-boundary s.alignmentSpanner.top == a.top @999.5",
            "UISV-spanning-boundary s.alignmentSpanner.bottom >= a.bottom",
            "UISV-canvas-connection s.top == a.top",
            "UISV-canvas-connection s.alignmentSpanner.bottom == s.bottom",
            "UISV-alignment a.top == b.top", "UISV-alignment a.top == c.top",
            "UISV-ambiguity-suppression a.height == 0 @25", "UISV-ambiguity-suppression c.height == 0 @25",
            "UISV-spacing b.leading == a.trailing + 10",
        ] {
            #expect(texts.contains(line), "missing \(line)")
        }
    }

    // MARK: - Distribution, horizontal (340 wide, 280 of content, 2 gaps of 10)

    @Test func fillGivesTheExtraToTheLowestHugging() {
        let s = horizontal("b.hugging.h = 249")
        frameIs(s, "a", 0, 0, 160, 40)
        frameIs(s, "b", 170, 0, 120, 40)
        frameIs(s, "c", 300, 0, 40, 40)
        frameIs(s, "s", 10, 20, 340, 40)
    }

    @Test func fillEquallyMakesEqualWidths() {
        let s = horizontal("s.distribution = fillEqually")
        let w = 320.0 / 3
        frameIs(s, "a", 0, 0, w, 40)
        frameIs(s, "b", w + 10, 0, w, 40)
        frameIs(s, "c", 2 * w + 20, 0, w, 40)
    }

    /// m = intrinsic / (280 + 20): 181.333 and 90.667 hold at 999 and 998; the last view's 997
    /// gives way and takes the rest (the known spacing bug, rdar://34595752): 48.
    @Test func fillProportionallyReproducesUIKitsSpacingBug() {
        let s = horizontal("s.distribution = fillProportionally")
        let a = 340 * 160 / 300.0, b = 340 * 80 / 300.0
        frameIs(s, "a", 0, 0, a, 40)
        frameIs(s, "b", a + 10, 0, b, 40)
        frameIs(s, "c", a + b + 20, 0, 340 - 20 - a - b, 40)
        let priorities = s.model.constraintRecords().filter { $0.identifier == "UISV-fill-proportionally" }.map(\.spec.priority.rawValue)
        #expect(priorities == [999, 998, 997])
    }

    @Test func fillProportionallyWithoutIntrinsicSizesFillsEqually() {
        let s = Session()
        _ = run(s, "stack s h a b\ns.distribution = fillProportionally\ns.width == 100\ns.leading == root.leading\ns.top == root.top\ns.height == 10")
        #expect(s.model.constraintRecords().contains { $0.identifier == "UISV-fill-equally" && $0.text == "b.width == a.width" })
        frameIs(s, "a", 0, 0, 50, 10)
        frameIs(s, "b", 50, 0, 50, 10)
    }

    @Test func equalSpacingSharesTheRestInEqualGaps() {
        let s = horizontal("s.distribution = equalSpacing")
        frameIs(s, "a", 0, 0, 160, 40)
        frameIs(s, "b", 190, 0, 80, 40)
        frameIs(s, "c", 300, 0, 40, 40)
        frameIs(s, "s.gap1", 160, s.model.frame(of: "s.gap1")!.y, 30, s.model.frame(of: "s.gap1")!.height)
        #expect(s.model.constraintRecords().contains { $0.identifier == "UISV-canvas-fit" && $0.text == "s.width == 0 @49" })
    }

    /// Centers 80 and 320 would put b's center at 200 (x 160), but the required spacing keeps b
    /// at least 10 after a (x 170): the gaps' equality at 149 gives way.
    @Test func equalCenteringKeepsTheMinimumSpacing() {
        let s = horizontal("s.distribution = equalCentering")
        frameIs(s, "a", 0, 0, 160, 40)
        frameIs(s, "b", 170, 0, 80, 40)
        frameIs(s, "c", 300, 0, 40, 40)
        #expect(s.model.constraintRecords().contains { $0.identifier == "UISV-fill-equally" && $0.spec.priority.rawValue == 149 })
    }

    @Test func equalCenteringCentersWhenThereIsRoom() {
        let s = horizontal("s.distribution = equalCentering\ns.spacing = 0")
        frameIs(s, "b", 160, 0, 80, 40)
        frameIs(s, "c", 300, 0, 40, 40)
    }

    // MARK: - Alignment, horizontal (heights 40, 20, 30)

    @Test func everyHorizontalAlignment() {
        let cases: [(String, [Double], [Double])] = [
            ("fill", [0, 0, 0], [40, 40, 40]),
            ("top", [0, 0, 0], [40, 20, 30]),
            ("center", [0, 10, 5], [40, 20, 30]),
            ("bottom", [0, 20, 10], [40, 20, 30]),
            // Baselines without font metrics: at the bottom of the intrinsic height.
            ("firstBaseline", [0, 20, 10], [40, 20, 30]),
            ("lastBaseline", [0, 20, 10], [40, 20, 30]),
        ]
        for (alignment, ys, heights) in cases {
            let s = horizontal("s.alignment = \(alignment)\ns.distribution = fillEqually")
            let w = 320.0 / 3
            for (index, view) in ["a", "b", "c"].enumerated() {
                frameIs(s, view, Double(index) * (w + 10), ys[index], w, heights[index])
            }
            frameIs(s, "s", 10, 20, 340, 40)
            #expect(s.model.ambiguity().isEmpty, "\(alignment): \(s.model.ambiguity())")
        }
    }

    // MARK: - Vertical (150 high, widths 160, 80, 40)

    @Test func everyVerticalDistributionAndAlignment() {
        var s = vertical("s.distribution = fillEqually")
        let h = 130.0 / 3
        frameIs(s, "a", 0, 0, 160, h)
        frameIs(s, "b", 0, h + 10, 160, h)
        frameIs(s, "c", 0, 2 * h + 20, 160, h)
        s = vertical("s.distribution = equalSpacing")
        frameIs(s, "b", 0, 70, 160, 20)
        frameIs(s, "c", 0, 120, 160, 30)
        s = vertical("s.distribution = fillProportionally\ns.spacing = 0")
        frameIs(s, "a", 0, 0, 160, 150 * 40 / 90)
        frameIs(s, "b", 0, 150 * 40 / 90, 160, 150 * 20 / 90)
        let cases: [(String, [Double])] = [("leading", [0, 0, 0]), ("center", [0, 40, 60]), ("trailing", [0, 80, 120])]
        for (alignment, xs) in cases {
            s = vertical("s.alignment = \(alignment)\ns.distribution = equalSpacing")
            frameIs(s, "a", xs[0], 0, 160, 40)
            frameIs(s, "b", xs[1], 70, 80, 20)
            frameIs(s, "c", xs[2], 120, 40, 30)
            frameIs(s, "s", 10, 20, 160, 150)
        }
        let refused = s.execute("s.alignment = firstBaseline")
        #expect(!refused.ok && refused.error!.message.contains("horizontal"))
    }

    // MARK: - Hidden views, margins, nesting, changes

    /// b hidden in a fillEqually stack: a and c share 340 − 10; b is 0 wide (`UISV-hiding`
    /// @999.999) and sits half a gap after a (`UISV-spacing-hidden` @50).
    @Test func aHiddenViewCollapses() {
        let s = horizontal("s.distribution = fillEqually\nb.hidden = true")
        frameIs(s, "a", 0, 0, 165, 40)
        frameIs(s, "b", 170, 0, 0, 40)
        frameIs(s, "c", 175, 0, 165, 40)
        let texts = s.model.constraintRecords().map(\.text)
        #expect(texts.contains("b.width == 0 @999.999"))
        #expect(texts.contains("b.leading == a.trailing + 5 @50"))
        #expect(texts.contains("c.leading == a.trailing + 10"))
        #expect(texts.contains("c.width == a.width"))
        let shown = s.execute("b.hidden = false")
        #expect(shown.ok && shown.removed.contains { $0.id.hasPrefix("s.UISV-hiding") })
        let w = 320.0 / 3
        frameIs(s, "b", w + 10, 0, w, 40)
    }

    @Test func allHiddenCollapsesTheStack() {
        let s = Session()
        _ = run(s, "view a intrinsic 10x10\nstack s h a\ns.leading == root.leading\ns.top == root.top\na.hidden = true")
        #expect(s.model.frame(of: "a")!.width == 0)
        #expect(s.model.constraintRecords().contains { $0.text == "s.leading == s.orderingSpanner.leading" })
        #expect(s.model.frame(of: "s")!.width == 0)
    }

    /// Margins 8: the canvas is the margins guide (`UIViewLayoutMarginsGuide`, reference L4).
    @Test func aMarginsRelativeStack() {
        let s = horizontal("s.distribution = fillEqually\ns.marginsRelative = true")
        let w = (324.0 - 20) / 3
        frameIs(s, "a", 8, 8, w, 40)
        frameIs(s, "b", 8 + w + 10, 8, w, 40)
        frameIs(s, "c", 8 + 2 * w + 20, 8, w, 40)
        frameIs(s, "s", 10, 20, 340, 56)
        #expect(s.model.constraintRecords().contains { $0.text == "s.margins.leading == a.leading" })
        _ = s.execute("s.margins = 0")
        frameIs(s, "a", 0, 0, 320.0 / 3, 40)
    }

    @Test func nestedStacks() {
        let s = Session()
        let results = run(s, """
            view a intrinsic 50x20
            view b intrinsic 30x10
            view c intrinsic 40x15
            stack i h a b
            i.distribution = fillEqually
            stack o v i c
            o.spacing = 5
            o.leading == root.leading + 20
            o.top == root.top + 30
            o.width == 200
            """)
        #expect(results.allSatisfy { $0.ok })
        #expect(s.model.view("i")?.parent == "o" && s.model.view("a")?.parent == "i")
        frameIs(s, "o", 20, 30, 200, 40)
        frameIs(s, "i", 0, 0, 200, 20)
        frameIs(s, "a", 0, 0, 100, 20)
        frameIs(s, "b", 100, 0, 100, 20)
        frameIs(s, "c", 0, 25, 200, 15)
    }

    @Test func addingAndRemovingArrangedViews() {
        let s = horizontal("s.distribution = fillEqually")
        var result = s.execute("stack s add d at 0")
        #expect(result.ok && s.model.stacks["s"]!.arranged == ["d", "a", "b", "c"])
        #expect(result.changed.contains { $0.id == "s.UISV-canvas-connection.1" && $0.text == "s.leading == d.leading" })
        result = s.execute("stack s remove b")
        #expect(result.ok && s.model.stacks["s"]!.arranged == ["d", "a", "c"])
        #expect(s.model.view("b")?.parent == "s")
        let w = 320.0 / 3
        frameIs(s, "c", 2 * w + 20, 0, w, 40)
        #expect(s.execute("stack s remove b").ok == false)
        #expect(s.execute("remove a").ok)
        #expect(s.model.stacks["s"]!.arranged == ["d", "c"])
        // An existing view moves in; its constraints to views outside go with the move.
        _ = s.execute("view e")
        _ = s.execute("e.leading == root.leading + 3")
        result = s.execute("stack s add e")
        #expect(result.ok && s.model.view("e")?.parent == "s" && result.removed.contains { $0.id == "c4" })
    }

    @Test func customSpacingAfterAView() {
        let s = horizontal("s.distribution = fillEqually\ns.spacingAfter.a = 40")
        let w = (340.0 - 50) / 3
        frameIs(s, "b", w + 40, 0, w, 40)
        frameIs(s, "c", 2 * w + 50, 0, w, 40)
        _ = s.execute("s.spacingAfter.a = default")
        frameIs(s, "b", 320.0 / 3 + 10, 0, 320.0 / 3, 40)
    }

    @Test func aPropertyChangeIsOneChange() {
        let s = horizontal("")
        // From fill to equalSpacing and back: never a conflict, not even half-way.
        for distribution in ["equalSpacing", "fillEqually", "equalCentering", "fillProportionally", "fill"] {
            let result = s.execute("s.distribution = \(distribution)")
            #expect(result.ok && result.conflicts.isEmpty, "\(distribution)")
        }
        let result = s.execute("s.spacing = 12")
        #expect(result.changed.map(\.id) == ["s.UISV-spacing.1", "s.UISV-spacing.2"])
        #expect(result.added.isEmpty && result.removed.isEmpty)
    }

    @Test func stacksSurviveSaveAndUndo() {
        let s = horizontal("s.distribution = equalSpacing\nb.hidden = true\nstack s add d at 1")
        let before = s.model.constraintRecords().map(\.text)
        let rebuilt = Session()
        for line in s.history.flatMap({ $0 }) { #expect(rebuilt.execute(line).ok) }
        #expect(rebuilt.model.constraintRecords().map(\.text) == before)
        #expect(s.execute("undo").ok)
        #expect(s.model.stacks["s"]!.arranged == ["a", "b", "c"])
        #expect(s.execute("undo").ok)
        #expect(s.model.view("b")!.isHidden == false)
    }

    @Test func wrongInputsAreRefused() {
        let s = horizontal("")
        for (line, words) in [
            ("stack t x a", "axis"), ("stack t h a a", "twice"), ("stack t h root", "root"),
            ("s.distribution = fillSome", "distribution is one of"), ("s.alignment = middle", "alignment is one of"),
            ("a.spacing = 3", "not a stack"), ("stack s add q at 9", "no place"), ("s.spacingAfter.q = 3", "not an arranged"),
            ("remove s.UISV-spacing.1", "UISV-spacing"), ("a.hidden = maybe", "true or false"),
            ("stack t in a h s", "contains"),
        ] {
            let result = s.execute(line)
            #expect(!result.ok, "\(line) was accepted")
            #expect(result.error.map { $0.text.contains(words) } == true, "\(line): \(result.error?.text ?? "")")
        }
    }
}
