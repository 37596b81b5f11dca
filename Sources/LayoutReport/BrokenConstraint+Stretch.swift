import LayoutModel
import LayoutVocabulary

/// A broken optional constraint as every report writes it — after an input, under `draw`'s
/// picture, in `broken` and `constraints` — so they follow one rule.
///
/// An optional constraint at or below 250 that only lets a view grow or shrink as its content
/// hugging, its compression resistance or a fitting size allows is not a failure: it is how
/// UIKit sizes views. Those read as `stretched title (hugging.h 250): width 305, content 120`,
/// not as `broken … over by 185`.
public struct BrokenLine: Hashable, Sendable {
    /// `broken`, `broken (required, in conflict)`, `stretched`, `compressed` or `fitting size`.
    public package(set) var label: String
    /// The rest: `c3: a.width >= 100 @750 -- a.width is 80, needs at least 100: short by 20`.
    public package(set) var body: String
    /// The state alone, for a listing that shows the id and text already: `a.width is 80,
    /// needs at least 100: short by 20`, `width 305, content 120`.
    public package(set) var detail: String
    /// True for the kinds that are how UIKit sizes views, not failures.
    public package(set) var isStretch: Bool
    public package(set) var id: String

    /// What a reader compares from one report to the next.
    public var line: String { label + " " + body }
}

extension LayoutModel {
    /// The line a report writes for `item`.
    package func brokenLine(_ item: BrokenConstraint) -> BrokenLine {
        if let stretch = stretchLine(item) { return stretch }
        let label = item.isBrokenRequired ? "broken (required, in conflict)" : "broken"
        return BrokenLine(label: label, body: "\(item.id): \(item.text) -- \(item.shortfall)", detail: item.shortfall,
                          isStretch: false, id: item.id)
    }

    /// The broken constraints every report lists: all but a stack's fitting constraints, which
    /// give way in every working stack (lesson 15).
    package func reportedBroken() -> [BrokenConstraint] {
        // The list itself when none gives way (no stack): a filtered copy of every broken
        // constraint of a big layout, kept by the report state, was grown by doubling.
        let broken = brokenConstraints()
        return broken.contains { givesWayByDesign($0.id) } ? broken.filter { !givesWayByDesign($0.id) } : broken
    }

    /// The stretch words for `item`, or nil when it is a failure.
    private func stretchLine(_ item: BrokenConstraint) -> BrokenLine? {
        guard !item.isBrokenRequired, item.priority <= LayoutPriority.defaultLow.rawValue,
              let record = constraint(item.id), item.spec.firstAttribute.isSize else { return nil }
        let view = item.spec.firstItem
        let size = item.spec.firstAttribute.rawValue
        // Only hugging and resistance say these (`broken` writes a fitting size per view of a chain).
        var numbers: String { "\(size) \(formatValue(item.got)), content \(formatValue(item.wanted))" }
        var priority: String { formatNumber(item.priority) }
        switch record.kind {
        case .hugging(let axis):
            let shown = numbers
            return BrokenLine(label: "stretched", body: "\(view) (hugging.\(axis.letter) \(priority)): \(shown)",
                              detail: shown, isStretch: true, id: item.id)
        case .resistance(let axis):
            let shown = numbers
            return BrokenLine(label: "compressed", body: "\(view) (resistance.\(axis.letter) \(priority)): \(shown)",
                              detail: shown, isStretch: true, id: item.id)
        default:
            // `cell.height == 0 @50`, a stack's canvas-fit: systemLayoutSizeFitting's target,
            // which the content holds off.
            let fitting = givesWayByDesign(item.id)
                || (item.priority <= LayoutPriority.fittingSizeLevel.rawValue && item.spec.secondItem == nil)
            guard fitting else { return nil }
            let extreme = item.got > item.wanted ? "as small as its content allows" : "as large as its content allows"
            let detail = "\(view).\(size) \(formatValue(item.got)), \(extreme)"
            return BrokenLine(label: "fitting size", body: "\(item.id) (\(item.text)): \(detail)",
                              detail: detail, isStretch: true, id: item.id)
        }
    }
}

private extension LayoutAttribute.Axis {
    var letter: String { self == .horizontal ? "h" : "v" }
}
