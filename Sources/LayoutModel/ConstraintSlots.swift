/// The table slots of the constraints that name one solver variable from afar
/// (`constraintsByForeignVariable`), in the order they were noted, as an array of them would
/// keep them.
///
/// Up to three slots are kept inline; a fourth moves them all into an array. Most variables
/// listed are named by one to three such constraints (an ancestor's position by the few
/// constraints that cross it), and an array per variable was a heap block of 48 bytes for each
/// (when every variable was listed, about 260 bytes per view of a chain), against the 8 bytes
/// this adds to every variable. Only variables many constraints name keep an array.
struct ConstraintSlots: RandomAccessCollection {
    private enum Storage {
        case inline(Int32, Int32, Int32, count: UInt8)
        case array([Int32])
    }

    private var storage = Storage.inline(0, 0, 0, count: 0)

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .inline(_, _, _, let count): Int(count)
        case .array(let slots): slots.count
        }
    }

    subscript(position: Int) -> Int32 {
        switch storage {
        case .inline(let a, let b, let c, let count):
            precondition(position >= 0 && position < Int(count), "slot index out of range")
            return position == 0 ? a : position == 1 ? b : c
        case .array(let slots):
            return slots[position]
        }
    }

    /// Whether `slot` is listed. (Of its own, not the generic one: a debug build runs that
    /// through the collection's witnesses at every element, for every constraint stored.)
    func contains(_ slot: Int32) -> Bool {
        switch storage {
        case .inline(let a, let b, let c, let count):
            (count > 0 && a == slot) || (count > 1 && b == slot) || (count > 2 && c == slot)
        case .array(let slots):
            slots.contains(slot)
        }
    }

    /// Adds every slot listed to `set` (for the same reason as `contains`).
    func insertAll(into set: inout Set<Int32>) {
        switch storage {
        case .inline(let a, let b, let c, let count):
            if count > 0 { set.insert(a) }
            if count > 1 { set.insert(b) }
            if count > 2 { set.insert(c) }
        case .array(let slots):
            set.formUnion(slots)
        }
    }

    mutating func append(_ slot: Int32) {
        switch storage {
        case .inline(let a, let b, let c, let count):
            switch count {
            case 0: storage = .inline(slot, 0, 0, count: 1)
            case 1: storage = .inline(a, slot, 0, count: 2)
            case 2: storage = .inline(a, b, slot, count: 3)
            default: storage = .array([a, b, c, slot])
            }
        case .array(var slots):
            // Dropped from `storage` first, so that the append finds the array unshared.
            storage = .inline(0, 0, 0, count: 0)
            slots.append(slot)
            storage = .array(slots)
        }
    }
}

// Reflects as its slots, whatever holds them: equal lists dump alike (the state dumps the undo
// tests compare).
extension ConstraintSlots: CustomReflectable {
    var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
