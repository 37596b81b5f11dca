import LayoutImport
import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Bringing a layout in from outside: UIKit/AppKit console logs and layout code.
enum ImportCommands {
    static let all: [any ShellCommand.Type] = [ImportFile.self, Paste.self, RecordOrigin.self, ShowNames.self]
}

extension Session {
    /// Reads `text` with the importer that recognizes it and runs its translation as one undo
    /// step; the report lists what was added and the importer's notes. An error about the scene
    /// picked points at `selection`'s column.
    func importText(_ text: String, fileName: String?, selection: (text: String, column: Int)? = nil,
                    into result: inout CommandResult) throws(ShellError) {
        let script: ImportedScript
        do throws(ImportError) {
            if let selection {
                // Only Interface Builder files hold scenes to pick from.
                guard let importer = ImporterRegistry.importer(for: text, fileName: fileName), importer == InterfaceBuilderImporter.self else {
                    throw ImportError.selection("only storyboards and xibs take a scene after the file name (\(selection.text))", hint: "import FILE")
                }
                script = try InterfaceBuilderImporter.translate(text, selection: selection.text, in: self)
            } else {
                script = try ImporterRegistry.translate(text, fileName: fileName, in: self)
            }
        } catch {
            var hint = error.hint
            // A scene named almost as one the file has (`profile` for `Profile`): say which.
            if error.concernsSelection, let selection, Int(selection.text) == nil,
               let guess = nearest(selection.text, in: InterfaceBuilderImporter.selections(in: text)) {
                hint = "did you mean `\(guess)`?"
            }
            throw ShellError(error.message, hint: hint, column: error.concernsSelection ? selection?.column : nil)
        }
        let count = try runAsOneStep(script.lines, name: fileName ?? "paste", fillsFreshState: true, into: &result)
        result.output = ["imported \(script.kind)\(fileName.map { " from \($0)" } ?? ""): \(counted(count, "command")) (undo takes \(count == 1 ? "it" : "them") back)"]
            + script.notes
        let outcome = importOutcome(of: result, withLayout: script.needsLayout)
        let followUp = script.followUp?(outcome) ?? []
        result.output += followUp
        result.importSummary = ImportSummary(kind: script.kind, file: fileName, commands: count, notes: script.notes + followUp,
                                             skipped: script.skipped.map { ImportSummary.Skipped(line: $0.line, text: $0.text, reason: $0.reason) })
    }
}

extension Session {
    /// What an import's lines came to, for its follow-up notes: the conflicts, and (for
    /// importers that compare it with their source) every frame and the ambiguity.
    /// - Complexity: with the layout, one optimal-face query per ambiguous view.
    func importOutcome(of result: CommandResult, withLayout: Bool) -> ImportOutcome {
        var outcome = ImportOutcome(conflict: result.conflicts.first.map { ($0.constraints.map(\.id), $0.broken) })
        outcome.conflicts = result.conflicts.map { conflict in
            (conflict.constraints.map { ($0.id, $0.text) }, conflict.broken)
        }
        guard withLayout else { return outcome }
        for name in model.viewOrder { outcome.frames[name] = model.frame(of: name) }
        outcome.ambiguity = explainedAmbiguity().map { ($0.view, $0.text) }
        return outcome
    }

    /// Every ambiguous view with its reasons, as the model stands (an import's notes are
    /// written before the report's own state is filled in).
    /// - Complexity: one optimal-face query per ambiguous view.
    func explainedAmbiguity() -> [AmbiguityReport] {
        model.ambiguity().map { AmbiguityReport(view: $0.view, components: $0.components, explanations: model.explanations(of: $0.view)) }
    }
}

/// `import FILE`: a console log or layout code, as one undo step; `import FILE.storyboard
/// [SCENE]`, `import FILE.xib [N]`: an Interface Builder scene.
struct ImportFile: SessionAction {
    var path: String
    var column: Int
    var selection: (text: String, column: Int)?

