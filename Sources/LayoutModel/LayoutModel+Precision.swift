internal import LayoutVocabulary
internal import Cassowary

/// The check that a change left every required constraint holding: the solver computes in
/// doubles, and on layouts whose numbers are far apart its rounding can leave a constraint off
/// by more than the constraint's own size allows. Such a change is refused, not shown.
extension LayoutModel {
    /// How far a required constraint may be off, relative to the size of its terms, and still
    /// count as holding (`Tolerance.precision`, where the why is).
    public static let precisionTolerance = Tolerance.precision

    /// Whether a constraint's numbers are far enough apart that the solution, in doubles, may
    /// leave a required constraint visibly off: a multiplier beyond 10 or below 0.1 (0 aside),
    /// or a constant of a million points or more. Everyday layouts (0.5, 9/16, 2, 1/3) are not.
    static func strainsPrecision(multiplier: Double, constant: Double) -> Bool {
        let m = abs(multiplier)
        return (m != 0 && (m < 0.1 || m > 10)) || abs(constant) >= 1e6
    }

    /// The residual of an installed constraint at the current solution, or nil when it is not
    /// in the solver (inactive).
    func residual(of id: String) -> Residual? {
        guard let sid = constraints[id]?.solverID else { return nil }
        return solver.residual(of: sid)
    }

    /// Throws when a required, unbroken constraint whose values changed since the last report
    /// (or that itself changed) no longer holds within `precisionTolerance`; the first such
    /// constraint by creation order is named. The model is left as it is: the caller takes
    /// the change back.
    public func checkPrecision() throws(LayoutError) {
        // A layout of everyday numbers cannot lose a visible amount, and the check is not free:
        // without reports in between (`--final`, a load) the changed variables pile up, and
        // each line would look at all of them again (a 1 000-view chain: 0.3 s became 2.5 s).
        guard mayLosePrecision else { return }
        var candidates = changedConstraintIDs
        for variable in solver.changedVariables() { candidates.formUnion(constraintIDs(naming: variable)) }
        var worst: (serial: Int, id: String, violation: Double)?
        for id in candidates {
            guard let record = constraints[id], record.isActive, !record.isBroken, record.spec.priority.isRequired,
                  let sid = record.solverID else { continue }
            let residual = solver.residual(of: sid)
            if residual.holds(within: Self.precisionTolerance) { continue }
            if worst == nil || record.serial < worst!.serial { worst = (record.serial, id, residual.violation) }
        }
        if let worst { throw .precisionLost(constraint: worst.id, violation: worst.violation) }
    }
}
