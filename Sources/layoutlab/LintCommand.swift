import ArgumentParser
import Foundation
import LayoutShell
import LayoutReport

/// `layoutlab lint FILE…`: storyboards, xibs, layout code, logs and session scripts checked
/// without a terminal, for CI (README, "Command line"). Findings print as
/// `path:line:column: error|warning: message`; exit 1 when an error was found, 0 otherwise,
/// 2 for unreadable files or bad arguments.
struct LintCommand: ParsableCommand {
    // `_superCommandName`: parsed as its own root (LayoutLab.parseCommand), its usage and help
    // still say `layoutlab lint`.
    static let configuration = CommandConfiguration(
        commandName: "lint",
        _superCommandName: "layoutlab",
        abstract: "Check storyboards, xibs, layout code and scripts: path:line:column: error|warning: message.",
        discussion: """
            The extension says what a file is: .storyboard and .xib are Interface Builder \
            files; .swift, .m and .mm layout code; .log (and a .txt named on the command line) \
            a console log when it holds one; .lal a session script. Any other file is \
            unreadable. Every scene of a storyboard (every top-level view of a xib) is laid \
            out on the file's own screen and on each of --devices: a conflict is an error; an \
            ambiguous or misplaced view, or an element the import leaves out, is a warning. \
            A finding that holds on several screens is printed once, naming them.
            Exit status: 1 when an error was found; 0 when there were only warnings or \
            nothing; 2 for unreadable files, a path with nothing to check, or bad arguments.
            """)

    @Option(name: .long, help: ArgumentHelp("Also check on these devices (comma-separated, e.g. iPhoneSE,iPhone15,iPadPro11).", valueName: "LIST"))
    var devices: String?

    @Flag(name: .long, help: "With --devices: both orientations of each.")
    var landscape = false

    @Flag(name: .long, help: "Print one JSON object per finding (JSON Lines), then a summary object.")
    var json = false

    @Argument(help: ArgumentHelp("Files or folders to check (folders: their .storyboard, .xib, .swift, .m, .mm, .log and .lal files; a .txt only when named).", valueName: "FILE"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("lint needs at least one FILE") }
        for name in deviceList where !LayoutShell.Lint.deviceNames.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw ValidationError("unknown device \(name) in --devices; known: \(LayoutShell.Lint.deviceNames.joined(separator: ", "))")
        }
        if landscape && devices == nil { throw ValidationError("--landscape goes with --devices") }
    }

    /// A usage error's message as `layoutlab lint` words it: ArgumentParser's, with the full
    /// command in its last line (`See 'layoutlab lint --help'`), as in its usage line.
    static func message(for error: any Error) -> String {
        fullMessage(for: error).replacingOccurrences(of: "See 'lint ", with: "See 'layoutlab lint ")
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

    /// One argument's files: a file as it is; a folder's files of the kinds lint reads
    /// (`Lint.folderExtensions`), sorted, recursively. A folder with none, or a path that
    /// names nothing, is an error of its own: a mistyped CI path must not pass.
    enum Expansion: Equatable {
        case files([String])
        case problem(String)
    }

    static func expand(_ path: String) -> Expansion {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return .problem("no such file or folder") }
        guard isDirectory.boolValue else { return .files([path]) }
        let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
            .filter { LayoutShell.Lint.folderExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        if found.isEmpty {
            return .problem("nothing to check: the folder holds no .storyboard, .xib, .swift, .m, .mm, .log or .lal file")
        }
        return .files(found.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 })
    }

    func run() throws {
        var found: [String] = []
        var problems: [(path: String, reason: String)] = []
        for argument in files {
            switch Self.expand(argument) {
            case .files(let files): found += files
            case .problem(let reason): problems.append((argument, reason))
            }
        }
        let paths = found
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
        var errors = 0, warnings = 0, unreadable = problems.count
        var out = ""
        // A path that gave no file: no line to point at.
        for (path, reason) in problems {
            out += json ? Self.problemObject(path: path, message: reason) + "\n" : "\(path): error: \(reason)\n"
        }
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
                                              severity: finding.severity.rawValue, message: finding.message, context: finding.context,
                                              devices: finding.screens) + "\n"
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
    /// written once); `devices`, when the finding names screens (`--devices`): each one it
    /// holds on.
    static func findingObject(path: String, line: Int, column: Int, severity: String, message: String, context: String?,
                              devices: [String] = []) -> String {
        var members = [
            JSONMember("path", .string(path)), JSONMember("line", .integer(line)), JSONMember("column", .integer(column)),
            JSONMember("severity", .string(severity)), JSONMember("message", .string(message)),
        ]
        if let context { members.append(JSONMember("context", .string(context))) }
        if !devices.isEmpty { members.append(JSONMember("devices", .array(devices.map { .string($0) }))) }
        return JSONValue.object(members).serialized
    }

    /// A path that gave nothing to check (missing, or a folder without such files): no line.
    static func problemObject(path: String, message: String) -> String {
        JSONValue.object([JSONMember("path", .string(path)), JSONMember("severity", .string("error")),
                          JSONMember("message", .string(message))]).serialized
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
