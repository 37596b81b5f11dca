import LayoutModel

/// The constraint records as they were before an undo: the ones the undone steps wrote, by
/// id, and which of those ids named no constraint then. What the undo's report compares with.
///
/// The records sit in one array with an index of places beside it. A dictionary of optional
/// records held a record's width (some 180 bytes) in every one of its buckets: the undo of a
/// `load` of 50 000 constraints kept about 5 KB a view at its peak.
///
/// A step that replaced the whole state (a `load` or an import into a fresh session, `reset`)
/// notes every record of the model it leaves: that model is kept as it is (`noteEvery`), not
/// copied record by record, since the undo no longer changes it and it stays alive until the
/// report is made anyway. Those copies were the peak of undoing a big `load`.
struct RecordsBefore {
    private var records: [ConstraintRecord] = []
    /// By id: the record's place in `records`, or -1 when the id named no constraint.
    private var places: [String: Int32] = [:]
    /// Models whose every record counts as noted after the ones in `records` (a first note
    /// stands: an id is read from the first that has it), in the order they were noted.
    private var wholeModels: [LayoutModel] = []

    /// Whether `id` was noted (with a record or without).
    func contains(_ id: String) -> Bool {
        places[id] != nil || wholeModels.contains { $0.constraint(id) != nil }
    }

    /// Notes `id` as it is now: its record, or nil when it names no constraint. The first note
    /// of an id stands.
    mutating func note(_ id: String, _ record: ConstraintRecord?) {
        guard !contains(id) else { return }
        if let record {
            places[id] = Int32(records.count)
            records.append(record)
        } else {
            places[id] = -1
        }
    }

    /// Notes every constraint of `model` as it is now, as `note` would one by one: `model`
    /// must not change while this is read.
    mutating func noteEvery(of model: LayoutModel) {
        wholeModels.append(model)
    }

    /// The record `id` had, when it named a constraint.
    subscript(id: String) -> ConstraintRecord? {
        if let place = places[id] { return place >= 0 ? records[Int(place)] : nil }
        for model in wholeModels {
            if let record = model.constraint(id) { return record }
        }
        return nil
    }

    /// The records, oldest constraint first (those noted one by one, then each whole model's
    /// not noted before, in its listing order, before sorting), read in place.
    /// - Complexity: O(n log n).
    func bySerial() -> some Sequence<ConstraintRecord> {
        // Where each record is: in `records` (model -1) or under its id in a whole model.
        var entries = records.indices.map { (serial: records[$0].serial, model: -1, place: $0, id: "") }
        for (index, model) in wholeModels.enumerated() {
            for id in model.constraintOrder where places[id] == nil && !wholeModels[..<index].contains(where: { $0.constraint(id) != nil }) {
                entries.append((model.constraint(id)!.serial, index, 0, id))
            }
        }
        entries.sort { $0.serial < $1.serial }
        let copies = records, models = wholeModels
        return entries.lazy.map { $0.model < 0 ? copies[$0.place] : models[$0.model].constraint($0.id)! }
    }
}
