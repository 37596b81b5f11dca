internal import LayoutVocabulary
internal import Cassowary

/// A view a size class uninstalls, as it was when it left the hierarchy: enough to put it back
/// exactly, under the same names and constraint ids (Interface Builder's "Installed" box on a
/// view: UIKit does not add an uninstalled view to its superview, so it has no frame and its
/// constraints are not installed either). The session keeps these with its trait variants.
public struct UninstalledView: Sendable {
    /// The view's name; its subviews come back with it.
    public let name: String
    /// Where it was: its superview, and its place among the superview's subviews.
    public let parent: String
    let index: Int
    /// The subtree, parents first, with what each view's settings were.
    let views: [ViewInfo]
    let autoresizing: [String: AutoresizingState]
    /// The user's constraints that named a view of the subtree, in creation order (the
    /// implicit and system ones are made again from the views).
    let constraints: [ConstraintRecord]

    /// The ids of its constraints (`names` and `vary` still know them while it is out).
    public var constraintIDs: [String] { constraints.map(\.id) }
    /// One of its constraints as it was when the view left.
    public func constraint(_ id: String) -> ConstraintRecord? { constraints.first { $0.id == id } }
    /// Every view of the subtree, parents first.
    public var viewNames: [String] { views.map(\.name) }
}

/// Installing and uninstalling views: `vary NAME.installed = false for TRAITS`, what an
/// imported scene's `<mask key="subviews">` becomes.
extension LayoutModel {
    /// Takes a view and its subviews out of the hierarchy, with every constraint naming them,
    /// and returns what puts them back (`reinstallView`). Stacks, cells, scroll views and
    /// user guides are refused: what they make for themselves is not kept.
    /// - Complexity: as `removeView`: O(constraints touching the subtree) solver removals.
    public func uninstallView(_ name: String) throws(LayoutError) -> UninstalledView {
        try checkUninstallable(name)
        let parent = views[name]!.parent!
        let members = Set(subtree(of: name))
        let kept = subtree(of: name).compactMap { views[$0] }.filter { $0.kind == .view }
        let records = constraintList.names.compactMap { slot -> ConstraintRecord? in
            guard let record = constraints.record(inSlot: Int(slot)), record.kind == .user, record.items.contains(where: members.contains) else { return nil }
            return record
        }
        let index = views[parent]!.children.firstIndex(of: name) ?? 0
        let stash = UninstalledView(name: name, parent: parent, index: index, views: kept,
                                    autoresizing: autoresizing.filter { members.contains($0.key) }, constraints: records)
        try removeView(name)
        return stash
    }

    /// Whether `uninstallView` takes the view: a view or guide the model has, not the root, a
    /// cell's content view, nor a stack, arranged view, cell, scroll view or user guide or a
    /// view holding one.
    public func checkUninstallable(_ name: String) throws(LayoutError) {
        guard let info = views[name] else { throw .unknownView(name) }
        guard let parent = info.parent else { throw .rootNotRemovable }
        if info.kind.isGuide { throw .viewCannotBeUninstalled(name, holding: name) }
        if cells[parent] != nil { throw .contentViewNotRemovable(name) }
        for view in subtree(of: name) {
            let kind = views[view]?.kind
            let special = stacks[view] != nil || arrangedIn[view] != nil || cells[view] != nil || scrollViews.contains(view) || kind == .guide || kind == .keyboardGuide
            if special { throw .viewCannotBeUninstalled(name, holding: view) }
        }
    }

    /// Puts an uninstalled view back where it was, with its settings and its constraints under
    /// their ids; a constraint whose other item has gone since stays out, as it would have
    /// gone with that item.
    public func reinstallView(_ stash: UninstalledView) throws(LayoutError) {
        guard views[stash.parent] != nil else { throw .unknownView(stash.parent) }
        for info in stash.views {
            if views[info.name] != nil { throw .viewExists(info.name) }
        }
        for saved in stash.views {
            let parent = saved.parent!
            var info = makeViewInfo(name: saved.name, parent: parent, depth: views[parent]!.depth + 1)
            info.intrinsicWidth = saved.intrinsicWidth
            info.intrinsicHeight = saved.intrinsicHeight
            info.huggingH = saved.huggingH
            info.huggingV = saved.huggingV
            info.resistanceH = saved.resistanceH
            info.resistanceV = saved.resistanceV
            info.margins = saved.margins
            info.marginsAreDirectional = saved.marginsAreDirectional
            info.preservesSuperviewMargins = saved.preservesSuperviewMargins
            info.insetsMarginsFromSafeArea = saved.insetsMarginsFromSafeArea
            if saved.preservesSuperviewMargins || !saved.insetsMarginsFromSafeArea {
                marginUsers.insert(saved.name)
                marginViewChanges += 1
            }
            if saved.preservesSuperviewMargins { preservingViews.insert(saved.name) }
            info.isHidden = saved.isHidden
            info.text = saved.text
            views[saved.name] = info
            if saved.name == stash.name {
                views[parent]!.children.insert(saved.name, at: min(stash.index, views[parent]!.children.count))
            } else {
                views[parent]!.children.append(saved.name)
            }
            hierarchyChanges += 1
            viewList.append(saved.name)
            if saved.text != nil { textViewNames.insert(saved.name) }
            events.append(.viewAdded(saved.name))
            rebuildImplicit(saved.name)
            if var state = stash.autoresizing[saved.name] {
                state.superviewSize = nil
                autoresizing[saved.name] = state
                remakeAutoresizing(saved.name)
            }
        }
        for saved in stash.constraints where constraints[saved.id] == nil {
            guard saved.items.allSatisfy({ views[$0] != nil || Self.systemGuide($0).map { views[$0.owner] != nil } == true }) else { continue }
            let name = saved.name.flatMap { names[$0] == nil && views[$0] == nil ? $0 : nil }
            makeSystemGuides(for: saved.spec)
            var record = ConstraintRecord(id: saved.id, serial: nextSerial(), kind: .user, name: name, spec: saved.spec)
            record.isActive = saved.isActive
            if let name { names[name] = saved.id }
            store(record)
            install(saved.id)
        }
        retryBroken()
    }
}
