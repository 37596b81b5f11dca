// Explanations against the exact oracle: random systems (the property test's generator), and for
// every variable the solver's explanation checked three ways — its value against the oracle's
// unique value, its ambiguity (the range query) against the oracle's and the solver's own, and
// its multipliers as a proof: `Σ m_i × expression_i ≡ variable − value` term by term, with every
// named constraint tight. Broken optional constraints: their error's combination proves the error.

import Cassowary
import TestSupport
import Testing

@Suite struct ExplanationTests {
    static let systems = 400

    @Test func explanationsAgreeWithTheOracle() {
        var failures: [String] = []
        var checkedValues = 0, checkedErrors = 0
        for seed in 0..<Self.systems {
            var generator = CallGenerator(rng: SplitMix64(seed: UInt64(seed) &* 104_729 &+ 5))
            let variableCount = 2 + generator.rng.below(3)
            var model = SystemModel(variableCount: variableCount)
            let solver = Solver()
            let variables = (0..<variableCount).map { _ in solver.makeVariable() }
            var byID: [ConstraintID: SystemModel.Constraint] = [:]
            var calls = generator.prelude(variableCount: variableCount)
            for _ in 0..<(3 + generator.rng.below(8)) { calls.append(generator.next(model)) }
            for call in calls {
                guard case let .add(label, terms, constant, relation, strength) = call else { continue }
                let constraint = SystemModel.Constraint(terms: terms, constant: constant, relation: relation, strength: strength)
                let expression = Expression(terms.map { Term(variables[$0.0], $0.1) }, constant: constant)
                if let id = try? solver.addConstraint(expression, relation, strength) {
                    model.constraints[label] = constraint
                    byID[id] = constraint
                }
            }
            guard case .solved(let solution) = Oracle.solve(OracleSystem(variableCount: variableCount, constraints: model.oracleConstraints())) else { continue }
            let values = variables.map { solver.value(of: $0) }
            func evaluate(_ c: SystemModel.Constraint) -> Double { c.terms.reduce(c.constant) { $0 + $1.1 * values[$1.0] } }
            /// Σ m_i × expression_i as (coefficients by variable, constant).
            func combination(_ multipliers: [ConstraintMultiplier]) -> ([Double], Double) {
                var coefficients = [Double](repeating: 0, count: variableCount)
                var constant = 0.0
                for term in multipliers {
                    let c = byID[term.constraint]!
                    for (v, a) in c.terms { coefficients[v] += term.multiplier * a }
                    constant += term.multiplier * c.constant
                }
                return (coefficients, constant)
            }
            for (index, variable) in variables.enumerated() {
                let explanation = solver.explain(Expression([Term(variable)]))
                let range = solver.range(of: Expression([Term(variable)]))
                let ambiguous = range.lower == nil || range.upper == nil || range.upper! - range.lower! > 1e-7
                let oracleAmbiguous = solution.ambiguous.contains(index)
                if ambiguous != oracleAmbiguous || ambiguous != solver.isAmbiguous(variable) {
                    failures.append("seed \(seed) v\(index): range \(range) but oracle ambiguous \(oracleAmbiguous)")
                    continue
                }
                if abs(explanation.value - values[index]) > 1e-6 {
                    failures.append("seed \(seed) v\(index): explained \(explanation.value), solver \(values[index])")
                }
                for term in explanation.multipliers where abs(evaluate(byID[term.constraint]!)) > 1e-6 {
                    failures.append("seed \(seed) v\(index): named constraint \(term.constraint) is not tight")
                }
                guard !ambiguous, explanation.looseConstraints.isEmpty else { continue }
                let expected = solution.uniqueValues[index]!.doubleValue
                let (coefficients, constant) = combination(explanation.multipliers)
                for (j, coefficient) in coefficients.enumerated() where abs(coefficient - (j == index ? 1 : 0)) > 1e-6 {
                    failures.append("seed \(seed) v\(index): Σ m × expression has \(coefficient) v\(j)")
                }
                if abs(-constant - expected) > 1e-6 || abs(explanation.value - expected) > 1e-6 {
                    failures.append("seed \(seed) v\(index): value \(explanation.value), Σ m × constant \(-constant), oracle \(expected)")
                }
                checkedValues += 1
            }
            for (id, constraint) in byID {
                guard case .optional = constraint.strength, let proof = solver.explainError(of: id) else { continue }
                let residual = evaluate(constraint)
                let error: Double
                switch constraint.relation {
                case .equal: error = abs(residual)
                case .greaterThanOrEqual: error = max(0, -residual)
                case .lessThanOrEqual: error = max(0, residual)
                }
                let (coefficients, constant) = combination(proof.multipliers)
                if abs(proof.value - error) > 1e-6 || coefficients.contains(where: { abs($0) > 1e-6 })
                    || abs(abs(constant) - error) > 1e-6 || !proof.multipliers.contains(where: { $0.constraint == id }) {
                    failures.append("seed \(seed): error proof of \(id) gives \(proof.value) (\(constant), \(coefficients)), actual \(error)")
                }
                checkedErrors += 1
            }
            if failures.count > 5 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(5).joined(separator: "\n")))
        #expect(checkedValues > 200)
        #expect(checkedErrors > 50)
    }

    @Test func aConflictCertificateSumsToAContradiction() throws {
        let solver = Solver()
        let x = solver.makeVariable(), w = solver.makeVariable()
        let left = try solver.addConstraint(Expression([Term(x)], constant: -20), .equal, .required)
        let right = try solver.addConstraint(Expression([Term(x), Term(w)], constant: -355), .equal, .required)
        // Added optional so the solver holds it; the certificate treats the others as required.
        let wide = try solver.addConstraint(Expression([Term(w)], constant: -400), .equal, .optional(1000))
        let certificate = try #require(solver.conflictCertificate([left, right, wide], target: wide))
        #expect(abs(certificate.shortfall - 65) < 1e-9)
        let m = Dictionary(uniqueKeysWithValues: certificate.multipliers.map { ($0.constraint, $0.multiplier) })
        // m_left (x − 20) + m_right (x + w − 355) + m_wide (w − 400): no x, no w, constant −65.
        #expect(abs(m[left]! + m[right]!) < 1e-9)
        #expect(abs(m[right]! + m[wide]!) < 1e-9)
        #expect(abs(-20 * m[left]! - 355 * m[right]! - 400 * m[wide]! + 65) < 1e-9)
        #expect(solver.minimalConflict(of: wide, among: [left, right]) == [left, right])
        #expect(solver.minimalConflict(of: wide, among: [left]) == nil)
    }
}
