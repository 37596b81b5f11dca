import LayoutVocabulary
import LayoutModel

/// The listings of `frames` and `constraints`: tables of the model's values, in report words.
extension LayoutModel {
    /// `frames [--exact] [view]`: every view's frame, or those of `view`'s subtree, where
    /// UIKit places them (rounded to the scale's pixels) or, with `exact`, the solver's values.
    package func frameListing(_ view: String?, exact: Bool = false) -> [String] {
        let outline = view.map { self.outline(of: $0) } ?? self.outline()
        let frame = exact ? self.frame(of:) : self.placedFrame(of:)
        var lines = frameTable(outline.map { ($0.name, frame($0.name)!, false, $0.level) }, { text, _ in text },
                               guides: self.guideNames.elements)
        if let scale = self.scale {
            lines.append(exact ? "  (exact: the solver's values; reports round them to \(formatNumber(scale))x pixels)"
                               : "  (rounded to \(formatNumber(scale))x pixels; frames --exact shows the solver's values)")
        }
        return lines
    }

    /// `constraints [view]`: every constraint with id, name, text and state (of `view`'s
    /// subtree: constraints touching it or any of its subviews), as rows (JSON's `constraints`).
    package func constraintRows(_ view: String?) -> [ConstraintRow] {
        // Each listed record's state, not every broken constraint of the layout looked up by id.
        func row(_ record: ConstraintRecord) -> ConstraintRow {
            let broken = record.isActive ? self.brokenState(of: record) : nil
            return ConstraintRow(record: record, broken: broken, line: broken.map(self.brokenLine))
        }
        // As `frames VIEW` shows the subtree's frames, this shows every constraint touching it.
        if let view { return self.constraintRecords(touchingAnyOf: self.subtree(of: view)).map(row) }
        // The whole layout's rows straight from the records, not from a copy of every record
        // (a tenth of the shell's memory at the peak of listing 50 000 constraints).
        return self.constraintOrder.compactMap { id in self.constraint(id).map(row) }
    }

    /// The rows of `constraintRows` as the listing's text lines.
    package func constraintListing(_ rows: [ConstraintRow], view: String?) -> [String] {
        if rows.isEmpty { return [view.map { "no constraints touch \($0)" } ?? "no constraints yet"] }
        let labels = rows.map { row in row.name.map { "\(row.id) (\($0))" } ?? row.id }
        // Widths in characters, each counted once; closures, not key paths, which a release
        // build applied through the runtime at thousands of instructions a row.
        let labelCounts = labels.map { $0.count }, textCounts = rows.map { $0.text.count }
        let labelWidth = labelCounts.max() ?? 0
        let textWidth = textCounts.max() ?? 0
        var lines: [String] = []
        lines.reserveCapacity(rows.count)
        for index in rows.indices {
            let row = rows[index]
            var state = ""
            if !row.isActive { state = "inactive" }
            else if let broken = row.broken, let line = row.line {
                state = line.isStretch ? line.label + ": " + line.detail
                    : (row.isBrokenRequired ? "BROKEN (required, in conflict): " : "broken: ") + broken.shortfall
            }
            // Appended in place: `  label  text[  state]`, label and text padded to their columns.
            var line = "  "
            line.reserveCapacity(8 + labelWidth + textWidth + state.utf8.count)
            line += labels[index]
            if labelCounts[index] < labelWidth { line += String(repeating: " ", count: labelWidth - labelCounts[index]) }
            line += "  "
            line += row.text
            if !state.isEmpty {
                if textCounts[index] < textWidth { line += String(repeating: " ", count: textWidth - textCounts[index]) }
                line += "  "
                line += state
            }
            lines.append(line)
        }
        return lines
    }
}

/// One row of `constraints`: a constraint and its state, for the text listing and JSON.
public struct ConstraintRow: Sendable {
    public var id: String
    public var name: String?
    public var text: String
    public var priority: Double
    public var isActive: Bool
    /// Made by LayoutLab or UIKit (hugging, resistance, a guide's, autoresizing), not typed.
    public var isImplicit: Bool
    /// A required constraint in a conflict, held back below every optional one.
    public var isBrokenRequired: Bool
    /// How far it is from holding, when it does not hold.
    public var broken: BrokenConstraint? {
        get { brokenState?.broken }
        set { brokenState = Self.state(newValue, line) }
    }
    /// The report's words for it, when broken (stretch or failure).
    public var line: BrokenLine? {
        get { brokenState?.line }
        set { brokenState = Self.state(broken, newValue) }
    }
    /// Both of the above, out of line: a listing has a row for every constraint and most of
    /// them hold, where the two inline made every row some 300 bytes wide.
    private var brokenState: BrokenState?

    private final class BrokenState: Sendable {
        let broken: BrokenConstraint?
        let line: BrokenLine?
        init(_ broken: BrokenConstraint?, _ line: BrokenLine?) { self.broken = broken; self.line = line }
    }

    private static func state(_ broken: BrokenConstraint?, _ line: BrokenLine?) -> BrokenState? {
        broken == nil && line == nil ? nil : BrokenState(broken, line)
    }

    package init(record: ConstraintRecord, broken: BrokenConstraint?, line: BrokenLine?) {
        id = record.id
        name = record.name
        text = record.text
        priority = record.spec.priority.rawValue
        isActive = record.isActive
        isImplicit = record.isImplicit
        isBrokenRequired = record.isBroken
        brokenState = Self.state(broken, line)
    }

    /// `inactive`, `holds`, `broken`, `conflict` (a required one held back), or the words
    /// for a view stretched or squeezed as UIKit sizes it (`stretched`, `compressed`,
    /// `fitting size`).
    public var state: String {
        if !isActive { return "inactive" }
        guard let line else { return "holds" }
        if line.isStretch { return line.label }
        return isBrokenRequired ? "conflict" : "broken"
    }
}
