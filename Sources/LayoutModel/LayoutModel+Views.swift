internal import LayoutVocabulary
internal import Cassowary

/// Adding, resizing and removing views.
extension LayoutModel {
    // MARK: - Views

    /// Checks that `name` can be a new view.
    public func validateNewView(_ name: String) throws(LayoutError) {
        guard Self.isIdentifier(name) else { throw .invalidViewName(name) }
        if name == Self.rootName { throw .rootAlreadyExists }
        if hasView(name) { throw .viewExists(name) }
        if Self.looksLikeConstraintID(name) { throw .viewNameLooksLikeConstraintID(name) }
        if let constraint = names[name] { throw .viewNameIsConstraintName(name, constraint: constraint) }
    }

    static func checkMagnitude(_ value: Double, _ quantity: LayoutError.Quantity) throws(LayoutError) {
        guard value.isFinite else { throw .notFinite(quantity, value) }
        guard abs(value) <= maxMagnitude else { throw .tooLarge(quantity, value) }
    }

    /// Adds a view as the last subview of `parent`, with an optional intrinsic content size.
    public func addView(_ name: String, in parent: String = rootName, intrinsicWidth: Double? = nil, intrinsicHeight: Double? = nil) throws(LayoutError) {
        try validateNewView(name)
        // The parent's two fields, not a copy of its record: a copy held to the end of the call
        // shares the parent's list of children, and the append below then copied the list
        // (quadratic in a parent's subviews).
        guard let parentKind = views[parent]?.kind else { throw .unknownView(parent) }
        if parentKind.isGuide { throw .guideCannotHaveSubviews(parent) }
        let parentDepth = views[parent]!.depth
        for value in [intrinsicWidth, intrinsicHeight].compactMap({ $0 }) {
            try Self.checkMagnitude(value, .intrinsicSize)
            if value < 0 { throw .negativeIntrinsicSize }
        }
        var info = makeViewInfo(name: name, parent: parent, depth: parentDepth + 1)
        info.intrinsicWidth = intrinsicWidth
        info.intrinsicHeight = intrinsicHeight
        views[name] = info
        // Recorded as an append to take back, not as the parent's whole record: kept whole, the
        // old list of children made the append copy it, every line of a script adding views
        // (quadratic in a parent's subviews).
        views.update(parent, undo: { $0.children.removeLast() }) { $0.children.append(name) }
        hierarchyChanges += 1
        viewList.append(name)
        events.append(.viewAdded(name))
        // A view without an intrinsic size has no hugging or resistance constraints, and a new
        // one none to drop: four ids made and looked up for nothing (1% of `--final`).
        if intrinsicWidth != nil || intrinsicHeight != nil { rebuildImplicit(name) }
    }

    /// Changes (or removes, with nil) a view's intrinsic content size; unless `keepingText`, a
    /// fixed size replaces the view's wrapping text.
    public func setIntrinsicSize(_ name: String, width: Double?, height: Double?, keepingText: Bool = true) throws(LayoutError) {
        guard let info = views[name], name != Self.rootName else { throw .noIntrinsicSizeToChange(name) }
        if info.kind.isGuide { throw .guideHasNoIntrinsicSize(name) }
        for value in [width, height].compactMap({ $0 }) {
            try Self.checkMagnitude(value, .intrinsicSize)
            if value < 0 { throw .negativeIntrinsicSize }
        }
        if !keepingText {
            views[name]!.text = nil
            textViewNames.remove(name)
        }
        views[name]!.intrinsicWidth = width
        views[name]!.intrinsicHeight = height
        // The hugging and resistance constants and the first baselines change together.
        var changed = rebuildImplicit(name)
        for id in constraintIDs(touching: name) where constraints[id].map({ !$0.isContentSize }) == true { changed.insert(id) }
        applyAsOneChange(changed)
        // fillProportionally shares the length out by intrinsic sizes (UIKit's
        // `_intrinsicContentSizeInvalidatedForChildView`).
        if let stack = arrangedIn[name], stacks[stack]?.distribution == .fillProportionally { remakeStack(stack) }
    }

    /// Removes a view, its subviews, and every constraint touching any of them.
    public func removeView(_ name: String) throws(LayoutError) {
        guard let info = views[name] else { throw .unknownView(name) }
        guard let parent = info.parent else { throw .rootNotRemovable }
        if info.kind.isGuide && info.kind != .guide { throw .systemGuideNotRemovable(name) }
        if cells[parent] != nil { throw .contentViewNotRemovable(name) }
        let doomed = subtree(of: name)
        let doomedSet = Set(doomed)
        var slots = Set<Int32>()
        for view in doomed { slots.formUnion(constraintSlots(touching: view)) }
        // In the order a walk over every constraint takes them, found by their places: the walk
        // made one removal cost the whole layout.
        for id in constraintIDsInListingOrder(slots) { dropConstraint(id) }
        removeChild(name, of: parent)
        hierarchyChanges += 1
        for view in doomed {
            if let info = views[view] { releaseItem(info) }
            views[view] = nil
            touching.removeValue(forKey: view)
            guideNames.remove(view)
            events.append(.viewRemoved(view))
        }
        for view in doomed { viewList.remove(view) }
        viewOrderBreaks += 1
        forgetRemovedViews(doomedSet)
        retryBroken()
    }

    /// Takes `name` out of its parent's subviews, recorded as the insertion that puts it back:
    /// recorded whole, the parent's old record shared its list of children, and the removal
    /// then copied the list (every subview of a root of thousands, at each removal).
    /// - Complexity: O(the parent's subviews), one scan and one shift of the array.
    func removeChild(_ name: String, of parent: String) {
        guard let index = views[parent]?.children.firstIndex(of: name) else { return }
        views.update(parent, undo: { $0.children.insert(name, at: index) }) { _ = $0.children.remove(at: index) }
    }
}
