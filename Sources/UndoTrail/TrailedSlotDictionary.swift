/// A trailed dictionary (`TrailedDictionary`'s semantics: each key's old value recorded once per
/// step) whose values live in a dense array, the hash table holding only each key's slot in it.
///
/// Why: a `Dictionary` keeps its values inline in a power-of-two table, between three-eighths
/// and three-quarters full. The model's views are 120 bytes each: at 100 000 views the table had
/// 262 144 buckets of key and view (35.6 MB, 38% of it used); here the buckets hold a key and a
/// four-byte slot, and the views one array entry each.
///
/// Iteration follows the key table, which sees the same insertions and removals in the same
/// order as a `Dictionary` of the values would: the two hand their entries out in one order. A
/// removed key's slot is reused by the next key added; slots are not part of the state (a
/// rollback may put a key back in another one), so the mirror shows keys and values only.
public struct TrailedSlotDictionary<Key: Hashable, Value>: Collection, TrailRecording {
    public typealias Index = Dictionary<Key, Int32>.Index
    public typealias Element = (key: Key, value: Value)

    /// Each key's slot in `values`.
    private var slots: [Key: Int32] = [:]
    /// The values by slot; nil in a slot no key holds.
    private var values: [Value?] = []
    /// Slots no key holds, reused first.
    private var freeSlots: [Int32] = []
    private var log = KeyedTrailLog<Key, Change>()

    /// What takes one write back (as in `TrailedDictionary`).
    private enum Change {
        indirect case old(Value?)
        case undo((inout Value) -> Void)
    }

    public init() {}

    @inline(__always) public var startIndex: Index { slots.startIndex }
    @inline(__always) public var endIndex: Index { slots.endIndex }
    @inline(__always) public func index(after i: Index) -> Index { slots.index(after: i) }
    public subscript(position: Index) -> Element {
        let (key, slot) = slots[position]
        return (key, values[Int(slot)]!)
    }
    @inline(__always) public var count: Int { slots.count }
    @inline(__always) public var isEmpty: Bool { slots.isEmpty }
    public var keys: Dictionary<Key, Int32>.Keys { slots.keys }

    /// Each key's slot in `valuesBySlot`, and the values by slot (nil in a slot no key holds):
    /// for readers that look up many entries, or read one field of an entry, with no call into
    /// this generic type per look-up (in a debug build each such call copied the table and went
    /// through its generic accessors: the model's walk up a view's ancestors cost 3% more).
    /// Valid until the next write.
    public var slotsByKey: [Key: Int32] { slots }
    public var valuesBySlot: [Value?] { values }

    public subscript(key: Key) -> Value? {
        get {
            guard let slot = slots[key] else { return nil }
            return values[Int(slot)]
        }
        _modify {
            if log.isRecording { log.willWrite(key, .old(self[key])) }
            if let stored = slots[key] {
                let slot = Int(stored)
                // In place: a change to one field does not copy the value.
                yield &values[slot]
                if values[slot] == nil { removeKey(key, slot: slot) }
            } else {
                var added: Value?
                yield &added
                if let added { insert(added, for: key) }
            }
        }
    }

    /// Changes an existing key's value in place, recording `undo`, which must take exactly
    /// this change back (see `TrailedDictionary.update(_:undo:_:)`).
    /// - Precondition: `key` has a value.
    public mutating func update(_ key: Key, undo: @escaping (inout Value) -> Void, _ change: (inout Value) -> Void) {
        if log.isRecording { log.recordUnlessWritten(key, .undo(undo)) }
        change(&values[Int(slots[key]!)]!)
    }

    private mutating func insert(_ value: Value, for key: Key) {
        if let free = freeSlots.popLast() {
            values[Int(free)] = value
            slots[key] = free
        } else {
            slots[key] = Int32(values.count)
            values.append(value)
        }
    }

    private mutating func removeKey(_ key: Key, slot: Int) {
        slots[key] = nil
        if slot == values.count - 1 { values.removeLast() } else { freeSlots.append(Int32(slot)) }
    }

    /// Writes without recording (a rollback).
    private mutating func put(_ value: Value?, for key: Key) {
        if let stored = slots[key] {
            let slot = Int(stored)
            if let value { values[slot] = value } else {
                values[slot] = nil
                removeKey(key, slot: slot)
            }
        } else if let value {
            insert(value, for: key)
        }
    }

    public mutating func beginStep() { log.begin() }
    public mutating func rollBackStep() {
        for (key, change) in log.popNewestStep().reversed() {
            switch change {
            case .old(let old): put(old, for: key)
            case .undo(let undo): undo(&values[Int(slots[key]!)]!)
            }
        }
    }
    public mutating func forgetSteps(keepingNewest depth: Int) { log.forget(keepingNewest: depth) }
}

// Reflects as the dictionary it stands for: two tables with the same entries dump alike,
// whichever slots their histories left them in.
extension TrailedSlotDictionary: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(reflecting: Dictionary(uniqueKeysWithValues: lazy.map { ($0.key, $0.value) }))
    }
}
