public import LayoutVocabulary
internal import Cassowary

/// Adding, changing and removing constraints, content priorities, the root, margins, direction.
extension LayoutModel {
    // MARK: - Constraints

    /// Apple's legality rules, and the model's limits. Throws the first rule the spec breaks.
    public func validate(_ spec: ConstraintSpec) throws(LayoutError) {
        let first = spec.firstItem, a1 = spec.firstAttribute
        try checkItem(first, naming: a1)
        try Self.checkMagnitude(spec.constant, .constant)
        try Self.checkMagnitude(spec.resolvedConstant, .constant)
        guard LayoutPriority.isValid(spec.priority.rawValue) else { throw .priorityOutOfRange(spec.priority.rawValue) }
        guard let second = spec.secondItem, let a2 = spec.secondAttribute else {
            if a1.isLocation { throw .locationEqualsConstant(spec, superview: superview(of: first)) }
            return
        }
        try checkItem(second, naming: a2)
        guard spec.multiplier.isFinite, abs(spec.multiplier) <= Self.maxMultiplier,
              spec.multiplier == 0 || abs(spec.multiplier) >= 1 / Self.maxMultiplier else {
            throw .multiplierOutOfRange(spec.multiplier)
        }
        if spec.multiplier == 0 {
            if a1.isLocation { throw .zeroMultiplierOnLocation(spec, superview: superview(of: first)) }
            throw .zeroMultiplierIgnoresSecondItem(spec)
        }
        if a1.isSize != a2.isSize { throw .sizeRelatedToLocation(spec) }
        if a1.isLocation {
            if a1.axis != a2.axis { throw .locationsOnDifferentAxes(spec) }
            if (a1.isDirectional && a2.isAbsoluteHorizontalEdge) || (a2.isDirectional && a1.isAbsoluteHorizontalEdge) {
                throw .directionalRelatedToAbsolute(spec)
            }
        }
    }

    /// The superview an error about a constraint on `item` names (worked out only for one).
    private func superview(of item: String) -> String {
        parent(of: item) ?? Self.systemGuide(item)?.owner ?? Self.rootName
    }

    /// Checks a name for a new constraint.
    public func validateName(_ name: String) throws(LayoutError) {
        guard Self.isIdentifier(name) else { throw .invalidConstraintName(name) }
        if Self.looksLikeConstraintID(name) { throw .constraintNameLooksLikeID(name) }
        if let taken = names[name] { throw .constraintNameTaken(name, by: taken) }
        if views[name] != nil { throw .constraintNameIsView(name) }
    }

    /// Adds (activates) a constraint; returns its id (`cN`). A required one that conflicts is
    /// kept, broken, and a `.conflict` event is recorded. `validated`: the caller has just run
    /// `validate(spec)` on the model as it is (the shell does, to point at the column at fault),
    /// so it is not run twice.
    @discardableResult
    public func addConstraint(_ spec: ConstraintSpec, name: String? = nil, validated: Bool = false) throws(LayoutError) -> String {
        if !validated { try validate(spec) }
        if let name { try validateName(name) }
        if Self.strainsPrecision(multiplier: spec.multiplier, constant: spec.resolvedConstant) { mayLosePrecision = true }
        let number = nextNumber
        let id = "c\(number)"
        nextNumber += 1
        makeSystemGuides(for: spec)
        if let name { names[name] = id }
        storeInstalled(ConstraintRecord(userNumber: number, id: id, serial: nextSerial(), name: name, spec: spec), id: id)
        return id
    }

    public func removeConstraint(_ id: String) throws(LayoutError) {
        guard let record = constraints[id] else { throw .unknownConstraint(id) }
        try Self.refuseSystem(record)
        guard !record.isImplicit else { throw .implicitConstraintNotRemovable(id: id, view: record.spec.firstItem) }
        dropConstraint(id)
        retryBroken()
    }

    func dropConstraint(_ id: String) {
        guard let record = constraints[id], let slot = constraints.slot(of: id) else { return }
        uninstall(id)
        constraints[id] = nil
        brokenRequired.remove(id)
        constraintList.remove(Int32(slot))
        if let name = record.name { names[name] = nil }
        for item in record.items { touching.remove(Int32(slot), from: item) }
        events.append(.removed(record))
    }

    public func setActive(_ id: String, _ active: Bool) throws(LayoutError) {
        guard let record = constraints[id] else { throw .unknownConstraint(id) }
        try Self.refuseSystem(record)
        guard !record.isImplicit else { throw .implicitConstraintAlwaysActive(id) }
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
        guard let record = constraints[id] else { throw .unknownConstraint(id) }
        try Self.refuseSystem(record)
        guard !record.isImplicit else { throw .implicitConstantFromIntrinsicSize(id: id, view: record.spec.firstItem) }
        try Self.checkMagnitude(value, .constant)
        if value == record.spec.constant && record.spec.systemSpacing == 0 { return }
        if Self.strainsPrecision(multiplier: record.spec.multiplier, constant: value) { mayLosePrecision = true }
        let before = record
        // The new constant is the whole distance, as setting `constant` on UIKit's
        // system-spacing constraint replaces NSLayoutAnchorConstraintSpace(8).
        constraints[id]!.spec.constant = value
        constraints[id]!.spec.systemSpacing = 0
        events.append(.changed(id: id, before: before))
        refreshConstant(id)
        retryBroken()
    }

