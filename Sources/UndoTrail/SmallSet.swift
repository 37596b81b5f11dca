/// A set of members kept as a plain array while it is small, as a `Set` once it grows past
/// `arrayLimit`: the model keeps one per view (the ids of the constraints touching it, about six
/// for most views), and a hash table of six strings is a block of about 200 bytes (its header,
/// its bitmap and eight buckets) where an array of them is about 130.
///
/// Unordered as a `Set` is: its readers must not depend on the order it hands its members out
/// in (a member removed and put back may come at a new place).
public struct SmallSet<Member: Hashable>: Sequence, ExpressibleByArrayLiteral {
    /// Past this many members, a membership test by comparing each would cost more than hashing.
    static var arrayLimit: Int { 16 }

    fileprivate enum Storage {
        case few([Member])
        case many(Set<Member>)
    }

    private var storage: Storage

    public init() { storage = .few([]) }

    public init(arrayLiteral members: Member...) {
        self.init()
        for member in members { insert(member) }
    }

    public var count: Int {
        switch storage {
        case .few(let members): members.count
        case .many(let members): members.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// - Complexity: O(`arrayLimit`) while small, else O(1).
    public func contains(_ member: Member) -> Bool {
        switch storage {
        case .few(let members): members.contains(member)
        case .many(let members): members.contains(member)
        }
    }

    /// Adds `member`; returns whether it was not there.
    @discardableResult
    public mutating func insert(_ member: Member) -> Bool {
        switch storage {
        case .few(var members):
            if members.contains(member) { return false }
            // Taken out of `storage` first, so that the append finds the array unshared.
            storage = .few([])
            if members.count < Self.arrayLimit {
                // Room for six at first (a view's own constraints and a neighbour's, mostly):
                // grown by doubling from one, six members took a block for eight.
                if members.isEmpty { members.reserveCapacity(6) }
                members.append(member)
                storage = .few(members)
            } else {
                var set = Set(members)
                set.insert(member)
                storage = .many(set)
            }
            return true
        case .many(var members):
            storage = .few([])
            let inserted = members.insert(member).inserted
            storage = .many(members)
            return inserted
        }
    }

    /// Removes `member` if it is there. A set that grew past `arrayLimit` stays a `Set`.
    public mutating func remove(_ member: Member) {
        switch storage {
        case .few(var members):
            guard let index = members.firstIndex(of: member) else { return }
            storage = .few([])
            members.remove(at: index)
            storage = .few(members)
        case .many(var members):
            storage = .few([])
            members.remove(member)
            storage = .many(members)
        }
    }

    public struct Iterator: IteratorProtocol {
        fileprivate var few: IndexingIterator<[Member]>?
        fileprivate var many: Set<Member>.Iterator?

        public mutating func next() -> Member? {
            if few != nil { return few!.next() }
            return many?.next()
        }
    }

    public func makeIterator() -> Iterator {
        switch storage {
        case .few(let members): Iterator(few: members.makeIterator(), many: nil)
        case .many(let members): Iterator(few: nil, many: members.makeIterator())
        }
    }
}

extension SmallSet: Sendable where Member: Sendable {}
extension SmallSet.Storage: Sendable where Member: Sendable {}

// Reflects as a set of its members, whatever holds them: equal sets dump alike once sorted (the
// state dumps the undo tests compare sort a set's members).
extension SmallSet: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .set) }
}
