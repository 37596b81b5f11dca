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
        constraintsListed(view).map { record in
            let broken = self.listedBrokenState(of: record)
            return ConstraintRow(record: record, broken: broken, line: broken.map(self.brokenLine))
        }
    }

    /// The rows of `constraintRows` as the listing's text lines (JSON prints both).
    package func constraintListing(_ rows: [ConstraintRow], view: String?) -> [String] {
        if rows.isEmpty { return [Self.noConstraintsListed(view)] }
        return listingLines(labels: rows.map { Self.listingLabel($0.id, $0.name) }, texts: rows.map(\.text)) { index in
            let row = rows[index]
            return Self.listingState(isActive: row.isActive, isBrokenRequired: row.isBrokenRequired, broken: row.broken, line: row.line)
        }
    }

    /// `constraints [view]` as text lines, the same as `constraintListing(constraintRows(view))`
    /// without the rows: a text report keeps each row's label and text until its line is made,
    /// and works out its state then (the rows were the larger part of the peak of listing the
    /// 50 000 constraints of a long chain).
    package func constraintListing(_ view: String?) -> [String] {
        let records = constraintsListed(view)
        if records.isEmpty { return [Self.noConstraintsListed(view)] }
        var labels: [String] = [], texts: [String] = []
        labels.reserveCapacity(records.count)
        texts.reserveCapacity(records.count)
        for record in records {
            labels.append(Self.listingLabel(record.id, record.name))
            texts.append(record.text)
        }
        return listingLines(labels: labels, texts: texts) { index in
            let record = records[index]
            let broken = self.listedBrokenState(of: record)
            return Self.listingState(isActive: record.isActive, isBrokenRequired: record.isBroken, broken: broken,
                                     line: broken.map(self.brokenLine))
        }
    }

    /// The records `constraints [view]` lists, in creation order, read where they are: the
    /// whole layout's straight from the table, not from a copy of every record (a tenth of the
    /// shell's memory at the peak of listing 50 000 constraints).
    private func constraintsListed(_ view: String?) -> ListedRecords {
        // As `frames VIEW` shows the subtree's frames, this shows every constraint touching it.
        if let view { return .some(self.constraintRecords(touchingAnyOf: self.subtree(of: view))) }
        return .all(self.constraintOrder.filter { self.constraint($0) != nil }, self)
    }

    /// Each listed record's state, not every broken constraint of the layout looked up by id.
    private func listedBrokenState(of record: ConstraintRecord) -> BrokenConstraint? {
        record.isActive ? self.brokenState(of: record) : nil
    }

    /// A listed constraint's first column: its id, and its name when it has one.
    private static func listingLabel(_ id: String, _ name: String?) -> String {
        name.map { "\(id) (\($0))" } ?? id
    }

    private static func noConstraintsListed(_ view: String?) -> String {
        view.map { "no constraints touch \($0)" } ?? "no constraints yet"
    }

    /// What the last column of a listed constraint says: nothing while it holds.
    private static func listingState(isActive: Bool, isBrokenRequired: Bool, broken: BrokenConstraint?, line: BrokenLine?) -> String {
        if !isActive { return "inactive" }
        guard let broken, let line else { return "" }
        return line.isStretch ? line.label + ": " + line.detail
            : (isBrokenRequired ? "BROKEN (required, in conflict): " : "broken: ") + broken.shortfall
    }

    /// The listing's lines, `  label  text[  state]`, label and text padded to their columns;
    /// `state(index)` is asked as each line is made.
    private func listingLines(labels: [String], texts: [String], state: (Int) -> String) -> [String] {
        // Widths in characters, each counted once; closures, not key paths, which a release
        // build applied through the runtime at thousands of instructions a row.
        let labelCounts = labels.map { $0.count }, textCounts = texts.map { $0.count }
        let labelWidth = labelCounts.max() ?? 0
        let textWidth = textCounts.max() ?? 0
        var lines: [String] = []
        lines.reserveCapacity(labels.count)
        for index in labels.indices {
            let state = state(index)
            // Appended in place: `  label  text[  state]`, label and text padded to their columns.
            var line = "  "
            line.reserveCapacity(8 + labelWidth + textWidth + state.utf8.count)
            line += labels[index]
            if labelCounts[index] < labelWidth { line += String(repeating: " ", count: labelWidth - labelCounts[index]) }
            line += "  "
            line += texts[index]
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

/// The records a listing shows, by position: a few copied (a view's subtree), or the whole
/// layout's looked up by id as they are read.
private enum ListedRecords: RandomAccessCollection {
    case some([ConstraintRecord])
    case all([String], LayoutModel)

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch self {
        case .some(let records): records.count
        case .all(let ids, _): ids.count
        }
    }

    subscript(index: Int) -> ConstraintRecord {
        switch self {
        case .some(let records): records[index]
        case .all(let ids, let model): model.constraint(ids[index])!
        }
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
