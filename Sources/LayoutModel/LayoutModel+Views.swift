import Cassowary

/// Adding, resizing and removing views.
extension LayoutModel {
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
            if let info = views[view] {
                for variable in [info.x, info.y, info.width, info.height] { setOwner(of: variable, to: nil) }
            }
            views[view] = nil
            touching[view] = nil
            events.append(.viewRemoved(view))
        }
        viewOrder.removeAll { doomedSet.contains($0) }
        retryBroken()
    }

}
