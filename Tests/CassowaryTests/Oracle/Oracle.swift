// The independent reference solver for the Cassowary property tests.
//
// It is deliberately the "obviously correct, slow" counterpart of the incremental solver: it
// rebuilds a dense tableau from scratch for every query, works over exact rationals, uses Bland's
// rule (so it cannot cycle) and follows the textbook definition of the lexicographic optimum
// level by level. It shares no code with `Sources/Cassowary`.

/// A relation of an oracle constraint `expression REL 0`.
enum OracleRelation: Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// A constraint as the oracle sees it: dense exact coefficients over all variables.
///
/// `strength == nil` means required; otherwise the optional strength, used only to group and
/// order levels (never as a weight, so that 250 and 250.5 are two distinct levels).
struct OracleConstraint: Sendable {
    var coefficients: [Int: Rational]
    var constant: Rational
    var relation: OracleRelation
    var strength: Double?

    var isRequired: Bool { strength == nil }
}

/// A whole system: `variableCount` variables (some may appear in no constraint) and constraints.
struct OracleSystem: Sendable {
    var variableCount: Int
    var constraints: [OracleConstraint]
}

/// The exact lexicographic optimum of a feasible system.
struct OracleSolution: Sendable {
    /// Optimal total error per optional strength, highest strength first.
    var levelOptima: [(strength: Double, optimum: Rational)]
    /// Variables whose value is not the same in all lexicographically optimal solutions, sorted.
    var ambiguous: [Int]
    /// The value of every variable that is not ambiguous (it is the same in all optima).
    var uniqueValues: [Int: Rational]
    /// For each variable in some constraint: its least and greatest value over the optimal
    /// face (nil where unbounded).
    var ranges: [Int: (low: Rational?, high: Rational?)] = [:]
}

/// What the oracle concluded about a system.
enum OracleOutcome: Sendable {
    /// The required constraints have no common solution.
    case infeasible
    /// Int64 rationals overflowed: the oracle cannot say. The property test counts these.
    case overflow
    case solved(OracleSolution)
}

/// Dense two-phase simplex over exact rationals with Bland's anti-cycling rule.
///
/// Standard form: rows `Σ a_rj x_j = b_r` with `b_r ≥ 0`, all columns `x_j ≥ 0`. A column can be
/// *fixed at zero* (`enterable[j] == false`): that is how artificials are retired after phase 1
/// and how each level's optimal face is imposed on the next level (see `fixOptimalFace`).
struct DenseSimplex {
    private(set) var rowCount: Int
    let columnCount: Int
    private var a: [Rational]          // row-major, rowCount × columnCount
    private var b: [Rational]
    private var basis: [Int]           // basic column of each row
    private var isBasic: [Bool]
    var enterable: [Bool]

    // The current objective in reduced form: z = objectiveValue + Σ reduced[j]·x_j over nonbasics.
    private var reduced: [Rational]
    private(set) var objectiveValue: Rational = .zero

    init(columnCount: Int) {
        self.rowCount = 0
        self.columnCount = columnCount
        a = []
        b = []
        basis = []
        isBasic = Array(repeating: false, count: columnCount)
        enterable = Array(repeating: true, count: columnCount)
        reduced = Array(repeating: .zero, count: columnCount)
    }

    /// Appends a row whose `basicColumn` has coefficient 1 here and 0 in every other row
    /// (a slack or an artificial), so the initial basis is the identity.
    mutating func addRow(_ coefficients: [Int: Rational], rhs: Rational, basicColumn: Int) {
        var row = Array(repeating: Rational.zero, count: columnCount)
        for (j, v) in coefficients { row[j] = v }
        a.append(contentsOf: row)
        b.append(rhs)
        basis.append(basicColumn)
        isBasic[basicColumn] = true
        rowCount += 1
    }

    func value(ofColumn j: Int) -> Rational {
        guard isBasic[j] else { return .zero }
        for r in 0..<rowCount where basis[r] == j { return b[r] }
        return .zero
    }

