import Cassowary

/// Adding, changing and removing constraints, content priorities, the root, margins, direction, undo.
extension LayoutModel {
    // MARK: - Constraints

    /// Apple's legality rules, and the model's limits. Throws with a plain-words reason and a hint.
    public func validate(_ spec: ConstraintSpec) throws(LayoutError) {
        let first = spec.firstItem, a1 = spec.firstAttribute
        guard views[first] != nil else { throw LayoutError("there is no view named \(first)", hint: "add it first: view \(first)") }
        try Self.checkMagnitude(spec.constant, "the constant")
        guard LayoutPriority.isValid(spec.priority.rawValue) else {
            throw LayoutError("priority \(formatNumber(spec.priority.rawValue)) is outside (0, 1000]",
                              hint: "use a number above 0 and at most 1000, or required (1000), high (750), low (250), fittingSize (50)")
        }
        // The hints are only written out when a rule fails (this runs for every constraint).
        var constantText: String {
            spec.constant == 0 ? "" : (spec.constant > 0 ? " + \(formatNumber(spec.constant))" : " - \(formatNumber(-spec.constant))")
        }
        var locationHint: String {
            "write \(first).\(a1.rawValue) \(spec.relation.rawValue) \(views[first]?.parent ?? Self.rootName).\(a1.rawValue)\(constantText)"
        }
        guard let second = spec.secondItem, let a2 = spec.secondAttribute else {
            if a1.isLocation {
                throw LayoutError("a location cannot equal a constant: \(a1.rawValue) only makes sense relative to another view", hint: locationHint)
            }
            return
        }
        guard views[second] != nil else { throw LayoutError("there is no view named \(second)", hint: "add it first: view \(second)") }
        guard spec.multiplier.isFinite, abs(spec.multiplier) <= Self.maxMultiplier,
              spec.multiplier == 0 || abs(spec.multiplier) >= 1 / Self.maxMultiplier else {
            throw LayoutError("the multiplier \(formatNumber(spec.multiplier)) is out of range", hint: "use a multiplier whose size is between 1e-6 and 1e6")
        }
        if spec.multiplier == 0 {
            if a1.isLocation {
                throw LayoutError("a multiplier of 0 makes a location equal a constant", hint: locationHint)
            }
            throw LayoutError("a multiplier of 0 ignores \(second).\(a2.rawValue)",
                              hint: "write \(first).\(a1.rawValue) \(spec.relation.rawValue) \(formatNumber(spec.constant))")
        }
        if a1.isSize != a2.isSize {
            let (size, location) = a1.isSize ? (a1, a2) : (a2, a1)
            throw LayoutError("invalid pairing of attributes: a size (\(size.rawValue)) cannot be related to a location (\(location.rawValue))",
                              hint: "relate sizes to sizes (\(first).\(a1.rawValue) == \(second).\(a1.rawValue)) and locations to locations")
        }
        if a1.isLocation {
            if a1.axis != a2.axis {
                throw LayoutError("\(a1.rawValue) is \(a1.axis == .horizontal ? "horizontal" : "vertical") but \(a2.rawValue) is \(a2.axis == .horizontal ? "horizontal" : "vertical"): locations on different axes cannot be related",
                                  hint: "write \(first).\(a1.rawValue) \(spec.relation.rawValue) \(second).\(a1.rawValue)\(constantText)")
            }
            if (a1.isDirectional && a2.isAbsoluteHorizontalEdge) || (a2.isDirectional && a1.isAbsoluteHorizontalEdge) {
                let fixed = a1.isDirectional ? Self.directionalCounterpart(a2) : Self.directionalCounterpart(a1)
                let hint = a1.isDirectional
                    ? "use leading/trailing for both or neither: \(first).\(a1.rawValue) \(spec.relation.rawValue) \(second).\(fixed.rawValue)\(constantText)"
                    : "use leading/trailing for both or neither: \(first).\(fixed.rawValue) \(spec.relation.rawValue) \(second).\(a2.rawValue)\(constantText)"
                throw LayoutError("a leading/trailing attribute cannot be related to a left/right one", hint: hint)
            }
        }
    }

