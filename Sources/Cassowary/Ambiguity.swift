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
/// in one pass (see `ambiguousVariables`), so the cost stays linear in the size of the tableau.
extension Solver {
    public func ambiguousVariables() -> [Variable] {
        let count = tableau.kinds.count
        // Definitions are walked after the ones they refer to, so each dependence is computed
        // once from those of its references.
        let order = tableau.allDefinitionsOrdered()
        // A local copy: the loops below then read plain arrays instead of going through the
        // solver object on every access.
        let t = tableau
        var isFree = [Bool](repeating: false, count: count)
        for symbol in 0..<count {
            guard t.kinds[symbol].isRestricted, t.slotOfBasic[symbol] < 0, !t.columns[symbol].isEmpty else { continue }
            isFree[symbol] = !t.hasReducedCost(Symbol(symbol))
        }
        let cone = DirectionCone(tableau: t, isFree: isFree)

        // Whether a variable is fixed on the optimal face is whether its dependence on the free
        // symbols vanishes on every direction the face allows. Writing the dependences out costs
        // N² on a chain (each edge depends on every earlier width), so instead the dependence is
        // evaluated on sampled directions of that space, through the definitions in one pass,
        // the way values are: a nonzero dependence vanishes on a sampled direction only by
        // coincidence, so two samples that both vanish mean fixed.
        var ambiguous = [Bool](repeating: false, count: count)
        var along = [Double](repeating: 0, count: count)
        var magnitude = [Double](repeating: 0, count: count)
        for round in 0..<DirectionCone.samples {
            let constrained = cone.sampleDirection(round: round)
            @inline(__always) func step(_ symbol: Int) -> Double {
                if t.kinds[symbol] == .external { return DirectionCone.sample(Symbol(symbol), round: round) }
                guard isFree[symbol] else { return 0 }
                return cone.index(of: Symbol(symbol)).map { constrained[$0] }
                    ?? DirectionCone.sample(Symbol(symbol), round: round)
            }
            for symbol in order.reversed() {
                let row = t.rows[Int(t.slotOfBasic[Int(symbol)])]
                var total = 0.0, size = 0.0
                for (index, other) in row.symbols.enumerated() {
                    let coefficient = row.coefficients[index]
                    if t.isBasicExternal(other) {
                        total += coefficient * along[Int(other)]
                        size += abs(coefficient) * magnitude[Int(other)]
                    } else {
                        let move = step(Int(other))
                        total += coefficient * move
                        size += abs(coefficient * move)
                    }
                }
                along[Int(symbol)] = total
                magnitude[Int(symbol)] = size
                // Rounding in a long chain of definitions stays far below this relative bound.
                if abs(total) > 1e-9 * size { ambiguous[Int(symbol)] = true }
            }
        }
        var result: [Variable] = []
        for symbol in 0..<count where t.kinds[symbol] == .external {
            if !t.isBasic(Symbol(symbol)) || ambiguous[symbol] { result.append(Variable(id: symbol)) }
        }
        return result
    }
}

/// The directions in which the free symbols can move from the current optimal vertex without
/// leaving the optimal face, reduced to what decides ambiguity: which free symbols are boxed in
/// by degenerate rows, and the linear equalities those directions must obey.
struct DirectionCone {
    /// Free symbols that occur in some degenerate row, in a dense numbering.
    private var constrainedIndex: [Symbol: Int] = [:]
    /// A basis (in echelon form) of the equalities every allowed direction satisfies.
    private var equalities: [(pivot: Int, vector: [Double])] = []

