import LayoutModel
import LayoutVocabulary

/// Checkpoints: the whole session copied before a change, to go back to exactly.
///
/// Replaying the history is exact only where the solver's rounding cannot matter. Once a
/// constraint's numbers strain doubles (`LayoutModel.mayLosePrecision`), a fresh solve of the
/// same lines may round, or choose among equal optima, differently from the incremental one,
/// and may even leave a required constraint off. So in such a session every change starts from
/// a checkpoint: a refused change goes back to it, and the latest steps keep theirs for `undo`.
/// Everyday sessions take none for a typed line: the first write after a copy pays for copying
/// the model, which made a 1 000-view replay 18 times slower. A `load` or an import always
/// takes one: it is many lines for one copy, and a replay after a failed one could pick
/// another of several equal optima than the session showed (a fuzzer finding).
extension Session {
    /// The session's state, whole, as a change started: what `takeBack(to:)` returns to.
    typealias Checkpoint = SessionState

    /// At most this many of the latest steps keep their checkpoint for `undo`…
    static let keptCheckpoints = 32
    /// …and together their models hold at most this many views and constraints (each is a
    /// whole copy; a view is four variables and two size floors).
    static let keptCheckpointSize = 50_000

    /// A checkpoint of the session now.
    func checkpoint() -> Checkpoint {
        state.copy()
    }

    /// A checkpoint of the session now, or nil where a typed line can be taken back by a
    /// replay: its numbers never strain doubles, so only a change that fails inside the model
    /// (which changes nothing) is refused.
    func checkpointIfPrecisionMatters() -> Checkpoint? {
        model.mayLosePrecision ? checkpoint() : nil
    }

    /// The session's state as the checkpoint holds it (the history is not part of it).
    func restoreState(_ checkpoint: Checkpoint) {
        state = checkpoint
    }

    /// Takes back a change that was not yet recorded: exactly, to the checkpoint taken before
    /// it, or, without one, by rebuilding the session from the history.
    func takeBack(to checkpoint: Checkpoint?) {
        guard let checkpoint else { return rebuild() }
        restoreState(checkpoint)
        _ = model.takeEvents()
        reportState.needsReload = true
    }

    /// Notes that a step keeps its checkpoint, dropping the oldest kept ones beyond the limits.
    func keepCheckpoint(ofStep step: Int) {
        checkpointedSteps.append(step)
        var size = 0
        var kept = 0
        for index in checkpointedSteps.indices.reversed() {
            size += undoSteps[checkpointedSteps[index]].before!.size
            if kept == Self.keptCheckpoints || size > Self.keptCheckpointSize { break }
            kept += 1
        }
        for dropped in checkpointedSteps.dropLast(kept) { undoSteps[dropped].before = nil }
        checkpointedSteps.removeFirst(checkpointedSteps.count - kept)
    }

    /// Forgets the kept checkpoints of steps from `step` on (they were undone).
    func forgetCheckpoints(from step: Int) {
        while let last = checkpointedSteps.last, last >= step { checkpointedSteps.removeLast() }
    }
}