    static let spec = CommandSpec(
        trigger: .words(["import"]), kind: .session, group: .session, topic: "import", readsHistory: true,
        synopsis: ["import FILE", "import FILE.storyboard [SCENE]", "import FILE.xib [N]"],
        summary: ["read a UIKit or AppKit console log (\"Unable to simultaneously satisfy",
                  "constraints\"), Swift / Objective-C layout code, or an Interface Builder",
                  "scene into the session, as one step (undo takes it back). A storyboard",
                  "without SCENE lists its scenes and imports the initial one; SCENE is a",
                  "number (1-based over every scene), a storyboard identifier or a class",
                  "(or a prototype cell's reuse identifier: that cell alone). Into a session",
                  "that has views, an import adds beside them: reset first to replace them."],
        examples: ["import conflict.log", "import Main.storyboard", "import Main.storyboard 2", "import Cell.xib"],
        overview: ["import FILE"],
        completeArguments: { context in
            // After a storyboard's or xib's name: its scenes (numbers, identifiers, classes).
            guard context.words.count == 2,
                  let text = try? TextFile.read(context.session.resolve(context.words[1].text)) else { return [] }
            return InterfaceBuilderImporter.selections(in: text)
        },
        fileNameArgument: 0)

    static func parse(_ p: inout LineParser) throws(ShellError) -> ImportFile {
        let words = p.rest
        guard let word = words.first else {
            throw ShellError("import needs one file name", hint: "e.g. import conflict.log", column: p.columnAfterCommand)
        }
        guard words.count <= 2 else {
            throw ShellError("import takes a file name and, for a storyboard or xib, a scene", hint: "e.g. import Main.storyboard 2", column: words[2].column)
        }
        return ImportFile(path: word.text, column: word.column, selection: words.count == 2 ? (words[1].text, words[1].column) : nil)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let text: String
        do throws(FileError) { text = try TextFile.read(session.resolve(path)) } catch {
            throw ShellError("cannot read \(path): \(error.reason)", column: column)
        }
        // What is wrong with the file itself points at its name.
        do throws(ShellError) { try session.importText(text, fileName: path, selection: selection, into: &result) } catch {
            throw error.at(column)
        }
        return true
    }
}

/// `paste`: the lines that follow, read as `import` reads a file. They end at an empty line
/// once what was pasted is complete (a log's closing lines, code's last brace), or at two
/// empty lines in a row, so a log or a function pasted whole arrives whole with its own empty
/// lines.
struct Paste: SessionAction {
    static let spec = CommandSpec(
        trigger: .words(["paste"]), kind: .session, group: .session, topic: "paste", readsHistory: true,
        synopsis: ["paste"],
        summary: ["then paste a console log, layout code or a storyboard or xib: it is read",
                  "as import reads a file. An empty line ends it once it is complete, two",
                  "empty lines always do, and an IB document ends at </document>; Ctrl-C",
                  "cancels."],
        examples: ["paste"],
        overview: ["paste"])

    /// What `paste` says; the prompt then shows that lines are being collected.
    static let instructions = "paste \(ImporterRegistry.formatList(negated: false)); an empty line ends it once it is complete, two empty lines do unless code has a bracket open (Ctrl-C cancels)"

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
        return pasted.endsWithEmptyLine && !pasted.isOpen ? .afterEmptyLine : .collecting
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

    /// A paste the terminal marked as one (bracketed paste): the whole text in one event, so
    /// no empty line inside it can end it early and no pasted line ever runs on its own.
    /// After `paste` it is what is pasted, and ends the paste. Otherwise a console log or
    /// layout code is imported as `paste` would import it, and any other text is read as
    /// commands (copied from a script or the README), run as one step like `load`: the first
    /// line refused takes all of them back, naming the line.
    public func executePasted(_ text: String, lineNumber: Int = 0) -> CommandResult {
        // A terminal sends carriage returns for the line ends of a paste.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        var result = CommandResult(line: lineNumber, input: "")
        let joined = lines.joined(separator: "\n")
        if pasted != nil || ImporterRegistry.importer(for: joined, fileName: nil) != nil {
            if pasted == nil { pasted = PastedText() }
            for line in lines { pasted!.append(line) }
            return finishPaste(result: result, report: true)
        }
        var mutated = false
        do throws(ShellError) {
            let count = try runAsOneStep(lines, name: "paste", into: &result)
            result.output = ["ran \(counted(count, "pasted command")) as one step (undo takes \(count == 1 ? "it" : "them") back)"]
            mutated = true
        } catch {
            result.ok = false
            result.error = error
        }
        fillState(&result, mutated: mutated || pendingChanges)
        pendingChanges = false
        return result
    }
}
