/// Why a value is what it is, read from the optimal tableau: which constraints' equations fix it.
///
/// Every row of the tableau is a linear combination of the constraints' original equations
/// `expression_i + (the constraint's own slack, error or dummy symbols) = 0`. Each constraint owns
/// symbols that occur in no other original equation, so the combination is unique, and its
/// multipliers can be read off the row: the coefficient of a constraint's own symbol in the row,
/// divided by that symbol's coefficient in the constraint's equation. For a quantity X (a linear
/// expression over the variables) at the optimum this gives
///
///     X ≡ value + Σ multiplier_i × expression_i   (+ free symbols, when X is ambiguous)
///
/// as an identity in the variables, so `value = X.constant − Σ multiplier_i × expression_i.constant`
/// and the constraints with a nonzero multiplier are tight (their expressions are 0 there, or
/// their slack is). Queries run only on demand and change nothing but scratch marks.

/// One constraint's weight in a combination of constraint equations.
public struct ConstraintMultiplier: Hashable, Sendable {
    public let constraint: ConstraintID
    public let multiplier: Double
}

/// How a quantity's value at the optimum follows from the constraints: see the file's comment.
public struct LinearExplanation: Sendable {
    /// The quantity's value at the current optimum.
    public let value: Double
    /// The constraints whose equations fix it, in id order: `quantity ≡ value + Σ m_i × expression_i`
    /// up to the free parts below.
    public let multipliers: [ConstraintMultiplier]
    /// Variables that nothing determines, on which the quantity depends (it is then unbounded
    /// both ways on the optimal face).
    public let freeVariables: [Variable]
    /// Constraints whose slack or error may move without losing optimality (no reduced cost at
    /// any strength), on which the quantity depends: they are tight here, but need not be.
    public let looseConstraints: [ConstraintID]
}

/// A proof that a set of constraints cannot all hold (a Farkas certificate): with these
/// multipliers, `Σ m_i × expression_i` is the constant `−shortfall` for every value of the
/// variables, while the relations ask it to be 0 (or of the opposite sign).
public struct ConflictCertificate: Sendable {
    public let multipliers: [ConstraintMultiplier]
    /// How far the target constraint stays from holding when all the others hold: the least
    /// error it can have. Positive.
    public let shortfall: Double
}

extension Solver {
    /// The combination of tight constraint equations that gives `expression` its value at the
    /// optimum.
    ///
    /// - Precondition: every variable was made by this solver.
    public func explain(_ expression: Expression) -> LinearExplanation {
        settle()
        return explanation(ofExpanded: expansion(of: expression), lead: noSymbol)
    }

    /// `explain` and `range(of:)` together, the expression's definition expanded once (on a
    /// long chain that is most of either).
    public func explainWithRange(_ expression: Expression) -> (explanation: LinearExplanation, lower: Double?, upper: Double?) {
        settle()
        let expanded = expansion(of: expression)
        let range = range(ofExpanded: expanded)
        return (explanation(ofExpanded: expanded, lead: noSymbol), range.lower, range.upper)
    }

    /// `expression` written in nonbasic symbols.
    /// - Complexity: O(the definitions it depends on).
    private func expansion(of expression: Expression) -> Row {
        var row = Row(constant: expression.constant)
        for term in expression.terms { row.add(Symbol(term.variable.id), term.coefficient) }
        return tableau.expandDefinitions(row)
    }

    /// For a broken optional constraint, its error at the optimum as a combination of tight
    /// constraint equations (its own included): the constraints that hold it back. nil when it
    /// holds (its error is zero) or `id` is not held.
    public func explainError(of id: ConstraintID) -> LinearExplanation? {
        settle()
        guard hasConstraint(id), let record = constraints[id.id], !record.isRequired else { return nil }
        for error in record.errorSymbols {
            let slot = tableau.slotOfBasic[Int(error)]
            guard slot.exists, Tolerance.isPositive(tableau.rows[slot.index].constant) else { continue }
            // Rows of restricted symbols name no user variable: the row is already expanded.
            return explanation(ofExpanded: tableau.rows[slot.index], lead: error)
        }
        return nil
    }

