/// Exact ambiguity: which variables take more than one value across all optimal solutions.
///
/// At the lexicographic optimum, the optimal solutions are exactly the feasible points where every
/// nonbasic symbol with a nonzero reduced cost (at any strength) stays zero. What may still move:
/// nonbasic user variables (they occur in no restricted row), and the nonbasic slacks and errors
/// whose reduced costs are zero at every strength ("free" symbols). A variable is ambiguous when
/// its row depends on one of these in a direction the optimal face actually allows.
///
/// Directions are limited only by restricted basic rows that sit at zero (degenerate rows). When
/// none involves a free symbol, any dependence is ambiguity. Otherwise a small auxiliary problem
/// finds the implicit equalities of the cone of directions (the inequalities that no direction can
/// loosen); a variable is fixed exactly when its dependence on the free symbols is a combination of
/// those equalities, that is, when it vanishes on every direction of their null space.
///
/// That last test is made on sampled directions of that space, evaluated through the definitions
/// the way values are: a nonzero dependence vanishes on a sampled direction only by coincidence,
/// so two samples that both vanish mean fixed. Writing the dependences out instead would cost N²
/// on a chain (each edge depends on every earlier width).
///
/// Like values, the verdicts are kept between queries and brought up to date incrementally: only
/// the definitions downstream of what changed (rows, basic status, reduced costs, the directions
/// of the cone) are evaluated again, so a report after every input costs what the input changed.
extension Solver {
    /// Every user variable that takes more than one value across the optimal solutions, by id.
    public func ambiguousVariables() -> [Variable] {
        settle()
        tableau.refreshAmbiguity()
        let flags = tableau.ambiguity!.isAmbiguous
        var result: [Variable] = []
        for symbol in tableau.kinds.indices where tableau.kinds[symbol] == .external && flags[symbol] {
            result.append(Variable(id: symbol))
        }
        return result
    }

    /// Whether `variable` takes more than one value across the optimal solutions.
    ///
    /// - Precondition: `variable` was made by this solver.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        settle()
        tableau.refreshAmbiguity()
        return tableau.ambiguity!.isAmbiguous[variable.id]
    }

    /// The variables whose value or ambiguity changed since the last call (each once, in no
    /// particular order). Reports use it to look only at what an input changed.
    public func takeChangedVariables() -> [Variable] {
        settle()
        if !tableau.changes.valueSeeds.isEmpty { tableau.refreshValues() }
        tableau.refreshAmbiguity()
        return tableau.changes.changedExternals.takeAll().map { Variable(id: Int($0)) }
    }

    /// How many variables `takeChangedVariables` would hand out now, taking none: for a reader
    /// choosing between looking each change up and reading everything anew.
    public func changedVariableCount() -> Int {
        settle()
        if !tableau.changes.valueSeeds.isEmpty { tableau.refreshValues() }
        tableau.refreshAmbiguity()
        return tableau.changes.changedExternals.count
    }

    /// False when a variable's value is not a finite number: multipliers that compound along a
    /// chain (1e6 × 1e6 × …) can carry a value past Double's range (also false once an
    /// insertion met such a number: `overflowed`). Looks only at the values written since the
    /// last call that found them all finite (a value not written since then is the one checked
    /// then), so a check after every line costs what each line changed; takes nothing that
    /// `takeChangedVariables` hands out.
    public func changedValuesAreFinite() -> Bool {
        settle()
        if overflowed { return false }
        if !tableau.changes.valueSeeds.isEmpty { tableau.refreshValues() }
        if !tableau.changes.tracksUncheckedValues {
            // The first check: every value, then only what is written from now on.
            guard tableau.changes.values.allSatisfy(\.isFinite) else { return false }
            tableau.changes.tracksUncheckedValues = true
            return true
        }
        guard tableau.changes.uncheckedValues.allSatisfy({ tableau.currentValue(of: $0).isFinite }) else { return false }
        tableau.changes.uncheckedValues.removeAll()
        return true
    }
}

@inline(__always) private func absolute(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(abs(v.x), abs(v.y)) }

