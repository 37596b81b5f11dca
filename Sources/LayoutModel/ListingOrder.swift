internal import UndoTrail

/// What a `ListingOrder` lists: a hashable name with one value no listed name takes, the mark
/// of a hole.
protocol ListingName: Hashable {
    static var hole: Self { get }
}

/// Views by name: no view name is empty, and a hole that is a string lets the list without
/// holes be read as it is, without a copy.
extension String: ListingName {
    static var hole: String { "" }
}

/// Constraints by their slot in the `ConstraintTable`: 4 bytes a place where an id string
/// took 16 (a slot is never negative).
extension Int32: ListingName {
    static var hole: Int32 { -1 }
}

/// Names in their listing order, with undo: the model's constraints (by table slot; creation
/// order, a stack's constraints kept together) and its views (by name; creation order, root
/// first).
///
/// A removed name leaves a hole at its place instead of closing the gap: closing it moved every
/// later name, and the undo trail recorded each move, so taking a layout's constraints (or its
/// views) out one by one was quadratic (75% of a shuffled removal script's time at 1 000
/// views). The holes are squeezed out once they outnumber the names, which costs the names
/// left: amortised O(1) per removal. A name's place is found in `places`, a cache made at the
/// first removal after a change it cannot follow (a rollback, a reordering): a script that only
/// adds never pays for it, in time or memory.
struct ListingOrder<Name: ListingName>: TrailRecording {
    /// Names at their places; `Name.hole` where one was removed.
    private var slots = TrailedArray<Name>()
    /// How many places are holes.
    private var holes = TrailedValue(0)
    /// Each name's index in `slots`, while known (rebuilt from `slots` when nil).
    private var places: [Name: Int]?
    /// The names without the holes, made at the first `cachedNames` after a removal and kept up to
    /// date by appends (a reader of the views' order after every line would otherwise squeeze
    /// the holes out again at every line).
    private var compacted: [Name]?

    /// The names in order.
    /// - Complexity: O(1) without holes; O(names and holes) with some.
    var names: [Name] { holes.value == 0 ? slots.elements : slots.elements.filter { $0 != Name.hole } }

    /// `names`, the list without holes kept for the next read.
    /// - Complexity: O(1), but O(names and holes) for the first read after a removal.
    mutating func cachedNames() -> [Name] {
        if holes.value == 0 { return slots.elements }
        if let compacted { return compacted }
        let made = names
        compacted = made
        return made
    }

    /// How many names are listed.
    var count: Int { slots.count - holes.value }

    mutating func append(_ id: Name) {
        if places?[id] != nil { remove(id) }
        places?[id] = slots.count
        slots.append(id)
        if holes.value > 0 { compacted?.append(id) }
    }

    /// - Complexity: amortised O(1); O(names) for the first removal after a rollback.
    mutating func remove(_ id: Name) {
        guard let place = place(of: id) else { return }
        places![id] = nil
        if place == slots.count - 1 {
            // The newest name (undo takes back the newest first): no hole is left.
            slots.removeLast()
            if holes.value > 0 { compacted?.removeLast() }
            return
        }
        slots[place] = Name.hole
        holes.value += 1
        compacted = nil
        if holes.value > 32 && holes.value > count { replaceAll(with: names) }
    }

    /// `names` that are listed, in their listing order (for the constraints that go with a
    /// view, in the order a walk over the whole list would take them).
    /// - Complexity: O(k log k) for k names; O(names) for the first call after a rollback.
    mutating func inListingOrder(_ names: some Sequence<Name>) -> [Name] {
        var found: [Int] = []
        for name in names { if let place = place(of: name) { found.append(place) } }
        found.sort()
        return found.map { slots[$0] }
    }

    /// Where `id` is in `slots`, making `places` first when it is not known.
    private mutating func place(of id: Name) -> Int? {
        if places == nil {
            var found: [Name: Int] = [:]
            found.reserveCapacity(count)
            for (place, slot) in slots.elements.enumerated() where slot != Name.hole { found[slot] = place }
            places = found
        }
        return places![id]
    }

    /// Makes the order `names` (the same names, reordered), holes squeezed out.
    /// - Complexity: O(names), each place written recorded.
    mutating func replaceAll(with names: [Name]) {
        slots.replaceAll(with: names)
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

extension ListingOrder: CustomReflectable {
    /// The names in order, holes left out: two models that list the same names in the same
    /// order read the same, however they got there.
    var customMirror: Mirror { Mirror(reflecting: names) }
}
