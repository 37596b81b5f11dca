import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// `paste`: real logs and code pasted line by line, empty lines included, arrive whole and
/// import as `import FILE` does; what ends a paste, and what cancels one.
struct PasteTests {
    static let logs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../ConsoleLogTests/Fixtures").standardized.path
    static let code = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../LayoutCodeTests/Fixtures").standardized.path

    static func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Pastes the file's lines one by one, then empty lines until the paste ends (at most two),
    /// and compares with `import FILE` in a fresh session: the same commands as one undo step,
    /// the same report after its first line. Returns how many empty lines it took.
    @discardableResult
    func pasteArrivesWhole(_ name: String, in directory: String, importedAs fileName: String) throws -> Int {
        let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        let pasting = Session()
        #expect(pasting.execute("paste").ok)
        let lines = Replay.lines(of: text)
        let lastContent = lines.lastIndex { !$0.isBlank } ?? 0
        var result = CommandResult(line: 0, input: "")
        var emptyLines = 0
        for (index, line) in lines.enumerated() where pasting.isPasting {
            result = pasting.execute(line)
            #expect(index > lastContent || (result.isSilent && pasting.isPasting), "\(name): the paste ended at line \(index + 1)")
            if index > lastContent { emptyLines += 1 }
        }
        // Then the empty lines a person types, until the paste ends.
        while pasting.isPasting, emptyLines < 2 {
            if emptyLines == 1 { #expect(pasting.pasteState == .afterEmptyLine) }
            result = pasting.execute("")
            emptyLines += 1
        }
        #expect(!pasting.isPasting)

        try Self.expectSameAsImport(result, of: pasting, text: text, fileName: fileName, name: name)
        return emptyLines
    }

    /// A paste's result and history must be what `import` gives for the same text in a file
    /// whose name picks the same format (the first report line names the file or the paste).
    static func expectSameAsImport(_ result: CommandResult, of pasting: Session, text: String, fileName: String, name: String) throws {
        let importing = Session()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID().uuidString)-\(fileName)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = importing.execute("import \(file.path)")
        #expect(result.ok == expected.ok, "\(name): \(result.error?.message ?? "")")
        #expect(result.error?.message == expected.error?.message)
        #expect(Array(result.output.dropFirst()) == Array(expected.output.dropFirst()), "\(name)")
        #expect(pasting.history == importing.history, "\(name)")
    }

    /// Every real log, pasted with its empty lines, arrives whole; one empty line ends the
    /// ones that reach UIKit's or AppKit's closing line, two the excerpts that stop earlier.
    @Test(arguments: names(in: logs))
    func everyLogArrivesWhole(_ name: String) throws {
        let emptyLines = try pasteArrivesWhole(name, in: Self.logs, importedAs: "pasted.log")
        let endsWhole: Set<String> = ["02-swift2byexample-7.log", "03-masonry-415.log", "07-unstoppable-wallet-707.log", "08-colo-12.log",
                                      "12-bmatest-50.log", "13-munki-1241.log", "23-tabman-249.log", "25-fdtake-122.log"]
        #expect(emptyLines == (endsWhole.contains(name) ? 1 : 2), "\(name)")
    }

    /// Code ends at the first empty line where its brackets balance: an excerpt of a class's
    /// body (a property, then a function) ends after the property. The fixture that is one.
    static let bodyExcerpts: Set<String> = ["StudyStackView.swift.txt"]

    /// Every code fixture that is a function, a class or a file arrives whole, its empty lines
    /// inside functions kept.
    @Test(arguments: names(in: code).filter { !bodyExcerpts.contains($0) })
    func everyCodeFixtureArrivesWhole(_ name: String) throws {
        try pasteArrivesWhole(name, in: Self.code, importedAs: name.contains(".m.") ? "pasted.m" : "pasted.swift")
    }

    /// An excerpt of declarations without their class ends after the first complete one that
    /// looks like layout code; the rest then runs as commands (the README says to paste the
    /// class, or end such an excerpt with `import FILE`).
    @Test func aClassBodyExcerptEndsAfterItsFirstDeclaration() throws {
        let text = try String(contentsOfFile: Self.code + "/StudyStackView.swift.txt", encoding: .utf8)
        let lines = Replay.lines(of: text)
        let session = Session()
        _ = session.execute("paste")
        var endedAt: Int?
        for (index, line) in lines.enumerated() where endedAt == nil {
            _ = session.execute(line)
            if !session.isPasting { endedAt = index + 1 }
        }
        #expect(endedAt == lines.firstIndex(of: "    }()")! + 2)
        // Wrapped in its class, the same text arrives whole.
        _ = session.execute("reset")
        _ = session.execute("paste")
        for line in ["class ViewController: UIViewController {"] + lines.dropFirst() + ["}"] {
            _ = session.execute(line)
            #expect(session.isPasting)
        }
        #expect(session.execute("").ok && !session.isPasting)
    }

