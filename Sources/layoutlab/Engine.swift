import LayoutShell

/// The interactive shell's prompt: short, plain, and the same on every line.
let shellPrompt = "layoutlab> "

/// The engine of the interactive shell: LayoutShell's `Session`.
func makeEngine(_ context: EngineContext) -> any ShellEngine {
    LayoutShellEngine(context: context)
}

/// Adapts LayoutShell's `Session` to the line editor: each line runs in the
/// session and comes back as a text report wrapped to the terminal's current
/// width (read again for every line, so a resized window is followed), in
/// colour when the context allows it. Ctrl-C during a long command (a big
/// `load`) reaches the session through `shouldCancel`, which stops the load
/// and leaves the session as it was before it.
final class LayoutShellEngine: ShellEngine {
    let session: Session
    let context: EngineContext
    /// Numbers the interactive lines (the session's reports carry it).
    private var lineNumber = 0

    init(context: EngineContext, session: Session = Session()) {
        self.context = context
        self.session = session
        if context.interactive {
            session.shouldCancel = { [unowned self] in
                guard LineEditor.takeInterrupt() else { return false }
                interrupted = true
                return true
            }
        }
    }

    /// Set when Ctrl-C stopped the command being run.
    private var interrupted = false

    var isFinished: Bool { session.isFinished }

    func execute(_ line: String) -> String {
        lineNumber += 1
        // A Ctrl-C pressed between lines is not meant for this command.
        if context.interactive { _ = LineEditor.takeInterrupt() }
        interrupted = false
        let result = session.execute(line, lineNumber: lineNumber)
        let width = context.interactive ? Terminal.width : context.width
        let text = result.renderText(width: width, color: context.color,
                                     promptWidth: context.interactive ? shellPrompt.count : nil)
        // The terminal echoed ^C where the cursor was; start the report on a line of its own.
        return interrupted ? "\n" + text : text
    }

    /// The session's completions; a view name or constraint id that starts the line comes
    /// with its `.`, since nothing else can follow it there (`al` Tab gives `alpha.`, and a
    /// second Tab lists the attributes).
    func completions(line: String, cursor: Int) -> (replaceFrom: Int, candidates: [String]) {
        let (from, candidates) = session.completions(line: line, cursor: cursor)
        let ahead = Array(line).prefix(min(max(0, from), line.count))
        // `a.hu` Tab gives `a.hugging.`: the axis must follow.
        if ahead.last == "." {
            return (from, candidates.map { $0 == "hugging" || $0 == "resistance" ? $0 + "." : $0 })
        }
        guard ahead.allSatisfy({ $0 == " " || $0 == "\t" }) else { return (from, candidates) }
        let dotted = candidates.map { word in
            session.model.view(word) != nil || session.model.resolveConstraint(word) != nil ? word + "." : word
        }
        return (from, dotted)
    }

    /// No space inside a VFL format (`H:|-[al` Tab gives `H:|-[alpha`): a space
    /// there would end the format. Options after it get their space as usual.
    func spaceAfterCompletion(line: String, replaceFrom: Int) -> Bool {
        let ahead = Array(line).prefix(min(max(0, replaceFrom), line.count)).drop { $0 == " " || $0 == "\t" }
        guard ahead.starts(with: ["H", ":"]) || ahead.starts(with: ["V", ":"]) else { return true }
        return ahead.contains(" ") || ahead.contains("\t")
    }
}
