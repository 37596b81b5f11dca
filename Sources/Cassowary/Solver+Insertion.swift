/// Adding and taking out constraints: building a constraint's row, choosing the symbol it is
/// solved for, the phase-one fallback, and the proof extracted when a required constraint fails.
extension Solver {
    func insert(_ expression: Expression, _ relation: Relation, _ strength: Strength) -> InsertOutcome {
        precondition(expression.constant.isFinite && expression.terms.allSatisfy { $0.coefficient.isFinite },
                     "constraint numbers must be finite")
        if case .optional(let priority) = strength {
            precondition(priority.isFinite && priority > 0, "optional strengths are positive")
        }
        let id = ConstraintID(id: constraints.count)
        let (lazyRow, record) = makeRow(expression, relation, strength, id: id)
        // By a quarter, not doubling: one record per constraint, half of them unused at worst.
        if constraints.count == constraints.capacity {
            constraints.reserveCapacity(grownLength(toHold: constraints.count, from: constraints.count))
        }
        constraints.append(record)

        // The cheap case, and the common one while a layout is being built: a user variable that
        // no definition mentions yet can be defined by this row as it stands, references and all.
        if let subject = unreferencedVariable(in: lazyRow) {
            var row = lazyRow
            row.solve(for: subject)
            tableau.place(row, basic: subject)
            tableau.optimize()
            return .added(id)
        }

        var row = tableau.expandDefinitions(lazyRow)
        if !row.constant.isFinite || !row.withLiveCoefficients({ $0.allSatisfy(\.isFinite) }) { overflowed = true }
        if let subject = leastUsedVariable(in: row) {
            // Its definition names only nonbasic symbols, so it cannot close a cycle; definitions
            // that mention it keep doing so.
            row.solve(for: subject)
            tableau.place(row, basic: subject)
            tableau.optimize()
            return .added(id)
        }

        // No user variable left: the row joins the restricted part of the tableau.
        if row.constant < 0 { row.negate() }
        var subject = restrictedSubject(row, record)
        if subject == noSymbol && row.withLiveSymbols({ $0.allSatisfy { tableau.kinds[Int($0)] == .dummy } }) {
            if !Tolerance.isZero(row.constant) {
                // `0 = c + Σ dummies`: the required equalities behind those dummies already fix
                // this expression at another value.
                let support = supportOf(row, excluding: id)
                retract(record)
                setConstraint(id, nil)
                return .unsatisfiable(support: support, id: id, record: record)
            }
            // Redundant but consistent: the constraint's own dummy becomes basic.
            subject = record.marker
        }
        if subject == noSymbol {
            if let support = addWithArtificialVariable(row, record, id: id) {
                setConstraint(id, nil)
                tableau.optimize()
                return .unsatisfiable(support: support, id: id, record: record)
            }
        } else {
            row.solve(for: subject)
            tableau.substitute(subject, by: row)
            tableau.place(row, basic: subject)
        }
        tableau.optimize()
        return .added(id)
    }

    /// The row `0 = expression + markers`, user variables left as they are (basic or not), and
    /// the record of the symbols made for the constraint. Errors enter their strength's objective.
    func makeRow(_ expression: Expression, _ relation: Relation, _ strength: Strength, id: ConstraintID)
        -> (Row, SolverConstraint)
    {
        // Its terms and at most two symbols of the constraint's own.
        var row = Row(constant: expression.constant, capacity: expression.terms.count + 2)
        for term in expression.terms { row.add(Symbol(term.variable.id), term.coefficient) }
        let owner = Int32(id.id)
        var marker = noSymbol, other = noSymbol
        var markerCoefficient = 1.0
        switch (relation, strength) {
        case (.equal, .required):
            marker = tableau.newSymbol(.dummy, owner: owner)
            row.add(marker, 1)
        case (.equal, .optional(let priority)):
            marker = tableau.newSymbol(.error, owner: owner)
            other = tableau.newSymbol(.error, owner: owner)
            markerCoefficient = -1
            row.add(marker, -1)
            row.add(other, 1)
            addToObjective([marker, other], priority: priority)
        case (.lessThanOrEqual, _), (.greaterThanOrEqual, _):
            markerCoefficient = relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.newSymbol(.slack, owner: owner)
            row.add(marker, markerCoefficient)
            if case .optional(let priority) = strength {
                other = tableau.newSymbol(.error, owner: owner)
                row.add(other, -markerCoefficient)
                addToObjective([other], priority: priority)
            }
        }
        precondition(id.id >= 0 && id.id < Int(Int32.max), "constraint ids fit in 31 bits")
        let record = SolverConstraint(
            expression: expression, relation: relation, priority: priorityPlace(of: strength),
            marker: marker, other: other)
        assert(record.markerCoefficient == markerCoefficient)
        return (row, record)
    }

