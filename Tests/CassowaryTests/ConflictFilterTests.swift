// The deletion filter behind minimal conflict sets, driven directly: on the property test's small
// systems the tableau's proof is almost always minimal already, so the filter itself needs cases
// where the support it starts from is not.

@testable import Cassowary
import Testing

private func expr(_ terms: [(Variable, Double)], _ constant: Double = 0) -> Expression {
    Expression(terms.map { Term($0.0, $0.1) }, constant: constant)
}

@Suite struct ConflictFilterTests {
    /// `x <= 5` conflicts with `x >= 10` alone, and with `y >= 10` plus `x == y` together; an
    /// unrelated `z >= 0` is in neither. Starting from all four, the filter must end at one of
    /// the two minimal sets.
    @Test func shrinksANonMinimalSupportToAMinimalSet() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
        let c1 = try s.addConstraint(expr([(x, 1)], -10), .greaterThanOrEqual, .required)
        let c2 = try s.addConstraint(expr([(y, 1)], -10), .greaterThanOrEqual, .required)
        let c3 = try s.addConstraint(expr([(x, 1), (y, -1)]), .equal, .required)
        let c4 = try s.addConstraint(expr([(z, 1)]), .greaterThanOrEqual, .required)
        guard case .unsatisfiable(_, let offendingID, let offending) = s.insert(expr([(x, 1)], -5), .lessThanOrEqual, .required) else {
            Issue.record("x <= 5 should not fit")
            return
        }
        let minimal = s.minimalConflict(with: offending, id: offendingID, within: [c1, c2, c3, c4])
        #expect(minimal == [c1] || minimal == [c2, c3])
        // Order matters only in which minimal set is found: starting without c1 leaves the other.
        #expect(s.minimalConflict(with: offending, id: offendingID, within: [c2, c3, c4]) == [c2, c3])
        // The solver is unchanged by all this.
        #expect(s.value(of: x) >= 10 - 1e-9)
        #expect(s.constraintCount == 4)
    }
}
