import Testing
@testable import LayoutModel
import LayoutVocabulary

func spec(_ a: String, _ aa: LayoutAttribute, _ rel: LayoutRelation = .equal, _ b: String? = nil, _ ba: LayoutAttribute? = nil,
          m: Double = 1, c: Double = 0, p: Double = 1000) -> ConstraintSpec {
    ConstraintSpec(firstItem: a, firstAttribute: aa, relation: rel, secondItem: b, secondAttribute: ba,
                   multiplier: m, constant: c, priority: LayoutPriority(p))
}

/// A model with view `a` pinned to (x, y, w, h) inside root.
func pinned(_ model: LayoutModel, _ name: String, in parent: String = "root", _ x: Double, _ y: Double, _ w: Double, _ h: Double) throws {
    if model.view(name) == nil { try model.addView(name, in: parent) }
    try model.addConstraint(spec(name, .left, .equal, parent, .left, c: x))
    try model.addConstraint(spec(name, .top, .equal, parent, .top, c: y))
    try model.addConstraint(spec(name, .width, c: w))
    try model.addConstraint(spec(name, .height, c: h))
}

@Suite struct Attributes {
    /// Every attribute of a view at (10, 20, 100, 50) with margins 1,2,3,4, read through a
    /// constraint `probe.left == a.ATTR` (horizontal) or `probe.top == a.ATTR` (vertical).
    @Test(arguments: LayoutAttribute.allCases.filter { $0.isLocation })
    func locationAttributes(_ attribute: LayoutAttribute) throws {
        let model = LayoutModel()
        try model.addView("a", intrinsicWidth: nil, intrinsicHeight: 30)
        try pinned(model, "a", 10, 20, 100, 50)
        try model.setMargins("a", EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        try model.addView("probe")
        let horizontal = attribute.axis == .horizontal
        let probeAttribute: LayoutAttribute = horizontal ? (attribute.isDirectional ? .leading : .left) : .top
        try model.addConstraint(spec("probe", probeAttribute, .equal, "a", attribute))
        let expected: [LayoutAttribute: Double] = [
            .left: 10, .right: 110, .leading: 10, .trailing: 110, .centerX: 60,
            .leftMargin: 12, .rightMargin: 106, .leadingMargin: 12, .trailingMargin: 106, .centerXWithinMargins: 59,
            .top: 20, .bottom: 70, .centerY: 45, .baseline: 70, .lastBaseline: 70, .firstBaseline: 50,
            .topMargin: 21, .bottomMargin: 67, .centerYWithinMargins: 44,
        ]
        let frame = model.frame(of: "probe")!
        #expect((horizontal ? frame.x : frame.y) == expected[attribute]!, "\(attribute)")
    }

    @Test func sizes() throws {
        let model = LayoutModel()
        try pinned(model, "a", 0, 0, 100, 40)
        try model.addView("b")
        try model.addConstraint(spec("b", .width, .equal, "a", .height, m: 2, c: 5))
        try model.addConstraint(spec("b", .height, .equal, "a", .width, m: 0.25))
        #expect(model.frame(of: "b")!.width == 85)
        #expect(model.frame(of: "b")!.height == 25)
    }

    @Test func baselineWithoutIntrinsicHeightIsTheBottom() throws {
        let model = LayoutModel()
        try pinned(model, "a", 0, 10, 100, 40)
        try model.addView("b")
        try model.addConstraint(spec("b", .top, .equal, "a", .firstBaseline))
        try model.addConstraint(spec("b", .left, .equal, "a", .left))
        #expect(model.frame(of: "b")!.y == 50)
    }

    @Test func rootSizeAndFrame() throws {
        let model = LayoutModel()
        #expect(model.frame(of: "root") == Frame(x: 0, y: 0, width: 375, height: 667))
        try model.setRootSize(width: 320, height: 480)
        #expect(model.frame(of: "root") == Frame(x: 0, y: 0, width: 320, height: 480))
        #expect(throws: LayoutError.self) { try model.setRootSize(width: .nan, height: 1) }
        #expect(throws: LayoutError.tooLarge(.rootWidth, 1e300)) { try model.setRootSize(width: 1e300, height: 1) }
    }
}

@Suite struct Coordinates {
    @Test func nestedFramesAreInSuperviewCoordinates() throws {
        let model = LayoutModel()
        try pinned(model, "card", 20, 100, 200, 200)
        try pinned(model, "label", in: "card", 8, 8, 50, 20)
        #expect(model.frame(of: "label") == Frame(x: 8, y: 8, width: 50, height: 20))
        #expect(model.absoluteOrigin(of: "label") == (28, 108))
    }