    /// Installs a new objective `minimize Σ cost[j]·x_j` expressed in terms of the current basis.
    mutating func setObjective(_ cost: [Int: Rational]) throws(RationalOverflow) {
        reduced = Array(repeating: .zero, count: columnCount)
        for (j, v) in cost { reduced[j] = v }
        objectiveValue = .zero
        for r in 0..<rowCount {
            let cb = reduced[basis[r]]
            if cb.isZero { continue }
            // x_B = b_r − Σ a_rj x_j, so substitute it out of the objective.
            objectiveValue = try objectiveValue.adding(try cb.multiplied(by: b[r]))
            for j in 0..<columnCount {
                let arj = a[r * columnCount + j]
                if arj.isZero { continue }
                reduced[j] = try reduced[j].subtracting(try cb.multiplied(by: arj))
            }
        }
    }

    /// How a minimization ended: at an optimum, or along a ray that decreases without bound.
    enum Result { case optimal, unbounded }

    /// Minimizes the current objective with Bland's rule: smallest-index improving column enters,
    /// ties in the ratio test go to the smallest-index basic column. This terminates on any
    /// (degenerate) tableau, which matters because layout systems are highly degenerate.
    mutating func minimize() throws(RationalOverflow) -> Result {
        while true {
            var entering = -1
            for j in 0..<columnCount where enterable[j] && !isBasic[j] && reduced[j].isNegative {
                entering = j
                break
            }
            if entering < 0 { return .optimal }

            var leaving = -1
            var bestRatio = Rational.zero
            for r in 0..<rowCount {
                let arj = a[r * columnCount + entering]
                guard arj.isPositive else { continue }
                let ratio = try b[r].divided(by: arj)
                if leaving < 0 {
                    leaving = r; bestRatio = ratio
                    continue
                }
                let c = try Rational.compare(ratio, bestRatio)
                if c < 0 || (c == 0 && basis[r] < basis[leaving]) {
                    leaving = r; bestRatio = ratio
                }
            }
            if leaving < 0 { return .unbounded }
            try pivot(row: leaving, column: entering)
        }
    }

    /// Gauss-Jordan pivot on (r, e); the objective row is updated like any other row.
    mutating func pivot(row r: Int, column e: Int) throws(RationalOverflow) {
        let n = columnCount
        let p = a[r * n + e]
        // Normalise the pivot row and remember its nonzero columns: rows are sparse in practice,
        // and only those columns change in the other rows.
        var nonzero: [Int] = []
        for j in 0..<n {
            let v = a[r * n + j]
            if v.isZero { continue }
            a[r * n + j] = try v.divided(by: p)
            nonzero.append(j)
        }
        b[r] = try b[r].divided(by: p)
        for r2 in 0..<rowCount where r2 != r {
            let f = a[r2 * n + e]
            if f.isZero { continue }
            for j in nonzero {
                a[r2 * n + j] = try a[r2 * n + j].subtracting(try f.multiplied(by: a[r * n + j]))
            }
            b[r2] = try b[r2].subtracting(try f.multiplied(by: b[r]))
        }
        let d = reduced[e]
        if !d.isZero {
            for j in nonzero {
                reduced[j] = try reduced[j].subtracting(try d.multiplied(by: a[r * n + j]))
            }
            objectiveValue = try objectiveValue.adding(try d.multiplied(by: b[r]))
        }
        isBasic[basis[r]] = false
        basis[r] = e
        isBasic[e] = true
    }

    /// After an optimal `minimize`, z = z* + Σ reduced[j]·x_j with every reduced[j] ≥ 0 over the
    /// nonbasic columns, so a feasible point is optimal exactly when each column with a strictly
    /// positive reduced cost is zero. Fixing those columns at zero therefore restricts the
    /// feasible set to exactly the optimal face — no tolerance, no extra constraint row.
    mutating func fixOptimalFace() {
        for j in 0..<columnCount where !isBasic[j] && reduced[j].isPositive {
            enterable[j] = false
        }
    }

