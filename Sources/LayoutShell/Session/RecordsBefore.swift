import LayoutModel

/// The constraint records as they were before an undo: the ones the undone steps wrote, by
/// id, and which of those ids named no constraint then. What the undo's report compares with.
///
/// The records sit in one array with an index of places beside it. A dictionary of optional
/// records held a record's width (some 180 bytes) in every one of its buckets: the undo of a
/// `load` of 50 000 constraints kept about 5 KB a view at its peak.
struct RecordsBefore {
    private var records: [ConstraintRecord] = []
    /// By id: the record's place in `records`, or -1 when the id named no constraint.
    private var places: [String: Int32] = [:]

    /// Whether `id` was noted (with a record or without).
    func contains(_ id: String) -> Bool { places[id] != nil }

    /// Room for `count` more records and ids.
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(records.count + count)
        places.reserveCapacity(places.count + count)
    }

    /// Notes `id` as it is now: its record, or nil when it names no constraint. The first note
    /// of an id stands.
    mutating func note(_ id: String, _ record: ConstraintRecord?) {
        guard places[id] == nil else { return }
        if let record {
            places[id] = Int32(records.count)
            records.append(record)
        } else {
            places[id] = -1
        }
    }

    /// The record `id` had, when it named a constraint.
    subscript(id: String) -> ConstraintRecord? {
        guard let place = places[id], place >= 0 else { return nil }
        return records[Int(place)]
    }

    /// The records, oldest constraint first, read in place.
    /// - Complexity: O(n log n).
    func bySerial() -> some Sequence<ConstraintRecord> {
        let records = records
        return records.indices.sorted { records[$0].serial < records[$1].serial }.lazy.map { records[$0] }
    }
}
