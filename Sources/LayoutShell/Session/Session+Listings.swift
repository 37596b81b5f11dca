import LayoutModel
import LayoutVocabulary

/// The listings of `frames`, `constraints`, `broken` and `ambiguous`.
extension Session {
    /// `frames [--exact] [view]`: every view's frame, or those of `view`'s subtree, where
    /// UIKit places them (rounded to the scale's pixels) or, with `exact`, the solver's values.
    func frameListing(_ view: String?, exact: Bool = false) -> [String] {
        let outline = view.map { model.outline(of: $0) } ?? model.outline()
        let levels = Dictionary(outline.map { ($0.name, $0.level) }, uniquingKeysWith: { a, _ in a })
        let frame = exact ? model.frame(of:) : model.placedFrame(of:)
        var lines = frameTable(outline.map { ($0.name, frame($0.name)!, false) }, { text, _ in text },
                               guides: model.guideNames) { levels[$0] ?? 0 }
        if let scale = model.scale {
            lines.append(exact ? "  (exact: the solver's values; reports round them to \(formatNumber(scale))x pixels)"
                               : "  (rounded to \(formatNumber(scale))x pixels; frames --exact shows the solver's values)")
        }
        return lines
    }

    /// `constraints [view]`: every constraint with id, name, text and state (of `view`'s
    /// subtree: constraints touching it or any of its subviews).
    func constraintListing(_ view: String?) -> [String] {
        // As `frames VIEW` shows the subtree's frames, this shows every constraint touching it.
        let records: [ConstraintRecord]
        if let view {
            let subtree = Set(model.subtree(of: view))
            records = model.constraintRecords().filter { $0.items.contains(where: subtree.contains) }
        } else {
            records = model.constraintRecords()
        }
        if records.isEmpty { return [view.map { "no constraints touch \($0)" } ?? "no constraints yet"] }
        let brokenByID = Dictionary(model.brokenConstraints().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let labels = records.map { record in record.name.map { "\(record.id) (\($0))" } ?? record.id }
        let labelWidth = labels.map(\.count).max() ?? 0
        let textWidth = records.map(\.text.count).max() ?? 0
        var lines: [String] = []
        for (record, label) in zip(records, labels) {
            var state = ""
            if !record.isActive { state = "inactive" }
            else if let broken = brokenByID[record.id] {
                let line = model.brokenLine(broken)
                state = line.isStretch ? line.label + ": " + line.detail
                    : (record.isBroken ? "BROKEN (required, in conflict): " : "broken: ") + broken.shortfall
            }
            let line = "  \(label.padding(labelWidth))  \(state.isEmpty ? record.text : record.text.padding(textWidth))\(state.isEmpty ? "" : "  " + state)"
            lines.append(line)
        }
        return lines
    }

    /// `broken [view]`: the failures first, then the stretches, as reports write them. The
    /// reader has seen them all now: reports go on from here.
    func brokenListing(_ view: String?) -> [String] {
        var items = model.reportedBroken()
        if let view {
            let subtree = Set(model.subtree(of: view))
            items = items.filter { model.constraint($0.id)?.items.contains(where: subtree.contains) ?? false }
        }
        let lines = items.map(model.brokenLine)
        if view == nil { markShown(broken: items) }
        if lines.isEmpty { return [view.map { "nothing broken in \($0)" } ?? "nothing broken"] }
        let failures = lines.filter { !$0.isStretch }, stretches = lines.filter(\.isStretch)
        var output = failures.map(\.line)
        if !stretches.isEmpty {
            if !failures.isEmpty { output.append("sized as UIKit sizes views (not failures):") }
            output += stretches.map(\.line)
        }
        return output
    }

    /// `ambiguous [view]`: every ambiguous view with why.
    /// - Complexity: one explanation (a question to the solver) per ambiguous view.
    func ambiguityListing(_ view: String?) -> [String] {
        var items = reportState.ambiguous
        if let view {
            let subtree = Set(model.subtree(of: view))
            items = items.filter { subtree.contains($0.view) }
        }
        let explained = items.map { item in
            var report = item
            report.explanations = explanations(of: item.view)
            return report
        }
        if view == nil { markShown(ambiguity: explained) }
        if explained.isEmpty { return [view.map { "nothing in \($0) is ambiguous" } ?? "nothing is ambiguous"] }
        return explained.map { "ambiguous: " + $0.text }
    }
}
