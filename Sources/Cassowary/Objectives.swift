internal import UndoTrail
/// What the simplex minimizes: one objective per optional strength, the phase-one objective while
/// a constraint is being added, and the symbols whose reduced costs may have turned negative.
struct Objectives {
    /// One objective per optional strength, highest first: strict priorities are a lexicographic
    /// objective, so each strength keeps a row of its own instead of a weight in one sum.
    var levels = TrailedNestedArray<ObjectiveLevel>()
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
    private(set) var candidates = TrailedArray<Symbol>()
    private var isCandidate = TrailedArray<Bool>()

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() { isCandidate.append(false) }

    mutating func noteCandidates(_ symbols: [Symbol]) {
        for symbol in symbols { noteCandidate(symbol) }
    }

    @inline(__always)
    mutating func noteCandidate(_ symbol: Symbol) {
        if isCandidate[Int(symbol)] { return }
        isCandidate[Int(symbol)] = true
        candidates.append(symbol)
    }

    /// The lowest-id restricted candidate with a lexicographically negative reduced cost (Bland's
    /// rule), or `noSymbol`. The candidates that do not qualify are dropped; they return when
    /// their coefficients change again.
    mutating func lowestImprovingCandidate(kinds: TrailedArray<SymbolKind>) -> Symbol {
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
    mutating func clearCandidates() {
        for symbol in candidates { isCandidate[Int(symbol)] = false }
        candidates.removeAll()
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
struct ObjectiveLevel: TrailRecording {
    let priority: Double
    var row = DenseRow()
    /// How many constraints have errors here; the level goes away with the last one.
    var members: Int {
        get { trailedMembers.value }
        set { trailedMembers.value = newValue }
    }
    private var trailedMembers = TrailedValue(0)
    init(priority: Double) { self.priority = priority }

    mutating func beginStep() {
        row.beginStep()
        trailedMembers.beginStep()
    }
    mutating func rollBackStep() {
        row.rollBackStep()
        trailedMembers.rollBackStep()
    }
    mutating func forgetSteps(keepingNewest depth: Int) {
        row.forgetSteps(keepingNewest: depth)
        trailedMembers.forgetSteps(keepingNewest: depth)
    }
}

extension Objectives: TrailRecording {
    mutating func beginStep() {
        precondition(artificial == noSymbol, "a step begins between two calls of the solver")
        levels.beginStep()
        candidates.beginStep()
        isCandidate.beginStep()
    }
    mutating func rollBackStep() {
        levels.rollBackStep()
        candidates.rollBackStep()
        isCandidate.rollBackStep()
    }
    mutating func forgetSteps(keepingNewest depth: Int) {
        levels.forgetSteps(keepingNewest: depth)
        candidates.forgetSteps(keepingNewest: depth)
        isCandidate.forgetSteps(keepingNewest: depth)
    }

    /// The symbols whose objective coefficient the newest step wrote, at any level.
    var symbolsWrittenInNewestStep: [Symbol] {
        levels.flatMap { $0.row.coefficients.indicesChangedInNewestStep.map { Symbol($0) } }
    }
}