/// What exact ambiguity keeps between queries, per symbol.
struct AmbiguityState {
    /// One byte a symbol: its step's code in the low two bits (`StepCode`), and its flags
    /// (`Flag`). They were five arrays of a byte each (the codes and four of `Bool`): 65 bytes
    /// a view of a chain, resident at a report's peak, where this is 13.
    ///
    /// How far each nonbasic symbol moves along the two sampled directions (0 when it cannot),
    /// as `step(_:)` reads it: most steps are zero or the symbol's own sample, so each is kept as
    /// one of those codes, and only the rest (steps a group's cone solved) as a number, in
    /// `solvedSteps`. A step of 16 bytes for every symbol was nearly half of this state.
    private(set) var symbolBits: [UInt8] = []
    private(set) var solvedSteps: [Symbol: SIMD2<Double>] = [:]
    /// For each basic user variable: its change along the two directions, and the sum of the
    /// magnitudes that went into it. Indexed by the variable's place among the user variables
    /// (`Tableau.valueIndex`, as the kept values are): a third of the symbols or fewer, where
    /// these were 32 bytes of every symbol; and only the variables that move keep theirs.
    var moves = VariableMoves()
    /// For each degenerate row (by its basic symbol), the free symbols it held when its group
    /// was last solved: when the row changes or goes, those symbols' group is solved again.
    var freeSymbolsOfRow: [Symbol: [Symbol]] = [:]
    /// The steps of free symbols that occur in degenerate rows (`Flag.constrained`), as their
    /// group's cone allows them. The steps are kept for those symbols only: an array of them
    /// spanned every symbol (16 bytes each, 200 per view of a chain) for the few in degenerate
    /// rows.
    var coneStep: [Symbol: SIMD2<Double>] = [:]
    /// Free symbols of degenerate rows that a rollback took away with their basic symbol
    /// (`Tableau+Trail.swift`): their group is solved again at the next refresh.
    var orphanedFreeSymbols: [Symbol] = []

    /// The flags of `symbolBits`, above the step's code.
    enum Flag {
        /// A nonbasic restricted symbol without a reduced cost at any strength: it may move
        /// on the optimal face.
        static let free: UInt8 = 4
        /// A user variable that takes more than one value across the optimal solutions.
        static let ambiguous: UInt8 = 8
        /// A restricted basic symbol whose row sits at zero.
        static let degenerate: UInt8 = 16
        /// A free symbol that occurs in degenerate rows (its step is in `coneStep`).
        static let constrained: UInt8 = 32
    }

    /// How many symbols the state holds.
    var symbolCount: Int { symbolBits.count }

    @inline(__always) func has(_ flag: UInt8, _ symbol: Int) -> Bool { symbolBits[symbol] & flag != 0 }

    @inline(__always) mutating func set(_ flag: UInt8, _ symbol: Int, _ on: Bool) {
        if on { symbolBits[symbol] |= flag } else { symbolBits[symbol] &= ~flag }
    }

    /// One flag of every symbol, read by index (it holds the bytes: nothing is copied).
    struct FlagReader {
        let bits: [UInt8]
        let flag: UInt8
        @inline(__always) subscript(symbol: Int) -> Bool { bits[symbol] & flag != 0 }
    }

    var isFree: FlagReader { FlagReader(bits: symbolBits, flag: Flag.free) }
    var isAmbiguous: FlagReader { FlagReader(bits: symbolBits, flag: Flag.ambiguous) }

    /// `symbol`'s step (see `symbolBits`).
    @inline(__always) func step(_ symbol: Int) -> SIMD2<Double> {
        switch symbolBits[symbol] & StepCode.mask {
        case StepCode.zero: return .zero
        case StepCode.sampled: return DirectionCone.sample(Symbol(symbol))
        default: return solvedSteps[Symbol(symbol)]!
        }
    }

    /// Keeps `step` as `symbol`'s step: by its code when it is +0 or the symbol's sample (bit
    /// for bit, so that `step(_:)` gives back the same bits: a −0 is kept as a number), else as
    /// a number.
    mutating func setStep(_ symbol: Symbol, _ step: SIMD2<Double>) {
        let sample = DirectionCone.sample(symbol)
        let code = step.x.bitPattern == 0 && step.y.bitPattern == 0 ? StepCode.zero
            : step.x.bitPattern == sample.x.bitPattern && step.y.bitPattern == sample.y.bitPattern ? StepCode.sampled
            : StepCode.solved
        if code == StepCode.solved {
            solvedSteps[symbol] = step
        } else if symbolBits[Int(symbol)] & StepCode.mask == StepCode.solved {
            solvedSteps[symbol] = nil
        }
        symbolBits[Int(symbol)] = symbolBits[Int(symbol)] & ~StepCode.mask | code
    }

    /// Forgets the steps and flags of symbols from `count` on (`shrink`).
    mutating func dropSteps(from count: Int) {
        symbolBits.removeLast(symbolBits.count - count)
        if !solvedSteps.isEmpty { solvedSteps = solvedSteps.filter { Int($0.key) < count } }
    }

    private enum StepCode {
        static let zero: UInt8 = 0, sampled: UInt8 = 1, solved: UInt8 = 2
        static let mask: UInt8 = 3
    }

