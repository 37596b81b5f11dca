internal import LayoutVocabulary
public import UndoTrail
internal import Cassowary

/// Undo: the model's one way back is the trail (`UndoTrail`). Every undoable stored property is
/// a trailed container (or `scalars`, saved whole per step), and the solver trails itself, so a
/// step opened with `beginStep` is taken back exactly by `rollBackStep`, at the cost of what the
/// step wrote. `LayoutModelTrailTests` walks the stored properties and fails on one that is
/// neither trailed nor listed as outside undo, so a new field cannot be missed.
extension LayoutModel: TrailRecording {
    /// Opens an undo step: from now on every write of the model (and its solver) can be taken
    /// back by `rollBackStep`. Steps stack.
    /// - Complexity: O(1) per container (a few dozen), never the size of the layout.
    public func beginStep() {
        solver.beginStep()
        forEachTrail(BeginStep())
    }

    /// Takes the newest step back: the model is again exactly as it was when the step opened.
    /// The next `takeResultChanges` lists the views whose values moved back and the constraints
    /// the step touched, so a report after an undo costs what the step changed.
    /// - Precondition: a step is open (`openSteps > 0`).
    /// - Complexity: the writes the step made.
    public func rollBackStep() {
        changedConstraintIDs.formUnion(constraints.idsWrittenInNewestStep())
        solver.rollBackStep()
        forEachTrail(RollBackStep())
        // The step may have added, removed or moved items: what readers derived from the tree
        // is stale (bumped, never rolled back, so a later change cannot bring an old count back).
        hierarchyChanges += 1
        viewOrderBreaks += 1
        marginViewChanges += 1
        events = []
    }

    /// Forgets all but the newest `depth` steps: their changes stay, but can no longer be
    /// taken back (what bounds the trail's memory).
    /// (No early return on the solver's count of open steps: `forgetSolverSteps` may have
    /// emptied the solver's trail while the containers still hold theirs.)
    public func forgetSteps(keepingNewest depth: Int) {
        solver.forgetSteps(keepingNewest: depth)
        forEachTrail(ForgetSteps(depth: depth))
    }

    /// Forgets every step of the solver's trail now, leaving the containers' steps to the next
    /// `forgetSteps`. For an owner that never takes a finished step back (a script run with
    /// no `undo`): one line that moves a long chain records the objective's coefficients at
    /// each of its pivots, and that trail, kept until a batch of steps was forgotten, was the
    /// largest single item at the peak of such a run (1.3 KB per view of the squeezed chain).
    /// The solver keeps one journal, so this costs O(1) plus freeing it; visiting every
    /// container at each line instead cost 7% of a `--final` run.
    /// - Precondition: no step is open; afterwards no step opened before this call may be
    ///   rolled back (the containers would go back without the solver).
    public func forgetSolverSteps() {
        solver.forgetSteps(keepingNewest: 0)
    }

    /// How many steps can still be rolled back (none after `forgetSolverSteps`).
    public var openSteps: Int { solver.openSteps }

    /// The ids of the constraints the newest step added, removed or changed (a superset), for
    /// a report of what rolling it back changes: read it before `rollBackStep`.
    public func constraintIDsWrittenInNewestStep() -> Set<String> {
        constraints.idsWrittenInNewestStep()
    }

    /// Runs `body` on every trailed stored property: the one list of them (the test that walks
    /// the stored properties checks that none is missing here).
    /// (A visitor, not a closure over `any TrailRecording`: boxing a container would share its
    /// storage with the box, and the first write would copy all of it.)
    private func forEachTrail(_ visitor: some TrailVisitor) {
        visitor.visit(&views)
        visitor.visit(&viewList)
        visitor.visit(&constraints)
        visitor.visit(&constraintList)
        visitor.visit(&guideNames)
        visitor.visit(&scalars)
        visitor.visit(&touching)
        visitor.visit(&variableOwners)
        visitor.visit(&constraintsByForeignVariable)
        visitor.visit(&solverNames)
        visitor.visit(&sizeFloors)
    }
}

