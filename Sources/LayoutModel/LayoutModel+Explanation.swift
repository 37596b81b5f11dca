public import LayoutVocabulary
internal import Cassowary

/// One constraint's part in an explanation: `multiplier × constant` is what its equation adds to
/// the explained number. `constant` is the number the constraint's equation holds its terms to
/// (`a.width == 100` → 100; `b.leading == a.trailing + 8` → 8; margins and intrinsic offsets
/// folded in), so that `value = offset + Σ multiplier × constant`.
public struct ExplanationTerm: Hashable, Sendable {
    /// `c3`, `label.hugging.h`, or `root.width` / `root.height` for the window's size.
    public var id: String
    public var multiplier: Double
    public var constant: Double
    /// 1000 for required (a broken required constraint keeps 1000 and is marked).
    public var priority: Double
    public var isBrokenRequired: Bool
}

/// A view's component that nothing determines.
public struct FreeComponent: Hashable, Sendable {
    public var view: String
    public var component: FrameComponent
}

/// Why `view.attribute` has its value, from the solver's optimal basis.
///
/// The identity behind it: `view.attribute ≡ value + Σ multiplier_i × (lhs_i − rhs_i)` over the
/// variables (plus free parts when ambiguous), so at the optimum, where every named constraint is
/// tight, `value = offset + Σ multiplier_i × constant_i`.
public struct ValueExplanation: Sendable {
    public var view: String
    public var attribute: LayoutAttribute
    /// In the view's superview's coordinates (unmirrored, as frames are).
    public var value: Double
    /// The attribute's own offset from the view's frame variables (margins, first baseline).
    public var offset: Double
    /// The constraints whose equations fix the value at the optimum, in creation order (the
    /// window's size first).
    public var terms: [ExplanationTerm]
    /// Whether the value differs between optimal layouts; then `lower`/`upper` bound it over all
    /// of them (nil: unbounded that way).
    public var isAmbiguous: Bool
    public var lower: Double?
    public var upper: Double?
    /// What it moves with when ambiguous: frame components nothing determines, and constraints
    /// whose slack may change without losing optimality.
    public var freeComponents: [FreeComponent]
    public var looseConstraints: [String]
}

/// A proof that a required conflict's members cannot all hold, and what it means for the
/// broken member (`target`): the others together force `targetExpression impliedRelation
/// impliedValue`, while the target asks for its own relation and constant.
public struct ConflictExplanation: Sendable {
    public var members: [String]
    public var target: String
    /// The Farkas multipliers: `Σ multiplier × (lhs − rhs)` is a constant (`−shortfall`) for every
    /// layout, so the members cannot all hold.
    public var terms: [ExplanationTerm]
    /// The least error the target has while every other member holds.
    public var shortfall: Double
    public var impliedRelation: LayoutRelation
    /// The value the others give `target.lhs − multiplier × target.second` (the constraint's own
    /// terms, without its constant).
    public var impliedValue: Double
    /// The member whose lowering costs least (the error it would be left with), never the
    /// window's size; ties go to the broken one, then the newest.
    public var cheapest: (id: String, error: Double)?
}

/// Why a constraint holds, is broken or is in conflict.
public struct ConstraintExplanation: Sendable {
    public enum Status: Sendable {
        case inactive
        /// `tight`: both sides are equal.
        case holds(tight: Bool)
        /// An optional constraint the solver gave up on: `error = Σ multiplier × constant` over
        /// `terms` (its own included); `holders` are the other constraints in that combination.
        case broken(error: Double, terms: [ExplanationTerm], holders: [ExplanationTerm])
        /// A required constraint broken to resolve a conflict (nil when no proof was found).
        case conflict(ConflictExplanation?)
    }

    public var id: String
    public var text: String
    public var priority: Double
    public var got: Double
    public var wanted: Double
    public var status: Status
}