    @Test func multiplierOnALocationUsesTheCommonAncestor() throws {
        // a.centerX == 0.5 * root.centerX: a's center at a quarter of the root's width, in root
        // coordinates, however deep a is.
        let model = LayoutModel()
        try model.setRootSize(width: 400, height: 400)
        try pinned(model, "card", 100, 0, 200, 200)
        try model.addView("a", in: "card")
        try model.addConstraint(spec("a", .width, c: 20))
        try model.addConstraint(spec("a", .centerX, .equal, "root", .centerX, m: 0.5))
        // center at 100 in root coordinates = 0 in card's.
        #expect(model.frame(of: "a")!.x == -10)
        // Relative to the superview, the multiplier works in the superview's own coordinates.
        try model.addView("b", in: "card")
        try model.addConstraint(spec("b", .width, c: 20))
        try model.addConstraint(spec("b", .centerX, .equal, "card", .centerX, m: 0.5))
        #expect(model.frame(of: "b")!.x == 40)
    }

    @Test func cousinsRelateThroughTheirAncestors() throws {
        let model = LayoutModel()
        try pinned(model, "p", 10, 0, 100, 100)
        try pinned(model, "q", 200, 0, 100, 100)
        try model.addView("a", in: "p")
        try model.addView("b", in: "q")
        try model.addConstraint(spec("a", .left, .equal, "p", .left, c: 5))
        try model.addConstraint(spec("b", .left, .equal, "a", .right, c: 8))
        try model.addConstraint(spec("a", .width, c: 30))
        // a spans 15...45 in root; b.left = 53 in root = -147 in q.
        #expect(model.frame(of: "b")!.x == -147)
        #expect(model.commonAncestor("a", "b") == "root")
    }

