import CEditLine
import LayoutShell

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive loop: a `LineEditor` feeding the engine until `quit` or
/// Ctrl-D.
struct InteractiveShell {
    /// The shell's first lines (the README's tour starts with them; a test compares). One line,
    /// under 90 columns: the version, the platform rules VFL follows, where to start (help says
    /// Tab completes and Ctrl-D quits; quit and exit work too); then the lessons, when found.
    static func banner(lessons: Bool) -> [String] {
        ["LayoutLab \(layoutlabVersion) (iOS: |- is the margins; `platform macos` for 20 points). Type help."]
            + (lessons ? ["New to Auto Layout? help lessons lists a short course."] : [])
    }

    let engine: ShellEngine
    /// What `help lessons` lists.
    let lessons: LessonLibrary?
    /// Used when the terminal cannot do line editing: the lines are then
    /// replayed as from a pipe.
    let fallback: () -> Int32

    func run() -> Int32 {
        guard let editor = LineEditor(prompt: shellPrompt, historyPath: Self.historyPath(),
                                      complete: engine.complete) else {
            fputs("layoutlab: cannot use the terminal for line editing; reading plain lines\n", cel_stderr())
            return fallback()
        }
        engine.session.lessons = lessons
        engine.session.playsLessons = lessons != nil
        Self.banner(lessons: lessons != nil).forEach { print($0) }
        while !engine.isFinished {
            // After `paste` the lines are collected, not run: a different prompt says so.
            let pasting = engine.session.pasteState
            editor.setPrompt(pasting.map(pastePrompt) ?? shellPrompt)
            editor.completes = pasting == nil
            switch editor.read(remember: pasting == nil) {
            case .line(let line):
                emit(engine.execute(line))
                // `lesson N`: played here, through the same line editor, then back to this prompt.
                // Ctrl-D inside the lesson leaves it for this prompt.
                var request = LessonShell.takeRequest(engine)
                while let lesson = request, let lessons {
                    _ = LessonShell(selector: String(lesson.number), library: lessons, engine: engine, interactive: true)
                        .play(lesson, in: lessons, editor: editor)
                    request = LessonShell.takeRequest(engine)
                }
            case .paste(let text):
                // Ended by the paste, not by Enter: the cursor is still on the prompt's line.
                print()
                emit(engine.executePasted(text))
            case .interrupt where pasting != nil:
                emit(engine.cancelPaste())
            case .interrupt:
                continue
            case .end where pasting != nil:
                // Ctrl-D while pasting gives up the paste, not the session.
                print()
                emit(engine.cancelPaste())
            case .end:
                // Leave the user's shell prompt on a line of its own.
                print()
                return 0
            }
        }
        return 0
    }

    /// `$LAYOUTLAB_HISTORY` when set and not empty, else `~/.layoutlab_history`.
    static func historyPath() -> String? {
        if let path = Terminal.environment("LAYOUTLAB_HISTORY"), !path.isEmpty { return path }
        if let home = Terminal.environment("HOME"), !home.isEmpty { return home + "/.layoutlab_history" }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir {
            return String(cString: dir) + "/.layoutlab_history"
        }
        return nil
    }
}

/// Prints a report, adding the final newline when it lacks one, and flushes,
/// so a pipe reader sees each report as soon as it is ready.
func emit(_ report: String) {
    guard !report.isEmpty else { return }
    fputs(report.hasSuffix("\n") ? report : report + "\n", cel_stdout())
    fflush(cel_stdout())
}

/// `layoutlab FILE... | -`, `--json`, `--final`: replays the files (or stdin)
/// through LayoutShell's `Replay`, in one session, so a set-up script can
/// precede an experiment. Stdin is streamed line by line: each report is
/// printed as soon as its line arrives. Relative paths in a file's `load` and
/// `save` are taken from that file's directory (stdin: the current one).
/// The replayed session outlives `ReplayDriver.run`: freeing a large layout object by object
/// costs more (about 40 ms at 10 000 views) than the process exit that frees it all at once.
nonisolated(unsafe) private var sessionKeptUntilExit: Session?

struct ReplayDriver {
    let options: Replay.Options

