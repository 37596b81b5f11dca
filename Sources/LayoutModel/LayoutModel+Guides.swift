public import LayoutVocabulary
internal import Cassowary

/// Layout guides — the user's (`guide g in v`), the root's safe-area guide (`root.safeArea`) and
/// each view's layout-margins guide (`v.margins`) — and the constraints UIKit makes to tie a
/// system guide to its owner, under UIKit's identifiers.
///
/// A guide is an item of the hierarchy like a view (four unknowns, its frame in its owner's
/// coordinates, a child of its owner), so every constraint, frame, ambiguity and removal works
/// on it as on a view; it is never a superview and has no intrinsic size, no margins and no
/// baselines. System guides are made the first time a constraint names them, as UIKit makes
/// `layoutMarginsGuide` on first use; then their four constraints appear.
extension LayoutModel {
    /// The member that names a view's system guide: `root.safeArea`, `v.margins`,
    /// `s.contentLayoutGuide`, `s.frameLayoutGuide`, `root.keyboard`.
    public static let safeAreaMember = "safeArea"
    public static let marginsMember = "margins"
    public static let contentGuideMember = "contentLayoutGuide"
    public static let frameGuideMember = "frameLayoutGuide"
    public static let keyboardMember = "keyboard"

    /// Every system guide's member and kind, in the order completion offers them.
    public static let systemGuideMembers: [(member: String, kind: ItemKind)] = [
        (safeAreaMember, .safeAreaGuide), (marginsMember, .marginsGuide), (contentGuideMember, .contentGuide),
        (frameGuideMember, .frameGuide), (keyboardMember, .keyboardGuide),
    ]

    /// Whether `member` names a system guide after `OWNER.`.
    public static func isSystemGuideMember(_ member: String) -> Bool {
        systemGuideMembers.contains { $0.member == member }
    }