extension LayoutModel {
    /// The stored properties undo leaves alone, each with why (the tests that walk the stored
    /// properties accept these and no other untrailed one).
    package static let untrailedFields: [String: String] = [
        "solver": "trails itself: beginStep opens its step too",
        "changedConstraintIDs": "what the next report must look at again, not state",
        "events": "what the operations since the last report did, not state",
        "rootWidthID": "made once in init, never changed",
        "rootHeightID": "made once in init, never changed",
        "hierarchyChanges": "a counter readers compare, only grows: a rollback bumps it too",
        "viewOrderBreaks": "a counter readers compare, only grows: a rollback bumps it too",
        "marginViewChanges": "a counter the margins' layout compares, only grows",
        "marginViewsCache": "derived from trailed sets, rebuilt when marginViewChanges moved (a rollback bumps it)",
    ]

    /// The solver's fields that are not state: caches brought up to date by a rollback itself,
    /// scratch, tuning and counters of shortcuts, the table of priorities (it only grows: a
    /// place a rollback leaves unused changes no answer), and the trail itself (see
    /// `Tableau+Trail.swift` and `SolverTrailTests`, which names the same).
    static let untrailedSolverFields: Set<String> = ["faceMemo", "changes", "scratch", "merger", "ambiguity", "longRowLength",
                                                     "keptPlaces", "shortcutsTaken", "trail", "slotMarks", "slotMark", "symbolCapacity", "rowCapacity",
                                                     "gapRowLength", "gappedSlots", "gapState", "priorities", "priorityPlaces"]

    /// Every undoable stored property of the model and its solver, as text, with the entries
    /// of dictionaries and sets sorted: two models in the same state print the same, whatever
    /// their histories. For tests: a rolled-back step must leave it as it was.
    /// - Complexity: the whole layout.
    package func undoableStateDump() -> String {
        var text = ""
        for child in Mirror(reflecting: self).children where Self.untrailedFields[child.label ?? ""] == nil {
            text += "\(child.label ?? "?"): \(Self.canonical(child.value))\n"
        }
        return text + "solver: " + Self.canonical(solver, skipping: Self.untrailedSolverFields)
    }

    /// `value` as text, recursively, dictionaries and sets in sorted order, leaving out the
    /// fields named in `skipping` at any depth.
    package static func canonical(_ value: Any, skipping: Set<String> = []) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(describing: value) }
        let parts = mirror.children.filter { !skipping.contains($0.label ?? "") }.map {
            ($0.label.map { $0 + ": " } ?? "") + canonical($0.value, skipping: skipping)
        }
        let unordered = mirror.displayStyle == .dictionary || mirror.displayStyle == .set
        return "(" + (unordered ? parts.sorted() : parts).joined(separator: ", ") + ")"
    }
}

extension TrailedArray {
    /// Removes the elements that match, keeping the others in order: each moved element is a
    /// recorded write, and the dropped tail recorded removals.
    /// - Complexity: O(count).
    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var kept = 0
        for index in 0..<count {
            let element = elements[index]
            if shouldRemove(element) { continue }
            if kept != index { self[kept] = element }
            kept += 1
        }
        removeLast(count - kept)
    }

    /// Makes the contents `new`, recording each index written.
    /// - Complexity: O(count + new.count).
    mutating func replaceAll(with new: [Element]) {
        if count > new.count { removeLast(count - new.count) }
        for index in 0..<count { self[index] = new[index] }
        append(contentsOf: new[count...])
    }
}

/// One operation on every trailed container of an owner (`LayoutModel.forEachTrail`).
protocol TrailVisitor {
    func visit<T: TrailRecording>(_ trail: inout T)
}

private struct BeginStep: TrailVisitor {
    func visit<T: TrailRecording>(_ trail: inout T) { trail.beginStep() }
}

private struct RollBackStep: TrailVisitor {
    func visit<T: TrailRecording>(_ trail: inout T) { trail.rollBackStep() }
}

private struct ForgetSteps: TrailVisitor {
    let depth: Int
    func visit<T: TrailRecording>(_ trail: inout T) { trail.forgetSteps(keepingNewest: depth) }
}
