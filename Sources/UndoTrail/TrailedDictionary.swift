/// A dictionary whose writes are recorded while a step is open (see `TrailRecording`): each
/// key's old value (or its absence) once per step, so a step costs the keys it wrote.
///
/// Reads are the dictionary's own (`elements`, or the members below); writes go through the
/// subscripts and methods here, which record them.
public struct TrailedDictionary<Key: Hashable, Value>: Collection, TrailRecording {
    public typealias Index = Dictionary<Key, Value>.Index
    public typealias Element = Dictionary<Key, Value>.Element
    public private(set) var elements: [Key: Value]
    private var log = KeyedTrailLog<Key, Change>()

    /// What takes one write back: the key's old value (or its absence), or a change made in
    /// place that knows its own inverse (`update(_:undo:_:)`).
    private enum Change {
        /// Indirect: an entry is then a word or two, not a record's size (a step that appends a
        /// hundred children records a hundred undos, which were each as large as the record).
        indirect case old(Value?)
        case undo((inout Value) -> Void)
    }

    public init() { elements = [:] }
    public init(_ elements: [Key: Value]) { self.elements = elements }

    @inline(__always) public var startIndex: Index { elements.startIndex }
    @inline(__always) public var endIndex: Index { elements.endIndex }
    @inline(__always) public func index(after i: Index) -> Index { elements.index(after: i) }
    @inline(__always) public subscript(position: Index) -> Element { elements[position] }
    @inline(__always) public var count: Int { elements.count }
    @inline(__always) public var isEmpty: Bool { elements.isEmpty }
    public var keys: Dictionary<Key, Value>.Keys { elements.keys }
    public var values: Dictionary<Key, Value>.Values { elements.values }

    public subscript(key: Key) -> Value? {
        get { elements[key] }
        _modify {
            if log.isRecording { log.willWrite(key, .old(elements[key])) }
            yield &elements[key]
        }
    }

    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { elements[key, default: defaultValue()] }
        _modify {
            if log.isRecording { log.willWrite(key, .old(elements[key])) }
            yield &elements[key, default: defaultValue()]
        }
    }

    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        if log.isRecording { log.willWrite(key, .old(elements[key])) }
        return elements.removeValue(forKey: key)
    }

    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        if log.isRecording { log.willWrite(key, .old(elements[key])) }
        return elements.updateValue(value, forKey: key)
    }

    /// Empties the dictionary, recording every key (a whole-dictionary change).
    public mutating func removeAll() {
        if log.isRecording { for (key, value) in elements { log.willWrite(key, .old(value)) } }
        elements.removeAll()
    }

    /// Changes an existing key's value in place, recording `undo`, which must take exactly
    /// this change back, instead of the old value: for a large value a step only adds to (a
    /// parent's list of children), whose old value kept would make the write copy all of it.
    /// A key whose old value the step already holds records nothing more.
    /// - Precondition: `key` has a value.
    public mutating func update(_ key: Key, undo: @escaping (inout Value) -> Void, _ change: (inout Value) -> Void) {
        if log.isRecording { log.recordUnlessWritten(key, .undo(undo)) }
        change(&elements[key]!)
    }

    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> [Key: Value] { try elements.filter(isIncluded) }
    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> [Key: T] { try elements.mapValues(transform) }
    public func compactMapValues<T>(_ transform: (Value) throws -> T?) rethrows -> [Key: T] { try elements.compactMapValues(transform) }

    public mutating func beginStep() { log.begin() }
    public mutating func rollBackStep() {
        for (key, change) in log.popNewestStep().reversed() {
            switch change {
            case .old(let old): elements[key] = old
            case .undo(let undo): undo(&elements[key]!)
            }
        }
    }
    public mutating func forgetSteps(keepingNewest depth: Int) { log.forget(keepingNewest: depth) }
}

