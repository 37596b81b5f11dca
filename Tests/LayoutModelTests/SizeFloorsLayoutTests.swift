import Testing
@testable import LayoutModel
@testable import Cassowary

/// An item's size floors keep the solver's ids in four bytes each: they must read back as
/// given, and the record must stay as small as it was made (the model keeps one per item).
@Suite struct SizeFloorsLayoutTests {
    @Test func idsReadBack() {
        for (width, height) in [(0, 1), (41, 7), (Int(UInt32.max), Int(UInt32.max) - 1)] {
            let floors = SizeFloors(width: ConstraintID(id: width), height: ConstraintID(id: height),
                                    widthTerms: [Term(Variable(id: 2))], heightTerms: [Term(Variable(id: 3))])
            #expect(floors.width == ConstraintID(id: width) && floors.height == ConstraintID(id: height))
            #expect(floors.widthTerms.map(\.variable.id) == [2] && floors.heightTerms.map(\.variable.id) == [3])
        }
    }

    /// A model's floors name the solver's constraints on the item's width and height.
    @Test func modelFloorsNameTheirConstraints() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b", in: "a")
        for name in ["a", "b"] {
            let floors = try #require(model.sizeFloors(of: name))
            #expect(floors.width != floors.height)
            #expect(model.implicitSolverID("\(name).width") == floors.width)
            #expect(model.implicitSolverID("\(name).height") == floors.height)
        }
    }

    @Test func staysSmall() {
        #expect(MemoryLayout<SizeFloors>.stride == 24)
        #expect(MemoryLayout<SizeFloors?>.stride == 24)
    }
}
