/// Offers completions for the line being edited. The line editor calls it
/// when the user presses Tab.
///
/// `line` is the whole line and `cursor` the cursor's position in it. The
/// answer says where the word being completed starts (`replaceFrom`, at most
/// `cursor`) and what could replace the text between `replaceFrom` and
/// `cursor`. Both positions are offsets in Characters (`Array(line)`); the line
/// editor converts them to libedit's units.
///
/// Candidates should already match the typed prefix. One candidate is
/// inserted (with a space after it unless it ends in `.` or `:`, so `a.` can
/// go on to an attribute); several are listed and their common prefix is
/// inserted; none beeps.
protocol CompletionProvider {
    func completions(line: String, cursor: Int) -> (replaceFrom: Int, candidates: [String])
}

/// What the executable drives: the interactive loop, the replay of scripts and
/// `--check` all feed it one input line at a time. The session engine in
/// LayoutShell plugs in here (see `makeEngine` in Engine.swift), so the
/// executable never depends on the engine's concrete types.
protocol ShellEngine: AnyObject, CompletionProvider {
    /// Runs one input line and returns the report to print (empty for none).
    /// A trailing newline is optional; the caller adds one when missing.
    func execute(_ line: String) -> String

    /// True once the session asked to end (`quit`).
    var isFinished: Bool { get }

    /// True when the last `execute` rejected its input. Replay exits with
    /// status 1 if any line was rejected (DESIGN section 6).
    var lastInputRejected: Bool { get }

    /// The `--json` object for the last `execute`, one line, or nil when that
    /// input produces no object (blank lines and comments).
    func jsonReport(lineNumber: Int, input: String) -> String?
}

extension ShellEngine {
    var lastInputRejected: Bool { false }

    /// A minimal object with the fixed keys an engine cannot get wrong; a real
    /// engine replaces it with the full report of DESIGN section 6.
    func jsonReport(lineNumber: Int, input: String) -> String? {
        let trimmed = input.trimmingWhitespace
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let ok = !lastInputRejected
        return "{\"line\": \(lineNumber), \"input\": \(jsonString(input)), \"ok\": \(ok), \"error\": null}"
    }
}

/// Parameters the executable knows and the engine may want for its reports.
struct EngineContext {
    /// Columns to wrap reports to.
    var width: Int
    /// Whether reports may contain ANSI colour.
    var color: Bool
    /// True in the interactive shell, false when replaying scripts or stdin.
    var interactive: Bool
}

/// A JSON string literal for `s`, escaped per RFC 8259.
func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    /// (Kept here so the executable needs no Foundation.)
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
