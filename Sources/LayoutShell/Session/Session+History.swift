import LayoutModel

/// The undo history: every accepted input that changed something is one step (a `load` is one
/// step holding the file's commands). Undo takes additions back directly and otherwise rebuilds
/// the session from the last `reset` without reports — exact, ids and broken constraints
/// included, because the model is deterministic. `save` writes the same list.
extension Session {
    /// The quick inverse of a step that only added views or constraints.
    struct Inverse {
        var constraints: [String]
        var views: [String]
        var mark: LayoutModel.UndoMark
    }

    /// Records one undo step.
    func recordStep(_ lines: [String], inverse: Inverse?) {
        history.append(lines)
        inverses.append(inverse)
    }

    /// `undo N`: takes back the last N steps (fewer when there are fewer), filling in what
    /// changed.
    func undo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !history.isEmpty else { throw ShellError("there is nothing to undo") }
        let count = min(steps, history.count)
        let undone = history.suffix(count).flatMap { $0 }
        let before = snapshot()
        let viewsBefore = model.viewOrder
        let quick = inverses.suffix(count)
        history.removeLast(count)
        inverses.removeLast(count)
        if quick.allSatisfy({ $0 != nil }) {
            // Only additions: take them back, newest first (fast for big sessions).
            for inverse in quick.reversed() {
                model.undoAdditions(constraints: inverse!.constraints, views: inverse!.views, to: inverse!.mark)
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

    /// The session's state, whole, as a change started: what `takeBack(to:)` returns to.
    struct Checkpoint {
        var model: LayoutModel
        var metrics: [String: Double]
        var metricNames: [String]
        var platform: Platform
        var origins: [(name: String, text: String)]
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(model: model.copy(), metrics: metrics, metricNames: metricNames, platform: platform, origins: origins)
    }

    /// Takes back a change that was not yet recorded: exactly, to the checkpoint taken before
    /// it, or, without one, by rebuilding the session from the history.
    func takeBack(to checkpoint: Checkpoint?) {
        guard let checkpoint else { return rebuild() }
        restoreState(checkpoint)
        _ = model.takeEvents()
        reportState.needsReload = true
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
                    if let change = try parse(line) as? any SessionChange { _ = try change.apply(to: self) }
                } catch {
                    assertionFailure("the history no longer replays: `\(line)` fails with \(error.text)")
                }
            }
        }
        _ = model.takeEvents()
        reportState.needsReload = true
    }
}
