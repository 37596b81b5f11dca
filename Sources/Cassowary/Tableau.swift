/// The simplex tableau behind a `Solver`: rows keyed by their basic symbol, a column index saying
/// which rows hold each symbol (so a pivot touches only those rows), and one objective row per
/// optional strength.
///
/// Everything is addressed by dense integer ids and kept in arrays, so iteration order never
/// depends on hashing: the same calls always pivot the same way and give the same bits. The
/// concerns beside the rows keep their own per-symbol arrays and grow them in `newSymbol`.
struct Tableau {
    // Symbols.
    var kinds: [SymbolKind] = []
    /// For each symbol, the constraint it belongs to (marker, error or slack), or -1; for a
    /// user variable, where its value is kept (`ChangeTracker.values`), coded below -1 so that
    /// every reader's `owner >= 0` test still reads "no constraint".
    var owners: [Int32] = []

    // Rows.
    var rows: [Row] = []
    /// The basic symbol of each slot; `noSymbol` for a free slot.
    var basics: [Symbol] = []
    /// For each symbol, the slot of the row it is basic in, or `Slot.none`.
    var slotOfBasic: [Slot] = []
    var freeSlots: [Slot] = []

    var columns = ColumnIndex()
    var objectives = Objectives()
    var changes = ChangeTracker()
    var scratch = WalkScratch()
    var merger = RowMerger()
    /// What exact ambiguity keeps between queries (Ambiguity.swift); built on the first one.
    var ambiguity: AmbiguityState?
    /// Restricted basic symbols whose rows may have gone negative, for the dual simplex.
    var infeasible: [Symbol] = []
    /// Rows at least this long take the two shortcuts below (bound flips in the dual simplex,
    /// marker removal in place), and a merge that shrinks one near its front moves the entries
    /// before the change instead of those after it (`Row.replaceEntries`). On shorter rows a plain pivot is as cheap, and keeps the choice
    /// among equal optima (which of two tied constraints breaks) that the lessons teach; tests
    /// lower it to run the shortcuts on small systems.
    var longRowLength = 64
    /// While bound flips run: the long rows that kept places (explicit zeros, see `RowMerger`)
    /// instead of shifting their tails at every flip; the zeros go when the flips end.
    var keptPlaces: [Slot]?
    /// Rows at least this long take gaps when a short row is merged into them inside a run of
    /// removals (Row+Gaps.swift, `allowGaps`); tests lower it.
    var gapRowLength = 512
    /// The slots whose rows may hold gaps, packed again by `settleGaps`.
    var gappedSlots: [Slot] = []
    /// How often the two shortcuts for long rows were taken (bound flips in the dual simplex,
    /// marker removals merged into the long row in place): tests check that they run.
    var shortcutsTaken = (breakpointFlips: 0, retractionsInPlace: 0)
    /// The undo trail (`Tableau+Trail.swift`): what the open steps overwrote. Every write to the
    /// fields above, scratch aside, records into it first.
    var trail = SolverTrail()
    /// How many symbols (rows) the arrays indexed by symbol (slot) are reserved for: they grow
    /// together, by a quarter (`grownLength`), not each by doubling on its own. At the peak of a
    /// large layout a doubled array is up to half empty; at ~13 symbols and ~6.5 rows per view
    /// that was some 700 bytes of every view.
    var symbolCapacity = 0
    var rowCapacity = 0

    /// A new symbol of `kind`. Keep `newSymbols` in step: both grow every per-symbol array.
    mutating func newSymbol(_ kind: SymbolKind, owner: Int32 = -1) -> Symbol {
        let symbol = Symbol(kinds.count)
        if kinds.count == symbolCapacity { reserveSymbols(grownLength(toHold: kinds.count, from: kinds.count)) }
        assert(owner >= -1, "owners below −1 code user variables' values")
        kinds.append(kind)
        owners.append(kind == .external ? changes.addValue() : owner)
        slotOfBasic.append(.none)
        columns.addSymbol()
        objectives.addSymbol()
        scratch.addSymbol()
        changes.touchNew(symbol)
        return symbol
    }

