import LayoutReport

/// Replays a whole script through a session: the engine of `layoutlab FILE`, `--json`,
/// `--final` and `--check` (the executable only reads files and prints).
public enum Replay {
    /// Up to this many views `--json` prints the whole state after every line: a real screen
    /// (a few dozen views) costs a few kilobytes per line, and a tool reads every object alone.
    public static let wholeStateViews = 100

    public struct Options: Sendable {
        /// JSON Lines instead of text reports.
        public var json = false
        /// Report once, after the last command (with `json`: one object).
        public var final = false
        public var width = 80
        public var color = false
        /// Stop at the first rejected line (the rest of the script is not run).
        public var stopOnError = false
        /// With `json`: every object carries the whole state, not only what its input changed.
        public var full = false
        /// With `json`: objects are whole while the session has at most this many views, so a
        /// screen-sized session reads as DESIGN §6 describes (`frames` holds every view); past
        /// it they carry what their input changed, and output grows with the changes, not with
        /// the session.
        public var wholeStateViews = Replay.wholeStateViews
        public init(json: Bool = false, final: Bool = false, width: Int = 80, color: Bool = false, stopOnError: Bool = false, full: Bool = false, wholeStateViews: Int = Replay.wholeStateViews) {
            self.json = json
            self.full = full
            self.wholeStateViews = wholeStateViews
            self.final = final
            self.width = width
            self.color = color
            self.stopOnError = stopOnError
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
        let replayer = Replayer(options: options, session: session)
        var output = ""
        for (index, line) in lines(of: script).enumerated() {
            output += replayer.feed(line, lineNumber: index + 1)
            if replayer.isDone { break }
        }
        output += replayer.finish()
        return Outcome(output: output, ok: replayer.ok, quit: session.isFinished)
    }

    /// Replays lines one at a time, so a driver can stream a pipe (each report printed as
    /// soon as it is ready) or continue one session across several files. `Replay.run` is
    /// this over a whole script.
    public final class Replayer {
        public let options: Options
        public let session: Session
        /// False once a line was rejected.
        public var ok: Bool { rejected.isEmpty }
        /// Every rejected line so far, where it was and why (`--final` reports them all).
        public private(set) var rejected: [RejectedLine] = []
        /// True after `quit`, or after a rejected line under `stopOnError`: later lines are
        /// ignored.
        public var isDone: Bool { session.isFinished || (options.stopOnError && !rejected.isEmpty) }
        /// The file the next lines come from, named in `rejected` (nil: stdin or a string).
        public var source: String?
        /// Under `final`: the number of the last line that was not blank, once there is one,
        /// and its file.
        private var lastLine: Int?
        private var lastSource: String?
        /// Under `json`: whether an object was printed yet (the first carries the whole state,
        /// the later ones what changed).
        private var printedJSON = false
        /// Where the beginning of a long JSON report goes while it is made, before `feed` or
        /// `finish` returns the rest (nil: every report is returned whole). A driver that
        /// prints each report sets it, so a report listing every constraint of a big layout is
        /// not held whole.
        public var handOff: ((String) -> Void)?
        /// The size of a piece handed off.
        static let jsonPiece = 1 << 16

        public init(options: Options = Options(), session: Session = Session()) {
            self.options = options
            self.session = session
            session.keepsJSONDetails = options.json
        }

        /// Runs one line (numbered for JSON's `line`) and returns what to print now: its
        /// report, ending with a newline, or "" for blanks, comments and under `final`.
        /// Lines after `quit` (or after a rejected line under `stopOnError`) are ignored.
        public func feed(_ line: String, lineNumber: Int) -> String {
            if isDone { return "" }
            // Under --final no line needs the (expensive) layout state: `finish` asks once.
            let result = session.execute(line, lineNumber: lineNumber, report: !options.final, changes: !options.final)
            if result.isSilent { return "" }
            if let error = result.error {
                rejected.append(RejectedLine(source: source, line: lineNumber, input: line, error: error))
            }
            if options.final {
                lastLine = lineNumber
                lastSource = source
                return ""
            }
            return render(result)
        }

        /// Under `final`, the one report: every rejected line, then the whole layout as it
        /// stands; otherwise "". `last`: the session reports nothing after it
        /// (`Session.finalReport`).
        public func finish(last: Bool = false) -> String {
            guard options.final, let lastLine else { return "" }
            self.lastLine = nil
            return render(session.finalReport(lineNumber: lastLine, source: lastSource, rejected: rejected, last: last))
        }

        private func render(_ result: CommandResult) -> String {
            var text: String
            if options.json {
                let small = session.model.viewOrder.count <= options.wholeStateViews
                let whole = options.full || !printedJSON || small
                text = handOff.map { result.renderJSON(whole: whole, inPiecesOf: Self.jsonPiece, handOff: $0) }
                    ?? result.renderJSON(whole: whole)
                printedJSON = true
            } else {
                text = result.renderText(width: options.width, color: options.color)
            }
            // Appended in place: `text + "\n"` copied a report of every constraint (10 MB of
            // JSON at 10 000 views) while it was alive.
            if !text.isEmpty { text.append("\n") }
            return text
        }
    }

    /// Whether a line of `script` is an `undo` (its first word): a run of scripts that have
    /// none can let each step's trail go (`Session.undoDepth` 0), since nothing will take a
    /// step back. Lines of a `load`ed file cannot undo, so the scripts themselves decide.
    /// - Complexity: one pass over the bytes.
    public static func undoes(_ script: String) -> Bool {
        hasLine(in: script, startingWithAnyOf: Undo.spec.words)
    }