    static let storyboards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../examples/storyboards").standardized.path

    /// An IB document ends at `</document>` (XML allows nothing after it): the paste imports
    /// there, as `import` would, and the next line is a command again, not swallowed.
    @Test func aStoryboardEndsAtItsClosingTag() throws {
        let text = try String(contentsOfFile: Self.storyboards + "/SignIn.storyboard", encoding: .utf8)
        let session = Session()
        _ = session.execute("paste")
        let lines = Replay.lines(of: text)
        var last = CommandResult(line: 0, input: "")
        for (index, line) in lines.enumerated() {
            last = session.execute(line)
            #expect(session.isPasting == (index < lines.count - 1), "line \(index + 1)")
        }
        try Self.expectSameAsImport(last, of: session, text: text, fileName: "pasted.storyboard", name: "SignIn")
        #expect(session.execute("view zzz").ok)
        #expect(session.model.view("zzz") != nil)
    }

    @Test func anEmptyLineEndsCompleteCodeTwoEndAnything() {
        let session = Session()
        _ = session.execute("paste")
        _ = session.execute("let a = UIView()")
        _ = session.execute("view.addSubview(a)")
        // Complete and recognized: this empty line ends it.
        let result = session.execute("")
        #expect(!session.isPasting && result.ok)
        #expect(session.model.view("a") != nil)

        _ = session.execute("paste")
        _ = session.execute("override func viewDidLoad() {")
        _ = session.execute("    let b = UIView()")
        // A brace is open: empty lines, however many, belong to the function (issue 24: the
        // rest of a file used to run as commands).
        #expect(session.execute("").isSilent && session.pasteState == .collecting)
        #expect(session.execute("").isSilent && session.isPasting)
        #expect(session.execute("   ").isSilent && session.isPasting)
        _ = session.execute("    view.addSubview(b)")
        _ = session.execute("}")
        let ended = session.execute("")
        #expect(!session.isPasting)
        #expect(ended.ok && session.model.view("b") != nil, "\(ended.error?.message ?? "")")

        // Text no importer follows still ends at two empty lines.
        _ = session.execute("paste")
        _ = session.execute("let c = 1")
        #expect(session.execute("").isSilent && session.pasteState == .afterEmptyLine)
        _ = session.execute("")
        #expect(!session.isPasting)
    }

    @Test func textNoImporterKnowsEndsOnlyAtTwoEmptyLines() {
        let session = Session()
        _ = session.execute("paste")
        _ = session.execute("po [[UIWindow keyWindow] _autolayoutTrace]")
        #expect(session.execute("").isSilent && session.isPasting)
        _ = session.execute("hello")
        #expect(session.execute("").isSilent)
        let result = session.execute("")
        #expect(!session.isPasting && !result.ok)
        #expect(result.error?.message == "the pasted text is neither an Interface Builder file, a console log nor layout code LayoutLab can read")
    }

    @Test func nothingPastedEndsQuietly() {
        let session = Session()
        _ = session.execute("paste")
        #expect(session.execute("").isSilent)
        let result = session.execute("")
        #expect(result.ok && result.output == ["nothing was pasted; nothing imported"])
        #expect(session.history.isEmpty)
    }

    @Test func cancellingDropsThePasteAndChangesNothing() {
        let session = Session()
        _ = session.execute("view a")
        #expect(session.cancelPaste() == nil)
        _ = session.execute("paste")
        _ = session.execute("Unable to simultaneously satisfy constraints.")
        _ = session.execute("(")
        _ = session.execute(#"    "<NSLayoutConstraint:0x1 UIView:0x2.width == 10   (active)>""#)
        let cancelled = session.cancelPaste()
        #expect(cancelled?.output == ["paste cancelled: nothing imported (3 pasted lines dropped)"])
        #expect(!session.isPasting && session.history == [["view a"]])
        // The next line is a command again.
        #expect(session.execute("view b").ok && session.model.view("b") != nil)
    }

    @Test func pasteSaysHowItEnds() {
        let session = Session()
        let result = session.execute("paste")
        #expect(result.output == [Paste.instructions])
        #expect(Paste.instructions.contains("two empty lines do unless code has a bracket open"))
        #expect(session.pasteState == .collecting)
    }
}
