// A solver keeps each constraint's strength as a place in its table of priorities, and each
// constraint's id as its place among the records. These check that every constraint reads back
// as it was given — strength bit for bit, relation, expression — through rollbacks that leave
// a place unused, copies, removals, and conflicts, whose ids come from the places.

@testable import Cassowary
import Testing

@Suite struct SolverConstraintTests {
    @Test func strengthsAndRelationsReadBackAsGiven() throws {
        let solver = Solver()
        let y = solver.makeVariable()
        let strengths: [Strength] = [.required, .optional(1), .optional(750), .optional(750.000_000_000_1),
                                     .optional(1), .optional(999.5), .required, .optional(.leastNonzeroMagnitude)]
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        var given: [(ConstraintID, Relation, Strength, Double, Variable)] = []
        for (index, strength) in strengths.enumerated() {
            // Each on a variable of its own, so that no two required ones conflict.
            let x = solver.makeVariable()
            let relation = relations[index % 3]
            let constant = -Double(index)
            let id = try solver.addConstraint(Expression([Term(x), Term(y, 2)], constant: constant), relation, strength)
            given.append((id, relation, strength, constant, x))
        }
        // Two equal priorities share a place; distinct ones, however close, do not.
        #expect(solver.priorities.count == 6)
        for (id, relation, strength, constant, x) in given {
            let read = try #require(solver.constraint(id))
            #expect(read.relation == relation)
            #expect(read.strength == strength)
            #expect(read.expression.constant == constant)
            #expect(read.expression.terms.map(\.variable.id) == [x.id, y.id])
        }
        // Ids are the records' places: the next one follows, and a removed one reads as nil.
        solver.removeConstraint(given[2].0)
        #expect(solver.constraint(given[2].0) == nil)
        let next = try solver.addConstraint(Expression([Term(y)], constant: -3), .equal, .optional(42))
        #expect(next.id == strengths.count)
        let copy = solver.copy()
        #expect(copy.constraint(next)?.strength == .optional(42))
    }

    @Test func aRolledBackPriorityLeavesItsPlaceAndComesBackToIt() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.addConstraint(Expression([Term(x)], constant: -1), .equal, .optional(250))
        solver.beginStep()
        let dropped = try solver.addConstraint(Expression([Term(x)], constant: -2), .equal, .optional(300))
        solver.rollBackStep()
        #expect(!solver.hasConstraint(dropped))
        let again = try solver.addConstraint(Expression([Term(x)], constant: -2), .equal, .optional(300))
        #expect(again == dropped, "the rollback gave the id back")
        #expect(solver.constraint(again)?.strength == .optional(300))
        #expect(solver.priorities == [.infinity, 250, 300])
        #expect(solver.value(of: x) == 2)
    }

    /// A conflict's members are named by their places, the refused constraint's own id too.
    @Test func aConflictNamesTheRequiredConstraintsByTheirIDs() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let soft = try solver.addConstraint(Expression([Term(x)], constant: -5), .equal, .optional(500))
        let low = try solver.addConstraint(Expression([Term(x)], constant: -10), .greaterThanOrEqual, .required)
        let high = try solver.addConstraint(Expression([Term(x)], constant: -20), .lessThanOrEqual, .required)
        #expect(soft.id == 0 && low.id == 1 && high.id == 2)
        #expect(throws: UnsatisfiableConstraint.self) {
            try solver.addConstraint(Expression([Term(x)], constant: -30), .equal, .required)
        }
        do {
            try solver.addConstraint(Expression([Term(x)], constant: -30), .equal, .required)
            Issue.record("x == 30 should not fit")
        } catch {
            #expect(error.conflicting == [high])
        }
        #expect(solver.requiredConstraints == [low, high])
        #expect(solver.minimalConflict(of: low, among: [high]) == nil)
    }
}
