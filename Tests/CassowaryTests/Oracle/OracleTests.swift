// Tests of the oracle itself. If the oracle were wrong, the differential property test could
// agree with a wrong solver (or blame a correct one), so the reference is checked on its own:
// hand-made systems with known answers, plus a brute-force cross-check on one-variable systems
// where the lexicographic optimum can be found by enumerating breakpoints.

import Testing
import TestSupport

/// Small builders so hand-made systems read like the math they encode.
private func r(_ v: Int64) -> Rational { Rational(integer: v) }
private func half(_ n: Int64) -> Rational { try! Rational(n, 2) }

private func con(_ coeffs: [Int: Int64], _ constant: Int64, _ rel: OracleRelation, _ strength: Double? = nil) -> OracleConstraint {
    OracleConstraint(coefficients: coeffs.mapValues { Rational(integer: $0) }, constant: r(constant),
                     relation: rel, strength: strength)
}

private func solved(_ system: OracleSystem, sourceLocation: SourceLocation = #_sourceLocation) -> OracleSolution? {
    switch Oracle.solve(system) {
    case .solved(let s): return s
    case .infeasible: Issue.record("unexpectedly infeasible", sourceLocation: sourceLocation)
    case .overflow: Issue.record("unexpected overflow", sourceLocation: sourceLocation)
    }
    return nil
}

private func optima(_ s: OracleSolution) -> [String] {
    s.levelOptima.map { "\($0.strength):\($0.optimum)" }
}

/// Exact rational arithmetic, overflow detection and Double conversion.
@Suite struct RationalTests {
    @Test func arithmeticIsExactAndNormalised() throws {
        let a = try Rational(6, -4)
        #expect(a.numerator == -3 && a.denominator == 2)
        let third = try Rational(1, 3)
        let sum = try third.adding(third).adding(third)
        #expect(sum == .one)
        #expect(try third.multiplied(by: r(3)) == .one)
        #expect(try r(1).divided(by: r(4)) == Rational(1, 4))
        #expect(try Rational.compare(Rational(1, 3), Rational(1, 2)) == -1)
        #expect(try Rational.compare(Rational(-1, 3), Rational(-1, 2)) == 1)
        #expect(try Rational.compare(Rational(2, 4), Rational(1, 2)) == 0)
        #expect(try half(1).subtracting(half(1)).isZero)
    }

    @Test func overflowIsDetectedNotWrapped() {
        let big = Rational(integer: Int64.max / 2 + 1)
        #expect(throws: RationalOverflow.self) { try big.adding(big) }
        #expect(throws: RationalOverflow.self) { try big.multiplied(by: r(2)) }
        #expect(throws: RationalOverflow.self) { try Rational(integer: .min).negated() }
        let tiny = try! Rational(1, Int64.max / 2 + 1)
        #expect(throws: RationalOverflow.self) { try tiny.multiplied(by: try Rational(1, 3)) }
        #expect(throws: RationalOverflow.self) { try r(1).divided(by: .zero) }
    }

    @Test func doubleConversionIsExact() {
        #expect(Rational(exactly: 2.5) == half(5))
        #expect(Rational(exactly: -3) == r(-3))
        #expect(Rational(exactly: 0.375) == (try! Rational(3, 8)))
        #expect(Rational(exactly: 0.1) == nil)   // not dyadic with a small denominator
        #expect(Rational(exactly: .infinity) == nil)
        #expect(half(3).doubleValue == 1.5)
    }
}

/// Hand-made systems with known lexicographic optima and ambiguous sets.
@Suite struct OracleHandMadeTests {
    @Test func requiredEqualityHasUniqueValue() {
        // x - 10 == 0
        guard let s = solved(OracleSystem(variableCount: 1, constraints: [con([0: 1], -10, .equal)])) else { return }
        #expect(s.ambiguous.isEmpty)
        #expect(s.uniqueValues[0] == r(10))
        #expect(s.levelOptima.isEmpty)
    }

