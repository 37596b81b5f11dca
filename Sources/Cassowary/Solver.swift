/// An incremental solver for systems of linear equalities and inequalities with strict
/// priorities, in the Cassowary family.
///
/// Required constraints must hold. Optional ones are satisfied in strict (lexicographic) priority
/// order: the total error of the highest optional strength is minimized first, then, with that
/// fixed, the next strength, and so on. Each strength has its own objective row, so 250 and 250.5
/// are as distinct as 250 and 1000, and no number of errors at one strength outweighs a single
/// error at a higher one.
///
/// Constraints can be added and removed one at a time, a constraint's constant can be changed in
/// place (the dual simplex repairs the solution), and edit variables take suggested values. The
/// solution is always current after each call.
public final class Solver {
    /// Unchecked: every access to a class's stored property otherwise pays a dynamic exclusivity
    /// check (thread-local look-up, access-set insert and removal), which was a third of the cost
    /// of `value(of:)`, called once per variable per frame. The solver calls out to no user code,
    /// so no access to the tableau can overlap another.
    @exclusivity(unchecked) var tableau = Tableau()
    /// 0: no row holds gaps; 1: the last call was a removal; 2: rows may hold gaps (a run of
    /// removals, Row+Gaps.swift), packed again by `settle()` before any other read. Here and not
    /// in the tableau: a debug build copies the whole tableau to read one of its fields.
    @exclusivity(unchecked) var gapState: UInt8 = 0
    /// Whether `retract` may hand a long leaving row's slot to a short row that holds the marker
    /// (`Tableau.retractHandingLongSlot`); tests turn it off to compare with the general path.
    var handsLongSlots = true
    var constraints: [SolverConstraint?] = []
    /// The distinct strengths constraints were given, by place: +∞ (required) first, then the
    /// optional priorities in the order first met. A record keeps a place, 4 bytes of a word it
    /// shares, where the priority was 8 bytes of every record. Only grows: a place a rollback
    /// leaves unused is harmless, and reused when its priority comes again.
    var priorities: [Double] = [.infinity]
    var priorityPlaces: [Double: UInt32] = [:]
    var edits: [Int: ConstraintID] = [:]
    /// Answers on the optimal face kept until the tableau changes.
    var faceMemo = FaceMemo()
    /// Set when a constraint's row, once its definitions were put in, held a number beyond
    /// Double's range: multipliers compounding along a chain. Whatever the insertion then
    /// concluded (often "unsatisfiable", from an infinite constant) is not about the layout.
    public internal(set) var overflowed = false

    public init() {}

    /// Packs the rows that a run of removals left with gaps (Row+Gaps.swift): only the removal
    /// path reads such rows, so every public entry that reads the tableau calls this first,
    /// `removeConstraint` excepted. One test when there are none.
    @inline(__always)
    func settle() {
        if gapState != 0 {
            tableau.settleGaps()
            gapState = 0
        }
    }

    /// An independent copy of this solver: same variables, constraints, ids and solution, down
    /// to the last bit. Taking one is cheap (the arrays are shared until either side writes);
    /// a caller keeps it to go back to exactly this state, which re-solving cannot promise.
    ///
    /// - Complexity: O(1) to take; the first write on either side then copies each array it
    ///   touches, O(size of that array) once.
    public func copy() -> Solver {
        settle()
        let copy = Solver()
        copy.tableau = tableau
        copy.constraints = constraints
        copy.priorities = priorities
        copy.priorityPlaces = priorityPlaces
        copy.edits = edits
        copy.faceMemo = faceMemo
        copy.overflowed = overflowed
        // The copy starts with no undo steps of its own.
        copy.tableau.trail = SolverTrail()
        return copy
    }

    /// A new variable. It is free (and so ambiguous) until constraints pin it.
    public func makeVariable() -> Variable {
        settle()
        return Variable(id: Int(tableau.newSymbol(.external)))
    }

    /// The number of constraints currently held.
    public var constraintCount: Int { constraints.lazy.filter { $0 != nil }.count }

    public func hasConstraint(_ id: ConstraintID) -> Bool {
        id.id >= 0 && id.id < constraints.count && constraints[id.id] != nil
    }

    /// The current value of `variable`.
    ///
    /// - Precondition: `variable` was made by this solver.
    public func value(of variable: Variable) -> Double {
        // No `settle()`: a value is read from the tableau's values, or from a row's constant,
        // and `refreshValues` packs the rows it reads. Called per variable per frame.
        tableau.currentValue(of: Symbol(variable.id)) + 0.0
    }

    // MARK: Constraints

