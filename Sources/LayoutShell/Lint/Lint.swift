import InterfaceBuilder
import LayoutImport
import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `layoutlab lint FILE…`: a non-interactive check for CI. Every scene of a storyboard (every
/// top-level view of a xib) is imported into a fresh session on the file's own screen, and on
/// each screen asked for; layout code, logs and session scripts are read as `import` and a
/// replay read them. Each conflict is an error, each ambiguity, misplaced view and element the
/// import leaves out a warning, at the line of the file they concern. The extension decides
/// what a file is (`Lint.kind(of:text:)`).
public enum Lint {
    /// A screen to check on besides the file's own (`--devices iPhoneSE,iPad --landscape`).
    public struct Screen: Sendable, Hashable {
        public var device: String
        public var landscape: Bool
        public init(device: String, landscape: Bool) {
            self.device = device
            self.landscape = landscape
        }
        var label: String { device + (landscape ? " landscape" : "") }
    }

    /// One finding, where it is.
    public struct Finding: Sendable, Hashable {
        public var path: String
        public var line: Int
        public var column: Int
        public var severity: InterfaceBuilderComparison.Finding.Severity
        public var message: String
        /// Which scene (`scene 2 (LoginViewController)`), when the file has several.
        public var scene: String?
        /// The screens it holds on, when `--devices` asked for more than the file's own (which
        /// is named by its device, else "the file's screen"); empty otherwise.
        public var screens: [String] = []

        public init(path: String, line: Int, column: Int, severity: InterfaceBuilderComparison.Finding.Severity,
                    message: String, scene: String? = nil, screens: [String] = []) {
            self.path = path
            self.line = line
            self.column = column
            self.severity = severity
            self.message = message
            self.scene = scene
            self.screens = screens
        }

        /// The scene and the screens, as the text prints them in brackets.
        public var context: String? {
            let parts = [scene, screens.isEmpty ? nil : "on " + screens.joined(separator: ", ")].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }

        /// `path:line:column: error: message [context]`: the form compilers print, which
        /// editors and CI annotate.
        public var text: String {
            "\(path):\(line):\(column): \(severity.rawValue): \(message)" + (context.map { " [\($0)]" } ?? "")
        }
    }

    /// What checking one file found; `unreadable` when it could not be read at all.
    public struct FileReport: Sendable {
        public var path: String
        public var findings: [Finding] = []
        public var unreadable: String?
        public var scenes = 0
        public init(path: String, unreadable: String? = nil) {
            self.path = path
            self.unreadable = unreadable
        }
    }

    /// The names `--devices` accepts.
    public static var deviceNames: [String] { Device.all.map(\.name) }

    /// Checks one file's text: what its extension says it is (`kind(of:text:)`), else
    /// unreadable.
    /// - Complexity: one import (a solve) per scene and screen.
    public static func check(path: String, text: String, screens: [Screen]) -> FileReport {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : nil
        switch kind(of: path, text: text) {
        case .script:
            return checkScript(path: path, text: text, directory: directory)
        case .interfaceBuilder:
            var report = checkInterfaceBuilder(path: path, text: text, screens: screens, directory: directory)
            report.findings = sorted(merged(report.findings))
            return report
        case .code, .log:
            return checkImport(path: path, text: text, directory: directory)
        case nil:
            return FileReport(path: path, unreadable: unknownKind(path))
        }
    }

    /// A layout code file or console log: one import, its conflicts, ambiguity and the lines it
    /// left out.
    static func checkImport(path: String, text: String, directory: String?) -> FileReport {
        var report = FileReport(path: path)
        let session = Session()
        session.directory = directory
        var result = CommandResult(line: 0, input: "import")
        do throws(ShellError) {
            try session.importText(text, fileName: path, into: &result)
        } catch {
            report.unreadable = error.message
            return report
        }
        let outcome = session.importOutcome(of: result, withLayout: true)
        report.findings = outcome.conflicts.map { conflict in
            Finding(path: path, line: 1, column: 1, severity: .error,
                    message: conflictMessage(conflict.members.map { ($0.id, $0.text) }, broken: conflict.broken))
        } + outcome.ambiguity.map {
            Finding(path: path, line: 1, column: 1, severity: .warning, message: "ambiguous: \($0.text)")
        } + (result.importSummary?.skipped ?? []).map {
            Finding(path: path, line: $0.line ?? 1, column: 1, severity: .warning, message: "left out: \($0.text) — \($0.reason)")
        }
        report.findings = sorted(report.findings)
        report.scenes = 1
        return report
    }

    /// Every scene (a xib's top-level views) on the file's screen and on each of `screens`.
    static func checkInterfaceBuilder(path: String, text: String, screens: [Screen], directory: String?) -> FileReport {
        var report = FileReport(path: path)
        let document: IBDocument
        do throws(ImportError) { document = try InterfaceBuilderImporter.read(text) } catch {
            report.unreadable = error.message
            return report
        }
        var selections: [(selection: String, label: String)] = []
        switch document.kind {
        case .storyboard:
            for (number, scene) in InterfaceBuilderImporter.scenes(of: document) where scene.controller?.view != nil {
                selections.append(("\(number)", "scene \(number) (\(scene.controller!.className))"))
            }
        case .xib:
            for (index, object) in document.topLevel.filter({ $0.view != nil }).enumerated() {
                selections.append(("\(index + 1)", "view \(index + 1) (\(object.view!.className))"))
            }
        }
        report.scenes = selections.count
        let choices: [InterfaceBuilderImporter.DeviceChoice?] = [nil] + screens.compactMap { screen in
            Device.named(screen.device).map { InterfaceBuilderImporter.DeviceChoice(device: $0, landscape: screen.landscape) }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let places = elementPlaces(document)
        for (selection, label) in selections {
            let scene = selections.count > 1 ? label : nil
            for choice in choices {
                let session = Session()
                session.directory = directory
                var result = CommandResult(line: 0, input: "import")
                var found: [Finding] = []
                do throws(ImportError) {
                    let (script, comparison) = try InterfaceBuilderImporter.translateScene(of: document, selection: selection, in: session, device: choice)
                    do throws(ShellError) {
                        _ = try session.runAsOneStep(script.lines, name: path, into: &result)
                    } catch {
                        throw ImportError(error.message)
                    }
                    found = comparison.findings(session.importOutcome(of: result, withLayout: true)).map {
                        Finding(path: path, line: $0.line, column: $0.column, severity: $0.severity, message: $0.message, scene: scene)
                    } + leftOut(script.notes, lines: lines, places: places).map {
                        // No scene: the line names the element, and a xib's notes come with each view.
                        Finding(path: path, line: $0.line, column: $0.column, severity: .warning, message: $0.message)
                    }
                } catch {
                    found = [Finding(path: path, line: 1, column: 1, severity: .error,
                                     message: "\(label) cannot be imported: \(error.message)")]
                }
                if choices.count > 1 {
                    let own = session.model.device.map { "\($0.device.name)\($0.landscape ? " landscape" : "")" } ?? "the file's screen"
                    let screen = choice.map { "\($0.device.name)\($0.landscape ? " landscape" : "")" } ?? own
                    for index in found.indices { found[index].screens = [screen] }
                }
                report.findings += found
            }
        }
        return report
    }

    /// The import's notes about elements it left out because the file is wrong there or holds
    /// what LayoutLab cannot read (`line 63: constraint … left out: it refers to …`), at the
    /// element's line and column. What the file leaves out by design is not a warning:
    /// placeholder constraints (removed at build time), views not installed in this size
    /// class, views beside the controller's view, table headers and footers.
    static func leftOut(_ notes: [String], lines: [Substring], places: ElementPlaces) -> [(line: Int, column: Int, message: String)] {
        let byDesign = ["a placeholder constraint", "is not installed for", "beside the controller's view", "UIKit places it outside Auto Layout"]
        let marks = ["left out", ": skipped", ": ignored", "is used again"]
        return notes.compactMap { note in
            let trimmed = note.drop { $0 == " " }
            guard trimmed.hasPrefix("line "), let colon = trimmed.firstIndex(of: ":"),
                  let line = Int(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<colon]) else { return nil }
            let message = String(trimmed[trimmed.index(after: colon)...].drop { $0 == " " })
            guard marks.contains(where: message.contains), !byDesign.contains(where: message.contains) else { return nil }
            return (line, places.column(line: line, message: message) ?? firstTagColumn(line, in: lines), message)
        }
    }

    /// Where the elements a note can name are, for its column: the reader's notes, and
    /// constraints by IB id (`constraint X left out: …`). On a line Xcode wrote, the line's
    /// first `<` is the same column; in a file written on one line it is not.
    struct ElementPlaces {
        var notes: [IBNote] = []
        var constraints: [String: (line: Int, column: Int)] = [:]

        func column(line: Int, message: String) -> Int? {
            if let note = notes.first(where: { $0.line == line && message.hasSuffix($0.message) }) { return note.column }
            if message.hasPrefix("constraint "), let id = message.dropFirst(11).split(separator: " ").first,
               let place = constraints[String(id)], place.line == line {
                return place.column
            }
            return nil
        }
    }

    /// - Complexity: O(n) in the number of views and constraints.
    static func elementPlaces(_ document: IBDocument) -> ElementPlaces {
        var places = ElementPlaces(notes: document.notes)
        let roots = document.scenes.compactMap { $0.controller?.view } + document.topLevel.compactMap(\.view)
        for root in roots {
            for view in root.flattened() {
                for constraint in view.constraints {
                    if let id = constraint.id, places.constraints[id] == nil { places.constraints[id] = (constraint.line, constraint.column) }
                }
            }
        }
        return places
    }

    /// The column of the first `<` on a line (an element's start, in a file Xcode wrote), else 1.
    static func firstTagColumn(_ line: Int, in lines: [Substring]) -> Int {
        guard line >= 1, line <= lines.count, let index = lines[line - 1].firstIndex(of: "<") else { return 1 }
        return lines[line - 1][..<index].count + 1
    }

    /// A conflict as lint words it: each member's text (with its id), one space between words
    /// (the report's columns mean nothing on one line), then the one broken.
    static func conflictMessage(_ members: [(id: String, text: String)], broken: String) -> String {
        let texts = members.map { member in
            let text = member.text.split(separator: " ").joined(separator: " ")
            return text.hasPrefix(member.id + " ") ? text : "\(member.id) \(text)"
        }
        return "conflict: these required constraints cannot all hold: \(texts.joined(separator: "; ")); \(broken) is broken"
    }

    /// Findings that are the same on several screens, once, naming the screens. The same
    /// place and words, but for the window's size (a conflict with it on several screens): the
    /// message then says "the window's width" without a number.
    static func merged(_ findings: [Finding]) -> [Finding] {
        struct Key: Hashable {
            var line: Int, column: Int, severity: String, scene: String?, message: String
        }
        var order: [Key] = []
        var byKey: [Key: Finding] = [:]
        for finding in findings {
            let key = Key(line: finding.line, column: finding.column, severity: finding.severity.rawValue,
                          scene: finding.scene, message: withoutWindowSize(finding.message))
            guard var kept = byKey[key] else {
                order.append(key)
                byKey[key] = finding
                continue
            }
            if kept.message != finding.message { kept.message = key.message }
            for screen in finding.screens where !kept.screens.contains(screen) { kept.screens.append(screen) }
            byKey[key] = kept
        }
        return order.map { byKey[$0]! }
    }

    /// `root.width == 393 (the window's size)` → `root.width == the window's width` (and the
    /// height likewise): the words of a conflict that hold on every screen.
    static func withoutWindowSize(_ message: String) -> String {
        var result = ""
        var rest = Substring(message)
        let suffix = " (the window's size)"
        while let end = rest.range(of: suffix) {
            var before = rest[..<end.lowerBound]
            // The number, then `root.width == ` before it.
            let number = before.reversed().prefix { $0.isNumber || $0 == "." || $0 == "-" }.count
            before = before.dropLast(number)
            if number > 0, let item = ["root.width == ", "root.height == "].first(where: { before.hasSuffix($0) }) {
                result += before + "the window's " + (item.contains("width") ? "width" : "height")
            } else {
                result += rest[..<end.upperBound]
            }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// By line, then column; findings at the same place keep their order.
    static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    /// A session script: each rejected line and each conflict at its line; ambiguity left at
    /// the end, at the last line.
    static func checkScript(path: String, text: String, directory: String?) -> FileReport {
        var report = FileReport(path: path)
        report.scenes = 1
        let session = Session()
        session.directory = directory
        var lastLine = 1
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let result = session.execute(String(line), lineNumber: index + 1)
            lastLine = index + 1
            if !result.ok {
                report.findings.append(Finding(path: path, line: index + 1, column: result.error?.column ?? 1, severity: .error,
                                               message: result.error?.message ?? "rejected"))
                continue
            }
            for conflict in result.conflicts {
                report.findings.append(Finding(path: path, line: index + 1, column: 1, severity: .error,
                                               message: conflictMessage(conflict.constraints.map { ($0.id, $0.text) }, broken: conflict.broken)))
            }
        }
        for ambiguity in session.explainedAmbiguity() {
            report.findings.append(Finding(path: path, line: lastLine, column: 1, severity: .warning, message: "ambiguous at the end: \(ambiguity.text)"))
        }
        return report
    }
}