    mutating func grow(to kinds: [SymbolKind]) {
        let extra = kinds.count - symbolBits.count
        guard extra > 0 else { return }
        // Symbols added after the first query grow the arrays by a quarter, not by doubling (the
        // first query sizes them exactly).
        let growing = kinds.count > symbolBits.capacity && !symbolBits.isEmpty
        if growing {
            symbolBits.reserveCapacity(grownLength(toHold: kinds.count - 1, from: symbolBits.count))
        }
        var externals = 0
        for kind in kinds[symbolBits.count...] where kind == .external { externals += 1 }
        if growing && moves.count + externals > moves.capacity {
            moves.reserveCapacity(grownLength(toHold: moves.count + externals - 1, from: moves.count))
        }
        // A zero byte: step code `zero`, no flag.
        symbolBits.append(contentsOf: repeatElement(StepCode.zero, count: extra))
        moves.append(notMoving: externals)
    }
}

extension Tableau {
    /// Brings the ambiguity verdicts up to date with everything touched since the last call.
    mutating func refreshAmbiguity() {
        // Up to date already (a report asks about thousands of variables after one change):
        // moving the state out and back costs more than the question.
        if changes.ambiguitySeeds.isEmpty, let count = ambiguity?.symbolCount, count >= kinds.count { return }
        var state = ambiguity ?? AmbiguityState()
        ambiguity = nil  // keeps `state`'s arrays uniquely referenced while they change
        defer { ambiguity = state }
        state.grow(to: kinds)
        let seeds = changes.ambiguitySeeds.takeAll()
        if seeds.isEmpty { return }

        // Free status and degeneracy of what changed; the rows and symbols whose group of
        // degenerate rows must be solved again.
        var dirtyRows: [Symbol] = []
        var dirtySymbols: [Symbol] = state.orphanedFreeSymbols
        state.orphanedFreeSymbols = []
        for symbol in seeds where kinds[Int(symbol)].isRestricted {
            let slot = slotOfBasic[Int(symbol)]
            let free = !slot.exists && !objectives.hasReducedCost(symbol)
            if free != state.has(AmbiguityState.Flag.free, Int(symbol)) {
                state.set(AmbiguityState.Flag.free, Int(symbol), free)
                dirtySymbols.append(symbol)
            }
            let degenerate = slot.exists && Tolerance.isZero(rows[slot.index].constant)
            if degenerate || state.has(AmbiguityState.Flag.degenerate, Int(symbol)) {
                state.set(AmbiguityState.Flag.degenerate, Int(symbol), degenerate)
                dirtyRows.append(symbol)
                // (A rollback may have taken some of the row's old symbols away for good.)
                if let old = state.freeSymbolsOfRow.removeValue(forKey: symbol) { dirtySymbols += old.filter { Int($0) < kinds.count } }
            }
        }
        var regrouped: [Symbol] = []
        if !dirtyRows.isEmpty || !dirtySymbols.isEmpty {
            regrouped = solveDegenerateGroups(&state, rows: dirtyRows, symbols: dirtySymbols)
        }

        // Steps of everything whose step may have changed. Definitions are evaluated again
        // downstream of the seeds (their rows changed) and of every symbol whose step did.
        var moved = seeds
        for (index, symbol) in (seeds + regrouped).enumerated() {
            var step = SIMD2<Double>.zero
            if !isBasic(symbol) {
                if kinds[Int(symbol)] == .external {
                    step = DirectionCone.sample(symbol)
                } else if kinds[Int(symbol)].isRestricted && state.has(AmbiguityState.Flag.free, Int(symbol)) {
                    step = state.has(AmbiguityState.Flag.constrained, Int(symbol)) ? state.coneStep[symbol] ?? .zero : DirectionCone.sample(symbol)
                }
            }
            if step != state.step(Int(symbol)) {
                state.setStep(symbol, step)
                if index >= seeds.count { moved.append(symbol) }
            }
        }

        let order = staleDefinitions(from: moved)
        // Borrowed, as for values (Tableau+Evaluation.swift).
        withBorrowed { tableau, changed in
            for symbol in order {
                let slot = tableau.slotOfBasic[Int(symbol)]
                var ambiguous = true
                if slot.exists {
                    let row = tableau.row(slot)
                    var total = SIMD2<Double>.zero, size = SIMD2<Double>.zero
                    if !row.pointee.isEmpty {
                        let symbols = row.pointee.borrowedSymbols, coefficients = row.pointee.borrowedCoefficients
                        for index in row.pointee.liveRange {
                            let other = Int(symbols[index])
                            let coefficient = coefficients[index]
                            if tableau.isBasicExternal(Symbol(other)) {
                                let move = state.moves[keptValueIndex(ofOwner: tableau.owners[other])]
                                total += coefficient * move.along
                                size += abs(coefficient) * move.magnitude
                            } else {
                                let move = coefficient * state.step(other)
                                total += move
                                size += absolute(move)
                            }
                        }
                    }
                    let index = keptValueIndex(ofOwner: tableau.owners[Int(symbol)])
                    state.moves.set(index, VariableMoves.Move(along: total, magnitude: size))
                    // Rounding in a long chain of definitions stays far below this relative bound.
                    ambiguous = any(absolute(total) .> Tolerance.sampledMove * size)
                }
                if ambiguous != state.has(AmbiguityState.Flag.ambiguous, Int(symbol)) {
                    state.set(AmbiguityState.Flag.ambiguous, Int(symbol), ambiguous)
                    changed.insert(symbol)
                }
            }
        }
    }
}

