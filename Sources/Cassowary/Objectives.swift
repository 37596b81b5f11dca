/// What the simplex minimizes: one objective per optional strength, the phase-one objective while
/// a constraint is being added, and the symbols whose reduced costs may have turned negative.
struct Objectives {
    /// One objective per optional strength, highest first: strict priorities are a lexicographic
    /// objective, so each strength keeps a row of its own instead of a weight in one sum.
    var levels: [ObjectiveLevel] = []
    /// The artificial variable while a constraint is being added in phase one, else `noSymbol`.
    /// Its row is the phase-one objective: keeping a second copy of that (often long) row up to
    /// date doubled the cost of every phase-one pivot.
    var artificial: Symbol = noSymbol
    /// Every symbol that may have a negative coefficient in the artificial row (see `SymbolHeap`).
    var artificialCandidates = SymbolHeap()
    /// Symbols whose objective coefficients changed since the last optimum: the only ones that
    /// can have gained a negative reduced cost, so the only ones `optimize` looks at.
    /// Each symbol at most once (`isCandidate` marks the members): a drag's dual pivots add a
    /// long row's symbols at every pivot and never run `optimize`, so a list with repeats grew
    /// without end.
    private(set) var candidates: [Symbol] = []
    private var isCandidate: [Bool] = []

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() { isCandidate.append(false) }
    mutating func reserveSymbols(_ capacity: Int) { isCandidate.reserveCapacity(capacity) }

    mutating func noteCandidates(_ symbols: some Collection<Symbol>, trail: inout SolverTrail) {
        for symbol in symbols { noteCandidate(symbol, trail: &trail) }
    }

    @inline(__always)
    mutating func noteCandidate(_ symbol: Symbol, trail: inout SolverTrail) {
        if isCandidate[Int(symbol)] { return }
        if trail.isRecording && !trail.countsCandidates { trail.recordCandidateCount(candidates.count) }
        isCandidate[Int(symbol)] = true
        candidates.append(symbol)
    }

    /// The lowest-id restricted candidate with a lexicographically negative reduced cost (Bland's
    /// rule), or `noSymbol`. The candidates that do not qualify are dropped; they return when
    /// their coefficients change again.
    mutating func lowestImprovingCandidate(kinds: [SymbolKind], trail: inout SolverTrail) -> Symbol {
        if trail.isRecording && !candidates.isEmpty { trail.recordList(.candidates, candidates) }
        candidates.sort()
        var kept = 0
        for index in candidates.indices {
            let symbol = candidates[index]
            if kinds[Int(symbol)].isRestricted && hasLexicographicallyNegativeCost(symbol) {
                candidates[kept] = symbol
                kept += 1
            } else {
                isCandidate[Int(symbol)] = false
            }
        }
        candidates.removeLast(candidates.count - kept)
        return candidates.first ?? noSymbol
    }

    /// Forgets every candidate (at an optimum none qualifies).
    mutating func clearCandidates(trail: inout SolverTrail) {
        if trail.isRecording && !candidates.isEmpty { trail.recordList(.candidates, candidates) }
        for symbol in candidates { isCandidate[Int(symbol)] = false }
        candidates.removeAll(keepingCapacity: true)
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
        for level in levels where !Tolerance.isZero(level.row.coefficient(of: symbol)) { return true }
        return false
    }

    /// Whether `symbol`'s reduced cost is lexicographically negative: negative at some strength
    /// and zero at every higher one. Entering it lowers that strength's error without touching
    /// any higher strength.
    func hasLexicographicallyNegativeCost(_ symbol: Symbol) -> Bool {
        for level in levels {
            let coefficient = level.row.coefficient(of: symbol)
            if Tolerance.isNegative(coefficient) { return true }
            if Tolerance.isPositive(coefficient) { return false }
        }
        return false
    }

    /// Compares the dual ratios (reduced cost over row coefficient, strength by strength) of two
    /// entering candidates: -1, 0 or 1, with the rounding tolerance. The vectors are compared
    /// level by level as they are computed, so the ratio test over a long row allocates nothing.
    func compareDualRatios(_ a: Symbol, _ aCoefficient: Double, _ b: Symbol, _ bCoefficient: Double) -> Int {
        for level in levels.indices {
            let difference = levels[level].row.coefficient(of: a) / aCoefficient
                - levels[level].row.coefficient(of: b) / bCoefficient
            if Tolerance.isNegative(difference) { return -1 }
            if Tolerance.isPositive(difference) { return 1 }
        }
        return 0
    }
}

/// The objective of one optional strength: the sum of the errors of its constraints.
struct ObjectiveLevel {
    var priority: Double
    var row = DenseRow()
    /// How many constraints have errors here; the level goes away with the last one.
    var members = 0
    init(priority: Double) { self.priority = priority }
}

extension Objectives {
    mutating func undo(_ entry: SolverTrail.Entry, trail: inout SolverTrail) {
        switch entry {
        case .candidateCount(let count):
            while candidates.count > Int(count) { isCandidate[Int(candidates.removeLast())] = false }
        case .candidates:
            // `isCandidate` marks exactly the list's members.
            for symbol in candidates { isCandidate[Int(symbol)] = false }
            candidates = trail.popList()
            for symbol in candidates { isCandidate[Int(symbol)] = true }
        default:
            preconditionFailure("not a candidate entry")
        }
    }

    /// Forgets the symbols from `count` on (taken back with a step): their marks, and the
    /// objective coefficients the step gave them unrecorded, up to `highest`.
    mutating func dropSymbols(from count: Int, highestWritten highest: Symbol) {
        isCandidate.removeLast(isCandidate.count - count)
        guard Int(highest) >= count else { return }
        for level in levels.indices {
            for symbol in Symbol(count)...highest { levels[level].row.restore(symbol, 0) }
        }
    }
}
