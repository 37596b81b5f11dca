public import LayoutVocabulary
internal import Cassowary

/// The model's constraints by id, in dense arrays of records. A `[String: ConstraintRecord]`
/// kept every record in a hash table at most three-quarters full, and a power of two: at
/// 10 000 views (50 000 constraints) that was 65 536 buckets of key and record. Here a record
/// lives in a slot (a removed one's slot is reused by the next record), in pages of 1 024
/// slots so that growing never leaves more than a page unused (one array doubling would leave
/// up to half of it), user ids (`c12`) find their slot by their number without hashing, and
/// only the other ids (implicit, UIKit's, autoresizing: a handful per view that has them) go
/// through a dictionary.
public struct ConstraintTable: Sendable {
    private static let pageSize = 1024
    /// The records by slot (slot `s` is `pages[s / pageSize][s % pageSize]`); nil where one
    /// was removed and no other took its place yet.
    private var pages: [[ConstraintRecord?]] = []
    /// For a user id `cN`, its slot + 1 at index N (0: no such constraint).
    private var numbered: [Int32] = []
    /// The slot of every other id.
    private var named: [String: Int32] = [:]
    /// Slots emptied by removals, reused first.
    private var freeSlots: [Int32] = []
    /// How many constraints the table holds.
    public private(set) var count = 0

    init() {}

    /// N for a user id `cN` written the one way the model writes it (no leading zero), else nil.
    private static func number(_ id: String) -> Int? {
        let bytes = id.utf8
        guard bytes.count > 1, bytes.count <= 10, bytes.first == UInt8(ascii: "c") else { return nil }
        var value = 0
        for (offset, byte) in bytes.dropFirst().enumerated() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if offset == 0, byte == UInt8(ascii: "0") { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Where `id`'s record is, or nil.
    func slot(of id: String) -> Int? {
        if let number = Self.number(id) {
            guard number < numbered.count, numbered[number] > 0 else { return nil }
            return Int(numbered[number]) - 1
        }
        return named[id].map(Int.init)
    }

    /// The record in `slot` (for indexes that keep slots rather than ids), or nil.
    func record(inSlot slot: Int) -> ConstraintRecord? {
        let page = slot / Self.pageSize
        return page < pages.count && slot % Self.pageSize < pages[page].count ? pages[page][slot % Self.pageSize] : nil
    }

    private subscript(slot slot: Int) -> ConstraintRecord? {
        get { pages[slot / Self.pageSize][slot % Self.pageSize] }
        _modify { yield &pages[slot / Self.pageSize][slot % Self.pageSize] }
    }

    private mutating func setSlot(_ slot: Int?, of id: String) {
        let stored = Int32(slot.map { $0 + 1 } ?? 0)
        if let number = Self.number(id) {
            if number >= numbered.count {
                numbered.append(contentsOf: repeatElement(0, count: max(number + 1, numbered.count * 2) - numbered.count))
            }
            numbered[number] = stored
        } else {
            named[id] = slot.map { Int32($0) }
        }
    }

    private mutating func insert(_ record: ConstraintRecord, as id: String) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
            self[slot: slot] = record
        } else {
            if pages.isEmpty || pages[pages.count - 1].count == Self.pageSize {
                // The first page grows as an array does (a small layout stays small); the
                // others are made whole.
                var page: [ConstraintRecord?] = []
                if !pages.isEmpty { page.reserveCapacity(Self.pageSize) }
                pages.append(page)
            }
            slot = (pages.count - 1) * Self.pageSize + pages[pages.count - 1].count
            pages[pages.count - 1].append(record)
        }
        setSlot(slot, of: id)
        count += 1
    }

    private mutating func removeSlot(_ slot: Int, of id: String) {
        self[slot: slot] = nil
        freeSlots.append(Int32(slot))
        setSlot(nil, of: id)
        count -= 1
    }

    /// The record with this id; setting nil removes it. Changes to a stored record are made in
    /// place (no copy of the record).
    public internal(set) subscript(id: String) -> ConstraintRecord? {
        get { slot(of: id).flatMap { self[slot: $0] } }
        set {
            if let slot = slot(of: id) {
                if let newValue { self[slot: slot] = newValue } else { removeSlot(slot, of: id) }
            } else if let newValue {
                insert(newValue, as: id)
            }
        }
        _modify {
            if let slot = slot(of: id) {
                yield &self[slot: slot]
                if self[slot: slot] == nil { removeSlot(slot, of: id) }
            } else {
                var added: ConstraintRecord?
                yield &added
                if let added { insert(added, as: id) }
            }
        }
    }

    /// Every record, in no particular order. Lazy: a report walks them once, and an array of
    /// every record was the largest block at the peak of a big `--final` run (1.7 KB per view
    /// at 10 000 views, the records and the array's growth).
    public var values: some Sequence<ConstraintRecord> { pages.lazy.joined().compactMap { $0 } }
}

/// The model's id of each constraint in the solver, by the solver's id (dense: the solver
/// numbers its constraints from 0 and reuses none), where a dictionary hashed every lookup and
/// kept a bucket of key and string per constraint at up to twice the count.
struct SolverConstraintNames: Sendable {
    private var names: [String?] = []

    subscript(id: ConstraintID) -> String? {
        get { id.id < names.count ? names[id.id] : nil }
        set {
            if id.id >= names.count {
                guard newValue != nil else { return }
                names.append(contentsOf: repeatElement(nil, count: max(id.id + 1, 2 * names.count) - names.count))
            }
            names[id.id] = newValue
        }
    }
}
