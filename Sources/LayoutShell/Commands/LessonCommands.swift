import LayoutReport

/// `lesson N` at the prompt: asks the interactive shell to play a lesson. The shell, not the
/// session, plays it (the player reads the terminal), so the command only checks the lesson
/// exists and leaves the request for the shell to take.
enum LessonCommands {
    static let all: [any ShellCommand.Type] = [PlayLesson.self]
}

struct PlayLesson: SessionAction {
    var selector: String
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["lesson"]), kind: .session, group: .session, topic: "lesson",
        synopsis: ["lesson N"],
        summary: ["play lesson N (a number or a name; help lessons lists them) step by step,",
                  "in an empty window (undo afterwards brings your session back)."],
        examples: ["lesson 3", "lesson priorities"],
        overview: ["lesson 3"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> PlayLesson {
        guard let word = p.rest.first else {
            throw ShellError("lesson needs a number or a name", hint: "help lessons lists them", column: p.columnAfterCommand)
        }
        guard p.rest.count == 1 else {
            throw ShellError("lesson takes one number or name", column: p.rest[1].column)
        }
        return PlayLesson(selector: word.text, column: word.column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        guard session.playsLessons else {
            throw ShellError("lesson N plays a lesson at the interactive prompt only", hint: "from a terminal: layoutlab --lesson \(selector)", column: 1)
        }
        guard let library = session.lessons else {
            throw ShellError("no lessons were found next to this layoutlab", hint: "README, \"Lessons\", says where it looks", column: 1)
        }
        do throws(LessonError) {
            session.lessonRequest = try library.lesson(selector)
        } catch {
            throw ShellError(error.description, column: column)
        }
        return false
    }
}

extension Session {
    /// The lesson `lesson N` asked for, taken (and cleared) by the shell that plays it.
    public func takeLessonRequest() -> Lesson? {
        defer { lessonRequest = nil }
        return lessonRequest
    }
}
