extension Tableau {
    /// Stores `newRows[i]` as the row of `newBasics[i]`, each in a fresh slot after the last:
    /// what `place` of each in turn does in a tableau with no free slot, whose trail does not
    /// record, when the basics are nonbasic symbols whose columns are empty (a face program
    /// built from the solver's rows, FaceProgram.swift). The column index is filled once at the
    /// end, each column at its length, instead of appended to per entry.
    ///
    /// - Complexity: O(symbols + entries of the rows).
    mutating func placeRows(_ newRows: [Row], basics newBasics: [Symbol]) {
        precondition(freeSlots.isEmpty && !trail.isRecording && newRows.count == newBasics.count,
                     "placeRows: only into a tableau of its own, one basic per row")
        let first = rows.count, end = first + newRows.count
        if end > rowCapacity {
            rowCapacity = grownLength(toHold: end - 1, from: first)
            rows.reserveCapacity(rowCapacity)
            basics.reserveCapacity(rowCapacity)
        }
        rows.append(contentsOf: newRows)
        basics.append(contentsOf: newBasics)
        for (offset, basic) in newBasics.enumerated() {
            touch(basic)
            setSlot(Slot(first + offset), ofBasic: basic)
        }
        columns.addEntries(of: rows, in: first..<end)
    }
}
