internal import LayoutVocabulary
internal import Cassowary

/// Turning Auto Layout constraints into solver constraints, installing them, and UIKit's recovery from conflicts.
extension LayoutModel {
    // MARK: - Translation to the solver

    /// The closest common ancestor of two views.
    public func commonAncestor(_ a: String, _ b: String) -> String {
        // Walked by the records' places in the table, reading depth and parent in place: a
        // walk by copies of the records retained and released each one's strings and arrays.
        let slots = views.slotsByKey, infos = views.valuesBySlot
        guard let a = slots[a], let b = slots[b] else { return Self.rootName }
        var x = Int(a), y = Int(b)
        func up(_ slot: Int) -> Int { Int(slots[infos[slot]!.parent!]!) }
        while infos[x]!.depth > infos[y]!.depth { x = up(x) }
        while infos[y]!.depth > infos[x]!.depth { y = up(y) }
        while x != y { x = up(x); y = up(y) }
        return infos[x]!.name
    }

    /// Fills in the expressions of a stored record from its spec, for the current direction,
    /// margins and intrinsic sizes, and indexes the variables they name.
    func rebuild(_ id: String) {
        guard let slot = constraints.slot(of: id) else { return }
        build(&constraints[id]!)
        index(slot: Int32(slot), constraints[id]!)
    }

    /// Works out a record's expressions from its spec and the hierarchy as it stands.
    func build(_ record: inout ConstraintRecord) {
        // The spec's fields read one by one: `record.spec` is made from them at each read.
        let firstItem = record.firstItem, firstAttribute = record.firstAttribute
        let specSecondItem = record.secondItem, secondAttribute = record.secondAttribute
        var space: String
        let first = contentAreaItem(firstItem, firstAttribute, facing: specSecondItem)
        let secondItem = specSecondItem.map { contentAreaItem($0, secondAttribute!, facing: firstItem) }
        if let second = secondItem {
            space = commonAncestor(first, second)
        } else {
            space = parent(of: first) ?? Self.rootName
        }
        // A guide has no coordinates of its own: its layoutFrame is in its owner's, so a
        // guide related to itself (`g.left >= g.right / 3 + 100`) is read there.
        if kind(of: space)?.isGuide == true, let owner = parent(of: space) { space = owner }
        // Under right-to-left a constraint naming leading or trailing is read in the reading
        // direction: every horizontal position in it counts leftwards (−x), so a constant moves
        // toward trailing and `>=` bounds the trailing side, as the mirror image of the same
        // constraint in left-to-right. The origin stays the left edge, as on a device:
        // `dot.trailing == 0.8 * root.trailing` is 0.8 × 0 in RTL (see README, Decisions).
        let reading: Double = readsLeftward(firstAttribute, secondAttribute) ? -1 : 1
        record.readsLeftward = reading < 0
        var lhs = attributeExpression(first, firstAttribute, in: space)
        // Read rightwards (nearly always) the combination is the expression itself: its terms
        // are merged and sorted already, each times 1 is itself, and its constant gains + 0
        // (which turns a −0 into 0, as the combination did).
        lhs = reading == 1 ? Expression(lhs.terms, constant: lhs.constant + 0.0) : combine(lhs, reading, Expression(), 0)
        if let second = secondItem, let attribute = secondAttribute {
            let value = attributeExpression(second, attribute, in: space)
            record.setSides(lhs, combine(value, reading * record.multiplier, Expression(constant: record.resolvedConstant), 1))
        } else {
            record.setSides(lhs, Expression(constant: record.resolvedConstant))
        }
    }

    /// Whether the constraint is read in the reading direction under right-to-left (it names
    /// leading or trailing, or their margins).
    func readsLeftward(_ first: LayoutAttribute, _ second: LayoutAttribute?) -> Bool {
        // `ConstraintSpec.usesDirectionalAttribute`, of the record's attributes read in place.
        direction == .rightToLeft && (first.isDirectional || (second?.isDirectional ?? false))
    }

    /// The value of `view.attribute` in the coordinate system of its ancestor `space` (x from its
    /// left edge, also under right-to-left: UIKit never mirrors the coordinates).
    func attributeExpression(_ view: String, _ attribute: LayoutAttribute, in space: String) -> Expression {
        guard let info = views[view] else { return Expression() }
        if attribute == .width || attribute == .height { return Expression(sizeTerms(of: info, attribute == .width)) }
        var terms: [Term] = []
        let horizontal = attribute.axis == .horizontal
        // Up to `space` by the records' places, reading each in place (not a copy of each).
        let slots = views.slotsByKey, infos = views.valuesBySlot
        var current = Int(slots[view]!)
        while infos[current]!.name != space, let parent = infos[current]!.parent {
            terms.append(Term(horizontal ? infos[current]!.x : infos[current]!.y))
            current = Int(slots[parent]!)
        }
        let m = effectiveMargins(of: info)
        var constant = 0.0
        var resolved = attribute
        switch attribute {
        case .leading: resolved = direction == .leftToRight ? .left : .right
        case .trailing: resolved = direction == .leftToRight ? .right : .left
        case .leadingMargin: resolved = direction == .leftToRight ? .leftMargin : .rightMargin
        case .trailingMargin: resolved = direction == .leftToRight ? .rightMargin : .leftMargin
        default: break
        }
        switch resolved {
        case .left, .top: break
        case .right: terms.append(Term(info.width))
        case .bottom, .baseline, .lastBaseline: terms.append(Term(info.height))
        case .firstBaseline:
            if let h = info.intrinsicHeight { constant = h } else { terms.append(Term(info.height)) }
        case .centerX: terms.append(Term(info.width, 0.5))
        case .centerY: terms.append(Term(info.height, 0.5))
        case .leftMargin: constant = m.left
        case .rightMargin: terms.append(Term(info.width)); constant = -m.right
        case .topMargin: constant = m.top
        case .bottomMargin: terms.append(Term(info.height)); constant = -m.bottom
        case .centerXWithinMargins: terms.append(Term(info.width, 0.5)); constant = (m.left - m.right) / 2
        case .centerYWithinMargins: terms.append(Term(info.height, 0.5)); constant = (m.top - m.bottom) / 2
        case .width, .height, .leading, .trailing, .leadingMargin, .trailingMargin: break
        }
        return combine(Expression(terms, constant: constant), 1, Expression(), 0)
    }

