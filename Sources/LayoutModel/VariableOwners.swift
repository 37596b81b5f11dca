internal import UndoTrail
internal import Cassowary

/// For each solver variable (by id), the item it belongs to, with undo: reports ask the solver
/// which variables changed and look only at those items.
///
/// An entry per item, not per variable: an item's four variables are made one after another
/// and the solver never reuses a symbol's id, so they are four consecutive ids, and the items'
/// first ids ascend in the order the items were made. An optional name per symbol id (the
/// solver's slack and error symbols lie between the items' variables, some 13 ids per view)
/// was ~210 bytes per view of a chain; this is 20. A look-up is a binary search.
struct VariableOwners: TrailRecording {
    /// Each item's first variable id, ascending, one per item ever made (a removed one's stays).
    private var firsts = TrailedArray<Int32>()
    /// Each item's name, by its place in `firsts`; nil once the item is gone.
    private var names = TrailedArray<String?>()

    /// One past the largest variable id an item holds: ids at or past it have no owner.
    var count: Int { firsts.last.map { Int($0) + 4 } ?? 0 }

    /// The item variable `id` belongs to, or nil (a symbol that is no item's variable, or an
    /// item that is gone).
    /// - Complexity: O(log items).
    subscript(id: Int) -> String? {
        guard let place = place(of: id) else { return nil }
        return names[place]
    }

    /// The place of the item holding `variable` (for `SolverConstraintNames`), or nil.
    func item(holding variable: Variable) -> Int? { place(of: variable.id) }

    /// The name of the item at `place`, nil once it is gone.
    func name(ofItem place: Int) -> String? { names[place] }

    /// Notes a new item's variables, which must be four consecutive ids past every earlier
    /// item's (`LayoutModel.makeViewInfo` makes them so).
    mutating func add(_ name: String, x: Variable, y: Variable, width: Variable, height: Variable) {
        precondition(y.id == x.id + 1 && width.id == x.id + 2 && height.id == x.id + 3 && x.id >= count,
                     "an item's variables are four new consecutive ids")
        firsts.append(Int32(x.id))
        names.append(name)
    }

    /// Forgets the owner of an item's variables (`x`: its first), when the item goes.
    mutating func release(x: Variable) {
        guard let place = place(of: x.id) else { return }
        names[place] = nil
    }

    /// The place in `firsts` of the item holding variable `id`.
    private func place(of id: Int) -> Int? {
        firsts.withUnsafeBufferPointer { firsts in
            var low = 0, high = firsts.count
            // The last first id at or below `id`.
            while low < high {
                let middle = (low + high) / 2
                if Int(firsts[middle]) <= id { low = middle + 1 } else { high = middle }
            }
            guard low > 0, id - Int(firsts[low - 1]) < 4 else { return nil }
            return low - 1
        }
    }

    mutating func beginStep() {
        firsts.beginStep()
        names.beginStep()
    }

    mutating func rollBackStep() {
        firsts.rollBackStep()
        names.rollBackStep()
    }

    mutating func forgetSteps(keepingNewest depth: Int) {
        firsts.forgetSteps(keepingNewest: depth)
        names.forgetSteps(keepingNewest: depth)
    }
}

// Reflects as the owners it holds: two models in the same state dump alike.
extension VariableOwners: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["firsts": firsts, "names": names]) }
}
