// The optimal-face queries (`ambiguityDetail`, `otherOptima`) against the exact oracle: on
// random small systems, every range is the oracle's min and max over the optimal face, and every
// other optimum is feasible, optimal level by level, differs only in ambiguous variables and
// differs in at least one.

import Cassowary
import TestSupport
import Testing

@Suite(.tags(.slow), .skippedInFastTier) struct OptimalFaceTests {
    struct Case {
        var variableCount: Int
        var constraints: [SystemModel.Constraint] = []
    }

    /// A random system, added to a fresh solver; required constraints the solver refuses are
    /// left out of the case (the oracle then sees what the solver holds).
    static func randomCase(_ rng: inout SplitMix64) -> (Case, Solver, [Variable]) {
        let solver = Solver()
        var system = Case(variableCount: 2 + rng.below(4))
        let variables = (0..<system.variableCount).map { _ in solver.makeVariable() }
        for _ in 0..<(2 + rng.below(7)) {
            var terms: [(Int, Double)] = []
            for _ in 0..<(1 + rng.below(3)) {
                terms.append((rng.below(system.variableCount), rng.pick([1, 1, -1, -1, 2, 0.5])))
            }
            let constant = Double(rng.below(41) - 20)
            let relation = rng.pick([Relation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual])
            let strength: Strength = rng.chance(35) ? .required : .optional(rng.pick([250, 250, 500, 500, 750, 1]))
            let expression = Expression(terms.map { Term(variables[$0.0], $0.1) }, constant: constant)
            guard (try? solver.addConstraint(expression, relation, strength)) != nil else { continue }
            system.constraints.append(SystemModel.Constraint(terms: terms, constant: constant, relation: relation, strength: strength))
        }
        return (system, solver, variables)
    }

    static func residual(_ c: SystemModel.Constraint, _ values: [Double]) -> Double {
        c.terms.reduce(c.constant) { $0 + $1.1 * values[$1.0] }
    }

    static func error(_ c: SystemModel.Constraint, _ values: [Double]) -> Double {
        let r = residual(c, values)
        switch c.relation {
        case .equal: return abs(r)
        case .lessThanOrEqual: return max(0, r)
        case .greaterThanOrEqual: return max(0, -r)
        }
    }

    /// What is wrong with `values` as an optimal solution of `system` (nil: nothing).
    static func problem(with values: [Double], _ system: Case, _ solution: OracleSolution) -> String? {
        for c in system.constraints where c.strength == .required && error(c, values) > 1e-6 {
            return "a required constraint fails by \(error(c, values))"
        }
        for (strength, optimum) in solution.levelOptima {
            let total = system.constraints.filter { $0.strength == .optional(strength) }.reduce(0) { $0 + error($1, values) }
            if abs(total - optimum.doubleValue) > 1e-6 * max(1, abs(total)) {
                return "level \(strength): total error \(total), optimum \(optimum)"
            }
        }
        return nil
    }

    @Test func rangesAndOtherOptimaMatchTheOracle() {
        var rng = SplitMix64(seed: 0xFACE)
        var checkedRanges = 0, checkedOptima = 0
        for index in 0..<600 {
            let (system, solver, variables) = Self.randomCase(&rng)
            let oracle = Oracle.solve(OracleSystem(variableCount: system.variableCount,
                                                   constraints: system.constraints.map(SystemModel.convert)))
            guard case .solved(let solution) = oracle else { continue }
            let log = "case \(index): \(system.constraints.map { "\($0.terms) \($0.constant) \($0.relation) \($0.strength)" })"
            let current = variables.map { solver.value(of: $0) }
            let ambiguous = Set(solution.ambiguous)

            for (i, variable) in variables.enumerated() {
                let detail = solver.ambiguityDetail(of: variable)
                #expect((detail != nil) == ambiguous.contains(i), "\(log): v\(i) ambiguity")
                guard let detail, let range = solution.ranges[i] else { continue }
                checkedRanges += 1
                #expect((detail.low == nil) == (range.low == nil) && (detail.high == nil) == (range.high == nil),
                        "\(log): v\(i) range \(String(describing: detail.low))…\(String(describing: detail.high)) vs \(String(describing: range.low))…\(String(describing: range.high))")
                if let low = detail.low, let exact = range.low { #expect(abs(low - exact.doubleValue) < 1e-6, "\(log): v\(i) low") }
                if let high = detail.high, let exact = range.high { #expect(abs(high - exact.doubleValue) < 1e-6, "\(log): v\(i) high") }
                // The direction moves the variable and stays on the face.
                #expect(detail.direction.contains { $0.variable == variable }, "\(log): v\(i) direction does not move it")
                for move in detail.direction {
                    #expect(ambiguous.contains(move.variable.id), "\(log): v\(i)'s direction moves fixed v\(move.variable.id)")
                }
            }

            let others = solver.otherOptima()
            #expect(others.isEmpty == ambiguous.isEmpty, "\(log): \(others.count) other optima, ambiguous \(ambiguous.sorted()) \(variables.map { solver.ambiguityDetail(of: $0).map { "\($0.low as Any) \($0.high as Any) \($0.direction)" } ?? "-" })")
            for other in others {
                checkedOptima += 1
                var values = current
                for (variable, value) in other { values[variable.id] = value }
                if let problem = Self.problem(with: values, system, solution) { Issue.record("\(log): \(problem)") }
                let changed = values.indices.filter { abs(values[$0] - current[$0]) > 1e-9 }
                #expect(!changed.isEmpty, "\(log): an other optimum changes nothing")
                for i in changed { #expect(ambiguous.contains(i), "\(log): v\(i) is fixed but changed") }
            }
            // The solver's own solution did not move.
            #expect(variables.map { solver.value(of: $0) } == current)
        }
        #expect(checkedRanges > 300 && checkedOptima > 300, "ranges \(checkedRanges), optima \(checkedOptima)")
    }

    /// Everything a detail says, in one comparable value.
    static func summary(_ detail: AmbiguityDetail?) -> String {
        guard let detail else { return "fixed" }
        return "\(detail.freeVariables) \(detail.low as Any) \(detail.high as Any) \(detail.lowBounds) \(detail.highBounds) "
            + "\(detail.direction.map { "\($0.variable.id):\($0.change)" }) \(detail.tradingConstraints) \(detail.slackConstraints)"
    }

    /// A report explains several variables from one face program, and keeps the answers until
    /// the solver changes: each answer must be the one a solver asked about that variable alone
    /// gives (same range, bounds and direction), before and after a change.
    @Test func sharedFaceProgramsAnswerAsFreshOnes() throws {
        var rng = SplitMix64(seed: 0x5EED)
        var compared = 0
        for index in 0..<300 {
            let (_, solver, variables) = Self.randomCase(&rng)
            for round in 0..<2 {
                // Copies taken before anything is asked: each works its one answer out alone.
                let alone = variables.map { _ in solver.copy() }
                for (i, variable) in variables.enumerated().reversed() {
                    let shared = Self.summary(solver.ambiguityDetail(of: variable))
                    #expect(shared == Self.summary(alone[i].ambiguityDetail(of: variable)), "case \(index) round \(round): v\(i)")
                    // Asked again without a change: the kept answer.
                    #expect(shared == Self.summary(solver.ambiguityDetail(of: variable)))
                    compared += 1
                }
                // A change between rounds: an optional pull on one variable, which may move the face.
                let target = variables[rng.below(variables.count)]
                _ = try? solver.addConstraint(Expression([Term(target)], constant: -Double(rng.below(21))), .equal, .optional(250))
            }
        }
        #expect(compared > 1000)
    }

    /// A report asks with a face limit (`faceLimit`): a detail within the limit is the one asked
    /// without it, whichever is asked first, and a detail beyond it says so and nothing else.
    /// Limit 0 turns away every face that holds a row, so both sides are exercised.
    @Test func limitedDetailsAreFullOnesOrSayTheFaceIsLarge() throws {
        var rng = SplitMix64(seed: 0x11417)
        var full = 0, limited = 0
        for index in 0..<300 {
            let (_, solver, variables) = Self.randomCase(&rng)
            let limit = rng.pick([0, 0, 1, 2, 4])
            let limitFirst = rng.chance(50)
            let fresh = solver.copy()
            for (i, variable) in variables.enumerated() {
                let alone = Self.summary(fresh.ambiguityDetail(of: variable))
                var asked: AmbiguityDetail?
                if limitFirst {
                    asked = solver.ambiguityDetail(of: variable, faceLimit: limit)
                    _ = solver.ambiguityDetail(of: variable)
                } else {
                    _ = solver.ambiguityDetail(of: variable)
                    asked = solver.ambiguityDetail(of: variable, faceLimit: limit)
                }
                // Asked twice with the limit, the same answer.
                #expect(Self.summary(asked) == Self.summary(solver.ambiguityDetail(of: variable, faceLimit: limit)))
                if let asked, asked.exceedsFaceLimit {
                    limited += 1
                    #expect(alone != "fixed" && asked.freeVariables.isEmpty && asked.low == nil && asked.high == nil
                            && asked.tradingConstraints.isEmpty && asked.slackConstraints.isEmpty, "case \(index): v\(i)")
                } else {
                    full += 1
                    #expect(Self.summary(asked) == alone, "case \(index): v\(i) limit \(limit)")
                }
            }
        }
        #expect(full > 300 && limited > 50, "full \(full), limited \(limited)")
    }
}
