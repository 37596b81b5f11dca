import Foundation
import Testing
@testable import LayoutShell

/// A paste the terminal brackets (`ESC[200~` … `ESC[201~`) reaches the session as one event,
/// `executePasted`: code and logs import whole, whatever empty lines they hold; other text is
/// a script of commands run as one step; nothing pasted ever runs as a command of its own.
struct BracketedPasteTests {
    /// Every real log and code fixture, pasted in one event with the carriage returns a
    /// terminal sends for line ends, imports exactly as `import FILE` reads the file.
    @Test(arguments: PasteTests.names(in: PasteTests.logs).map { (PasteTests.logs, $0, "pasted.log") }
          + PasteTests.names(in: PasteTests.code).map { (PasteTests.code, $0, $0.hasSuffix(".m") ? "pasted.m" : "pasted.swift") })
    func aFixturePastedInOneEventImportsAsTheFile(_ directory: String, _ name: String, _ fileName: String) throws {
        let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        let pasting = Session()
        let result = pasting.executePasted(text.replacingOccurrences(of: "\n", with: "\r"))
        #expect(!pasting.isPasting)

        try PasteTests.expectSameAsImport(result, of: pasting, text: text, fileName: fileName, name: name)
    }

    /// Issue 24: a function with whitespace-only lines and two empty lines in a row, pasted
    /// at the prompt, used to end early and run its last lines as commands.
    @Test func emptyLinesInsideAPastedFunctionNeverEndIt() {
        let session = Session()
        let code = [
            "override func viewDidLoad() {",
            "    let a = UIView()",
            "    ",
            "",
            "",
            "    a.translatesAutoresizingMaskIntoConstraints = false",
            "    view.addSubview(a)",
            "\t",
            "    a.widthAnchor.constraint(equalToConstant: 40).isActive = true",
            "}",
        ].joined(separator: "\n")
        let result = session.executePasted(code + "\n")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(!session.isPasting)
        // One undo step: the view and its width (40, from the constant), nothing else run.
        #expect(session.history.count == 1)
        #expect(session.history.first?.contains("a.width == 40") == true)
        #expect(session.model.frame(of: "a")?.width == 40)
    }

    /// Commands copied from a script run as one step: undo takes them all back.
    @Test func pastedCommandsRunAsOneStep() {
        let session = Session()
        let result = session.executePasted("view a\r\na.width == 10\r\n\r\na.height == 20\r\n")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(result.output == ["ran 3 pasted commands as one step (undo takes them back)"])
        #expect(session.history == [["view a", "a.width == 10", "a.height == 20"]])
        // Width and height as pasted; x and y are unconstrained, so the solver leaves them at 0.
        #expect(session.model.frame(of: "a").map { [$0.width, $0.height] } == [10, 20])
        #expect(session.execute("undo").ok && session.model.view("a") == nil)
    }

    /// One refused line takes back every pasted line, and the error names it.
    @Test func aRefusedPastedCommandTakesBackThemAll() {
        let session = Session()
        _ = session.execute("view z")
        let result = session.executePasted("view b\nb.width == oops\nview c\n")
        #expect(!result.ok)
        #expect(result.error?.message.hasPrefix("paste:2: ") == true, "\(result.error?.message ?? "")")
        #expect(session.model.view("b") == nil && session.model.view("c") == nil)
        #expect(session.history == [["view z"]])
    }

    /// After `paste`, the bracketed paste is what is pasted, and ends it; text no importer
    /// reads is then refused, not run.
    @Test func aBracketedPasteEndsATypedPaste() {
        let session = Session()
        _ = session.execute("paste")
        let imported = session.executePasted("let a = UIView()\n\n\nview.addSubview(a)\n")
        #expect(!session.isPasting)
        #expect(imported.ok && session.model.view("a") != nil, "\(imported.error?.message ?? "")")

        _ = session.execute("paste")
        let refused = session.executePasted("view b\nview c\n")
        #expect(!session.isPasting && !refused.ok)
        #expect(session.model.view("b") == nil)
    }
}