extension LayoutModel {
    /// Why `view.attribute` has its value (nil for an unknown view).
    public func explanation(of view: String, attribute: LayoutAttribute) -> ValueExplanation? {
        guard let info = views[view] else { return nil }
        let expression = attributeExpression(view, attribute, in: info.parent ?? view)
        let (basis, lower, upper) = solver.explainWithRange(expression)
        let range = (lower: lower, upper: upper)
        let value = evaluate(expression)
        var ambiguous = true
        if let lower = range.lower, let upper = range.upper {
            ambiguous = upper - lower > Tolerance.margin(abs(value))
        }
        var free: [FreeComponent] = []
        for variable in basis.freeVariables { if let component = freeComponent(variable) { free.append(component) } }
        return ValueExplanation(
            view: view, attribute: attribute, value: value, offset: expression.constant,
            terms: orderedTerms(basis.multipliers), isAmbiguous: ambiguous,
            lower: ambiguous ? range.lower : value, upper: ambiguous ? range.upper : value,
            freeComponents: free, looseConstraints: basis.looseConstraints.compactMap { bySolverID[$0] })
    }

    /// Why a constraint (by id) holds, is broken, or is in conflict (nil for an unknown id).
    public func explanation(ofConstraint id: String) -> ConstraintExplanation? {
        guard let record = constraints[id] else { return nil }
        let (got, wanted) = values(of: id)!
        var result = ConstraintExplanation(id: id, text: record.text, priority: record.spec.priority.rawValue,
                                           got: got, wanted: wanted, status: .inactive)
        guard record.isActive, let sid = record.solverID else { return result }
        if record.isBroken {
            var conflict: ConflictExplanation?
            if let others = solver.minimalConflict(of: sid, among: solver.requiredConstraints) {
                let members = others.compactMap { bySolverID[$0] } + [id]
                conflict = conflictExplanation(members: ordered(members), broken: id)
            }
            result.status = .conflict(conflict)
        } else if let proof = solver.explainError(of: sid) {
            let terms = orderedTerms(proof.multipliers)
            result.status = .broken(error: proof.value, terms: terms, holders: terms.filter { $0.id != id })
        } else {
            result.status = .holds(tight: Tolerance.nearlyEqual(got, wanted))
        }
        return result
    }

    /// The certificate of a required conflict (members by id, `root.width`/`root.height` for
    /// the window) and what it implies for the broken member. nil when a member is gone or the
    /// members can hold after all, and for a conflict of more than 200 members (a chain of
    /// thousands of views that cannot fit): its proof is a scratch solve that grows
    /// quadratically, and a sentence naming thousands of constraints explains nothing.
    public func conflictExplanation(members: [String], broken: String) -> ConflictExplanation? {
        guard members.count <= Self.explainedConflictLimit else { return nil }
        var solverIDs: [ConstraintID] = []
        for member in members {
            guard let sid = solverID(of: member) else { return nil }
            solverIDs.append(sid)
        }
        guard let record = constraints[broken], let target = record.solverID,
              let certificate = solver.conflictCertificate(solverIDs, target: target) else { return nil }
        let terms = orderedTerms(certificate.multipliers)
        guard let targetTerm = terms.first(where: { $0.id == broken }) else { return nil }

        // Σ m_i (lhs_i − rhs_i) ≡ K with K = −shortfall. The others' part S ≡ K − m_t e_t is 0, or
        // of one sign, wherever they hold; so e_t = (K − S) / m_t.
        let k = -certificate.shortfall
        var sign = 0
        for term in terms where term.id != broken {
            guard let relation = relation(of: term.id), relation != .equal else { continue }
            let termSign = (relation == .greaterThanOrEqual) == (term.multiplier > 0) ? 1 : -1
            if sign != 0 && sign != termSign { return nil }
            sign = termSign
        }
        let implied: LayoutRelation
        switch sign {
        case 0: implied = .equal
        case 1: implied = targetTerm.multiplier > 0 ? .lessThanOrEqual : .greaterThanOrEqual
        default: implied = targetTerm.multiplier > 0 ? .greaterThanOrEqual : .lessThanOrEqual
        }
        let impliedValue = k / targetTerm.multiplier + record.spec.constant

        var cheapest: (id: String, error: Double)?
        // Only a constraint of the user's can be made optional; UIKit's own change with their settings.
        for term in terms where constraints[term.id]?.kind == .user {
            let error = certificate.shortfall / abs(term.multiplier)
            let better: Bool
            if let best = cheapest {
                if error < best.error - Tolerance.margin(error) { better = true }
                else if error > best.error + Tolerance.margin(error) { better = false }
                else if best.id == broken { better = false }
                else { better = term.id == broken || constraints[term.id]!.serial > constraints[best.id]!.serial }
            } else {
                better = true
            }
            if better { cheapest = (term.id, error) }
        }
        return ConflictExplanation(members: members, target: broken, terms: terms, shortfall: certificate.shortfall,
                                   impliedRelation: implied, impliedValue: impliedValue, cheapest: cheapest)
    }

