internal import LayoutVocabulary

/// Questions about an item that read one field of its record without copying the record.
///
/// `views[name]` hands out a whole `ViewInfo` (its name, parent, children and text retained and
/// released again): the per-line checks of a constraint (does the item exist, is it a guide,
/// what is its superview) asked that way a dozen times a line.
extension LayoutModel {
    /// Whether a view or guide of this name exists.
    public func hasView(_ name: String) -> Bool {
        views.slotsByKey[name] != nil
    }

    /// The kind of the item of this name, or nil when there is none.
    func kind(of name: String) -> ItemKind? {
        guard let slot = views.slotsByKey[name] else { return nil }
        return views.valuesBySlot.withUnsafeBufferPointer { $0[Int(slot)]?.kind }
    }

    /// `checkItem` and then `checkAttribute`, with one look-up for an item that exists (the
    /// two asked for it twice each).
    func checkItem(_ name: String, naming attribute: LayoutAttribute) throws(LayoutError) {
        if let kind = kind(of: name) {
            if kind.isGuide { try checkAttribute(attribute, of: name) }
            return
        }
        try checkItem(name)
        try checkAttribute(attribute, of: name)
    }

    /// The superview (for a guide: its owner) of the item of this name; nil for the root or a
    /// name that is no item.
    func parent(of name: String) -> String? {
        guard let slot = views.slotsByKey[name] else { return nil }
        return views.valuesBySlot.withUnsafeBufferPointer { $0[Int(slot)]?.parent }
    }

    /// The ids of the constraints that name `item` (`touching` keeps their slots), in no
    /// particular order, as `touching`'s set hands them out.
    /// - Complexity: O(constraints naming it).
    func constraintIDs(touching item: String) -> [String] {
        guard let slots = touching[item] else { return [] }
        return slots.compactMap { constraints.id(inSlot: Int($0)) }
    }

    /// The table slots of the constraints that name `item`, in no particular order.
    /// - Complexity: O(constraints naming it).
    func constraintSlots(touching item: String) -> [Int32] {
        touching[item].map(Array.init) ?? []
    }

    /// The ids of the constraints in `slots`, in their listing order (the order a walk over
    /// every constraint takes them).
    /// - Complexity: O(k log k) for k slots; O(constraints) for the first call after a rollback.
    func constraintIDsInListingOrder(_ slots: some Sequence<Int32>) -> [String] {
        constraintList.inListingOrder(slots).compactMap { constraints.id(inSlot: Int($0)) }
    }
}
