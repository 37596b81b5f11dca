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
/// those equalities.
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

        var dependence = [Row?](repeating: nil, count: count)
        var merger = RowMerger()
        for symbol in order.reversed() {
            let row = t.rows[Int(t.slotOfBasic[Int(symbol)])]
            var own: Row?
            for (index, other) in row.symbols.enumerated() {
                let coefficient = row.coefficients[index]
                if t.isBasicExternal(other) {
                    if let inner = dependence[Int(other)] {
                        if own == nil { own = Row() }
                        merger.add(inner, times: coefficient, to: &own!)
                    }
                } else if t.kinds[Int(other)] == .external || isFree[Int(other)] {
                    // Nonbasic user variables move freely in both directions and sit in no
                    // restricted row; free slacks and errors move as the cone allows.
                    if own == nil { own = Row() }
                    own!.add(other, coefficient)
                }
            }
            if let own, !own.isEmpty { dependence[Int(symbol)] = own }
        }
        var ambiguous: [Variable] = []
        for symbol in 0..<count where t.kinds[symbol] == .external {
            if !t.isBasic(Symbol(symbol)) {
                ambiguous.append(Variable(id: symbol))
            } else if let own = dependence[symbol],
                      cone.allowsChange(along: zip(own.symbols, own.coefficients).map { ($0, $1) }) {
                ambiguous.append(Variable(id: symbol))
            }
        }
        return ambiguous
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

    /// Whether some allowed direction changes `Σ coefficient × symbol`.
    func allowsChange(along dependence: [(Symbol, Double)]) -> Bool {
        var vector = [Double](repeating: 0, count: constrainedIndex.count)
        for (symbol, coefficient) in dependence {
            // A free symbol in no degenerate row can grow on its own.
            guard let index = constrainedIndex[symbol] else { return true }
            vector[index] += coefficient
        }
        return reduce(vector).contains { abs($0) > DirectionCone.tolerance }
    }
}
