internal import UndoTrail

/// The model's constraint ids in their listing order (creation order, a stack's constraints
/// kept together), with undo.
///
/// A removed id leaves a hole at its place instead of closing the gap: closing it moved every
/// later id, and the undo trail recorded each move, so taking a layout's constraints out one by
/// one was quadratic (75% of a shuffled removal script's time at 1 000 views). The holes are
/// squeezed out once they outnumber the ids, which costs the ids left: amortised O(1) per
/// removal. An id's place is found in `places`, a cache made at the first removal after a
/// change it cannot follow (a rollback, a reordering): a script that only adds constraints
/// never pays for it, in time or memory.
struct ConstraintOrder: TrailRecording {
    /// Ids at their places; nil where one was removed.
    private var slots = TrailedArray<String?>()
    /// Each id's index in `slots`, while known (rebuilt from `slots` when nil).
    private var places: [String: Int]?

    /// The ids in order.
    /// - Complexity: O(ids and holes).
    var ids: [String] { slots.elements.compactMap { $0 } }

    mutating func append(_ id: String) {
        if places?[id] != nil { remove(id) }
        places?[id] = slots.count
        slots.append(id)
    }

    /// - Complexity: amortised O(1); O(ids) for the first removal after a rollback.
    mutating func remove(_ id: String) {
        if places == nil {
            var found: [String: Int] = [:]
            found.reserveCapacity(slots.count)
            for (place, slot) in slots.elements.enumerated() { if let slot { found[slot] = place } }
            places = found
        }
        guard let place = places![id] else { return }
        slots[place] = nil
        places![id] = nil
        let holes = slots.count - places!.count
        if holes > 32 && holes > places!.count { replaceAll(with: ids) }
    }

    /// Makes the order `ids` (the same ids, reordered), holes squeezed out.
    /// - Complexity: O(ids), each place written recorded.
    mutating func replaceAll(with ids: [String]) {
        slots.replaceAll(with: ids.map(Optional.some))
        places = nil
    }

    mutating func beginStep() { slots.beginStep() }

    mutating func rollBackStep() {
        slots.rollBackStep()
        places = nil
    }

    mutating func forgetSteps(keepingNewest depth: Int) { slots.forgetSteps(keepingNewest: depth) }
}

extension ConstraintOrder: CustomReflectable {
    /// The ids in order, holes left out: two models that list the same constraints in the same
    /// order read the same, however they got there.
    var customMirror: Mirror { Mirror(reflecting: ids) }
}
