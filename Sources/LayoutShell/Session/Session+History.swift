import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The undo history: every accepted input that changed something is one step (a `load` is one
/// step holding the file's commands). Undo goes back to the checkpoint kept before the step
/// where there is one (`Session+Checkpoints.swift`), takes additions back directly, and
/// otherwise rebuilds the session from the last `reset` without reports — exact, ids and
/// broken constraints included, because the model is deterministic. `save` writes the same
/// list.
extension Session {
    /// The quick inverse of a step that only added views or constraints.
    struct Inverse {
        /// The step added the constraints numbered from `mark.nextNumber` up to this one
        /// (`c12`, `c13`, …): two numbers instead of an array of ids per step, which was
        /// ~70 bytes of every line of a big script.
        var constraintsEnd: Int
        var views: [String]
        var mark: LayoutModel.UndoMark

        /// The ids of the constraints the step added, oldest first.
        var constraints: [String] { (mark.nextNumber..<constraintsEnd).map { "c\($0)" } }
    }

    /// How to take one history step back other than by replaying the history.
    struct UndoStep {
        var inverse: Inverse?
        /// The checkpoint out of line (none or one): few steps keep one, and a `SessionState`
        /// stored inline made every step of a big script that much larger.
        private var kept: [Checkpoint]

        init(inverse: Inverse?, before: Checkpoint?) {
            self.inverse = inverse
            kept = before.map { [$0] } ?? []
        }

        /// The session as it was before the step, kept for the latest steps of a session whose
        /// numbers strain doubles.
        var before: Checkpoint? {
            get { kept.first }
            set { kept = newValue.map { [$0] } ?? [] }
        }
    }

    /// Records one undo step.
    func recordStep(_ lines: [String], inverse: Inverse?, before checkpoint: Checkpoint?) {
        // A new change starts a new branch: what was undone can no longer be redone.
        redoSteps = []
        history.append(lines)
        undoSteps.append(UndoStep(inverse: inverse, before: checkpoint))
        if checkpoint != nil { keepCheckpoint(ofStep: undoSteps.count - 1) }
    }

    /// `undo N`: takes back the last N steps (fewer when there are fewer), filling in what
    /// changed.
    func undo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !history.isEmpty else { throw ShellError("there is nothing to undo") }
        let count = min(steps, history.count)
        let undoneLines = Array(history.suffix(count))
        let undone = undoneLines.flatMap { $0 }
        let before = snapshot()
        let viewsBefore = model.viewOrder
        let undoneSteps = undoSteps.suffix(count)
        history.removeLast(count)
        undoSteps.removeLast(count)
        forgetCheckpoints(from: undoSteps.count)
        if let checkpoint = undoneSteps.first!.before {
            // Exactly as before the oldest step undone; a replay might round differently.
            takeBack(to: checkpoint)
        } else if undoneSteps.allSatisfy({ $0.inverse != nil }) {
            // Only additions: take them back, newest first (fast for big sessions).
            for step in undoneSteps.reversed() {
                let inverse = step.inverse!
                model.undoAdditions(constraints: inverse.constraints, views: inverse.views, to: inverse.mark)
            }
            _ = model.takeEvents()
            reportState.needsReload = true
            // Removal pivots in doubles; where that left a required constraint off (numbers far
            // apart), the replay solves the remaining lines afresh instead.
            do throws(LayoutError) { try model.checkPrecision() } catch { rebuild() }
        } else {
            rebuild()
        }
        diff(from: before, into: &result)
        let viewsAfter = Set(model.viewOrder), oldViews = Set(viewsBefore)
        result.viewsRemoved = viewsBefore.filter { !viewsAfter.contains($0) }
        result.viewsAdded = model.viewOrder.filter { !oldViews.contains($0) }
        // The oldest undone step is redone first: it goes last.
        redoSteps += undoneLines.reversed().map(Array.init)
        result.output = ["undid \(Self.describe(undone))\(count < steps ? " (all there were)" : "")"]
    }

    /// `redo N`: runs the last N undone steps again (fewer when there are fewer), each as the
    /// one step it was. A new change since the undo leaves nothing to redo.
    func redo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !redoSteps.isEmpty else { throw ShellError("there is nothing to redo", hint: "redo takes back an undo, until something new is typed") }
        let count = min(steps, redoSteps.count)
        var redone: [String] = []
        for _ in 0..<count {
            let step = redoSteps.removeLast()
            let rest = redoSteps
            _ = try runAsOneStep(step, name: "redo", into: &result)
            redoSteps = rest
            redone += step
        }
        result.output = ["redid \(Self.describe(redone))\(count < steps ? " (all there were)" : "")"]
    }

    /// One command as typed, or how many: `undid a.width == 10`, `undid 3 commands`.
    private static func describe(_ lines: [String]) -> String {
        lines.count == 1 ? lines[0] : counted(lines.count, "command")
    }

    /// Rebuilds the session from the history (after its last `reset`), without reports.
    ///
    /// Every line in the history was accepted once, and replaying the same lines in the same
    /// order gives the same session; a line that fails now means the two diverged, which is a
    /// bug, so it stops a debug build instead of being skipped quietly.
    func rebuild() {
        resetState()
        let start = history.lastIndex(where: { $0.contains("reset") }) ?? 0
        for step in history[start...] {
            for line in step {
                do throws(ShellError) {
                    if let change = try parse(line) as? any SessionChange { _ = try applyChange(change) }
                } catch {
                    assertionFailure("the history no longer replays: `\(line)` fails with \(error.text)")
                }
            }
        }
        _ = model.takeEvents()
        reportState.needsReload = true
    }
}
