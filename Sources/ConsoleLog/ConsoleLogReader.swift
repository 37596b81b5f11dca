import Foundation
import LayoutVocabulary

/// Reads the text of a console log — as copied from Xcode's console, Console.app, a syslog
/// file or an issue thread (timestamps, `[LayoutConstraints]` prefixes, extra indentation,
/// Markdown escapes) — into a `ConsoleLog`. Never throws: what it cannot read becomes a note
/// with its line number, and everything else is kept.
public enum ConsoleLogReader {
    /// Longer texts are refused by the caller; the reader itself reads anything.
    public static let conflictHeaders = ["Unable to simultaneously satisfy constraints", "Conflicting constraints detected"]
    static let brokenMarker = "Will attempt to recover by breaking"
    /// A continued description stops after this many lines (a log cut in the middle of one).
    static let maxContinuationLines = 8

    /// Whether the text looks like a console log: a conflict header, a constraint description,
    /// or an autolayout trace.
    public static func recognizes(_ text: String) -> Bool {
        if conflictHeaders.contains(where: text.contains) || text.contains(brokenMarker) || text.contains("AMBIGUOUS LAYOUT") { return true }
        return text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200).contains { entryStart(in: $0) != nil }
    }

    public static func read(_ text: String) -> ConsoleLog {
        var log = ConsoleLog()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var report: ConflictLog?
        var awaitingBroken = false
        var insideList = false
        var trace: AutolayoutTrace?

        func finishReport() {
            if let done = report, !done.constraints.isEmpty || done.broken != nil || done.redactedEntries > 0 { log.reports.append(done) }
            report = nil
            awaitingBroken = false
            insideList = false
        }
        func finishTrace() {
            if let done = trace, !done.entries.isEmpty { log.traces.append(done) }
            trace = nil
        }

        var index = 0
        while index < lines.count {
            let number = index + 1
            let line = lines[index]
            index += 1
            // A `#` line is a comment (LayoutLab's own, e.g. a file's source note), never UIKit's.
            if line.hasPrefix("#") { continue }
            if let header = conflictHeaders.first(where: { line.contains($0) }) {
                finishReport()
                finishTrace()
                var started = ConflictLog(line: number)
                let after = line[line.range(of: header)!.upperBound...]
                started.platform = header.hasPrefix("Conflicting") || after.hasPrefix(":") ? .macOS : (after.hasPrefix(".") ? .iOS : .unknown)
                report = started
                insideList = true
                if after.contains("<private>") {
                    report!.redactedEntries += 1
                    log.notes.append(LogNote(line: number, message: "the constraints are redacted as <private> (the log hid private data): nothing to import from this report"))
                }
                if after.contains("(") && !after.contains("<") { insideList = true }
                continue
            }
            if let range = line.range(of: brokenMarker) {
                if report == nil { report = ConflictLog(line: number) }
                awaitingBroken = true
                insideList = false
                let rest = line[range.upperBound...]
                if rest.contains("<private>") {
                    report!.redactedEntries += 1
                    awaitingBroken = false
                    log.notes.append(LogNote(line: number, message: "the broken constraint is redacted as <private>: skipped"))
                    continue
                }
                guard let start = entryStart(in: rest) else { continue }
                index = readEntry(from: rest[start...], lineNumber: number, lines: lines, next: index, into: &log, report: &report, awaitingBroken: &awaitingBroken)
                continue
            }
            if line.contains("<private>") {
                if report == nil { report = ConflictLog(line: number) }
                if awaitingBroken {
                    awaitingBroken = false
                    log.notes.append(LogNote(line: number, message: "the broken constraint is redacted as <private>: skipped"))
                } else {
                    log.notes.append(LogNote(line: number, message: "a constraint redacted as <private> (the log hid private data): skipped"))
                }
                report!.redactedEntries += 1
                continue
            }
            if let start = entryStart(in: line) {
                finishTrace()
                if report == nil {
                    report = ConflictLog(line: number)
                    insideList = true
                }
                index = readEntry(from: line[start...], lineNumber: number, lines: lines, next: index, into: &log, report: &report, awaitingBroken: &awaitingBroken)
                continue
            }
            if line.contains("Legend:") {
                finishTrace()
                continue
            }
            if let entry = traceEntry(line, number: number) {
                if trace == nil {
                    finishReport()
                    trace = AutolayoutTrace(line: number)
                }
                trace!.entries.append(entry)
                continue
            }
            let content = line.trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\"\\"))
            if insideList, !content.isEmpty, content != "(", content != ")", content != ").", !content.hasPrefix("Probably at least"),
               !content.hasPrefix("Try this"), !content.hasPrefix("(1)"), !content.hasPrefix("(2)"), !content.hasPrefix("(Note:") {
                log.notes.append(LogNote(line: number, message: "skipped '\(content.prefix(40))': not a constraint description"))
            }
            if content == ")" || content == ")." { insideList = false }
        }
        finishReport()
        finishTrace()
        return log
    }

    /// Reads the description starting at `start` (continued on the next lines when it wraps);
    /// returns the index of the next unread line.
    static func readEntry(from start: Substring, lineNumber: Int, lines: [Substring], next: Int, into log: inout ConsoleLog,
                          report: inout ConflictLog?, awaitingBroken: inout Bool) -> Int {
        var text = String(start)
        var next = next
        var continued = 0
        while closingIndex(in: text) == nil, next < lines.count, continued < maxContinuationLines {
            let following = lines[next]
            if following.trimmed.isEmpty || entryStart(in: following) != nil { break }
            text += " " + following.trimmed
            next += 1
            continued += 1
        }
        guard let close = closingIndex(in: text) else {
            log.notes.append(LogNote(line: lineNumber, message: "a constraint description that never ends (the log is cut off here): skipped"))
            if awaitingBroken { awaitingBroken = false }
            return next
        }
        let description = String(text[...close]).replacingOccurrences(of: "\\<", with: "<").replacingOccurrences(of: "\\>", with: ">")
        do throws(DescriptionError) {
            let constraint = try ConstraintDescription.parse(description, line: lineNumber)
            if awaitingBroken {
                report!.broken = constraint
                awaitingBroken = false
            } else if report!.constraints.contains(where: { $0.address != nil && $0.address == constraint.address }) {
                log.notes.append(LogNote(line: lineNumber, message: "\(constraint.className):\(constraint.address!) is listed twice: read once"))
            } else {
                report!.constraints.append(constraint)
            }
        } catch {
            log.notes.append(LogNote(line: lineNumber, message: "cannot read this constraint (\(error.message)): skipped"))
            if awaitingBroken { awaitingBroken = false }
        }
        return next
    }

    /// Where a constraint description starts in a line: `<Class:0x…` after optional quotes,
    /// a Markdown backslash or spaces.
    static func entryStart(in line: Substring) -> Substring.Index? {
        guard let open = line.firstIndex(of: "<") else { return nil }
        let before = line[..<open].trimmed
        guard before.isEmpty || before == "\"" || before == "\\" || before == "\"\\" || before.hasSuffix("constraint") || before.hasSuffix("breaking") else { return nil }
        // `"< NSLayoutConstraint:0x…"`: a poster's stray space after `<` is still UIKit's description.
        let rest = line[line.index(after: open)...].drop { $0 == " " }
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let className = rest[..<colon]
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
              rest[colon...].hasPrefix(":0x") else { return nil }
        return open
    }

    /// The `>` that closes a description: the last `>` followed only by `"`, `,`, `.`, `\` or spaces.
    static func closingIndex(in text: String) -> String.Index? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            let character = text[index]
            if character == ">" {
                // `->` inside text is not a close; a description never ends with '-'.
                return index
            }
            if !(character == "\"" || character == "," || character == "." || character == "\\" || character == " " || character == "\t") { return nil }
        }
        return nil
    }

    /// A line of an `_autolayoutTrace` tree: `|   |   *UILabel:0x…'Title'- AMBIGUOUS LAYOUT for …`.
    static func traceEntry(_ line: Substring, number: Int) -> AutolayoutTrace.Entry? {
        var rest = line
        var depth = 0
        while rest.hasPrefix("|   ") || rest.hasPrefix("|\t") {
            depth += 1
            rest = rest.dropFirst(rest.hasPrefix("|\t") ? 2 : 4)
        }
        var mark: Character?
        if let first = rest.first, first == "*" || first == "+" || first == "•" {
            mark = first
            rest = rest.dropFirst()
        }
        var ambiguous: [LogAttribute] = []
        var isAmbiguous = false
        if let range = rest.range(of: "AMBIGUOUS LAYOUT") {
            isAmbiguous = true
            let list = rest[range.upperBound...]
            if let forRange = list.range(of: " for ") {
                for part in list[forRange.upperBound...].components(separatedBy: ", ") {
                    let name = part.split(separator: "{").first ?? ""
                    if let dot = name.lastIndex(of: "."), let attribute = LogAttribute(name[name.index(after: dot)...]) { ambiguous.append(attribute) }
                }
            }
            rest = rest[..<range.lowerBound]
        }
        var itemText = Substring(rest.trimmed)
        if itemText.hasSuffix("-") { itemText = Substring(itemText.dropLast().trimmed) }
        if itemText.hasPrefix("<"), itemText.hasSuffix(">") { itemText = itemText.dropFirst().dropLast() }
        guard depth > 0 || mark != nil || isAmbiguous, itemText.contains(":0x"), !itemText.contains(" ") || itemText.contains("'") else { return nil }
        guard let item = try? ConstraintDescription.item(itemText, legend: [:]), item.address != nil else { return nil }
        return AutolayoutTrace.Entry(item: item, depth: depth, mark: mark, ambiguousAttributes: ambiguous, isAmbiguous: isAmbiguous, line: number)
    }
}
