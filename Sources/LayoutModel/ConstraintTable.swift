internal import LayoutVocabulary
public import UndoTrail
internal import Cassowary

/// The model's constraints by id, in dense arrays of records. A `[String: ConstraintRecord]`
/// kept every record in a hash table at most three-quarters full, and a power of two: at
/// 10 000 views (50 000 constraints) that was 65 536 buckets of key and record. Here a record
/// lives in a slot (a removed one's slot is reused by the next record), in pages of 1 024
/// slots so that growing never leaves more than a page unused (one array doubling would leave
/// up to half of it), user ids (`c12`) find their slot by their number without hashing, and
/// only the other ids (implicit, UIKit's, autoresizing: a handful per view that has them) go
/// through a dictionary.
///
/// The table trails itself (`TrailRecording`): each write is journaled as the operation it
/// undoes (a slot's old record, an appended slot, an index's old entry), so a step costs the
/// records it wrote, and rolling it back leaves the pages, indexes and free list as they were.
public struct ConstraintTable: TrailRecording {
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
    private var journal = TrailJournal<Entry>()

    /// One write, as what takes it back.
    private enum Entry {
        /// The slot held this record (or none) before.
        /// (Indirect: a record is 128 bytes, and every entry of the journal was that large,
        /// the many that hold a number or nothing too.)
        indirect case slot(Int, ConstraintRecord?)
        /// A slot was appended to the last page (and `page`: the page with it).
        case appendedSlot(page: Bool)
        /// `numbered[index]` held this; or `numbered` was this long.
        case numbered(Int, Int32)
        case numberedCount(Int)
        /// `named[id]` held this.
        case named(String, Int32?)
        /// A free slot was taken (this one), or one was added.
        case tookFreeSlot(Int32)
        case addedFreeSlot
        /// `count` was this.
        case count(Int)
    }

    init() {}

    /// N for a user id `cN` written the one way the model writes it (no leading zero), else nil.
    /// One pass over the bytes with plain comparisons: every lookup of a record by id comes
    /// here, and a debug build does not specialize `dropFirst().enumerated()` or a range's
    /// `contains` (that version was 8% of a debug `--final` of 300 views).
    static func number(_ id: String) -> Int? {
        var value = 0
        var length = 0
        for byte in id.utf8 {
            if length == 0 {
                guard byte == 0x63 else { return nil }  // "c"
            } else {
                guard byte >= 0x30, byte <= 0x39, length < 10 else { return nil }  // "0"..."9", at most 10 bytes
                if length == 1, byte == 0x30 { return nil }
                value = value * 10 + Int(byte &- 0x30)
            }
            length += 1
        }
        return length > 1 ? value : nil
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
        isSlot(slot) ? pages[slot / Self.pageSize][slot % Self.pageSize] : nil
    }

    /// The id of the record in `slot`, or nil: read in place, without copying the whole record
    /// out as `record(inSlot:)` does.
    func id(inSlot slot: Int) -> String? {
        isSlot(slot) ? pages[slot / Self.pageSize][slot % Self.pageSize]?.id : nil
    }

    /// Whether `slot` was ever handed out (it may be empty now).
    private func isSlot(_ slot: Int) -> Bool {
        let page = slot / Self.pageSize
        return page < pages.count && slot % Self.pageSize < pages[page].count
    }

    /// A slot's record; every write through here is journaled.
    private subscript(slot slot: Int) -> ConstraintRecord? {
        get { pages[slot / Self.pageSize][slot % Self.pageSize] }
        _modify {
            if journal.isRecording { journal.record(.slot(slot, pages[slot / Self.pageSize][slot % Self.pageSize])) }
            yield &pages[slot / Self.pageSize][slot % Self.pageSize]
        }
    }

    private mutating func setSlot(_ slot: Int?, of id: String) {
        let stored = Int32(slot.map { $0 + 1 } ?? 0)
        if let number = Self.number(id) {
            if number >= numbered.count {
                journal.record(.numberedCount(numbered.count))
                numbered.append(contentsOf: repeatElement(0, count: max(number + 1, numbered.count * 2) - numbered.count))
            }
            journal.record(.numbered(number, numbered[number]))
            numbered[number] = stored
        } else {
            journal.record(.named(id, named[id]))
            named[id] = slot.map { Int32($0) }
        }
    }

    /// Adds a record under an id no record has, and returns the slot it went into: a caller
    /// that indexes the record by slot need not look the id up again, and the record goes in
    /// without the subscript's optional copy of it.
    /// - Precondition: no record has the id (`slot(of:)` is nil); `id` is the record's (made
    /// when read, so handed in by the caller that has it).
    mutating func addNew(_ record: ConstraintRecord, id: String) -> Int {
        insert(record, as: id)
    }

