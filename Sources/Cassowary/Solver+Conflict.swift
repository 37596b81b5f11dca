/// Shrinking a proof of infeasibility to a minimal conflicting set.
///
/// The tableau yields a proof (a Farkas certificate) whenever a required constraint cannot hold;
/// its support is unsatisfiable but need not be minimal. A deletion filter makes it minimal: drop
/// one member, and if the rest is still unsatisfiable, continue with the (smaller) support of the
/// new proof; if it became satisfiable, that member is necessary. Each test runs in a scratch
/// solver holding only the candidate constraints, so the cost depends on the size of the
/// conflict, not of the layout.
extension Solver {
    /// - Complexity: one scratch solve per member of `support` (each of at most its size plus
    ///   one constraints): quadratic in the proof's support, independent of the layout's size.
    func minimalConflict(with offending: SolverConstraint, id offendingID: ConstraintID, within support: [ConstraintID]) -> [ConstraintID] {
        var necessary: [ConstraintID] = []
        var pending = support.filter { $0 != offendingID && constraints[$0.id] != nil }
        // Each test is a scratch solve of the candidates: quadratic in the proof's size. A proof
        // of thousands of members (a 10 000-view VFL chain that cannot fit) would take hours;
        // past the limit the proof is returned as found. It is still a conflict, and usually a
        // minimal one (a proof read off a simplex basis is a vertex of the cone of proofs).
        guard pending.count <= Self.conflictMinimizationLimit else { return pending.sorted() }
        while let candidate = pending.first {
            let others = necessary + pending.dropFirst()
            if let smaller = unsatisfiableSubset(offending, offendingID, others) {
                pending = Array(pending.dropFirst()).filter { smaller.contains($0) }
                necessary = necessary.filter { smaller.contains($0) }
            } else {
                necessary.append(candidate)
                pending.removeFirst()
            }
        }
        return necessary.sorted()
    }

    /// The largest proof `minimalConflict` checks member by member.
    static let conflictMinimizationLimit = 200

    /// Whether `offending` together with `others` (all treated as required) is unsatisfiable;
    /// if so, the members of `others` in the proof found.
    func unsatisfiableSubset(_ offending: SolverConstraint, _ offendingID: ConstraintID,
                             _ others: [ConstraintID]) -> Set<ConstraintID>? {
        var copy = ScratchCopy()
        var original: [ConstraintID] = []
        let members = [(offendingID, offending)] + others.map { ($0, constraints[$0.id]!) }
        for (id, record) in members {
            switch copy.scratch.insert(copy.translate(record.expression), record.relation, .required) {
            case .added:
                original.append(id)
            case .unsatisfiable(let support, _, _):
                var subset = Set(support.map { original[$0.id] })
                subset.insert(id)
                subset.remove(offendingID)
                return subset
            }
        }
        return nil
    }
}
