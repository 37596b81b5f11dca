import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The undo history: every accepted input that changed something is one step (a `load`, an
/// import or a paste is one step holding its commands). There is one way back: the state's
/// trail (`SessionState`, `LayoutModel+Undo.swift`). Each step opens a trail step before it
/// runs; a refused input rolls it back, `undo` rolls back the newest ones, exactly (bit for
/// bit, ids and broken constraints included) and at the cost of what they wrote. A step that
/// replaces the whole state (`reset`, or a `load` or import into a fresh session) keeps the old
/// state object instead, and undo puts it back. The trails of the latest `keptSteps` steps are
/// kept; undo further back is refused. `save` writes the whole history.
extension Session {
    /// How one kept history step is taken back.
    enum UndoStep {
        /// Roll back the current state's newest trail step.
        case trailed
        /// The step replaced the state: this is the one it replaced, with a trail step opened
        /// for this step (rolled back once it is current again).
        case replaced(SessionState)
    }

    /// How many of the latest steps undo can take back, at least (`undoDepth`, unless a script
    /// run that never undoes sets it to 0). Each step's trail holds what
    /// it wrote (a typed line: a few dozen entries), so the memory this keeps follows what the
    /// steps did, never a copy of the layout.
    static let keptSteps = 1000
    /// Older steps are forgotten this many at a time (so at most `keptSteps + forgetBatch` are
    /// kept): forgetting walks the kept steps, which once per step cost more than the step.
    static let forgetBatch = 64

    /// Runs `body` as one undo step: a trail step is opened first and rolled back when `body`
    /// throws or leaves the layout overflowed or imprecise (then nothing of it stays).
    /// `lines`: what the history records for the step (read only when it keeps one).
    /// `fillsFreshState`: a `load` or import, which, into a state no step has changed yet,
    /// starts from a new state and keeps the fresh one whole (no trail of every write).
    func asUndoStep<Result>(_ lines: @autoclosure () -> [String], fillsFreshState: Bool = false,
                            _ body: () throws(ShellError) -> Result) throws(ShellError) -> Result {
        try asUndoStep(recording: { $0.append(lines()) }, fillsFreshState: fillsFreshState, body)
    }

    /// `asUndoStep` of a step whose lines are packed (a `load`'s, an import's): they go into
    /// the history as bytes, no string made per line.
    func asUndoStep<Result>(packed lines: @autoclosure () -> PackedLines, fillsFreshState: Bool = false,
                            _ body: () throws(ShellError) -> Result) throws(ShellError) -> Result {
        try asUndoStep(recording: { $0.append(lines()) }, fillsFreshState: fillsFreshState, body)
    }

    private func asUndoStep<Result>(recording record: (inout LineHistory) -> Void, fillsFreshState: Bool,
                                    _ body: () throws(ShellError) -> Result) throws(ShellError) -> Result {
        state.beginStep()
        if fillsFreshState && !state.settings.changed { resetState() }
        // Set first: a `reset` in the step then leaves a fresh state, as it should.
        state.settings.changed = true
        let value: Result
        do {
            value = try body()
            try refuseOverflow()
            try refuseImprecision()
        } catch {
            takeBack(finishedStep())
            _ = model.takeEvents()
            throw error
        }
        recordStep(record, finishedStep())
        return value
    }

    /// How the step just run is taken back: by the trail, or by the state it replaced.
    private func finishedStep() -> UndoStep {
        defer { replacedState = nil }
        return replacedState.map { .replaced($0) } ?? .trailed
    }

    /// Takes one step back.
    private func takeBack(_ step: UndoStep) {
        if case .replaced(let old) = step { state = old }
        state.rollBackStep()
    }

    /// An empty session again. The state it replaces is kept for the step under way (the
    /// first one, when a step resets more than once).
    func resetState() {
        if replacedState == nil { replacedState = state }
        state = SessionState()
    }

    /// Records one undo step, forgetting the trails of the oldest kept ones beyond `undoDepth`
    /// (a batch at a time).
    private func recordStep(_ record: (inout LineHistory) -> Void, _ step: UndoStep) {
        // A new change starts a new branch: what was undone can no longer be redone.
        if !redoSteps.isEmpty { redoSteps = [] }
        if keepsHistory { record(&history) }
        undoSteps.append(step)
        // A run that never undoes needs no solver trail past the step that made it (see
        // `LayoutModel.forgetSolverSteps`); the model's small trails go in batches below.
        if undoDepth == 0 { state.forgetSolverSteps() }
        // With no step to keep (a script that never undoes) the trail holds at most a batch of
        // lines; forgetting each step at once instead cost 7% of a `--final` run (a visit of
        // every container per line).
        guard undoSteps.count > undoDepth + Self.forgetBatch else { return }
        undoSteps.removeFirst(undoSteps.count - undoDepth)
        // The trail steps of the oldest state still kept: the `trailed` steps up to its
        // `replaced` (which opened one more on it), or all of them for the current state.
        let end = undoSteps.firstIndex { if case .replaced = $0 { true } else { false } }
        if let end, case .replaced(var old) = undoSteps[end] {
            old.forgetSteps(keepingNewest: end + 1)
            undoSteps[end] = .replaced(old)
        } else if end == nil {
            state.forgetSteps(keepingNewest: undoSteps.count)
        }
    }

    /// `undo N`: takes back the last N steps (fewer when there are fewer), filling in what
    /// changed.
    /// - Complexity: what the steps wrote (a replaced state: its whole layout, to compare).
    func undo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !history.isEmpty else { throw ShellError("there is nothing to undo") }
        // A run without undo forgets each step's solver trail as the step ends: nothing is left
        // to take back. (The driver sets depth 0 only for scripts with no `undo` line.)
        guard undoDepth > 0 else { throw ShellError("cannot undo: this run keeps no undo steps") }
        let count = min(steps, history.count)
        guard count <= undoSteps.count else {
            throw ShellError("cannot undo \(counted(count, "step")): \(undoSteps.isEmpty ? "no older step" : "only \(undoSteps.count) more") can be taken back",
                             hint: "undo keeps the latest \(Self.keptSteps) steps")
        }
        let undoneSteps = history.indices.suffix(count)
        let undone = Self.describe(undoneSteps, of: history)
        let viewsBefore = model.viewOrder
        // What each constraint the steps wrote was before the undo; all of them where a step
        // puts a whole state back.
        var before = RecordsBefore()
        var touched: Set<String>? = []
        for _ in 0..<count {
            let step = undoSteps.removeLast()
            if case .replaced = step {
                // The model this step leaves is not changed again: it is read as it is.
                before.noteEvery(of: model)
                touched = nil
            } else if touched != nil {
                for id in model.constraintIDsWrittenInNewestStep() where !before.contains(id) {
                    before.note(id, model.constraint(id))
                    touched!.insert(id)
                }
            }
            takeBack(step)
        }
        // The oldest undone step is redone first: it goes last.
        for step in undoneSteps.reversed() { redoSteps.append(step: step, of: history) }
        history.removeLast(count)
        _ = model.takeEvents()
        diff(from: before, among: touched, into: &result)
        let viewsAfter = model.viewOrder
        if viewsAfter != viewsBefore {
            // Only the stretch between what the two orders share at the front and at the back
            // differs (a name is once in each), so only it is hashed: not every view of the
            // layout to name the one an undo took away.
            let shorter = min(viewsAfter.count, viewsBefore.count)
            var front = 0, back = 0
            while front < shorter && viewsAfter[front] == viewsBefore[front] { front += 1 }
            while back < shorter - front && viewsAfter[viewsAfter.count - 1 - back] == viewsBefore[viewsBefore.count - 1 - back] { back += 1 }
            let before = viewsBefore[front..<(viewsBefore.count - back)], after = viewsAfter[front..<(viewsAfter.count - back)]
            let stayed = Set(after), known = Set(before)
            result.viewsRemoved = before.filter { !stayed.contains($0) }
            result.viewsAdded = after.filter { !known.contains($0) }
        }
        result.output = ["undid \(undone)\(count < steps ? " (all there were)" : "")"]
    }

    /// `redo N`: runs the last N undone steps again (fewer when there are fewer), each as the
    /// one step it was. A new change since the undo leaves nothing to redo.
    func redo(_ steps: Int, into result: inout CommandResult) throws(ShellError) {
        guard !redoSteps.isEmpty else { throw ShellError("there is nothing to redo", hint: "redo takes back an undo, until something new is typed") }
        let count = min(steps, redoSteps.count)
        var redone: [String] = []
        for _ in 0..<count {
            let step = redoSteps[redoSteps.count - 1]
            redoSteps.removeLast(1)
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

    /// `describe` of the lines of `steps` of `history`, without making a string of each.
    private static func describe(_ steps: some Collection<Int>, of history: LineHistory) -> String {
        let total = steps.reduce(0) { $0 + history.lineCount(ofStep: $1) }
        guard total == 1, let step = steps.first(where: { history.lineCount(ofStep: $0) == 1 }) else {
            return counted(total, "command")
        }
        return history[step][0]
    }
}