    init(tableau: Tableau, isFree: [Bool]) {
        var degenerate: [[(Int, Double)]] = []
        for slot in tableau.rows.indices {
            let basic = tableau.basics[slot]
            guard basic != noSymbol, tableau.kinds[Int(basic)].isRestricted else { continue }
            let row = tableau.rows[slot]
            guard nearZero(row.constant) else { continue }
            var entries: [(Int, Double)] = []
            for (index, symbol) in row.symbols.enumerated() where isFree[Int(symbol)] {
                let dense: Int
                if let known = constrainedIndex[symbol] {
                    dense = known
                } else {
                    dense = constrainedIndex.count
                    constrainedIndex[symbol] = dense
                }
                entries.append((dense, row.coefficients[index]))
            }
            if !entries.isEmpty { degenerate.append(entries) }
        }
        if degenerate.isEmpty { return }
        let dimension = constrainedIndex.count

        // Maximize Σ t over: d_j ≥ t_j, (row_i · d) ≥ t_i, 0 ≤ t ≤ 1. By scaling, every
        // inequality that some direction loosens reaches t = 1 at once; the rest (t = 0) are the
        // implicit equalities.
        let auxiliary = Solver()
        let direction = (0..<dimension).map { _ in auxiliary.makeVariable() }
        var implicit: [[Double]] = []
        var measures: [(Variable, [Double])] = []
        func addMeasured(_ entries: [(Int, Double)]) {
            let t = auxiliary.makeVariable()
            var terms = entries.map { Term(direction[$0.0], $0.1) }
            terms.append(Term(t, -1))
            try! auxiliary.addConstraint(Expression(terms), .greaterThanOrEqual, .required)
            try! auxiliary.addConstraint(Expression([Term(t)]), .greaterThanOrEqual, .required)
            try! auxiliary.addConstraint(Expression([Term(t)], constant: -1), .lessThanOrEqual, .required)
            try! auxiliary.addConstraint(Expression([Term(t)], constant: -1), .equal, .optional(1))
            var vector = [Double](repeating: 0, count: dimension)
            for (index, coefficient) in entries { vector[index] += coefficient }
            measures.append((t, vector))
        }
        for index in 0..<dimension { addMeasured([(index, 1)]) }
        for entries in degenerate { addMeasured(entries) }
        for (t, vector) in measures where auxiliary.value(of: t) < 0.5 { implicit.append(vector) }
        for vector in implicit { insertEquality(vector) }
    }

    private mutating func insertEquality(_ vector: [Double]) {
        var reduced = reduce(vector)
        guard let pivot = reduced.indices.max(by: { abs(reduced[$0]) < abs(reduced[$1]) }),
              abs(reduced[pivot]) > DirectionCone.tolerance else { return }
        let scale = reduced[pivot]
        for index in reduced.indices { reduced[index] /= scale }
        equalities.append((pivot, reduced))
    }

    private func reduce(_ vector: [Double]) -> [Double] {
        var result = vector
        for (pivot, basis) in equalities where result[pivot] != 0 {
            let factor = result[pivot]
            for index in result.indices { result[index] -= factor * basis[index] }
        }
        return result
    }

    private static let tolerance = 1.0e-7

    /// How many sampled directions decide each variable.
    static let samples = 2

    /// The dense index of a free symbol that occurs in a degenerate row.
    func index(of symbol: Symbol) -> Int? { constrainedIndex[symbol] }

    /// A pseudo-random step in [0.5, 1.5) for an unconstrained free symbol, the same on every
    /// call (determinism), different per symbol and round.
    static func sample(_ symbol: Symbol, round: Int) -> Double {
        var z = UInt64(UInt32(bitPattern: symbol)) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(round + 1) &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 0.5 + Double(z >> 11) / Double(1 << 53)
    }

    /// A direction of the face's span over the constrained symbols: random values for the
    /// symbols that are not pivots of the equalities, and the pivots solved so that every
    /// equality holds (later equalities first: each is zero at the pivots of earlier ones).
    func sampleDirection(round: Int) -> [Double] {
        var direction = [Double](repeating: 0, count: constrainedIndex.count)
        var isPivot = [Bool](repeating: false, count: constrainedIndex.count)
        for equality in equalities { isPivot[equality.pivot] = true }
        for index in direction.indices where !isPivot[index] {
            direction[index] = DirectionCone.sample(Symbol(index), round: round + 7)
        }
        for (pivot, vector) in equalities.reversed() {
            var sum = 0.0
            for index in vector.indices where index != pivot { sum += vector[index] * direction[index] }
            direction[pivot] = -sum
        }
        return direction
    }
}
