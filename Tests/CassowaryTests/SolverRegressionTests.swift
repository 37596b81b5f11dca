// Minimal reproductions of solver failures found by the differential property test
// (SolverPropertyTests), shrunk from the random call logs. Each test states the expected
// behaviour per DESIGN §4; a failing test here is an open solver bug, not a test to relax.

import Cassowary
import Testing

/// Regression tests, one per distinct failure the property test found.
@Suite struct SolverRegressionTests {
    /// Found with case seed 29068877942025. Two identical required equalities `3·v1 − 12 == 0`
    /// plus a weak edit on v1; removing the first one must leave the second in force (v1 == 4),
    /// but the solver lets the edit pull v1 to −12.
    @Test func regression_removingDuplicateRequiredEqualityDropsTheOther() throws {
        let s = Solver()
        _ = s.makeVariable()
        let v1 = s.makeVariable()
        let c2 = try s.addConstraint(Expression([Term(v1, 3)], constant: -12), .equal, .required)
        s.addEditVariable(v1, strength: .optional(1))
        s.suggestValue(v1, -12)
        try s.addConstraint(Expression([Term(v1, 3)], constant: -12), .equal, .required)
        s.removeConstraint(c2)
        #expect(abs(s.value(of: v1) - 4) <= 1e-6, "the remaining 3·v1 − 12 == 0 must hold")
    }
}
