// Deterministic unit tests of the Cassowary solver, one behaviour each, with answers worked out
// by hand (the README's semantics: strict priority order). The property test covers the combinations; these pin the
// behaviours that matter most and give readable failures.

import Cassowary
import Testing

/// `Σ coefficient·variable + constant` from a compact literal.
private func expr(_ terms: [(Variable, Double)], _ constant: Double = 0) -> Expression {
    Expression(terms.map { Term($0.0, $0.1) }, constant: constant)
}

/// Expects `body` to throw `UnsatisfiableConstraint` and returns its conflict set.
private func conflict(sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: () throws(UnsatisfiableConstraint) -> Void) -> [ConstraintID]? {
    do {
        try body()
        Issue.record("expected UnsatisfiableConstraint", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error.conflicting
    }
}

private let tolerance = 1e-6

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }

/// Hand-checked behaviours of the public `Solver` API, one per test.
@Suite struct SolverUnitTests {
    @Test func requiredEquality() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.addConstraint(expr([(x, 1)], -10), .equal, .required)          // x == 10
        try s.addConstraint(expr([(y, 2), (x, -1)], -4), .equal, .required)  // 2y == x + 4
        #expect(close(s.value(of: x), 10))
        #expect(close(s.value(of: y), 7))
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func inequalitiesBoundOptionalWishes() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.addConstraint(expr([(x, 1)], -10), .greaterThanOrEqual, .required)  // x >= 10
        try s.addConstraint(expr([(x, 1)], -20), .lessThanOrEqual, .required)     // x <= 20
        try s.addConstraint(expr([(x, 1)]), .equal, .optional(1))                 // x == 0 @1
        #expect(close(s.value(of: x), 10))
        try s.addConstraint(expr([(x, 1)], -50), .equal, .optional(2))            // x == 50 @2
        #expect(close(s.value(of: x), 20))
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func unusedAndUnderconstrainedVariablesAreAmbiguous() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
        try s.addConstraint(expr([(x, 1), (y, 1)], -10), .equal, .required)     // x + y == 10
        #expect(s.ambiguousVariables() == [x, y, z])
        try s.addConstraint(expr([(x, 1)], -3), .equal, .optional(1))
        #expect(s.ambiguousVariables() == [z])
        #expect(close(s.value(of: y), 7))
    }

    /// Two 1-point violations at 250 must not outweigh one at 251: a weighted sum
    /// (251·|x−1| vs 250·|x|·2) would choose x = 0.
    @Test func strictPrioritiesAreNotWeighted() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.addConstraint(expr([(x, 1)]), .equal, .optional(250))
        try s.addConstraint(expr([(x, 1)]), .equal, .optional(250))
        try s.addConstraint(expr([(x, 1)], -1), .equal, .optional(251))
        #expect(close(s.value(of: x), 1))
        #expect(s.ambiguousVariables().isEmpty)
    }

    /// Strengths less than one apart are still distinct levels, whatever the order of addition.
    @Test(arguments: [false, true])
    func closeStrengthsAreDistinctLevels(highFirst: Bool) throws {
        let s = Solver()
        let x = s.makeVariable()
        if highFirst { try s.addConstraint(expr([(x, 1)], -1), .equal, .optional(250.5)) }
        for _ in 0..<5 { try s.addConstraint(expr([(x, 1)]), .equal, .optional(250)) }
        if !highFirst { try s.addConstraint(expr([(x, 1)], -1), .equal, .optional(250.5)) }
        #expect(close(s.value(of: x), 1))
        #expect(s.ambiguousVariables().isEmpty)
    }

    /// Thousands of constraints at one strength add up: x == i @250 for i = 0...1000 puts x at the
    /// median; one constraint at 251 still beats all of them.
    @Test func thousandsOfConstraintsShareOneStrength() throws {
        let s = Solver()
        let x = s.makeVariable()
        for i in 0...1000 { try s.addConstraint(expr([(x, 1)], -Double(i)), .equal, .optional(250)) }
        #expect(close(s.value(of: x), 500))
        #expect(s.ambiguousVariables().isEmpty)
        let top = try s.addConstraint(expr([(x, 1)], -1000), .equal, .optional(251))
        #expect(close(s.value(of: x), 1000))
        s.removeConstraint(top)
        #expect(close(s.value(of: x), 500))

        // And many variables each with its own wish at one shared strength.
        let t = Solver()
        let vs = (0..<2000).map { _ in t.makeVariable() }
        for (i, v) in vs.enumerated() { try t.addConstraint(expr([(v, 1)], -Double(i)), .equal, .optional(250)) }
        #expect(vs.enumerated().allSatisfy { close(t.value(of: $0.element), Double($0.offset)) })
        #expect(t.ambiguousVariables().isEmpty)
    }

    /// Dual degeneracy: equal-strength disagreement leaves a whole interval optimal.
    @Test func equalStrengthDisagreementIsAmbiguous() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.addConstraint(expr([(x, 1)], -100), .equal, .optional(500))
        try s.addConstraint(expr([(x, 1)], -200), .equal, .optional(500))
        #expect(s.ambiguousVariables() == [x])
        #expect(s.value(of: x) >= 100 - tolerance && s.value(of: x) <= 200 + tolerance)
        try s.addConstraint(expr([(x, 1)], -150), .equal, .optional(1))   // a tie-breaker
        #expect(s.ambiguousVariables().isEmpty)
        #expect(close(s.value(of: x), 150))
    }

    @Test func editVariablesFollowSuggestions() throws {
        let s = Solver()
        let x = s.makeVariable(), w = s.makeVariable()
        try s.addConstraint(expr([(w, 1), (x, -2)]), .equal, .required)       // w == 2x
        try s.addConstraint(expr([(x, 1)], -30), .lessThanOrEqual, .required) // x <= 30
        try s.addConstraint(expr([(x, 1)], -5), .equal, .optional(1))         // stay at 5
        s.addEditVariable(x, strength: .optional(999))
        s.suggestValue(x, 42)
        #expect(close(s.value(of: x), 30))   // the required bound wins
        #expect(close(s.value(of: w), 60))
        s.suggestValue(x, 10)
        #expect(close(s.value(of: x), 10))
        #expect(close(s.value(of: w), 20))
        #expect(s.ambiguousVariables().isEmpty)
        s.removeEditVariable(x)
        #expect(close(s.value(of: x), 5))    // back to the stay
    }

    @Test func editStrengthCompetesLexicographically() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.addConstraint(expr([(x, 1)], -7), .equal, .optional(500))
        s.addEditVariable(x, strength: .optional(250))
        s.suggestValue(x, 100)
        #expect(close(s.value(of: x), 7))    // the stronger constraint wins
        s.removeEditVariable(x)
        s.addEditVariable(x, strength: .optional(500.5))
        s.suggestValue(x, 100)
        #expect(close(s.value(of: x), 100))
    }

    @Test func setConstantOnRequiredAndOptional() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        let cx = try s.addConstraint(expr([(x, 1)], -10), .equal, .required)               // x == 10
        let cy = try s.addConstraint(expr([(y, 1), (x, -1)], -5), .equal, .optional(100))  // y == x + 5
        #expect(close(s.value(of: y), 15))
        try s.setConstant(cx, to: -20)
        #expect(close(s.value(of: x), 20))
        #expect(close(s.value(of: y), 25))
        try s.setConstant(cy, to: 3)      // y == x - 3
        #expect(close(s.value(of: y), 17))
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func failedSetConstantChangesNothing() throws {
        let s = Solver()
        let x = s.makeVariable()
        let low = try s.addConstraint(expr([(x, 1)], -10), .greaterThanOrEqual, .required)  // x >= 10
        let high = try s.addConstraint(expr([(x, 1)], -20), .lessThanOrEqual, .required)    // x <= 20
        try s.addConstraint(expr([(x, 1)], -15), .equal, .optional(1))
        let conflicting = conflict { () throws(UnsatisfiableConstraint) in try s.setConstant(high, to: -5) }  // x <= 5
        #expect(conflicting == [low])
        #expect(close(s.value(of: x), 15))
        // The old constant is still in force: x <= 20 binds once something pushes x up.
        try s.addConstraint(expr([(x, 1)], -100), .equal, .optional(2))
        #expect(close(s.value(of: x), 20))
    }

    @Test func removalRestoresFreedom() throws {
        let s = Solver()
        let x = s.makeVariable()
        let c = try s.addConstraint(expr([(x, 1)], -10), .equal, .required)
        #expect(s.ambiguousVariables().isEmpty)
        s.removeConstraint(c)
        #expect(s.ambiguousVariables() == [x])
        try s.addConstraint(expr([(x, 1)], -3), .equal, .optional(10))
        #expect(close(s.value(of: x), 3))
        // The removed one no longer conflicts with anything.
        try s.addConstraint(expr([(x, 1)], -4), .equal, .required)
        #expect(close(s.value(of: x), 4))
    }

    @Test func conflictSetIsMinimalAndSolverUnchanged() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
        let cx = try s.addConstraint(expr([(x, 1)], -10), .equal, .required)
        let cy = try s.addConstraint(expr([(y, 1)], -20), .equal, .required)
        try s.addConstraint(expr([(z, 1)], -3), .equal, .required)                  // unrelated
        try s.addConstraint(expr([(x, 1), (y, -1)], -100), .lessThanOrEqual, .required) // x <= y + 100: slack, in no conflict
        let bad = expr([(x, 1), (y, 1)], -50)                                        // x + y == 50
        let conflicting = conflict { () throws(UnsatisfiableConstraint) in _ = try s.addConstraint(bad, .equal, .required) }
        #expect(conflicting == [cx, cy])
        #expect(close(s.value(of: x), 10) && close(s.value(of: y), 20) && close(s.value(of: z), 3))
        // A broken required constraint: the caller may add it again above every optional strength.
        try s.addConstraint(bad, .equal, .optional(999.9))
        #expect(close(s.value(of: x), 10) && close(s.value(of: y), 20))
    }

    @Test func conflictThroughAChain() throws {
        let s = Solver()
        let v = (0..<6).map { _ in s.makeVariable() }
        var chain: [ConstraintID] = []
        chain.append(try s.addConstraint(expr([(v[0], 1)]), .equal, .required))   // v0 == 0
        for i in 1..<5 {                                                            // v_i >= v_{i-1} + 1
            chain.append(try s.addConstraint(expr([(v[i], 1), (v[i - 1], -1)], -1), .greaterThanOrEqual, .required))
        }
        try s.addConstraint(expr([(v[5], 1), (v[0], -1)]), .greaterThanOrEqual, .required)  // not part of it
        let conflicting = conflict { () throws(UnsatisfiableConstraint) in
            _ = try s.addConstraint(expr([(v[4], 1)], -3), .lessThanOrEqual, .required)     // v4 <= 3 (needs >= 4)
        }
        #expect(conflicting == chain)
    }

    @Test func conflictSetPicksOneOfSeveralMinimalSets() throws {
        let s = Solver()
        let x = s.makeVariable()
        let a = try s.addConstraint(expr([(x, 1)], -1), .equal, .required)
        let b = try s.addConstraint(expr([(x, 1)], -1), .equal, .required)   // a duplicate
        let conflicting = conflict { () throws(UnsatisfiableConstraint) in _ = try s.addConstraint(expr([(x, 1)], -2), .equal, .required) }
        #expect(conflicting == [a] || conflicting == [b])
    }

    @Test func constantOnlyConstraints() throws {
        let s = Solver()
        _ = s.makeVariable()
        try s.addConstraint(expr([]), .equal, .required)                     // 0 == 0
        try s.addConstraint(expr([], -1), .lessThanOrEqual, .required)       // -1 <= 0
        let conflicting = conflict { () throws(UnsatisfiableConstraint) in _ = try s.addConstraint(expr([], 5), .equal, .required) }
        #expect(conflicting == [])
    }

    @Test func deterministicBitForBit() throws {
        func run() throws -> [UInt64] {
            let s = Solver()
            let v = (0..<5).map { _ in s.makeVariable() }
            try s.addConstraint(expr([(v[0], 1), (v[1], 1)], -100), .equal, .required)
            try s.addConstraint(expr([(v[0], 1), (v[1], -1)]), .equal, .optional(250))
            try s.addConstraint(expr([(v[2], 3), (v[0], -1)], -1), .greaterThanOrEqual, .optional(250))
            try s.addConstraint(expr([(v[3], 1), (v[2], 1)], -7), .equal, .optional(251))
            try s.addConstraint(expr([(v[3], 0.5)], -1), .lessThanOrEqual, .optional(1))
            s.addEditVariable(v[4], strength: .optional(500))
            s.suggestValue(v[4], 1.5)
            try s.addConstraint(expr([(v[4], 1), (v[3], -1)]), .equal, .optional(100))
            s.suggestValue(v[4], -3)
            return v.map { s.value(of: $0).bitPattern }
        }
        #expect(try run() == run())
    }

    /// Ambiguity through long chains of definitions: every left edge of a 2 000-view chain
    /// moves with the unpinned first one, yet the distance between the ends is fixed — the
    /// dependence cancels after 2 000 definitions and must not be reported.
    @Test func ambiguityCancelsThroughLongChains() throws {
        let s = Solver()
        let n = 2_000
        let left = (0..<n).map { _ in s.makeVariable() }
        let width = (0..<n).map { _ in s.makeVariable() }
        for i in 0..<n {
            try s.addConstraint(expr([(width[i], 1)], -10), .equal, .required)
            if i > 0 {
                try s.addConstraint(expr([(left[i], 1), (left[i - 1], -1), (width[i - 1], -1)], -8), .equal, .required)
            }
        }
        let span = s.makeVariable()
        try s.addConstraint(expr([(span, 1), (left[n - 1], -1), (left[0], 1)]), .equal, .required)
        let ambiguous = Set(s.ambiguousVariables())
        #expect(left.allSatisfy { ambiguous.contains($0) })
        #expect(!width.contains { ambiguous.contains($0) })
        #expect(!ambiguous.contains(span))
        #expect(close(s.value(of: span), Double(n - 1) * 18))

        // Pinning the first edge fixes every edge.
        try s.addConstraint(expr([(left[0], 1)], -5), .equal, .required)
        #expect(s.ambiguousVariables().isEmpty)
        #expect(close(s.value(of: left[n - 1]), 5 + Double(n - 1) * 18))
    }
}
