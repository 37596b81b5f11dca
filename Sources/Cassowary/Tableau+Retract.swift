/// `retract`'s general path, for a long leaving row whose marker several other rows hold.
extension Tableau {
    /// The general marker removal (the leaving row solved for the marker and substituted into
    /// every row that holds it) when the leaving row is long and the marker is in several other
    /// rows, one of them short with the opposite coefficient: that short row is merged into the
    /// long one where it lies and takes its slot (as `retractIntoLongRow` does when it is the
    /// only other row), and the solved row, a copy, goes into the others as usual.
    ///
    /// Why: removing a chain's constraints in a random order meets a long slack row twinned with
    /// a width's definition, and each weak width removed after that takes the slack's row: the
    /// solved row cancelled the twin and turned the removed view's two short rows into the next
    /// long pair, each a copy of the chain with its symbols' column entries appended
    /// (docs/performance.md, issue 27, tenth and twelfth passes). Here one of the two keeps the
    /// long row's slot and its column entries.
    ///
    /// Taken only when each row ends bit for bit as on the general path: the marker's
    /// coefficient is ±1 in the long row and the opposite in the short one (no factor rounds),
    /// no objective holds it, and no phase one or bound flip is under way. The rows are visited
    /// in the marker's column order, as `substitute` visits them, so that they are touched and
    /// noted infeasible in the same order; the long slot and the short row's slot change hands,
    /// so the slot freed is the short row's. Returns false, having changed nothing, otherwise.
    ///
    /// - Complexity: O(long row) for the copy that is solved, plus the merges into the other
    ///   rows; no column entry is added for the long row's symbols.
    mutating func retractHandingLongSlot(_ marker: Symbol, leaving: Symbol) -> Bool {
        guard objectives.artificial == noSymbol, keptPlaces == nil else { return false }
        let longSlot = slotOfBasic[Int(leaving)]
        let longCount = rows[longSlot.index].count
        guard longCount >= longRowLength else { return false }
        let a = rows[longSlot.index].coefficient(of: marker)
        guard a == 1 || a == -1 else { return false }
        for level in objectives.levels where level.row.coefficient(of: marker) != 0 { return false }
        var chosen = Slot.none, others = 0
        for slot in columns.slots(of: marker) where slot != longSlot && basics[slot.index] != noSymbol {
            let coefficient = rows[slot.index].coefficient(of: marker)
            if coefficient == 0 { continue }
            others += 1
            if chosen == .none && coefficient == -a && rows[slot.index].count * 8 <= longCount { chosen = slot }
        }
        guard chosen != .none, others >= 2 else { return false }

        // The general path's first steps, on a copy: the long row stays where it is.
        var row = rows[longSlot.index]
        row.compactGaps()
        row.solve(for: marker, replacing: leaving)
        touch(leaving)
        var slots = columns.take(marker, trail: &trail)
        for slot in slots where slot != longSlot {
            let basic = basics[slot.index]
            if slot == chosen {
                // Into the long row where it lies, taking its slot (`mergeShortRow`).
                mergeShortRow(of: basic, intoLongRowOf: leaving, at: longSlot, marker: marker, coefficient: a)
                touch(basic)
                if kinds[Int(basic)].isRestricted && rows[longSlot.index].constant < 0 { noteInfeasible(basic) }
                continue
            }
            willRewriteRow(slot)
            if merger.substitute(marker, by: row, in: &rows[slot.index], longRow: longRowLength) == 0 { continue }
            noteGaps(slot)
            updateColumns(slot)
            touch(basic)
            if kinds[Int(basic)].isRestricted && rows[slot.index].constant < 0 { noteInfeasible(basic) }
        }
        columns.giveBack(&slots, to: marker)
        // As `substitute` ends: no objective holds the marker, but one may keep a signed zero.
        for level in objectives.levels.indices { _ = removeFromObjective(level, marker) }
        shortcutsTaken.retractionsInPlace += 1
        return true
    }
}
