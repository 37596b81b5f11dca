/// Replays a whole script through a session: the engine of `layoutlab FILE`, `--json`,
/// `--final` and `--check` (the executable only reads files and prints).
public enum Replay {
    public struct Options: Sendable {
        /// JSON Lines instead of text reports.
        public var json = false
        /// Report once, after the last command (with `json`: one object).
        public var final = false
        public var width = 80
        public var color = false
        public init(json: Bool = false, final: Bool = false, width: Int = 80, color: Bool = false) {
            self.json = json
            self.final = final
            self.width = width
            self.color = color
        }
    }

    public struct Outcome: Sendable {
        /// What to print (ends with a newline unless empty).
        public var output: String
        /// False when a line was rejected.
        public var ok: Bool
        /// True when the script ran `quit` (later lines were not run).
        public var quit: Bool
    }

    /// Runs every line of `script`. Lines starting `#>` (expected output) are comments.
    public static func run(_ script: String, options: Options = Options(), session: Session = Session()) -> Outcome {
        var output = ""
        var ok = true
        var last: CommandResult? = nil
        var lineNumber = 0
        let all = lines(of: script)
        // Under --final only the last command that produces a report needs the layout state.
        let lastReporting = options.final ? all.lastIndex { !isSilentLine($0) } ?? -1 : -1
        for (index, line) in all.enumerated() {
            lineNumber += 1
            let result = session.execute(line, lineNumber: lineNumber, report: !options.final || index == lastReporting)
            if result.isSilent { continue }
            if !result.ok { ok = false }
            if options.final {
                last = result
            } else {
                output += render(result, options)
            }
            if session.isFinished { break }
        }
        if options.final, var last {
            if last.frames.isEmpty {
                // `quit` ended the script early: report the state now.
                let state = session.execute("frames", lineNumber: last.line)
                last.frames = state.frames
                last.broken = state.broken
                last.ambiguous = state.ambiguous
                last.warnings = state.warnings
            }
            // The final report shows the whole layout, as if everything had just changed.
            if last.ok {
                last.showsLayout = true
                last.output = []
            }
            last.changedFrames = []
            output += render(last, options)
        }
        return Outcome(output: output, ok: ok, quit: session.isFinished)
    }

    static func render(_ result: CommandResult, _ options: Options) -> String {
        let text = options.json ? result.renderJSON() : result.renderText(width: options.width, color: options.color)
        return text.isEmpty ? "" : text + "\n"
    }

    /// The script's lines (a final newline does not make an extra empty line).
    static func lines(of script: String) -> [String] {
        var result = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// The result of `--check`.
    public struct Check: Sendable {
        /// True when every command's output equals its `#> ` lines and no line was rejected
        /// unexpectedly (a rejected line whose error is the expected output is fine).
        public var ok: Bool
        /// One entry per command whose output differs: line number, expected, actual.
        public var differences: [(line: Int, expected: [String], actual: [String])]
        /// The script with every command's `#> ` lines replaced by the actual output (`--update`).
        public var updated: String
        /// A readable account of the differences.
        public var report: String
    }

    /// `--check`: runs the script with text reports (no colour, width 80) and compares each
    /// command's report with the `#> ` lines under it (`#>` alone is an empty line of output).
    public static func check(_ script: String, name: String = "script", width: Int = 80, session: Session = Session()) -> Check {
        let all = lines(of: script)
        var updated: [String] = []
        var differences: [(Int, [String], [String])] = []
        var index = 0
        var finished = false
        while index < all.count {
            let line = all[index]
            index += 1
            if isExpectation(line) { continue } // stray expectation lines: dropped by --update
            updated.append(line)
            var expected: [String] = []
            while index < all.count, isExpectation(all[index]) {
                let e = all[index]
                expected.append(e == "#>" ? "" : String(e.dropFirst(3)))
                index += 1
            }
            if finished { continue }
            let result = session.execute(line, lineNumber: updated.count)
            if result.isSilent { continue }
            let text = result.renderText(width: width, color: false)
            let actual = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for a in actual { updated.append(a.isEmpty ? "#>" : "#> " + a) }
            if actual != expected { differences.append((index, expected, actual)) }
            if session.isFinished { finished = true }
        }
        var report = ""
        for (line, expected, actual) in differences {
            report += "\(name): the output of the command before line \(line) differs\n"
            report += expected.map { "  - \($0)" }.joined(separator: "\n") + (expected.isEmpty ? "" : "\n")
            report += actual.map { "  + \($0)" }.joined(separator: "\n") + (actual.isEmpty ? "" : "\n")
        }
        return Check(ok: differences.isEmpty, differences: differences, updated: updated.joined(separator: "\n") + "\n", report: report)
    }

    /// Blank and comment lines: no report.
    static func isSilentLine(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.first == "#" || trimmed == "\r"
    }

    static func isExpectation(_ line: String) -> Bool { line == "#>" || line.hasPrefix("#> ") }
}
