import LayoutImport
import LayoutModel
import LayoutReport

/// Bringing a layout in from outside: UIKit/AppKit console logs and layout code.
enum ImportCommands {
    static let all: [any ShellCommand.Type] = [ImportFile.self, Paste.self, RecordOrigin.self, ShowNames.self]
}

extension Session {
    /// Reads `text` with the importer that recognizes it and runs its translation as one undo
    /// step; the report lists what was added and the importer's notes.
    func importText(_ text: String, fileName: String?, into result: inout CommandResult) throws(ShellError) {
        let script: ImportedScript
        do throws(ImportError) { script = try ImporterRegistry.translate(text, fileName: fileName, in: self) } catch {
            throw ShellError(error.message, hint: error.hint)
        }
        let count = try runAsOneStep(script.lines, name: fileName ?? "paste", into: &result)
        result.output = ["imported \(script.kind)\(fileName.map { " from \($0)" } ?? ""): \(count) commands (undo takes them back)"]
            + script.notes
        let outcome = ImportOutcome(conflict: result.conflicts.first.map { ($0.constraints.map(\.id), $0.broken) })
        result.output += script.followUp?(outcome) ?? []
    }
}

/// `import FILE`: a console log or layout code, as one undo step.
struct ImportFile: SessionAction {
    var path: String
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["import"]), kind: .session, group: .session, topic: "import",
        synopsis: ["import FILE"],
        summary: ["read a UIKit or AppKit console log (\"Unable to simultaneously satisfy",
                  "constraints\") or Swift / Objective-C layout code into the session, as",
                  "one step (undo takes it back)."],
        examples: ["import conflict.log"],
        overview: ["import FILE"],
        completesFileNames: true)

    static func parse(_ p: inout LineParser) throws(ShellError) -> ImportFile {
        let word = try p.oneArgument("import needs one file name", hint: "e.g. import conflict.log")
        return ImportFile(path: word.text, column: word.column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let text: String
        do throws(FileError) { text = try TextFile.read(session.resolve(path)) } catch {
            throw ShellError("cannot read \(path): \(error.reason)", column: column)
        }
        try session.importText(text, fileName: path, into: &result)
        return true
    }
}

/// `paste`: the lines that follow, read as `import` reads a file. They end at an empty line
/// once what was pasted is complete (a log's closing lines, code's last brace), or at two
/// empty lines in a row, so a log or a function pasted whole arrives whole with its own empty
/// lines.
struct Paste: SessionAction {
    static let spec = CommandSpec(
        trigger: .words(["paste"]), kind: .session, group: .session, topic: "paste",
        synopsis: ["paste"],
        summary: ["then paste a console log or layout code: it is read as import reads a",
                  "file. An empty line ends it once it is complete, two empty lines always",
                  "do; Ctrl-C cancels."],
        examples: ["paste"],
        overview: ["paste"])

    /// What `paste` says; the prompt then shows that lines are being collected.
    static let instructions = "paste \(ImporterRegistry.formatList(negated: false)); an empty line ends it once it is complete, two empty lines always do (Ctrl-C cancels)"

    static func parse(_ p: inout LineParser) throws(ShellError) -> Paste {
        try p.expectNoArguments()
        return Paste()
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        session.pasted = PastedText()
        result.output = [Self.instructions]
        return false
    }
}

/// Where a paste stands, for the shell's prompt.
public enum PasteState: Sendable {
    /// Lines are being collected.
    case collecting
    /// The last line was empty and did not end the paste (what came is incomplete): one more
    /// empty line ends it.
    case afterEmptyLine
}

extension Session {
    /// Where the paste under way stands; nil when none is.
    public var pasteState: PasteState? {
        guard let pasted else { return nil }
        return pasted.endsWithEmptyLine ? .afterEmptyLine : .collecting
    }

    /// Ends the paste under way without importing anything (Ctrl-C or Ctrl-D in the shell);
    /// the session is as it was before `paste`. Nil when no paste is under way.
    public func cancelPaste(lineNumber: Int = 0) -> CommandResult? {
        guard let pasted else { return nil }
        self.pasted = nil
        var result = CommandResult(line: lineNumber, input: "")
        let count = pasted.filledLineCount
        result.output = ["paste cancelled: nothing imported" + (count == 0 ? "" : " (\(count) pasted line\(count == 1 ? "" : "s") dropped)")]
        return result
    }
}
