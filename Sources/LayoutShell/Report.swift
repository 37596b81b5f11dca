import LayoutModel

/// A constraint as reports show it: id and canonical text.
public struct ConstraintLine: Hashable, Sendable {
    public var id: String
    public var text: String
    /// The user's name for it (`minW: a.width >= 100`), shown beside the id.
    public var name: String? = nil

    /// `c3`, or `c3 (minW)` when the constraint has a name.
    var label: String { name.map { "\(id) (\($0))" } ?? id }
}

/// A constraint that changed: its text now and before.
public struct ChangedConstraint: Hashable, Sendable {
    public var id: String
    public var text: String
    public var before: String
    /// e.g. "deactivated", "activated", "constant", "priority".
    public var what: String
}

/// A required conflict, with the members' texts for the report.
public struct ConflictReport: Hashable, Sendable {
    public var constraints: [ConstraintLine]
    public var broken: String
}

/// Which frame components of a view are ambiguous, and (later, with Diagnostics) why.
public struct AmbiguityReport: Hashable, Sendable {
    public var view: String
    public var components: [FrameComponent]
    /// A one-line reason; nil until the Diagnostics issue fills it in.
    public var reason: String?
}

/// Everything the shell has to say after one input (DESIGN §5), ready to render as text or JSON.
public struct CommandResult: Sendable {
    public var line: Int
    public var input: String
    /// False when the line was rejected (and nothing changed).
    public var ok = true
    /// True for blank and comment lines: they produce no report and no JSON object.
    public var isSilent = false
    public var error: ShellError?
    public var added: [ConstraintLine] = []
    public var removed: [ConstraintLine] = []
    public var changed: [ChangedConstraint] = []
    /// Broken required constraints that hold again.
    public var repaired: [ConstraintLine] = []
    public var viewsAdded: [String] = []
    public var viewsRemoved: [String] = []
    /// Every view's frame in superview coordinates, in creation order (root first).
    public var frames: [(name: String, frame: Frame)] = []
    /// The views whose frame changed with this input, in creation order.
    public var changedFrameList: [(name: String, frame: Frame)] = []
    /// Names of the views whose frame changed with this input.
    public var changedFrames: [String] { changedFrameList.map(\.name) }
    /// Whether this input may have changed the layout (so the text report shows the layout part).
    public var showsLayout = false
    public var broken: [BrokenConstraint] = []
    public var ambiguous: [AmbiguityReport] = []
    public var conflicts: [ConflictReport] = []
    public var warnings: [LayoutWarning] = []
    /// Free text of inspection commands (frames, constraints, help, …) and notes.
    public var output: [String] = []
    /// Set by `quit`.
    public var quits = false

    init(line: Int, input: String) {
        self.line = line
        self.input = input
    }

    /// The most frames the text report lists one by one when the session is large.
    public static let frameLinesCap = 12
    /// The most added/removed constraints the text report lists one by one.
    public static let constraintLinesCap = 20
}

// MARK: - Text

enum ANSI {
    static let red = "\u{1B}[31m", green = "\u{1B}[32m", yellow = "\u{1B}[33m", magenta = "\u{1B}[35m"
    static let cyan = "\u{1B}[36m", bold = "\u{1B}[1m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"
}

