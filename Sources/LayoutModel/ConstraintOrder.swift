internal import UndoTrail

/// Names in their listing order, with undo: the model's constraint ids (creation order, a
/// stack's constraints kept together) and its views (creation order, root first).
///
/// A removed name leaves a hole at its place instead of closing the gap: closing it moved every
/// later name, and the undo trail recorded each move, so taking a layout's constraints (or its
/// views) out one by one was quadratic (75% of a shuffled removal script's time at 1 000
/// views). The holes are squeezed out once they outnumber the names, which costs the names
/// left: amortised O(1) per removal. A name's place is found in `places`, a cache made at the
/// first removal after a change it cannot follow (a rollback, a reordering): a script that only
/// adds never pays for it, in time or memory.
struct ConstraintOrder: TrailRecording {
    /// Names at their places; "" where one was removed (no id or view name is empty, and a
    /// hole that is a string lets the list without holes be read as it is, without a copy).
    private var slots = TrailedArray<String>()
    /// How many places are holes.
    private var holes = TrailedValue(0)
    /// Each name's index in `slots`, while known (rebuilt from `slots` when nil).
    private var places: [String: Int]?
    /// The names without the holes, made at the first `cachedIDs` after a removal and kept up to
    /// date by appends (a reader of the views' order after every line would otherwise squeeze
    /// the holes out again at every line).
    private var compacted: [String]?

    /// The names in order.
    /// - Complexity: O(1) without holes; O(names and holes) with some.
    var ids: [String] { holes.value == 0 ? slots.elements : slots.elements.filter { !$0.isEmpty } }

    /// `ids`, the list without holes kept for the next read.
    /// - Complexity: O(1), but O(names and holes) for the first read after a removal.
    mutating func cachedIDs() -> [String] {
        if holes.value == 0 { return slots.elements }
        if let compacted { return compacted }
        let made = ids
        compacted = made
        return made
    }

    /// How many names are listed.
    var count: Int { slots.count - holes.value }

    mutating func append(_ id: String) {
        if places?[id] != nil { remove(id) }
        places?[id] = slots.count
        slots.append(id)
        if holes.value > 0 { compacted?.append(id) }
    }

    /// - Complexity: amortised O(1); O(names) for the first removal after a rollback.
    mutating func remove(_ id: String) {
        guard let place = place(of: id) else { return }
        places![id] = nil
        if place == slots.count - 1 {
            // The newest name (undo takes back the newest first): no hole is left.
            slots.removeLast()
            if holes.value > 0 { compacted?.removeLast() }
            return
        }
        slots[place] = ""
        holes.value += 1
        compacted = nil
        if holes.value > 32 && holes.value > count { replaceAll(with: ids) }
    }

    /// `names` that are listed, in their listing order (for the constraints that go with a
    /// view, in the order a walk over the whole list would take them).
    /// - Complexity: O(k log k) for k names; O(names) for the first call after a rollback.
    mutating func inListingOrder(_ names: some Sequence<String>) -> [String] {
        var found: [Int] = []
        for name in names { if let place = place(of: name) { found.append(place) } }
        found.sort()
        return found.map { slots[$0] }
    }

    /// Where `id` is in `slots`, making `places` first when it is not known.
    private mutating func place(of id: String) -> Int? {
        if places == nil {
            var found: [String: Int] = [:]
            found.reserveCapacity(count)
            for (place, slot) in slots.elements.enumerated() where !slot.isEmpty { found[slot] = place }
            places = found
        }
        return places![id]
    }

    /// Makes the order `ids` (the same ids, reordered), holes squeezed out.
    /// - Complexity: O(ids), each place written recorded.
    mutating func replaceAll(with ids: [String]) {
        slots.replaceAll(with: ids)
        if holes.value != 0 { holes.value = 0 }
        places = nil
        compacted = nil
    }

    mutating func beginStep() {
        slots.beginStep()
        holes.beginStep()
    }

    mutating func rollBackStep() {
        slots.rollBackStep()
        holes.rollBackStep()
        places = nil
        compacted = nil
    }

    mutating func forgetSteps(keepingNewest depth: Int) {
        slots.forgetSteps(keepingNewest: depth)
        holes.forgetSteps(keepingNewest: depth)
    }
}

extension ConstraintOrder: CustomReflectable {
    /// The ids in order, holes left out: two models that list the same constraints in the same
    /// order read the same, however they got there.
    var customMirror: Mirror { Mirror(reflecting: ids) }
}
