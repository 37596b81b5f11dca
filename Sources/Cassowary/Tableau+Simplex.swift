/// The primal and dual simplex iterations over a `Tableau`.
///
/// Entering symbols follow Bland's rule (the lowest id that improves), and ties in every ratio test
/// go to the lowest basic id; over the lexicographic objective this cannot cycle.
extension Tableau {
    /// The lowest-id symbol with a lexicographically negative reduced cost (Bland's rule). Only
    /// symbols whose objective coefficients changed since the last optimum can qualify, so only
    /// those are examined; the rest are dropped from the list.
    mutating func lexicographicEnteringSymbol() -> Symbol {
        objectives.lowestImprovingCandidate(kinds: kinds, trail: &trail)
    }

    /// The lowest-id restricted symbol with a negative coefficient in the phase-one objective.
    /// Candidates that do not qualify leave the heap; they return if their coefficient changes.
    mutating func artificialEnteringSymbol() -> Symbol {
        // Once the artificial variable has left the basis it is nonbasic, at zero: the minimum.
        let artificial = objectives.artificial
        guard artificial != noSymbol, isBasic(artificial) else { return noSymbol }
        let row = self.row(of: artificial)
        while let symbol = objectives.artificialCandidates.min {
            if kinds[Int(symbol)].isRestricted && Tolerance.isNegative(row.coefficient(of: symbol)) { return symbol }
            objectives.artificialCandidates.popMin()
        }
        return noSymbol
    }

    /// The basic restricted symbol that first hits zero as `entering` grows.
    mutating func leavingSymbol(for entering: Symbol) -> Symbol {
        compactColumn(entering)
        var best = noSymbol
        var bestRatio = Double.infinity
        for slot in columns.slots(of: entering) {
            let basic = basics[slot.index]
            guard kinds[Int(basic)].isRestricted else { continue }
            let row = rows[slot.index]
            let coefficient = row.coefficient(of: entering)
            guard Tolerance.isNegative(coefficient) else { continue }
            let ratio = -row.constant / coefficient
            if ratio < bestRatio - Tolerance.zero || (ratio < bestRatio + Tolerance.zero && basic < best) {
                if ratio < bestRatio { bestRatio = ratio }
                best = basic
            }
        }
        return best
    }

    /// Primal simplex on the strength objectives until no strength can improve.
    mutating func optimize() {
        if !objectives.hasCandidates { return }
        defer { objectives.clearCandidates(trail: &trail) }
        primalSimplex(phaseOne: false)
    }

    /// Primal simplex on the phase-one objective.
    mutating func optimizeArtificial() {
        primalSimplex(phaseOne: true)
    }

