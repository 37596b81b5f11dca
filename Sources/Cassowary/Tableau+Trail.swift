internal import UndoTrail
/// The tableau's undo trail (`Trail.swift`): the symbols, rows, column index and objectives are
/// trailed, so rolling a step back puts them back bit for bit. What is not trailed is of two
/// kinds. Scratch (`scratch`, `merger`, the phase-one `artificial`) holds nothing
/// between two calls of the solver. The caches of what changed (`changes`, `ambiguity`) are kept
/// current the way every change keeps them: a rollback touches each symbol whose row, basic
/// status or objective coefficient it put back, so the next report finds exactly what the undo
/// changed, and the ambiguity verdicts follow incrementally (rebuilding them would cost the
/// whole layout).
extension Tableau: TrailRecording {
    mutating func beginStep() {
        kinds.beginStep()
        owners.beginStep()
        rows.beginStep()
        basics.beginStep()
        slotOfBasic.beginStep()
        freeSlots.beginStep()
        columns.beginStep()
        objectives.beginStep()
        infeasible.beginStep()
    }

    /// - Complexity: the writes the step made, plus the symbols it touched.
    mutating func rollBackStep() {
        var touched = Set<Symbol>()
        let slots = rows.indicesChangedInNewestStep + basics.indicesChangedInNewestStep
        for slot in slots where slot < basics.count { touched.insert(basics[slot]) }
        for symbol in slotOfBasic.indicesChangedInNewestStep { touched.insert(Symbol(symbol)) }
        let levelsBefore = Array(objectives.levels)
        var costs = objectives.symbolsWrittenInNewestStep

        kinds.rollBackStep()
        owners.rollBackStep()
        rows.rollBackStep()
        basics.rollBackStep()
        slotOfBasic.rollBackStep()
        freeSlots.rollBackStep()
        columns.rollBackStep()
        objectives.rollBackStep()
        infeasible.rollBackStep()

        for slot in slots where slot < basics.count { touched.insert(basics[slot]) }
        // A level the step added goes, one it removed comes back: every symbol in it changes
        // its reduced cost (a level made during the step has no trail of it to ask).
        let priorities = Set(objectives.levels.map(\.priority)), prioritiesBefore = Set(levelsBefore.map(\.priority))
        for level in objectives.levels where !prioritiesBefore.contains(level.priority) { costs += level.row.nonzeroSymbols }
        for level in levelsBefore where !priorities.contains(level.priority) { costs += level.row.nonzeroSymbols }
        let count = kinds.count
        changes.dropSymbols(from: count)
        scratch.shrink(to: count)
        ambiguity?.shrink(to: count)
        touched.formUnion(ambiguity?.orphanedFreeSymbols ?? [])
        for symbol in touched.sorted() where symbol != noSymbol && Int(symbol) < count { touch(symbol) }
        changes.noteReducedCosts(Array(Set(costs.filter { Int($0) < count })).sorted())
    }

    mutating func forgetSteps(keepingNewest depth: Int) {
        kinds.forgetSteps(keepingNewest: depth)
        owners.forgetSteps(keepingNewest: depth)
        rows.forgetSteps(keepingNewest: depth)
        basics.forgetSteps(keepingNewest: depth)
        slotOfBasic.forgetSteps(keepingNewest: depth)
        freeSlots.forgetSteps(keepingNewest: depth)
        columns.forgetSteps(keepingNewest: depth)
        objectives.forgetSteps(keepingNewest: depth)
        infeasible.forgetSteps(keepingNewest: depth)
    }
}

extension WalkScratch {
    /// Forgets the marks and weights of symbols from `count` on (taken back with a step).
    mutating func shrink(to count: Int) {
        if visited.count > count { visited.removeLast(visited.count - count) }
        if weight.count > count { weight.removeLast(weight.count - count) }
    }
}

extension AmbiguityState {
    /// Forgets the verdicts of symbols from `count` on (taken back with a step).
    mutating func shrink(to count: Int) {
        guard isFree.count > count else { return }
        let extra = isFree.count - count
        isFree.removeLast(extra)
        step.removeLast(extra)
        along.removeLast(extra)
        magnitude.removeLast(extra)
        isAmbiguous.removeLast(extra)
        isDegenerate.removeLast(extra)
        isConstrained.removeLast(extra)
        coneStep.removeLast(extra)
        orphanedFreeSymbols.removeAll { Int($0) >= count }
        // A degenerate row that went with the step leaves its free symbols' group to solve again.
        for (row, free) in freeSymbolsOfRow where Int(row) >= count {
            freeSymbolsOfRow[row] = nil
            orphanedFreeSymbols += free.filter { Int($0) < count }
        }
    }
}
