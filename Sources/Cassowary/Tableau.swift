/// The simplex tableau behind a `Solver`: rows keyed by their basic symbol, a column index saying
/// which rows hold each symbol (so a pivot touches only those rows), and one objective row per
/// optional strength.
///
/// Everything is addressed by dense integer ids and kept in arrays, so iteration order never
/// depends on hashing: the same calls always pivot the same way and give the same bits.
struct Tableau {
    var kinds: [SymbolKind] = []
    /// For each symbol, the slot of the row it is basic in, or -1.
    var slotOfBasic: [Int32] = []
    /// For each symbol, the slots of the rows that contain it (in no particular order).
    var columns: [[Int32]] = []
    /// For each symbol, the length at which its column is next compacted: four times its live
    /// length at the last compaction plus 256 (see `compactColumn`). Without a limit a drag,
    /// merging one long row in and out of the same few rows step after step, grew every column
    /// without end. A tighter limit (2× + 16) cost a drag-deep step 40% more: every stale entry
    /// is checked once by compaction anyway, and a generous limit lets most columns be emptied
    /// by substitution first, for free.
    var columnLimits: [Int32] = []
    /// For each symbol, the constraint it belongs to (marker, error or slack), or -1.
    var owners: [Int32] = []

    var rows: [Row] = []
    /// The basic symbol of each slot; `noSymbol` for a free slot.
    var basics: [Symbol] = []
    var freeSlots: [Int32] = []

    /// One objective per optional strength, highest first: strict priorities are a lexicographic
    /// objective, so each strength keeps a row of its own instead of a weight in one sum.
    var levels: [ObjectiveLevel] = []
    /// The artificial variable while a constraint is being added in phase one, else `noSymbol`.
    /// Its row is the phase-one objective: keeping a second copy of that (often long) row up to
    /// date doubled the cost of every phase-one pivot.
    var artificial: Symbol = noSymbol
    /// Every symbol that may have a negative coefficient in the artificial row (see `SymbolHeap`).
    var artificialCandidates = SymbolHeap()

    var merger = RowMerger()
    /// Marks on slots, for compacting columns without a set.
    var slotMarks: [UInt32] = []
    var slotMark: UInt32 = 0
    /// Symbols whose objective coefficients changed since the last optimum: the only ones that
    /// can have gained a negative reduced cost, so the only ones `optimize` looks at.
    /// Each symbol at most once (`isObjectiveCandidate` marks the members): a drag's dual pivots
    /// add a long row's symbols at every pivot and never run `optimize`, so a list with repeats
    /// grew without end.
    var objectiveCandidates: [Symbol] = []
    var isObjectiveCandidate: [Bool] = []

    // Scratch state for walking definitions (see Definitions.swift).
    var stamp: UInt32 = 0
    var visited: [UInt32] = []
    var weight: [Double] = []
    /// Values of user variables, kept current by `refreshValues` (Evaluation.swift).
    var cachedValue: [Double] = []
    /// Symbols whose row, basic status or objective coefficients changed since values (and,
    /// separately, ambiguity) were last brought up to date: the starting points of the
    /// incremental re-evaluation, so its cost follows what changed, not the size of the layout.
    var valueSeeds = SymbolList()
    var ambiguitySeeds = SymbolList()
    /// User variables whose value or ambiguity changed since `Solver.takeChangedVariables`.
    var changedExternals = SymbolList()
    /// What exact ambiguity keeps between queries (Ambiguity.swift); built on the first one.
    var ambiguity: AmbiguityState?
    /// Restricted basic symbols whose rows may have gone negative, for the dual simplex.
    var infeasible: [Symbol] = []

    mutating func newSymbol(_ kind: SymbolKind, owner: Int32 = -1) -> Symbol {
        let symbol = Symbol(kinds.count)
        kinds.append(kind)
        slotOfBasic.append(-1)
        columns.append([])
        columnLimits.append(minimumColumnLimit)
        isObjectiveCandidate.append(false)
        owners.append(owner)
        visited.append(0)
        weight.append(0)
        cachedValue.append(0)
        touch(symbol)
        return symbol
    }

    @inline(__always) func isBasic(_ symbol: Symbol) -> Bool { slotOfBasic[Int(symbol)] >= 0 }


    // MARK: Rows and the column index

    /// Stores `row` as the row of `basic`.
    mutating func place(_ row: Row, basic: Symbol) {
        touch(basic)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            rows[Int(slot)] = row
            basics[Int(slot)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basics.append(basic)
        }
        slotOfBasic[Int(basic)] = slot
        for symbol in row.symbols { appendToColumn(symbol, slot) }
    }