    /// Drives the given (artificial) columns out of the basis after a successful phase 1, where
    /// they are all at value zero. A row in which no other enterable column has a nonzero
    /// coefficient is a redundant equation and is deleted.
    mutating func evict(columns: Set<Int>) throws(RationalOverflow) {
        var r = 0
        while r < rowCount {
            guard columns.contains(basis[r]) else { r += 1; continue }
            var replacement = -1
            for j in 0..<columnCount where enterable[j] && !columns.contains(j) && !isBasic[j]
                && !a[r * columnCount + j].isZero {
                replacement = j
                break
            }
            if replacement >= 0 {
                // b[r] is 0 here, so a pivot on a negative element keeps the basis feasible.
                try pivot(row: r, column: replacement)
                r += 1
            } else {
                isBasic[basis[r]] = false
                a.removeSubrange(r * columnCount..<(r + 1) * columnCount)
                b.remove(at: r)
                basis.remove(at: r)
                rowCount -= 1
            }
        }
        for j in columns { enterable[j] = false }
    }
}

/// The oracle: builds the lexicographic LP of the README's semantics from an `OracleSystem` and answers feasibility, the
/// per-level optimal errors and the exact ambiguous set.
enum Oracle {
    /// Solves the whole system: feasibility of the required constraints, then each optional
    /// level from the highest strength down, then min/max of each variable on the final face.
    static func solve(_ system: OracleSystem) -> OracleOutcome {
        do {
            return try solveThrowing(system, feasibilityOnly: false)
        } catch {
            return .overflow
        }
    }

    /// Whether the *required* constraints among `constraints` have a common solution
    /// (optional ones are ignored). nil means the oracle overflowed.
    static func isSatisfiable(_ constraints: [OracleConstraint], variableCount: Int) -> Bool? {
        let required = constraints.filter(\.isRequired)
        do {
            switch try solveThrowing(OracleSystem(variableCount: variableCount, constraints: required),
                                     feasibilityOnly: true) {
            case .infeasible: return false
            case .overflow: return nil
            case .solved: return true
            }
        } catch {
            return nil
        }
    }

    /// One standard-form row before slacks/artificials are added.
    private struct Row {
        var coefficients: [Int: Rational]
        var relation: OracleRelation
        var rhs: Rational
    }

