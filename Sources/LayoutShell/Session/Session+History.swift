import LayoutModel
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
        var constraints: [String]
        var views: [String]
        var mark: LayoutModel.UndoMark
    }

    /// How to take one history step back other than by replaying the history.
    struct UndoStep {
        var inverse: Inverse?
        /// The session as it was before the step, kept for the latest steps of a session whose
        /// numbers strain doubles.
        var before: Checkpoint?
    }

    /// Records one undo step.
    func recordStep(_ lines: [String], inverse: Inverse?, before checkpoint: Checkpoint?) {
        history.append(lines)
        undoSteps.append(UndoStep(inverse: inverse, before: checkpoint))
        if checkpoint != nil { keepCheckpoint(ofStep: undoSteps.count - 1) }
    }

    /// `undo N`: takes back the last N steps (fewer when there are fewer), filling in what
    /// changed.
    func undo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !history.isEmpty else { throw ShellError("there is nothing to undo") }
        let count = min(steps, history.count)
        let undone = history.suffix(count).flatMap { $0 }
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
        let shown = undone.count == 1 ? undone[0] : "\(undone.count) commands"
        let shortfall = count < steps ? " (there \(count == 1 ? "was" : "were") only \(count) to undo)" : ""
        result.output = ["undid \(shown)\(shortfall)"]
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
