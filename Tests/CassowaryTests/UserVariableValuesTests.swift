// The kept values of user variables, and exact ambiguity's changes of them, are indexed by a
// user variable's place among the user variables (`Tableau.valueIndex`, coded in `owners`), not
// by symbol. These check that the places stay right when a step that made user variables among
// other symbols is rolled back and more are made after it: the solver must then answer bit for
// bit as one that never took the step.

@testable import Cassowary
import Testing

@Suite struct UserVariableValuesTests {
    /// A small layout of user variables `a`, `b`, `e`, `f` (the last three ambiguous in part), with
    /// constraints (and so slacks and errors) between them; with `detour`, a step between `b`
    /// and `e` makes two more user variables and constraints, asks for values and ambiguity (so
    /// that both grow over them), and is rolled back.
    static func build(_ solver: Solver, detour: Bool) throws -> [Variable] {
        let a = solver.makeVariable(), b = solver.makeVariable()
        try solver.addConstraint(Expression([Term(a)], constant: -10), .equal, .required)
        try solver.addConstraint(Expression([Term(b), Term(a, -1)], constant: -5), .greaterThanOrEqual, .required)
        _ = solver.ambiguousVariables()
        if detour {
            solver.beginStep()
            let c = solver.makeVariable()
            try solver.addConstraint(Expression([Term(c), Term(b, -1)]), .equal, .optional(500))
            let d = solver.makeVariable()
            try solver.addConstraint(Expression([Term(d), Term(c, -2)], constant: 3), .equal, .required)
            try solver.addConstraint(Expression([Term(b)], constant: -40), .equal, .optional(10))
            #expect(solver.value(of: d) == 77)
            _ = solver.ambiguousVariables()
            #expect(solver.tableau.ambiguity?.moves.count == 4)
            solver.rollBackStep()
        }
        let e = solver.makeVariable()
        try solver.addConstraint(Expression([Term(e), Term(b, -1)], constant: -1), .equal, .required)
        try solver.addConstraint(Expression([Term(e)], constant: -30), .equal, .optional(20))
        let f = solver.makeVariable()
        try solver.addConstraint(Expression([Term(f), Term(e, -1)]), .greaterThanOrEqual, .required)
        return [a, b, e, f]
    }

    @Test func placesHoldAfterARolledBackStep() throws {
        let plain = Solver(), detoured = Solver()
        let expected = try Self.build(plain, detour: false)
        let variables = try Self.build(detoured, detour: true)
        #expect(variables.map(\.id) == expected.map(\.id))
        #expect(variables.map { detoured.value(of: $0).bitPattern } == expected.map { plain.value(of: $0).bitPattern })
        #expect(detoured.value(of: variables[2]) == 30)
        #expect(detoured.ambiguousVariables().map(\.id) == plain.ambiguousVariables().map(\.id))
        #expect(detoured.ambiguousVariables().map(\.id) == [variables[3].id])
        #expect(variables.map { detoured.tableau.valueIndex(Symbol($0.id)) } == [0, 1, 2, 3])
        #expect(detoured.tableau.changes.values.count == 4)
        #expect(detoured.tableau.ambiguity?.moves.count == 4)
        // Other symbols are no user variables: their owners stay constraints' ids or −1.
        for symbol in detoured.tableau.kinds.indices where detoured.tableau.kinds[symbol] != .external {
            #expect(detoured.tableau.owners[symbol] >= -1)
        }
    }
}