    /// The least and greatest value of `expression` over all optimal solutions (nil: unbounded
    /// that way). Equal bounds mean the value is not ambiguous.
    ///
    /// The optimal solutions are the feasible points where every nonbasic symbol with a reduced
    /// cost stays zero: a small linear program over the free symbols the expression depends on
    /// and the restricted rows that hold them, solved exactly in a scratch solver.
    public func range(of expression: Expression) -> (lower: Double?, upper: Double?) {
        settle()
        return range(ofExpanded: expansion(of: expression))
    }

    private func range(ofExpanded expanded: Row) -> (lower: Double?, upper: Double?) {
        let value = expanded.constant
        guard case .face(let seeds, let coefficients) = tableau.faceDependence(ofExpanded: expanded) else { return (nil, nil) }
        if seeds.isEmpty { return (value, value) }
        // The same program that explains ambiguity (FaceProgram.swift), once each way; kept
        // with the details until the tableau changes, so that explaining the edges of views on
        // one face builds it once.
        faceMemo.invalidate(unless: tableau.changes.generation)
        let program = faceMemo.program(covering: seeds, in: &tableau)
        let upper = program.maximum(seeds, coefficients)
        let lower = program.maximum(seeds, coefficients.map { -$0 }).map { -$0 }
        return (lower.map { value + $0 }, upper.map { value + $0 })
    }

    /// Whether the constraints `members` (all taken as required) cannot hold together; if so, a
    /// minimal subset of them that still cannot hold with `id`, sorted (without `id`). The search
    /// is the deletion filter of conflict detection, in scratch solvers.
    ///
    /// - Precondition: this solver holds `id` and every member.
    /// - Complexity: O(k) scratch solvers for k members, each built from at most k + 1
    ///   constraints: quadratic in the set asked about, independent of the rest of the layout.
    public func minimalConflict(of id: ConstraintID, among members: [ConstraintID]) -> [ConstraintID]? {
        settle()
        guard let record = constraints[id.id] else { return nil }
        let others = members.filter { $0 != id && constraints[$0.id] != nil }
        guard unsatisfiableSubset(record, id, others) != nil else { return nil }
        return minimalConflict(with: record, id: id, within: others)
    }

    /// Every required constraint held, by id: the candidates for a conflict search.
    public var requiredConstraints: [ConstraintID] {
        constraints.indices.compactMap { index in constraints[index]?.isRequired == true ? ConstraintID(id: index) : nil }
    }

    /// The Farkas certificate of a set of constraints that cannot all hold: the others taken as
    /// required, `target` as optional, the error `target` is left with and the combination of
    /// equations that proves it cannot be less. nil when the others cannot hold even without
    /// `target` (the set is not minimal) or the set can hold after all.
    ///
    /// - Precondition: this solver holds `target` and every member.
    public func conflictCertificate(_ members: [ConstraintID], target: ConstraintID) -> ConflictCertificate? {
        settle()
        var copy = ScratchCopy()
        var original: [ConstraintID: ConstraintID] = [:]
        for id in members where id != target {
            guard let record = constraints[id.id],
                  case .added(let copied) = copy.scratch.insert(copy.translate(record.expression), record.relation, .required)
            else { return nil }
            original[copied] = id
        }
        guard let targetRecord = constraints[target.id],
              case .added(let copiedTarget) = copy.scratch.insert(copy.translate(targetRecord.expression), targetRecord.relation, .optional(1))
        else { return nil }
        original[copiedTarget] = target
        guard let proof = copy.scratch.explainError(of: copiedTarget) else { return nil }
        let multipliers = proof.multipliers.map { ConstraintMultiplier(constraint: original[$0.constraint]!, multiplier: $0.multiplier) }
        return ConflictCertificate(multipliers: multipliers.sorted { $0.constraint < $1.constraint }, shortfall: proof.value)
    }

    // MARK: Reading multipliers off a row