    @discardableResult
    private mutating func insert(_ record: ConstraintRecord, as id: String) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            journal.record(.tookFreeSlot(free))
            slot = Int(free)
            self[slot: slot] = record
        } else {
            var newPage = false
            if pages.isEmpty || pages[pages.count - 1].count == Self.pageSize {
                // The first page grows as an array does (a small layout stays small); the
                // others are made whole.
                var page: [ConstraintRecord?] = []
                if !pages.isEmpty { page.reserveCapacity(Self.pageSize) }
                pages.append(page)
                newPage = true
            }
            journal.record(.appendedSlot(page: newPage))
            slot = (pages.count - 1) * Self.pageSize + pages[pages.count - 1].count
            pages[pages.count - 1].append(record)
        }
        setSlot(slot, of: id)
        journal.record(.count(count))
        count += 1
        return slot
    }

    private mutating func removeSlot(_ slot: Int, of id: String) {
        self[slot: slot] = nil
        journal.record(.addedFreeSlot)
        freeSlots.append(Int32(slot))
        setSlot(nil, of: id)
        journal.record(.count(count))
        count -= 1
    }

    public mutating func beginStep() { journal.begin() }

    /// - Complexity: the writes the step made.
    public mutating func rollBackStep() {
        for entry in journal.popNewestStep().reversed() {
            switch entry {
            case .slot(let slot, let old): pages[slot / Self.pageSize][slot % Self.pageSize] = old
            case .appendedSlot(let page):
                pages[pages.count - 1].removeLast()
                if page { pages.removeLast() }
            case .numbered(let index, let old): numbered[index] = old
            case .numberedCount(let old): numbered.removeLast(numbered.count - old)
            case .named(let id, let old): named[id] = old
            case .tookFreeSlot(let slot): freeSlots.append(slot)
            case .addedFreeSlot: freeSlots.removeLast()
            case .count(let old): count = old
            }
        }
    }

    public mutating func forgetSteps(keepingNewest depth: Int) { journal.forget(keepingNewest: depth) }

    /// The ids whose record the newest open step added, removed or changed (each id once, a
    /// superset), read before the step is rolled back: a report lists what an undo changed
    /// without comparing every record.
    func idsWrittenInNewestStep() -> Set<String> {
        var ids = Set<String>()
        var appended = 0
        for entry in journal.newestStep {
            switch entry {
            case .slot(let slot, let old):
                if let id = old?.id { ids.insert(id) }
                if let id = record(inSlot: slot)?.id { ids.insert(id) }
            case .appendedSlot: appended += 1
            case .named(let id, _): ids.insert(id)
            default: break
            }
        }
        // Appended slots are the last ones; what they hold now was added by the step.
        var slot = pages.isEmpty ? 0 : (pages.count - 1) * Self.pageSize + pages[pages.count - 1].count
        while appended > 0, slot > 0 {
            slot -= 1
            appended -= 1
            if let id = record(inSlot: slot)?.id { ids.insert(id) }
        }
        return ids
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

/// What the model calls each constraint in the solver, by the solver's id (dense: the solver
/// numbers its constraints from 0 and reuses none), in four bytes: the table slot of a record,
/// or the item and axis of a size floor (`v.width >= 0`, the window's size), whose id is made
/// when asked (`LayoutModel.bySolverID`). An optional id string per solver constraint, where a
/// dictionary hashed every lookup before it, was 16 bytes, some seven times per view.
struct SolverConstraintNames: TrailRecording {
    /// A constraint the model knows the solver's one as.
    enum Name: Equatable {
        /// The record in this slot of `ConstraintTable`.
        case record(slot: Int)
        /// `width >= 0` or `height >= 0` of the item at this place of `VariableOwners` (the
        /// window's size for the root).
        case floor(item: Int, isWidth: Bool)
    }

    /// 0: none; n > 0: the record in slot n − 1; n < 0: the floor k = −n − 1, of item k / 2,
    /// the width when k is even.
    private var codes = TrailedArray<Int32>()

    subscript(id: ConstraintID) -> Name? {
        get {
            guard id.id < codes.count else { return nil }
            let code = Int(codes[id.id])
            if code > 0 { return .record(slot: code - 1) }
            if code < 0 { return .floor(item: (-code - 1) / 2, isWidth: (-code - 1) % 2 == 0) }
            return nil
        }
        set {
            let code: Int32
            switch newValue {
            case .record(let slot): code = Int32(slot + 1)
            case .floor(let item, let isWidth): code = -Int32(2 * item + (isWidth ? 0 : 1)) - 1
            case nil: code = 0
            }
            if id.id >= codes.count {
                guard code != 0 else { return }
                codes.append(contentsOf: Array(repeating: 0, count: max(id.id + 1, 2 * codes.count) - codes.count))
            }
            codes[id.id] = code
        }
    }

    mutating func beginStep() { codes.beginStep() }
    mutating func rollBackStep() { codes.rollBackStep() }
    mutating func forgetSteps(keepingNewest depth: Int) { codes.forgetSteps(keepingNewest: depth) }
}

// The table reflects as its contents, without its journal: two tables in the same state dump
// alike whatever their histories (as the trailed containers do).
extension ConstraintTable: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["pages": pages, "numbered": numbered, "named": named, "freeSlots": freeSlots, "count": count])
    }
}