    /// `count` new symbols of `kind` with no owner, numbered consecutively: what `count` calls
    /// of `newSymbol` make, with each per-symbol array grown once. A face program makes tens of
    /// thousands at once (FaceProgram.swift), and appending them one by one to a dozen arrays
    /// was a fifth of the first `explain` after a change on a long chain.
    ///
    /// - Complexity: O(count), plus a copy of each array when they outgrow `symbolCapacity`.
    mutating func newSymbols(_ kind: SymbolKind, count: Int) -> Range<Symbol> {
        precondition(kind != .external, "user variables are made one by one (newSymbol), each with a value")
        let first = kinds.count, end = first + count
        if end > symbolCapacity { reserveSymbols(grownLength(toHold: end - 1, from: first)) }
        kinds.append(contentsOf: repeatElement(kind, count: count))
        owners.append(contentsOf: repeatElement(-1, count: count))
        slotOfBasic.append(contentsOf: [Slot](repeating: .none, count: count))  // filled at once, not per element
        columns.addSymbols(count)
        objectives.addSymbols(count)
        scratch.addSymbols(count)
        changes.touchNew(Symbol(first)..<Symbol(end))
        return Symbol(first)..<Symbol(end)
    }

    /// Reserves every per-symbol array for `capacity` symbols (see `symbolCapacity`).
    ///
    /// - Complexity: O(symbols), a copy of each array; amortised O(1) per symbol.
    @inline(never)
    mutating func reserveSymbols(_ capacity: Int) {
        symbolCapacity = capacity
        kinds.reserveCapacity(capacity)
        owners.reserveCapacity(capacity)
        slotOfBasic.reserveCapacity(capacity)
        columns.reserveSymbols(capacity)
        objectives.reserveSymbols(capacity)
        scratch.reserveSymbols(capacity)
    }

    /// Where the value of user variable `symbol` is kept in `changes.values`.
    @inline(__always) func valueIndex(_ symbol: Symbol) -> Int { keptValueIndex(ofOwner: owners[Int(symbol)]) }

    @inline(__always) func isBasic(_ symbol: Symbol) -> Bool { slotOfBasic[Int(symbol)].exists }

    /// The row of basic `symbol`.
    @inline(__always) func row(of symbol: Symbol) -> Row { rows[slotOfBasic[Int(symbol)].index] }

    // MARK: Rows and the column index

    /// Stores `row` as the row of `basic`.
    mutating func place(_ row: Row, basic: Symbol) {
        touch(basic)
        let slot: Slot
        if let free = freeSlots.popLast() {
            slot = free
            if trail.isRecording { trail.record(.freeSlotPopped(slot)) }
            willRewriteRow(slot)
            rows[slot.index] = row
            setBasic(basic, of: slot)
        } else {
            slot = Slot(rows.count)
            if rows.count == rowCapacity {
                rowCapacity = grownLength(toHold: rows.count, from: rows.count)
                rows.reserveCapacity(rowCapacity)
                basics.reserveCapacity(rowCapacity)
            }
            rows.append(row)
            basics.append(basic)
        }
        setSlot(slot, ofBasic: basic)
        for index in row.liveRange { appendToColumn(row.storedSymbols[index], slot) }
    }

    /// Takes the row of `basic` out of the tableau.
    mutating func takeRow(of basic: Symbol) -> Row {
        touch(basic)
        let slot = slotOfBasic[Int(basic)]
        willRewriteRow(slot)
        var row = Row()
        swap(&row, &rows[slot.index])
        setSlot(.none, ofBasic: basic)
        setBasic(noSymbol, of: slot)
        if trail.isRecording { trail.record(.freeSlotPushed) }
        freeSlots.append(slot)
        return row
    }

    /// Drops the stale entries of `symbol`'s column (see `ColumnIndex`).
    mutating func compactColumn(_ symbol: Symbol) {
        columns.compact(symbol, rows: rows, basics: basics, trail: &trail)
    }

    /// Notes that the row in `slot` now holds `symbol`.
    @inline(__always)
    mutating func appendToColumn(_ symbol: Symbol, _ slot: Slot) {
        if columns.append(slot, to: symbol, trail: &trail) { compactColumn(symbol) }
    }

    /// Brings the column index in step with the merger's last change to the row in `slot`.
    mutating func updateColumns(_ slot: Slot) {
        let added = merger.added
        if columns.update(slot, added: added, removed: merger.removed, trail: &trail) {
            columns.compactOverfull(added, rows: rows, basics: basics, trail: &trail)
        }
    }

    /// `rows[slot].constant += amount`, for a constraint whose constant moved.
    mutating func shiftRowConstant(_ slot: Slot, by amount: Double) {
        if trail.isRecording && trail.needsRow(slot) { trail.record(.rowConstant(slot), number: rows[slot.index].constant) }
        rows[slot.index].constant += amount
        touch(basics[slot.index])
    }

    /// Records that `symbol`'s row, basic status or value may have changed.
    @inline(__always) mutating func touch(_ symbol: Symbol) { changes.touch(symbol) }

