import Testing
@testable import LayoutModel
import LayoutVocabulary

/// `LayoutModel.copy()` is a checkpoint a refused change goes back to, so it must equal the
/// model in every stored property, solver included, and stay apart from it afterwards.
@Suite struct LayoutModelCopyTests {
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
        model.layoutText()
        return model
    }

    @Test func theTestModelSetsEveryStoredProperty() throws {
        let model = try Self.everythingSet()
        let fresh = LayoutModel()
        let freshProperties = Dictionary(uniqueKeysWithValues: Mirror(reflecting: fresh).children.map { ($0.label!, Self.dumped($0.value)) })
        // The window's size constraints are the same two ids in every model.
        for child in Mirror(reflecting: model).children where !["rootWidthID", "rootHeightID"].contains(child.label!) {
            // Were one left at its starting value, a copy that forgot it would still pass.
            #expect(Self.dumped(child.value) != freshProperties[child.label!], "set \(child.label!) in everythingSet()")
        }
    }

    @Test func aCopyEqualsTheModelInEveryStoredProperty() throws {
        let model = try Self.everythingSet()
        let copy = model.copy()
        #expect(Self.dumped(copy) == Self.dumped(model))
    }

    @Test func theCopyAndTheModelChangeApart() throws {
        let model = try Self.everythingSet()
        let before = Self.dumped(model)
        let copy = model.copy()
        try model.addView("c")
        try model.addConstraint(spec("c", .height, .equal, "a", .width, m: 2))
        try model.setConstant("c1", 70)
        try model.removeConstraint("c2")
        #expect(Self.dumped(copy) == before)
        #expect(model.frame(of: "a")!.width == 70)
        #expect(copy.frame(of: "a")!.width == 50)

        try copy.setConstant("c1", 55)
        #expect(copy.frame(of: "a")!.width == 55)
        #expect(model.frame(of: "a")!.width == 70)
    }
}
