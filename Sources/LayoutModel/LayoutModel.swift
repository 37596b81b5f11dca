import Cassowary

/// A view as the model keeps it.
public struct ViewInfo: Sendable {
    public let name: String
    /// nil only for the root.
    public let parent: String?
    public internal(set) var children: [String] = []
    public let depth: Int
    /// Creation order (root is 0).
    public let serial: Int
    /// Intrinsic content size per axis; nil = none (`UIView.noIntrinsicMetric`).
    public internal(set) var intrinsicWidth: Double?
    public internal(set) var intrinsicHeight: Double?
    public internal(set) var huggingH = LayoutPriority.defaultLow
    public internal(set) var huggingV = LayoutPriority.defaultLow
    public internal(set) var resistanceH = LayoutPriority.defaultHigh
    public internal(set) var resistanceV = LayoutPriority.defaultHigh
    public internal(set) var margins = EdgeInsets.standard
    /// The view's four unknowns: its frame in its SUPERVIEW's coordinates (see `LayoutModel`).
    public let x: Variable, y: Variable, width: Variable, height: Variable

    public func hugging(_ axis: LayoutAttribute.Axis) -> LayoutPriority { axis == .horizontal ? huggingH : huggingV }
    public func resistance(_ axis: LayoutAttribute.Axis) -> LayoutPriority { axis == .horizontal ? resistanceH : resistanceV }
    public func intrinsic(_ axis: LayoutAttribute.Axis) -> Double? { axis == .horizontal ? intrinsicWidth : intrinsicHeight }
}

/// Auto Layout's semantics on top of the Cassowary solver: a view hierarchy under `root`,
/// `NSLayoutConstraint`s with Apple's legality rules, intrinsic content size, margins, layout
/// direction, required conflicts, broken and ambiguous values. Knows nothing of text or terminals.
///
/// ## Coordinates
/// Each view has four solver variables: x, y, width, height of its frame in its **superview's**
/// coordinate system — exactly the numbers reported. A constraint is read in the coordinate
/// system of the closest common ancestor G of its items (for `a.width == 100`, a's superview):
/// a location of view v in G's coordinates is the sum of the x (or y) of v and of each of its
/// ancestors below G, plus the attribute's offset (width for right, width/2 for centerX, the
/// margin for leftMargin, …). So `a.centerX == 0.5 * root.centerX` puts a's center at a quarter
/// of the root's width even when a is nested deep inside, and siblings and parent/child
/// constraints (the usual case) stay two or three terms long.
///
/// ## Direction
/// In right-to-left, leading is the right edge and trailing the left one, and a constraint
/// that names leading/trailing (or their margins) is read in G's mirrored coordinates
/// (x' = G.width − x), so offsets flip sign too: `b.leading == a.trailing + 8` puts b 8 points
/// to the LEFT of a. The whole layout mirrors, multipliers included. Left/right never flip.
///
/// ## Baselines
/// Without font metrics, a baseline model: for a view with an intrinsic height h,
/// `firstBaseline` is at top + h (the bottom of its first "line") and `lastBaseline` (=
/// `baseline`) at its bottom edge; a view without an intrinsic height has all three at its
/// bottom edge (as a plain UIView). A one-line label sized to fit has both at its bottom.
///
/// ## Ambiguity
/// Reported per frame component: a view is ambiguous in x when its frame's x (in its superview)
/// differs between two optimal layouts. The solver's exact answer on the frame variables is the
/// answer: a subview pinned inside an ambiguous container is not itself ambiguous — the
/// container is the one reported.
///
/// ## Conflicts
/// A required constraint the solver cannot satisfy is not refused: it is installed at the
/// internal priority (`Strength.optional(1000)`, above every user priority) and marked broken;
/// the conflict (minimal set + the broken one) is recorded as an event. Broken constraints are
/// retried as required after every change that could free them. When a root resize or a
/// constant/margin change meets a conflict, the newest other member is broken (the window's
/// size always holds).
public final class LayoutModel {
    public static let rootName = "root"
    /// The largest |constant|, intrinsic size, margin or root size accepted (points): 1e9.
    /// Beyond it, doubles lose the precision a layout needs.
    public static let maxMagnitude = 1e9
    /// The largest |multiplier| accepted (and 1/it the smallest non-zero one).
    public static let maxMultiplier = 1e6
    /// Where a broken required constraint lives: above every priority a user can write (< 1000),
    /// so it is the first to be satisfied again.
    static let brokenStrength = Strength.optional(1000)

