import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// One scene (or xib view) of an Interface Builder file as session lines: the screen, the views
/// under readable names, their settings, the stacks, and the constraints installed for the
/// screen's size classes, each tried on a copy of the session first (a line the session
/// refuses is left out with a note: an import never fails halfway). Keeps, for the
/// comparison and `lint`, where each name and constraint id came from in the file.
struct InterfaceBuilderTranslation {
    let document: IBDocument
    let root: IBView
    let controller: IBViewController?
    let context: any ImportContext
    let override: InterfaceBuilderImporter.DeviceChoice?

    private(set) var lines: [String] = []
    private(set) var notes: [String] = []
    /// Each element or line left out, as data (`ImportedScript.skipped`).
    private(set) var skipped: [(line: Int?, text: String, reason: String)] = []
    /// IB id → session name (views) or item (`root.safeArea`, `name.margins`).
    var names: [String: String] = [:]
    /// Session name → the view element it came from.
    var views: [String: IBView] = [:]
    /// Session names in the order they were made.
    var viewOrder: [String] = []
    /// Session constraint id → the IB constraint it came from.
    private(set) var constraintSources: [String: IBConstraint] = [:]
    /// Whether the root's size is the one IB stored (so stored frames can be compared).
    private(set) var storedSizeKept = true
    /// A xib's table cell laid out on another screen (`lint --devices`): the row's width there.
    private var rowWidth: Double?
    /// The screen's size classes (nil: Any/Any, the Xcode 6–7 canvas).
    private(set) var traits: IBTraits?
    /// Counts for the summary.
    private(set) var constraintsRead = 0
    private(set) var placeholders = 0
    /// Constraints made for other size classes, inactive on this screen (`vary` brings them in).
    private(set) var otherSizeClasses = 0

    /// What container views showed, for the notes.
    private let embeddedScenes: [String]
    private var taken: Set<String>
    private var usedBases: [String: Int] = [:]
    private var oldGuides: [String: Bool] = [:]
    private var unknownClasses: Set<String> = []
    private var excludedViews: Set<String> = []
    /// Views installed in some size classes only, kept in the session with `vary NAME.installed`
    /// lines (`InterfaceBuilderTranslation+Installation.swift`): their ids in document order, the
    /// rules, and the ids of every view they hold that is not installed on this screen.
    var varyingViews: [(id: String, rules: InstallRules)] = []
    var notInstalledHere: Set<String> = []
    /// The copy of the session each line is tried on first.
    private let trial: any ImportTrial
    /// The number the next constraint will get (`c\(n)`): each taken constraint line makes one.
    private var nextNumber: Int

    init(document: IBDocument, root: IBView, controller: IBViewController?, context: any ImportContext, device: InterfaceBuilderImporter.DeviceChoice?) {
        self.document = document
        var embedded: [String] = []
        var spliced = Self.embeddingContainers(root, document: document, shown: &embedded)
        // The embedded scenes' stored frames are of their own canvases (with their own
        // status bars and guides), not of the container: they are not compared.
        if !embedded.isEmpty { spliced = Self.markingEmbedded(spliced) }
        self.root = Self.alignmentFrames(document.isAppKit ? Self.flipped(spliced) : spliced, in: document)
        embeddedScenes = embedded
        self.controller = controller
        self.context = context
        self.override = device
        taken = Set(context.viewNames).union(context.constraintNames).union(context.metricNames)
        oldGuides = controller?.oldGuides ?? [:]
        trial = context.makeTrial(.current)
        nextNumber = context.nextConstraintNumber
    }

    mutating func translate() {
        if context.viewNames.count > 1 {
            note("the session already has views: the scene's are added beside them, in root")
        }
        for note in document.notes where Self.concerns(note, root: root, in: document) { self.note("line \(note.line): \(note.message)") }
        for text in embeddedScenes { note(text) }
        if let controller, let scene = document.scenes.first(where: { $0.controller?.id == controller.id }) {
            for outside in scene.outsideViews {
                note("line \(outside.line): a \(outside.className) beside the controller's view, not in it (the code adds it at run time, if at all): left out")
            }
        }
        screen()
        if let id = root.id { claimRoot(id) }
        if Self.cellElements.contains(root.element), let content = root.subviews.first(where: { $0.key == "contentView" }) {
            emitCell(root, content: content, in: nil)
        } else {
            for subview in installedSubviews(of: root) { emitView(subview, in: LayoutModel.rootName, arranged: false) }
        }
        for view in root.flattened() where !excludedViews.contains(view.id ?? "") {
            emitConstraints(of: view)
        }
        emitOrigins()
        emitInstallations()
        notes += prototypeListing()
        notes += staticCellListing()
        summary()
    }

    // MARK: - The screen

