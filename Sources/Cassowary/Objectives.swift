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
    /// can have gained a negative reduced cost, so the only ones `optimize` looks at. Members are
    /// marked in `isCandidate`, each at most once (a drag's dual pivots add a long row's symbols
    /// at every pivot and never run `optimize`, so a list with repeats grew without end).
    ///
    /// They are kept in a min-heap, so that Bland's rule finds the lowest one that qualifies
    /// from the top: sorting and filtering the whole list at every pivot, and saving it for undo
    /// each time, was quadratic in time and in the trail's memory where a long chain keeps
    /// thousands of candidates through thousands of pivots (`device` on a 10 000-view squeezed
    /// chain: 1.9 s and 960 MB). The heap may also hold former members (a rollback takes a
    /// member back by its mark alone), dropped as they reach the top.
    private(set) var candidateHeap = SymbolHeap()
    private var isCandidate: [Bool] = []
    /// How many symbols `isCandidate` marks.
    private(set) var candidateCount = 0

    var hasCandidates: Bool { candidateCount > 0 }

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() { isCandidate.append(false) }
    mutating func addSymbols(_ count: Int) { isCandidate.append(contentsOf: repeatElement(false, count: count)) }
    mutating func reserveSymbols(_ capacity: Int) { isCandidate.reserveCapacity(capacity) }

    mutating func noteCandidates(_ symbols: some Collection<Symbol>, trail: inout SolverTrail) {
        for symbol in symbols { noteCandidate(symbol, trail: &trail) }
    }

    @inline(__always)
    mutating func noteCandidate(_ symbol: Symbol, trail: inout SolverTrail) {
        if isCandidate[Int(symbol)] { return }
        if trail.isRecording { trail.recordCandidate(symbol, added: true) }
        isCandidate[Int(symbol)] = true
        candidateCount += 1
        candidateHeap.push(symbol)
    }

    /// Whether the heap's `symbol` is a member (not one a rollback took back or dropped).
    @inline(__always) private func isMember(_ symbol: Symbol) -> Bool {
        Int(symbol) < isCandidate.count && isCandidate[Int(symbol)]
    }

    /// The lowest-id restricted candidate with a lexicographically negative reduced cost (Bland's
    /// rule), or `noSymbol`. The lower candidates that do not qualify are dropped; they return
    /// when their coefficients change again. The one found stays a candidate: once it entered
    /// the basis it no longer qualifies, and goes at the next call.
    ///
    /// - Complexity: O(log n) for each candidate dropped, and for the one found.
    mutating func lowestImprovingCandidate(kinds: [SymbolKind], trail: inout SolverTrail) -> Symbol {
        while let top = candidateHeap.min {
            if !isMember(top) {
                candidateHeap.popMin()
                continue
            }
            if kinds[Int(top)].isRestricted && hasLexicographicallyNegativeCost(top) { return top }
            if trail.isRecording { trail.recordCandidate(top, added: false) }
            isCandidate[Int(top)] = false
            candidateCount -= 1
            candidateHeap.popMin()
        }
        return noSymbol
    }

    /// Forgets every candidate (at an optimum none qualifies).
    mutating func clearCandidates(trail: inout SolverTrail) {
        if trail.isRecording && candidateCount > 0 { trail.recordList(.candidates, members) }
        for symbol in candidateHeap.items where isMember(symbol) { isCandidate[Int(symbol)] = false }
        candidateHeap.removeAll()
        candidateCount = 0
    }

    /// The candidates, ascending (for the trail, and the state dumps that compare rollbacks).
    var members: [Symbol] {
        var found: [Symbol] = []
        found.reserveCapacity(candidateCount)
        for symbol in candidateHeap.items where isMember(symbol) { found.append(symbol) }
        found.sort()
        // A rolled-back member added again stands in the heap twice.
        var kept = 0
        for symbol in found where kept == 0 || found[kept - 1] != symbol {
            found[kept] = symbol
            kept += 1
        }
        found.removeLast(found.count - kept)
        return found
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
        case .candidatesAdded(let count):
            // They stay in the heap until they reach the top: only the marks say who is a member.
            for symbol in trail.popCandidates(Int(count)).reversed() {
                isCandidate[Int(symbol)] = false
                candidateCount -= 1
            }
        case .candidatesDropped(let count):
            for symbol in trail.popCandidates(Int(count)).reversed() {
                isCandidate[Int(symbol)] = true
                candidateCount += 1
                candidateHeap.push(symbol)
            }
        case .candidates:
            // Cleared from empty marks: every symbol it held is back.
            for symbol in trail.popList() {
                isCandidate[Int(symbol)] = true
                candidateCount += 1
                candidateHeap.push(symbol)
            }
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

extension Objectives: CustomReflectable {
    /// The state as undo restores it: the candidates as a set, not the heap's layout (a
    /// rollback takes members back by their marks and may leave them in the heap).
    var customMirror: Mirror {
        Mirror(self, children: ["levels": levels, "artificial": artificial, "artificialCandidates": artificialCandidates,
                                "candidates": members, "isCandidate": isCandidate], displayStyle: .struct)
    }
}
