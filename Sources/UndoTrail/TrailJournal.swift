/// Up to this many entries' (or keys') room a trail keeps when every step is forgotten: a
/// session that forgets each step at once (`Session.undoDepth` 0) would otherwise make its
/// buffers again on every line.
let keptTrailCapacity = 256

/// A journal of undo entries grouped in steps, for a container whose writes are best taken back
/// as its own operations (a slot table, a dictionary of sets) rather than as old values of
/// indices or keys. The container records an entry before each write while `isRecording`, and
/// on `popNewestStep` undoes the entries it gets back, newest first.
///
/// Unlike `TrailLog` it does not keep one entry per index and step: an entry per write is as
/// cheap for the rare writes these containers see, and needs no set of written keys.
public struct TrailJournal<Entry> {
    private var entries: [Entry] = []
    /// Where each open step's entries start, oldest first (from `forgottenSteps` on).
    private var starts: [Int] = []
    /// Steps forgotten but not yet cut off the front (amortized, as in `TrailLog`).
    private var forgottenSteps = 0

    public init() {}

    @inline(__always) public var isRecording: Bool { starts.count > forgottenSteps }

    public mutating func begin() { starts.append(entries.count) }

    @inline(__always) public mutating func record(_ entry: Entry) {
        if isRecording { entries.append(entry) }
    }

    /// The newest step's entries, oldest first (to be undone newest first); the step is gone.
    public mutating func popNewestStep() -> [Entry] {
        guard isRecording else { return [] }
        let start = starts.removeLast()
        // Copied out first: a slice would share the buffer, and the removal below copy it whole.
        let popped = Array(entries[start...])
        entries.removeLast(entries.count - start)
        return popped
    }

    /// The newest step's entries so far (empty when none is open).
    public var newestStep: ArraySlice<Entry> {
        isRecording ? entries[starts[starts.count - 1]...] : []
    }

    public mutating func forget(keepingNewest depth: Int) {
        forgottenSteps = max(forgottenSteps, starts.count - depth)
        if !isRecording {
            // As in `TrailLog.forget`: a small buffer stays for the next step.
            entries.removeAll(keepingCapacity: entries.capacity <= keptTrailCapacity)
            starts.removeAll(keepingCapacity: true)
            forgottenSteps = 0
            return
        }
        if forgottenSteps * 2 >= starts.count {
            let cut = starts[forgottenSteps]
            entries.removeFirst(cut)
            starts.removeFirst(forgottenSteps)
            for index in starts.indices { starts[index] -= cut }
            forgottenSteps = 0
        }
    }
}

/// A dictionary of sets (an index from a key to the members that name it) whose insertions
/// and removals are recorded while a step is open: one entry per member written. A
/// `TrailedDictionary` of sets would record a key's whole set before its first write in a
/// step, and the write would then copy it: a key every constraint names (the root) made each
/// step cost the whole layout.
public struct TrailedMultimap<Key: Hashable, Member: Hashable>: TrailRecording {
    /// Each key's members, as a `SmallSet` (an array while few: most keys have a handful).
    public private(set) var elements: [Key: SmallSet<Member>] = [:]
    private var journal = TrailJournal<Entry>()

    private enum Entry {
        /// `member` was (or was not) in `key`'s set, which existed.
        case member(Key, Member, was: Bool)
        /// `key` had no set before the write.
        case absent(Key)
        /// `key`'s set, removed whole.
        case removed(Key, SmallSet<Member>)
    }

    public init() {}

    public subscript(key: Key) -> SmallSet<Member>? { elements[key] }

    /// Adds `member` to `key`'s set, making the set if there is none.
    public mutating func insert(_ member: Member, into key: Key) {
        // The key hashed once and the member once (a look-up, a membership test and an insert
        // by key hashed the key thrice and the member twice: 3% of a `--final` run).
        if let index = elements.index(forKey: key) {
            let inserted = elements.values[index].insert(member)
            journal.record(.member(key, member, was: !inserted))
        } else {
            journal.record(.absent(key))
            elements[key] = [member]
        }
    }

    /// Removes `member` from `key`'s set, if there is one (the set stays, empty or not).
    public mutating func remove(_ member: Member, from key: Key) {
        guard elements[key] != nil else { return }
        if journal.isRecording { journal.record(.member(key, member, was: elements[key]!.contains(member))) }
        elements[key]!.remove(member)
    }

    /// Removes `key`'s whole set (kept whole by the journal: it leaves the map, nothing is copied).
    public mutating func removeValue(forKey key: Key) {
        guard let set = elements.removeValue(forKey: key) else { return }
        journal.record(.removed(key, set))
    }

    public mutating func beginStep() { journal.begin() }

    public mutating func rollBackStep() {
        for entry in journal.popNewestStep().reversed() {
            switch entry {
            case .member(let key, let member, let was):
                if was { elements[key]!.insert(member) } else { elements[key]!.remove(member) }
            case .absent(let key):
                elements[key] = nil
            case .removed(let key, let set):
                elements[key] = set
            }
        }
    }

    public mutating func forgetSteps(keepingNewest depth: Int) { journal.forget(keepingNewest: depth) }
}

extension TrailedMultimap: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: elements) }
}
