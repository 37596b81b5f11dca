import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Taking a layout out of LayoutLab as code.
enum ExportCommands {
    static let all: [any ShellCommand.Type] = [ExportCode.self]
}

/// `export swift FILE`, `export objc FILE`, `export snapkit FILE`: the session as layout code for `viewDidLoad`,
/// written atomically.
struct ExportCode: SessionAction {
    var language: LayoutCodePrinter.Language
    var path: String
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["export"]), kind: .inspection, group: .session, topic: "export",
        synopsis: ["export swift FILE", "export objc FILE", "export snapkit FILE"],
        summary: ["write the session as Swift or Objective-C layout code to paste into",
                  "viewDidLoad: views, guides, hierarchy, margins, content priorities and one",
                  "NSLayoutConstraint.activate([...]), or SnapKit makers (snapkit); import",
                  "reads it back."],
        examples: ["export swift Layout.swift", "export objc Layout.m", "export snapkit Layout.swift"],
        overview: ["export swift FILE"],
        completeArguments: { context in context.words.count <= 1 ? ["swift", "objc", "snapkit"] : [] },
        fileNameArgument: 1)

    static func parse(_ p: inout LineParser) throws(ShellError) -> ExportCode {
        let words = p.rest
        guard let first = words.first else {
            throw ShellError("export needs a language and a file name", hint: "e.g. export swift Layout.swift")
        }
        let language: LayoutCodePrinter.Language
        switch first.text.lowercased() {
        case "swift": language = .swift
        case "objc", "objective-c", "m": language = .objectiveC
        case "snapkit": language = .snapKit
        default:
            throw ShellError("export writes swift, objc or snapkit, not \(first.text)", hint: "e.g. export swift Layout.swift", column: first.column)
        }
        guard words.count == 2 else {
            throw ShellError(words.count < 2 ? "export \(first.text) needs a file name" : "export takes a language and one file name",
                             hint: "e.g. export \(first.text) Layout.\(language == .objectiveC ? "m" : "swift")",
                             column: words.count < 2 ? nil : words[2].column)
        }
        return ExportCode(language: language, path: words[1].text, column: words[1].column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        var printer = LayoutCodePrinter(model: session.model, language: language)
        printer.classes = LayoutCodePrinter.classes(from: session.origins)
        let text = printer.document()
        do throws(FileError) {
            try TextFile.write(text, to: session.resolve(path))
        } catch .isDirectory {
            throw ShellError("\(path) is a directory; export needs a file name", column: column)
        } catch {
            throw ShellError("cannot write \(path): \(error.reason)", column: column)
        }
        let count = session.model.constraintRecords().filter { $0.kind == .user }.count
        let views = printer.userViews.count
        result.output = ["wrote \(path): \(language == .objectiveC ? "Objective-C" : language == .snapKit ? "Swift with SnapKit" : "Swift"), \(views) view\(views == 1 ? "" : "s") and guides, \(count) constraint\(count == 1 ? "" : "s")"]
        return false
    }
}
