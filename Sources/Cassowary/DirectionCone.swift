/// The directions in which the free symbols of one group of degenerate rows can move from the
/// current optimal vertex without leaving the optimal face, reduced to what decides ambiguity:
/// which free symbols are boxed in, and the linear equalities those directions must obey.
struct DirectionCone {
    /// Free symbols that occur in some degenerate row, in a dense numbering.
    private var constrainedIndex: [Symbol: Int] = [:]
    /// Those symbols, in their dense order.
    private(set) var symbols: [Symbol] = []
    /// A basis (in echelon form) of the equalities every allowed direction satisfies.
    private var equalities: [(pivot: Int, vector: [Double])] = []
    /// Every direction is zero (the one-row case, where no echelon form is needed).
    private var fixesEverything = false

    /// The cone of one group of degenerate rows, each given by its free symbols and their
    /// coefficients.
    init(rows: [[(symbol: Symbol, coefficient: Double)]]) {
        var degenerate: [[(Int, Double)]] = []
        // A row that is another one scaled by a positive factor is the same inequality. Dropped
        // here, because the auxiliary problem below grows with every row: 200 copies of
        // `a.width >= 10` took minutes.
        var seen = Set<RowKey>()
        for row in rows {
            var entries: [(Int, Double)] = []
            for (symbol, coefficient) in row {
                let dense: Int
                if let known = constrainedIndex[symbol] {
                    dense = known
                } else {
                    dense = constrainedIndex.count
                    constrainedIndex[symbol] = dense
                    symbols.append(symbol)
                }
                entries.append((dense, coefficient))
            }
            if seen.insert(RowKey(entries)).inserted { degenerate.append(entries) }
        }
        if degenerate.isEmpty { return }
        if degenerate.count == 1 {
            // One row r = Σ a_j·d_j ≥ 0 over d ≥ 0: a positive coefficient loosens everything;
            // with none, r ≥ 0 pins every d_j at 0.
            fixesEverything = degenerate[0].allSatisfy { $0.1 < 0 }
            return
        }
        let dimension = constrainedIndex.count

        // Maximize Σ t over: d_j ≥ t_j, (row_i · d) ≥ t_i, 0 ≤ t ≤ 1. By scaling, every
        // inequality that some direction loosens reaches t = 1 at once; the rest (t = 0) are the
        // implicit equalities.
        let auxiliary = Solver()
        let direction = (0..<dimension).map { _ in auxiliary.makeVariable() }
        let measured = (0..<dimension).map { [($0, 1.0)] } + degenerate
        var measures: [(t: Variable, vector: [Double])] = []
        // Every required constraint first, while the solution is all zero: each holds there,
        // its row's constant is exactly 0, and no insertion can call it unsatisfiable. Added
        // after the objectives moved the solution, rounding in the insertion's phase one could
        // (a crash on 0.333333 next to 99 and 1e-2).
        for entries in measured {
            let t = auxiliary.makeVariable()
            var terms = entries.map { Term(direction[$0.0], $0.1) }
            terms.append(Term(t, -1))
            try! auxiliary.addConstraint(Expression(terms), .greaterThanOrEqual, .required)
            try! auxiliary.addConstraint(Expression([Term(t)]), .greaterThanOrEqual, .required)
            try! auxiliary.addConstraint(Expression([Term(t)], constant: -1), .lessThanOrEqual, .required)
            var vector = [Double](repeating: 0, count: dimension)
            for (index, coefficient) in entries { vector[index] += coefficient }
            measures.append((t, vector))
        }
        for measure in measures {
            try! auxiliary.addConstraint(Expression([Term(measure.t)], constant: -1), .equal, .optional(1))
        }
        let implicit = measures.filter { auxiliary.value(of: $0.t) < 0.5 }.map(\.vector)
        for vector in implicit { insertEquality(vector) }
    }

    /// A row up to a positive factor: its entries in symbol order, scaled so the largest
    /// magnitude is 1.
    private struct RowKey: Hashable {
        var symbols: [Int]
        var coefficients: [Double]
        init(_ entries: [(Int, Double)]) {
            let sorted = entries.sorted { $0.0 < $1.0 }
            let scale = sorted.map { abs($0.1) }.max() ?? 1
            symbols = sorted.map(\.0)
            coefficients = sorted.map { scale > 0 ? $0.1 / scale : $0.1 }
        }
    }

    private mutating func insertEquality(_ vector: [Double]) {
        var reduced = reduce(vector)
        guard let pivot = reduced.indices.max(by: { abs(reduced[$0]) < abs(reduced[$1]) }),
              abs(reduced[pivot]) > Tolerance.independentDirection else { return }
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

    /// Pseudo-random steps for an unconstrained free symbol in both rounds.
    static func sample(_ symbol: Symbol) -> SIMD2<Double> {
        SIMD2(sample(symbol, round: 0), sample(symbol, round: 1))
    }

    /// A pseudo-random step in [0.5, 1.5) for an unconstrained free symbol, the same on every
    /// call (determinism), different per symbol and round.
    static func sample(_ symbol: Symbol, round: Int) -> Double {
        var z = UInt64(UInt32(bitPattern: symbol)) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(round + 1) &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 0.5 + Double(z >> 11) / Double(1 << 53)
    }

    /// The steps of `symbols` along two sampled directions of the face's span: random values
    /// for the symbols that are not pivots of the equalities, and the pivots solved so that
    /// every equality holds (later equalities first: each is zero at the pivots of earlier ones).
    func sampleSteps() -> [SIMD2<Double>] {
        var direction = [SIMD2<Double>](repeating: .zero, count: symbols.count)
        if fixesEverything { return direction }
        var isPivot = [Bool](repeating: false, count: symbols.count)
        for equality in equalities { isPivot[equality.pivot] = true }
        for index in direction.indices where !isPivot[index] {
            direction[index] = SIMD2(DirectionCone.sample(symbols[index], round: 7), DirectionCone.sample(symbols[index], round: 8))
        }
        for (pivot, vector) in equalities.reversed() {
            var sum = SIMD2<Double>.zero
            for index in vector.indices where index != pivot { sum += vector[index] * direction[index] }
            direction[pivot] = -sum
        }
        return direction
    }
}