    @Test func deepNestingDoesNotRecurse() throws {
        let model = LayoutModel()
        var parent = "root"
        for i in 0..<1000 {
            try model.addView("v\(i)", in: parent)
            try model.addConstraint(spec("v\(i)", .left, .equal, parent, .left, c: 1))
            parent = "v\(i)"
        }
        try model.addConstraint(spec("v999", .left, .equal, "root", .left, m: 1, c: 1000))
        #expect(model.frame(of: "v999")!.x == 1)
        try model.removeView("v0")
        #expect(model.viewOrder == ["root"])
        #expect(model.constraintOrder.isEmpty)
    }
}

@Suite struct Direction {
    @Test func rtlFlipsEdgesAndOffsets() throws {
        let model = LayoutModel()
        try model.setRootSize(width: 300, height: 100)
        try model.addView("a")
        try model.addView("b")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leading, c: 20))
        try model.addConstraint(spec("a", .width, c: 50))
        try model.addConstraint(spec("b", .leading, .equal, "a", .trailing, c: 8))
        try model.addConstraint(spec("b", .width, c: 40))
        #expect(model.frame(of: "a")!.x == 20)
        #expect(model.frame(of: "b")!.x == 78)
        model.setDirection(.rightToLeft)
        #expect(model.frame(of: "a")!.x == 230)   // right edge 20 from root's right
        #expect(model.frame(of: "b")!.x == 182)   // 8 to the left of a
        model.setDirection(.leftToRight)
        #expect(model.frame(of: "b")!.x == 78)
    }

    /// A tight row of views flips as a whole: mirroring constraints one by one would pass
    /// through half-flipped layouts that conflict, and report conflicts the layout never has.
    @Test func flippingATightRowReportsNoConflict() throws {
        let model = LayoutModel()
        try model.setRootSize(width: 200, height: 100)
        try model.addView("a")
        try model.addView("b")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leading, c: 20))
        try model.addConstraint(spec("b", .leading, .greaterThanOrEqual, "a", .trailing, c: 8))
        try model.addConstraint(spec("root", .trailing, .equal, "b", .trailing, c: 20))
        try model.addConstraint(spec("b", .width, .greaterThanOrEqual, c: 100))
        _ = model.takeEvents()
        model.setDirection(.rightToLeft)
        let conflicts = model.takeEvents().filter { if case .conflict = $0 { true } else { false } }
        #expect(conflicts.isEmpty)
        #expect(model.brokenConstraints().isEmpty)
        #expect(model.frame(of: "b")!.x == 20)
    }

    @Test func leftAndRightNeverFlip() throws {
        let model = LayoutModel()
        model.setDirection(.rightToLeft)
        try model.addView("a")
        try model.addConstraint(spec("a", .left, .equal, "root", .left, c: 20))
        #expect(model.frame(of: "a")!.x == 20)
    }

    /// UIKit flips the edges under right-to-left but not the coordinates, so a multiplier on
    /// trailing scales the left edge's x: the classic "percentage placement breaks in Arabic"
    /// surprise (https://stackoverflow.com/questions/33714527).
    @Test func rtlFlipsMarginsButNotMultipliers() throws {
        let model = LayoutModel()
        try model.setRootSize(width: 400, height: 100)
        try model.setMargins("root", EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
        model.setDirection(.rightToLeft)
        try model.addView("a")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leadingMargin))
        try model.addConstraint(spec("a", .trailing, .equal, "root", .trailing, m: 0.5))
        // The leading margin in RTL is the right one (30): a.right = 370. Trailing is the left
        // edge, at half of root's trailing (its left edge, x = 0): a.left = 0.
        #expect(model.frame(of: "a") == Frame(x: 0, y: 0, width: 370, height: 0))
    }
}

@Suite struct Intrinsic {
    @Test func huggingAndResistanceAreImplicitConstraints() throws {
        let model = LayoutModel()
        try model.addView("l", intrinsicWidth: 120, intrinsicHeight: 21)
        #expect(model.constraint("l.hugging.h")?.text == "l.width <= 120 @250")
        #expect(model.constraint("l.resistance.h")?.text == "l.width >= 120 @750")
        #expect(model.constraint("l.hugging.v")?.text == "l.height <= 21 @250")
        #expect(model.constraint("l.resistance.v")?.text == "l.height >= 21 @750")
        #expect(model.frame(of: "l")!.width == 120)
        // Squeezed by a 749 constraint: resistance (750) wins.
        try model.addConstraint(spec("l", .width, c: 100, p: 749))
        #expect(model.frame(of: "l")!.width == 120)
        // Lower the resistance below it: the constraint wins, resistance is reported broken.
        try model.setResistance("l", .horizontal, LayoutPriority(700))
        #expect(model.frame(of: "l")!.width == 100)
        #expect(model.brokenConstraints().map(\.id) == ["l.resistance.h"])
        #expect(model.brokenConstraints().first?.error == 20)
    }

    /// Broken constraints come in creation order, also when a later one took the table slot of
    /// one removed before it (the list is then out of slot order and is sorted).
    @Test func brokenConstraintsAreInCreationOrderWhenASlotIsReused() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b")
        let early = try model.addConstraint(spec("a", .height, c: 5))
        try model.addConstraint(spec("b", .width, c: 10, p: 750))
        let older = try model.addConstraint(spec("b", .width, c: 20, p: 250))
        try model.removeConstraint(early)
        let newer = try model.addConstraint(spec("a", .width, c: 40, p: 250))
        try model.addConstraint(spec("a", .width, c: 30, p: 750))
        #expect(model.brokenConstraints().map(\.id) == [older, newer])
    }

    @Test func huggingLosesToAStretch() throws {
        let model = LayoutModel()
        try model.addView("l", intrinsicWidth: 120, intrinsicHeight: nil)
        try model.addConstraint(spec("l", .width, .greaterThanOrEqual, c: 200, p: 251))
        #expect(model.frame(of: "l")!.width == 200)
        try model.setHugging("l", .horizontal, LayoutPriority(300))
        #expect(model.frame(of: "l")!.width == 120)
        #expect(model.constraint("l.hugging.v") == nil)
    }

    @Test func changingTheIntrinsicSizeMovesBaselines() throws {
        let model = LayoutModel()
        try model.addView("l", intrinsicWidth: 100, intrinsicHeight: 20)
        try model.addView("m")
        try model.addConstraint(spec("l", .top, .equal, "root", .top, c: 10))
        try model.addConstraint(spec("m", .top, .equal, "l", .firstBaseline))
        #expect(model.frame(of: "m")!.y == 30)
        try model.setIntrinsicSize("l", width: 100, height: 40)
        #expect(model.frame(of: "m")!.y == 50)
        #expect(model.frame(of: "l")!.height == 40)
    }
}

