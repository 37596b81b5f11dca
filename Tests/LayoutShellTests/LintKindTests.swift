import Foundation
import Testing
@testable import LayoutShell

/// What `layoutlab lint` takes a file for: its extension decides (a lesson that quotes a
/// console log is still a script; notes are not a script), and a file of no kind lint reads
/// is unreadable rather than replayed.
@Suite struct LintKindTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    static let log = (try? String(contentsOfFile: examples + "/logs/munki-1241.log", encoding: .utf8)) ?? ""

    @Test func theExtensionDecides() {
        #expect(!Self.log.isEmpty)
        #expect(Lint.kind(of: "a/Main.storyboard", text: "") == .interfaceBuilder)
        #expect(Lint.kind(of: "Cell.XIB", text: "") == .interfaceBuilder)
        #expect(Lint.kind(of: "View.swift", text: "") == .code)
        #expect(Lint.kind(of: "View.m", text: "") == .code)
        #expect(Lint.kind(of: "View.mm", text: "") == .code)
        // A script holding a whole console log stays a script.
        #expect(Lint.kind(of: "lesson.lal", text: Self.log) == .script)
        // .log and .txt: a console log only when the text is one.
        #expect(Lint.kind(of: "crash.log", text: Self.log) == .log)
        #expect(Lint.kind(of: "pasted.txt", text: Self.log) == .log)
        #expect(Lint.kind(of: "notes.txt", text: "x\n") == nil)
        #expect(Lint.kind(of: "crash.log", text: "x\n") == nil)
        #expect(Lint.kind(of: "data.json", text: "{\"a\":1}") == nil)
        #expect(Lint.kind(of: "Makefile", text: "view a\n") == nil)
        #expect(Lint.kind(of: "dir.lal/Makefile", text: "view a\n") == nil)
    }

    /// Every shipped lesson is checked as the script it is: none is unreadable.
    @Test func everyLessonIsReadAsAScript() throws {
        let lessons = try FileManager.default.contentsOfDirectory(atPath: Self.examples).filter { $0.hasSuffix(".lal") }.sorted()
        #expect(lessons.count > 10)
        for name in lessons {
            let path = Self.examples + "/" + name
            let report = Lint.check(path: path, text: try String(contentsOfFile: path, encoding: .utf8), screens: [])
            #expect(report.unreadable == nil, "\(name): \(report.unreadable ?? "")")
        }
    }

    @Test func aFileOfNoKnownKindIsUnreadableNotReplayed() {
        let notes = Lint.check(path: "notes.txt", text: "x\n", screens: [])
        #expect(notes.unreadable?.hasPrefix("not a storyboard, xib, layout code, console log or session script") == true)
        #expect(notes.findings.isEmpty)
        let json = Lint.check(path: "data.json", text: "{\"a\":1}", screens: [])
        #expect(json.unreadable?.contains(".json is none of") == true, "\(json.unreadable ?? "")")
        // The same text named .lal is a script, and its line is rejected at its column.
        let script = Lint.check(path: "notes.lal", text: "x\n", screens: [])
        #expect(script.unreadable == nil)
        #expect(script.findings.map(\.text) == ["notes.lal:1:1: error: unknown command x"])
    }

    /// A script's conflict: the session's ids are the script's own, but one space between
    /// words (the report's padding before "(the window's size)" is gone).
    @Test func aScriptsConflictHasNoPadding() throws {
        let report = Lint.check(path: "c.lal", text: "view a\na.leading == root.leading\nroot.trailing == a.trailing\na.width == 400\n", screens: [])
        let conflict = try #require(report.findings.first { $0.severity == .error })
        #expect(conflict.line == 4)
        #expect(conflict.message.contains("root.width == 375 (the window's size)"), "\(conflict.message)")
        #expect(!conflict.message.contains("  "))
        #expect(!conflict.message.contains("root.width root.width"))
    }
}
