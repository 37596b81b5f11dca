import LayoutModel

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

/// `{"message": …, "column": N}` (column 1-based, or null).
private func errorObject(_ error: ShellError) -> String {
    "{\"message\":\(jsonString(error.text)),\"column\":\(error.column.map(String.init) ?? "null")}"
}

extension CommandResult {
    /// One JSON object on one line, with the keys the README's JSON section lists (and
    /// `output` for inspection commands). Empty for silent lines.
    public func renderJSON() -> String {
        if isSilent { return "" }
        var fields: [String] = []
        fields.append("\"line\":\(line)")
        fields.append("\"input\":\(jsonString(input))")
        fields.append("\"ok\":\(ok)")
        fields.append("\"error\":" + (error.map(errorObject) ?? "null"))
        func constraintArray(_ items: [ConstraintLine]) -> String {
            "[" + items.map { "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text))}" }.joined(separator: ",") + "]"
        }
        fields.append("\"added\":\(constraintArray(added))")
        fields.append("\"removed\":\(constraintArray(removed))")
        fields.append("\"views_added\":[" + viewsAdded.map(jsonString).joined(separator: ",") + "]")
        fields.append("\"views_removed\":[" + viewsRemoved.map(jsonString).joined(separator: ",") + "]")
        fields.append("\"changed\":[" + changed.map {
            "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text)),\"before\":\(jsonString($0.before)),\"what\":\(jsonString($0.what.rawValue))}"
        }.joined(separator: ",") + "]")
        func frameObject(_ frames: [(name: String, frame: Frame)]) -> String {
            "{" + frames.map { item in
                let f = item.frame
                return "\(jsonString(item.name)):{\"x\":\(jsonNumber(cleanValue(f.x))),\"y\":\(jsonNumber(cleanValue(f.y))),\"width\":\(jsonNumber(cleanValue(f.width))),\"height\":\(jsonNumber(cleanValue(f.height)))}"
            }.joined(separator: ",") + "}"
        }
        fields.append("\"frames\":" + frameObject(frames))
        // Only while a scale rounds `frames`: the solver's values, unrounded.
        if let exactFrames { fields.append("\"frames_exact\":" + frameObject(exactFrames)) }
        if !contentSizes.isEmpty {
            fields.append("\"content_sizes\":{" + contentSizes.map {
                "\(jsonString($0.scroll)):{\"width\":\(jsonNumber(cleanValue($0.width))),\"height\":\(jsonNumber(cleanValue($0.height)))}"
            }.joined(separator: ",") + "}")
        }
        if let fit { fields.append("\"fit\":{\"width\":\(jsonNumber(cleanValue(fit.width))),\"height\":\(jsonNumber(cleanValue(fit.height)))}") }
        if !guides.isEmpty { fields.append("\"guides\":[" + guides.map(jsonString).joined(separator: ",") + "]") }
        fields.append("\"broken\":[" + broken.map {
            "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString($0.text)),\"priority\":\(jsonNumber($0.priority)),\"wanted\":\(jsonNumber(cleanValue($0.wanted))),\"got\":\(jsonNumber(cleanValue($0.got))),\"error\":\(jsonNumber(cleanValue($0.error))),\"required\":\($0.isBrokenRequired)}"
        }.joined(separator: ",") + "]")
        fields.append("\"ambiguous\":{" + ambiguous.map {
            "\(jsonString($0.view)):[" + $0.components.map { jsonString($0.rawValue) }.joined(separator: ",") + "]"
        }.joined(separator: ",") + "}")
        fields.append("\"ambiguity\":" + ambiguityJSON)
        func conflictObject(_ c: ConflictReport) -> String {
            "{\"constraints\":[" + c.constraints.map { jsonString($0.id) }.joined(separator: ",") + "],\"broken\":\(jsonString(c.broken)),"
                + "\"sentence\":\(c.sentence.map(jsonString) ?? "null"),\"fix\":\(c.fix.map(jsonString) ?? "null"),\"note\":\(c.note.map(jsonString) ?? "null")}"
        }
        fields.append("\"conflict\":" + (conflicts.first.map(conflictObject) ?? "null"))
        fields.append("\"conflicts\":[" + conflicts.map(conflictObject).joined(separator: ",") + "]")
        if !rejected.isEmpty {
            fields.append("\"rejected\":[" + rejected.map {
                "{\"source\":\($0.source.map(jsonString) ?? "null"),\"line\":\($0.line),\"input\":\(jsonString($0.input)),\"error\":\(errorObject($0.error))}"
            }.joined(separator: ",") + "]")
        }
        if let explanation { fields.append("\"explanation\":" + explanation.json()) }
        // `draw`'s picture is text like any inspection's, at the width of `--check` (80).
        let text = output + (picture?.terminalLines(width: 80) ?? [])
        if !text.isEmpty { fields.append("\"output\":\(jsonString(text.joined(separator: "\n")))") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
