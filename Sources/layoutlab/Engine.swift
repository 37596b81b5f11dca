import LayoutShell
import LayoutReport
import LayoutVocabulary

/// The interactive shell's prompt: short, plain, and the same on every line.
let shellPrompt = "layoutlab> "
/// The prompt while `paste` collects lines: it says the shell is still collecting, and,
/// after an empty line that did not end an incomplete paste, that one more will.
func pastePrompt(_ state: PasteState) -> String {
    switch state {
    case .collecting: "pasting> "
    case .afterEmptyLine: "pasting (Enter again ends)> "
    }
}

/// What Tab offers for the line being edited.
///
/// `replaceFrom` is where the word being completed starts (at most the cursor) and
/// `candidates` what could replace the text between it and the cursor; both positions are
/// offsets in Characters (`Array(line)`), which the line editor converts to libedit's units.
/// Candidates already match the typed prefix. One candidate is inserted, with a space after
/// it when `spaceAfter` is true and it does not end in `.`, `:` or `/` (so `a.` can go on to
/// an attribute and a directory to a file); several are listed and their common prefix is
/// inserted; none beeps.
struct Completion: Equatable {
    var replaceFrom: Int
    var candidates: [String]
    /// False where a space would end the word too early, such as inside a VFL format.
    var spaceAfter = true
}

/// The interactive shell's engine: LayoutShell's `Session`, fed one line at a time. Each
/// line's report is text wrapped to the terminal's current width (read again for every
/// line, so a resized window is followed), in colour when `color` allows it. Ctrl-C during a
/// long command (a big `load`) reaches the session through `shouldCancel`, which stops the
/// load and leaves the session as it was before it. Replays of files and stdin do not come
/// here: they use LayoutShell's `Replay` directly (`ReplayDriver`).
final class ShellEngine {
    let session: Session
    let color: Bool
    /// Numbers the interactive lines (the session's reports carry it).
    private var lineNumber = 0
    /// Set when Ctrl-C stopped the command being run.
    private var interrupted = false

    init(color: Bool, session: Session = Session()) {
        self.color = color
        self.session = session
        session.homeDirectory = Terminal.environment("HOME")
        session.keepsJSONDetails = false  // every report here is text
        session.shouldCancel = { [unowned self] in
            guard LineEditor.takeInterrupt() else { return false }
            interrupted = true
            return true
        }
    }

    /// True once the session asked to end (`quit`).
    var isFinished: Bool { session.isFinished }

    /// Runs one input line and returns the report to print (empty for none).
    func execute(_ line: String) -> String {
        lineNumber += 1
        // A Ctrl-C pressed between lines is not meant for this command.
        _ = LineEditor.takeInterrupt()
        interrupted = false
        let result = session.execute(line, lineNumber: lineNumber)
        return render(result)
    }

    /// A result as this shell prints it: wrapped to the terminal, in colour when allowed. A
    /// lesson's player runs its lines itself and prints their results through this.
    func render(_ result: CommandResult) -> String {
        let text = result.renderText(width: Terminal.width, height: Terminal.height, color: color, promptWidth: shellPrompt.count)
        // The terminal echoed ^C where the cursor was; start the report on a line of its own.
        return interrupted ? "\n" + text : text
    }

    /// Runs a bracketed paste of several lines as one input (`Session.executePasted`); the
    /// report starts by saying how many lines came, since the terminal showed none of them.
    func executePasted(_ text: String) -> String {
        lineNumber += 1
        prepareForCommand()
        let count = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .reversed().drop { $0.isEmpty }.count
        return "(pasted \(count) line\(count == 1 ? "" : "s"))\n" + render(session.executePasted(text, lineNumber: lineNumber))
    }

    /// Ends the paste under way without importing anything (Ctrl-C or Ctrl-D while pasting):
    /// the one-line report to print, or "" when no paste is under way.
    func cancelPaste() -> String {
        guard let result = session.cancelPaste(lineNumber: lineNumber) else { return "" }
        return result.renderText(width: Terminal.width, height: Terminal.height, color: color)
    }

    /// Forgets a Ctrl-C pressed before the next command (between lines it is not meant for
    /// the command). `execute` does this itself.
    func prepareForCommand() {
        _ = LineEditor.takeInterrupt()
        interrupted = false
    }

    /// The session's completions; a view name or constraint id that starts the line comes
    /// with its `.`, since nothing else can follow it there (`al` Tab gives `alpha.`, and a
    /// second Tab lists the attributes). No space is added inside a VFL format
    /// (`H:|-[al` Tab gives `H:|-[alpha`): a space there would end the format; options after
    /// it get their space as usual.
    func complete(line: String, cursor: Int) -> Completion {
        let (from, candidates) = session.completions(line: line, cursor: cursor)
        let ahead = Array(line).prefix(min(max(0, from), line.count))
        let inFormat: Bool = {
            let start = ahead.drop(while: \.isBlank)
            guard start.starts(with: ["H", ":"]) || start.starts(with: ["V", ":"]) else { return false }
            return !(start.contains(" ") || start.contains("\t"))
        }()
        // `a.hu` Tab gives `a.hugging.`: the axis must follow.
        if ahead.last == "." {
            let candidates = candidates.map { $0 == "hugging" || $0 == "resistance" ? $0 + "." : $0 }
            return Completion(replaceFrom: from, candidates: candidates, spaceAfter: !inFormat)
        }
        guard ahead.allSatisfy(\.isBlank) else {
            return Completion(replaceFrom: from, candidates: candidates, spaceAfter: !inFormat)
        }
        let dotted = candidates.map { word in
            session.model.view(word) != nil || session.model.resolveConstraint(word) != nil ? word + "." : word
        }
        return Completion(replaceFrom: from, candidates: dotted, spaceAfter: !inFormat)
    }
}