    /// Takes the row of `basic` out of the tableau.
    mutating func takeRow(of basic: Symbol) -> Row {
        touch(basic)
        let slot = slotOfBasic[Int(basic)]
        var row = Row()
        swap(&row, &rows[Int(slot)])
        slotOfBasic[Int(basic)] = -1
        basics[Int(slot)] = noSymbol
        freeSlots.append(slot)
        return row
    }

    /// Columns are cleaned lazily: an entry whose row lost the symbol (or whose slot was freed
    /// or reused) stays until the column is next compacted or substituted away. Finding the entry
    /// to delete eagerly cost a scan of the column at every change, which dominated pivots in
    /// long columns.
    ///
    /// Compaction drops stale and repeated entries, so the column lists each row holding the
    /// symbol exactly once.
    mutating func compactColumn(_ symbol: Symbol) {
        let column = Int(symbol)
        if columns[column].isEmpty { return }
        slotMark &+= 1
        if slotMark == 0 {
            for index in slotMarks.indices { slotMarks[index] = 0 }
            slotMark = 1
        }
        if slotMarks.count < rows.count {
            slotMarks.append(contentsOf: repeatElement(0, count: rows.count - slotMarks.count))
        }
        var kept = 0
        for index in columns[column].indices {
            let slot = columns[column][index]
            guard basics[Int(slot)] != noSymbol, slotMarks[Int(slot)] != slotMark,
                  rows[Int(slot)].contains(symbol) else { continue }
            slotMarks[Int(slot)] = slotMark
            columns[column][kept] = slot
            kept += 1
        }
        columns[column].removeLast(columns[column].count - kept)
        columnLimits[column] = 4 * Int32(kept) + minimumColumnLimit
    }

    /// Notes that the row in `slot` now holds `symbol`.
    @inline(__always)
    mutating func appendToColumn(_ symbol: Symbol, _ slot: Int32) {
        columns[Int(symbol)].append(slot)
        if columns[Int(symbol)].count > columnLimits[Int(symbol)] { compactColumn(symbol) }
    }

    /// Brings the column index in step with the merger's last change to the row in `slot`.
    /// Short columns are kept exact: finding the entry of a cancelled symbol in a few slots is
    /// cheaper than the binary search in its row that compaction would spend on it later.
    /// Long columns stay lazy (see `compactColumn`).
    mutating func updateColumns(_ slot: Int32) {
        let added = merger.added, removed = merger.removed
        var overfull = false
        columnLimits.withUnsafeBufferPointer { limits in
            columns.withUnsafeMutableBufferPointer { columns in
                for symbol in removed where columns[Int(symbol)].count <= exactColumnLength {
                    let column = Int(symbol), last = columns[column].count - 1
                    var index = last
                    while index >= 0 && columns[column][index] != slot { index -= 1 }
                    if index < 0 { continue }
                    columns[column][index] = columns[column][last]
                    columns[column].removeLast()
                }
                for symbol in added {
                    columns[Int(symbol)].append(slot)
                    if columns[Int(symbol)].count > limits[Int(symbol)] { overfull = true }
                }
            }
        }
        if overfull {
            for symbol in added where columns[Int(symbol)].count > columnLimits[Int(symbol)] { compactColumn(symbol) }
        }
    }

    /// `rows[slot] += factor × source`, keeping the column index in step.
    mutating func addToRow(_ slot: Int32, _ source: Row, times factor: Double) {
        merger.add(source, times: factor, to: &rows[Int(slot)])
        updateColumns(slot)
        touch(basics[Int(slot)])
    }

    /// `rows[slot].constant += amount`, for a constraint whose constant moved.
    mutating func shiftRowConstant(_ slot: Int32, by amount: Double) {
        rows[Int(slot)].constant += amount
        touch(basics[Int(slot)])
    }

    /// Records that `symbol`'s row, basic status or value may have changed.
    @inline(__always) mutating func touch(_ symbol: Symbol) {
        valueSeeds.insert(symbol)
        ambiguitySeeds.insert(symbol)
    }

    /// Records that objective coefficients of these symbols changed: their reduced costs, and
    /// so whether they may move on the optimal face, are to be looked at again.
    @inline(__always) mutating func noteObjectiveChange(_ symbols: [Symbol]) {
        noteObjectiveCandidates(symbols)
        for symbol in symbols { ambiguitySeeds.insert(symbol) }
    }

