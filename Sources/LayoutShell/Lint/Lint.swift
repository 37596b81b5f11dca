import InterfaceBuilder
import LayoutImport
import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `layoutlab lint FILE…`: a non-interactive check for CI. Every scene of a storyboard (every
/// top-level view of a xib) is imported into a fresh session on the file's own screen, and on
/// each screen asked for; layout code, logs and session scripts are read as `import` and a
/// replay read them. Each conflict is an error, each ambiguity and misplaced view a warning,
/// at the line of the file they concern.
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
        /// Which scene (`scene 2 (LoginViewController)`) and screen, when the file has several.
        public var context: String?

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

    /// Checks one file's text.
    /// - Complexity: one import (a solve) per scene and screen.
    public static func check(path: String, text: String, screens: [Screen]) -> FileReport {
        var report = FileReport(path: path)
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : nil
        guard let importer = ImporterRegistry.importer(for: text, fileName: path) else {
            return checkScript(path: path, text: text, directory: directory)
        }
        guard importer == InterfaceBuilderImporter.self else {
            let session = Session()
            session.directory = directory
            var result = CommandResult(line: 0, input: "import")
            do throws(ShellError) {
                try session.importText(text, fileName: path, into: &result)
            } catch {
                report.unreadable = error.message
                return report
            }
            report.findings = findings(session.importOutcome(of: result, withLayout: true), path: path, comparison: nil, context: nil)
            report.scenes = 1
            return report
        }
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
        for (selection, label) in selections {
            for choice in choices {
                let session = Session()
                session.directory = directory
                var result = CommandResult(line: 0, input: "import")
                let context = [selections.count > 1 ? label : nil, choice.map { "\($0.device.name)\($0.landscape ? " landscape" : "")" }]
                    .compactMap { $0 }.joined(separator: ", ")
                do throws(ImportError) {
                    let (script, comparison) = try InterfaceBuilderImporter.translateScene(text, selection: selection, in: session, device: choice)
                    do throws(ShellError) {
                        _ = try session.runAsOneStep(script.lines, name: path, into: &result)
                    } catch {
                        throw ImportError(error.message)
                    }
                    report.findings += findings(session.importOutcome(of: result, withLayout: true), path: path, comparison: comparison,
                                                context: context.isEmpty ? nil : context)
                } catch {
                    report.findings.append(Finding(path: path, line: 1, column: 1, severity: .error,
                                                   message: "\(label) cannot be imported: \(error.message)", context: nil))
                }
            }
        }
        return report
    }

    static func findings(_ outcome: ImportOutcome, path: String, comparison: InterfaceBuilderComparison?, context: String?) -> [Finding] {
        if let comparison {
            return comparison.findings(outcome).map {
                Finding(path: path, line: $0.line, column: $0.column, severity: $0.severity, message: $0.message, context: context)
            }
        }
        return outcome.conflicts.map { conflict in
            Finding(path: path, line: 1, column: 1, severity: .error,
                    message: "conflict: these required constraints cannot all hold: \(conflict.members.map { "\($0.id) \($0.text)" }.joined(separator: "; ")); \(conflict.broken) is broken", context: context)
        } + outcome.ambiguity.map {
            Finding(path: path, line: 1, column: 1, severity: .warning, message: "ambiguous: \($0.text)", context: context)
        }
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
                                               message: result.error?.message ?? "rejected", context: nil))
                continue
            }
            for conflict in result.conflicts {
                report.findings.append(Finding(path: path, line: index + 1, column: 1, severity: .error,
                                               message: "conflict: these required constraints cannot all hold: \(conflict.constraints.map { "\($0.id) \($0.text)" }.joined(separator: "; ")); \(conflict.broken) is broken", context: nil))
            }
        }
        for ambiguity in session.explainedAmbiguity() {
            report.findings.append(Finding(path: path, line: lastLine, column: 1, severity: .warning, message: "ambiguous at the end: \(ambiguity.text)", context: nil))
        }
        return report
    }
}