extension CommandResult {
    /// The report as a person reads it. `width` is the terminal's width (lines that would be
    /// longer are wrapped at spaces); `color` adds ANSI colours (only on a TTY without NO_COLOR —
    /// the caller decides).
    ///
    /// `promptWidth` is for the interactive shell, where the line just typed is still on the
    /// screen after a prompt of that many columns: the caret then goes straight under the
    /// typed line instead of under a copy of it (when the line is plain ASCII and fits).
    public func renderText(width: Int = 80, color: Bool = false, promptWidth: Int? = nil) -> String {
        if isSilent { return "" }
        var lines: [String] = []
        func paint(_ text: String, _ code: String) -> String { color ? code + text + ANSI.reset : text }
        if let error {
            let plain = input.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            if let column = error.column, let promptWidth, plain, promptWidth + input.count < width {
                lines.append(String(repeating: " ", count: promptWidth + max(0, column - 1)) + paint("^", ANSI.red))
            } else if let column = error.column {
                // Show the input as typed; control characters as '?', and a window of a long line.
                var scalars = Array(input.unicodeScalars).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }
                var caret = column - 1
                if scalars.count > 120 {
                    let from = max(0, min(caret - 60, scalars.count - 120))
                    scalars = Array(scalars[from..<min(scalars.count, from + 120)])
                    caret -= from
                }
                var shown = String.UnicodeScalarView()
                shown.append(contentsOf: scalars)
                lines.append(String(shown))
                lines.append(String(repeating: " ", count: max(0, caret)) + "^")
            }
            let place = error.column.map { " at column \($0)" } ?? ""
            // One line (DESIGN §5), never wrapped: a script can grep for it.
            lines.append(paint("error\(place): ", ANSI.red) + error.text)
            return lines.joined(separator: "\n")
        }
        // Free text (help, listings) wraps at the width; report lines stay one line each.
        if !output.isEmpty { lines.append(wrap(output, width: width)) }
        for name in viewsAdded.prefix(Self.constraintLinesCap) { lines.append(paint("added view ", ANSI.green) + name) }
        if viewsAdded.count > Self.constraintLinesCap { lines.append("… and \(viewsAdded.count - Self.constraintLinesCap) more views added") }
        for name in viewsRemoved.prefix(Self.constraintLinesCap) { lines.append(paint("removed view ", ANSI.red) + name) }
        if viewsRemoved.count > Self.constraintLinesCap { lines.append("… and \(viewsRemoved.count - Self.constraintLinesCap) more views removed") }
        for item in added.prefix(Self.constraintLinesCap) { lines.append(paint("added ", ANSI.green) + "\(item.label): \(item.text)") }
        if added.count > Self.constraintLinesCap { lines.append("… and \(added.count - Self.constraintLinesCap) more constraints added") }
        for item in removed.prefix(Self.constraintLinesCap) { lines.append(paint("removed ", ANSI.red) + "\(item.id): \(item.text)") }
        if removed.count > Self.constraintLinesCap { lines.append("… and \(removed.count - Self.constraintLinesCap) more constraints removed") }
        for item in changed.prefix(Self.constraintLinesCap) {
            if item.what == "activated" || item.what == "deactivated" {
                lines.append(paint(item.what, ANSI.cyan) + " \(item.id): \(item.text)")
            } else {
                lines.append(paint("changed ", ANSI.cyan) + "\(item.id): \(item.text)   (was \(item.before))")
            }
        }
        if changed.count > Self.constraintLinesCap { lines.append("… and \(changed.count - Self.constraintLinesCap) more changed") }
        for conflict in conflicts {
            lines.append(paint("conflict: ", ANSI.red) + "Unable to simultaneously satisfy constraints; these cannot all hold:")
            let idWidth = conflict.constraints.map(\.id.count).max() ?? 0
            for member in conflict.constraints {
                lines.append("    \(member.id.padding(idWidth))  \(member.text)")
            }
            let text = conflict.constraints.first { $0.id == conflict.broken }?.text ?? ""
            lines.append("  Will attempt to recover by breaking \(conflict.broken): \(text)")
            lines.append("  (\(conflict.broken) stays, marked broken, and holds again as soon as the others allow it)")
        }
        for item in repaired { lines.append(paint("holds again ", ANSI.green) + "\(item.id): \(item.text)") }
        if showsLayout {
            lines.append(contentsOf: frameLines(paint))
            for item in broken.prefix(Self.constraintLinesCap) {
                let label = item.isBrokenRequired ? "broken (required, in conflict)" : "broken"
                lines.append(paint(label, ANSI.yellow) + " \(item.id): \(item.text) -- wanted \(formatValue(item.wanted)), got \(formatValue(item.got)) (error \(formatValue(item.error)))")
            }
            if broken.count > Self.constraintLinesCap {
                lines.append("… and \(broken.count - Self.constraintLinesCap) more broken (`constraints` lists them all)")
            }
            if !ambiguous.isEmpty {
                // A screenful at most: a squeezed chain of a thousand views is ambiguous in all of them.
                var parts = ambiguous.prefix(Self.frameLinesCap).map { item -> String in
                    let components = item.components.map(\.rawValue).joined(separator: ", ")
                    return "\(item.view) (\(components))" + (item.reason.map { ": \($0)" } ?? "")
                }
                if ambiguous.count > Self.frameLinesCap {
                    parts.append("… and \(ambiguous.count - Self.frameLinesCap) more views")
                }
                lines.append(paint("ambiguous: ", ANSI.magenta) + parts.joined(separator: "; "))
            }
            for warning in warnings { lines.append(paint("warning: ", ANSI.yellow) + warning.text) }
        }
        return lines.joined(separator: "\n")
    }

    /// All frames while the session has at most 12 views (changed ones marked `*`); past that,
    /// only the changed ones, capped, with a count of the rest.
    func frameLines(_ paint: (String, String) -> String) -> [String] {
        var rows: [(String, Frame, Bool)]
        var rest = 0
        if frames.count <= Self.frameLinesCap {
            let changedSet = Set(changedFrames)
            rows = frames.map { ($0.name, $0.frame, changedSet.contains($0.name)) }
        } else {
            rows = changedFrameList.prefix(Self.frameLinesCap).map { ($0.name, $0.frame, true) }
            rest = changedFrameList.count - rows.count
        }
        if rows.isEmpty { return [] }
        return frameTable(rows, paint) + (rest > 0 ? ["  … and \(rest) more frames changed (frames lists all)"] : [])
    }
}