    let solver = Solver()
    public private(set) var views: [String: ViewInfo] = [:]
    /// View names in creation order, root first.
    public private(set) var viewOrder: [String] = []
    public private(set) var constraints: [String: ConstraintRecord] = [:]
    /// Constraint ids in creation order (implicit ones included).
    public private(set) var constraintOrder: [String] = []
    /// user alias → id
    public private(set) var names: [String: String] = [:]
    public private(set) var direction: LayoutDirection = .leftToRight
    public private(set) var rootWidth: Double
    public private(set) var rootHeight: Double
    /// The number the next user constraint gets (`c\(nextNumber)`).
    public private(set) var nextNumber = 1
    var serialCounter = 0
    var touching: [String: Set<String>] = [:]
    var bySolverID: [ConstraintID: String] = [:]
    var owners: [Int: (view: String, component: FrameComponent)] = [:]
    var rootWidthID: ConstraintID!
    var rootHeightID: ConstraintID!
    var events: [ModelEvent] = []

    public init(width: Double = 375, height: Double = 667) {
        rootWidth = width
        rootHeight = height
        let root = makeViewInfo(name: Self.rootName, parent: nil, depth: 0)
        views[root.name] = root
        viewOrder.append(root.name)
        // The root's origin is (0, 0); its size is a required edit made through setConstant.
        _ = try? solver.addConstraint(Expression([Term(root.x)]), .equal, .required)
        _ = try? solver.addConstraint(Expression([Term(root.y)]), .equal, .required)
        rootWidthID = try? solver.addConstraint(Expression([Term(root.width)], constant: -width), .equal, .required)
        rootHeightID = try? solver.addConstraint(Expression([Term(root.height)], constant: -height), .equal, .required)
        bySolverID[rootWidthID] = "root.width"
        bySolverID[rootHeightID] = "root.height"
    }

    private func makeViewInfo(name: String, parent: String?, depth: Int) -> ViewInfo {
        let info = ViewInfo(
            name: name, parent: parent, depth: depth, serial: viewOrder.count == 0 ? 0 : nextSerial(),
            x: solver.makeVariable(), y: solver.makeVariable(),
            width: solver.makeVariable(), height: solver.makeVariable())
        owners[info.x.id] = (name, .x)
        owners[info.y.id] = (name, .y)
        owners[info.width.id] = (name, .width)
        owners[info.height.id] = (name, .height)
        return info
    }

    private func nextSerial() -> Int {
        serialCounter += 1
        return serialCounter
    }

    /// Hands out the events of the operations since the last call.
    public func takeEvents() -> [ModelEvent] {
        defer { events = [] }
        return events
    }

    // MARK: - Looking things up

