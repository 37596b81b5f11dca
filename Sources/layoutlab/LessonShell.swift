import CEditLine
import LayoutShell
import LayoutVocabulary

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the lessons are (README, "Lessons"): the first of these that holds lesson files.
/// 1. `$LAYOUTLAB_LESSONS` (when set, the only place looked at);
/// 2. `share/layoutlab/lessons` beside the directory of the executable (an installed
///    `PREFIX/bin/layoutlab` reads `PREFIX/share/layoutlab/lessons`);
/// 3. `examples/` of the source tree the executable sits in (`.build/debug/layoutlab`);
/// 4. `examples/` of the source tree it was built from, if that still exists.
/// examples/ stays the one copy: nothing is embedded in the binary, so a lesson updated with
/// `--check --update` is what `--lesson` plays.
enum LessonDirectory {
    static func find() -> LessonLibrary? {
        candidates().first(where: LessonLibrary.holdsLessons).map { LessonLibrary(directory: RunningProcess.realPath($0) ?? $0) }
    }

    static func candidates() -> [String] {
        if let path = Terminal.environment("LAYOUTLAB_LESSONS"), !path.isEmpty { return [path] }
        var paths: [String] = []
        if let executable = RunningProcess.executablePath() {
            let bin = directory(of: executable)
            paths.append(bin + "/../share/layoutlab/lessons")
            var dir = bin
            while dir != "/" && dir != "." {
                if access(dir + "/Package.swift", F_OK) == 0 { paths.append(dir + "/examples") }
                dir = directory(of: dir)
            }
        }
        // …/Sources/layoutlab/LessonShell.swift → …/examples
        paths.append(directory(of: directory(of: directory(of: #filePath))) + "/examples")
        return paths
    }
}

/// `layoutlab --lesson N`: plays a lesson in a session. On a terminal, through the line
/// editor: the story, then `next ▸ COMMAND`; Enter runs it (the empty prompt line then shows
/// it, as if typed), and anything the reader types runs in the same session. From a pipe the
/// same, one line of stdin at a time (an empty line is Enter), without line editing. When the
/// lesson is over the session goes on as the ordinary shell, where `lesson N` plays another.
struct LessonShell {
    let selector: String
    let library: LessonLibrary?
    let engine: ShellEngine
    let interactive: Bool

    func run() -> Int32 {
        guard let library else {
            fputs("layoutlab: no lessons found; looked in:\n" + LessonDirectory.candidates().map { "  \($0)\n" }.joined()
                  + "set LAYOUTLAB_LESSONS to the directory that holds them (examples/ in the source tree)\n", cel_stderr())
            return 2
        }
        let lesson: Lesson
        do {
            lesson = try library.lesson(selector)
        } catch {
            fputs("layoutlab: \(error)\n", cel_stderr())
            return 2
        }
        engine.session.lessons = library
        engine.session.playsLessons = true
        let editor = interactive
            ? LineEditor(prompt: shellPrompt, historyPath: InteractiveShell.historyPath(), complete: engine.complete)
            : nil
        if interactive && editor == nil {
            fputs("layoutlab: cannot use the terminal for line editing; reading plain lines\n", cel_stderr())
        }
        var next: Lesson? = lesson
        while let playing = next {
            guard play(playing, in: library, editor: editor) else { break }
            // The lesson is over (or `lesson N` asked for another): the ordinary shell, until
            // `lesson N` asks for one.
            next = Self.takeRequest(engine)
            while !engine.isFinished, next == nil {
                guard let line = editor.map({ $0.readLine() }) ?? Swift.readLine(strippingNewline: true) else {
                    if editor != nil { print() }
                    return 0
                }
                emit(engine.execute(line))
                next = Self.takeRequest(engine)
            }
        }
        return 0
    }

    /// `lesson N` typed at a prompt: the session is reset first (one undo step, so `undo`
    /// afterwards brings the reader's own layout back).
    static func takeRequest(_ engine: ShellEngine) -> Lesson? {
        guard let lesson = engine.session.takeLessonRequest() else { return nil }
        emit(engine.execute("reset"))
        return lesson
    }

    /// Plays one lesson through `editor` (nil: plain lines from stdin) until its last step or
    /// until `lesson N` asks for another. Returns false when the input ended or the reader quit.
    func play(_ lesson: Lesson, in library: LessonLibrary, editor: LineEditor?) -> Bool {
        let all = (try? library.lessons()) ?? []
        let next = all.first { $0.number > lesson.number }.map { (number: $0.number, title: $0.title) }
        let player = LessonPlayer(lesson: lesson, session: engine.session, next: next, directory: library.directory)
        let prompt = "lesson \(lesson.number)> "
        editor?.setPrompt(prompt)
        defer { editor?.setPrompt(shellPrompt) }
        show(player.introduction)
        show(player.present())
        while !engine.isFinished && !player.isFinished {
            guard let line = editor.map({ $0.readLine() }) ?? Swift.readLine(strippingNewline: true) else {
                if editor != nil { print() }
                return false
            }
            engine.prepareForCommand()
            switch player.respond(to: line) {
            case .step(let command, let result, let differs):
                if line.allSatisfy(\.isBlank) { echo(command, prompt: prompt, onTerminal: editor != nil) }
                emit(engine.render(result))
                if differs { show(wrapped(player.differenceNote)) }
                show(player.present())
            case .pause:
                show(player.present())
            case .wait:
                show([player.waitNote])
            case .own(let result):
                emit(engine.render(result))
                // `lesson N` typed during a lesson: this one stops, the caller plays that one.
                if engine.session.lessonRequest != nil { return true }
                if !engine.isFinished { show([player.reminder]) }
            }
        }
        return !engine.isFinished
    }

    /// Shows the command Enter ran where the reader would have typed it: on a terminal on the
    /// empty prompt line just left (one line up), from a pipe as a line of its own.
    private func echo(_ command: String, prompt: String, onTerminal: Bool) {
        if onTerminal {
            fputs("\u{1B}[1A\r" + prompt + command + "\u{1B}[K\n", cel_stdout())
        } else {
            fputs(prompt + command + "\n", cel_stdout())
        }
        fflush(cel_stdout())
    }

    private func show(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        emit(lines.joined(separator: "\n"))
    }

    /// A long note in lines that fit the terminal.
    private func wrapped(_ text: String) -> [String] {
        let width = max(40, Terminal.width)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