    /// Adds `expression REL 0` at `strength`. A required constraint that cannot hold together
    /// with the required constraints already present is refused, and the error names a minimal
    /// set of them that it conflicts with; the solver is then unchanged.
    ///
    /// - Throws: `UnsatisfiableConstraint` when a required constraint cannot hold.
    /// - Precondition: every coefficient and the constant are finite; an optional strength is
    ///   finite and positive; every variable was made by this solver.
    /// - Complexity: incremental: substituting the basic variables into the new row (O(its
    ///   terms × the rows they name)), then the pivots that restore feasibility and optimality,
    ///   each touching only the rows that hold the entering symbol. A refused required
    ///   constraint also pays `minimalConflict`, which depends on the conflict, not the layout.
    @discardableResult
    public func addConstraint(
        _ expression: Expression, _ relation: Relation, _ strength: Strength
    ) throws(UnsatisfiableConstraint) -> ConstraintID {
        settle()
        switch insert(expression, relation, strength) {
        case .added(let id):
            return id
        case .unsatisfiable(let support, let id, let record):
            throw UnsatisfiableConstraint(conflicting: minimalConflict(with: record, id: id, within: support))
        }
    }

    /// Removes a constraint; the solution is re-optimized.
    ///
    /// - Precondition: this solver holds `id` (it was added here and not removed since).
    public func removeConstraint(_ id: ConstraintID) {
        guard let record = constraints[id.id] else { preconditionFailure("unknown constraint \(id.id)") }
        setConstraint(id, nil)
        // No `settle()`: the removal path reads rows with gaps (merges, searches and counts do),
        // and the second removal in a row lets long rows take gaps.
        if gapState == 0 {
            gapState = 1
        } else {
            gapState = 2
            tableau.allowGaps()
        }
        retract(record)
        tableau.optimize()
    }

    /// Changes the constant of a constraint's expression in place, the fast path for editing a
    /// constraint. A required constraint whose new constant cannot hold is refused with the
    /// minimal conflicting set, and nothing changes.
    ///
    /// - Throws: `UnsatisfiableConstraint` when a required constraint cannot hold with the new
    ///   constant.
    /// - Precondition: this solver holds `id`.
    public func setConstant(_ id: ConstraintID, to constant: Double) throws(UnsatisfiableConstraint) {
        settle()
        guard var record = constraints[id.id] else { preconditionFailure("unknown constraint \(id.id)") }
        let delta = constant - record.expression.constant
        if delta == 0 { return }
        shiftConstant(of: record, by: delta)
        let failed = tableau.dualOptimize()
        if failed != noSymbol {
            let support = supportOfRow(basic: failed, excluding: id)
            shiftConstant(of: record, by: -delta)
            let repaired = tableau.dualOptimize()
            assert(repaired == noSymbol, "the previous constant was satisfiable")
            record.expression.constant = constant
            throw UnsatisfiableConstraint(conflicting: minimalConflict(with: record, id: id, within: support))
        }
        record.expression.constant = constant
        setConstraint(id, record)
    }

    /// The constraint as it was given, or nil once it was removed.
    ///
    /// - Precondition: `id` was handed out by this solver.
    public func constraint(_ id: ConstraintID) -> (expression: Expression, relation: Relation, strength: Strength)? {
        guard let record = constraints[id.id] else { return nil }
        return (record.expression, record.relation, strength(of: record))
    }

    // MARK: Edit variables

    /// Makes `variable` editable: `suggestValue` then pulls it towards a value at `strength`.
    ///
    /// - Precondition: `strength` is optional (finite and positive), `variable` was made by this
    ///   solver and is not an edit variable already.
    public func addEditVariable(_ variable: Variable, strength: Strength) {
        precondition(strength != .required, "edit variables are optional")
        precondition(edits[variable.id] == nil, "already an edit variable")
        let id = try! addConstraint(Expression([Term(variable)]), .equal, strength)
        edits[variable.id] = id
    }

    /// Makes `variable` an ordinary variable again, dropping the pull towards its suggested
    /// value; nothing happens when it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) {
        guard let id = edits.removeValue(forKey: variable.id) else { return }
        removeConstraint(id)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    /// Suggests a value for an edit variable: the drag and window-resize fast path (a constant
    /// change and a few dual simplex pivots, no new rows).
    ///
    /// - Precondition: `variable` is an edit variable (see `addEditVariable`).
    public func suggestValue(_ variable: Variable, _ value: Double) {
        guard let id = edits[variable.id] else { preconditionFailure("not an edit variable") }
        // An optional constraint can always absorb a new constant in its error, so this cannot fail.
        try? setConstant(id, to: -value)
    }
}

extension Solver {
    /// `strength`'s place in `priorities`, added when new.
    func priorityPlace(of strength: Strength) -> UInt32 {
        guard case .optional(let priority) = strength else { return 0 }
        if let place = priorityPlaces[priority] { return place }
        let place = UInt32(priorities.count)
        priorities.append(priority)
        priorityPlaces[priority] = place
        return place
    }

    func strength(of record: SolverConstraint) -> Strength {
        record.isRequired ? .required : .optional(priorities[record.priority])
    }
}

