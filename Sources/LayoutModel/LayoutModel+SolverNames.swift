internal import Cassowary

extension LayoutModel {
    /// The model's id of each constraint in the solver, by the solver's id: the records' ids
    /// and the size floors' (`v.width`, `root.height`), made from what `solverNames` keeps.
    var bySolverID: SolverIDs { SolverIDs(model: self) }

    /// `solverNames` read and written as ids. Writing one names a record the table holds;
    /// the floors are written as such (`addSizeFloors`).
    struct SolverIDs {
        unowned let model: LayoutModel

        subscript(id: ConstraintID) -> String? {
            get {
                switch model.solverNames[id] {
                case .record(let slot): return model.constraints.record(inSlot: slot)?.id
                case .floor(let item, let isWidth):
                    return model.variableOwners.name(ofItem: item).map { "\($0).\(isWidth ? "width" : "height")" }
                case nil: return nil
                }
            }
            nonmutating set {
                guard let newValue else {
                    model.solverNames[id] = nil
                    return
                }
                guard let slot = model.constraints.slot(of: newValue) else {
                    preconditionFailure("a solver constraint named after a record the table does not hold: \(newValue)")
                }
                model.solverNames[id] = .record(slot: slot)
            }
        }
    }
}