    /// `cN.priority = p`. Apple does not allow a change between required and optional.
    public func setPriority(_ id: String, _ priority: LayoutPriority) throws(LayoutError) {
        guard let record = constraints[id] else { throw .unknownConstraint(id) }
        guard LayoutPriority.isValid(priority.rawValue) else { throw .priorityOutOfRange(priority.rawValue) }
        try Self.refuseSystem(record)
        // An implicit constraint's priority is its view's hugging or compression resistance.
        switch record.kind {
        case .hugging(let axis): return try setHugging(record.spec.firstItem, axis, priority)
        case .resistance(let axis): return try setResistance(record.spec.firstItem, axis, priority)
        case .user, .system, .autoresizing: break
        }
        let old = record.spec.priority
        if old.isRequired != priority.isRequired {
            throw .priorityChangeAcrossRequired(id: id, from: old, to: priority)
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
        guard let info = views[view] else { throw .unknownView(view) }
        guard view != Self.rootName else { throw .rootHasNoIntrinsicSize }
        if info.kind.isGuide { throw .guideHasNoIntrinsicSize(view) }
        guard LayoutPriority.isValid(priority.rawValue) else { throw .priorityOutOfRange(priority.rawValue) }
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
    /// intrinsic size. Returns the existing ones whose constant changed: their expressions are
    /// rebuilt by the caller, in one change of the solver (`applyAsOneChange`).
    @discardableResult
    func rebuildImplicit(_ view: String) -> Set<String> {
        var changed = Set<String>()
        guard let info = views[view] else { return changed }
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
                            changed.insert(id)
                        }
                    } else {
                        store(ConstraintRecord(id: id, serial: nextSerial(), kind: hugging ? .hugging(axis) : .resistance(axis),
                                               spec: spec), announced: false)
                        install(id)
                    }
                } else if constraints[id] != nil {
                    dropConstraint(id)
                }
            }
        }
        return changed
    }

    /// A constraint UIKit makes itself changes only with the setting that made it.
    static func refuseSystem(_ record: ConstraintRecord) throws(LayoutError) {
        if case .system(let identifier, let owner) = record.kind {
            throw .systemConstraintNotEditable(id: record.id, identifier: identifier, owner: owner)
        }
        if record.isAutoresizing {
            throw .systemConstraintNotEditable(id: record.id, identifier: "NSAutoresizingMaskLayoutConstraint", owner: record.spec.firstItem)
        }
    }

    // MARK: - Root, margins, direction

    /// `root WxH`: changes the constants of the root's size constraints (the solver's fast
    /// path). When that meets a required conflict, the newest conflicting constraint is broken.
    public func setRootSize(width: Double, height: Double) throws(LayoutError) {
        try Self.checkMagnitude(width, .rootWidth)
        try Self.checkMagnitude(height, .rootHeight)
        guard width >= 0, height >= 0 else { throw .negativeRootSize }
        rootWidth = width
        rootHeight = height
        setConstantBreakingOthers(rootWidthID, -width, label: "root.width")
        setConstantBreakingOthers(rootHeightID, -height, label: "root.height")
        retryBroken()
    }

    /// `a.margins = …` (top, left, bottom, right), or with `directional` (`a.directionalMargins
    /// = …`) top, leading, bottom, trailing, which follow the layout direction. Every constant
    /// that holds the margins changes in one change of the solver.
    public func setMargins(_ view: String, _ margins: EdgeInsets, directional: Bool = false) throws(LayoutError) {
        guard let info = views[view] else { throw .unknownView(view) }
        if info.kind.isGuide { throw .guideHasNoMargins(view) }
        for value in [margins.top, margins.left, margins.bottom, margins.right] { try Self.checkMagnitude(value, .margin) }
        views[view]!.margins = margins
        views[view]!.marginsAreDirectional = directional
        applyAsOneChange(marginDependents(of: view).union(updateGuideTies(of: view, .marginsGuide)))
    }

    /// `direction rtl|ltr`: rebuilds every constraint naming leading/trailing.
    public func setDirection(_ newDirection: LayoutDirection) {
        guard newDirection != direction else { return }
        direction = newDirection
        // All of them out before any goes back: mirrored one at a time, a half-flipped layout
        // would report conflicts that the finished flip does not have. Directional margins
        // change sides with the rest.
        var flipped = Set(constraintOrder.filter { constraints[$0]?.spec.usesDirectionalAttribute == true })
        for name in viewOrder where views[name]?.marginsAreDirectional == true {
            flipped.formUnion(marginDependents(of: name))
            flipped.formUnion(updateGuideTies(of: name, .marginsGuide))
        }
        applyAsOneChange(flipped, constantsOnly: false)
    }
}
