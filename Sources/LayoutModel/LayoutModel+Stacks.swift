public import LayoutVocabulary
internal import Cassowary

/// Stack views: a `UIStackView` is a view whose arranged subviews are placed by constraints the
/// stack makes itself (`StackLayout.plan`), under UIKit's `UISV-*` identifiers, with ids
/// `stack.IDENTIFIER.N` (numbered per identifier, in the order the stack makes them). Whenever
/// a property, the arranged views, a hidden flag or (for fillProportionally) an intrinsic size
/// changes, the stack's constraints are remade as ONE change of the solver: only the ones that
/// differ come out and go back, after every old one is out, so no state between the old
/// arrangement and the new one is ever solved or reported.
extension LayoutModel {
    public func isStack(_ name: String) -> Bool { stacks[name] != nil }

    /// A constraint a stack makes to give way (`StackLayout.fittingIdentifiers`): broken in a
    /// working stack by design.
    public func givesWayByDesign(_ id: String) -> Bool {
        guard let identifier = constraints[id]?.identifier else { return false }
        return StackLayout.fittingIdentifiers.contains(identifier)
    }

    /// `stack NAME [in SUPER] h|v VIEW…`: a stack view whose arranged subviews are the views,
    /// made when new, moved into the stack when they exist (as `addArrangedSubview` does).
    public func addStack(_ name: String, in parent: String = rootName, axis: LayoutAttribute.Axis, arranged: [String]) throws(LayoutError) {
        try validateNewView(name)
        guard let parentInfo = views[parent] else { throw .unknownView(parent) }
        if parentInfo.kind.isGuide { throw .guideCannotHaveSubviews(parent) }
        var seen = Set<String>()
        for view in arranged {
            if seen.contains(view) || view == name { throw .arrangedTwice(view) }
            seen.insert(view)
            if views[view] != nil {
                try checkArrangeable(view, into: name, under: parent)
            } else {
                try validateNewView(view)
            }
        }
        try addView(name, in: parent)
        stacks[name] = StackView(name: name, axis: axis, arranged: [])
        for view in arranged { arrange(view, in: name, at: nil) }
        remakeStack(name)
    }

    /// `stack NAME add VIEW [at N]`: `insertArrangedSubview(_:at:)` (the end without `at`).
    public func insertArranged(_ view: String, in stack: String, at index: Int?) throws(LayoutError) {
        guard let info = stacks[stack] else { throw .notAStack(stack) }
        var count = info.arranged.count
        if views[view] != nil {
            if arrangedIn[view] == stack { count -= 1 } else { try checkArrangeable(view, into: stack, under: views[stack]!.parent!) }
        } else {
            try validateNewView(view)
        }
        if let index, index < 0 || index > count { throw .arrangedIndexOutOfRange(index, count: count) }
        arrange(view, in: stack, at: index)
        remakeStack(stack)
    }

    /// `stack NAME remove VIEW`: `removeArrangedSubview(_:)`. As in UIKit the view stays a
    /// subview of the stack, now placed by nothing.
    public func removeArranged(_ view: String, from stack: String) throws(LayoutError) {
        guard stacks[stack] != nil else { throw .notAStack(stack) }
        guard arrangedIn[view] == stack else { throw .notArranged(view, stack: stack) }
        stacks[stack]!.arranged.removeAll { $0 == view }
        stacks[stack]!.customSpacing[view] = nil
        arrangedIn[view] = nil
        remakeStack(stack)
    }

    public func setStackSpacing(_ stack: String, _ spacing: Double) throws(LayoutError) {
        try Self.checkMagnitude(spacing, .constant)
        try changeStack(stack) { $0.spacing = spacing }
    }

    /// `setCustomSpacing(_:after:)`; nil goes back to the stack's spacing (`spacingUseDefault`).
    public func setCustomSpacing(_ stack: String, after view: String, _ spacing: Double?) throws(LayoutError) {
        if let spacing { try Self.checkMagnitude(spacing, .constant) }
        guard stacks[stack] != nil else { throw .notAStack(stack) }
        guard arrangedIn[view] == stack else { throw .notArranged(view, stack: stack) }
        try changeStack(stack) { $0.customSpacing[view] = spacing }
    }

    public func setDistribution(_ stack: String, _ distribution: StackView.Distribution) throws(LayoutError) {
        try changeStack(stack) { $0.distribution = distribution }
    }

