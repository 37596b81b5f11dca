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
/// inserted (with a space after it unless it ends in `.`, `:` or `/`, so `a.`
/// can go on to an attribute and a directory to a file); several are listed
/// and their common prefix is inserted; none beeps.
protocol CompletionProvider {
    func completions(line: String, cursor: Int) -> (replaceFrom: Int, candidates: [String])

    /// Whether a single completed word at `replaceFrom` gets a space after it
    /// (the default); false where a space would end the word too early, such
    /// as inside a VFL format.
    func spaceAfterCompletion(line: String, replaceFrom: Int) -> Bool
}

extension CompletionProvider {
    func spaceAfterCompletion(line: String, replaceFrom: Int) -> Bool { true }
}

/// What the interactive loop drives, one input line at a time. LayoutShell's
/// session plugs in here (`LayoutShellEngine`, made by `makeEngine` in
/// Engine.swift). Replays of files and stdin do not go through this protocol:
/// they use LayoutShell's `Replay` directly (ReplayDriver.swift).
protocol ShellEngine: AnyObject, CompletionProvider {
    /// Runs one input line and returns the report to print (empty for none).
    /// A trailing newline is optional; the caller adds one when missing.
    func execute(_ line: String) -> String

    /// True once the session asked to end (`quit`).
    var isFinished: Bool { get }
}

/// Parameters the executable knows and the engine may want for its reports.
struct EngineContext {
    /// Columns to wrap reports to (the interactive shell reads the terminal's
    /// width again for every line).
    var width: Int
    /// Whether reports may contain ANSI colour.
    var color: Bool
    /// True in the interactive shell, false when replaying scripts or stdin.
    var interactive: Bool
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
