/// A console log as it is pasted, read one line at a time: whether the text so far looks like
/// a log (what `ConsoleLogReader.recognizes` says of it) and whether it is complete, that is,
/// it stops where UIKit or AppKit stop printing. The shell's `paste` ends at an empty line only
/// then, because real logs hold empty lines of their own (before "Will attempt to recover…",
/// before "Make a symbolic breakpoint…").
///
/// What ends a log:
/// - a conflict report ("Unable to simultaneously satisfy constraints", "Conflicting
///   constraints detected", or a bare list of constraint descriptions): its closing lines after
///   the broken constraint — UIKit's "… may also be helpful." or AppKit's "Set the NSUserDefault
///   NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints …". A report copied without
///   them (only the list, or up to the broken constraint) is never complete: UIKit always
///   prints more, so nothing here can tell the end of the copy from an empty line inside it.
/// - an ambiguity trace (`_autolayoutTrace`, "View has an ambiguous layout"): its legend.
///
/// Lines between and after these (other log messages, `(lldb)`) change nothing; a text with
/// no report or trace is not complete.
public struct PastedConsoleLog: Sendable {
    enum Phase: Equatable, Sendable {
        /// No report or trace has started.
        case nothing
        /// Inside a report, before "Will attempt to recover by breaking".
        case reportList
        /// After "Will attempt to recover by breaking", before its constraint has ended;
        /// `partial` is the description read so far (nil: not started).
        case brokenConstraint(partial: String?)
        /// After the broken constraint, before UIKit's or AppKit's closing line.
        case closingLines
        /// A report or a trace's legend has ended.
        case ended
        /// Inside an ambiguity trace, before its legend.
        case trace
        /// After a trace's "Legend:", before its first entry.
        case legend
    }

    private(set) var phase = Phase.nothing
    /// What `ConsoleLogReader.recognizes` answers for the lines read so far.
    public private(set) var looksLikeLog = false
    /// Non-empty lines read so far, up to the 200 `recognizes` looks at for a description.
    private var nonEmptyLines = 0

    public init() {}

    /// True when the lines read end where a log ends (see the type's comment).
    public var isComplete: Bool { phase == .ended }

    /// Reads the next line (without its line break).
    public mutating func read(_ line: Substring) {
        recognize(line)
        // A `#` line is a comment (LayoutLab's own), as the reader treats it.
        if line.hasPrefix("#") { return }
        let line = line.hasSuffix("\r") ? line.dropLast() : line
        if line.trimmed.isEmpty { return }
        if case .brokenConstraint(let partial?) = phase {
            continueBroken(partial + " " + line.trimmed)
            return
        }
        if ConsoleLogReader.conflictHeaders.contains(where: line.contains) {
            phase = .reportList
            return
        }
        if let range = line.range(of: ConsoleLogReader.brokenMarker) {
            phase = .brokenConstraint(partial: nil)
            readBroken(line[range.upperBound...])
            return
        }
        if Self.isClosingLine(line) {
            if phase == .closingLines { phase = .ended }
            return
        }
        if case .brokenConstraint(nil) = phase {
            readBroken(line)
            return
        }
        if line.contains("_autolayoutTrace") || line.contains("has an ambiguous layout") {
            phase = .trace
            return
        }
        if ConsoleLogReader.entryStart(in: line) != nil || line.contains("<private>") || line.trimmed == "(" {
            if !isInsideReport { phase = .reportList }
            return
        }
        if line.contains("Legend:") {
            if phase == .trace { phase = .legend }
            return
        }
        if ConsoleLogReader.traceEntry(line, number: 0) != nil {
            if phase != .trace { phase = .trace }
            return
        }
        if phase == .legend { phase = .ended }
    }

    private var isInsideReport: Bool {
        switch phase {
        case .reportList, .brokenConstraint, .closingLines: true
        case .nothing, .ended, .trace, .legend: false
        }
    }

    /// The text after "Will attempt to recover by breaking" (or the line after it): the broken
    /// constraint, redacted, or nothing yet.
    private mutating func readBroken(_ text: Substring) {
        if text.contains("<private>") {
            phase = .closingLines
        } else if let start = ConsoleLogReader.entryStart(in: text) {
            continueBroken(String(text[start...]))
        }
    }

    /// A broken constraint's description, which may wrap onto the next lines.
    private mutating func continueBroken(_ description: String) {
        phase = ConsoleLogReader.closingIndex(in: description) == nil ? .brokenConstraint(partial: description) : .closingLines
    }

    /// UIKit's last line ("The methods in the UIConstraintBasedLayoutDebugging category … may
    /// also be helpful.") or AppKit's ("Set the NSUserDefault
    /// NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints to YES …").
    static func isClosingLine(_ line: Substring) -> Bool {
        line.contains("may also be helpful") || line.contains("NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints")
    }

    /// `ConsoleLogReader.recognizes`, a line at a time: its marks never span a line break.
    private mutating func recognize(_ line: Substring) {
        guard !looksLikeLog else { return }
        if ConsoleLogReader.conflictHeaders.contains(where: line.contains) || line.contains(ConsoleLogReader.brokenMarker)
            || line.contains("AMBIGUOUS LAYOUT") {
            looksLikeLog = true
            return
        }
        guard !line.isEmpty, nonEmptyLines < 200 else { return }
        nonEmptyLines += 1
        if ConsoleLogReader.entryStart(in: line) != nil { looksLikeLog = true }
    }
}

extension ConsoleLogReader {
    /// Whether `text` ends where a console log ends: see `PastedConsoleLog`.
    public static func isComplete(_ text: String) -> Bool {
        var pasted = PastedConsoleLog()
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) { pasted.read(line) }
        return pasted.isComplete
    }
}
