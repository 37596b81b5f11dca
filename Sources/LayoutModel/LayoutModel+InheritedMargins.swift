public import LayoutVocabulary
internal import Cassowary

/// What a view's margins take in from where it lies, as of the last layout: the part of the
/// root's unsafe edges it covers (its `safeAreaInsets`) and how far its superview's margins
/// reach into it. Both depend on solved frames, so they are settled by the same fixed point
/// as wrapping text (`layoutText`). Absolute edges: left is left in right-to-left too.
public struct FrameDependentInsets: Sendable, Hashable {
    /// The view's own `safeAreaInsets`: the overlap of the root's safe-area insets with the
    /// view's frame, in the root's coordinates (0 where the view lies inside the safe area).
    public var safeArea = EdgeInsets(all: 0)
    /// On each edge, the superview's margin less the view's distance from that edge of the
    /// superview (0 where the view lies clear of the superview's margins).
    public var superviewMargins = EdgeInsets(all: 0)

    public init(safeArea: EdgeInsets = EdgeInsets(all: 0), superviewMargins: EdgeInsets = EdgeInsets(all: 0)) {
        self.safeArea = safeArea
        self.superviewMargins = superviewMargins
    }

    public var isZero: Bool { self == FrameDependentInsets() }
}

extension LayoutModel {
    /// `VIEW.preservesSuperviewMargins = true|false` (`preservesSuperviewLayoutMargins`,
    /// default false): the view's margin on each edge is at least the part of its superview's
    /// margin that reaches into it. Takes effect at the next layout (`layoutText`).
    public func setPreservesSuperviewMargins(_ name: String, _ value: Bool) throws(LayoutError) {
        try checkMarginOwner(name)
        views[name]!.preservesSuperviewMargins = value
        marginUsers.insert(name)
        if value { preservingViews.insert(name) } else { preservingViews.remove(name) }
        applyMarginSettings(of: name)
    }

    /// `VIEW.insetsMarginsFromSafeArea = true|false` (`insetsLayoutMarginsFromSafeArea`,
    /// default true): the view's margins are measured from its safe area rather than its edges.
    /// On the root it applies now (the root's safe area is a setting); on any other view at
    /// the next layout.
    public func setInsetsMarginsFromSafeArea(_ name: String, _ value: Bool) throws(LayoutError) {
        try checkMarginOwner(name)
        views[name]!.insetsMarginsFromSafeArea = value
        if name != Self.rootName { marginUsers.insert(name) }
        applyMarginSettings(of: name)
    }

    /// Rebuilds what holds `name`'s margins with the insets of the last layout, at once: the
    /// next layout then only has to follow the frames.
    private func applyMarginSettings(of name: String) {
        applyAsOneChange(marginDependents(of: name).union(updateGuideTies(of: name, .marginsGuide)))
    }

    private func checkMarginOwner(_ name: String) throws(LayoutError) {
        guard let info = views[name] else { throw .unknownView(name) }
        if info.kind.isGuide { throw .guideHasNoMargins(name) }
    }

    /// What `name`'s margins and safe area take in from where it lies, as of the last layout.
    public func frameDependentInsets(of name: String) -> FrameDependentInsets {
        marginInputs[name] ?? FrameDependentInsets()
    }

    /// A view's own safe-area insets (`UIView.safeAreaInsets`): the root's setting; for any
    /// other view, the part of the root's unsafe edges it covers in the current solution.
    public func safeAreaInsets(of name: String) -> EdgeInsets {
        guard name != Self.rootName, let info = views[name] else { return safeAreaInsets }
        return solvedSafeAreaInsets(of: info)
    }

