import LayoutVocabulary
import LayoutModel

/// The listings of `frames` and `constraints`: tables of the model's values, in report words.
extension LayoutModel {
    /// `frames [--exact] [view]`: every view's frame, or those of `view`'s subtree, where
    /// UIKit places them (rounded to the scale's pixels) or, with `exact`, the solver's values.
    package func frameListing(_ view: String?, exact: Bool = false) -> [String] {
        let outline = view.map { self.outline(of: $0) } ?? self.outline()
        let levels = Dictionary(outline.map { ($0.name, $0.level) }, uniquingKeysWith: { a, _ in a })
        let frame = exact ? self.frame(of:) : self.placedFrame(of:)
        var lines = frameTable(outline.map { ($0.name, frame($0.name)!, false) }, { text, _ in text },
                               guides: self.guideNames) { levels[$0] ?? 0 }
        if let scale = self.scale {
            lines.append(exact ? "  (exact: the solver's values; reports round them to \(formatNumber(scale))x pixels)"
                               : "  (rounded to \(formatNumber(scale))x pixels; frames --exact shows the solver's values)")
        }
        return lines
    }

    /// `constraints [view]`: every constraint with id, name, text and state (of `view`'s
    /// subtree: constraints touching it or any of its subviews).
    package func constraintListing(_ view: String?) -> [String] {
        // As `frames VIEW` shows the subtree's frames, this shows every constraint touching it.
        let records: [ConstraintRecord]
        if let view {
            let subtree = Set(self.subtree(of: view))
            records = self.constraintRecords().filter { $0.items.contains(where: subtree.contains) }
        } else {
            records = self.constraintRecords()
        }
        if records.isEmpty { return [view.map { "no constraints touch \($0)" } ?? "no constraints yet"] }
        let brokenByID = Dictionary(self.brokenConstraints().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let labels = records.map { record in record.name.map { "\(record.id) (\($0))" } ?? record.id }
        let labelWidth = labels.map(\.count).max() ?? 0
        let textWidth = records.map(\.text.count).max() ?? 0
        var lines: [String] = []
        for (record, label) in zip(records, labels) {
            var state = ""
            if !record.isActive { state = "inactive" }
            else if let broken = brokenByID[record.id] {
                let line = self.brokenLine(broken)
                state = line.isStretch ? line.label + ": " + line.detail
                    : (record.isBroken ? "BROKEN (required, in conflict): " : "broken: ") + broken.shortfall
            }
            let line = "  \(label.padding(labelWidth))  \(state.isEmpty ? record.text : record.text.padding(textWidth))\(state.isEmpty ? "" : "  " + state)"
            lines.append(line)
        }
        return lines
    }
}
