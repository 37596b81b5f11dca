/// Where a constraint id goes when constraints are listed in creation order: by its serial,
/// then (for ids without one, such as implicit constraints) by the id itself.
public struct SerialOrder: Comparable {
    public var serial: Int
    public var id: String

    @inlinable
    public init(serial: Int, id: String) {
        self.serial = serial
        self.id = id
    }

    @inlinable
    public static func < (lhs: SerialOrder, rhs: SerialOrder) -> Bool {
        lhs.serial != rhs.serial ? lhs.serial < rhs.serial : lhs.id < rhs.id
    }
}

extension Sequence {
    /// The elements sorted by a key computed once for each of them, not once per comparison
    /// (a key that looks a record up by name costs more than the comparison itself).
    ///
    /// - Complexity: O(n log n) comparisons and n calls of `key`.
    @inlinable
    public func sortedByKey<Key: Comparable>(_ key: (Element) -> Key) -> [Element] {
        var keyed = map { (key: key($0), element: $0) }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.element)
    }
}
