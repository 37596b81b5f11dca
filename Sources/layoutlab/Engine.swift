/// The engine every mode of the executable uses. Plugging in the real
/// LayoutShell session is a change of the one line in the body, e.g.
/// `LayoutShellEngine(context: context)`, with a conforming adapter type.
func makeEngine(_ context: EngineContext) -> any ShellEngine {
    EchoEngine()
}

/// A stand-in engine until LayoutShell's session is plugged in: it echoes each
/// line, completes from a fixed word list, and ends on `quit`. It lets the
/// line editor, the replay driver and the end-to-end test work on their own.
final class EchoEngine: ShellEngine {
    /// The words Tab completes, standing in for the session's vocabulary.
    static let words = [
        "constraints", "draw", "exercise", "explain", "frames", "help",
        "load", "metric", "quit", "remove", "reset", "root", "save", "undo", "view",
    ]

    private(set) var isFinished = false
    private(set) var lastInputRejected = false

    func execute(_ line: String) -> String {
        let input = line.trimmingWhitespace
        lastInputRejected = false
        if input.isEmpty || input.hasPrefix("#") && !input.hasPrefix("#>") {
            // Comments echo too, so a person can see UTF-8 survive the round trip.
            return input.isEmpty ? "" : "echo: \(input)"
        }
        if input == "quit" {
            isFinished = true
            return ""
        }
        if input.hasPrefix("!") {
            // A way to exercise the "rejected line" exit status before the real engine exists.
            lastInputRejected = true
            return "error: rejected: \(input.dropFirst())"
        }
        return "echo: \(input)"
    }

    func completions(line: String, cursor: Int) -> (replaceFrom: Int, candidates: [String]) {
        let characters = Array(line.prefix(cursor))
        var start = characters.count
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        let prefix = String(characters[start...])
        return (start, Self.words.filter { $0.hasPrefix(prefix) })
    }
}