    private static func solveThrowing(_ system: OracleSystem, feasibilityOnly: Bool) throws(RationalOverflow) -> OracleOutcome {
        let n = system.variableCount
        // Columns: x⁺_i = 2i, x⁻_i = 2i+1 (free variables split), then one error column per
        // optional constraint, then slacks/surpluses, then artificials.
        let optionalIndices = system.constraints.indices.filter { !system.constraints[$0].isRequired }
        var errorColumn: [Int: Int] = [:]
        for (k, ci) in optionalIndices.enumerated() { errorColumn[ci] = 2 * n + k }
        let firstSlack = 2 * n + optionalIndices.count

        // `Σ a_i x_i + c REL 0` becomes `Σ a_i (x⁺_i − x⁻_i) [− err] REL' rhs`.
        var rows: [Row] = []
        func linear(_ c: OracleConstraint, sign: Rational) throws(RationalOverflow) -> [Int: Rational] {
            var out: [Int: Rational] = [:]
            for (i, v) in c.coefficients where !v.isZero {
                let s = try v.multiplied(by: sign)
                out[2 * i] = s
                out[2 * i + 1] = try s.negated()
            }
            return out
        }
        for (ci, c) in system.constraints.enumerated() {
            if let err = errorColumn[ci] {
                // Optional: the error is a nonnegative variable bounding the violation.
                // e == 0: e ≤ err and −e ≤ err;  e ≥ 0: −e ≤ err;  e ≤ 0: e ≤ err.
                let minusOne = try Rational.one.negated()
                if c.relation != .greaterThanOrEqual {      // e − err ≤ 0
                    var coeffs = try linear(c, sign: .one)
                    coeffs[err] = minusOne
                    rows.append(Row(coefficients: coeffs, relation: .lessThanOrEqual, rhs: try c.constant.negated()))
                }
                if c.relation != .lessThanOrEqual {         // −e − err ≤ 0
                    var coeffs = try linear(c, sign: minusOne)
                    coeffs[err] = minusOne
                    rows.append(Row(coefficients: coeffs, relation: .lessThanOrEqual, rhs: c.constant))
                }
            } else {
                rows.append(Row(coefficients: try linear(c, sign: .one), relation: c.relation,
                                rhs: try c.constant.negated()))
            }
        }
        // Standard form needs rhs ≥ 0: negate such rows and flip their relation.
        for k in rows.indices where rows[k].rhs.isNegative {
            for (j, v) in rows[k].coefficients { rows[k].coefficients[j] = try v.negated() }
            rows[k].rhs = try rows[k].rhs.negated()
            switch rows[k].relation {
            case .lessThanOrEqual: rows[k].relation = .greaterThanOrEqual
            case .greaterThanOrEqual: rows[k].relation = .lessThanOrEqual
            case .equal: break
            }
        }
        let slackCount = rows.filter { $0.relation != .equal }.count
        let artificialCount = rows.filter { $0.relation != .lessThanOrEqual }.count
        let firstArtificial = firstSlack + slackCount
        var tableau = DenseSimplex(columnCount: firstArtificial + artificialCount)

        var nextSlack = firstSlack, nextArtificial = firstArtificial
        var artificials: Set<Int> = []
        for row in rows {
            var coeffs = row.coefficients
            switch row.relation {
            case .lessThanOrEqual:
                coeffs[nextSlack] = .one
                tableau.addRow(coeffs, rhs: row.rhs, basicColumn: nextSlack)
                nextSlack += 1
            case .greaterThanOrEqual:
                coeffs[nextSlack] = try Rational.one.negated()
                nextSlack += 1
                coeffs[nextArtificial] = .one
                tableau.addRow(coeffs, rhs: row.rhs, basicColumn: nextArtificial)
                artificials.insert(nextArtificial)
                nextArtificial += 1
            case .equal:
                coeffs[nextArtificial] = .one
                tableau.addRow(coeffs, rhs: row.rhs, basicColumn: nextArtificial)
                artificials.insert(nextArtificial)
                nextArtificial += 1
            }
        }

        // Phase 1: minimize the sum of artificials; positive optimum ⇔ required part infeasible.
        // (Optional rows are always satisfiable by a large enough error, so they never matter here.)
        if !artificials.isEmpty {
            try tableau.setObjective(Dictionary(uniqueKeysWithValues: artificials.map { ($0, Rational.one) }))
            _ = try tableau.minimize()   // bounded below by 0
            if !tableau.objectiveValue.isZero { return .infeasible }
            try tableau.evict(columns: artificials)
        }
        if feasibilityOnly {
            return .solved(OracleSolution(levelOptima: [], ambiguous: [], uniqueValues: [:]))
        }

        // Phase 2, level by level from the highest optional strength: minimize that level's total
        // error, then keep only the optimal face before looking at the next level.
        let strengths = Set(optionalIndices.map { system.constraints[$0].strength! }).sorted(by: >)
        var optima: [(strength: Double, optimum: Rational)] = []
        for s in strengths {
            var cost: [Int: Rational] = [:]
            for ci in optionalIndices where system.constraints[ci].strength == s {
                cost[errorColumn[ci]!] = .one
            }
            try tableau.setObjective(cost)
            _ = try tableau.minimize()   // errors are ≥ 0, so never unbounded
            optima.append((s, tableau.objectiveValue))
            tableau.fixOptimalFace()
        }

        // Ambiguity: on the final face, x_i is unique iff min x_i == max x_i (unbounded ⇒ differs).
        var used = Set<Int>()
        for c in system.constraints { for (i, v) in c.coefficients where !v.isZero { used.insert(i) } }
        var ambiguous: [Int] = []
        var unique: [Int: Rational] = [:]
        var ranges: [Int: (low: Rational?, high: Rational?)] = [:]
        let minusOne = try Rational.one.negated()
        for i in 0..<n {
            // A variable in no constraint is free in every optimum; no LP needed.
            guard used.contains(i) else { ambiguous.append(i); continue }
            try tableau.setObjective([2 * i: .one, 2 * i + 1: minusOne])
            let low: Rational? = try tableau.minimize() == .optimal ? tableau.objectiveValue : nil
            try tableau.setObjective([2 * i: minusOne, 2 * i + 1: .one])
            let high: Rational? = try tableau.minimize() == .optimal ? try tableau.objectiveValue.negated() : nil
            ranges[i] = (low, high)
            if let low, low == high { unique[i] = low } else { ambiguous.append(i) }
        }
        return .solved(OracleSolution(levelOptima: optima, ambiguous: ambiguous, uniqueValues: unique, ranges: ranges))
    }
}