    /// Whether a line of `script` is a command that reads the session's history (`undo`,
    /// `save`, an import: `CommandSpec.readsHistory`): a run of scripts that have none keeps
    /// no history (`Session.keepsHistory`). Lines of a `load`ed file cannot run those commands.
    /// - Complexity: one pass over the bytes.
    public static func readsHistory(_ script: String) -> Bool {
        hasLine(in: script, startingWithAnyOf: CommandRegistry.historyReaderWords)
    }

    /// Whether a line of `script` starts, after blanks, with one of `words` as a whole word
    /// (followed by the line's end, a blank or a comment). Errs towards yes: a line of pasted
    /// text that starts with such a word counts too.
    /// - Precondition: every word is 1 to 8 lowercase ASCII letters (a command word).
    private static func hasLine(in script: String, startingWithAnyOf words: [String]) -> Bool {
        // Each word as the number its bytes spell, so a line's first word is compared to all of
        // them at once per word, not byte by byte: the scan runs on every script a driver
        // replays, and in a debug build byte comparisons through generic collections cost 2%
        // of the instruction gate's `--final`.
        let keys = words.map { word in
            precondition((1...8).contains(word.utf8.count) && word.utf8.allSatisfy { (0x61...0x7A).contains($0) })
            return word.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        var script = script
        return script.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                var key: UInt64 = 0, length = 0
                while index < count, length <= 8, bytes[index] >= 0x61, bytes[index] <= 0x7A {
                    key = key << 8 | UInt64(bytes[index])
                    length += 1
                    index += 1
                }
                // A whole word: the line ends, or a blank or a comment follows.
                var ends = index == count
                if !ends {
                    switch bytes[index] {
                    case 0x0A, 0x20, 0x09, 0x0D, 0x23: ends = true
                    default: break
                    }
                }
                if ends, length <= 8, keys.contains(key) { return true }
                while index < count, bytes[index] != 0x0A { index += 1 }
                index += 1
            }
            return false
        }
    }

    /// The script's lines (a final newline does not make an extra empty line; CRLF line ends
    /// count as LF).
    public static func lines(of script: String) -> [String] {
        Array(ScriptLines(script))
    }

    /// The lines of a script one at a time, as `lines(of:)` gives them: a driver replaying a
    /// big file holds one line at a time instead of an array of every line (a string each,
    /// about as much memory as the file again).
    public struct ScriptLines: Sequence, IteratorProtocol {
        private let script: String
        /// Where the next line starts, in bytes.
        private var start = 0
        private var finished = false

        public init(_ script: String) {
            var contiguous = script
            contiguous.makeContiguousUTF8()
            self.script = contiguous
        }

        // Split on the contiguous bytes (a newline byte never sits inside a longer UTF-8
        // sequence): the same lines as walking characters, and without the UTF-8 view's
        // generic search (1.8% of a `--final` run).
        public mutating func next() -> String? {
            guard !finished else { return nil }
            let start = self.start
            let (line, next) = script.utf8.withContiguousStorageIfAvailable { bytes -> (String, Int?) in
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var last = end
                if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
                return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self), end < bytes.count ? end + 1 : nil)
            }!
            if let next { self.start = next } else { finished = true }
            if finished && line.isEmpty { return nil }
            return line
        }
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
        var inputs: [Int: String] = [:]
        var index = 0
        var finished = false
        while index < all.count {
            let line = all[index]
            index += 1
            let number = index // the command's line in the file, 1-based
            if isExpectation(line) { continue } // stray expectation lines: dropped by --update
            updated.append(line)
            var expected: [String] = []
            while index < all.count, isExpectation(all[index]) {
                let e = all[index]
                expected.append(e == "#>" ? "" : String(e.dropFirst(3)))
                index += 1
            }
            if finished { continue }
            let result = session.execute(line, lineNumber: number)
            if result.isSilent { continue }
            let text = result.renderText(width: width, color: false)
            let actual = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for a in actual { updated.append(a.isEmpty ? "#>" : "#> " + a) }
            if trimmed(actual) != trimmed(expected) {
                differences.append((number, expected, actual))
                inputs[number] = line
            }
            if session.isFinished { finished = true }
        }
        var report = ""
        for (line, expected, actual) in differences {
            report += "\(name):\(line): the output of `\(inputs[line] ?? "")` differs (- expected, + actual)\n"
            report += unifiedLines(expected, actual).joined(separator: "\n") + "\n"
        }
        return Check(ok: differences.isEmpty, differences: differences, updated: updated.joined(separator: "\n") + "\n", report: report)
    }

    /// Trailing spaces are not significant: editors that strip them cannot break a lesson.
    static func trimmed(_ lines: [String]) -> [String] {
        lines.map(\.trimmingTrailingSpaces)
    }

    /// A line diff of `expected` against `actual` (longest common subsequence): common lines
    /// indented by two spaces, the rest marked `- ` and `+ `.
    static func unifiedLines(_ expected: [String], _ actual: [String]) -> [String] {
        let a = trimmed(expected), b = trimmed(actual)
        if a.count * b.count > 1_000_000 {
            return a.map { "  - " + $0 } + b.map { "  + " + $0 }
        }
        // lcs[i][j]: the length of the longest common subsequence of a[i...] and b[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append("    " + a[i]); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append("  - " + a[i]); i += 1
            } else {
                out.append("  + " + b[j]); j += 1
            }
        }
        if a.isEmpty { out.insert("  - (no output)", at: 0) }
        if b.isEmpty { out.append("  + (no output)") }
        return out
    }

    static func isExpectation(_ line: String) -> Bool { line == "#>" || line.hasPrefix("#> ") }
}
