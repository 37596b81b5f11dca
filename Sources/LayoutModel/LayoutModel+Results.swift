internal import LayoutVocabulary
internal import Cassowary

/// Reading the solution: frames, broken constraints and their errors, ambiguity.
extension LayoutModel {
    // MARK: - Results

    func evaluate(_ expression: Expression) -> Double {
        var total = expression.constant
        for term in expression.terms { total += term.coefficient * solver.value(of: term.variable) }
        return total
    }

    /// The values of a record's two sides, read in place (no copy of either side's terms).
    func evaluateSides(of record: ConstraintRecord) -> (lhs: Double, rhs: Double) {
        record.sideValues { solver.value(of: $0) }
    }

    /// A view's frame in its superview's coordinates, exactly as the solver has it (solver
    /// noise included: how many decimals are worth showing is the reader's business).
    public func frame(of name: String) -> Frame? {
        guard let info = views[name] else { return nil }
        return Frame(x: solver.value(of: info.x), y: solver.value(of: info.y),
                     width: solver.value(of: info.width), height: solver.value(of: info.height))
    }

    /// Every view's frame, in creation order (root first).
    public func frames() -> [(name: String, frame: Frame)] {
        viewOrder.map { ($0, frame(of: $0)!) }
    }

    /// A view's origin in root coordinates (for pictures).
    public func absoluteOrigin(of name: String) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        var current = views[name]
        while let info = current, info.parent != nil {
            x += solver.value(of: info.x)
            y += solver.value(of: info.y)
            current = views[info.parent!]
        }
        return (x, y)
    }

    /// The two sides of a constraint in the current layout.
    /// x from the superview's left edge, under right-to-left too (frames are never mirrored).
    public func values(of id: String) -> (got: Double, wanted: Double)? {
        guard let record = constraints[id] else { return nil }
        let sign: Double = record.readsLeftward ? -1 : 1
        let sides = evaluateSides(of: record)
        return (sign * sides.lhs, sign * sides.rhs)
    }

    /// How far a constraint is from holding, in points (0 when it holds).
    public func error(of id: String) -> Double {
        guard let record = constraints[id] else { return 0 }
        let sides = evaluateSides(of: record)
        return Self.error(got: sides.lhs, wanted: sides.rhs, relation: record.spec.relation)
    }

    static func error(got: Double, wanted: Double, relation: LayoutRelation) -> Double {
        switch relation {
        case .equal: abs(got - wanted)
        case .greaterThanOrEqual: max(0, wanted - got)
        case .lessThanOrEqual: max(0, got - wanted)
        }
    }

    /// Active constraints that do not hold (by more than `Tolerance.brokenBy` points), plus every broken
    /// required one, in creation order.
    public func brokenConstraints() -> [BrokenConstraint] {
        // The table's slots are in creation order until a removal frees one for a later
        // constraint: the list found is then in order as it is, and is returned, not copied
        // twice over (sorted, then stripped of serials: at 100 000 views two copies of every
        // broken width at the peak of the final report).
        var found: [BrokenConstraint] = [], serials: [Int] = []
        for record in constraints.values {
            if let broken = brokenState(of: record) {
                found.append(broken)
                serials.append(record.serial)
            }
        }
        if serials.indices.dropFirst().allSatisfy({ serials[$0 - 1] < serials[$0] }) { return found }
        return serials.indices.sorted { serials[$0] < serials[$1] }.map { found[$0] }
    }

    /// Whether `ancestor` is `view`'s superview, or its superview's, and so on.
    func contains(_ ancestor: String, _ view: String) -> Bool {
        var current = views[view]?.parent
        while let name = current {
            if name == ancestor { return true }
            current = views[name]?.parent
        }
        return false
    }

    /// The constraint as a broken one, or nil when it holds (or is inactive or gone).
    public func brokenState(of id: String) -> BrokenConstraint? {
        constraints[id].flatMap(brokenState(of:))
    }

    /// The record as a broken one, or nil when it holds (or is inactive).
    package func brokenState(of record: ConstraintRecord) -> BrokenConstraint? {
        guard record.isActive, record.isBroken || !record.priority.isRequired else { return nil }
        let (lhs, rhs) = evaluateSides(of: record)
        let error = Self.error(got: lhs, wanted: rhs, relation: record.specRelation)
        guard record.isBroken || Tolerance.isMissed(by: error) else { return nil }
        let sign: Double = record.readsLeftward ? -1 : 1
        let got = sign * lhs, wanted = sign * rhs
        let spec = record.spec
        return BrokenConstraint(id: record.id, autoresizingMask: record.autoresizingMask, priority: spec.priority.rawValue,
                                isBrokenRequired: record.isBroken, wanted: wanted, got: got, error: error, spec: spec,
                                secondItemMoved: spec.secondItem.map { contains(spec.firstItem, $0) } ?? false,
                                isMirrored: record.readsLeftward)
    }

    /// What a report reads of a view after a change, found once: its creation order, its frame
    /// as the solver has it and as placed (`placedFrame(of:)`), and its ambiguous components.
    /// Nil for an unknown name.
    public func reportedResult(of name: String) -> (serial: Int, frame: Frame, placed: Frame, ambiguous: [FrameComponent])? {
        guard let info = views[name] else { return nil }
        let frame = Frame(x: solver.value(of: info.x), y: solver.value(of: info.y),
                          width: solver.value(of: info.width), height: solver.value(of: info.height))
        return (info.serial, frame, scale == nil ? frame : placedFrame(of: name)!, ambiguousComponents(of: info))
    }

    /// What a report reads of a constraint after a change, found once: its creation order,
    /// and how it is broken — nil when it holds, and for the constraints a stack makes to give
    /// way (`givesWayByDesign`). Nil for an unknown id.
    public func reportedBrokenState(of id: String) -> (serial: Int, broken: BrokenConstraint?)? {
        guard let record = constraints[id] else { return nil }
        let byDesign = record.identifier.map(StackLayout.fittingIdentifiers.contains) ?? false
        return (record.serial, byDesign ? nil : brokenState(of: record))
    }

    /// What may have changed in the results since the last call: the views whose frame or
    /// ambiguity may differ, and the constraints whose broken state (`brokenState`) may differ. Both
    /// are supersets, in no particular order; a report re-reads only these, so its cost follows
    /// what the inputs changed rather than the size of the layout.
    public func takeResultChanges() -> (views: Set<String>, constraints: Set<String>) {
        var changedViews = Set<String>()
        var changedConstraints = changedConstraintIDs
        changedConstraintIDs = []
        // Slots first: a constraint names several changed variables, and an id is dearer to
        // hash than its slot.
        var slots = Set<Int32>()
        let variables = solver.takeChangedVariables()
        var changedVariables = Set<Int>(minimumCapacity: variables.count)
        for variable in variables {
            changedVariables.insert(variable.id)
            if variable.id < variableOwners.count, let view = variableOwners[variable.id] { changedViews.insert(view) }
            if variable.id < constraintsByForeignVariable.count { constraintsByForeignVariable[variable.id].insertAll(into: &slots) }
        }
        // The constraints on the views that moved (`constraintIDs(naming:)`), each view's
        // looked up once; those that name none of the changed variables are left out below, as
        // a list by variable left them out (counted, they made a report reload past its share).
        for view in changedViews {
            guard let touchingSlots = touching[view] else { continue }
            for slot in touchingSlots { slots.insert(slot) }
        }
        for slot in slots {
            // Moved values change the state of an active optional or broken constraint only
            // (`brokenState`); any other constraint changes state by being added, removed,
            // changed or broken, which `changedConstraintIDs` notes. On a chain that skips
            // the required links and sizes of every view that moved.
            guard let record = constraints.record(inSlot: Int(slot)),
                  record.isActive, record.isBroken || !record.priority.isRequired,
                  record.allSideTerms.contains(where: { changedVariables.contains($0.variable.id) }) else { continue }
            changedConstraints.insert(record.id)
        }
        if scale != nil {
            // A placed frame is rounded in the root's coordinates: a view moves on the pixel
            // grid when any ancestor moves, though its own values stay.
            for view in Array(changedViews) { changedViews.formUnion(subtree(of: view)) }
        }
        return (changedViews, changedConstraints)
    }

    /// About how many names the next `takeResultChanges` lists: the constraints added,
    /// removed or changed, and one for each changed variable (its view, or a constraint naming
    /// it). Enough for a reader that reads everything anew past a share of the layout to
    /// decide without the sets.
    public var changedResultEstimate: Int { changedConstraintIDs.count + solver.changedVariableCount() }

    /// `takeResultChanges` for a reader that reads everything anew anyway: the same changes
    /// taken (from the model and the solver), without the sets of names made from them.
    public func discardResultChanges() {
        changedConstraintIDs = []
        _ = solver.takeChangedVariables()
    }

    /// How many constraints are noted as changed since the last `takeResultChanges` (a lower
    /// bound of `changedResultEstimate`, without the solver's count, which refreshes its values).
    public var changedConstraintCount: Int { changedConstraintIDs.count }

    /// Forgets the constraints noted as changed since the last `takeResultChanges`, for a caller
    /// whose next report reads everything anew (a reload takes no changes): unreported lines
    /// (`--final`, a script) noted every constraint they made in a set that only the last report
    /// emptied, at the peak of a 10 000-view run 210 bytes per view. Kept while precision may be
    /// lost: `checkPrecision` looks at every constraint changed since the last report.
    public func forgetChangedConstraintsBeforeReload() {
        if mayLosePrecision || changedConstraintIDs.isEmpty { return }
        // Emptied keeping its room (a few hundred ids): the next lines note theirs in it again.
        changedConstraintIDs.removeAll(keepingCapacity: changedConstraintIDs.count <= 1024)
    }

    /// False when a frame value changed since the last `takeResultChanges` is infinite or not
    /// a number (the layout overflowed Double); the caller takes the change back.
    public var changedFramesAreFinite: Bool { solver.changedValuesAreFinite() }

    /// The ambiguous frame components of a view (exact: from the solver).
    public func ambiguousComponents(of name: String) -> [FrameComponent] {
        views[name].map(ambiguousComponents(of:)) ?? []
    }

    private func ambiguousComponents(of info: ViewInfo) -> [FrameComponent] {
        // A stack's spacers are constrained on one axis only, as UIKit makes them: the other
        // axis is no frame anyone sees.
        guard info.parent != nil, info.kind != .stackSpacer else { return [] }
        var components: [FrameComponent] = []
        if solver.isAmbiguous(info.x) { components.append(.x) }
        if solver.isAmbiguous(info.y) { components.append(.y) }
        if solver.isAmbiguous(info.width) { components.append(.width) }
        if solver.isAmbiguous(info.height) { components.append(.height) }
        return components
    }

    /// Ambiguous frame components per view, in creation order (exact: from the solver).
    public func ambiguity() -> [(view: String, components: [FrameComponent])] {
        var result: [(view: String, components: [FrameComponent])] = []
        for name in viewOrder {
            let components = ambiguousComponents(of: name)
            if !components.isEmpty { result.append((name, components)) }
        }
        return result
    }
}
