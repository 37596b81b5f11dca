/// Other optimal solutions: points of the optimal face where ambiguous values differ from the
/// solver's and nothing else does, as `exerciseAmbiguityInLayout` shows them. Computed on
/// demand; the solver's own solution does not move.
extension Solver {
    /// How far a freely moving user variable is moved, in points, and how far along a ray of the
    /// face (where an objective grows without end) the other optima go.
    public static let exerciseStep = 20.0

    /// Up to two other optimal solutions, each as the new values of the variables that differ
    /// from the current solution (by id). Deterministic: the same solver state gives the same
    /// answers, so a caller can step through them and come back.
    ///
    /// The first maximizes a fixed pseudo-random linear objective over the part of the face the
    /// free symbols span (reaching a vertex, or going `exerciseStep` along a ray) and moves every
    /// free user variable up by `exerciseStep`; the second maximizes the opposite objective and
    /// moves them down. Solutions that change nothing are left out (then the face is one point).
    ///
    /// On a face of more than `faceLimit` rows the simplex stops after `faceLimit` pivots (see
    /// `FaceProgram.maximize`): another vertex, not the farthest, found in time linear in the
    /// face (each pivot costs a pass over the long rows; thousands of them made it quadratic).
    public func otherOptima(faceLimit: Int = .max) -> [[(variable: Variable, value: Double)]] {
        settle()
        tableau.refreshAmbiguity()
        var externals: [Symbol] = []
        var freeSymbols: [Symbol] = []
        for index in tableau.kinds.indices where !tableau.slotOfBasic[index].exists {
            let symbol = Symbol(index)
            if tableau.kinds[index] == .external { externals.append(symbol) } else if tableau.isFreeOnFace(symbol) {
                freeSymbols.append(symbol)
            }
        }
        let program = FaceProgram(&tableau, seeds: freeSymbols, boundsAsRows: true)
        var weights: [Symbol: Double] = [:]
        // Weights of both signs, so that the two solutions pull the free symbols apart.
        for symbol in program.freeSymbols { weights[symbol] = DirectionCone.sample(symbol, round: 11) - 1 }
        var results: [[(variable: Variable, value: Double)]] = []
        for sign in [1.0, -1.0] {
            let extreme = program.maximize(weights.mapValues { sign * $0 },
                                           pivotLimit: program.rowCount > faceLimit ? faceLimit : .max)
            var step: [Symbol: Double] = [:]
            for (symbol, value) in extreme.point where !tableau.isBasic(symbol) { step[symbol] = value }
            if let ray = extreme.ray {
                for (symbol, change) in ray where !tableau.isBasic(symbol) {
                    step[symbol, default: 0] += Solver.exerciseStep * change
                }
            }
            for symbol in externals { step[symbol] = sign * Solver.exerciseStep }
            let moved = moves(along: step.filter { !Tolerance.isZero($0.value) })
            if moved.isEmpty { continue }
            results.append(moved.map { ($0.variable, value(of: $0.variable) + $0.change) })
        }
        return results
    }
}