    static func directionalCounterpart(_ attribute: LayoutAttribute) -> LayoutAttribute {
        switch attribute {
        case .left: .leading
        case .right: .trailing
        case .leftMargin: .leadingMargin
        case .rightMargin: .trailingMargin
        default: attribute
        }
    }

    /// Checks a name for a new constraint.
    public func validateName(_ name: String) throws(LayoutError) {
        guard Self.isIdentifier(name) else { throw LayoutError("'\(name)' is not a valid constraint name", hint: "names are C identifiers") }
        if Self.looksLikeConstraintID(name) { throw LayoutError("\(name) looks like a constraint id", hint: "choose a name such as minWidth") }
        if names[name] != nil { throw LayoutError("the name \(name) is already taken by \(names[name]!)") }
        if views[name] != nil { throw LayoutError("\(name) is already a view") }
    }

    /// Adds (activates) a constraint; returns its id (`cN`). A required one that conflicts is
    /// kept, broken, and a `.conflict` event is recorded.
    @discardableResult
    public func addConstraint(_ spec: ConstraintSpec, name: String? = nil) throws(LayoutError) -> String {
        try validate(spec)
        if let name { try validateName(name) }
        let id = "c\(nextNumber)"
        nextNumber += 1
        var record = ConstraintRecord(id: id, serial: nextSerial(), kind: .user, name: name, spec: spec)
        build(&record)
        constraints[id] = record
        constraintOrder.append(id)
        if let name { names[name] = id }
        for item in Set(record.items) { touching[item, default: []].insert(id) }
        events.append(.added(id))
        install(id)
        return id
    }

    public func removeConstraint(_ id: String) throws(LayoutError) {
        guard let record = constraints[id] else { throw LayoutError("there is no constraint \(id)") }
        guard !record.isImplicit else {
            throw LayoutError("\(id) comes from \(record.spec.firstItem)'s intrinsic size and cannot be removed",
                              hint: "change its priority instead, e.g. \(id) = 1")
        }
        dropConstraint(id)
        retryBroken()
    }

    func dropConstraint(_ id: String) {
        guard let record = constraints[id] else { return }
        uninstall(id)
        constraints[id] = nil
        brokenRequired.remove(id)
        constraintOrder.removeAll { $0 == id }
        if let name = record.name { names[name] = nil }
        for item in record.items { touching[item]?.remove(id) }
        events.append(.removed(record))
    }

    public func setActive(_ id: String, _ active: Bool) throws(LayoutError) {
        guard let record = constraints[id] else { throw LayoutError("there is no constraint \(id)") }
        guard !record.isImplicit else { throw LayoutError("\(id) comes from an intrinsic size and is always active") }
        guard record.isActive != active else { return }
        let before = record
        if active {
            constraints[id]!.isActive = true
            constraints[id]!.isBroken = false
            brokenRequired.remove(id)
            events.append(.changed(id: id, before: before))
            install(id)
        } else {
            uninstall(id)
            constraints[id]!.isActive = false
            constraints[id]!.isBroken = false
            brokenRequired.remove(id)
            events.append(.changed(id: id, before: before))
            retryBroken()
        }
    }

    /// `cN.constant = value` — the solver's fast path (setConstant), no new constraint.
    public func setConstant(_ id: String, _ value: Double) throws(LayoutError) {
        guard let record = constraints[id] else { throw LayoutError("there is no constraint \(id)") }
        guard !record.isImplicit else { throw LayoutError("\(id) takes its constant from the intrinsic size", hint: "use view \(record.spec.firstItem) intrinsic WxH") }
        try Self.checkMagnitude(value, "the constant")
        if value == record.spec.constant { return }
        let before = record
        constraints[id]!.spec.constant = value
        events.append(.changed(id: id, before: before))
        refreshConstant(id)
        retryBroken()
    }