@Suite struct Margins {
    @Test func marginAttributes() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leadingMargin))
        try model.addConstraint(spec("a", .trailing, .equal, "root", .trailingMargin))
        try model.addConstraint(spec("a", .top, .equal, "root", .topMargin))
        try model.addConstraint(spec("a", .bottom, .equal, "root", .bottomMargin))
        #expect(model.frame(of: "a") == Frame(x: 8, y: 8, width: 359, height: 651))
        try model.setMargins("root", EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        #expect(model.frame(of: "a") == Frame(x: 16, y: 8, width: 343, height: 651))
    }
}

@Suite struct Legality {
    /// The spec is refused for `reason` (the shell's words for it: LayoutShellTests), and nothing changed.
    func rejects(_ s: ConstraintSpec, _ reason: LayoutError) {
        let model = LayoutModel()
        try? model.addView("a")
        try? model.addView("b")
        do {
            try model.addConstraint(s)
            Issue.record("accepted \(s)")
        } catch {
            #expect(error == reason)
            #expect(model.constraintOrder.isEmpty)
            #expect(model.nextNumber == 1)
        }
    }

    @Test func locationEqualToAConstant() {
        let left = spec("a", .left, c: 20), centerY = spec("a", .centerY, .greaterThanOrEqual, c: -5)
        rejects(left, .locationEqualsConstant(left, superview: "root"))
        rejects(centerY, .locationEqualsConstant(centerY, superview: "root"))
    }
    @Test func mixingAxes() {
        let mixed = spec("a", .left, .equal, "b", .top)
        rejects(mixed, .locationsOnDifferentAxes(mixed))
    }
    @Test func directionalWithAbsolute() {
        let right = spec("a", .leading, .equal, "b", .right), margins = spec("a", .leftMargin, .equal, "b", .trailingMargin)
        rejects(right, .directionalRelatedToAbsolute(right))
        rejects(margins, .directionalRelatedToAbsolute(margins))
        #expect(LayoutAttribute.right.directionalCounterpart == .trailing)
        #expect(LayoutAttribute.leftMargin.directionalCounterpart == .leadingMargin)
    }
    @Test func sizeWithLocation() {
        let pairing = spec("a", .width, .equal, "b", .left)
        rejects(pairing, .sizeRelatedToLocation(pairing))
    }
    @Test func multiplierZero() {
        let location = spec("a", .left, .equal, "b", .left, m: 0, c: 5), size = spec("a", .width, .equal, "b", .width, m: 0, c: 5)
        rejects(location, .zeroMultiplierOnLocation(location, superview: "root"))
        rejects(size, .zeroMultiplierIgnoresSecondItem(size))
    }
    @Test func priorities() {
        rejects(spec("a", .width, c: 5, p: 0), .priorityOutOfRange(0))
        rejects(spec("a", .width, c: 5, p: 1001), .priorityOutOfRange(1001))
        let nan = spec("a", .width, c: 5, p: .nan)
        do {
            let model = LayoutModel()
            try model.addView("a")
            try model.validate(nan)
            Issue.record("accepted a NaN priority")
        } catch {
            // NaN is not equal to itself, so the reason is matched by shape.
            guard case .priorityOutOfRange(let value) = error, value.isNaN else { Issue.record("\(error)"); return }
        }
    }
    @Test func hugeNumbers() {
        rejects(spec("a", .width, c: 1e308), .tooLarge(.constant, 1e308))
        rejects(spec("a", .width, c: .infinity), .notFinite(.constant, .infinity))
        rejects(spec("a", .width, .equal, "b", .width, m: 1e300), .multiplierOutOfRange(1e300))
    }
    @Test func unknownViews() { rejects(spec("a", .width, .equal, "zz", .width), .unknownView("zz")) }
    @Test func everyPriorityCheckGivesTheSameReason() throws {
        let model = LayoutModel()
        try model.addView("a", intrinsicWidth: 10, intrinsicHeight: nil)
        let id = try model.addConstraint(spec("a", .width, c: 10, p: 500))
        #expect(throws: LayoutError.priorityOutOfRange(0)) { try model.setPriority(id, LayoutPriority(0)) }
        #expect(throws: LayoutError.priorityOutOfRange(2000)) { try model.setHugging("a", .horizontal, LayoutPriority(2000)) }
    }
    @Test func sizeAcrossAxesIsLegal() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .width, .equal, "a", .height, m: 2))
    }
    @Test func requiredToOptionalPriorityChange() throws {
        let model = LayoutModel()
        try model.addView("a")
        let id = try model.addConstraint(spec("a", .width, c: 10))
        #expect(throws: LayoutError.priorityChangeAcrossRequired(id: id, from: .required, to: LayoutPriority(750))) {
            try model.setPriority(id, LayoutPriority(750))
        }
        let optional = try model.addConstraint(spec("a", .width, c: 20, p: 500))
        #expect(throws: LayoutError.priorityChangeAcrossRequired(id: optional, from: LayoutPriority(500), to: .required)) {
            try model.setPriority(optional, .required)
        }
        try model.setPriority(optional, LayoutPriority(600))
        #expect(model.constraint(optional)?.text == "a.width == 20 @600")
    }
}