/// `  view  x  y  width  height` table; rows flagged true get a `*`.
func frameTable(_ rows: [(String, Frame, Bool)], _ paint: (String, String) -> String) -> [String] {
    let cells = rows.map { row in [row.0, formatValue(row.1.x), formatValue(row.1.y), formatValue(row.1.width), formatValue(row.1.height)] }
    let header = ["view", "x", "y", "width", "height"]
    var widths = header.map(\.count)
    for row in cells { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    func format(_ row: [String]) -> String {
        row.enumerated().map { i, cell in i == row.count - 1 ? cell : cell.padding(widths[i]) }.joined(separator: "  ")
    }
    var lines = ["  " + format(header)]
    for (row, flagged) in zip(cells, rows.map(\.2)) {
        lines.append((flagged ? paint("*", ANSI.bold) : " ") + " " + format(row))
    }
    return lines
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Joins lines, wrapping any longer than `width` at spaces (continuations indented by 4).
/// Indented lines (tables, listings) are never wrapped: a row stays one row.
func wrap(_ lines: [String], width: Int) -> String {
    guard width >= 20 else { return lines.joined(separator: "\n") }
    var out: [String] = []
    for line in lines {
        // Never wrap lines holding escape codes or carets (they are laid out on purpose).
        if line.count <= width || line.contains("\u{1B}") || line.hasSuffix("^") || line.hasPrefix(" ") {
            out.append(line)
            continue
        }
        var rest = Substring(line)
        var first = true
        while rest.count > width - (first ? 0 : 4) {
            let limit = width - (first ? 0 : 4)
            let head = rest.prefix(limit)
            guard let space = head.lastIndex(of: " "), space > head.startIndex, head[..<space].contains(where: { $0 != " " }) else { break }
            out.append((first ? "" : "    ") + rest[..<space])
            rest = rest[rest.index(after: space)...]
            first = false
        }
        out.append((first ? "" : "    ") + rest)
    }
    return out.joined(separator: "\n")
}

// MARK: - JSON

/// A JSON string literal with every character that needs it escaped.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// A number as JSON: shortest exact form; non-finite values (never expected) become null.
func jsonNumber(_ value: Double) -> String {
    value.isFinite ? formatNumber(value) : "null"
}

extension CommandResult {
    /// One JSON object (one line) with exactly DESIGN §6's keys, plus `removed`, `changed`,
    /// `conflicts` and `warnings`. Empty for silent lines.
    public func renderJSON() -> String {
        if isSilent { return "" }
        var fields: [String] = []
        fields.append("\"line\":\(line)")
        fields.append("\"input\":\(jsonString(input))")
        fields.append("\"ok\":\(ok)")
        if let error {
            fields.append("\"error\":{\"message\":\(jsonString(error.text)),\"column\":\(error.column.map(String.init) ?? "null")}")
        } else {
            fields.append("\"error\":null")
        }
        func constraintArray(_ items: [ConstraintLine]) -> String {
            "[" + items.map { "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text))}" }.joined(separator: ",") + "]"
        }
        fields.append("\"added\":\(constraintArray(added))")
        fields.append("\"removed\":\(constraintArray(removed))")
        fields.append("\"changed\":[" + changed.map {
            "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text)),\"before\":\(jsonString($0.before)),\"what\":\(jsonString($0.what))}"
        }.joined(separator: ",") + "]")
        fields.append("\"frames\":{" + frames.map { item in
            let f = item.frame
            return "\(jsonString(item.name)):{\"x\":\(jsonNumber(cleanValue(f.x))),\"y\":\(jsonNumber(cleanValue(f.y))),\"width\":\(jsonNumber(cleanValue(f.width))),\"height\":\(jsonNumber(cleanValue(f.height)))}"
        }.joined(separator: ",") + "}")
        fields.append("\"broken\":[" + broken.map {
            "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text)),\"priority\":\(jsonNumber($0.priority)),\"wanted\":\(jsonNumber(cleanValue($0.wanted))),\"got\":\(jsonNumber(cleanValue($0.got))),\"error\":\(jsonNumber(cleanValue($0.error))),\"required\":\($0.isBrokenRequired)}"
        }.joined(separator: ",") + "]")
        fields.append("\"ambiguous\":{" + ambiguous.map {
            "\(jsonString($0.view)):[" + $0.components.map { jsonString($0.rawValue) }.joined(separator: ",") + "]"
        }.joined(separator: ",") + "}")
        func conflictObject(_ c: ConflictReport) -> String {
            "{\"constraints\":[" + c.constraints.map { jsonString($0.id) }.joined(separator: ",") + "],\"broken\":\(jsonString(c.broken))}"
        }
        fields.append("\"conflict\":" + (conflicts.first.map(conflictObject) ?? "null"))
        fields.append("\"conflicts\":[" + conflicts.map(conflictObject).joined(separator: ",") + "]")
        fields.append("\"warnings\":[" + warnings.map { jsonString($0.text) }.joined(separator: ",") + "]")
        if !output.isEmpty { fields.append("\"output\":\(jsonString(output.joined(separator: "\n")))") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