    private mutating func primalSimplex(phaseOne: Bool) {
        while true {
            let entering = phaseOne ? artificialEnteringSymbol() : lexicographicEnteringSymbol()
            if entering == noSymbol { return }
            let leaving = leavingSymbol(for: entering)
            // Both objectives are bounded below by zero, so an unbounded ray can only be
            // rounding noise; stopping is the safe answer.
            if leaving == noSymbol { return }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality. Returns
    /// the basic symbol of a row that no pivot can repair (a proof of infeasibility), or
    /// `noSymbol` on success.
    ///
    /// Candidates whose reduced cost is zero at every strength tie at the smallest dual ratio,
    /// and one of them may hit its own bound long before it repairs the leaving row: a width of a
    /// squeezed chain reaching 20 while the container edge still needs more. The plain dual
    /// simplex would pivot it into the leaving row (a long one: the edge over the whole chain)
    /// and then repair the bound it broke with another pivot over that long row, one breakpoint
    /// at a time. Instead such a candidate crosses its breakpoint on the row of that bound (a
    /// bound flip, as in a bounded dual simplex with a long-step ratio test): a primal pivot on
    /// a short row, which leaves every reduced cost as it was (the entering cost is zero), keeps
    /// every row it does not name feasible and only brings the leaving row closer to zero. The
    /// one candidate that can repair the row within its bound then pivots into it, as before.
    /// Only long rows (`longRowLength`) take this path.
    mutating func dualOptimize() -> Symbol {
        while let leaving = popInfeasible() {
            let slot = slotOfBasic[Int(leaving)]
            guard slot.exists else { continue }
            let constant = rows[slot.index].constant
            if kinds[Int(leaving)] == .dummy {
                // Rows of basic dummies hold only dummies: nothing can pivot a contradiction away.
                if Tolerance.isZero(constant) { continue }
                clearInfeasible()
                return leaving
            }
            guard Tolerance.isNegative(constant) else { continue }
            var entering = dualEnteringSymbol(slot)
            if entering == noSymbol {
                clearInfeasible()
                return leaving
            }
            if reachesBoundFirst(entering, repairing: slot) {
                entering = crossBreakpoints(of: leaving, flatCandidates(slot))
                if entering == noSymbol {
                    // Flips alone repaired the row, or used up the candidates found: look again.
                    noteInfeasible(leaving)
                    continue
                }
            }
            pivot(entering: entering, leaving: leaving)
        }
        return noSymbol
    }

    /// The dual simplex's entering symbol for the infeasible row in `slot`: the smallest dual
    /// ratio, then the fewest rows, then the lowest id.
    private func dualEnteringSymbol(_ slot: Slot) -> Symbol {
        var entering = noSymbol, enteringCoefficient = 0.0
        let row = rows[slot.index]
        for index in row.liveRange {
            let coefficient = row.storedCoefficients[index]
            let symbol = row.storedSymbols[index]
            guard Tolerance.isPositive(coefficient), kinds[Int(symbol)].isRestricted else { continue }
            if entering == noSymbol {
                entering = symbol; enteringCoefficient = coefficient
                continue
            }
            // Among equally good entering symbols the one in the fewest rows: the pivot then
            // touches the fewest rows, which matters when one long row (a container edge over
            // a chain of views) is being repaired one symbol at a time. Otherwise the earlier
            // (lower id) candidate keeps its place.
            let order = objectives.compareDualRatios(symbol, coefficient, entering, enteringCoefficient)
            if order < 0 || (order == 0 && columns.count(of: symbol) < columns.count(of: entering)) {
                entering = symbol; enteringCoefficient = coefficient
            }
        }
        return entering
    }

    /// Whether the dual simplex's `entering` symbol, flat (zero reduced cost at every strength)
    /// in a long row, would break a bound of its own before it repairs the row in `slot`: then
    /// bound flips pay (see `dualOptimize`).
    private mutating func reachesBoundFirst(_ entering: Symbol, repairing slot: Slot) -> Bool {
        guard rows[slot.index].count >= longRowLength, !objectives.hasReducedCost(entering) else { return false }
        let needed = -rows[slot.index].constant / rows[slot.index].coefficient(of: entering)
        let bound = boundingRow(of: entering, excluding: basics[slot.index])
        return bound.basic != noSymbol && Tolerance.isNegative(bound.distance - needed)
    }

    /// The flat candidates of the infeasible row in `slot` (positive coefficient, restricted,
    /// zero reduced cost at every strength) in the dual simplex's order among ties: the fewest
    /// rows, then the lowest id.
    private func flatCandidates(_ slot: Slot) -> [Symbol] {
        let row = rows[slot.index]
        var flat: [Symbol] = []
        for index in row.liveRange where Tolerance.isPositive(row.storedCoefficients[index]) {
            let symbol = row.storedSymbols[index]
            if kinds[Int(symbol)].isRestricted && !objectives.hasReducedCost(symbol) { flat.append(symbol) }
        }
        // The row is in id order, so this sort by row count keeps ids ascending among equals.
        let columns = self.columns
        flat.sort { columns.count(of: $0) < columns.count(of: $1) || (columns.count(of: $0) == columns.count(of: $1) && $0 < $1) }
        return flat
    }

    /// Walks the flat candidates of the infeasible row of `leaving` in order and flips each one
    /// that reaches a bound before it repairs the row (see `dualOptimize`). Returns the first
    /// candidate that repairs the row within its bounds, to be pivoted into it, or `noSymbol`
    /// when flips alone made the row feasible or the candidates ran out.
    ///
    /// Every flat candidate has the smallest dual ratio (zero), so the order is only a choice
    /// among equal optima: a flip that changes another candidate's coefficient in the row, or
    /// makes a new one, needs no new search (coefficients are read as they are reached; new
    /// candidates are found when the list runs out).
    ///
    /// - Complexity: per flip, a merge of a short row into the rows holding the candidate (a few
    ///   binary searches each), instead of a pivot that merges the long leaving row into them.
    private mutating func crossBreakpoints(of leaving: Symbol, _ flat: [Symbol]) -> Symbol {
        let slot = slotOfBasic[Int(leaving)]
        keptPlaces = []
        defer {
            for kept in keptPlaces! where basics[kept.index] != noSymbol {
                willRewriteRow(kept)
                rows[kept.index].dropZeros()
            }
            keptPlaces = nil
        }
        for candidate in flat {
            let coefficient = rows[slot.index].coefficient(of: candidate)
            guard Tolerance.isPositive(coefficient) else { continue }
            let needed = -rows[slot.index].constant / coefficient
            let bound = boundingRow(of: candidate, excluding: leaving)
            guard bound.basic != noSymbol, Tolerance.isNegative(bound.distance - needed) else { return candidate }
            pivot(entering: candidate, leaving: bound.basic)
            shortcutsTaken.breakpointFlips += 1
            if !Tolerance.isNegative(rows[slot.index].constant) { return noSymbol }
        }
        return noSymbol
    }

    /// The feasible restricted row, other than the row of `excluded`, that stops `symbol` soonest
    /// as it grows from zero, and how far `symbol` can grow before it does (ties go to the lowest
    /// basic id). No row when a row that `symbol` would push further down is infeasible already.
    private mutating func boundingRow(of symbol: Symbol, excluding excluded: Symbol) -> (basic: Symbol, distance: Double) {
        compactColumn(symbol)
        var best = noSymbol
        var bestDistance = Double.infinity
        for slot in columns.slots(of: symbol) {
            let basic = basics[slot.index]
            guard basic != excluded, kinds[Int(basic)].isRestricted else { continue }
            let row = rows[slot.index]
            let coefficient = row.coefficient(of: symbol)
            guard Tolerance.isNegative(coefficient) else { continue }
            if row.constant < 0 { return (noSymbol, 0) }
            let distance = -row.constant / coefficient
            if distance < bestDistance || (distance == bestDistance && basic < best) {
                bestDistance = distance
                best = basic
            }
        }
        return (best, bestDistance)
    }

    /// The row through which a nonbasic constraint marker can leave, as Cassowary's removal
    /// needs: first the restricted row it limits soonest, then the restricted row it relaxes
    /// least, then any unrestricted row.
    ///
    /// Before all of these comes the row of a basic dummy: such a row says that a redundant
    /// required equality repeats this one, so that equality takes over the marker's role and
    /// the rows of basic dummies keep holding dummies only.
    ///
    /// A user variable's definition may refer to other definitions that hold the marker too; the
    /// one chosen must not, so that its own coefficient is the marker's whole weight in it.
    ///
    /// A marker found only with coefficients below the pivot tolerance has no row to leave by:
    /// the caller purges it, as it would a column rounding left behind.
    mutating func markerLeavingSymbol(_ marker: Symbol) -> Symbol {
        var first = noSymbol, second = noSymbol, twin = noSymbol
        var externals: [Symbol] = []
        compactColumn(marker)
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for slot in columns.slots(of: marker) {
            let basic = basics[slot.index]
            let row = rows[slot.index]
            let coefficient = row.coefficient(of: marker)
            // The same pivot tolerance as the ratio tests: rows keep coefficients that rounding
            // left of a cancellation that was not exact (5e-23 where the truth is 0), and a
            // pivot on one divides its row by it (values of 1e22). Never a pivot element.
            if Tolerance.isZero(coefficient) { continue }
            if kinds[Int(basic)] == .dummy {
                if twin == noSymbol || basic < twin { twin = basic }
            } else if kinds[Int(basic)] == .external {
                externals.append(basic)
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < first) {
                    firstRatio = ratio
                    first = basic
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < second) {
                    secondRatio = ratio
                    second = basic
                }
            }
        }
        if twin != noSymbol { return twin }
        if first != noSymbol { return first }
        if second != noSymbol { return second }
        externals.sort()
        if externals.count <= 1 { return externals.first ?? noSymbol }
        if externals.count == 2, row(of: externals[0]).count >= longRowLength || row(of: externals[1]).count >= longRowLength {
            // With a long definition, the shorter candidate is walked first and taken when it
            // reaches nothing, otherwise the longer one, which then reaches nothing (definitions
            // are acyclic): the long one is never read. Removing a chain's links and widths in
            // insertion order meets such pairs at every step, and the walk of the long one
            // (below) was O(N) per removal. Short pairs keep the order below, and with it the
            // tie between equal optima that the lessons show.
            let (a, b) = (externals[0], externals[1])
            let (shorter, longer) = row(of: b).count < row(of: a).count ? (b, a) : (a, b)
            return definitionReaches(from: shorter, anyOf: [longer]) ? longer : shorter
        }
        for candidate in externals where !definitionReaches(from: candidate, anyOf: externals) {
            return candidate
        }
        return externals[0]
    }
}
