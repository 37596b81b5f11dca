import LayoutReport

/// Plays a lesson in a session, one step at a time, for `layoutlab --lesson N`: it says what
/// to show (the story, then the next command), and takes the reader's lines. An empty line
/// (or the next command typed out) runs the lesson's next command; any other line is the
/// reader's own and runs in the same session, so they can try things between the steps.
///
/// Nothing here touches a terminal: the driver prints the lines and reports it is given and
/// renders the results, so the whole of the player's logic is tested on plain strings.
public final class LessonPlayer {
    public let lesson: Lesson
    public let session: Session
    /// The lesson after this one, named in the closing words (nil: this is the last).
    public let next: (number: Int, title: String)?
    /// The folder of the lesson's file: the lesson's own commands resolve relative paths
    /// (`import logs/x.log`) against it, as `--check` does; the reader's own lines resolve
    /// against the session's directory. Nil: the session's directory for both.
    public let directory: String?
    /// The step to show or run next; `lesson.steps.count` once the lesson is over.
    public private(set) var position = 0
    /// True once the reader has run a command of their own that was accepted: from then on
    /// the lesson's reports may differ from its transcript.
    public private(set) var readerHasTyped = false
    /// At the current exercise: the reader typed a line of their own; Enter already waited once.
    private var triedExercise = false
    private var waitedAtExercise = false
    private var lineNumber = 0

    public init(lesson: Lesson, session: Session = Session(), next: (number: Int, title: String)? = nil,
                directory: String? = nil) {
        self.lesson = lesson
        self.session = session
        self.next = next
        self.directory = directory
    }

    public var isFinished: Bool { position >= lesson.steps.count }

    /// The step to show or run next.
    public var current: Lesson.Step? { isFinished ? nil : lesson.steps[position] }

    /// What the reader's line did.
    public enum Response {
        /// The lesson's command ran: `differs` when its report is not the transcript's (the
        /// reader's own commands changed the session in between).
        case step(command: String, result: CommandResult, differs: Bool)
        /// A pause in the story (before an answer) was passed.
        case pause
        /// Enter at an exercise before the reader tried anything: the answer waits
        /// (`waitNote` says so); Enter again shows it.
        case wait
        /// The reader's own command ran.
        case own(CommandResult)
    }

    /// The lesson's opening lines: its number, title and summary, and how to play.
    public var introduction: [String] {
        ["Lesson \(lesson.number): \(lesson.title)", lesson.summary,
         "(Enter runs the lesson's next command. Type your own commands at any time: they",
         " run in the same session. Ctrl-D leaves.)"]
    }

    /// What to show for the current step: its story, then what Enter will do. The story that
    /// closes a lesson (its last step, with no command) comes with the closing words and ends
    /// the lesson; after the end, only the closing words.
    public func present() -> [String] {
        guard let step = current else { return closing }
        let lines = [""] + step.story
        if step.command == nil && position == lesson.steps.count - 1 {
            position += 1
            return lines + [""] + closing
        }
        return lines + [reminder]
    }

    /// One line saying what Enter does now: run the next command, show the answer, or
    /// nothing once the lesson is over.
    public var reminder: String {
        guard let step = current else { return "" }
        if let command = step.command { return "   next ▸ \(command)" }
        return "   next ▸ (try it; then Enter shows the answer)"
    }

    /// What Enter at an exercise says before the reader has tried anything.
    public var waitNote: String {
        "   (Try it first: type your commands here. Enter again shows the answer.)"
    }

    /// The last words: the lesson is over, the session goes on, and which lesson is next.
    public var closing: [String] {
        var lines = ["End of lesson \(lesson.number). The session goes on: keep typing commands, or Ctrl-D",
                     "to leave."]
        if let next {
            lines.append("Next: layoutlab --lesson \(next.number) (\(next.title)).")
        } else {
            lines.append("That was the last lesson; help lessons lists them all.")
        }
        return lines
    }

    /// Takes one line from the reader: empty (or the next command, typed out) runs the
    /// lesson's next step; anything else is the reader's own command. Once the lesson is
    /// over every line is the reader's.
    public func respond(to line: String) -> Response {
        lineNumber += 1
        guard let step = current else { return .own(runOwn(line)) }
        let typed = line.trimmingTrailingSpaces.drop { $0 == " " || $0 == "\t" }
        guard typed.isEmpty || (step.command.map { typed == $0.trimmingTrailingSpaces.drop { $0 == " " } } ?? false) else {
            return .own(runOwn(line))
        }
        if step.command == nil && !triedExercise && !waitedAtExercise {
            waitedAtExercise = true
            return .wait
        }
        position += 1
        triedExercise = false
        waitedAtExercise = false
        guard let command = step.command else { return .pause }
        let readersDirectory = session.directory
        if let directory { session.directory = directory }
        let result = session.execute(command, lineNumber: lineNumber)
        session.directory = readersDirectory
        return .step(command: command, result: result, differs: !Self.matches(result, step.expected))
    }

    /// The note under a lesson command whose report is not the transcript's.
    public var differenceNote: String {
        readerHasTyped
            ? "(The lesson's transcript shows something else here: your own commands changed the session. undo takes them back.)"
            : "(The lesson's transcript shows something else here.)"
    }

    private func runOwn(_ line: String) -> CommandResult {
        // Any line typed at an exercise is an attempt, even one the shell rejects.
        if current?.command == nil { triedExercise = true }
        let result = session.execute(line, lineNumber: lineNumber)
        if result.ok && !result.isSilent { readerHasTyped = true }
        return result
    }

    /// True when the report, as `--check` renders it, is the transcript's.
    static func matches(_ result: CommandResult, _ expected: [String]) -> Bool {
        let text = result.isSilent ? "" : result.renderText(width: 80, color: false)
        let actual = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Replay.trimmed(actual) == Replay.trimmed(expected)
    }
}