    /// Device, root size, safe area and margins: the root takes the size IB stored; the
    /// device (found from `<device>` and that size) gives traits, insets and the scale.
    mutating func screen() {
        let stored = root.frame ?? IBRect(x: 0, y: 0, width: 375, height: 667)
        if root.frame == nil { note("the root has no stored frame: 375x667 assumed") }
        var width = stored.width, height = stored.height
        let isController = controller != nil
        var device: Device?
        var landscape = document.device?.landscape ?? (width > height)
        // `device NAME` when the root is the device's screen; else the size IB stored, with
        // the device's scale, insets and margins said one by one.
        var whole = false
        if let override {
            device = override.device
            landscape = override.landscape
            let size = override.device.size(landscape: landscape)
            if isController || Device.forInterfaceBuilder(id: nil, width: width, height: height) != nil {
                storedSizeKept = size.width == width && size.height == height
                (width, height) = size
                whole = true
            } else if root.element == "tableViewCell" {
                // A table's row is as wide as the table, which fills the screen; its height is
                // the row's own.
                storedSizeKept = size.width == width
                if !storedSizeKept { note("a table row as wide as the screen: \(formatNumber(size.width)) wide (stored \(formatNumber(width)))") }
                width = size.width
                rowWidth = size.width
            } else {
                note("a \(root.className) the code sizes, not the screen: kept \(formatNumber(width))x\(formatNumber(height)) on \(override.device.name)")
            }
        } else if document.device != nil || document.kind == .storyboard {
            device = Device.forInterfaceBuilder(id: document.device?.id, width: width, height: height)
            whole = device != nil && stored.y == 0
            if device == nil, let id = document.device?.id {
                device = Device.all.first { $0.interfaceBuilderIDs.contains(id) && $0.width == min(width, height) }
                    ?? Device.all.first { $0.interfaceBuilderIDs.contains(id) }
            }
            // Under opaque bars IB stores the root below them but as tall as the screen; it
            // lays the scene out in what is left.
            if isController, stored.y > 0, let device, stored.height == device.size(landscape: landscape).height {
                height -= stored.y
                storedSizeKept = false
                note("the root starts \(formatNumber(stored.y)) points down, under opaque bars: laid out \(formatNumber(width))x\(formatNumber(height))")
            }
        }
        let viaDevice = device != nil && isController && whole
        if let device, viaDevice {
            add("device \(device.name)\(landscape ? " landscape" : "")")
        } else {
            add("root \(formatNumber(width))x\(formatNumber(height))")
            if let device { add("scale \(formatNumber(device.scale))") }
        }
        if let device {
            let sizeClasses = device.traits(landscape: landscape)
            traits = IBTraits(widthCompact: sizeClasses.width == .compact, heightCompact: sizeClasses.height == .compact)
        } else if document.device == nil, document.usesTraitCollections {
            note("no <device> (an Xcode 6–7 file): the Any/Any canvas, \(formatNumber(width))x\(formatNumber(height)); only constraints installed for Any/Any are read")
        }
        // The size classes the scene's variations are chosen by, where the session would not
        // take them from a device line: `device` and `traits` re-apply them later.
        if !viaDevice, Self.varies(root) {
            add("traits \(traits.map { Self.collection($0).words } ?? "any")")
        }
        // Bars the controller sits under, as IB infers them (simulated metrics or containers).
        var insets = device?.safeArea(landscape: landscape) ?? EdgeInsets(all: 0)
        if isController {
            let older = Self.insetsOfItsXcode(insets, device: device, landscape: landscape, toolsVersion: document.toolsVersion.flatMap { Double($0) })
            insets = older.0
            if let text = older.1 { note(text) }
        }
        if device == nil, isController, !document.isAppKit { insets.top = 20 }
        var barHeights: (top: Double, bottom: Double) = (0, 0)
        // The bars the session can carry as a setting (`bars …`): those the view reaches under.
        var sessionBars = Bars.none
        if let controller {
            let simulated = Self.bars(of: controller, in: document)
            let added = Self.addingBars(simulated, to: insets, device: device, landscape: landscape)
            (insets, barHeights) = (added.insets, added.barHeights)
            sessionBars = Bars(navigation: simulated.navigation && !simulated.rootBelowTop, tab: simulated.tab && !simulated.rootAboveBottom)
            if let text = added.note { note(text) }
        }
        if !isController, device == nil {
            insets = EdgeInsets(all: 0)
        }
        // A root stored below the top of the screen starts under opaque bars (a navigation
        // bar with `translucent="NO"`): they cover none of it.
        if isController, stored.y > 0 {
            insets.top = max(0, insets.top - stored.y)
            barHeights.top = max(0, barHeights.top - stored.y)
        }
        if override == nil {
            // What the stored frames say wins: each Xcode shows a device with the insets of its
            // own iOS (an iPhone 11's status bar was 44 points, then 48).
            for (edge, value, from) in inferredInsets(width: width, height: height) where Self.isPlausible(value, edge: edge, bars: barHeights) {
                let before: Double
                switch edge {
                case .top: before = insets.top; insets.top = value
                case .left: before = insets.left; insets.left = value
                case .bottom: before = insets.bottom; insets.bottom = value
                default: before = insets.right; insets.right = value
                }
                if before != value {
                    note("the safe area's \(edge) inset is \(formatNumber(value)), as \(from)'s stored frame and constraint say (the device table has \(formatNumber(before)))")
                }
            }
        }
        if let device, viaDevice, sessionBars != .none, insets == Self.adding(sessionBars, to: device.safeArea(landscape: landscape), device: device, landscape: landscape) {
            // The device's insets plus the bars: a setting that every later `device` keeps.
            add("bars \(sessionBars.words)")
        } else if device == nil, isController, sessionBars != .none, let screen = Self.removing(sessionBars, from: insets) {
            // The Any/Any canvas: its status bar as `safearea`, the bars on top of it, so that a
            // later `device` swaps the status bar and keeps the bars.
            if screen != EdgeInsets(all: 0) {
                add("safearea " + [screen.top, screen.left, screen.bottom, screen.right].map(formatNumber).joined(separator: ","))
            }
            add("bars \(sessionBars.words)")
        } else if insets != (viaDevice ? device!.safeArea(landscape: landscape) : EdgeInsets(all: 0)) {
            let values = [insets.top, insets.left, insets.bottom, insets.right].map(formatNumber).joined(separator: ",")
            add("safearea \(values)")
        }
        if isController {
            // The device's screen decides the minimum (the Any/Any canvas, with none, by its
            // width: 16, or 20 from 414 points on, so 20 on the 600-point square).
            let side = device?.systemMinimumMargins(landscape: landscape).left
                ?? Device.rootSideMargin(width: width, regularWidth: false, landscape: false)
            if let line = Self.rootMarginsLine(root.layoutMargins, directional: root.directionalMargins, minimumSide: viaDevice ? nil : side) {
                add(line, root.line)
            }
        }
        if !root.insetsLayoutMarginsFromSafeArea { add("root.insetsMarginsFromSafeArea = false", root.line) }
        if root.forcesRightToLeft {
            add("direction rtl")
            note("the root forces right-to-left (semanticContentAttribute)")
        }
    }