    /// A nonbasic user variable in `row` that no row mentions: defining it by `row` is exact
    /// (nothing else contributes to its coefficient) and cannot create a cycle.
    private func unreferencedVariable(in row: Row) -> Symbol? {
        for index in row.liveRange {
            let symbol = row.storedSymbols[index]
            guard tableau.kinds[Int(symbol)] == .external && !tableau.isBasic(symbol) else { continue }
            tableau.compactColumn(symbol)
            if tableau.columns.isEmpty(symbol) { return symbol }
        }
        return nil
    }

    /// The nonbasic user variable of an expanded row that occurs in the fewest rows.
    private func leastUsedVariable(in row: Row) -> Symbol? {
        var best: Symbol?
        var bestCount = Int.max
        for index in row.liveRange {
            let symbol = row.storedSymbols[index]
            guard tableau.kinds[Int(symbol)] == .external else { continue }
            let count = tableau.columns.count(of: symbol)
            if count < bestCount {
                best = symbol
                bestCount = count
            }
        }
        return best
    }

    private func addToObjective(_ errors: [Symbol], priority: Double) {
        let level = tableau.objectiveLevel(for: priority)
        for error in errors { tableau.addToObjective(level, error, 1) }
        _ = tableau.changeMembers(level, by: 1)
    }

    /// A restricted symbol the new row can be solved for without losing feasibility: the
    /// constraint's own marker or error when its coefficient is negative (the row's constant is
    /// nonnegative by then).
    private func restrictedSubject(_ row: Row, _ record: SolverConstraint) -> Symbol {
        for symbol in [record.marker, record.other]
        where symbol != noSymbol && tableau.kinds[Int(symbol)].isRestricted && row.coefficient(of: symbol) < 0 {
            return symbol
        }
        return noSymbol
    }

    /// Phase one: adds the row with an artificial variable and minimizes it. Zero means the
    /// constraint fits, and the artificial variable is dropped. Otherwise the final phase-one
    /// objective is a proof of infeasibility; the constraint is taken out again and the proof's
    /// required constraints are returned.
    private func addWithArtificialVariable(_ row: Row, _ record: SolverConstraint, id: ConstraintID) -> [ConstraintID]? {
        let artificial = tableau.newSymbol(.slack)
        tableau.place(row, basic: artificial)
        tableau.objectives.artificial = artificial
        tableau.objectives.artificialCandidates = SymbolHeap(sorted: row.withLiveSymbols { Array($0) })
        let artificialSlot = tableau.slotOfBasic[Int(artificial)]
        tableau.optimizeArtificial()
        // Pivots keep the slot; whichever row holds it now may have kept places (see RowMerger).
        if tableau.basics[artificialSlot.index] != noSymbol {
            tableau.willRewriteRow(artificialSlot)
            tableau.rows[artificialSlot.index].dropZeros()
        }
        let proof = tableau.isBasic(artificial) ? tableau.row(of: artificial) : Row()
        tableau.objectives.artificial = noSymbol
        tableau.objectives.artificialCandidates = SymbolHeap()

        if Tolerance.isZero(proof.constant) {
            if tableau.isBasic(artificial) {
                var artificialRow = tableau.takeRow(of: artificial)
                // With the artificial variable at zero its row is an equation among the other
                // symbols; some other symbol takes its place as basic. When only dummies are left,
                // the row says the new constraint repeats required equalities: it is kept with a
                // dummy as basic (the new constraint's own if it is there) so that removing one of
                // those equalities later hands its role to the others.
                let entering = artificialRow.symbols.first { tableau.kinds[Int($0)].isRestricted }
                    ?? (artificialRow.contains(record.marker) ? record.marker : artificialRow.symbols.last)
                if let entering {
                    artificialRow.solve(for: entering, replacing: artificial)
                    artificialRow.remove(artificial)
                    tableau.substitute(entering, by: artificialRow)
                    tableau.place(artificialRow, basic: entering)
                }
            }
            tableau.purge(artificial)
            return nil
        }
        let support = supportOf(proof, excluding: id)
        retract(record, alsoPurging: artificial)
        return support
    }