    /// The owner and kind of a system guide's name (`root.safeArea`, `a.margins`,
    /// `s.contentLayoutGuide`); nil for any other name.
    public static func systemGuide(_ name: String) -> (owner: String, kind: ItemKind)? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let member = name[name.index(after: dot)...]
        guard let kind = systemGuideMembers.first(where: { $0.member == member })?.kind else { return nil }
        return (String(name[..<dot]), kind)
    }

    public static func systemGuideName(of owner: String, _ kind: ItemKind) -> String {
        "\(owner).\(systemGuideMembers.first { $0.kind == kind }?.member ?? marginsMember)"
    }

    /// The system guides `owner` may have, as members: every view its margins; the root its
    /// safe area and keyboard; a scroll view its content and frame guides.
    public func systemGuideMembers(of owner: String) -> [String] {
        Self.systemGuideMembers.map(\.member).filter { (try? checkItem("\(owner).\($0)")) != nil }
    }

    /// Names of every guide (user and system) in creation order, for reports that mark them.
    public var guides: [String] {
        guideNames.sorted { (views[$0]?.serial ?? 0) < (views[$1]?.serial ?? 0) }
    }

    public func isGuide(_ name: String) -> Bool { guideNames.contains(name) }

    /// Checks that a constraint may name `name`: an existing view or guide, or a system guide
    /// of an existing view that the constraint will make.
    public func checkItem(_ name: String) throws(LayoutError) {
        if hasView(name) { return }
        guard let (owner, kind) = Self.systemGuide(name) else { throw .unknownView(name) }
        guard let ownerKind = self.kind(of: owner) else { throw .unknownView(owner) }
        if ownerKind.isGuide { throw .guideHasNoMargins(owner) }
        switch kind {
        case .keyboardGuide where owner != Self.rootName: throw .keyboardOnlyOnRoot(owner)
        case .contentGuide where !scrollViews.contains(owner), .frameGuide where !scrollViews.contains(owner):
            throw .notAScrollView(owner)
        default: return
        }
    }

    /// Checks the attribute a constraint names on an item: a guide has edges, centers and sizes.
    func checkAttribute(_ attribute: LayoutAttribute, of name: String) throws(LayoutError) {
        let isGuide = kind(of: name)?.isGuide ?? (Self.systemGuide(name) != nil)
        guard isGuide else { return }
        switch attribute {
        case .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY: return
        default: throw .guideHasNoAttribute(name, attribute)
        }
    }

    /// `guide NAME [in OWNER]`: a layout guide owned by a view.
    public func addGuide(_ name: String, in owner: String = rootName) throws(LayoutError) {
        try validateNewView(name)
        guard let ownerInfo = views[owner] else { throw .unknownView(owner) }
        if ownerInfo.kind.isGuide { throw .guideCannotHaveSubviews(owner) }
        addGuideItem(name, owner: owner, kind: .guide)
    }

    private func addGuideItem(_ name: String, owner: String, kind: ItemKind) {
        let info = makeViewInfo(name: name, parent: owner, depth: views[owner]!.depth + 1, kind: kind)
        views[name] = info
        views[owner]!.children.append(name)
        hierarchyChanges += 1
        viewList.append(name)
        guideNames.insert(name)
        events.append(.viewAdded(name))
        if kind == .marginsGuide || kind == .safeAreaGuide { noteMarginUser(owner) }
    }

    /// Makes the system guides a spec names that do not exist yet, with their constraints.
    func makeSystemGuides(for spec: ConstraintSpec) {
        // Without scroll views every content area is its item; items that exist need nothing.
        if scrollViews.isEmpty, hasView(spec.firstItem), spec.secondItem.map(hasView) ?? true { return }
        var items = [spec.firstItem, contentAreaItem(spec.firstItem, spec.firstAttribute, facing: spec.secondItem)]
        if let second = spec.secondItem, let attribute = spec.secondAttribute {
            items += [second, contentAreaItem(second, attribute, facing: spec.firstItem)]
        }
        // An item listed again (nearly always: the content area of a plain view is the view)
        // was made or found the first time.
        for (position, item) in items.enumerated() where !items[..<position].contains(item) && !hasView(item) {
            guard let (owner, kind) = Self.systemGuide(item), hasView(owner) else { continue }
            addGuideItem(item, owner: owner, kind: kind)
            for (identifier, tie) in guideTies(of: owner, kind) { addSystemConstraint(identifier, owner: owner, tie) }
        }
    }

    /// Adds and installs a constraint UIKit makes itself for `owner`, id `owner.IDENTIFIER`.
    func addSystemConstraint(_ identifier: String, owner: String, _ spec: ConstraintSpec) {
        let id = "\(owner).\(identifier)"
        store(ConstraintRecord(id: id, serial: nextSerial(), kind: .system(identifier: identifier, owner: owner), spec: spec))
        install(id)
    }

    /// The constraints tying a system guide to its owner, in UIKit's shapes: the guide's top and
    /// left follow the owner's (`V:|-(T)-[guide]`, `H:|-(L)-[guide](LTR)`), the owner's bottom
    /// and right follow the guide's (`V:[guide]-(B)-|`), required. The safe area and the margins
    /// are inset by theirs (left and right as they fall in the current direction); the frame
    /// guide by nothing. The content guide is tied at its origin only: its size is the content
    /// size the user's constraints give it. The keyboard guide spans the root's width at its
    /// bottom, as high as the keyboard (or the safe area's bottom inset while it is hidden).
    func guideTies(of owner: String, _ kind: ItemKind) -> [(identifier: String, spec: ConstraintSpec)] {
        let guide = Self.systemGuideName(of: owner, kind)
        func tie(_ edge: LayoutAttribute, _ inset: Double) -> ConstraintSpec {
            edge == .top || edge == .left
                ? ConstraintSpec(firstItem: guide, firstAttribute: edge, relation: .equal, secondItem: owner, secondAttribute: edge, constant: inset)
                : ConstraintSpec(firstItem: owner, firstAttribute: edge, relation: .equal, secondItem: guide, secondAttribute: edge, constant: inset)
        }
        var name = { (edge: LayoutAttribute) in "UIView-\(edge.rawValue)Margin-guide-constraint" }
        var insets = EdgeInsets(all: 0)
        var edges: [LayoutAttribute] = [.top, .left, .bottom, .right]
        switch kind {
        case .safeAreaGuide:
            name = { "UIViewSafeAreaLayoutGuide-\($0.rawValue)" }
            insets = owner == Self.rootName ? safeAreaInsets : frameDependentInsets(of: owner).safeArea
        case .contentGuide:
            name = { "UIScrollViewContentLayoutGuide-\($0.rawValue)" }
            edges = [.top, .left]
        case .frameGuide:
            name = { "UIScrollViewFrameLayoutGuide-\($0.rawValue)" }
        case .keyboardGuide:
            let height = ConstraintSpec(firstItem: guide, firstAttribute: .height, relation: .equal,
                                        constant: keyboardHeight ?? safeAreaInsets.bottom)
            return [("UIViewKeyboardLayoutGuide-left", tie(.left, 0)), ("UIViewKeyboardLayoutGuide-bottom", tie(.bottom, 0)),
                    ("UIViewKeyboardLayoutGuide-right", tie(.right, 0)), ("UIViewKeyboardLayoutGuide-height", height)]
        default:
            insets = effectiveMargins(of: owner)
        }
        let constants: [LayoutAttribute: Double] = [.top: insets.top, .left: insets.left, .bottom: insets.bottom, .right: insets.right]
        return edges.map { (name($0), tie($0, constants[$0]!)) }
    }

    /// Brings the constants of a system guide's constraints up to date with the insets (when the
    /// guide exists), recording the changes; returns the ids whose expressions must be rebuilt.
    /// The solver is not touched: the caller hands the ids to `applyAsOneChange`.
    func updateGuideTies(of owner: String, _ kind: ItemKind) -> Set<String> {
        guard views[Self.systemGuideName(of: owner, kind)] != nil else { return [] }
        var changed = Set<String>()
        for (identifier, tie) in guideTies(of: owner, kind) {
            let id = "\(owner).\(identifier)"
            guard let record = constraints[id], record.spec != tie else { continue }
            constraints[id]!.spec = tie
            events.append(.changed(id: id, before: record))
            changed.insert(id)
        }
        return changed
    }

    // MARK: - Margins

    /// The margins the `*Margin` attributes and the margins guide use, absolute (left is left):
    /// the view's own (directional ones placed by the current direction); for the root, raised
    /// to the view controller's system minimum and inset by the safe area, as UIKit does for a
    /// view controller's root view (`viewRespectsSystemMinimumLayoutMargins`,
    /// `insetsLayoutMarginsFromSafeArea`); for any other view, inset by the part of the safe
    /// area it covers and raised to its superview's margins when it preserves them, as of the
    /// last layout (`combinedMargins`, `LayoutModel+InheritedMargins.swift`).
    public func effectiveMargins(of name: String) -> EdgeInsets {
        guard let info = views[name] else { return .standard }
        return effectiveMargins(of: info)
    }

    func effectiveMargins(of info: ViewInfo) -> EdgeInsets {
        var margins = info.margins
        if info.marginsAreDirectional && direction == .rightToLeft { swap(&margins.left, &margins.right) }
        guard info.parent == nil else { return combinedMargins(own: margins, info) }
        if let minimum = systemMinimumMargins {
            margins = EdgeInsets(top: max(margins.top, minimum.top), left: max(margins.left, minimum.left),
                                 bottom: max(margins.bottom, minimum.bottom), right: max(margins.right, minimum.right))
        }
        guard info.insetsMarginsFromSafeArea else { return margins }
        let safe = safeAreaInsets
        return EdgeInsets(top: margins.top + safe.top, left: margins.left + safe.left,
                          bottom: margins.bottom + safe.bottom, right: margins.right + safe.right)
    }

    /// The constraints whose expressions hold `view`'s margins: those naming one of its
    /// `*Margin` attributes. (Its margins guide's own constraints come from `updateGuideTies`.)
    func marginDependents(of view: String) -> Set<String> {
        var result = Set<String>()
        for id in constraintIDs(touching: view) {
            guard let spec = constraints[id]?.spec else { continue }
            if (spec.firstItem == view && spec.firstAttribute.isMarginAttribute)
                || (spec.secondItem == view && spec.secondAttribute?.isMarginAttribute == true) {
                result.insert(id)
            }
        }
        return result
    }

    // MARK: - One change of the solver

    /// Rebuilds these constraints' expressions from their specs and the current settings, and
    /// resizes the root, as ONE change of the solver: with more than one constraint (or a
    /// resize) every installed one comes out before any goes back, so a state between the old
    /// settings and the new ones — where a redundant pair disagrees — is never solved, and only
    /// a conflict of the finished change is reported. A single constant change takes the
    /// solver's fast path.
    func applyAsOneChange(_ ids: Set<String>, rootSize: (width: Double, height: Double)? = nil, constantsOnly: Bool = true) {
        let ordered = ids.sorted { (constraints[$0]?.serial ?? 0) < (constraints[$1]?.serial ?? 0) }
        if rootSize == nil, constantsOnly, ordered.count == 1 {
            refreshConstant(ordered[0])
            retryBroken()
            return
        }
        let installed = ordered.filter { constraints[$0]?.solverID != nil }
        for id in installed { uninstall(id) }
        for id in ordered where constraints[id] != nil {
            rebuild(id)
            changedConstraintIDs.insert(id)
        }
        if let rootSize {
            rootWidth = rootSize.width
            rootHeight = rootSize.height
            setConstantBreakingOthers(rootWidthID, -rootSize.width, label: "root.width")
            setConstantBreakingOthers(rootHeightID, -rootSize.height, label: "root.height")
        }
        for id in installed { install(id) }
        retryBroken()
    }
}

extension LayoutAttribute {
    /// The attributes measured from a view's layout margins.
    var isMarginAttribute: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins: true
        default: false
        }
    }
}