    /// `cN.priority = p`. Apple does not allow a change between required and optional.
    public func setPriority(_ id: String, _ priority: LayoutPriority) throws(LayoutError) {
        guard let record = constraints[id] else { throw LayoutError("there is no constraint \(id)") }
        guard LayoutPriority.isValid(priority.rawValue) else {
            throw LayoutError("priority \(formatNumber(priority.rawValue)) is outside (0, 1000]", hint: "use a number above 0 and at most 1000")
        }
        if record.isImplicit {
            let axis: LayoutAttribute.Axis
            switch record.kind {
            case .hugging(let a), .resistance(let a): axis = a
            case .user: axis = .horizontal
            }
            if case .hugging = record.kind { try setHugging(record.spec.firstItem, axis, priority) } else { try setResistance(record.spec.firstItem, axis, priority) }
            return
        }
        let old = record.spec.priority
        if old.isRequired != priority.isRequired {
            let fix = old.isRequired ? "remove \(id) and add it again with @\(formatNumber(priority.rawValue))"
                                     : "remove \(id) and add it again without a priority"
            throw LayoutError("cannot change a priority between required and optional: \(id) is \(formatNumber(old.rawValue)), and Auto Layout does not allow \(formatNumber(priority.rawValue)) on an installed constraint",
                              hint: "use 999 for \"almost required\", or \(fix)")
        }
        guard old != priority else { return }
        let before = record
        constraints[id]!.spec.priority = priority
        events.append(.changed(id: id, before: before))
        if constraints[id]!.isActive {
            uninstall(id)
            install(id)
        }
    }

    public func setHugging(_ view: String, _ axis: LayoutAttribute.Axis, _ priority: LayoutPriority) throws(LayoutError) {
        try setContentPriority(view, axis, priority, hugging: true)
    }

    public func setResistance(_ view: String, _ axis: LayoutAttribute.Axis, _ priority: LayoutPriority) throws(LayoutError) {
        try setContentPriority(view, axis, priority, hugging: false)
    }

    func setContentPriority(_ view: String, _ axis: LayoutAttribute.Axis, _ priority: LayoutPriority, hugging: Bool) throws(LayoutError) {
        guard views[view] != nil else { throw LayoutError("there is no view named \(view)") }
        guard view != Self.rootName else { throw LayoutError("the root view has no intrinsic size; its size is set with root WxH") }
        guard LayoutPriority.isValid(priority.rawValue) else {
            throw LayoutError("priority \(formatNumber(priority.rawValue)) is outside (0, 1000]", hint: "use a number above 0 and at most 1000, e.g. 251")
        }
        switch (hugging, axis) {
        case (true, .horizontal): views[view]!.huggingH = priority
        case (true, .vertical): views[view]!.huggingV = priority
        case (false, .horizontal): views[view]!.resistanceH = priority
        case (false, .vertical): views[view]!.resistanceV = priority
        }
        let id = Self.implicitID(view, hugging: hugging, axis)
        if let record = constraints[id], record.spec.priority != priority {
            let before = record
            uninstall(id)
            constraints[id]!.spec.priority = priority
            constraints[id]!.isBroken = false
            brokenRequired.remove(id)
            events.append(.changed(id: id, before: before))
            install(id)
            retryBroken()
        }
    }

    static func implicitID(_ view: String, hugging: Bool, _ axis: LayoutAttribute.Axis) -> String {
        "\(view).\(hugging ? "hugging" : "resistance").\(axis == .horizontal ? "h" : "v")"
    }

    /// Creates, updates or drops the hugging/resistance constraints of a view to match its
    /// intrinsic size.
    func rebuildImplicit(_ view: String) {
        guard let info = views[view] else { return }
        for axis in [LayoutAttribute.Axis.horizontal, .vertical] {
            for hugging in [true, false] {
                let id = Self.implicitID(view, hugging: hugging, axis)
                let attribute: LayoutAttribute = axis == .horizontal ? .width : .height
                if let size = info.intrinsic(axis) {
                    let spec = ConstraintSpec(firstItem: view, firstAttribute: attribute,
                                              relation: hugging ? .lessThanOrEqual : .greaterThanOrEqual,
                                              constant: size, priority: hugging ? info.hugging(axis) : info.resistance(axis))
                    if let existing = constraints[id] {
                        if existing.spec != spec {
                            constraints[id]!.spec = spec
                            events.append(.changed(id: id, before: existing))
                            refreshConstant(id)
                        }
                    } else {
                        var record = ConstraintRecord(id: id, serial: nextSerial(),
                                                      kind: hugging ? .hugging(axis) : .resistance(axis), spec: spec)
                        build(&record)
                        constraints[id] = record
                        constraintOrder.append(id)
                        touching[view, default: []].insert(id)
                        install(id)
                    }
                } else if constraints[id] != nil {
                    dropConstraint(id)
                }
            }
        }
    }