@Suite struct Conflicts {
    @Test func aRequiredConflictBreaksTheNewcomerAndReportsTheMinimalSet() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .width, c: 100))                     // c1
        try model.addConstraint(spec("a", .height, c: 10))                     // c2, unrelated
        try model.addConstraint(spec("a", .width, .greaterThanOrEqual, c: 50)) // c3, compatible
        _ = model.takeEvents()
        try model.addConstraint(spec("a", .width, c: 200))                     // c4
        let conflicts = model.takeEvents().compactMap { if case .conflict(let c) = $0 { c } else { nil } }
        #expect(conflicts == [Conflict(constraints: ["c1", "c4"], broken: "c4")])
        #expect(model.constraint("c4")!.isBroken)
        #expect(model.frame(of: "a")!.width == 100)
        let broken = model.brokenConstraints()
        #expect(broken.map(\.id) == ["c4"])
        #expect(broken[0].isBrokenRequired && broken[0].wanted == 200 && broken[0].got == 100 && broken[0].error == 100)
        // Broken beats every optional priority.
        try model.addConstraint(spec("a", .width, c: 300, p: 999))
        #expect(model.frame(of: "a")!.width == 100)
        // Remove the obstacle: the broken one holds again, as required.
        _ = model.takeEvents()
        try model.removeConstraint("c1")
        #expect(!model.constraint("c4")!.isBroken)
        #expect(model.frame(of: "a")!.width == 200)
        #expect(model.takeEvents().contains { if case .repaired("c4") = $0 { true } else { false } })
    }

    @Test func rootResizeBreaksTheNewestMember() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leading))
        try model.addConstraint(spec("a", .trailing, .equal, "root", .trailing))
        try model.addConstraint(spec("a", .width, .greaterThanOrEqual, c: 300))
        _ = model.takeEvents()
        try model.setRootSize(width: 200, height: 600)
        #expect(model.frame(of: "root")!.width == 200)
        let conflicts = model.takeEvents().compactMap { if case .conflict(let c) = $0 { c } else { nil } }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.broken == "c3")
        #expect(conflicts.first?.constraints == ["c1", "c2", "c3", "root.width"])
        try model.setRootSize(width: 375, height: 600)
        #expect(!model.constraint("c3")!.isBroken)
    }

    @Test func constantChangeIntoAConflictBreaksThatConstraint() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .width, .lessThanOrEqual, c: 100))
        try model.addConstraint(spec("a", .width, c: 50))
        try model.setConstant("c2", 150)
        #expect(model.constraint("c2")!.isBroken)
        #expect(model.frame(of: "a")!.width == 100)
        try model.setConstant("c2", 80)
        #expect(!model.constraint("c2")!.isBroken)
        #expect(model.frame(of: "a")!.width == 80)
    }

    @Test func deactivateAndActivate() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .width, c: 100))
        try model.addConstraint(spec("a", .width, c: 200))
        #expect(model.constraint("c2")!.isBroken)
        try model.setActive("c1", false)
        #expect(model.frame(of: "a")!.width == 200)
        #expect(!model.constraint("c2")!.isBroken)
        try model.setActive("c1", true)
        #expect(model.constraint("c1")!.isBroken)
        #expect(model.frame(of: "a")!.width == 200)
    }
}