/// What the solver remembers of a constraint: as given, and the tableau symbols made for it.
struct SolverConstraint {
    // One is kept for every constraint, so the layout counts: 24 bytes a record (it was 64, then
    // 56, 40, 32). The id is the record's index in `constraints`, not kept; the strength is
    // kept as its place in the solver's table of priorities (`Solver.priorities`, 0 for
    // required), beside the relation in the low two bits of one word; the second error symbol
    // is made right after the marker (`makeRow`), so it is computed, as is the marker's
    // coefficient.
    var expression: Expression
    /// The symbol whose row removal takes the constraint out of the tableau.
    private(set) var marker: Symbol
    private var priorityAndRelation: UInt32

    /// `priority` is the strength's place in `Solver.priorities` (0: required).
    init(expression: Expression, relation: Relation, priority: UInt32, marker: Symbol, other: Symbol) {
        precondition(priority < 1 << 30, "distinct priorities fit in 30 bits")
        self.expression = expression
        let code: UInt32 = switch relation {
        case .equal: 0
        case .lessThanOrEqual: 1
        case .greaterThanOrEqual: 2
        }
        priorityAndRelation = priority << 2 | code
        self.marker = marker
        assert(other == (priority == 0 ? noSymbol : marker + 1),
               "an optional constraint's second error is made right after its marker")
    }

    /// The strength's place in `Solver.priorities` (0: required).
    var priority: Int { Int(priorityAndRelation >> 2) }

    var relation: Relation {
        switch priorityAndRelation & 3 {
        case 0: return .equal
        case 1: return .lessThanOrEqual
        default: return .greaterThanOrEqual
        }
    }

    /// The second error symbol of an optional constraint (noSymbol otherwise).
    var other: Symbol { isRequired ? noSymbol : marker &+ 1 }

    /// The marker's coefficient in the constraint's own equation, which tells how a change of
    /// the constant moves it: +1 for a required equality's dummy and a `<=` slack, −1 for a
    /// `>=` slack and an optional equality's first error (`Solver.makeRow`).
    var markerCoefficient: Double {
        switch relation {
        case .equal: return isRequired ? 1 : -1
        case .lessThanOrEqual: return 1
        case .greaterThanOrEqual: return -1
        }
    }

    var isRequired: Bool { priorityAndRelation >> 2 == 0 }
    var errorSymbols: [Symbol] {
        switch (relation, isRequired) {
        case (_, true): return []
        case (.equal, false): return [marker, other]
        default: return [other]
        }
    }
}

enum InsertOutcome {
    case added(ConstraintID)
    /// The required constraints (other than the new one) of a proof that it cannot hold.
    case unsatisfiable(support: [ConstraintID], id: ConstraintID, record: SolverConstraint)
}

// MARK: - Undo steps

extension Solver {
    /// Opens an undo step: every change from now on can be taken back by `rollBackStep`, exactly
    /// (bit for bit: the tableau, the constraints and the ids handed out), until the step is
    /// forgotten. Steps stack; with none open nothing is recorded.
    ///
    /// - Precondition: called between two calls of the solver (not from inside one).
    /// - Complexity: O(1) (the edit variables, a few, are kept whole).
    public func beginStep() {
        settle()
        precondition(tableau.objectives.artificial == noSymbol, "a step begins between two calls of the solver")
        tableau.trail.begin(symbolCount: tableau.kinds.count, rowCount: tableau.rows.count,
                            constraintCount: constraints.count, edits: edits, overflowed: overflowed)
    }

    /// Takes the newest open step back: the solver is again exactly as it was when the step
    /// opened. The caller's next `takeChangedVariables` lists the variables whose value or
    /// ambiguity the rollback changed.
    ///
    /// - Precondition: a step is open.
    /// - Complexity: the writes the step made (never the size of the layout).
    public func rollBackStep() {
        settle()
        precondition(openSteps > 0, "no step to roll back")
        let step = tableau.rollBackStep(constraints: &constraints)
        if !tableau.gappedSlots.isEmpty { gapState = 2 }
        edits = step.edits
        overflowed = step.overflowed
        faceMemo = FaceMemo()
    }

    /// Forgets all but the newest `depth` open steps: their changes stay, and they can no longer
    /// be rolled back (what keeps the trail's memory bounded).
    public func forgetSteps(keepingNewest depth: Int) {
        guard openSteps > depth else { return }
        tableau.trail.forget(keepingNewest: depth)
    }

    /// How many undo steps are open (`beginStep`) and not forgotten.
    public var openSteps: Int { tableau.trail.openSteps }

    /// Replaces a constraint's record, recorded for an open step.
    func setConstraint(_ id: ConstraintID, _ record: SolverConstraint?) {
        if tableau.trail.isRecording { tableau.trail.recordConstraint(id.id, constraints[id.id]) }
        constraints[id.id] = record
    }
}