    /// Takes a constraint's equation out of the tableau (Cassowary's removal): its errors leave
    /// their objective, then its marker is made basic and that row dropped.
    ///
    /// Inside a run of removals the tableau's long rows may hold gaps (Row+Gaps.swift): every
    /// tableau call made here reads them as such.
    func retract(_ record: SolverConstraint, alsoPurging extra: Symbol = noSymbol) {
        if !record.isRequired, let level = tableau.objectives.existingLevelIndex(for: priorities[record.priority]) {
            for error in record.errorSymbols {
                tableau.addSymbolToObjective(level, error, times: -1)
            }
            if tableau.changeMembers(level, by: -1) == 0 {
                // Whatever rounding left in the row stops counting as a reduced cost.
                tableau.noteObjectiveChange(tableau.objectives.levels[level].row.nonzeroSymbols)
                tableau.removeObjectiveLevel(at: level)
            }
        }
        let marker = record.marker
        if tableau.isBasic(marker) {
            _ = tableau.takeRow(of: marker)
        } else {
            let leaving = tableau.markerLeavingSymbol(marker)
            if leaving != noSymbol && !tableau.retractIntoLongRow(marker, leaving: leaving)
                && !(handsLongSlots && tableau.retractHandingLongSlot(marker, leaving: leaving)) {
                var row = tableau.takeRow(of: leaving)
                row.compactGaps()  // solved and substituted: read whole, packed
                row.solve(for: marker, replacing: leaving)
                tableau.substitute(marker, by: row)
            }
        }
        // The constraint's other symbols appeared only in its equation; once that is gone they
        // occur nowhere, up to rounding, which purge clears.
        tableau.purge(marker)
        if record.other != noSymbol { tableau.purge(record.other) }
        if extra != noSymbol { tableau.purge(extra) }
    }

    /// Moves a constraint's constant by `delta` inside the tableau. In the constraint's equation
    /// `expression + delta + k·marker` equals `expression + k·(marker + delta/k)`, so the marker
    /// absorbs the change: its own row if basic, else every row that contains it.
    func shiftConstant(of record: SolverConstraint, by delta: Double) {
        let shift = delta / record.markerCoefficient
        let marker = record.marker
        let slot = tableau.slotOfBasic[Int(marker)]
        if slot.exists {
            tableau.shiftRowConstant(slot, by: -shift)
            noteIfInfeasible(slot)
            return
        }
        tableau.compactColumn(marker)
        for slot in tableau.columns.slots(of: marker) {
            let coefficient = tableau.rows[slot.index].coefficient(of: marker)
            tableau.shiftRowConstant(slot, by: coefficient * shift)
            noteIfInfeasible(slot)
        }
        for level in tableau.objectives.levels.indices {
            let coefficient = tableau.objectives.levels[level].row.coefficient(of: marker)
            tableau.shiftObjectiveConstant(level, by: coefficient * shift)
        }
    }

    private func noteIfInfeasible(_ slot: Slot) {
        let basic = tableau.basics[slot.index]
        let row = tableau.rows[slot.index]
        switch tableau.kinds[Int(basic)] {
        case .slack, .error:
            if row.constant < 0 { tableau.noteInfeasible(basic) }
        case .dummy:
            // A basic dummy stands for a redundant equality; a nonzero constant now contradicts
            // the equalities it was redundant with. The dual simplex reports it.
            if !Tolerance.isZero(row.constant) { tableau.noteInfeasible(basic) }
        case .external:
            break
        }
    }

    /// The required constraints whose symbols occur in `row`: the support of the infeasibility
    /// proof that row is. (In such a proof optional constraints carry zero weight.)
    func supportOf(_ row: Row, excluding excluded: ConstraintID) -> [ConstraintID] {
        var ids: [ConstraintID] = []
        for symbol in row.symbols {
            let owner = Int(tableau.owners[Int(symbol)])
            guard owner >= 0, owner != excluded.id, let record = constraints[owner], record.isRequired else { continue }
            ids.append(ConstraintID(id: owner))
        }
        return Array(Set(ids)).sorted()
    }

    func supportOfRow(basic: Symbol, excluding excluded: ConstraintID) -> [ConstraintID] {
        let row = tableau.row(of: basic)
        var ids = supportOf(row, excluding: excluded)
        let owner = Int(tableau.owners[Int(basic)])
        if owner >= 0, owner != excluded.id, let record = constraints[owner], record.isRequired {
            ids.append(ConstraintID(id: owner))
        }
        return Array(Set(ids)).sorted()
    }
}
