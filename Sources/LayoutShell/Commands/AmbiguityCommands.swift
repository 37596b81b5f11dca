import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Looking at ambiguity: other optimal layouts.
enum AmbiguityCommands {
    static let all: [any ShellCommand.Type] = [Exercise.self]
}

/// `exercise`: like UIKit's `exerciseAmbiguityInLayout`, shows another optimal layout in which
/// only ambiguous values differ; repeated, it visits the others and comes back to the solver's.
/// The session does not change: the next input that changes the layout solves as usual.
struct Exercise: SessionAction {
    static let spec = CommandSpec(
        trigger: .words(["exercise"]), kind: .inspection, group: .look, topic: "exercise",
        synopsis: ["exercise"],
        summary: ["another optimal layout: only ambiguous values differ. Again: the next one,",
                  "then back to the solver's. The next change solves as usual."],
        examples: ["exercise"], overview: ["exercise"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> Exercise {
        try p.expectNoArguments()
        return Exercise()
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let layouts = session.model.otherOptimalLayouts()
        guard !layouts.isEmpty else {
            session.exerciseRound = 0
            result.output = ["exercise: nothing is ambiguous; the solver's layout is the only optimal one."]
            return false
        }
        let previous = session.exerciseRound
        let round = (previous + 1) % (layouts.count + 1)
        session.exerciseRound = round
        let solver = session.model.frames()
        let shown = round == 0 ? solver : layouts[round - 1].frames
        let before = previous == 0 || previous > layouts.count ? solver : layouts[previous - 1].frames
        var rows: [(String, Frame, Bool)] = []
        for (now, then) in zip(shown, before) where now.frame != then.frame { rows.append((now.name, now.frame, true)) }
        if round == 0 {
            result.output = ["exercise: back to the solver's layout."]
        } else {
            result.output = ["exercise \(round) of \(layouts.count): another optimal layout; only ambiguous values differ",
                             "(the next change solves as usual). Changed frames:"]
            result.exercisedFrames = shown
        }
        result.output += frameTable(rows) { text, _ in text }
        return false
    }
}