    public func setAlignment(_ stack: String, _ alignment: StackView.Alignment) throws(LayoutError) {
        guard let info = stacks[stack] else { throw .notAStack(stack) }
        if info.axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) {
            throw .baselineAlignmentInVerticalStack(stack)
        }
        try changeStack(stack) { $0.alignment = alignment }
    }

    /// `STACK.axis = h|v`: the arrangement turns; a baseline alignment, which only a
    /// horizontal stack has, is refused for a vertical one.
    public func setStackAxis(_ stack: String, _ axis: LayoutAttribute.Axis) throws(LayoutError) {
        guard let info = stacks[stack] else { throw .notAStack(stack) }
        if axis == .vertical && (info.alignment == .firstBaseline || info.alignment == .lastBaseline) {
            throw .baselineAlignmentInVerticalStack(stack)
        }
        try changeStack(stack) { $0.axis = axis }
    }

    public func setLayoutMarginsRelative(_ stack: String, _ value: Bool) throws(LayoutError) {
        try changeStack(stack) { $0.isLayoutMarginsRelative = value }
    }

    public func setBaselineRelative(_ stack: String, _ value: Bool) throws(LayoutError) {
        try changeStack(stack) { $0.isBaselineRelative = value }
    }

    /// `VIEW.hidden = true|false`. An arranged view collapses (its stack is remade); any other
    /// view keeps its place: in UIKit a hidden view still takes part in Auto Layout.
    public func setHidden(_ view: String, _ hidden: Bool) throws(LayoutError) {
        guard let info = views[view] else { throw .unknownView(view) }
        if view == Self.rootName { throw .rootCannotHide }
        if info.kind.isGuide { throw .guideHasNoIntrinsicSize(view) }
        views[view]!.isHidden = hidden
        if let stack = arrangedIn[view] { remakeStack(stack) }
    }

    // MARK: - Helpers

    private func changeStack(_ stack: String, _ change: (inout StackView) -> Void) throws(LayoutError) {
        guard stacks[stack] != nil else { throw .notAStack(stack) }
        change(&stacks[stack]!)
        remakeStack(stack)
    }

    /// An existing view may be arranged in `stack` (which lives under `parent`): not the root,
    /// not a guide, not the stack or one of its ancestors.
    private func checkArrangeable(_ view: String, into stack: String, under parent: String) throws(LayoutError) {
        if view == Self.rootName { throw .rootCannotBeArranged }
        if views[view]!.kind.isGuide { throw .guideCannotBeArranged(view) }
        if view == parent || contains(view, parent) { throw .arrangedContainsStack(view, stack: stack) }
    }

    /// Makes (or moves) `view` the arranged subview of `stack` at `index`, as a subview of it.
    private func arrange(_ view: String, in stack: String, at index: Int?) {
        if views[view] == nil {
            try? addView(view, in: stack)
        } else if let old = arrangedIn[view] {
            stacks[old]!.arranged.removeAll { $0 == view }
            stacks[old]!.customSpacing[view] = nil
            arrangedIn[view] = nil
            if old != stack { remakeStack(old) }
        }
        if views[view]!.parent != stack { moveView(view, to: stack) }
        // addArrangedSubview turns translatesAutoresizingMaskIntoConstraints off.
        if autoresizing[view] != nil { applyTranslatesAutoresizingMask(view, false) }
        let count = stacks[stack]!.arranged.count
        stacks[stack]!.arranged.insert(view, at: min(index ?? count, count))
        arrangedIn[view] = stack
    }

    /// Moves a view (with its subviews) under a new superview, as `addSubview` does: the
    /// constraints between its subtree and the rest go; the ones inside the subtree stay.
    func moveView(_ view: String, to newParent: String) {
        let moved = subtree(of: view)
        let inside = Set(moved)
        var slots = Set<Int32>()
        for item in moved { slots.formUnion(constraintSlots(touching: item)) }
        for id in constraintIDsInListingOrder(slots) {
            if let record = constraints[id], !record.items.allSatisfy(inside.contains) { dropConstraint(id) }
        }
        if let oldParent = views[view]!.parent { removeChild(view, of: oldParent) }
        views[newParent]!.children.append(view)
        hierarchyChanges += 1
        marginViewChanges += 1
        views[view]!.parent = newParent
        let shift = views[newParent]!.depth + 1 - views[view]!.depth
        for item in moved { views[item]!.depth += shift }
        autoresizing[view]?.superviewSize = nil
    }

    /// The ids of the constraints a stack made, in creation order.
    func stackConstraintIDs(_ stack: String) -> [String] {
        constraintOrder.filter { id in
            if case .system(let identifier, let owner)? = constraints[id]?.kind { return owner == stack && identifier.hasPrefix("UISV-") }
            return false
        }
    }

    /// Remakes a stack's constraints from its properties, as one change of the solver.
    func remakeStack(_ stack: String) {
        guard let info = stacks[stack] else { return }
        let hidden = Set(info.arranged.filter { views[$0]?.isHidden == true })
        let plan = StackLayout.plan(info, hidden: hidden, intrinsicLength: { [views] in views[$0]?.intrinsic(info.axis) },
                                    marginsGuide: Self.systemGuideName(of: stack, .marginsGuide))
        var wanted: [(id: String, identifier: String, spec: ConstraintSpec)] = []
        var counts: [String: Int] = [:]
        for (identifier, spec) in plan.constraints {
            counts[identifier, default: 0] += 1
            wanted.append(("\(stack).\(identifier).\(counts[identifier]!)", identifier, spec))
        }
        let wantedIDs = Set(wanted.map(\.id))
        let existing = stackConstraintIDs(stack)
        // Everything that goes or changes comes out first.
        for id in existing where !wantedIDs.contains(id) { dropConstraint(id) }
        var changed: [String] = []
        for item in wanted {
            guard let record = constraints[item.id] else { continue }
            if record.spec != item.spec || record.isBroken {
                uninstall(item.id)
                changed.append(item.id)
            }
        }
        // The spacer guides the plan needs (and the margins guide, for a margins-relative canvas).
        let neededGuides = Set(plan.guides.map(\.name))
        for guide in plan.guides where views[guide.name] == nil {
            let guideInfo = makeViewInfo(name: guide.name, parent: stack, depth: views[stack]!.depth + 1, kind: .stackSpacer)
            views[guide.name] = guideInfo
            views[stack]!.children.append(guide.name)
            hierarchyChanges += 1
            viewList.append(guide.name)
            guideNames.insert(guide.name)
            events.append(.viewAdded(guide.name))
        }
        var toInstall: [String] = []
        for item in wanted {
            makeSystemGuides(for: item.spec)
            if let record = constraints[item.id] {
                guard changed.contains(item.id) else { continue }
                if record.spec != item.spec {
                    let slot = Int32(constraints.slot(of: item.id)!)
                    for old in record.items { touching.remove(slot, from: old) }
                    constraints[item.id]!.spec = item.spec
                    for new in Set(item.spec.items) { touching.insert(slot, into: new) }
                    events.append(.changed(id: item.id, before: record))
                }
                constraints[item.id]!.isBroken = false
                brokenRequired.remove(item.id)
                rebuild(item.id)
                toInstall.append(item.id)
            } else {
                store(ConstraintRecord(id: item.id, serial: nextSerial(), kind: .system(identifier: item.identifier, owner: stack), spec: item.spec))
                toInstall.append(item.id)
            }
        }
        // Serials decide the listing order: keep the stack's constraints in the order it makes them.
        reorderStackConstraints(wanted.map(\.id))
        for id in toInstall { install(id) }
        for child in views[stack]!.children where views[child]?.kind == .stackSpacer && !neededGuides.contains(child) {
            dropItem(child)
        }
        retryBroken()
    }

    /// Puts a stack's constraints in `constraintOrder` in the order given, where the first of
    /// them stands (new ones were appended at the end).
    private func reorderStackConstraints(_ ids: [String]) {
        // By table slot, as `constraintList` keeps them.
        let wanted = ids.compactMap { constraints.slot(of: $0).map(Int32.init) }
        let set = Set(wanted)
        let order = constraintList.names
        guard let first = order.firstIndex(where: set.contains) else { return }
        let current = order.filter(set.contains)
        if current == wanted { return }
        var rest = order.filter { !set.contains($0) }
        let before = order[..<first].filter { !set.contains($0) }.count
        rest.insert(contentsOf: wanted, at: before)
        constraintList.replaceAll(with: rest)
    }

    /// Takes an item out of the hierarchy with the constraints that touch it (a spacer the stack
    /// no longer needs).
    func dropItem(_ name: String) {
        guard let info = views[name], let parent = info.parent else { return }
        for id in constraintIDsInListingOrder(constraintSlots(touching: name)) { dropConstraint(id) }
        removeChild(name, of: parent)
        hierarchyChanges += 1
        releaseItem(info)
        views[name] = nil
        touching.removeValue(forKey: name)
        guideNames.remove(name)
        viewList.remove(name)
        viewOrderBreaks += 1
        events.append(.viewRemoved(name))
    }

    /// After views went away: their stacks are forgotten, and the stacks they were arranged in
    /// are remade without them.
    func forgetRemovedViews(_ removed: Set<String>) {
        var touched = Set<String>()
        marginViewChanges += 1
        for name in removed {
            stacks[name] = nil
            autoresizing[name] = nil
            cells[name] = nil
            scrollViews.remove(name)
            textViewNames.remove(name)
            marginUsers.remove(name)
            marginInputs[name] = nil
            preservingViews.remove(name)
            if let stack = arrangedIn[name] {
                arrangedIn[name] = nil
                if stacks[stack] != nil {
                    stacks[stack]!.arranged.removeAll { $0 == name }
                    stacks[stack]!.customSpacing[name] = nil
                    touched.insert(stack)
                }
            }
        }
        for stack in touched.sorted() where stacks[stack] != nil { remakeStack(stack) }
    }
}
