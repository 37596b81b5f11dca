// The simplexes that take a large face's rows of one symbol as bounds (FaceProgram+Bounds.swift)
// against the plain simplex over the same rows: on random squeezed chains of more views than
// `FaceProgram.boundsFromRows`, every objective an explanation asks for reaches the same
// optimum both ways (or grows without end both ways).

@testable import Cassowary
import TestSupport
import Testing

@Suite(.tags(.slow), .skippedInFastTier) struct BoundedFaceTests {
    /// A squeezed chain: positions `x[i+1] = x[i] + w[i] + gap`, each width between a random
    /// minimum and (sometimes) a maximum, a preferred width at a weak strength, the last edge
    /// within a total that leaves the widths too little room; and a few couplings between
    /// widths at a middle strength, which give the face rows of more than one symbol besides
    /// the long one.
    static func squeezedChain(_ rng: inout SplitMix64) -> (Solver, [Variable]) {
        let solver = Solver()
        let count = 70 + rng.below(60)
        let x = (0...count).map { _ in solver.makeVariable() }
        let w = (0..<count).map { _ in solver.makeVariable() }
        var minimum = 0.0
        _ = try? solver.addConstraint(Expression([Term(x[0])]), .equal, .required)
        for i in 0..<count {
            let gap = Double(rng.below(3) * 4)
            _ = try? solver.addConstraint(Expression([Term(x[i + 1]), Term(x[i], -1), Term(w[i], -1)], constant: -gap), .equal, .required)
            let low = Double(10 + rng.below(20))
            minimum += low + gap
            _ = try? solver.addConstraint(Expression([Term(w[i])], constant: -low), .greaterThanOrEqual, .required)
            if rng.chance(30) {
                _ = try? solver.addConstraint(Expression([Term(w[i])], constant: -(low + Double(rng.below(60)))), .lessThanOrEqual, .required)
            }
            let preferred = low + Double(20 + rng.below(80))
            _ = try? solver.addConstraint(Expression([Term(w[i])], constant: -preferred), .equal, .optional(rng.chance(90) ? 1 : 250))
        }
        for _ in 0..<rng.below(6) {
            let a = rng.below(count), b = rng.below(count)
            guard a != b else { continue }
            _ = try? solver.addConstraint(Expression([Term(w[a]), Term(w[b], -1)]), rng.pick([.equal, .greaterThanOrEqual]), .optional(500))
        }
        let total = minimum + Double(rng.below(Int(minimum) / 2 + 1))
        _ = try? solver.addConstraint(Expression([Term(x[count])], constant: -total), .lessThanOrEqual, .required)
        return (solver, x + w)
    }

    @Test func boundedAndDualSimplexesReachThePlainOptimum() {
        var rng = SplitMix64(seed: 0x0B0D_F11B)
        var compared = 0, bounded = 0
        for _ in 0..<40 {
            let (solver, variables) = Self.squeezedChain(&rng)
            for _ in 0..<6 {
                let variable = rng.pick(variables)
                guard case .face(let seeds, let coefficients) = solver.tableau.faceDependence(of: Symbol(variable.id)),
                      !seeds.isEmpty else { continue }
                let program = FaceProgram(&solver.tableau, seeds: seeds)
                if !program.boundRows.isEmpty { bounded += 1 }
                for sign in [1.0, -1.0] {
                    var weights: [Symbol: Double] = [:]
                    for (symbol, coefficient) in zip(seeds, coefficients) { weights[symbol, default: 0] += sign * coefficient }
                    let fast = program.maximize(weights)
                    let plain = program.maximize(weights, usingBounds: false)
                    #expect((fast.ray == nil) == (plain.ray == nil), "a ray one way only, for \(variable)")
                    guard fast.ray == nil, plain.ray == nil else { continue }
                    let value = { (extreme: FaceProgram.Extreme) in weights.reduce(0) { $0 + $1.value * (extreme.point[$1.key] ?? 0) } }
                    let (a, b) = (value(fast), value(plain))
                    #expect(abs(a - b) <= 1e-6 * max(1, abs(b)), "optimum \(a) with bounds, \(b) without, for \(variable)")
                    compared += 1
                }
            }
        }
        // The cases must reach the code under test, not only small faces.
        #expect(bounded > 50 && compared > 200, "\(bounded) programs with bounds, \(compared) optima compared")
    }

    /// The one pass that decides which values move on a large part of the face
    /// (LargeFaces.swift) against the expansion of each value's definition: a value the pass
    /// puts on a large face is on one by its expansion too, and on these chains, where nearly
    /// every value moves with the long row, the pass decides most of them.
    @Test func theOnePassAgreesWithEachExpansion() {
        var rng = SplitMix64(seed: 0x1A_46E5)
        var decidedByPass = 0, largeByExpansion = 0
        for _ in 0..<12 {
            let (solver, variables) = Self.squeezedChain(&rng)
            for limit in [8, 64] {
                let moves = solver.tableau.largeFaceMoves(limit: limit)
                for variable in variables where solver.isAmbiguous(variable) {
                    var large = false
                    if case .face(let seeds, _) = solver.tableau.faceDependence(of: Symbol(variable.id)) {
                        large = FaceProgram.isLarger(than: limit, from: seeds, in: &solver.tableau)
                    }
                    if large { largeByExpansion += 1 }
                    if moves.movesOnLargeFace(Symbol(variable.id)) {
                        decidedByPass += 1
                        #expect(large, "\(variable) on a large face by the pass, not by its expansion (limit \(limit))")
                    }
                }
            }
        }
        #expect(decidedByPass > largeByExpansion * 9 / 10, "\(decidedByPass) of \(largeByExpansion) decided by the pass")
    }
}