/// A set whose insertions and removals are recorded while a step is open (see
/// `TrailRecording`): each member's old membership once per step.
public struct TrailedSet<Member: Hashable>: Collection, TrailRecording {
    public typealias Index = Set<Member>.Index
    public private(set) var elements: Set<Member>
    private var log = KeyedTrailLog<Member, Bool>()

    public init() { elements = [] }
    public init(_ elements: Set<Member>) { self.elements = elements }

    @inline(__always) public var startIndex: Index { elements.startIndex }
    @inline(__always) public var endIndex: Index { elements.endIndex }
    @inline(__always) public func index(after i: Index) -> Index { elements.index(after: i) }
    @inline(__always) public subscript(position: Index) -> Member { elements[position] }
    @inline(__always) public var count: Int { elements.count }
    @inline(__always) public var isEmpty: Bool { elements.isEmpty }
    @inline(__always) public func contains(_ member: Member) -> Bool { elements.contains(member) }

    @discardableResult
    public mutating func insert(_ member: Member) -> (inserted: Bool, memberAfterInsert: Member) {
        if log.isRecording { log.willWrite(member, elements.contains(member)) }
        return elements.insert(member)
    }

    @discardableResult
    public mutating func remove(_ member: Member) -> Member? {
        if log.isRecording { log.willWrite(member, elements.contains(member)) }
        return elements.remove(member)
    }

    public mutating func formUnion(_ other: some Sequence<Member>) {
        for member in other { insert(member) }
    }

    public mutating func subtract(_ other: some Sequence<Member>) {
        for member in other { remove(member) }
    }

    public mutating func removeAll() {
        if log.isRecording { for member in elements { log.willWrite(member, true) } }
        elements.removeAll()
    }

    public func union(_ other: some Sequence<Member>) -> Set<Member> { elements.union(other) }
    public func subtracting(_ other: some Sequence<Member>) -> Set<Member> { elements.subtracting(other) }
    public func intersection(_ other: some Sequence<Member>) -> Set<Member> { elements.intersection(other) }
    public func isSubset(of other: Set<Member>) -> Bool { elements.isSubset(of: other) }

    public mutating func beginStep() { log.begin() }
    public mutating func rollBackStep() {
        for (member, wasMember) in log.popNewestStep().reversed() {
            if wasMember { elements.insert(member) } else { elements.remove(member) }
        }
    }
    public mutating func forgetSteps(keepingNewest depth: Int) { log.forget(keepingNewest: depth) }
}

/// The entries of a trailed dictionary or set: a key and what it held before the step first
/// wrote it.
struct KeyedTrailLog<Key: Hashable, Old> {
    /// The steps and their entries (`TrailJournal` keeps and forgets them).
    private var journal = TrailJournal<(key: Key, old: Old)>()
    /// The keys the newest step already holds the old value of.
    private var written: Set<Key> = []

    @inline(__always) var isRecording: Bool { journal.isRecording }

    mutating func begin() {
        journal.begin()
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
    }

    mutating func willWrite(_ key: Key, _ old: Old) {
        guard written.insert(key).inserted else { return }
        journal.record((key, old))
    }

    /// Records an entry for a key the step has not saved whole yet, leaving it unsaved: a
    /// later write still saves its value then (undone first, before this entry).
    mutating func recordUnlessWritten(_ key: Key, _ old: Old) {
        guard !written.contains(key) else { return }
        journal.record((key, old))
    }

    /// Takes the newest step's entries out, oldest first (to be put back newest first).
    mutating func popNewestStep() -> [(key: Key, old: Old)] {
        guard isRecording else { return [] }
        // As in `TrailLog.rollBack`: the step below records its keys again from here on.
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
        return journal.popNewestStep()
    }

    mutating func forget(keepingNewest depth: Int) {
        journal.forget(keepingNewest: depth)
        if !isRecording { written.removeAll(keepingCapacity: written.capacity <= keptTrailCapacity) }
    }
}

extension TrailedDictionary: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: elements) }
}

extension TrailedSet: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: elements) }
}