    public func view(_ name: String) -> ViewInfo? { views[name] }
    public func constraint(_ id: String) -> ConstraintRecord? { constraints[id] }
    /// An id or a user name → the id.
    public func resolveConstraint(_ idOrName: String) -> String? {
        if constraints[idOrName] != nil { return idOrName }
        return names[idOrName]
    }
    /// Constraints in creation order, optionally only those touching `view`.
    public func constraintRecords(touching view: String? = nil) -> [ConstraintRecord] {
        constraintOrder.compactMap { id in
            guard let record = constraints[id] else { return nil }
            if let view, !record.items.contains(view) { return nil }
            return record
        }
    }
    /// The view and its subviews, depth first, parents before children.
    public func subtree(of name: String) -> [String] {
        var result: [String] = []
        var stack = [name]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: (views[next]?.children ?? []).reversed())
        }
        return result
    }

    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII,
              first == "_" || (first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Whether `text` has the form of a constraint id (`c` + digits), which views and names may not use.
    public static func looksLikeConstraintID(_ text: String) -> Bool {
        text.count > 1 && text.first == "c" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    // MARK: - Views

    /// Checks that `name` can be a new view.
    public func validateNewView(_ name: String) throws(LayoutError) {
        guard Self.isIdentifier(name) else {
            throw LayoutError("'\(name)' is not a valid view name", hint: "names are C identifiers: a letter or _, then letters, digits, _")
        }
        if name == Self.rootName { throw LayoutError("root already exists: it is the window") }
        if views[name] != nil { throw LayoutError("there is already a view named \(name)") }
        if Self.looksLikeConstraintID(name) {
            throw LayoutError("\(name) looks like a constraint id", hint: "choose another view name, e.g. \(name)View")
        }
        if names[name] != nil { throw LayoutError("\(name) is already the name of constraint \(names[name]!)") }
    }

    static func checkMagnitude(_ value: Double, _ what: String) throws(LayoutError) {
        guard value.isFinite else { throw LayoutError("\(what) must be a finite number, not \(formatNumber(value))") }
        guard abs(value) <= maxMagnitude else {
            throw LayoutError("\(what) \(formatNumber(value)) is too large", hint: "the limit is ±1e9 points")
        }
    }

    /// Adds a view as the last subview of `parent`, with an optional intrinsic content size.
    public func addView(_ name: String, in parent: String = rootName, intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil) throws(LayoutError) {
        try validateNewView(name)
        guard let parentInfo = views[parent] else { throw LayoutError("there is no view named \(parent)", hint: "add it first: view \(parent)") }
        for value in [intrinsicWidth, intrinsicHeight].compactMap({ $0 }) {
            try Self.checkMagnitude(value, "an intrinsic size")
            if value < 0 { throw LayoutError("an intrinsic size cannot be negative", hint: "write - for no intrinsic size") }
        }
        var info = makeViewInfo(name: name, parent: parent, depth: parentInfo.depth + 1)
        info.intrinsicWidth = intrinsicWidth
        info.intrinsicHeight = intrinsicHeight
        views[name] = info
        views[parent]!.children.append(name)
        viewOrder.append(name)
        events.append(.viewAdded(name))
        rebuildImplicit(name)
    }

    /// Changes (or removes, with nil) a view's intrinsic content size.
    public func setIntrinsicSize(_ name: String, width: Double?, height: Double?) throws(LayoutError) {
        guard views[name] != nil, name != Self.rootName else { throw LayoutError("there is no view named \(name) with an intrinsic size to change") }
        for value in [width, height].compactMap({ $0 }) {
            try Self.checkMagnitude(value, "an intrinsic size")
            if value < 0 { throw LayoutError("an intrinsic size cannot be negative", hint: "write - for no intrinsic size") }
        }
        views[name]!.intrinsicWidth = width
        views[name]!.intrinsicHeight = height
        rebuildImplicit(name)
        refreshConstants(touching: name)
        retryBroken()
    }

    /// Removes a view, its subviews, and every constraint touching any of them.
    public func removeView(_ name: String) throws(LayoutError) {
        guard let info = views[name] else { throw LayoutError("there is no view named \(name)") }
        guard let parent = info.parent else { throw LayoutError("the root view cannot be removed", hint: "use reset to start over") }
        let doomed = subtree(of: name)
        let doomedSet = Set(doomed)
        var ids = Set<String>()
        for view in doomed { ids.formUnion(touching[view] ?? []) }
        for id in constraintOrder where ids.contains(id) { dropConstraint(id) }
        views[parent]!.children.removeAll { $0 == name }
        for view in doomed {
            if let v = views[view] { for variable in [v.x, v.y, v.width, v.height] { owners[variable.id] = nil } }
            views[view] = nil
            touching[view] = nil
            events.append(.viewRemoved(view))
        }
        viewOrder.removeAll { doomedSet.contains($0) }
        retryBroken()
    }

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
        let superName = views[first]?.parent ?? Self.rootName
        let constantText = spec.constant == 0 ? "" : (spec.constant > 0 ? " + \(formatNumber(spec.constant))" : " - \(formatNumber(-spec.constant))")
        let locationHint = "write \(first).\(a1.rawValue) \(spec.relation.rawValue) \(superName).\(a1.rawValue)\(constantText)"
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

    private func dropConstraint(_ id: String) {
        guard let record = constraints[id] else { return }
        uninstall(id)
        constraints[id] = nil
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
            events.append(.changed(id: id, before: before))
            install(id)
        } else {
            uninstall(id)
            constraints[id]!.isActive = false
            constraints[id]!.isBroken = false
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

    private func setContentPriority(_ view: String, _ axis: LayoutAttribute.Axis, _ priority: LayoutPriority, hugging: Bool) throws(LayoutError) {
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
    private func rebuildImplicit(_ view: String) {
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
            for variable in [info.x, info.y, info.width, info.height] { owners[variable.id] = nil }
            views[name] = nil
            touching[name] = nil
            if viewOrder.last == name { viewOrder.removeLast() } else { viewOrder.removeAll { $0 == name } }
            events.append(.viewRemoved(name))
        }
        nextNumber = mark.nextNumber
        serialCounter = mark.serialCounter
    }

    // MARK: - Translation to the solver

    /// The closest common ancestor of two views.
    public func commonAncestor(_ a: String, _ b: String) -> String {
        guard var x = views[a], var y = views[b] else { return Self.rootName }
        while x.depth > y.depth { x = views[x.parent!]! }
        while y.depth > x.depth { y = views[y.parent!]! }
        while x.name != y.name { x = views[x.parent!]!; y = views[y.parent!]! }
        return x.name
    }

    /// Fills in the expressions of a record from its spec, for the current direction, margins
    /// and intrinsic sizes.
    func build(_ record: inout ConstraintRecord) {
        let spec = record.spec
        let space: String
        if let second = spec.secondItem {
            space = commonAncestor(spec.firstItem, second)
        } else {
            space = views[spec.firstItem]?.parent ?? Self.rootName
        }
        let mirrored = direction == .rightToLeft && spec.usesDirectionalAttribute
        record.coordinateSpace = space
        record.lhs = attributeExpression(spec.firstItem, spec.firstAttribute, in: space, mirrored: mirrored)
        if let second = spec.secondItem, let attribute = spec.secondAttribute {
            let value = attributeExpression(second, attribute, in: space, mirrored: mirrored)
            record.rhs = combine(value, spec.multiplier, Expression(constant: spec.constant), 1)
        } else {
            record.rhs = Expression(constant: spec.constant)
        }
    }

    /// The value of `view.attribute` in the coordinate system of its ancestor `space` (mirrored:
    /// measured from `space`'s right edge leftwards).
    func attributeExpression(_ view: String, _ attribute: LayoutAttribute, in space: String, mirrored: Bool) -> Expression {
        guard let info = views[view] else { return Expression() }
        if attribute == .width { return Expression([Term(info.width)]) }
        if attribute == .height { return Expression([Term(info.height)]) }
        var terms: [Term] = []
        let horizontal = attribute.axis == .horizontal
        var current = info
        while current.name != space, let parent = current.parent {
            terms.append(Term(horizontal ? current.x : current.y))
            current = views[parent]!
        }
        let m = info.margins
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
        var expression = combine(Expression(terms, constant: constant), 1, Expression(), 0)
        if mirrored && horizontal, let spaceInfo = views[space] {
            expression = combine(Expression([Term(spaceInfo.width)]), 1, expression, -1)
        }
        return expression
    }

    func strength(_ record: ConstraintRecord) -> Strength {
        if record.isBroken { return LayoutModel.brokenStrength }
        return record.spec.priority.isRequired ? .required : .optional(record.spec.priority.rawValue)
    }

    /// Puts an active record into the solver; a required one that conflicts is installed broken.
    private func install(_ id: String) {
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

    private func uninstall(_ id: String) {
        guard let sid = constraints[id]?.solverID else { return }
        solver.removeConstraint(sid)
        bySolverID[sid] = nil
        constraints[id]!.solverID = nil
    }

    private func conflictMembers(_ ids: [ConstraintID], plus id: String) -> [String] {
        var members = ids.compactMap { bySolverID[$0] }
        members.append(id)
        let serial: (String) -> Int = { [constraints] in constraints[$0]?.serial ?? Int.max }
        return Array(Set(members)).sorted { (serial($0), $0) < (serial($1), $1) }
    }

    /// Rebuilds the constants of every constraint touching `view` (margins, intrinsic height).
    private func refreshConstants(touching view: String) {
        for id in constraintOrder where touching[view]?.contains(id) == true { refreshConstant(id) }
    }

    /// Recomputes a record's expressions and hands the new constant to the solver (fast path).
    /// A required record that then conflicts becomes broken.
    private func refreshConstant(_ id: String) {
        guard constraints[id] != nil else { return }
        build(&constraints[id]!)
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
    private func breakConstraint(_ id: String, conflict members: [String]) {
        let record = constraints[id]!
        uninstall(id)
        constraints[id]!.isBroken = true
        if let sid = try? solver.addConstraint(record.expression, record.relation, LayoutModel.brokenStrength) {
            constraints[id]!.solverID = sid
            bySolverID[sid] = id
        }
        events.append(.conflict(Conflict(constraints: members, broken: id)))
    }

    /// For constraints that must win (the root's size): on a conflict, break the newest other
    /// member and try again.
    private func setConstantBreakingOthers(_ sid: ConstraintID, _ constant: Double, label: String) {
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
        for id in constraintOrder {
            guard let record = constraints[id], record.isBroken, record.isActive else { continue }
            uninstall(id)
            do {
                let sid = try solver.addConstraint(record.expression, record.relation, .required)
                constraints[id]!.isBroken = false
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

    // MARK: - Results

    func evaluate(_ expression: Expression) -> Double {
        var total = expression.constant
        for term in expression.terms { total += term.coefficient * solver.value(of: term.variable) }
        return total
    }

    /// A view's frame in its superview's coordinates.
    public func frame(of name: String) -> Frame? {
        guard let info = views[name] else { return nil }
        return Frame(x: cleanValue(solver.value(of: info.x)), y: cleanValue(solver.value(of: info.y)),
                     width: cleanValue(solver.value(of: info.width)), height: cleanValue(solver.value(of: info.height)))
    }

    /// Every view's frame, in creation order (root first).
    public func frames() -> [(name: String, frame: Frame)] {
        viewOrder.map { ($0, frame(of: $0)!) }
    }

    /// A view's origin in root coordinates (for pictures).
    public func absoluteOrigin(of name: String) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        var current = views[name]
        while let info = current, info.parent != nil {
            x += solver.value(of: info.x)
            y += solver.value(of: info.y)
            current = views[info.parent!]
        }
        return (cleanValue(x), cleanValue(y))
    }

    /// The two sides of a constraint in the current layout.
    public func values(of id: String) -> (got: Double, wanted: Double)? {
        guard let record = constraints[id] else { return nil }
        return (cleanValue(evaluate(record.lhs)), cleanValue(evaluate(record.rhs)))
    }

    /// How far a constraint is from holding, in points (0 when it holds).
    public func error(of id: String) -> Double {
        guard let record = constraints[id], let (got, wanted) = values(of: id) else { return 0 }
        let raw: Double
        switch record.spec.relation {
        case .equal: raw = abs(got - wanted)
        case .greaterThanOrEqual: raw = max(0, wanted - got)
        case .lessThanOrEqual: raw = max(0, got - wanted)
        }
        return cleanValue(raw)
    }

    /// Active constraints that do not hold (by more than 1e-6 points), plus every broken
    /// required one, in creation order.
    public func brokenConstraints() -> [BrokenConstraint] {
        var result: [BrokenConstraint] = []
        for id in constraintOrder {
            guard let record = constraints[id], record.isActive, record.isBroken || !record.spec.priority.isRequired else { continue }
            let error = self.error(of: id)
            guard record.isBroken || error > 1e-6 else { continue }
            let (got, wanted) = values(of: id)!
            result.append(BrokenConstraint(id: id, text: record.text, priority: record.spec.priority.rawValue,
                                           isBrokenRequired: record.isBroken, wanted: wanted, got: got, error: error))
        }
        return result
    }

    /// Ambiguous frame components per view, in creation order (exact: from the solver).
    public func ambiguity() -> [(view: String, components: [FrameComponent])] {
        var found: [String: [FrameComponent]] = [:]
        for variable in solver.ambiguousVariables() {
            if let owner = owners[variable.id], owner.view != Self.rootName { found[owner.view, default: []].append(owner.component) }
        }
        return viewOrder.compactMap { name in found[name].map { (name, $0.sorted()) } }
    }

    /// "a has a negative width (-20)" for every view whose size came out negative.
    public func negativeSizeWarnings() -> [String] {
        var warnings: [String] = []
        for (name, frame) in frames() {
            if frame.width < 0 { warnings.append("\(name) has a negative width (\(formatNumber(frame.width)))") }
            if frame.height < 0 { warnings.append("\(name) has a negative height (\(formatNumber(frame.height)))") }
        }
        return warnings
    }
}

extension ConstraintSpec {
    /// Whether the constraint names leading/trailing (or their margins), so direction matters.
    public var usesDirectionalAttribute: Bool {
        firstAttribute.isDirectional || (secondAttribute?.isDirectional ?? false)
    }
}