    /// The root's safe-area insets the stored frames imply: a direct subview IB did not mark
    /// misplaced or ambiguous, tied to an edge of the safe area (or an old layout guide's
    /// inner edge) by a required `==` constraint, tells where that edge is.
    func inferredInsets(width: Double, height: Double) -> [(LayoutAttribute, Double, String)] {
        let safeID = root.guides["safeArea"]
        let direct = Dictionary(root.subviews.compactMap { view in view.id.map { ($0, view) } }, uniquingKeysWith: { a, _ in a })
        var found: [LayoutAttribute: (Double, String)] = [:]
        for view in root.flattened() {
            for constraint in installedConstraints(of: view) where !constraint.placeholder && constraint.relation == .equal
                && constraint.priority >= 1000 && constraint.multiplier == 1 && (!constraint.symbolic || Self.touchesSafeArea(constraint, of: root)) {
                guard let secondID = constraint.secondItem, let secondAttribute = constraint.secondAttribute else { continue }
                let pairs = [(constraint.firstItem, constraint.firstAttribute, secondID, secondAttribute, 1.0),
                             (secondID, secondAttribute, constraint.firstItem, constraint.firstAttribute, -1.0)]
                for (guideID, guideAttribute, viewID, viewAttribute, sign) in pairs {
                    let isSafe = guideID == safeID
                    let oldTop = oldGuides[guideID]
                    guard isSafe || oldTop != nil, let subview = direct[viewID], !subview.misplaced, !subview.ambiguous,
                          let frame = subview.frame else { continue }
                    var edge = guideAttribute
                    if let oldTop {
                        guard (oldTop && guideAttribute == .bottom) || (!oldTop && guideAttribute == .top) else { continue }
                        edge = oldTop ? .top : .bottom
                    }
                    let value: Double
                    switch viewAttribute {
                    case .top: value = frame.y
                    case .bottom: value = frame.y + frame.height
                    case .left, .leading: value = frame.x
                    case .right, .trailing: value = frame.x + frame.width
                    default: continue
                    }
                    // view.attr == guide.attr + c, or guide.attr == view.attr + c.
                    // A standard space to the safe area is none (see `emitConstraint`).
                    let position = value + sign * (constraint.symbolic ? 0 : constraint.constant)
                    let inset: Double
                    switch edge {
                    case .top where viewAttribute == .top || viewAttribute == .bottom: inset = position
                    case .bottom where viewAttribute == .top || viewAttribute == .bottom: inset = height - position
                    case .left, .leading: guard viewAttribute.axis == .horizontal else { continue }; inset = position; edge = .left
                    case .right, .trailing: guard viewAttribute.axis == .horizontal else { continue }; inset = width - position; edge = .right
                    default: continue
                    }
                    guard inset >= 0, inset < (edge.axis == .vertical ? height : width) / 2, found[edge] == nil else { continue }
                    found[edge] = (inset, "\(subview.element) \(viewID)")
                }
            }
        }
        return [LayoutAttribute.top, .left, .bottom, .right].compactMap { edge in found[edge].map { (edge, $0.0, $0.1) } }
    }

    /// Whether an inset read from stored frames is one a screen has (a status bar, a sensor
    /// housing or home indicator, plus the bars IB shows): a view moved in Xcode without
    /// "Update Frames" must not move the safe area with it.
    static func isPlausible(_ value: Double, edge: LayoutAttribute, bars: (top: Double, bottom: Double)) -> Bool {
        switch edge {
        case .top: return [0, 20, 24, 44, 47, 48, 50, 54, 59, 62].contains(value - bars.top)
        case .bottom: return [0, 20, 21, 34].contains(value - bars.bottom)
        default: return [0, 44, 47, 48, 50, 59, 62].contains(value)
        }
    }

    // MARK: - Views

    static let cellElements: Set<String> = ["tableViewCell", "collectionViewCell"]

    /// A xib's cell, or a storyboard's prototype in its table or collection view (`parent`;
    /// nil: the cell is the imported root), as the session's `cell`: UIKit pins its content
    /// view to the cell's size, less the separator in a table (so IB's stored 43.5 under a
    /// 44-point row), and the content's views and constraints go in `NAME.contentView`.
    mutating func emitCell(_ cell: IBView, content: IBView, in parent: String?) {
        let name = parent == nil ? claim(root) : claim(cell)
        var frame = cell.frame ?? IBRect(x: 0, y: 0, width: 320, height: 44)
        // An accessory (a disclosure indicator) takes the content view's right end: the cell
        // is made as wide as the content IB stored.
        var width = min(frame.width, content.frame?.width ?? frame.width)
        if parent == nil, let rowWidth {
            width = rowWidth - (frame.width - width)
            frame.width = rowWidth
        }
        if width < frame.width {
            // A static table's accessories share one note (`staticCellListing`).
            if cell.staticSection == nil { note("line \(cell.line): the content view is \(formatNumber(width)) wide in a \(formatNumber(frame.width))-point cell (an accessory): the cell is made \(formatNumber(width)) wide") }
            // What is compared is the cell as made.
            views[name]?.frame?.width = width
        }
        let collection = cell.element == "collectionViewCell"
        let place = parent.map { prototypePlace(frame, in: $0) } ?? ""
        guard add("cell \(name)\(collection ? " collection" : "") width \(formatNumber(width)) height \(formatNumber(frame.height))\(place)", cell.line) else { return }
        let contentName = claimContentView(content, of: name)
        if !collection, content.layoutMargins == nil {
            if (document.toolsVersion.flatMap { Double($0) } ?? 0) >= 13000 {
                // Since iOS 11 a table cell's content view keeps 11 above and below (the session's
                // cell has UIKit's older 8), and a prototype's sides follow its table's width.
                let side = parent == nil ? "16" : formatNumber(Device.rootSideMargin(width: root.frame?.width ?? 0, regularWidth: false, landscape: false))
                // Beside an accessory the cell's margin is covered: the content view keeps
                // its own, 8 (it takes the larger of its own and what its cell's reaches in).
                let trailing = width < frame.width ? "8" : side
                add("\(contentName).margins = 11,\(side),11,\(trailing)", content.line)
            } else {
                // Before (files of Xcode 8 and older), 8 all round.
                add("\(contentName).margins = 8", content.line)
            }
        }
        // A static table's styled cells share one note (`staticCellListing`).
        if let parts = cell.styleParts, cell.staticSection == nil { note(Self.cellStyleNote(parts.style, line: cell.line)) }
        settings(of: content, name: contentName)
        let placed = Self.placingStyleParts(content, of: cell)
        for subview in installedSubviews(of: placed) { emitView(subview, in: contentName, arranged: false) }
    }

