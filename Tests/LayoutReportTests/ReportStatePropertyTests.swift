import Testing
import LayoutModel
import LayoutVocabulary
import TestSupport
@testable import LayoutReport

/// A report state kept up to date from the model's changes reads what a state read anew reads,
/// through random edits: views made (some nested), removed with their subviews, made again
/// under an old name, constraints added and removed, steps taken back, several edits between
/// two reports, a scale set and cleared.
@Suite struct ReportStatePropertyTests {
    static func names(_ entries: [(name: String, frame: Frame)]) -> [String] { entries.map(\.name) }
    static func frames(_ entries: [(name: String, frame: Frame)]) -> [Frame] { entries.map(\.frame) }

    /// One random edit in a step of its own; false when the model refused it (the step is
    /// then taken back, as the shell does).
    static func edit(_ model: LayoutModel, _ dice: inout SplitMix64, made: inout Int) -> Bool {
        let views = model.viewOrder.filter { $0 != "root" }
        let attributes: [LayoutAttribute] = [.left, .right, .top, .width, .height, .centerX]
        model.beginStep()
        do {
            switch dice.below(10) {
            case 0, 1, 2:
                // A new view, or one made again under a name used before.
                let name = dice.below(4) == 0 && made > 0 ? "v\(dice.below(made))" : "v\(made)"
                if name == "v\(made)" { made += 1 }
                let parent = views.isEmpty || dice.below(3) > 0 ? "root" : views[dice.below(views.count)]
                try model.addView(name, in: parent)
            case 3:
                guard !views.isEmpty else { break }
                try model.removeView(views[dice.below(views.count)])
            case 4, 5, 6:
                guard !views.isEmpty else { break }
                let first = views[dice.below(views.count)]
                let attribute = attributes[dice.below(attributes.count)]
                let priority = [1000.0, 750, 250, 1][dice.below(4)]
                let spec: ConstraintSpec
                if attribute == .width || attribute == .height {
                    spec = ConstraintSpec(firstItem: first, firstAttribute: attribute, relation: [.equal, .greaterThanOrEqual][dice.below(2)],
                                          secondItem: nil, secondAttribute: nil, multiplier: 1, constant: Double(10 * dice.below(20)),
                                          priority: LayoutPriority(priority))
                } else {
                    let second = model.view(first)?.parent ?? "root"
                    spec = ConstraintSpec(firstItem: first, firstAttribute: attribute, relation: .equal, secondItem: second,
                                          secondAttribute: attribute, multiplier: 1, constant: Double(5 * dice.below(30)),
                                          priority: LayoutPriority(priority))
                }
                _ = try model.addConstraint(spec)
            case 7:
                let ids = model.constraintRecords().filter { !$0.isImplicit }.map(\.id)
                guard !ids.isEmpty else { break }
                try model.removeConstraint(ids[dice.below(ids.count)])
            case 8:
                try model.setScale(dice.below(3) == 0 ? nil : Double(1 + dice.below(3)))
            default:
                // Takes back this (empty) step and the one before it, if any.
                model.rollBackStep()
                if model.openSteps > 0 { model.rollBackStep() }
                return true
            }
        } catch {
            model.rollBackStep()
            return false
        }
        return true
    }

    /// `last`: every update as though none followed, so that its reloads leave the look-up
    /// tables to the next update that needs them.
    @Test(arguments: Array(1...12) as [UInt64], [false, true])
    func anUpdatedStateReadsWhatAStateReadAnewReads(seed: UInt64, last: Bool) throws {
        let model = LayoutModel()
        try model.setRootSize(width: 400, height: 300)
        var dice = SplitMix64(seed: seed)
        var state = ReportState()
        var shown = state.update(from: model, last: last)
        var made = 0
        for round in 0..<200 {
            // One to three edits between two reports.
            for _ in 0...dice.below(3) { _ = Self.edit(model, &dice, made: &made) }
            let before = Dictionary(state.frames.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
            shown = state.update(from: model, last: last)
            var fresh = ReportState()
            _ = fresh.update(from: model)
            #expect(Self.names(state.frames) == Self.names(fresh.frames), "round \(round)")
            #expect(Self.frames(state.frames) == Self.frames(fresh.frames), "round \(round)")
            #expect(state.exactFrames.map(Self.frames) == fresh.exactFrames.map(Self.frames), "round \(round)")
            #expect(state.broken == fresh.broken, "round \(round)")
            #expect(state.ambiguous == fresh.ambiguous, "round \(round)")
            // Every view that is new or moved is among the changed ones the update returned.
            let changed = Set(shown.map(\.name))
            let moved = state.frames.filter { before[$0.name] != $0.frame }.map(\.name)
            #expect(moved.allSatisfy(changed.contains), "round \(round): \(moved.filter { !changed.contains($0) })")
            // Its places in the frames are those of the entries it returned.
            #expect(state.changedPositions.map { state.frames[$0].name } == shown.map(\.name), "round \(round)")
            // Places are found by name (the report's tree order reads them).
            let rows = state.treeOrder(of: state.frames, limit: .max, in: model)
            #expect(Set(rows.map(\.name)) == Set(state.frames.map(\.name)), "round \(round)")
            // A state read anew, whose every frame changed, finds its first rows by walking the
            // outline's head: the rows the ranks of every view give.
            var head = ReportState()
            let all = head.update(from: model)
            let headRows = head.treeOrder(of: all, positions: head.changedPositions, limit: 12, in: model, last: true)
            #expect(headRows.map(\.name) == rows.prefix(12).map(\.name), "round \(round)")
            #expect(headRows.map(\.frame) == rows.prefix(12).map(\.frame), "round \(round)")
            #expect(headRows.map(\.level) == rows.prefix(12).map(\.level), "round \(round)")
        }
    }
}
