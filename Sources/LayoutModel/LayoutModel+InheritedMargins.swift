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
    /// margin that reaches into it. What reads the margins is rebuilt at once with the insets
    /// of the last layout; the next layout (`layoutText`) brings those up to date.
    public func setPreservesSuperviewMargins(_ name: String, _ value: Bool) throws(LayoutError) {
        try checkMarginOwner(name)
        views[name]!.preservesSuperviewMargins = value
        marginUsers.insert(name)
        marginViewChanges += 1
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
        if name != Self.rootName {
            marginUsers.insert(name)
            marginViewChanges += 1
        }
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
        return solvedSafeAreaInsets(of: info, marginScreen())
    }

    /// The views whose margins or safe area may depend on where they lie: those a constraint
    /// or a guide reads the margins or safe area of, and those with insets from the last layout.
    public var frameDependentMarginViews: [String] {
        // Nothing depends on frames while there is no safe area and no view preserves its
        // superview's margins: an edit pays for two tests, whatever the margins read.
        if marginInputs.isEmpty && (marginUsers.isEmpty || (preservingViews.isEmpty && safeAreaInsets == EdgeInsets(all: 0))) { return [] }
        if let cache = marginViewsCache, cache.key == marginViewChanges { return cache.names }
        // A view with insets is a margin user: the layout makes each view it gives insets one
        // (`layOutFrameDependentMargins`), so the users and their preserving chains are all.
        var names = marginUsers
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
        let ordered = names.compactMap { views[$0] }.sorted { $0.depth != $1.depth ? $0.depth < $1.depth : $0.serial < $1.serial }.map(\.name)
        marginViewsCache = (marginViewChanges, ordered)
        return ordered
    }

    /// Notes that a constraint or a guide reads `name`'s margins or safe area.
    func noteMarginUser(_ name: String) {
        guard name != Self.rootName, !marginUsers.contains(name), let info = views[name], !info.kind.isGuide else { return }
        marginUsers.insert(name)
        marginViewChanges += 1
    }

    /// The insets `name` should take in from the current solution. A view that does not inset
    /// its margins from the safe area still has a safe area (its guide reads it) when a
    /// constraint names `name.safeArea`.
    func solvedFrameDependentInsets(of name: String, _ screen: MarginScreen) -> FrameDependentInsets {
        guard let info = views[name], let parent = info.parent, !info.kind.isGuide else { return FrameDependentInsets() }
        var result = FrameDependentInsets()
        if info.insetsMarginsFromSafeArea || views[Self.systemGuideName(of: name, .safeAreaGuide)] != nil {
            result.safeArea = solvedSafeAreaInsets(of: info, screen)
        }
        if info.preservesSuperviewMargins, let superview = views[parent] {
            let frame = Frame(x: solver.value(of: info.x), y: solver.value(of: info.y),
                              width: solver.value(of: info.width), height: solver.value(of: info.height))
            var margins = effectiveMargins(of: superview)
            if screen.scrollViews.contains(parent) {
                // The content starts below the scroll view's unsafe edges (its adjusted content
                // inset), so the part of its margins that is safe area lies before the content.
                let safe = solvedSafeAreaInsets(of: superview, screen)
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
    func solvedSafeAreaInsets(of info: ViewInfo, _ screen: MarginScreen) -> EdgeInsets {
        let safe = screen.safeArea
        guard let parent = info.parent, safe != EdgeInsets(all: 0), !isScrolledContent(info, screen) else { return EdgeInsets(all: 0) }
        let origin = absoluteOrigin(of: parent)
        let left = origin.x + solver.value(of: info.x), top = origin.y + solver.value(of: info.y)
        let right = screen.width - (left + solver.value(of: info.width)), bottom = screen.height - (top + solver.value(of: info.height))
        return EdgeInsets(top: Self.overlap(safe.top, top), left: Self.overlap(safe.left, left),
                          bottom: Self.overlap(safe.bottom, bottom), right: Self.overlap(safe.right, right))
    }

    /// Whether a view is a cell or lies in a scroll view's content or a cell: there the scroll view's
    /// adjusted content inset (`contentInsetAdjustmentBehavior` .automatic, a table's
    /// `insetsContentViewsToSafeArea`) already keeps the content out of the unsafe area, so its
    /// views take no safe-area inset from their place in the scroll view's content.
    func isScrolledContent(_ info: ViewInfo, _ screen: MarginScreen) -> Bool {
        if screen.cells[info.name] != nil { return true }
        var current = info.parent
        while let name = current, name != Self.rootName {
            if screen.scrollViews.contains(name) || screen.cells[name] != nil { return true }
            current = views[name]?.parent
        }
        return false
    }

    /// What the margins' layout reads of the screen, taken once a pass: reading one of the
    /// model's scalars copies them all.
    struct MarginScreen {
        var safeArea: EdgeInsets
        var width: Double
        var height: Double
        var scrollViews: Set<String>
        var cells: [String: Cell]
    }

    func marginScreen() -> MarginScreen {
        let all = scalars.value
        return MarginScreen(safeArea: all.safeAreaInsets, width: all.rootWidth, height: all.rootHeight,
                            scrollViews: all.scrollViews, cells: all.cells)
    }

    /// Solver noise (1e-12 off a whole number) must not read as a margin that changed.
    private static func snap(_ value: Double) -> Double {
        if value == 0 { return 0 }
        let whole = value.rounded()
        return Tolerance.nearlyEqual(value, whole) ? whole : value
    }

    // Field by field, no collection: this runs for every view the layout looks at, every pass.
    private static func nearlyEqual(_ a: EdgeInsets, _ b: EdgeInsets) -> Bool {
        Tolerance.nearlyEqual(a.top, b.top) && Tolerance.nearlyEqual(a.left, b.left)
            && Tolerance.nearlyEqual(a.bottom, b.bottom) && Tolerance.nearlyEqual(a.right, b.right)
    }

    private static func nearlyEqual(_ a: FrameDependentInsets, _ b: FrameDependentInsets) -> Bool {
        a == b || (nearlyEqual(a.safeArea, b.safeArea) && nearlyEqual(a.superviewMargins, b.superviewMargins))
    }

    /// The overlap of an unsafe band `inset` deep with a view whose edge lies `distance` from
    /// the root's: measured from the view's edge; past the root's edge, the root's inset
    /// (UIKit does not extend it beyond the superview).
    private static func overlap(_ inset: Double, _ distance: Double) -> Double {
        inset <= 0 || distance >= inset ? 0 : snap(inset - max(0, distance))
    }

    /// One pass of the margins' part of the layout fixed point: brings each view's
    /// frame-dependent insets up to date with the solution and re-solves once for all of them
    /// (unless `apply` is false: then it only says which would change). Parents come before
    /// their subviews, so a chain of preserved margins settles in one pass when nothing moves.
    /// Returns the views whose insets changed and the guide constraints it rewrote.
    /// - Complexity: O(views named) ancestor walks, and one change of the solver when any moved.
    func layOutFrameDependentMargins(_ names: [String], apply: Bool,
                                     marginsBefore: inout [(view: String, margins: EdgeInsets)]) -> (views: [String], guideTies: Set<String>) {
        var changedViews: [String] = []
        var ids = Set<String>()
        var guideTies = Set<String>()
        let screen = marginScreen()
        for name in names {
            let now = solvedFrameDependentInsets(of: name, screen)
            let before = marginInputs[name] ?? FrameDependentInsets()
            guard !Self.nearlyEqual(now, before) else { continue }
            changedViews.append(name)
            guard apply else { continue }
            if !marginsBefore.contains(where: { $0.view == name }) { marginsBefore.append((name, effectiveMargins(of: name))) }
            marginInputs[name] = now.isZero ? nil : now
            // A superview laid out for a subview that preserves its margins stays among the
            // views laid out while it has insets, whatever the subview does next.
            if !marginUsers.contains(name) {
                marginUsers.insert(name)
                marginViewChanges += 1
            }
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