    /// A built-in style's labels have no constraints: the cell places them in layoutSubviews.
    static func cellStyleNote(_ style: String, line: Int) -> String {
        "line \(line): a \(style)-style cell: " + styleLabelsWords
    }

    /// Clears the stored frames' claim to be compared under every container view.
    static func markingEmbedded(_ view: IBView, inside: Bool = false) -> IBView {
        var view = view
        if inside { view.storedFrameIsElsewhere = true }
        let below = inside || view.embeds != nil
        view.subviews = view.subviews.map { markingEmbedded($0, inside: below) }
        return view
    }

    /// Container views with the root views of the scenes they embed spliced in: the embedded
    /// root's subviews become the container's, its constraints the container's (its safe area
    /// read as the container's bounds, which it is when the container lies inside the
    /// parent's safe area). `shown` gets a note per container.
    static func embeddingContainers(_ view: IBView, document: IBDocument, shown: inout [String], depth: Int = 0) -> IBView {
        var view = view
        if let destination = view.embeds, depth < 8, let id = view.id,
           let index = document.scenes.firstIndex(where: { $0.controller?.id == destination }),
           let child = document.scenes[index].controller, let childRoot = child.view {
            var rename = [String: String]()
            if let rootID = childRoot.id { rename[rootID] = id }
            if let safe = childRoot.guides["safeArea"] { rename[safe] = id }
            if let margins = childRoot.guides["layoutMarginsGuide"] { view.guides["layoutMarginsGuide"] = margins }
            view.subviews = childRoot.subviews
            // The child's old top and bottom layout guides: inside a container they have no
            // length, so the top one's bottom is the container's top, the bottom one's top its
            // bottom.
            func item(_ item: String, _ attribute: LayoutAttribute) -> (String, LayoutAttribute) {
                if let top = child.oldGuides[item] {
                    switch (top, attribute) {
                    case (true, .bottom): return (id, .top)
                    case (false, .top): return (id, .bottom)
                    default: return (id, attribute)
                    }
                }
                return (rename[item] ?? item, attribute)
            }
            view.constraints += childRoot.constraints.map { constraint in
                var constraint = constraint
                (constraint.firstItem, constraint.firstAttribute) = item(constraint.firstItem, constraint.firstAttribute)
                if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
                    (constraint.secondItem, constraint.secondAttribute) = item(second, attribute)
                }
                constraint.owner = id
                return constraint
            }
            view.variations += childRoot.variations
            shown.append("line \(view.line): the container view shows scene \(index + 1) (\(child.className)): its views are laid out inside it, its safe area taken as the container's bounds")
        }
        view.subviews = view.subviews.map { embeddingContainers($0, document: document, shown: &shown, depth: depth + 1) }
        return view
    }

    /// AppKit views a superview lays out from its top (`isFlipped`); any other NSView counts
    /// its subviews' frames from its bottom.
    static let flippedAppKitElements: Set<String> = [
        "clipView", "tableView", "outlineView", "textView", "collectionView", "stackView", "tableCellView",
    ]

    /// An AppKit tree with every frame counted from the top of its superview, as the session
    /// (and UIKit) counts: y becomes the superview's height - y - height.
    static func flipped(_ view: IBView) -> IBView {
        var view = view
        let height = view.frame?.height
        let flips = !flippedAppKitElements.contains(view.element)
        view.subviews = view.subviews.map { subview in
            var subview = subview
            if flips, let height, let frame = subview.frame {
                subview.frame = IBRect(x: frame.x, y: height - frame.y - frame.height, width: frame.width, height: frame.height)
            }
            return flipped(subview)
        }
        return view
    }

    /// A view's subviews installed for the screen's size classes, and those the traits install
    /// and uninstall (kept, with `vary` lines made at the end).
    mutating func installedSubviews(of view: IBView) -> [IBView] {
        var excluded = Set(view.subviews.filter { !$0.installedByDefault }.compactMap(\.id))
        for variation in applicable(view.variations) {
            excluded.formUnion(variation.excludedSubviews)
            excluded.subtract(variation.includedSubviews)
        }
        var kept: Set<String> = []
        for subview in view.subviews {
            guard let id = subview.id, let rules = installRules(of: subview, in: view), Self.canVaryInstallation(subview, in: view) else { continue }
            varyingViews.append((id, rules))
            kept.insert(id)
            if excluded.contains(id) {
                for inner in subview.flattened() { if let id = inner.id { notInstalledHere.insert(id) } }
            }
        }
        for subview in view.subviews where excluded.contains(subview.id ?? "") && !kept.contains(subview.id ?? "") {
            for inner in subview.flattened() { if let id = inner.id { excludedViews.insert(id) } }
            note("line \(subview.line): \(subview.className) is not installed for \(traits?.description ?? "Any/Any"): left out")
        }
        return view.subviews.filter { !excluded.contains($0.id ?? "") || kept.contains($0.id ?? "") }
    }

    /// The variations that apply on this screen, least specific first (`default` first).
    func applicable(_ variations: [IBVariation]) -> [IBVariation] {
        let defaults = variations.filter { $0.key == "default" }
        guard let traits else { return defaults }
        let matching = variations.compactMap { variation -> (IBVariation, Int)? in
            guard let key = IBTraits(key: variation.key), key.applies(on: traits) else { return nil }
            return (variation, key.specificity)
        }
        return defaults + matching.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Elements whose size comes from their content (text, image, a control's own size).
    static let contentElements: Set<String> = [
        "label", "button", "imageView", "switch", "textField", "segmentedControl", "activityIndicatorView",
        "slider", "stepper", "progressView", "pageControl", "searchBar",
    ]
    /// Elements read as plain views without a note.
    static let plainElements: Set<String> = [
        "view", "stackView", "scrollView", "tableViewCellContentView", "collectionReusableView", "visualEffectView", "containerView",
    ]

    mutating func emitView(_ view: IBView, in parent: String, arranged: Bool) {
        if view.isRowInItsTable, let content = view.subviews.first(where: { $0.key == "contentView" }) {
            emitCell(view, content: content, in: parent)
            return
        }
        let name = claim(view)
        let place = parent == LayoutModel.rootName ? "" : " in \(parent)"
        let wraps = view.element == "textView" && view.scrollDisabled
        if !Self.contentElements.contains(view.element), !Self.plainElements.contains(view.element), !wraps, unknownClasses.insert(view.element).inserted {
            let reason: String
            switch view.element {
            case "tableView", "collectionView": reason = " (its prototype and static cells are the session's cells, where IB drew them)"
            case "textView": reason = " (it scrolls, so it has no intrinsic size; with scrollEnabled NO it would wrap as text)"
            case "tableViewCell", "collectionViewCell": reason = " (a cell outside a table's prototypes, without a content view)"
            default: reason = ""
            }
            note("\(view.element) (\(view.className)) is read as a plain view\(reason): first on line \(view.line)")
        }
        if let parts = view.styleParts { note(Self.cellStyleNote(parts.style, line: view.line)) }
        if let stack = view.stack {
            emitStack(view, stack, name: name, parent: parent)
            return
        }
        let translates = !arranged && (view.key == "contentView" || (view.translatesAutoresizingMask ?? true))
        if view.element == "scrollView", !arranged {
            emitScrollView(view, name: name, parent: parent, translates: translates)
            return
        }
        if translates, let frame = view.frame {
            add("view \(name) frame \(Self.frameText(frame))\(place)", view.line)
            let mask = view.key == "contentView" ? Self.flexibleSize : view.autoresizingMask
            add("\(name).autoresizing = \(Self.maskWords(mask))", view.line)
            if view.element == "tableViewCellContentView", view.layoutMargins == nil {
                // Since iOS 11 (Xcode 9's files, tools version 13000 on) a table cell's content
                // view follows its table's margins at the sides (16, 20 from a 414-point width)
                // and keeps 11 above and below; before, 8 all round.
                let tools = document.toolsVersion.flatMap { Double($0) } ?? 0
                let side = formatNumber(Device.rootSideMargin(width: root.frame?.width ?? 0, regularWidth: false, landscape: false))
                add(tools >= 13000 ? "\(name).margins = 11,\(side),11,\(side)" : "\(name).margins = 8", view.line)
            }
        } else {
            if translates { note("line \(view.line): \(name) has no stored frame, so it is laid out by constraints only") }
            add("view \(name)\(place)\(sizeClause(of: view))", view.line)
        }
        settings(of: view, name: name)
        for subview in installedSubviews(of: view) { emitView(subview, in: name, arranged: false) }
    }

    /// A scroll view as the session's `scroll`: its content and frame guides are constraint
    /// items, and its subviews are framed in content coordinates, as IB stores them. One IB
    /// lays out by frame is held at its stored frame by four required constraints (the
    /// session's `scroll` has no autoresizing mask): right at the stored root size.
    mutating func emitScrollView(_ view: IBView, name: String, parent: String, translates: Bool) {
        let place = parent == LayoutModel.rootName ? "" : " in \(parent)"
        add("scroll \(name)\(place)", view.line)
        if translates, let frame = view.frame {
            let held: [(LayoutAttribute, String?, Double)] = [
                (.left, parent, frame.x), (.top, parent, frame.y), (.width, nil, frame.width), (.height, nil, frame.height),
            ]
            for (attribute, second, constant) in held {
                let spec = ConstraintSpec(firstItem: name, firstAttribute: attribute, relation: .equal,
                                          secondItem: second, secondAttribute: second.map { _ in attribute },
                                          multiplier: 1, constant: constant, priority: LayoutPriority(1000))
                if add(spec.canonicalText, view.line) { nextNumber += 1 }
            }
            note("line \(view.line): \(name) is laid out by its frame in IB: held at \(Self.frameText(frame)) by constraints (its autoresizing mask is not applied)")
        }
        settings(of: view, name: name)
        for subview in installedSubviews(of: view) { emitView(subview, in: name, arranged: false) }
    }

    static let flexibleSize: IBAutoresizingMask = {
        var mask = IBAutoresizingMask()
        mask.flexibleWidth = true
        mask.flexibleHeight = true
        return mask
    }()

    mutating func emitStack(_ view: IBView, _ stack: IBStackSettings, name: String, parent: String) {
        let place = parent == LayoutModel.rootName ? "" : " in \(parent)"
        let arranged = installedSubviews(of: view)
        // The arranged views first, where the stack will be: `stack` moves existing views in.
        var arrangedNames: [String] = []
        for subview in arranged {
            if subview.stack != nil {
                emitView(subview, in: parent, arranged: true)
                arrangedNames.append(names[subview.id ?? ""] ?? "")
                continue
            }
            let child = claim(subview)
            arrangedNames.append(child)
            // An arranged scroll view is still a scroll view: the old-style constraints to its
            // edges from the views inside are about its content area, not its frame.
            add(subview.element == "scrollView" ? "scroll \(child)\(place)" : "view \(child)\(place)\(sizeClause(of: subview))", subview.line)
            settings(of: subview, name: child)
        }
        add("stack \(name)\(place) \(stack.vertical ? "v" : "h") \(arrangedNames.filter { !$0.isEmpty }.joined(separator: " "))", view.line)
        if stack.systemSpacing {
            // The system spacing between two views is 8 (between text UIKit goes by the fonts,
            // which the file does not hold).
            add("\(name).spacing = 8", view.line)
            note("line \(view.line): \(name) uses the system spacing (spacingType standard): 8 between its views")
        } else if let spacing = stack.spacing, spacing != 0 {
            add("\(name).spacing = \(formatNumber(spacing))", view.line)
        }
        if let distribution = stack.distribution, distribution != "fill" { add("\(name).distribution = \(distribution)", view.line) }
        if let alignment = stack.alignment, alignment != "fill" {
            add("\(name).alignment = \(alignment == "top" && stack.vertical ? "leading" : alignment == "bottom" && stack.vertical ? "trailing" : alignment)", view.line)
        }
        if stack.baselineRelative { add("\(name).baselineRelative = true", view.line) }
        if stack.marginsRelative {
            add("\(name).marginsRelative = true", view.line)
        } else if let margins = view.layoutMargins, let first = arranged.first?.frame,
                  Self.startsInsideMargins(stack.vertical ? first.y : first.x, margin: stack.vertical ? margins.top : margins.left,
                                           preserving: view.preservesSuperviewLayoutMargins) {
            // Files that set a stack's margins without the attribute still lay it out inside
            // them (the stored frames say so, as Xcode showed it). Only the start along the
            // axis tells: across it the alignment may centre the first view. A stack that
            // preserves its superview's margins starts inside the larger of the two.
            add("\(name).marginsRelative = true", view.line)
            note("line \(view.line): \(name) has layout margins and its views start inside them, as IB stored them: arranged relative to its margins")
        }
        // Per-size-class axis, spacing and alignment (the Any/Any values are the element's).
        for variation in view.variations {
            guard let pattern = IBTraits(key: variation.key).map(Self.collection)?.words else { continue }
            if let alignment = variation.alignment { add("vary \(name).alignment = \(alignment) for \(pattern)", variation.line) }
            if let axis = variation.axis { add("vary \(name).axis = \(axis == "vertical" ? "v" : "h") for \(pattern)", variation.line) }
            if let spacing = variation.spacing { add("vary \(name).spacing = \(formatNumber(spacing)) for \(pattern)", variation.line) }
        }
        settings(of: view, name: name)
        for subview in arranged where subview.stack == nil {
            let child = names[subview.id ?? ""] ?? ""
            for inner in installedSubviews(of: subview) { emitView(inner, in: child, arranged: false) }
        }
    }

    /// What sizes a view made by constraints: ` intrinsic WxH`, or for a text view that does
    /// not scroll ` text WxH`: the text wraps, as lesson 18's does. IB stores no font metrics,
    /// so the stored frame is taken as one line of the text: at that width it keeps its
    /// stored height, narrower it wraps by lines that high.
    func sizeClause(of view: IBView) -> String {
        if view.element == "textView", view.scrollDisabled, let frame = view.frame, frame.width > 0, frame.height > 0 {
            return " text \(formatNumber(frame.width))x\(formatNumber(frame.height))"
        }
        return intrinsic(of: view).map { " intrinsic \($0)" } ?? ""
    }

    /// The intrinsic size of a content view: IB stores no fonts or images' metrics, so the size
    /// IB gave the view is taken as its content's (a placeholder size when the file sets one).
    func intrinsic(of view: IBView) -> String? {
        if view.placeholderIntrinsicWidth != nil || view.placeholderIntrinsicHeight != nil {
            let side = { (value: Double?) in value.map(formatNumber) ?? "-" }
            return "\(side(view.placeholderIntrinsicWidth))x\(side(view.placeholderIntrinsicHeight))"
        }
        guard Self.contentElements.contains(view.element), let frame = view.frame else { return nil }
        if view.element == "imageView" {
            guard let image = view.image else { return nil }
            if let size = document.imageSizes[image] { return "\(formatNumber(size.width))x\(formatNumber(size.height))" }
        }
        switch view.element {
        case "slider", "progressView": return "-x\(formatNumber(frame.height))"
        default: return "\(formatNumber(frame.width))x\(formatNumber(frame.height))"
        }
    }

    mutating func settings(of view: IBView, name: String) {
        if let value = view.huggingH, value != 250 { add("\(name).hugging.h = \(formatNumber(value))", view.line) }
        if let value = view.huggingV, value != 250 { add("\(name).hugging.v = \(formatNumber(value))", view.line) }
        if let value = view.resistanceH, value != 750 { add("\(name).resistance.h = \(formatNumber(value))", view.line) }
        if let value = view.resistanceV, value != 750 { add("\(name).resistance.v = \(formatNumber(value))", view.line) }
        if let margins = view.layoutMargins {
            let values = [margins.top, margins.left, margins.bottom, margins.right].map(formatNumber).joined(separator: ",")
            add("\(name).\(view.directionalMargins ? "directionalMargins" : "margins") = \(values)", view.line)
        }
        // Where the margins come from matters only to a view whose margins its subviews use:
        // IB writes both on labels of built-in cells too, where they change nothing.
        if !view.subviews.isEmpty {
            if view.preservesSuperviewLayoutMargins && name != LayoutModel.rootName { add("\(name).preservesSuperviewMargins = true", view.line) }
            if !view.insetsLayoutMarginsFromSafeArea { add("\(name).insetsMarginsFromSafeArea = false", view.line) }
        }
        if view.hidden { add("\(name).hidden = true", view.line) }
    }

    /// Whether a stack's first arranged view starts at its margin (`margin`, not 0) along the
    /// axis; past it when the stack preserves its superview's margins, which may be larger.
    static func startsInsideMargins(_ start: Double, margin: Double, preserving: Bool) -> Bool {
        margin != 0 && (start == margin || (preserving && start > margin))
    }

    static func frameText(_ frame: IBRect) -> String {
        [frame.x, frame.y, frame.width, frame.height].map(formatNumber).joined(separator: ",")
    }

    static func maskWords(_ mask: IBAutoresizingMask?) -> String {
        guard let mask else { return "none" }
        let words = [(mask.flexibleLeft, "flexibleLeftMargin"), (mask.flexibleWidth, "flexibleWidth"), (mask.flexibleRight, "flexibleRightMargin"),
                     (mask.flexibleTop, "flexibleTopMargin"), (mask.flexibleHeight, "flexibleHeight"), (mask.flexibleBottom, "flexibleBottomMargin")]
            .filter(\.0).map(\.1)
        return words.isEmpty ? "none" : words.joined(separator: " ")
    }

    // MARK: - Names

    mutating func claimRoot(_ id: String) {
        names[id] = LayoutModel.rootName
        views[LayoutModel.rootName] = root
        if let safe = root.guides["safeArea"] { names[safe] = "root.safeArea" }
        if let margins = root.guides["layoutMarginsGuide"] { names[margins] = "root.margins" }
    }

    /// The session name of a view: its user label, else its outlet, else its text or title
    /// made a name, else its class; numbered when taken.
    mutating func claim(_ view: IBView) -> String {
        let base = Self.baseName(of: view, outlet: view.id.flatMap { document.outlets[$0] })
        var candidate = base
        while taken.contains(candidate) || LayoutModel.looksLikeConstraintID(candidate) || candidate == LayoutModel.rootName {
            let number = usedBases[base, default: 1] + 1
            usedBases[base] = number
            candidate = LayoutModel.looksLikeConstraintID("\(base)\(number)") ? "\(base)_\(number)" : "\(base)\(number)"
        }
        taken.insert(candidate)
        if let id = view.id {
            names[id] = candidate
            if let guide = view.guides["layoutMarginsGuide"] { names[guide] = candidate + ".margins" }
            // A view's safe area (the part of the root's it covers), as UIKit has it; not a
            // scroll view's, which UIKit shifts by the content inset it adjusts (not modelled).
            if let guide = view.guides["safeArea"], view.element != "scrollView" { names[guide] = candidate + ".safeArea" }
            if view.element == "scrollView" {
                for key in ["contentLayoutGuide", "frameLayoutGuide"] {
                    if let guide = view.guides[key] { names[guide] = "\(candidate).\(key)" }
                }
            }
        }
        views[candidate] = view
        viewOrder.append(candidate)
        return candidate
    }

    static func baseName(of view: IBView, outlet: String?) -> String {
        let fallback = LogNames.lowerCamel(LogNames.trimmedClass(view.className.split(separator: ".").last.map(String.init) ?? "view"))
        if let label = view.userLabel {
            let name = LogNames.identifier(from: label, fallback: fallback)
            if !name.isEmpty { return name }
        }
        if let outlet, LayoutModel.isIdentifier(outlet) { return outlet }
        if view.key == "contentView" { return "contentView" }
        // A static table's rows are each one of a kind: what a row says tells them apart
        // better than a reuse identifier they often share.
        if view.staticSection != nil, let name = rowTitleName(of: view) { return name }
        if let reuse = view.reuseIdentifier, view.customClass == nil, let name = cellName(reuseIdentifier: reuse) { return name }
        if let text = view.text, ["label", "button", "textField"].contains(view.element) {
            let words = LogNames.identifier(from: text, fallback: "")
            if !words.isEmpty {
                let suffix = ["label": "Label", "button": "Button", "textField": "Field"][view.element]!
                return String(words.prefix(24)) + suffix
            }
        }
        return fallback.isEmpty || !LayoutModel.isIdentifier(fallback) ? "view" : fallback
    }

    // MARK: - Constraints

    /// The constraints a view's `<constraints>` installs on this screen.
    func installedConstraints(of view: IBView) -> [IBConstraint] {
        var excluded = Set<String>()
        for variation in applicable(view.variations) {
            excluded.formUnion(variation.excludedConstraints)
            excluded.subtract(variation.includedConstraints)
        }
        return view.constraints.filter { !excluded.contains($0.id ?? "") }
    }

    /// Every constraint of a view installed in some size class: those installed here count as
    /// read; the others are made inactive, with `vary` lines that install each where the
    /// file's `<variation>`s do, so `device` and `traits` can bring them in.
    mutating func emitConstraints(of view: IBView) {
        let here = Set(installedConstraints(of: view).map { $0.id ?? "" })
        for constraint in view.constraints {
            // One that names a view this screen does not install is not installed either.
            let installedHere = here.contains(constraint.id ?? "") && !touchesViewNotInstalledHere(constraint)
            let rules = installRules(of: constraint, in: view)
            guard installedHere || rules.base || rules.cases.contains(where: \.installed) else { continue }
            if constraint.placeholder {
                if installedHere {
                    placeholders += 1
                    note("line \(constraint.line): a placeholder constraint (removed at build time): left out")
                }
                continue
            }
            if installedHere { constraintsRead += 1 }
            guard let id = emitConstraint(constraint, quietly: !installedHere) else { continue }
            if !installedHere { otherSizeClasses += 1 }
            // The size classes' values first, then Any/Any's (the one line made with the
            // constant and installation of this screen stays as it is here).
            for (pattern, installed) in rules.cases { add("vary \(id).active = \(installed) for \(pattern.words)", constraint.line) }
            if !rules.base { add("vary \(id).active = false", constraint.line) }
            let constants = constraint.constantVariations.compactMap { entry in IBTraits(key: entry.key).map { (Self.collection($0), entry.constant) } }
            for (pattern, constant) in constants { add("vary \(id).constant = \(formatNumber(constant)) for \(pattern.words)", constraint.line) }
            if !constants.isEmpty { add("vary \(id).constant = \(formatNumber(constraint.constant))", constraint.line) }
        }
    }

    /// Where a constraint is installed: in Any/Any (the `default` variation's mask), and the
    /// size classes whose variation includes or excludes it, least specific first.
    func installRules(of constraint: IBConstraint, in view: IBView) -> InstallRules {
        guard let id = constraint.id else { return InstallRules(base: true, cases: []) }
        return Self.installRules(of: id, installedByDefault: true, in: view.variations, included: \.includedConstraints, excluded: \.excludedConstraints)
    }

    /// The session's spelling of a variation's size classes.
    static func collection(_ traits: IBTraits) -> TraitCollection {
        let sizeClass = { (compact: Bool?) in compact.map { $0 ? SizeClass.compact : .regular } }
        return TraitCollection(width: sizeClass(traits.widthCompact), height: sizeClass(traits.heightCompact))
    }

    /// Whether anything in the scene varies by size class.
    static func varies(_ root: IBView) -> Bool {
        root.flattened().contains { view in
            view.variations.contains { $0.key != "default" || !$0.excludedConstraints.isEmpty || $0.axis != nil || $0.spacing != nil || $0.alignment != nil }
                || view.constraints.contains { !$0.constantVariations.isEmpty }
        }
    }

    /// A constraint's item in session words; nil (with the reason) when it has none here.
    func item(_ id: String, _ attribute: LayoutAttribute) -> (item: String, attribute: LayoutAttribute)? {
        if let top = oldGuides[id] {
            // The old guides: the top one ends where the safe area starts, the bottom one
            // starts where it ends.
            switch (top, attribute) {
            case (true, .bottom): return ("root.safeArea", .top)
            case (true, .top): return (LayoutModel.rootName, .top)
            case (false, .top): return ("root.safeArea", .bottom)
            case (false, .bottom): return (LayoutModel.rootName, .bottom)
            default: return nil
            }
        }
        guard let name = names[id] else { return nil }
        return (name, attribute)
    }

    /// Makes one constraint; returns its id, or nil when it is left out (with a note unless `quietly`: one for
    /// other size classes whose views are not here).
    mutating func emitConstraint(_ constraint: IBConstraint, quietly: Bool = false) -> String? {
        let label = constraint.id.map { "constraint \($0)" } ?? "a constraint"
        guard let first = item(constraint.firstItem, constraint.firstAttribute) else {
            if !quietly { note("line \(constraint.line): \(label) left out: \(missing(constraint.firstItem))") }
            return nil
        }
        var second: (item: String, attribute: LayoutAttribute)?
        if let secondID = constraint.secondItem, let attribute = constraint.secondAttribute {
            guard let found = item(secondID, attribute) else {
                if !quietly { note("line \(constraint.line): \(label) left out: \(missing(secondID))") }
                return nil
            }
            second = found
        }
        // The constant for this screen's size classes (`vary` lines give the others).
        var constant = constraint.constant
        if let traits {
            let matching = constraint.constantVariations.compactMap { entry -> (Double, Int)? in
                guard let key = IBTraits(key: entry.key), key.applies(on: traits) else { return nil }
                return (entry.constant, key.specificity)
            }
            if let chosen = matching.max(by: { $0.1 < $1.1 }) { constant = chosen.0 }
        }
        var spec = ConstraintSpec(firstItem: first.item, firstAttribute: first.attribute, relation: constraint.relation,
                                  secondItem: second?.item, secondAttribute: second?.attribute,
                                  multiplier: second == nil ? 1 : constraint.multiplier, constant: constant,
                                  priority: LayoutPriority(constraint.priority))
        // "Standard" spacing: IB stores the value it stood for when saved (8 between
        // siblings, 20 to the superview's edge); without one, UIKit's system spacing.
        // To the safe area (a guide around the view) the standard space is none: IB stores
        // 20 or 8 there but its frames put the view flush (UIKit too logs `NSSpace(0)` to
        // an enclosing guide, the margins').
        if constraint.symbolic, second != nil {
            if Self.touchesSafeArea(constraint, of: root) {
                spec.constant = 0
            } else if !constraint.hasConstant {
                spec.systemSpacing = 1
                spec.constant = 0
            }
        }
        let named = constraintNamePrefix(for: constraint.identifier, line: constraint.line, taken: &taken)
        if let text = named.note { note(text) }
        let prefix = named.prefix
        guard add(prefix + spec.canonicalText, constraint.line) else { return nil }
        let id = "c\(nextNumber)"
        constraintSources[id] = constraint
        nextNumber += 1
        return id
    }

    /// Whether one of a constraint's items is the root's safe area itself (not the old
    /// top and bottom guides, whose standard space IB does count).
    static func touchesSafeArea(_ constraint: IBConstraint, of root: IBView) -> Bool {
        guard let safe = root.guides["safeArea"] else { return false }
        return constraint.firstItem == safe || constraint.secondItem == safe
    }

    func missing(_ id: String) -> String {
        if excludedViews.contains(id) { return "\(id) is not installed for these size classes" }
        if oldGuides[id] != nil { return "an old layout guide's attribute other than its edges" }
        let keys = root.flattened().flatMap { view in view.guides.filter { $0.value == id }.map(\.key) }
        if let key = keys.first {
            if key == "safeArea" { return "a scroll view's safe-area guide lies where its adjusted content inset puts it, which LayoutLab does not model" }
            return "LayoutLab has no \(key) guide for this view (only the safe area and margins guides, and a scroll view's content and frame guides)"
        }
        return "it refers to \(id), which is not a view of this scene"
    }

    // MARK: - Names back to the file

    mutating func emitOrigins() {
        if let id = root.id { lines.append("origin root \(root.className):\(id)") }
        for name in viewOrder {
            guard let view = views[name], let id = view.id, trial.hasView(name) else { continue }
            lines.append("origin \(name) \(view.className):\(id)\(originRemark(view))")
        }
        for (id, constraint) in constraintSources.sorted(by: { Int($0.key.dropFirst())! < Int($1.key.dropFirst())! }) {
            if let ibID = constraint.id { lines.append("origin \(id) NSLayoutConstraint:\(ibID)") }
        }
    }

    mutating func summary() {
        let made = viewOrder.filter { trial.hasView($0) }.count
        var text = "  \(made) view\(made == 1 ? "" : "s"), \(constraintSources.count - otherSizeClasses) of \(constraintsRead) constraints installed"
        if placeholders > 0 { text += " (\(placeholders) placeholder\(placeholders == 1 ? "" : "s") left out)" }
        if otherSizeClasses > 0 {
            text += "; \(otherSizeClasses) more for other size classes, inactive here (`vary` lists them; `device` and `traits` re-apply them)"
        }
        text += "; `names` shows each name's IB id"
        notes.insert(text, at: 0)
        let sized = root.flattened().dropFirst().filter { intrinsic(of: $0) != nil && !($0.translatesAutoresizingMask ?? true) }.count
        if sized > 0 {
            notes.append("  the intrinsic sizes of \(sized) view\(sized == 1 ? "" : "s") (labels, buttons, images, controls) are the sizes IB stored (the file holds no font or image metrics): `view NAME intrinsic WxH` changes one")
        }
    }

    // MARK: - Lines and notes

    /// Adds a line if the session takes it (tried on the copy), else notes why not.
    @discardableResult
    mutating func add(_ line: String, _ source: Int? = nil) -> Bool {
        switch trial.attempt(line) {
        case .taken:
            lines.append(line)
            return true
        case .refused(let message):
            note("\(source.map { "line \($0): " } ?? "")left out: \(line) — \(message ?? "refused")")
            skipped.append((source, line, "refused: \(message ?? "refused")"))
            return false
        }
    }

    mutating func note(_ text: String) { notes.append(text.hasPrefix("  ") ? text : "  " + text) }
}
