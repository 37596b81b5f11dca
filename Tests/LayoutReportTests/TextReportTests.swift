import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutReport

/// The text report of a model read through ReportState, without a session: frames, the
/// broken list and its words, caps, wrapping.
@Suite struct TextReportTests {
    /// Root 200x100 with `a` pinned at (10, 20, 100, 50) by four required constraints
    /// (c1…c4), and `c5: a.width == 150 @500`, which cannot hold: a is 100 wide, 50 short.
    static func model() throws -> LayoutModel {
        let model = LayoutModel()
        try model.setRootSize(width: 200, height: 100)
        try model.addView("a")
        func spec(_ attribute: LayoutAttribute, _ other: LayoutAttribute?, _ constant: Double, _ priority: Double = 1000) -> ConstraintSpec {
            ConstraintSpec(firstItem: "a", firstAttribute: attribute, relation: .equal, secondItem: other.map { _ in "root" },
                           secondAttribute: other, multiplier: 1, constant: constant, priority: LayoutPriority(priority))
        }
        try model.addConstraint(spec(.left, .left, 10))
        try model.addConstraint(spec(.top, .top, 20))
        try model.addConstraint(spec(.width, nil, 100))
        try model.addConstraint(spec(.height, nil, 50))
        try model.addConstraint(spec(.width, nil, 150, 500))
        return model
    }

    /// What a report after the model's inputs shows: every frame new, so all marked.
    static func report(_ model: LayoutModel) -> CommandResult {
        var state = ReportState()
        var result = CommandResult(line: 1, input: "a.width == 150 @500")
        result.changedFrameList = state.update(from: model)
        result.frames = state.frames
        result.broken = state.broken
        // News: every broken constraint is new to a reader who has seen nothing yet.
        var news = DiagnosticNews()
        news.broken = state.broken.map(model.brokenLine)
        result.news = news
        result.layout = .changes
        return result
    }

    @Test func framesAndTheBrokenConstraintInWords() throws {
        let lines = Self.report(try Self.model()).renderText(width: 80).split(separator: "\n").map(String.init)
        #expect(lines == [
            "  view  x   y   width  height",
            "* root  0   0   200    100",
            "* a     10  20  100    50",
            "broken c5: a.width == 150 @500 -- a.width is 100, needs 150: short by 50",
        ])
    }

    @Test func narrowTerminalsWrapTheBrokenLineButNotTheTable() throws {
        let text = Self.report(try Self.model()).renderText(width: 40)
        let lines = text.split(separator: "\n").map(String.init)
        // The broken line (72 columns) breaks at the last space within 40, continuations
        // indented 4 and broken within 36.
        #expect(lines.count == 6)
        #expect(lines[1] == "* root  0   0   200    100")
        #expect(lines[3] == "broken c5: a.width == 150 @500 --")
        #expect(lines[4] == "    a.width is 100, needs 150: short by")
        #expect(lines[5] == "    50")
        #expect(lines.allSatisfy { $0.count <= 40 })
    }
}