@Suite struct Ambiguity {
    @Test func componentsAreExact() throws {
        let model = LayoutModel()
        try model.addView("a")
        #expect(model.ambiguity().first?.components == [.x, .y, .width, .height])
        try model.addConstraint(spec("a", .leading, .equal, "root", .leading))
        try model.addConstraint(spec("a", .width, c: 10))
        #expect(model.ambiguity().first?.components == [.y, .height])
        // Two equal-priority constraints that disagree: ambiguous between them.
        try model.addConstraint(spec("a", .height, c: 10, p: 500))
        try model.addConstraint(spec("a", .height, c: 30, p: 500))
        #expect(model.ambiguity().first?.components == [.y, .height])
    }

    @Test func aSubviewPinnedInAnAmbiguousContainerIsNotAmbiguous() throws {
        let model = LayoutModel()
        try model.addView("card")
        try model.addView("a", in: "card")
        try pinned(model, "a", in: "card", 1, 2, 3, 4)
        #expect(model.ambiguity().map(\.view) == ["card"])
    }

    /// Auto Layout's engine never makes a size negative: an item's width and height have
    /// implicit required floors, which take part in conflicts as `a.width` / `a.height`.
    @Test func sizesAreNeverNegative() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leading, c: 100))
        try model.addConstraint(spec("a", .trailing, .equal, "root", .leading, c: 40))
        #expect(model.frame(of: "a")!.width == 0)
        let conflicts = model.takeEvents().compactMap { if case .conflict(let c) = $0 { c } else { nil } }
        #expect(conflicts == [Conflict(constraints: ["c1", "c2", "a.width"], broken: "c2")])
        #expect(model.implicitConstraint("a.width") == ImplicitConstraint(kind: .nonNegativeSize, item: "a", attribute: .width,
                                                                          relation: .greaterThanOrEqual, constant: 0))
        #expect(model.implicitConstraint("root.height")?.kind == .windowSize)
        #expect(model.implicitConstraint("a.top") == nil && model.implicitConstraint("nobody.width") == nil)
        // A guide's size has a floor too.
        try model.addGuide("g")
        try model.addConstraint(spec("g", .height, .equal, nil, nil, c: -5))
        #expect(model.frame(of: "g")!.height == 0)
        #expect(model.takeEvents().contains { if case .conflict(let c) = $0 { c == Conflict(constraints: ["c3", "g.height"], broken: "c3") } else { false } })
    }

    /// A removed item takes its floors with it: a view of the same name starts free.
    @Test func removingAViewRemovesItsFloors() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.removeView("a")
        #expect(model.implicitConstraint("a.width") == nil)
        try model.addView("a")
        try model.addConstraint(spec("a", .width, .equal, nil, nil, c: 30))
        #expect(model.frame(of: "a")!.width == 30)
        #expect(model.ambiguityReasons(of: "a").map(\.reason).contains(.noConstraints(.vertical)))
    }
}
