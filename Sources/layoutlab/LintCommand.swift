import ArgumentParser
import Foundation
import LayoutShell
import LayoutReport

/// `layoutlab lint FILE…`: storyboards, xibs, layout code, logs and session scripts checked
/// without a terminal, for CI (README, "Command line"). Findings print as
/// `path:line:column: error|warning: message`; exit 1 when an error was found, 0 otherwise,
/// 2 for unreadable files or bad arguments.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check storyboards, xibs, layout code and scripts: path:line:column: error|warning: message.",
        discussion: """
            Every scene of a storyboard (every top-level view of a xib) is laid out on the \
            file's own screen and on each of --devices: a conflict is an error; an ambiguous \
            or misplaced view is a warning. Exit status: 1 when an error was found; 0 when \
            there were only warnings or nothing; 2 for unreadable files or bad arguments.
            """)

    @Option(name: .long, help: ArgumentHelp("Also check on these devices (comma-separated, e.g. iPhoneSE,iPhone15,iPadPro11).", valueName: "LIST"))
    var devices: String?

    @Flag(name: .long, help: "With --devices: both orientations of each.")
    var landscape = false

    @Flag(name: .long, help: "Print one JSON object per finding (JSON Lines), then a summary object.")
    var json = false

    @Argument(help: ArgumentHelp("Files or folders to check (folders: their .storyboard, .xib, .swift, .m, .log and .lal files).", valueName: "FILE"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("lint needs at least one FILE") }
        for name in deviceList where !LayoutShell.Lint.deviceNames.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw ValidationError("unknown device \(name) in --devices; known: \(LayoutShell.Lint.deviceNames.joined(separator: ", "))")
        }
        if landscape && devices == nil { throw ValidationError("--landscape goes with --devices") }
    }

    var deviceList: [String] {
        (devices ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    var screens: [LayoutShell.Lint.Screen] {
        deviceList.flatMap { name in
            let canonical = LayoutShell.Lint.deviceNames.first { $0.lowercased() == name.lowercased() } ?? name
            return [LayoutShell.Lint.Screen(device: canonical, landscape: false)]
                + (landscape ? [LayoutShell.Lint.Screen(device: canonical, landscape: true)] : [])
        }
    }

    static let extensions: Set<String> = ["storyboard", "xib", "swift", "m", "mm", "log", "lal"]

    /// The files to check: each argument, or a folder's matching files (sorted, recursively).
    static func expand(_ paths: [String]) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted()
                result += found.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            } else {
                result.append(path)
            }
        }
        return result
    }

    func run() throws {
        let paths = Self.expand(files)
        let screens = screens
        let reports = LockedArray<LayoutShell.Lint.FileReport>(count: paths.count)
        let done = LockedCounter()
        let showProgress = paths.count > 4 && isatty(2) == 1
        // Files are independent: each gets its own sessions, so all cores share the work.
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let report: LayoutShell.Lint.FileReport
            if let data = FileManager.default.contents(atPath: path) {
                let text = String(decoding: data, as: UTF8.self)
                report = LayoutShell.Lint.check(path: path, text: text, screens: screens)
            } else {
                var unreadable = LayoutShell.Lint.FileReport(path: path)
                unreadable.unreadable = "cannot read the file"
                report = unreadable
            }
            reports.set(index, report)
            let count = done.increment()
            if showProgress { FileHandle.standardError.write(Data("\rlint: \(count)/\(paths.count) files".utf8)) }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        var errors = 0, warnings = 0, unreadable = 0
        var out = ""
        for report in reports.values.compactMap({ $0 }) {
            if let reason = report.unreadable {
                unreadable += 1
                let line = Self.line(of: reason)
                if json {
                    out += Self.findingObject(path: report.path, line: line, column: 1, severity: "error", message: "unreadable: " + reason, context: nil) + "\n"
                } else {
                    out += "\(report.path):\(line):1: error: unreadable: \(reason)\n"
                }
                continue
            }
            for finding in report.findings {
                if finding.severity == .error { errors += 1 } else { warnings += 1 }
                if json {
                    out += Self.findingObject(path: finding.path, line: finding.line, column: finding.column,
                                              severity: finding.severity.rawValue, message: finding.message, context: finding.context) + "\n"
                } else {
                    out += finding.text + "\n"
                }
            }
        }
        let summary = "\(paths.count) file\(paths.count == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (unreadable > 0 ? ", \(unreadable) unreadable" : "")
        if json {
            out += JSONValue.object([
                JSONMember("files", .integer(paths.count)), JSONMember("errors", .integer(errors)),
                JSONMember("warnings", .integer(warnings)), JSONMember("unreadable", .integer(unreadable)),
            ]).serialized + "\n"
        }
        FileHandle.standardOutput.write(out.data(using: .utf8)!)
        if !json { FileHandle.standardError.write(Data((summary + "\n").utf8)) }
        if unreadable > 0 { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }

    /// The line an unreadable file's reason names (`line 12: …`), else 1.
    static func line(of reason: String) -> Int {
        guard reason.hasPrefix("line "), let number = Int(reason.dropFirst(5).prefix { $0.isNumber }) else { return 1 }
        return number
    }

    /// One finding as a JSON line (the same value type as the shell's `--json`, so escaping is
    /// written once).
    static func findingObject(path: String, line: Int, column: Int, severity: String, message: String, context: String?) -> String {
        var members = [
            JSONMember("path", .string(path)), JSONMember("line", .integer(line)), JSONMember("column", .integer(column)),
            JSONMember("severity", .string(severity)), JSONMember("message", .string(message)),
        ]
        if let context { members.append(JSONMember("context", .string(context))) }
        return JSONValue.object(members).serialized
    }
}

/// Results written from many threads, one slot each.
final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Element) {
        lock.lock(); defer { lock.unlock() }
        storage[index] = value
    }
    var values: [Element?] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }
}

/// A count shared by threads (progress).
final class LockedCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func increment() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value
    }
}