    @Test func contradictoryRequiredIsInfeasible() {
        // x >= 10 and x <= 5
        let sys = OracleSystem(variableCount: 1, constraints: [con([0: 1], -10, .greaterThanOrEqual),
                                                               con([0: 1], -5, .lessThanOrEqual)])
        guard case .infeasible = Oracle.solve(sys) else { Issue.record("expected infeasible"); return }
        #expect(Oracle.isSatisfiable(sys.constraints, variableCount: 1) == false)
        #expect(Oracle.isSatisfiable([sys.constraints[0]], variableCount: 1) == true)
        // A constant-only constraint 0 == 3 is unsatisfiable on its own.
        #expect(Oracle.isSatisfiable([con([:], 3, .equal)], variableCount: 1) == false)
        #expect(Oracle.isSatisfiable([con([:], 0, .equal)], variableCount: 1) == true)
        // Optional constraints never make a system infeasible.
        #expect(Oracle.isSatisfiable([con([0: 1], -10, .greaterThanOrEqual, 5),
                                      con([0: 1], -5, .lessThanOrEqual)], variableCount: 1) == true)
    }

    @Test func equalStrengthDisagreementIsAmbiguousOverAnInterval() {
        // x == 100 @500 and x == 200 @500: any x in [100, 200] has total error 100 (dual degenerate).
        let sys = OracleSystem(variableCount: 1, constraints: [con([0: 1], -100, .equal, 500),
                                                               con([0: 1], -200, .equal, 500)])
        guard let s = solved(sys) else { return }
        #expect(s.ambiguous == [0])
        #expect(optima(s) == ["500.0:100"])
    }

    @Test func higherStrengthWins() {
        let sys = OracleSystem(variableCount: 1, constraints: [con([0: 1], -100, .equal, 500),
                                                               con([0: 1], -200, .equal, 501)])
        guard let s = solved(sys) else { return }
        #expect(s.ambiguous.isEmpty)
        #expect(s.uniqueValues[0] == r(200))
        #expect(optima(s) == ["501.0:0", "500.0:100"])
    }

    @Test func prioritiesAreLexicographicNotWeighted() {
        // Two 1-point violations at 250 must not outweigh one at 251 (a weighted sum would pick 0).
        let sys = OracleSystem(variableCount: 1, constraints: [con([0: 1], -1, .equal, 251),
                                                               con([0: 1], 0, .equal, 250),
                                                               con([0: 2], 0, .equal, 250)])
        guard let s = solved(sys) else { return }
        #expect(s.uniqueValues[0] == r(1))
        #expect(optima(s) == ["251.0:0", "250.0:3"])
        // The same with strengths less than 1 apart.
        let close = OracleSystem(variableCount: 1, constraints: [con([0: 1], -1, .equal, 250.5),
                                                                 con([0: 1], 0, .equal, 250),
                                                                 con([0: 1], 0, .equal, 250)])
        guard let c = solved(close) else { return }
        #expect(c.uniqueValues[0] == r(1))
        #expect(optima(c) == ["250.5:0", "250.0:2"])
    }

    @Test func unconstrainedVariablesAreAmbiguous() {
        // x + y == 10 required: both free along a line; x == 3 @1 pins both.
        var sys = OracleSystem(variableCount: 3, constraints: [con([0: 1, 1: 1], -10, .equal)])
        guard let s = solved(sys) else { return }
        #expect(s.ambiguous == [0, 1, 2])
        sys.constraints.append(con([0: 1], -3, .equal, 1))
        guard let t = solved(sys) else { return }
        #expect(t.ambiguous == [2])   // variable 2 is in no constraint
        #expect(t.uniqueValues[0] == r(3) && t.uniqueValues[1] == r(7))
    }

    @Test func optionalInequalityErrorsAreOneSided() {
        // x >= 5 @100 with x <= 3 required: x = 3, error 2.
        let sys = OracleSystem(variableCount: 1, constraints: [con([0: 1], -5, .greaterThanOrEqual, 100),
                                                               con([0: 1], -3, .lessThanOrEqual)])
        guard let s = solved(sys) else { return }
        #expect(s.uniqueValues[0] == r(3))
        #expect(optima(s) == ["100.0:2"])
        // A satisfied optional inequality leaves a half-line of optima: ambiguous.
        let loose = OracleSystem(variableCount: 1, constraints: [con([0: 1], -5, .greaterThanOrEqual, 100)])
        guard let l = solved(loose) else { return }
        #expect(l.ambiguous == [0])
        #expect(optima(l) == ["100.0:0"])
        // Conflicting optional inequalities of one strength: error 2 anywhere in [-2, 0].
        let gap = OracleSystem(variableCount: 1, constraints: [con([0: 1], 0, .greaterThanOrEqual, 10),
                                                               con([0: 1], 2, .lessThanOrEqual, 10)])
        guard let g = solved(gap) else { return }
        #expect(g.ambiguous == [0])
        #expect(optima(g) == ["10.0:2"])
    }

    @Test func halvesAndRedundantRowsAreExact() {
        // 2x - 1 == 0, x + y - 1 == 0, and a redundant copy 2x + 2y - 2 == 0 (phase 1 must drop it).
        let sys = OracleSystem(variableCount: 2, constraints: [con([0: 2], -1, .equal),
                                                               con([0: 1, 1: 1], -1, .equal),
                                                               con([0: 2, 1: 2], -2, .equal)])
        guard let s = solved(sys) else { return }
        #expect(s.ambiguous.isEmpty)
        #expect(s.uniqueValues[0] == half(1) && s.uniqueValues[1] == half(1))
    }

    @Test func chainedLevelsKeepEarlierOptima() {
        // Level 10 forces x = y; level 5 wants x = 4 and y = 6 (tie over [4, 6]); level 1 picks 5.
        let sys = OracleSystem(variableCount: 2, constraints: [
            con([0: 1, 1: -1], 0, .equal, 10),
            con([0: 1], -4, .equal, 5), con([1: 1], -6, .equal, 5),
            con([0: 1], -5, .equal, 1),
        ])
        guard let s = solved(sys) else { return }
        #expect(optima(s) == ["10.0:0", "5.0:2", "1.0:0"])
        #expect(s.ambiguous.isEmpty)
        #expect(s.uniqueValues[0] == r(5) && s.uniqueValues[1] == r(5))
    }

    @Test func lowerLevelCannotBuyBackHigherError() {
        // Required x >= 0; x <= -3 @ 20 (error 3 at best, at x = 0); x == 7 @10 must not move x.
        let sys = OracleSystem(variableCount: 1, constraints: [
            con([0: 1], 0, .greaterThanOrEqual),
            con([0: 1], 3, .lessThanOrEqual, 20),
            con([0: 1], -7, .equal, 10),
        ])
        guard let s = solved(sys) else { return }
        #expect(optima(s) == ["20.0:3", "10.0:7"])
        #expect(s.uniqueValues[0] == .zero)
    }
}