extension Tableau {
    /// Directions are limited only by degenerate rows (restricted basic rows at zero), and only
    /// through their free symbols. Rows that share no free symbol limit independent sets of
    /// symbols, so the cone is a product of groups (connected components of rows and their
    /// free symbols), each solved on its own. Only the groups that hold a changed row or a
    /// symbol whose status changed are solved again: a report then costs what changed, even
    /// when thousands of rows are degenerate (a width pinned by `>=` and `<=`).
    ///
    /// Returns the symbols whose constrained step was set or cleared. Groups are found breadth
    /// first from the dirty rows and symbols (a symbol leads to the degenerate rows holding it,
    /// a row to its free symbols), so every group that gained, lost or changed a member is
    /// reached, and no other.
    mutating func solveDegenerateGroups(_ state: inout AmbiguityState, rows dirtyRows: [Symbol],
                                        symbols dirtySymbols: [Symbol]) -> [Symbol] {
        let mark = scratch.nextStamp()
        var touched: [Symbol] = []
        // Every dirty symbol loses its constraint unless its group (found below) gives it one.
        for symbol in dirtySymbols where state.has(AmbiguityState.Flag.constrained, Int(symbol)) {
            state.set(AmbiguityState.Flag.constrained, Int(symbol), false)
            state.coneStep[symbol] = nil
            touched.append(symbol)
        }
        func freeEntries(_ basic: Symbol) -> [(symbol: Symbol, coefficient: Double)] {
            let row = self.row(of: basic)
            var entries: [(symbol: Symbol, coefficient: Double)] = []
            for index in row.liveRange where state.has(AmbiguityState.Flag.free, Int(row.storedSymbols[index])) {
                entries.append((row.storedSymbols[index], row.storedCoefficients[index]))
            }
            return entries
        }
        // A symbol that stopped being free still leads to the rows of its old group.
        let starts = dirtyRows.filter { state.has(AmbiguityState.Flag.degenerate, Int($0)) } + dirtySymbols
        for start in starts where scratch.visited[Int(start)] != mark {
            // One group: breadth first over rows and their free symbols.
            scratch.visited[Int(start)] = mark
            var queue = [start]
            var groupRows: [Symbol] = []
            var head = 0
            while head < queue.count {
                let item = queue[head]
                head += 1
                if isBasic(item) {
                    // A dirty symbol that became basic leads nowhere: the rows that held it had
                    // it substituted away, so they are dirty themselves.
                    guard state.has(AmbiguityState.Flag.degenerate, Int(item)) else { continue }
                    groupRows.append(item)
                    for entry in freeEntries(item) where scratch.visited[Int(entry.symbol)] != mark {
                        scratch.visited[Int(entry.symbol)] = mark
                        queue.append(entry.symbol)
                    }
                } else {
                    for slot in columns.slots(of: item) {
                        let basic = basics[slot.index]
                        guard basic != noSymbol, scratch.visited[Int(basic)] != mark, state.has(AmbiguityState.Flag.degenerate, Int(basic)),
                              rows[slot.index].contains(item) else { continue }
                        scratch.visited[Int(basic)] = mark
                        queue.append(basic)
                    }
                }
            }
            var entriesOfRows: [[(symbol: Symbol, coefficient: Double)]] = []
            for basic in groupRows {
                let entries = freeEntries(basic)
                state.freeSymbolsOfRow[basic] = entries.map(\.symbol)
                if !entries.isEmpty { entriesOfRows.append(entries) }
            }
            if entriesOfRows.isEmpty { continue }
            let cone = DirectionCone(rows: entriesOfRows)
            for (symbol, step) in zip(cone.symbols, cone.sampleSteps()) {
                state.set(AmbiguityState.Flag.constrained, Int(symbol), true)
                state.coneStep[symbol] = step
                touched.append(symbol)
            }
        }
        return touched
    }
}