    /// The views whose margins or safe area may depend on where they lie: those a constraint
    /// or a guide reads the margins or safe area of, and those with insets from the last layout.
    public var frameDependentMarginViews: [String] {
        // Nothing depends on frames while there is no safe area and no view preserves its
        // superview's margins: an edit pays for two tests, whatever the margins read.
        if marginInputs.isEmpty && (marginUsers.isEmpty || (preservingViews.isEmpty && safeAreaInsets == EdgeInsets(all: 0))) { return [] }
        var names = marginUsers.union(marginInputs.keys)
        // A view that preserves its superview's margins reads them whole, safe area included:
        // the superview is laid out too (and its own superview, while they preserve).
        for name in names {
            var current = views[name]
            while let info = current, info.preservesSuperviewMargins, let parent = info.parent, parent != Self.rootName {
                names.insert(parent)
                current = views[parent]
            }
        }
        // Superviews first: a chain of preserved margins settles in one pass.
        return names.filter { views[$0] != nil }.sorted {
            let a = views[$0]!, b = views[$1]!
            return a.depth != b.depth ? a.depth < b.depth : a.serial < b.serial
        }
    }

    /// Notes that a constraint or a guide reads `name`'s margins or safe area.
    func noteMarginUser(_ name: String) {
        guard name != Self.rootName, !marginUsers.contains(name), let info = views[name], !info.kind.isGuide else { return }
        marginUsers.insert(name)
    }

    /// The insets `name` should take in from the current solution. A view that does not inset
    /// its margins from the safe area still has a safe area (its guide reads it) when a
    /// constraint names `name.safeArea`.
    func solvedFrameDependentInsets(of name: String) -> FrameDependentInsets {
        guard let info = views[name], let parent = info.parent, !info.kind.isGuide else { return FrameDependentInsets() }
        var result = FrameDependentInsets()
        let frame = Frame(x: solver.value(of: info.x), y: solver.value(of: info.y),
                          width: solver.value(of: info.width), height: solver.value(of: info.height))
        if info.insetsMarginsFromSafeArea || views[Self.systemGuideName(of: name, .safeAreaGuide)] != nil {
            result.safeArea = solvedSafeAreaInsets(of: info)
        }
        if info.preservesSuperviewMargins, let superview = views[parent] {
            var margins = effectiveMargins(of: superview)
            if scrollViews.contains(parent) {
                // The content starts below the scroll view's unsafe edges (its adjusted content
                // inset), so the part of its margins that is safe area lies before the content.
                let safe = safeAreaInsets(of: parent)
                margins = EdgeInsets(top: margins.top - safe.top, left: margins.left - safe.left,
                                     bottom: margins.bottom - safe.bottom, right: margins.right - safe.right)
            }
            let width = solver.value(of: superview.width), height = solver.value(of: superview.height)
            func reach(_ margin: Double, _ distance: Double) -> Double { Self.snap(max(0, margin - distance)) }
            result.superviewMargins = EdgeInsets(
                top: reach(margins.top, frame.y), left: reach(margins.left, frame.x),
                bottom: reach(margins.bottom, height - frame.y - frame.height), right: reach(margins.right, width - frame.x - frame.width))
        }
        return result
    }

    /// The part of the root's unsafe edges a view (not the root) covers in the current
    /// solution, measured from each of its edges; 0 in a scroll view's content or a cell.
    func solvedSafeAreaInsets(of info: ViewInfo) -> EdgeInsets {
        let safe = safeAreaInsets
        guard let parent = info.parent, safe != EdgeInsets(all: 0), !isScrolledContent(info) else { return EdgeInsets(all: 0) }
        let origin = absoluteOrigin(of: parent)
        let left = origin.x + solver.value(of: info.x), top = origin.y + solver.value(of: info.y)
        let right = rootWidth - (left + solver.value(of: info.width)), bottom = rootHeight - (top + solver.value(of: info.height))
        // The overlap with each unsafe band, measured from the view's edge; past the root's
        // edge it stays the root's inset (UIKit does not extend it beyond the superview).
        func overlap(_ inset: Double, _ distance: Double) -> Double { Self.snap(max(0, inset - max(0, distance))) }
        return EdgeInsets(top: overlap(safe.top, top), left: overlap(safe.left, left),
                          bottom: overlap(safe.bottom, bottom), right: overlap(safe.right, right))
    }