    func strength(_ record: ConstraintRecord) -> Strength {
        if record.isBroken { return LayoutModel.brokenStrength }
        return record.priority.isRequired ? .required : .optional(record.priority.rawValue)
    }

    /// Puts an active record into the solver; a required one that conflicts is installed broken.
    func install(_ id: String) {
        changedConstraintIDs.insert(id)
        guard let record = constraints[id], record.isActive, record.solverID == nil else { return }
        let expression = record.expression
        do {
            let sid = try solver.addConstraint(expression, record.relation, strength(record))
            constraints[id]!.solverID = sid
            bySolverID[sid] = id
        } catch {
            breakConstraint(id, conflict: conflictMembers(error.conflicting, plus: id))
        }
    }

    func uninstall(_ id: String) {
        changedConstraintIDs.insert(id)
        guard let sid = constraints[id]?.solverID else { return }
        solver.removeConstraint(sid)
        bySolverID[sid] = nil
        constraints[id]!.solverID = nil
    }

    func conflictMembers(_ ids: [ConstraintID], plus id: String) -> [String] {
        var members = ids.compactMap { bySolverID[$0] }
        members.append(id)
        let serial: (String) -> Int = { [constraints] in constraints[$0]?.serial ?? Int.max }
        return Array(Set(members)).sorted { (serial($0), $0) < (serial($1), $1) }
    }

    /// Recomputes a record's expressions and hands the new constant to the solver (fast path).
    /// A required record that then conflicts becomes broken.
    func refreshConstant(_ id: String) {
        guard constraints[id] != nil else { return }
        changedConstraintIDs.insert(id)
        rebuild(id)
        let record = constraints[id]!
        guard let sid = record.solverID else { return }
        do {
            try solver.setConstant(sid, to: record.expression.constant)
        } catch {
            breakConstraint(id, conflict: conflictMembers(error.conflicting, plus: id))
        }
    }

    /// Reinstalls a required constraint at the internal priority above every optional one, marks
    /// it broken and records the conflict: UIKit's recovery, after which the layout carries on.
    func breakConstraint(_ id: String, conflict members: [String]) {
        let record = constraints[id]!
        uninstall(id)
        constraints[id]!.isBroken = true
        brokenRequired.insert(id)
        if let sid = try? solver.addConstraint(record.expression, record.relation, LayoutModel.brokenStrength) {
            constraints[id]!.solverID = sid
            bySolverID[sid] = id
        }
        events.append(.conflict(Conflict(constraints: members, broken: id)))
    }

    /// For constraints that must win (the root's size): on a conflict, break the newest other
    /// member and try again.
    func setConstantBreakingOthers(_ sid: ConstraintID, _ constant: Double, label: String) {
        for _ in 0..<1000 {
            do {
                try solver.setConstant(sid, to: constant)
                return
            } catch {
                let victims = error.conflicting.compactMap { bySolverID[$0] }.filter { constraints[$0] != nil }
                guard let victim = victims.max(by: { constraints[$0]!.serial < constraints[$1]!.serial }) else { return }
                breakConstraint(victim, conflict: conflictMembers(error.conflicting, plus: label))
            }
        }
    }

    /// Tries to make every broken constraint required again, oldest first.
    public func retryBroken() {
        if brokenRequired.isEmpty { return }
        for id in brokenRequired.sorted(by: { constraints[$0]?.serial ?? 0 < constraints[$1]?.serial ?? 0 }) {
            guard let record = constraints[id], record.isBroken, record.isActive else { continue }
            uninstall(id)
            do {
                let sid = try solver.addConstraint(record.expression, record.relation, .required)
                constraints[id]!.isBroken = false
                brokenRequired.remove(id)
                constraints[id]!.solverID = sid
                bySolverID[sid] = id
                events.append(.repaired(id))
            } catch {
                if let sid = try? solver.addConstraint(record.expression, record.relation, LayoutModel.brokenStrength) {
                    constraints[id]!.solverID = sid
                    bySolverID[sid] = id
                }
            }
        }
    }

}