    /// Replaces `symbol` by `row` everywhere it occurs: every tableau row and every objective.
    /// Rows of restricted symbols that turn negative are remembered for the dual simplex.
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        var slots: [Int32] = []
        swap(&slots, &columns[Int(symbol)])
        for slot in slots {
            let basic = basics[Int(slot)]
            // The artificial row is long and merged into at every phase-one pivot: it keeps places.
            let keepingPlaces = artificial != noSymbol && basic == artificial
            if merger.substitute(symbol, by: row, in: &rows[Int(slot)], keepingPlaces: keepingPlaces) == 0 { continue }
            updateColumns(slot)
            touch(basic)
            if basic == artificial { artificialCandidates.push(row.symbols) }
            if kinds[Int(basic)].isRestricted && rows[Int(slot)].constant < 0 {
                infeasible.append(basic)
            }
        }
        slots.removeAll(keepingCapacity: true)
        if columns[Int(symbol)].isEmpty { swap(&slots, &columns[Int(symbol)]) }
        for level in levels.indices {
            let coefficient = levels[level].row.remove(symbol)
            if coefficient != 0 {
                levels[level].row.add(row, times: coefficient)
                noteObjectiveChange(row.symbols)
            }
        }
    }

    /// Exchanges `leaving` (basic) for `entering` (nonbasic, present in the leaving row).
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        let slot = slotOfBasic[Int(leaving)]
        rows[Int(slot)].solve(for: entering, replacing: leaving)
        appendToColumn(leaving, slot)
        slotOfBasic[Int(leaving)] = -1
        slotOfBasic[Int(entering)] = slot
        basics[Int(slot)] = entering
        touch(entering)
        touch(leaving)
        let row = rows[Int(slot)]
        substitute(entering, by: row)
    }

    /// Sets a symbol to zero for good: drops its row if basic and deletes it from every row.
    mutating func purge(_ symbol: Symbol) {
        if isBasic(symbol) { _ = takeRow(of: symbol) }
        touch(symbol)
        var slots: [Int32] = []
        swap(&slots, &columns[Int(symbol)])
        for slot in slots where basics[Int(slot)] != noSymbol && rows[Int(slot)].remove(symbol) != 0 {
            touch(basics[Int(slot)])
        }
        for level in levels.indices { levels[level].row.remove(symbol) }
    }

    /// `row += factor × symbol`, expanding the symbol through its row when it is basic.
    mutating func addSymbol(_ symbol: Symbol, times factor: Double, to row: inout Row) {
        let slot = slotOfBasic[Int(symbol)]
        if slot >= 0 {
            merger.add(rows[Int(slot)], times: factor, to: &row)
        } else {
            row.add(symbol, factor)
        }
    }

    // MARK: Objectives

    /// `levels[level] += factor × symbol`, expanding the symbol through its row when basic.
    mutating func addSymbolToObjective(_ level: Int, _ symbol: Symbol, times factor: Double) {
        let slot = slotOfBasic[Int(symbol)]
        if slot >= 0 {
            let source = rows[Int(slot)]
            levels[level].row.add(source, times: factor)
            noteObjectiveChange(source.symbols)
        } else {
            levels[level].row.add(symbol, factor)
            noteObjectiveChange([symbol])
        }
    }

    mutating func noteObjectiveCandidates(_ symbols: [Symbol]) {
        for symbol in symbols { noteObjectiveCandidate(symbol) }
    }

    @inline(__always)
    mutating func noteObjectiveCandidate(_ symbol: Symbol) {
        if isObjectiveCandidate[Int(symbol)] { return }
        isObjectiveCandidate[Int(symbol)] = true
        objectiveCandidates.append(symbol)
    }

    /// The index of the objective for `priority`, made when missing.
    mutating func levelIndex(for priority: Double) -> Int {
        var index = 0
        while index < levels.count && levels[index].priority > priority { index += 1 }
        if index == levels.count || levels[index].priority != priority {
            levels.insert(ObjectiveLevel(priority: priority), at: index)
        }
        return index
    }

    func existingLevelIndex(for priority: Double) -> Int? {
        levels.firstIndex { $0.priority == priority }
    }

    /// Whether any objective gives `symbol` a nonzero reduced cost: such a symbol must stay at
    /// zero in every optimal solution.
    func hasReducedCost(_ symbol: Symbol) -> Bool {
        for level in levels where !nearZero(level.row.coefficient(of: symbol)) { return true }
        return false
    }
}

private let minimumColumnLimit: Int32 = 256
/// Columns up to this length lose a row's entry as soon as the row loses the symbol.
private let exactColumnLength = 16

/// The objective of one optional strength: the sum of the errors of its constraints.
struct ObjectiveLevel {
    var priority: Double
    var row = DenseRow()
    /// How many constraints have errors here; the level goes away with the last one.
    var members = 0
    init(priority: Double) { self.priority = priority }
}