    /// Whether a view is a cell or lies in a scroll view's content or a cell: there the scroll view's
    /// adjusted content inset (`contentInsetAdjustmentBehavior` .automatic, a table's
    /// `insetsContentViewsToSafeArea`) already keeps the content out of the unsafe area, so its
    /// views take no safe-area inset from their place in the scroll view's content.
    func isScrolledContent(_ info: ViewInfo) -> Bool {
        if cells[info.name] != nil { return true }
        var current = info.parent
        while let name = current, name != Self.rootName {
            if scrollViews.contains(name) || cells[name] != nil { return true }
            current = views[name]?.parent
        }
        return false
    }

    /// Solver noise (1e-12 off a whole number) must not read as a margin that changed.
    private static func snap(_ value: Double) -> Double {
        let whole = value.rounded()
        return Tolerance.nearlyEqual(value, whole) ? whole : value
    }

    private static func nearlyEqual(_ a: FrameDependentInsets, _ b: FrameDependentInsets) -> Bool {
        let pairs = [(a.safeArea.top, b.safeArea.top), (a.safeArea.left, b.safeArea.left), (a.safeArea.bottom, b.safeArea.bottom),
                     (a.safeArea.right, b.safeArea.right), (a.superviewMargins.top, b.superviewMargins.top),
                     (a.superviewMargins.left, b.superviewMargins.left), (a.superviewMargins.bottom, b.superviewMargins.bottom),
                     (a.superviewMargins.right, b.superviewMargins.right)]
        return pairs.allSatisfy { Tolerance.nearlyEqual($0.0, $0.1) }
    }

    /// One pass of the margins' part of the layout fixed point: brings each view's
    /// frame-dependent insets up to date with the solution and re-solves once for all of them
    /// (unless `apply` is false: then it only says which would change). Parents come before
    /// their subviews, so a chain of preserved margins settles in one pass when nothing moves.
    /// Returns the views whose insets changed and the guide constraints it rewrote.
    /// - Complexity: O(views named) ancestor walks, and one change of the solver when any moved.
    func layOutFrameDependentMargins(_ names: [String], apply: Bool) -> (views: [String], guideTies: Set<String>) {
        var changedViews: [String] = []
        var ids = Set<String>()
        var guideTies = Set<String>()
        for name in names {
            let now = solvedFrameDependentInsets(of: name)
            let before = marginInputs[name] ?? FrameDependentInsets()
            guard !Self.nearlyEqual(now, before) else { continue }
            changedViews.append(name)
            guard apply else { continue }
            marginInputs[name] = now.isZero ? nil : now
            let ties = updateGuideTies(of: name, .marginsGuide).union(updateGuideTies(of: name, .safeAreaGuide))
            guideTies.formUnion(ties)
            ids.formUnion(ties)
            ids.formUnion(marginDependents(of: name))
        }
        if apply, !ids.isEmpty { applyAsOneChange(ids, constantsOnly: true) }
        return (changedViews, guideTies)
    }

    /// The effective margins from a view's own and its frame-dependent insets (absolute): each
    /// edge its own margin measured from its safe area (own + safe-area inset, as UIKit does
    /// when `insetsLayoutMarginsFromSafeArea`), then raised to the superview's margin that
    /// reaches into it when it preserves its superview's margins.
    func combinedMargins(own: EdgeInsets, _ info: ViewInfo) -> EdgeInsets {
        guard let inputs = marginInputs[info.name] else { return own }
        var margins = own
        if info.insetsMarginsFromSafeArea {
            let safe = inputs.safeArea
            margins = EdgeInsets(top: margins.top + safe.top, left: margins.left + safe.left,
                                 bottom: margins.bottom + safe.bottom, right: margins.right + safe.right)
        }
        if info.preservesSuperviewMargins {
            let reach = inputs.superviewMargins
            margins = EdgeInsets(top: max(margins.top, reach.top), left: max(margins.left, reach.left),
                                 bottom: max(margins.bottom, reach.bottom), right: max(margins.right, reach.right))
        }
        return margins
    }
}