    /// The explanation of the linear form `lead − expanded` (or `−expanded` without a lead),
    /// where `expanded` names only nonbasic symbols.
    ///
    /// - Complexity: O(k log k) for a row of k entries (a middle edge of a long chain names
    ///   thousands of constraints: no dictionary, no search of what was found).
    private func explanation(ofExpanded row: Row, lead: Symbol) -> LinearExplanation {
        // A constraint can own two symbols of the row (an equality's two errors); its multiplier
        // is read off the first one met, the lead's before any.
        var found: [(owner: Int, multiplier: Double)] = []
        if lead != noSymbol {
            let owner = Int(tableau.owners[Int(lead)])
            found.append((owner, 1 / Self.ownCoefficient(of: lead, in: constraints[owner]!)))
        }
        // Read in the tableau's own method: each call of one on `tableau` from here would
        // copy the struct (two dozen arrays retained and released) for every entry.
        let (free, looseOwners) = tableau.readMultipliers(of: row, constraints: constraints, into: &found)
        // By owner, and within an owner in the order met, so that the first one leads.
        var order = Array(found.indices)
        order.sort { (found[$0].owner, $0) < (found[$1].owner, $1) }
        var terms: [ConstraintMultiplier] = []
        var last = -1
        for (owner, multiplier) in order.lazy.map({ found[$0] }) where owner != last {
            last = owner
            if !Tolerance.isZero(multiplier) { terms.append(ConstraintMultiplier(constraint: ConstraintID(id: owner), multiplier: multiplier)) }
        }
        var loose: [ConstraintID] = []
        for owner in looseOwners.sorted() where loose.last?.id != owner { loose.append(ConstraintID(id: owner)) }
        return LinearExplanation(value: row.constant + 0.0, multipliers: terms, freeVariables: free, looseConstraints: loose)
    }

    /// The coefficient of one of a constraint's own symbols in its original equation
    /// (see `makeRow`).
    fileprivate static func ownCoefficient(of symbol: Symbol, in record: SolverConstraint) -> Double {
        switch (record.relation, record.isRequired) {
        case (.equal, true): return 1
        case (.equal, false): return symbol == record.marker ? -1 : 1
        default: return symbol == record.marker ? record.markerCoefficient : -record.markerCoefficient
        }
    }
}

extension Tableau {
    /// For each entry of the expanded `row`: its owner's multiplier appended to `found`, or
    /// the free user variable; and the owners of the entries free on the optimal face.
    fileprivate func readMultipliers(of row: Row, constraints: [SolverConstraint?],
                                     into found: inout [(owner: Int, multiplier: Double)]) -> (free: [Variable], looseOwners: [Int]) {
        var free: [Variable] = []
        var looseOwners: [Int] = []
        for index in row.liveRange {
            let symbol = row.storedSymbols[index]
            if kinds[Int(symbol)] == .external {
                free.append(Variable(id: Int(symbol)))
                continue
            }
            let owner = Int(owners[Int(symbol)])
            guard owner >= 0, let record = constraints[owner] else { continue }
            found.append((owner, -row.storedCoefficients[index] / Solver.ownCoefficient(of: symbol, in: record)))
            if isFreeOnFace(symbol) { looseOwners.append(owner) }
        }
        return (free, looseOwners)
    }
}

/// A scratch solver holding copies of some of a solver's constraints over variables of its own:
/// conflict searches and certificates run there, at the cost of the constraints copied.
struct ScratchCopy {
    let scratch = Solver()
    private var variables: [Int: Variable] = [:]

    /// The expression over the scratch solver's variables, made on first use.
    mutating func translate(_ expression: Expression) -> Expression {
        var terms: [Term] = []
        for term in expression.terms {
            let variable: Variable
            if let known = variables[term.variable.id] {
                variable = known
            } else {
                variable = scratch.makeVariable()
                variables[term.variable.id] = variable
            }
            terms.append(Term(variable, term.coefficient))
        }
        return Expression(terms, constant: expression.constant)
    }
}
