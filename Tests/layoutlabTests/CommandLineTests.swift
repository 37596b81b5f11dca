import Foundation
import ArgumentParser
import Testing
@testable import layoutlab

/// The flags of README "Command line": what each combination runs, and which are usage
/// errors (exit status 2).
@Suite struct CommandLineTests {
    private func mode(_ arguments: [String], tty: Bool) throws -> LayoutLab.Mode {
        try LayoutLab.parse(arguments).mode(stdinIsTTY: tty)
    }

    @Test func withoutFilesATerminalGetsTheShellAndAPipeIsReplayed() throws {
        #expect(try mode([], tty: true) == .interactive)
        #expect(try mode([], tty: false) == .replay(sources: ["-"]))
        // --json and --final replay stdin even from a terminal: no prompt, no libedit.
        #expect(try mode(["--json"], tty: true) == .replay(sources: ["-"]))
        #expect(try mode(["--final"], tty: true) == .replay(sources: ["-"]))
        #expect(try mode(["--json", "--final"], tty: true) == .replay(sources: ["-"]))
    }

    @Test func filesAreReplayedInOrderInOneRun() throws {
        #expect(try mode(["setup.lal", "-", "more.lal"], tty: true)
                == .replay(sources: ["setup.lal", "-", "more.lal"]))
        #expect(try mode(["--json", "a.lal"], tty: false) == .replay(sources: ["a.lal"]))
    }

    @Test func stopOnErrorReachesTheReplay() throws {
        let command = try LayoutLab.parse(["--stop-on-error", "--final", "a.lal"])
        #expect(command.stopOnError && command.final)
        #expect(command.mode(stdinIsTTY: false) == .replay(sources: ["a.lal"]))
    }

    @Test func checkAndUpdate() throws {
        #expect(try mode(["--check", "a.lal", "b.lal"], tty: true) == .check(update: false))
        #expect(try mode(["--check", "--update", "a.lal"], tty: true) == .check(update: true))
        #expect(try mode(["--update", "--check", "a.lal"], tty: false) == .check(update: true))
        #expect(try mode(["--check", "-"], tty: false) == .check(update: false))
    }

    @Test(arguments: [
        (["--full", "a.lal"], "--full needs --json"),
        (["--update", "a.lal"], "--update needs --check"),
        (["--check"], "--check needs at least one FILE"),
        (["--check", "--json", "a.lal"], "cannot be combined with --json or --final"),
        (["--check", "--final", "a.lal"], "cannot be combined with --json or --final"),
        (["--check", "--update", "-"], "--update cannot rewrite stdin"),
        (["-", "-"], "`-` (stdin) may be given only once"),
        (["--check", "--stop-on-error", "a.lal"], "cannot be combined with --stop-on-error"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["--lesson", "2", "a.lal"], "--lesson plays one lesson in the shell; it takes no FILE"),
        (["--lesson", "2", "--json"], "--lesson plays one lesson in the shell; it takes no FILE"),
        (["--lesson", "2", "--check", "a.lal"], "--lesson plays one lesson in the shell; it takes no FILE"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) {
        do {
            _ = try LayoutLab.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(LayoutLab.exitStatus(for: error) == 2)
            #expect(LayoutLab.message(for: error).contains(message), "\(LayoutLab.message(for: error))")
        }
    }

    @Test func aLessonIsPlayedFromATerminalOrAPipe() throws {
        #expect(try mode(["--lesson", "2"], tty: true) == .lesson("2"))
        #expect(try mode(["--lesson", "priorities"], tty: false) == .lesson("priorities"))
    }

    @Test func helpAndVersionExitWithZero() {
        for arguments in [["--help"], ["--version"]] {
            #expect(throws: (any Error).self) { try LayoutLab.parse(arguments) }
            do { _ = try LayoutLab.parse(arguments) } catch {
                #expect(LayoutLab.exitStatus(for: error) == 0)
            }
        }
        do { _ = try LayoutLab.parse(["--version"]) } catch {
            #expect(LayoutLab.fullMessage(for: error) == layoutlabVersion)
        }
    }

    @Test func aFailedRunKeepsItsOwnStatus() {
        #expect(LayoutLab.exitStatus(for: ExitCode(1)) == 1)
        #expect(LayoutLab.exitStatus(for: ExitCode(2)) == 2)
    }
}

/// The README's tour opens with the shell's banner, which the transcript test keeps as
/// written (it replays the session, not the executable): the two must agree.
@Suite struct ReadmeBannerTests {
    @Test func theTourStartsWithTheShellsBanner() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tour = try #require(lines.firstIndex { $0.hasPrefix("LayoutLab ") })
        #expect(lines[tour - 1] == "```")
        #expect(Array(lines[tour..<(tour + 2)]) == InteractiveShell.banner(lessons: true))
    }
}

/// `layoutlab FILE` and `--check FILE` on a file that is not a session script refuse it with
/// what reads it (replayed, every line of a storyboard was an error of its own).
@Suite struct NotAScriptTests {
    @Test func storyboardsCodeAndLogsAreRefusedScriptsAreNot() {
        #expect(notAScript("Main.storyboard", "<document/>")?.hasPrefix("Main.storyboard is an Interface Builder file, not a session script: `import Main.storyboard` in the shell reads it, `layoutlab lint Main.storyboard` checks it") == true)
        #expect(notAScript("Layout.swift", "let a = UIView()")?.contains("is layout code") == true)
        let log = "Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x600 UIView:0x7f.width == 100   (active)>\"\n)"
        #expect(notAScript("conflict.log", log)?.contains("is a console log") == true)
        #expect(notAScript("card.lal", "view a") == nil)
        #expect(notAScript("notes.txt", "view a") == nil)
        #expect(notAScript("script", "view a") == nil)
        #expect(notAScript("-", "<document/>") == nil)
    }
}