    /// The largest conflict `conflictExplanation` proves.
    public static let explainedConflictLimit = 200

    // MARK: - Helpers

    private func solverID(of id: String) -> ConstraintID? {
        constraints[id]?.solverID ?? implicitSolverID(id)
    }

    private func relation(of id: String) -> LayoutRelation? {
        constraints[id]?.spec.relation ?? implicitConstraint(id)?.relation
    }

    /// The terms of the multipliers the model knows, in creation order (the window's size
    /// first, the size floors last).
    ///
    /// - Complexity: O(n log n), each record looked up once (the middle edge of a long chain
    ///   names thousands of constraints).
    private func orderedTerms(_ multipliers: [ConstraintMultiplier]) -> [ExplanationTerm] {
        var keyed: [(key: SerialOrder, term: ExplanationTerm)] = []
        keyed.reserveCapacity(multipliers.count)
        for multiplier in multipliers {
            // A record by its slot, read once (its id, serial, priority and state); a size
            // floor by the id made for it.
            let id: String, record: ConstraintRecord?
            switch solverNames[multiplier.constraint] {
            case .record(let slot)?:
                guard let found = constraints.record(inSlot: slot) else { continue }
                (id, record) = (found.id, found)
            case .floor?:
                guard let name = bySolverID[multiplier.constraint] else { continue }
                (id, record) = (name, constraints[name])
            case nil:
                continue
            }
            guard let stated = solver.constraint(multiplier.constraint) else { continue }
            let term = ExplanationTerm(id: id, multiplier: multiplier.multiplier, constant: -stated.expression.constant,
                                       priority: record?.spec.priority.rawValue ?? LayoutPriority.required.rawValue,
                                       isBrokenRequired: record?.isBroken ?? false)
            keyed.append((SerialOrder(serial: record?.serial ?? implicitSerialForOrder(id), id: id), term))
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.term)
    }

    private func ordered(_ ids: [String]) -> [String] {
        ids.sortedByKey { SerialOrder(serial: serialForOrder($0), id: $0) }
    }

    /// The window's size first, the size floors last.
    private func serialForOrder(_ id: String) -> Int {
        constraints[id]?.serial ?? implicitSerialForOrder(id)
    }

    /// Where an id with no record goes: the window's size first, the rest last.
    private func implicitSerialForOrder(_ id: String) -> Int {
        switch implicitConstraint(id)?.kind {
        case .windowSize: return id == "root.width" ? -2 : -1
        default: return Int.max
        }
    }

    private func freeComponent(_ variable: Variable) -> FreeComponent? {
        guard variable.id < variableOwners.count, let name = variableOwners[variable.id], let info = views[name] else { return nil }
        let component: FrameComponent
        switch variable {
        case info.x: component = .x
        case info.y: component = .y
        case info.width: component = .width
        default: component = .height
        }
        return FreeComponent(view: name, component: component)
    }
}