    // MARK: - Root, margins, direction

    /// `root WxH`: changes the constants of the root's size constraints (the solver's fast
    /// path). When that meets a required conflict, the newest conflicting constraint is broken.
    public func setRootSize(width: Double, height: Double) throws(LayoutError) {
        try Self.checkMagnitude(width, "the root width")
        try Self.checkMagnitude(height, "the root height")
        guard width >= 0, height >= 0 else { throw LayoutError("the root size cannot be negative", hint: "e.g. root 375x667") }
        rootWidth = width
        rootHeight = height
        setConstantBreakingOthers(rootWidthID, -width, label: "root.width")
        setConstantBreakingOthers(rootHeightID, -height, label: "root.height")
        retryBroken()
    }

    /// `a.margins = …` (top, left, bottom, right).
    public func setMargins(_ view: String, _ margins: EdgeInsets) throws(LayoutError) {
        guard views[view] != nil else { throw LayoutError("there is no view named \(view)") }
        for value in [margins.top, margins.left, margins.bottom, margins.right] { try Self.checkMagnitude(value, "a margin") }
        views[view]!.margins = margins
        refreshConstants(touching: view)
        retryBroken()
    }

    /// `direction rtl|ltr`: rebuilds every constraint naming leading/trailing.
    public func setDirection(_ newDirection: LayoutDirection) {
        guard newDirection != direction else { return }
        direction = newDirection
        // All of them out before any goes back: mirrored one at a time, a half-flipped layout
        // would report conflicts that the finished flip does not have.
        let flipped = constraintOrder.filter { id in
            guard let record = constraints[id] else { return false }
            return record.spec.usesDirectionalAttribute && record.solverID != nil
        }
        for id in flipped { uninstall(id) }
        for id in constraintOrder where constraints[id]?.spec.usesDirectionalAttribute == true {
            build(&constraints[id]!)
        }
        for id in flipped { install(id) }
        retryBroken()
    }

    // MARK: - Undo support

    /// The counters to restore when recent additions are taken back.
    public struct UndoMark: Sendable, Hashable {
        public let nextNumber: Int
        let serialCounter: Int
    }

    public var undoMark: UndoMark { UndoMark(nextNumber: nextNumber, serialCounter: serialCounter) }

    /// Takes back views and constraints that were just added (the inverse of `addView` and
    /// `addConstraint`, newest last in the arrays), restoring the id counters to `mark`. Broken
    /// constraints are not retried: additions only ever tighten the layout, so nothing that was
    /// broken before them can hold now. Values that are ambiguous may come out differently
    /// from before the additions (any optimal layout is as good as another).
    public func undoAdditions(constraints ids: [String], views names: [String], to mark: UndoMark) {
        for id in ids.reversed() where constraints[id] != nil { dropConstraint(id) }
        for name in names.reversed() {
            guard let info = views[name], let parent = info.parent else { continue }
            for id in constraintOrder where touching[name]?.contains(id) == true { dropConstraint(id) }
            views[parent]!.children.removeAll { $0 == name }
            for variable in [info.x, info.y, info.width, info.height] { setOwner(of: variable, to: nil) }
            views[name] = nil
            touching[name] = nil
            if viewOrder.last == name { viewOrder.removeLast() } else { viewOrder.removeAll { $0 == name } }
            events.append(.viewRemoved(name))
        }
        nextNumber = mark.nextNumber
        serialCounter = mark.serialCounter
    }

}
