import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive loop: a `LineEditor` feeding an engine until `quit` or
/// Ctrl-D.
struct InteractiveShell {
    let engine: any ShellEngine

    func run() -> Int32 {
        guard let editor = LineEditor(prompt: "layoutlab> ", historyPath: historyPath(),
                                      completion: engine) else {
            fputs("layoutlab: cannot use the terminal for line editing; reading plain lines\n", cel_stderr())
            return Replay(engine: engine, json: false, final: false).run(sources: ["-"])
        }
        print("LayoutLab \(layoutlabVersion). Type help for commands; Tab completes; Ctrl-D quits.")
        while !engine.isFinished {
            guard let line = editor.readLine() else {
                // Leave the user's shell prompt on a line of its own.
                print()
                break
            }
            emit(engine.execute(line))
        }
        return 0
    }

    /// `$LAYOUTLAB_HISTORY` when set and not empty, else `~/.layoutlab_history`.
    private func historyPath() -> String? {
        if let path = Terminal.environment("LAYOUTLAB_HISTORY"), !path.isEmpty { return path }
        if let home = Terminal.environment("HOME"), !home.isEmpty { return home + "/.layoutlab_history" }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir {
            return String(cString: dir) + "/.layoutlab_history"
        }
        return nil
    }
}

/// Prints a report, adding the final newline when it lacks one.
func emit(_ report: String) {
    guard !report.isEmpty else { return }
    print(report, terminator: report.hasSuffix("\n") ? "" : "\n")
}

/// The input lines of one script, numbered from 1. Expected-output lines
/// (`#>`) are not input and are left out.
struct ScriptLine {
    var number: Int
    var text: String
    var isExpectedOutput: Bool { text.hasPrefix("#>") }
}

/// Reads a whole file, or stdin for `-`, as lines. Invalid UTF-8 is repaired
/// rather than refused: no input may crash the shell (DESIGN section 7).
func readLines(_ source: String) throws(ReadError) -> [String] {
    let file: UnsafeMutablePointer<FILE>?
    if source == "-" {
        file = cel_stdin()
    } else {
        file = fopen(source, "rb")
    }
    guard let file else { throw ReadError(path: source, reason: String(cString: strerror(errno))) }
    defer { if source != "-" { fclose(file) } }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
        if n < buffer.count {
            if ferror(file) != 0 { throw ReadError(path: source, reason: String(cString: strerror(errno))) }
            break
        }
    }
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// A file that could not be read.
struct ReadError: Error {
    var path: String
    var reason: String
}

/// Replays scripts (or stdin) through one engine session, printing each
/// report as text or JSON Lines, or only the last one with `--final`.
/// Files continue one session, so a set-up script can precede an experiment.
struct Replay {
    let engine: any ShellEngine
    let json: Bool
    let final: Bool

    func run(sources: [String]) -> Int32 {
        var rejected = false
        var lastReport = ""
        var lineNumber = 0
        for source in sources {
            let feed: (ScriptLine) -> Bool = { line in
                guard !line.isExpectedOutput else { return true }
                lineNumber += 1
                let report = engine.execute(line.text)
                if engine.lastInputRejected { rejected = true }
                let output = json ? engine.jsonReport(lineNumber: line.number, input: line.text) ?? "" : report
                if final {
                    if !output.isEmpty { lastReport = output }
                } else {
                    emit(output)
                }
                return !engine.isFinished
            }
            if source == "-" {
                // Stream stdin line by line so a pipe gets each report as soon as it is ready.
                var number = 0
                while let text = Swift.readLine(strippingNewline: true) {
                    number += 1
                    if !feed(ScriptLine(number: number, text: text)) { break }
                }
            } else {
                do {
                    for (i, text) in try readLines(source).enumerated() {
                        if !feed(ScriptLine(number: i + 1, text: text)) { break }
                    }
                } catch {
                    fputs("layoutlab: cannot read \(error.path): \(error.reason)\n", cel_stderr())
                    return 2
                }
            }
            if engine.isFinished { break }
        }
        if final { emit(lastReport) }
        return rejected ? 1 : 0
    }
}

/// `--check` and `--check --update`: replays each file in a fresh session and
/// compares every command's report with the `#> ` lines under it, or
/// rewrites them. Trailing spaces are not significant, so editors that strip
/// them cannot break a lesson.
struct Checker {
    let update: Bool
    let makeEngine: () -> any ShellEngine

    func run(files: [String]) -> Int32 {
        var failed = 0
        for file in files {
            let lines: [String]
            do {
                lines = try readLines(file)
            } catch {
                fputs("layoutlab: cannot read \(error.path): \(error.reason)\n", cel_stderr())
                return 2
            }
            let (differences, rewritten) = check(file: file, lines: lines)
            if update {
                if rewritten != lines {
                    if let problem = writeAtomically(rewritten.map { $0 + "\n" }.joined(), to: file) {
                        fputs("layoutlab: cannot update \(file): \(problem)\n", cel_stderr())
                        return 2
                    }
                    print("updated \(file)")
                }
            } else if differences.isEmpty {
                print("ok \(file)")
            } else {
                failed += 1
                for difference in differences { print(difference) }
                print("FAIL \(file)")
            }
        }
        return failed == 0 ? 0 : 1
    }

    /// The differences in `lines`, and the file as it would be with the
    /// current output as its expected output.
    private func check(file: String, lines: [String]) -> ([String], [String]) {
        let engine = makeEngine()
        var differences: [String] = []
        var rewritten: [String] = []
        var i = 0
        var finished = false
        while i < lines.count {
            let input = lines[i]
            i += 1
            if input.hasPrefix("#>") {
                // Expected output not under any command (e.g. at the top): drop it on update.
                continue
            }
            let number = i
            var expected: [String] = []
            while i < lines.count, lines[i].hasPrefix("#>") {
                expected.append(expectedText(lines[i]))
                i += 1
            }
            rewritten.append(input)
            if finished { continue }
            var actual = engine.execute(input).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if actual.last == "" { actual.removeLast() }
            rewritten += actual.map { $0.isEmpty ? "#>" : "#> " + $0 }
            let normalise = { (lines: [String]) in lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) } }
            if normalise(expected) != normalise(actual) {
                var text = "\(file):\(number): \(input)"
                text += "\n  expected:" + (expected.isEmpty ? " (nothing)" : expected.map { "\n    " + $0 }.joined())
                text += "\n  got:" + (actual.isEmpty ? " (nothing)" : actual.map { "\n    " + $0 }.joined())
                differences.append(text)
            }
            finished = engine.isFinished
        }
        return (differences, rewritten)
    }

    private func expectedText(_ line: String) -> String {
        if line.hasPrefix("#> ") { return String(line.dropFirst(3)) }
        return String(line.dropFirst(2))
    }
}

/// Writes `text` to a temporary file in `path`'s directory, then renames it
/// over `path`, so the old file survives any failure. Returns the problem, or
/// nil on success.
func writeAtomically(_ text: String, to path: String) -> String? {
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    var template = Array(((directory.isEmpty ? "" : directory) + "/.layoutlab.XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    let temp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var st = stat()
    // Keep the file's mode; mkstemp creates 0600.
    if stat(path, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            let problem = String(cString: strerror(errno))
            close(fd); unlink(temp)
            return problem
        }
        written += n
    }
    if fsync(fd) != 0 || close(fd) != 0 || rename(temp, path) != 0 {
        let problem = String(cString: strerror(errno))
        unlink(temp)
        return problem
    }
    return nil
}