    /// Records that objective coefficients of these symbols changed: their reduced costs, and
    /// so whether they may move on the optimal face, are to be looked at again.
    @inline(__always) mutating func noteObjectiveChange(_ symbols: some Collection<Symbol>) {
        objectives.noteCandidates(symbols, trail: &trail)
        changes.noteReducedCosts(symbols)
    }

    /// `noteObjectiveChange` for the symbols of `row`.
    @inline(__always) mutating func noteObjectiveChange(of row: Row) {
        row.withLiveSymbols { noteObjectiveChange($0) }
    }

    /// Replaces `symbol` by `row` everywhere it occurs: every tableau row and every objective.
    /// Rows of restricted symbols that turn negative are remembered for the dual simplex.
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        var slots = columns.take(symbol, trail: &trail)
        let artificial = objectives.artificial
        for slot in slots {
            let basic = basics[slot.index]
            // The artificial row is long and merged into at every phase-one pivot: it keeps places.
            // So do long rows while bound flips merge short rows into them (`keepingPlaces`).
            var keepingPlaces = artificial != noSymbol && basic == artificial
            if keptPlaces != nil && rows[slot.index].count >= longRowLength {
                keepingPlaces = true
                if !keptPlaces!.contains(slot) { keptPlaces!.append(slot) }
            }
            willRewriteRow(slot)
            if merger.substitute(symbol, by: row, in: &rows[slot.index], keepingPlaces: keepingPlaces,
                                 longRow: longRowLength) == 0 { continue }
            noteGaps(slot)
            updateColumns(slot)
            touch(basic)
            if basic == artificial { row.withLiveSymbols { objectives.artificialCandidates.push($0) } }
            if kinds[Int(basic)].isRestricted && rows[slot.index].constant < 0 {
                noteInfeasible(basic)
            }
        }
        columns.giveBack(&slots, to: symbol)
        for level in objectives.levels.indices {
            let coefficient = removeFromObjective(level, symbol)
            if coefficient != 0 {
                addToObjective(level, row, times: coefficient)
                noteObjectiveChange(of: row)
            }
        }
    }

    /// Exchanges `leaving` (basic) for `entering` (nonbasic, present in the leaving row).
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        let slot = slotOfBasic[Int(leaving)]
        willRewriteRow(slot)
        rows[slot.index].compactGaps()  // solved and substituted: read whole, packed
        rows[slot.index].solve(for: entering, replacing: leaving)
        appendToColumn(leaving, slot)
        setSlot(.none, ofBasic: leaving)
        setSlot(slot, ofBasic: entering)
        setBasic(entering, of: slot)
        touch(entering)
        touch(leaving)
        let row = rows[slot.index]
        substitute(entering, by: row)
    }

    /// The marker removal of `retract` when the row the marker leaves by is long and only one
    /// other, shorter row holds the marker: instead of solving the long row for the marker and
    /// merging it into that row (which copies it, and moves every one of its symbols' column
    /// entries to another slot), the short row is merged into the long one where it lies, and
    /// the slot changes hands. Removing the links of a chain whose container edge is expanded
    /// into one definition then costs the short row, not the chain: that definition used to move
    /// from view to view with each removal, copied each time (quadratic in the chain).
    ///
    /// Taken only when the result is bit for bit the one of the general path: the marker's
    /// coefficients are ±1 and opposite (so no factor rounds), and no objective holds it.
    /// Returns false, having changed nothing, otherwise.
    ///
    /// - Complexity: O(short row × log(long row)), plus one shift of the long row's tail.
    mutating func retractIntoLongRow(_ marker: Symbol, leaving: Symbol) -> Bool {
        let longSlot = slotOfBasic[Int(leaving)]
        let a = rows[longSlot.index].coefficient(of: marker)
        guard a == 1 || a == -1 else { return false }
        for level in objectives.levels where level.row.coefficient(of: marker) != 0 { return false }
        var other = Slot.none
        for slot in columns.slots(of: marker) where slot != longSlot && basics[slot.index] != noSymbol {
            let coefficient = rows[slot.index].coefficient(of: marker)
            if coefficient == 0 || slot == other { continue }
            guard other == .none, coefficient == -a else { return false }
            other = slot
        }
        guard other != .none, rows[longSlot.index].count >= longRowLength,
              rows[other.index].count < rows[longSlot.index].count else { return false }
        // In the long row `leaving = k + a·marker + rest`; the short row `basic = k' − a·marker
        // + rest'` becomes `basic = k + rest + k' + rest' − leaving`: the long row with the
        // marker replaced by a × (k' + rest' − leaving), exact since a = ±1.
        let basic = basics[other.index]
        mergeShortRow(of: basic, intoLongRowOf: leaving, at: longSlot, marker: marker, coefficient: a)
        touch(leaving)
        touch(basic)
        if kinds[Int(basic)].isRestricted && rows[longSlot.index].constant < 0 { noteInfeasible(basic) }
        shortcutsTaken.retractionsInPlace += 1
        return true
    }

    /// The step both `retractIntoLongRow` and `retractHandingLongSlot` take: the row of
    /// `basic` (`basic = k' − a·marker + rest'`) is merged into the long row of `leaving` at
    /// `longSlot` (`leaving = k + a·marker + rest`, a = ±1) where it lies, which becomes
    /// `basic = k + rest + k' + rest' − leaving`, and `basic` takes the slot. Exact: the
    /// factors are ±1. Touches `basic` (taking its row); the callers touch the rest in the order
    /// the general path would.
    mutating func mergeShortRow(of basic: Symbol, intoLongRowOf leaving: Symbol, at longSlot: Slot, marker: Symbol,
                                coefficient a: Double) {
        var short = takeRow(of: basic)
        short.compactGaps()
        short.remove(marker)
        short.add(leaving, -1)
        if a == -1 { short.negate() }
        willRewriteRow(longSlot)
        _ = merger.substitute(marker, by: short, in: &rows[longSlot.index], longRow: longRowLength)
        noteGaps(longSlot)
        updateColumns(longSlot)
        setSlot(.none, ofBasic: leaving)
        setSlot(longSlot, ofBasic: basic)
        setBasic(basic, of: longSlot)
    }

    /// Sets a symbol to zero for good: drops its row if basic and deletes it from every row.
    mutating func purge(_ symbol: Symbol) {
        if isBasic(symbol) { _ = takeRow(of: symbol) }
        touch(symbol)
        var slots = columns.take(symbol, trail: &trail)
        for slot in slots where basics[slot.index] != noSymbol {
            willRewriteRow(slot)
            if rows[slot.index].remove(symbol) != 0 { touch(basics[slot.index]) }
        }
        columns.giveBack(&slots, to: symbol)
        for level in objectives.levels.indices { _ = removeFromObjective(level, symbol) }
    }

    /// `row += factor × symbol`, expanding the symbol through its row when it is basic.
    mutating func addSymbol(_ symbol: Symbol, times factor: Double, to row: inout Row) {
        let slot = slotOfBasic[Int(symbol)]
        if slot.exists {
            merger.add(rows[slot.index], times: factor, to: &row)
        } else {
            row.add(symbol, factor)
        }
    }

    // MARK: Rows with gaps

    /// Lets merges give long rows gaps (`Solver.removeConstraint`, from the second removal in a
    /// run: a shell that reads the layout after every removal never makes them, since packing
    /// again at each read would cost more than the moves it saves). They stay until `settleGaps`.
    mutating func allowGaps() {
        merger.gapLength = gapRowLength
    }

    /// Notes the row in `slot` for `settleGaps` if a merge left it with gaps.
    @inline(__always)
    mutating func noteGaps(_ slot: Slot) {
        if rows[slot.index].isGapped && !gappedSlots.contains(slot) { gappedSlots.append(slot) }
    }

    /// Packs every row with gaps again and ends the run of removals: what `Solver.settle` does
    /// before any read that is not a removal.
    ///
    /// - Complexity: O(entries of the rows with gaps).
    @inline(never)
    mutating func settleGaps() {
        for slot in gappedSlots where basics[slot.index] != noSymbol && rows[slot.index].isGapped {
            willRewriteRow(slot)
            rows[slot.index].compactGaps()
        }
        gappedSlots.removeAll()
        merger.gapLength = .max
    }

    // MARK: Objectives

    /// `levels[level] += factor × symbol`, expanding the symbol through its row when basic.
    mutating func addSymbolToObjective(_ level: Int, _ symbol: Symbol, times factor: Double) {
        let slot = slotOfBasic[Int(symbol)]
        if slot.exists {
            if rows[slot.index].isGapped {
                // Read whole by the objective: packed first.
                willRewriteRow(slot)
                rows[slot.index].compactGaps()
            }
            let source = rows[slot.index]
            addToObjective(level, source, times: factor)
            noteObjectiveChange(of: source)
        } else {
            addToObjective(level, symbol, factor)
            noteObjectiveChange([symbol])
        }
    }
}
