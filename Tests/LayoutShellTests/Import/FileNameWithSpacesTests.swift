import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// File names with spaces ("My App/Base.lproj/Main.storyboard", as Xcode projects are often
/// named): quoted or escaped as a shell writes them, and completed escaped.
struct FileNameWithSpacesTests {
    @Test func quotedWordsKeepTheirSpacesAndColumns() {
        let (words, open) = splitQuotedWords(#"import "My App/Main.storyboard" 2"#)
        #expect(words.map(\.text) == ["import", "My App/Main.storyboard", "2"])
        #expect(words.map(\.column) == [1, 8, 33])
        #expect(open == nil)
        #expect(splitQuotedWords(#"save My\ App/x.lal"#).words.map(\.text) == ["save", "My App/x.lal"])
        #expect(splitQuotedWords("load 'a \"b\" c'").words.map(\.text) == ["load", #"a "b" c"#])
        #expect(splitQuotedWords(#"load "a \" b""#).words.map(\.text) == ["load", #"a " b"#])
        #expect(splitQuotedWords("load \"My App").openQuoteColumn == 6)
        #expect(splitQuotedWords("  ").words.isEmpty)
        for name in ["My App/Main.storyboard", #"it's "here"\now"#, "plain.lal"] {
            #expect(splitQuotedWords("load " + escapedFileName(name)).words.last?.text == name)
        }
    }

    @Test func importSaveAndLoadTakeNamesWithSpaces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("My App \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Session()
        session.directory = folder.path
        #expect(session.execute("view a").ok)
        #expect(session.execute(#"save "saved file.lal""#).ok)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("saved file.lal").path))
        let loading = Session()
        let loaded = loading.execute("load " + escapedFileName(folder.appendingPathComponent("saved file.lal").path))
        #expect(loaded.ok, "\(loaded.error?.message ?? "")")
        #expect(loading.model.view("a") != nil)
        let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../examples/storyboards/SignIn.storyboard").standardized
        try FileManager.default.copyItem(at: storyboard, to: folder.appendingPathComponent("Sign In.storyboard"))
        let importing = Session()
        importing.directory = folder.path
        #expect(importing.execute(#"import "Sign In.storyboard" 1"#).ok)
        let open = Session().execute(#"import "Sign In.storyboard"#)
        #expect(open.error?.message == "this quote is not closed")
        #expect(open.error?.column == 8)
    }

    @Test func completionEscapesSpacesAndReadsThemBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("My App/Base.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../examples/storyboards/SignIn.storyboard").standardized
        try FileManager.default.copyItem(at: storyboard, to: folder.appendingPathComponent("My App/Base.lproj/Main.storyboard"))
        let session = Session()
        session.directory = folder.path
        var line = "import My"
        #expect(session.completions(line: line, cursor: line.count).candidates == [#"My\ App/"#])
        line = #"import My\ App/Base.lproj/M"#
        #expect(session.completions(line: line, cursor: line.count) == (7, [#"My\ App/Base.lproj/Main.storyboard"#]))
        line = #"import My\ App/Base.lproj/Main.storyboard Sign"#
        #expect(session.completions(line: line, cursor: line.count).candidates == ["SignIn", "SignInViewController"])
    }
}
