import Testing
@testable import LayoutModel
import LayoutVocabulary
import UndoTrail

/// The model's one way back is its trail (`LayoutModel+Undo.swift`): every undoable stored
/// property must be trailed, so that rolling a step back leaves the model, solver included,
/// exactly as it was.
@Suite struct LayoutModelTrailTests {
    /// Everything a dump of the object shows: every stored property, recursively.
    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// A model in which every stored property differs from a fresh model's.
    static func everythingSet() throws -> LayoutModel {
        let model = LayoutModel()
        model.setDevice(Device.named("iPhone15")!, landscape: false)
        model.setBars(Bars(navigation: true))
        try model.setScale(3)
        model.setDirection(.rightToLeft)
        try model.addView("a", intrinsicWidth: 40, intrinsicHeight: nil)
        try model.addView("b")
        try model.addGuide("g")
        try model.addStack("s", axis: .vertical, arranged: ["b"])
        try model.addAutoresizingView("frame", frame: Frame(x: 1, y: 2, width: 3, height: 4))
        try model.addCell("row")
        try model.addScrollView("list")
        try model.setKeyboard(336)
        try model.addConstraint(spec("a", .width, c: 50), name: "fifty")
        // A required constraint that cannot hold is broken; a multiplier of 1e3 strains doubles.
        try model.addConstraint(spec("a", .width, c: 60))
        try model.addConstraint(spec("g", .width, .equal, "a", .width, m: 1e3))
        // Wrapping text that had to re-solve to settle (lastTextLayout).
        try model.addView("t")
        try model.setText("t", WrappingText(lineWidth: 600, lineHeight: 20))
        try model.addConstraint(spec("t", .width, c: 100))
        // Margins taken in from the safe area (59 at the top) and from the superview.
        try pinned(model, "m", 0, 0, 100, 100)
        try model.addView("mc", in: "m")
        try model.addConstraint(spec("mc", .top, .equal, "m", .topMargin))
        // A constraint read in the root names m's position, neither item's own variable
        // (constraintsByForeignVariable).
        try model.addConstraint(spec("mc", .left, .greaterThanOrEqual, "a", .left))
        try model.setPreservesSuperviewMargins("m", true)
        // A view gone again (viewOrderBreaks).
        try model.addView("gone")
        try model.removeView("gone")
        model.layoutText()
        return model
    }

    @Test func everyStoredPropertyIsTrailedOrNamedAsUntrailed() {
        let labels = Mirror(reflecting: LayoutModel()).children.map { $0.label ?? "?" }
        for child in Mirror(reflecting: LayoutModel()).children {
            #expect(child.value is any TrailRecording || LayoutModel.untrailedFields[child.label!] != nil,
                    "LayoutModel.\(child.label!) is neither trailed nor named in untrailedFields: decide whether undo takes it back")
        }
        for name in LayoutModel.untrailedFields.keys { #expect(labels.contains(name), "\(name) is no longer a property of LayoutModel") }
    }

    @Test func theTestModelSetsEveryStoredProperty() throws {
        let model = try Self.everythingSet()
        let fresh = LayoutModel()
        let freshProperties = Dictionary(uniqueKeysWithValues: Mirror(reflecting: fresh).children.map { ($0.label!, Self.dumped($0.value)) })
        // The window's size constraints are the same two ids in every model.
        for child in Mirror(reflecting: model).children where !["rootWidthID", "rootHeightID"].contains(child.label!) {
            // Were one left at its starting value, a trail that missed it would still pass.
            #expect(Self.dumped(child.value) != freshProperties[child.label!], "set \(child.label!) in everythingSet()")
        }
    }

    /// Changes every stored property (the things `everythingSet` sets, changed again), some
    /// of them twice, with `removeView` and `removeConstraint` among them.
    static func changeEverything(_ model: LayoutModel) throws {
        model.setDevice(Device.named("iPhoneSE")!, landscape: true)
        model.setBars(Bars(tab: true))
        try model.setScale(2)
        model.setDirection(.leftToRight)
        try model.addView("c")
        try model.addConstraint(spec("c", .height, .equal, "a", .width, m: 2), name: "double")
        try model.setConstant("c1", 70)
        try model.removeConstraint("c2")
        try model.removeView("b")
        try model.addGuide("h")
        try model.addStack("s2", axis: .horizontal, arranged: ["c"])
        try model.addCell("row2")
        try model.addScrollView("list2")
        try model.setKeyboard(200)
        try model.setText("t", WrappingText(lineWidth: 300, lineHeight: 10))
        try model.setPreservesSuperviewMargins("m", false)
        try model.setInsetsMarginsFromSafeArea("m", false)
        model.layoutText()
        try model.removeView("frame")
    }

    @Test func aRolledBackStepLeavesTheModelAsItWas() throws {
        let model = try Self.everythingSet()
        let before = model.undoableStateDump()
        let frames = model.frames().map { "\($0.name) \($0.frame)" }
        model.beginStep()
        try Self.changeEverything(model)
        #expect(model.undoableStateDump() != before)
        model.rollBackStep()
        #expect(model.undoableStateDump() == before)
        #expect(model.frames().map { "\($0.name) \($0.frame)" } == frames)
        #expect(model.openSteps == 0)
    }

    /// Steps nest: the newest goes first, each back to where it started; a forgotten step
    /// stays.
    @Test func stepsRollBackNewestFirstAndForgottenOnesStay() throws {
        let model = try Self.everythingSet()
        let start = model.undoableStateDump()
        model.beginStep()
        try model.addView("x")
        try model.addConstraint(spec("x", .width, c: 5))
        let afterFirst = model.undoableStateDump()
        model.beginStep()
        try Self.changeEverything(model)
        model.beginStep()
        try model.removeView("x")
        model.rollBackStep()
        model.rollBackStep()
        #expect(model.undoableStateDump() == afterFirst)
        model.forgetSteps(keepingNewest: 0)
        #expect(model.openSteps == 0)
        #expect(model.undoableStateDump() == afterFirst)
        #expect(model.undoableStateDump() != start)
    }
}
