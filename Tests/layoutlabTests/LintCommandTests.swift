import Foundation
import ArgumentParser
import Testing
@testable import layoutlab

/// `layoutlab lint`'s command line: what a path expands to (a mistyped CI path must not
/// pass), `layoutlab help lint`, and its usage in full.
@Suite struct LintCommandTests {
    @Test func anEmptyFolderOrAMissingPathIsAProblem() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        #expect(LintCommand.expand(scratch.path) == .problem("nothing to check: the folder holds no .storyboard, .xib, .swift, .m, .mm, .log or .lal file"))
        #expect(LintCommand.expand(scratch.file("nowhere")) == .problem("no such file or folder"))
        // Notes are not looked for in a folder; a storyboard is, however deep.
        try "x\n".write(toFile: scratch.file("notes.txt"), atomically: true, encoding: .utf8)
        #expect(LintCommand.expand(scratch.path) == .problem("nothing to check: the folder holds no .storyboard, .xib, .swift, .m, .mm, .log or .lal file"))
        try FileManager.default.createDirectory(atPath: scratch.file("Base.lproj"), withIntermediateDirectories: true)
        try "<document/>".write(toFile: scratch.file("Base.lproj/Main.storyboard"), atomically: true, encoding: .utf8)
        try "view a\n".write(toFile: scratch.file("a.lal"), atomically: true, encoding: .utf8)
        #expect(LintCommand.expand(scratch.path) == .files([scratch.file("Base.lproj/Main.storyboard"), scratch.file("a.lal")]))
        // A file named on the command line is taken whatever it is (lint then says what it is not).
        #expect(LintCommand.expand(scratch.file("notes.txt")) == .files([scratch.file("notes.txt")]))
    }

    @Test func helpLintIsTheSubcommandsHelp() throws {
        do {
            _ = try LayoutLab.parseCommand(["help", "lint"])
            Issue.record("help lint parsed as a command")
        } catch let error as SubcommandError {
            #expect(LintCommand.exitCode(for: error.underlying) == .success)
            let help = LintCommand.message(for: error.underlying)
            #expect(help.contains("USAGE: layoutlab lint [--devices <LIST>] [--landscape] [--json] [<FILE> ...]"), "\(help)")
            #expect(help.contains("a session script"))
        }
        // `help` alone is the root's help; another word is a usage error (exit 2).
        do {
            _ = try LayoutLab.parseCommand(["help"])
            Issue.record("help parsed as a command")
        } catch {
            #expect(LayoutLab.exitCode(for: error) == .success)
            #expect(LayoutLab.fullMessage(for: error).contains("SUBCOMMANDS:"))
        }
        do {
            _ = try LayoutLab.parseCommand(["help", "lnt"])
            Issue.record("help lnt parsed as a command")
        } catch {
            #expect(LayoutLab.exitStatus(for: error) == 2)
            #expect(LayoutLab.fullMessage(for: error).contains("no subcommand lnt"))
        }
        // Other words still reach the root: a script is replayed.
        #expect(try LayoutLab.parseCommand(["a.lal"]) is LayoutLab)
    }

    @Test func lintsUsageErrorsNameTheWholeCommand() {
        do {
            _ = try LayoutLab.parseCommand(["lint"])
            Issue.record("lint without a FILE was accepted")
        } catch let error as SubcommandError {
            #expect(LayoutLab.exitStatus(for: error.underlying) == 2)
            let message = LintCommand.message(for: error.underlying)
            #expect(message.contains("Usage: layoutlab lint [--devices <LIST>]"), "\(message)")
            #expect(message.contains("See 'layoutlab lint --help' for more information."))
        } catch {
            Issue.record("not the subcommand's error: \(error)")
        }
    }

    @Test func aFindingOnSeveralScreensNamesThemInJSON() throws {
        let line = LintCommand.findingObject(path: "Main.storyboard", line: 3, column: 5, severity: "warning", message: "m",
                                             context: "on iPhone15, iPhoneSE landscape", devices: ["iPhone15", "iPhoneSE landscape"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["devices"] as? [String] == ["iPhone15", "iPhoneSE landscape"])
        #expect(object["context"] as? String == "on iPhone15, iPhoneSE landscape")
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(LintCommand.problemObject(path: "emptydir", message: "nothing to check").utf8)) as? [String: Any])
        #expect(problem["path"] as? String == "emptydir" && problem["severity"] as? String == "error" && problem["line"] == nil)
    }
}
