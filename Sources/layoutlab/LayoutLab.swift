import ArgumentParser
import CEditLine
import LayoutShell

/// The version `layoutlab --version` prints.
let layoutlabVersion = "0.1.0-dev"

/// The `layoutlab` command line (README, "Command line"): the interactive shell when
/// started without files on a terminal, otherwise a replay of scripts or
/// stdin, optionally as JSON Lines, checked against expected output, or
/// reporting only once at the end.
@main
struct LayoutLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutlab",
        abstract: "A shell for exploring Auto Layout constraints.",
        discussion: """
            Without FILE and with a terminal on stdin, starts the interactive shell \
            (history in ~/.layoutlab_history or $LAYOUTLAB_HISTORY). With FILEs, or \
            `-` for stdin, or piped input, replays the lines and prints the same reports.
            Exit status: 0 success; 1 a replayed line was rejected or a check differs; \
            2 usage error.
            """,
        version: layoutlabVersion,
        subcommands: [LintCommand.self]
    )

    @Flag(name: .long, help: "Print JSON Lines: one object per command (not for blanks or comments); after the first, each carries what its command changed.")
    var json = false

    @Flag(name: .long, help: "With --json: every object carries the whole state (every frame, broken constraint and ambiguous view).")
    var full = false

    @Flag(name: .long, help: "Replay and compare with the expected output (`#> ` lines) kept in each file.")
    var check = false

    @Flag(name: .long, help: "With --check: rewrite the expected output in each file.")
    var update = false

    @Flag(name: .long, help: "Report only once, at the end: every rejected line, then the whole layout.")
    var final = false

    @Flag(name: .long, help: "Stop the replay at the first rejected line (exit status 1).")
    var stopOnError = false

    @Option(name: .long, help: ArgumentHelp("Play a lesson step by step (a number or a name; `help lessons` lists them).", valueName: "N"))
    var lesson: String?

    @Argument(help: ArgumentHelp("Session scripts to replay; `-` reads stdin.", valueName: "FILE"))
    var files: [String] = []

    func validate() throws {
        if update && !check {
            throw ValidationError("--update needs --check")
        }
        if check && files.isEmpty {
            throw ValidationError("--check needs at least one FILE")
        }
        if check && (json || final) {
            throw ValidationError("--check compares the text report; it cannot be combined with --json or --final")
        }
        if check && stopOnError {
            throw ValidationError("--check already reports every difference; it cannot be combined with --stop-on-error")
        }
        if full && !json {
            throw ValidationError("--full needs --json")
        }
        if update && files.contains("-") {
            throw ValidationError("--update cannot rewrite stdin")
        }
        if lesson != nil && (check || json || final || stopOnError || !files.isEmpty) {
            throw ValidationError("--lesson plays one lesson in the shell; it takes no FILE and no other flag")
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("`-` (stdin) may be given only once")
        }
    }

    /// What a run does, decided by the flags and whether stdin is a terminal.
    enum Mode: Equatable {
        /// `--check` (with `--update`: rewrite the expected output) over the files.
        case check(update: Bool)
        /// The line editor, on a terminal.
        case interactive
        /// Replay of the sources in one session (`-` is stdin).
        case replay(sources: [String])
        /// A lesson played step by step (through the line editor on a terminal).
        case lesson(String)
    }

    /// The interactive shell needs a terminal on stdin and no files; `--json` and `--final`
    /// replay stdin even from a terminal. Piped input is replayed like `-`.
    func mode(stdinIsTTY: Bool) -> Mode {
        if check { return .check(update: update) }
        if let lesson { return .lesson(lesson) }
        if files.isEmpty && !json && !final && stdinIsTTY { return .interactive }
        return .replay(sources: files.isEmpty ? ["-"] : files)
    }

    func run() throws {
        let options = Replay.Options(json: json, final: final, width: Terminal.width,
                                     color: !json && Terminal.colorEnabled, stopOnError: stopOnError, full: full)
        let status: Int32
        switch mode(stdinIsTTY: Terminal.stdinIsTTY) {
        case .check(let update):
            status = CheckDriver(update: update).run(files: files)
        case .interactive:
            status = InteractiveShell(engine: ShellEngine(color: options.color), lessons: LessonDirectory.find(),
                                      fallback: { ReplayDriver(options: options).run(sources: ["-"]) }).run()
        case .replay(let sources):
            status = ReplayDriver(options: options).run(sources: sources)
        case .lesson(let selector):
            status = LessonShell(selector: selector, library: LessonDirectory.find(),
                                 engine: ShellEngine(color: options.color), interactive: Terminal.stdinIsTTY).run()
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The exit status for an error thrown while parsing or running: 2 for usage errors
    /// (README, "Command line"), not ArgumentParser's 64; else ArgumentParser's own code.
    static func exitStatus(for error: any Error) -> Int32 {
        let code = exitCode(for: error)
        return code == .validationFailure ? 2 : code.rawValue
    }

    /// Usage errors exit with 2, not ArgumentParser's 64.
    static func main() {
        RunningProcess.mapLargeBlocks()
        do {
            var command = try parseCommand(Array(CommandLine.arguments.dropFirst()))
            try command.run()
        } catch let error as SubcommandError {
            if exitCode(for: error.underlying) == .validationFailure {
                fputs(LintCommand.message(for: error.underlying) + "\n", cel_stderr())
                RunningProcess.exit(exitStatus(for: error.underlying))
            }
            LintCommand.exit(withError: error.underlying)
        } catch {
            if exitCode(for: error) == .validationFailure {
                fputs(fullMessage(for: error) + "\n", cel_stderr())
                RunningProcess.exit(exitStatus(for: error))
            }
            exit(withError: error)
        }
    }

    /// The command the arguments ask for. `lint` and `help` come first: the root's own FILE
    /// arguments would otherwise take the word (ArgumentParser reads the root's positionals
    /// before it looks for a subcommand), and `layoutlab --help` promises `layoutlab help
    /// <subcommand>`. A file named `lint` or `help` is replayed as `./lint`.
    static func parseCommand(_ arguments: [String]) throws -> any ParsableCommand {
        switch arguments.first {
        case "lint":
            do { return try LintCommand.parseAsRoot(Array(arguments.dropFirst())) } catch { throw SubcommandError(underlying: error) }
        case "help":
            let rest = arguments.dropFirst()
            if rest.isEmpty { throw CleanExit.helpRequest(self) }
            if rest.count == 1, rest.first == LintCommand.configuration.commandName {
                throw SubcommandError(underlying: CleanExit.helpRequest(LintCommand.self))
            }
            throw ValidationError("no subcommand \(rest.joined(separator: " ")): layoutlab has one, lint (layoutlab help lint)")
        default:
            return try parseAsRoot(arguments)
        }
    }
}

/// An error while parsing a subcommand's arguments: its message is the subcommand's (its
/// usage line, its options), not the root's.
struct SubcommandError: Error {
    var underlying: any Error
}
