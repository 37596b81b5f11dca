import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutPictures

/// Pictures drawn from a model alone, without a session: what is clipped, and the terminal
/// picture's lines.
@Suite struct LayoutPictureTests {
    /// Root 80x40 holding `a` at (x, y, w, h), pinned by four required constraints.
    static func model(_ x: Double, _ y: Double, _ w: Double, _ h: Double) throws -> LayoutModel {
        let model = LayoutModel()
        try model.setRootSize(width: 80, height: 40)
        try model.addView("a")
        for (attribute, other, constant) in [(LayoutAttribute.left, LayoutAttribute?.some(.left), x), (.top, .top, y), (.width, nil, w), (.height, nil, h)] {
            try model.addConstraint(ConstraintSpec(firstItem: "a", firstAttribute: attribute, relation: .equal,
                                                   secondItem: other.map { _ in "root" }, secondAttribute: other,
                                                   multiplier: 1, constant: constant, priority: .required))
        }
        return model
    }

    @Test func aViewSticksOutOnTheLeft() throws {
        // a spans x -10…20 and y 5…15: the 10 points left of 0 are cut; 20x10 remain.
        let picture = LayoutPicture(model: try Self.model(-10, 5, 30, 10))
        #expect(picture.width == 80 && picture.height == 40)
        let a = try #require(picture.boxes.last)
        #expect(a.name == "a" && a.depth == 1)
        #expect(a.clipped == .left)
        #expect(a.visible == LayoutPicture.Rect(x: 0, y: 5, width: 20, height: 10))
        #expect(picture.notes == ["outside root, clipped: a (partly)"])
    }

    @Test func terminalLinesAtTwoPointsAColumn() throws {
        // At 44 columns, 40 of them for 80 points: 2 points a column, 4 a row (a row is two
        // columns' worth). a at (20, 8, 40, 24) is columns 10…30 and rows 2…8 of root's 0…40
        // and 0…10; names go inside their boxes, on the first free row.
        let lines = LayoutPicture(model: try Self.model(20, 8, 40, 24)).terminalLines(width: 44, height: nil)
        #expect(lines.first == "root 80x40, 1 column ≈ 2 points")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 44 })
        #expect(lines[1] == "  ┌────────────────────────────────────────┐")
        #expect(lines[2] == "  │ root                                   │")
        #expect(lines[3] == "  │         ┌────────────────────┐         │")
        #expect(lines[4] == "  │         │ a                  │         │")
        #expect(lines[9] == "  │         └────────────────────┘         │")
        #expect(lines.count == 12)
    }
}