    func run(sources: [String]) -> Int32 {
        // Read every file first: an unreadable one is a usage error (2), before any output.
        var scripts: [String: String] = [:]
        for source in sources where source != "-" {
            do { scripts[source] = try readScript(source) } catch {
                fputs("layoutlab: \(error)\n", cel_stderr())
                return 2
            }
            if let refusal = notAScript(source, scripts[source]!) {
                fputs("layoutlab: \(refusal)\n", cel_stderr())
                return 2
            }
        }
        let session = Session()
        session.homeDirectory = Terminal.environment("HOME")
        session.lessons = LessonDirectory.find()
        // Files that never undo (and no stdin, which could) need no step's trail once it ends;
        // nor a history, when nothing in them reads it (`undo`, `save`, an import). Undo reads
        // the history, so a script that reads none is scanned once.
        if !sources.contains("-") {
            if !scripts.values.contains(where: Replay.readsHistory) {
                session.keepsHistory = false
                session.undoDepth = 0
            } else if !scripts.values.contains(where: Replay.undoes) {
                session.undoDepth = 0
            }
        }
        sessionKeptUntilExit = session
        let replayer = Replay.Replayer(options: options, session: session)
        // A long JSON report goes out as it is made; `emit` prints its end and flushes.
        replayer.handOff = { fputs($0, cel_stdout()) }
        for (index, source) in sources.enumerated() {
            // Rejected lines are named by file under --final (stdin: by line number only).
            replayer.source = source == "-" ? nil : source
            if source == "-" {
                session.directory = nil
                var number = 0
                while !replayer.isDone, let line = Swift.readLine(strippingNewline: true) {
                    number += 1
                    emit(replayer.feed(line, lineNumber: number))
                }
                endPaste(replayer, lineNumber: number)
            } else {
                session.directory = directory(of: source)
                var number = 0
                // The text goes once its last line is read, before that line runs, unless the
                // file comes again: held to the end, it was 1% of the peak of `--final` on a
                // long script, and the last line can be the dearest (the squeezed chain's).
                var lines: Replay.ScriptLines? = Replay.ScriptLines(scripts[source]!)
                if !sources[(index + 1)...].contains(source) { scripts[source] = nil }
                var next = lines?.next()
                while let line = next {
                    if replayer.isDone { break }
                    next = lines?.next()
                    if next == nil { lines = nil }
                    number += 1
                    emit(replayer.feed(line, lineNumber: number))
                }
                lines = nil
                endPaste(replayer, lineNumber: number)
            }
            if replayer.isDone { break }
        }
        emit(replayer.finish(last: true))
        return replayer.ok ? 0 : 1
    }
}

/// The end of a file or of stdin inside `paste` ends what was pasted, as the empty lines
/// that end a paste do: it is imported whole (or refused whole, with the reason), never lost
/// and never carried into the next file.
private func endPaste(_ replayer: Replay.Replayer, lineNumber: Int) {
    for _ in 0..<2 where replayer.session.isPasting && !replayer.isDone {
        emit(replayer.feed("", lineNumber: lineNumber))
    }
}

/// `--check` and `--check --update`: each file in a fresh session through
/// LayoutShell's `Replay.check` (width 80, no colour, so the result does not
/// depend on the terminal). Prints `ok FILE`, or the differences and
/// `FAIL FILE`; with `--update` rewrites the expected output atomically.
struct CheckDriver {
    let update: Bool

    func run(files: [String]) -> Int32 {
        var scripts: [String] = []
        for file in files {
            do { scripts.append(try readScript(file)) } catch {
                fputs("layoutlab: \(error)\n", cel_stderr())
                return 2
            }
            if let refusal = notAScript(file, scripts.last!) {
                fputs("layoutlab: \(refusal)\n", cel_stderr())
                return 2
            }
        }
        var failed = 0
        for (file, script) in zip(files, scripts) {
            let session = Session()
            session.directory = directory(of: file)
            if !Replay.readsHistory(script) {
                session.keepsHistory = false
                session.undoDepth = 0
            } else if !Replay.undoes(script) {
                session.undoDepth = 0
            }
            let check = Replay.check(script, name: file, width: 80, session: session)
            if update {
                if check.updated == script {
                    print("ok \(file) (already up to date)")
                } else {
                    do { try TextFile.write(check.updated, to: file) } catch {
                        fputs("layoutlab: \(error)\n", cel_stderr())
                        return 2
                    }
                    print("updated \(file)")
                }
            } else if check.ok {
                print("ok \(file)")
            } else {
                failed += 1
                print(check.report, terminator: check.report.hasSuffix("\n") ? "" : "\n")
                let n = check.differences.count
                print("FAIL \(file): \(n == 1 ? "1 command differs" : "\(n) commands differ")" + (file == "-" ? "" : "; `layoutlab --check --update \(file)` takes the new output"))
            }
        }
        return failed == 0 ? 0 : 1
    }
}

/// The directory part of `path` ("." for a bare file name).
func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Why a file given to replay or check is not a session script (a storyboard, layout code, a
/// console log: every line of it would be an error), with what reads it; nil for a script.
func notAScript(_ source: String, _ text: String) -> String? {
    guard source != "-", let kind = Lint.kind(of: source, text: text) else { return nil }
    let what: String
    switch kind {
    case .script: return nil
    case .interfaceBuilder: what = "an Interface Builder file"
    case .code: what = "layout code"
    case .log: what = "a console log"
    }
    return "\(source) is \(what), not a session script: `import \(source)` in the shell reads it, `layoutlab lint \(source)` checks it"
}

/// A script to replay or check: the file at `source`, or standard input for `-`.
func readScript(_ source: String) throws(FileError) -> String {
    if source == "-" { return try TextFile.read(descriptor: STDIN_FILENO, name: "-") }
    return try TextFile.read(source)
}