/// A tiny deterministic PRNG for the oracle's own randomized check (independent of the one the
/// solver property test uses, so the two tests explore different systems).
private struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Brute-force cross-check on one-variable systems: every level's error is convex piecewise
/// linear with kinks only at constraint roots, and the feasible set is an interval bounded by
/// roots, so the lexicographic optimum is attained on an interval whose ends are roots. Scanning
/// roots, midpoints and one point beyond each end finds the optimal set exactly.
@Test(.tags(.slow), .skippedInFastTier) func oracleAgreesWithBruteForceOnOneVariable() throws {
    var rng = LCG(state: 12345)
    let strengths: [Double] = [1, 2, 3]
    for _ in 0..<2000 {
        var cs: [OracleConstraint] = []
        for _ in 0..<(1 + rng.next(5)) {
            let a0 = Int64(rng.next(5) - 2)
            let a = a0 == 0 ? 1 : a0   // nonzero so each constraint has a root
            let c = try Rational(Int64(rng.next(21) - 10), 2)
            let rel: OracleRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.next(3)]
            let st: Double? = rng.next(4) == 0 ? nil : strengths[rng.next(3)]
            cs.append(OracleConstraint(coefficients: [0: Rational(integer: a)], constant: c, relation: rel, strength: st))
        }
        // Candidates: roots, midpoints, and beyond both ends.
        var roots = try cs.map { try $0.constant.negated().divided(by: $0.coefficients[0]!) }
        roots = Array(Set(roots)).sorted { (try? Rational.compare($0, $1)) == -1 }
        var candidates = roots
        for k in 0..<(roots.count - 1) {
            candidates.append(try roots[k].adding(roots[k + 1]).divided(by: r(2)))
        }
        candidates.append(try roots.first!.subtracting(.one))
        candidates.append(try roots.last!.adding(.one))

        func residual(_ c: OracleConstraint, _ x: Rational) throws -> Rational {
            try c.coefficients[0]!.multiplied(by: x).adding(c.constant)
        }
        func error(_ c: OracleConstraint, _ x: Rational) throws -> Rational {
            let e = try residual(c, x)
            switch c.relation {
            case .equal: return e.isNegative ? try e.negated() : e
            case .greaterThanOrEqual: return e.isNegative ? try e.negated() : .zero
            case .lessThanOrEqual: return e.isPositive ? e : .zero
            }
        }
        var best: [Rational]? = nil
        var bestPoints: [Rational] = []
        for x in candidates {
            let feasible = try cs.filter(\.isRequired).allSatisfy { c throws -> Bool in
                try error(c, x).isZero
            }
            guard feasible else { continue }
            let vector = try strengths.reversed().map { s throws -> Rational in
                var sum = Rational.zero
                for c in cs where c.strength == s { sum = try sum.adding(try error(c, x)) }
                return sum
            }
            var cmp = 0
            if let best {
                for (u, v) in zip(vector, best) {
                    cmp = try Rational.compare(u, v)
                    if cmp != 0 { break }
                }
            } else {
                cmp = -1
            }
            if cmp < 0 { best = vector; bestPoints = [x] } else if cmp == 0 { bestPoints.append(x) }
        }
        let outcome = Oracle.solve(OracleSystem(variableCount: 1, constraints: cs))
        let log = cs.map { "\($0.coefficients[0]!)x + \($0.constant) \($0.relation) @\($0.strength.map { "\($0)" } ?? "req")" }
        guard let best else {
            guard case .infeasible = outcome else { Issue.record("brute force: infeasible; oracle: \(outcome) \(log)"); continue }
            continue
        }
        guard case .solved(let s) = outcome else { Issue.record("oracle \(outcome) but feasible: \(log)"); continue }
        let present = strengths.reversed().filter { st in cs.contains { $0.strength == st } }
        let expected = zip(strengths.reversed(), best).filter { present.contains($0.0) }.map { "\($0.0):\($0.1)" }
        #expect(optima(s) == expected, "\(log)")
        if bestPoints.count > 1 {
            #expect(s.ambiguous == [0], "\(log)")
        } else {
            #expect(s.ambiguous.isEmpty && s.uniqueValues[0] == bestPoints[0], "\(log)")
        }
    }
}
