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
    private(set) var names: [String: String] = [:]
    /// Session name → the view element it came from.
    private(set) var views: [String: IBView] = [:]
    /// Session names in the order they were made.
    private(set) var viewOrder: [String] = []
    /// Session constraint id → the IB constraint it came from.
    private(set) var constraintSources: [String: IBConstraint] = [:]
    /// Whether the root's size is the one IB stored (so stored frames can be compared).
    private(set) var storedSizeKept = true
    /// The screen's size classes (nil: Any/Any, the Xcode 6–7 canvas).
    private(set) var traits: IBTraits?
    /// Counts for the summary.
    private(set) var constraintsRead = 0
    private(set) var placeholders = 0

    private var taken: Set<String>
    private var usedBases: [String: Int] = [:]
    private var oldGuides: [String: Bool] = [:]
    private var unknownClasses: Set<String> = []
    private var excludedViews: Set<String> = []
    /// The copy of the session each line is tried on first.
    private let trial: any ImportTrial
    /// The number the next constraint will get (`c\(n)`): each taken constraint line makes one.
    private var nextNumber: Int

    init(document: IBDocument, root: IBView, controller: IBViewController?, context: any ImportContext, device: InterfaceBuilderImporter.DeviceChoice?) {
        self.document = document
        self.root = root
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
        for note in document.notes { self.note("line \(note.line): \(note.message)") }
        screen()
        if let id = root.id { claimRoot(id) }
        for subview in installedSubviews(of: root) { emitView(subview, in: LayoutModel.rootName, arranged: false) }
        for view in root.flattened() where !excludedViews.contains(view.id ?? "") {
            emitConstraints(of: view)
        }
        emitOrigins()
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
            storedSizeKept = size.width == width && size.height == height
            (width, height) = size
            whole = true
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
        if let device, isController, whole {
            add("device \(device.name)\(landscape ? " landscape" : "")")
        } else {
            add("root \(formatNumber(width))x\(formatNumber(height))")
            if let device { add("scale \(formatNumber(device.scale))") }
        }
        if let device {
            let regularWidth = landscape ? device.regularWidthInLandscape : device.regularWidthInPortrait
            let isPad = device.name.hasPrefix("iPad")
            traits = IBTraits(widthCompact: !regularWidth, heightCompact: !isPad && landscape)
        } else if document.device == nil, document.usesTraitCollections {
            note("no <device> (an Xcode 6–7 file): the Any/Any canvas, \(formatNumber(width))x\(formatNumber(height)); only constraints installed for Any/Any are read")
        }
        // Bars the controller sits under, as IB infers them (simulated metrics or containers).
        var insets = device?.safeArea(landscape: landscape) ?? EdgeInsets(all: 0)
        if device == nil, isController { insets.top = 20 }
        var barHeights: (top: Double, bottom: Double) = (0, 0)
        if let controller {
            let bars = Self.bars(of: controller, in: document)
            if bars.navigation {
                barHeights.top = device.map { landscape && !$0.name.hasPrefix("iPad") ? 32 : 44 } ?? 44
                insets.top += barHeights.top
            }
            if bars.tab {
                barHeights.bottom = 49
                insets.bottom += 49
            }
            if bars.navigation || bars.tab {
                note("the safe area holds the \([bars.navigation ? "navigation bar" : nil, bars.tab ? "tab bar" : nil].compactMap { $0 }.joined(separator: " and ")) IB shows above the scene")
            }
        }
        if !isController, device == nil {
            insets = EdgeInsets(all: 0)
        }
        // A root stored below the top of the screen starts under opaque bars (a navigation
        // bar with `translucent="NO"`): they cover none of it.
        if isController, stored.y > 0 {
            insets.top = max(0, insets.top - stored.y)
            barHeights.top -= stored.y
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
        let viaDevice = device != nil && isController && whole
        if insets != (viaDevice ? device!.safeArea(landscape: landscape) : EdgeInsets(all: 0)) {
            let values = [insets.top, insets.left, insets.bottom, insets.right].map(formatNumber).joined(separator: ",")
            add("safearea \(values)")
        }
        if isController, !viaDevice {
            // The device's screen decides (the Any/Any canvas, with none, has 16).
            let side = formatNumber(device?.systemMinimumMargins(landscape: landscape).left ?? 16)
            add("root.margins = 0,\(side),0,\(side)")
        }
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
                && constraint.priority >= 1000 && constraint.multiplier == 1 && !constraint.symbolic {
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
                    let position = value + sign * constraint.constant
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

    /// Whether IB shows a navigation bar or a tab bar over a controller's view.
    static func bars(of controller: IBViewController, in document: IBDocument) -> (navigation: Bool, tab: Bool) {
        var navigation = controller.simulatedTopBar.map { $0.contains("NavigationBar") } ?? false
        var tab = controller.simulatedBottomBar.map { $0.contains("TabBar") } ?? false
        if controller.simulatedTopBar == nil || controller.simulatedBottomBar == nil {
            let controllers = Dictionary(document.scenes.compactMap { $0.controller }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            // What a container shows: its children, and what they push, transitively.
            func reached(from start: IBViewController) -> Set<String> {
                var seen = Set<String>()
                var queue = start.children
                while let id = queue.popLast() {
                    guard seen.insert(id).inserted, let next = controllers[id] else { continue }
                    queue += next.pushes + (next.element == "navigationController" ? next.children : [])
                }
                return seen
            }
            for container in controllers.values {
                if container.element == "navigationController", controller.simulatedTopBar == nil, reached(from: container).contains(controller.id) {
                    navigation = true
                }
                if container.element == "tabBarController", controller.simulatedBottomBar == nil, reached(from: container).contains(controller.id) {
                    tab = true
                }
            }
        }
        return (navigation, tab)
    }

    // MARK: - Views

    /// A view's subviews installed for the screen's size classes.
    mutating func installedSubviews(of view: IBView) -> [IBView] {
        var excluded = Set<String>()
        for variation in applicable(view.variations) {
            excluded.formUnion(variation.excludedSubviews)
            excluded.subtract(variation.includedSubviews)
        }
        for subview in view.subviews where excluded.contains(subview.id ?? "") {
            for inner in subview.flattened() { if let id = inner.id { excludedViews.insert(id) } }
            note("line \(subview.line): \(subview.className) is not installed for \(traits?.description ?? "Any/Any"): left out")
        }
        return view.subviews.filter { !excluded.contains($0.id ?? "") }
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
        let name = claim(view)
        let place = parent == LayoutModel.rootName ? "" : " in \(parent)"
        if !Self.contentElements.contains(view.element), !Self.plainElements.contains(view.element), unknownClasses.insert(view.element).inserted {
            let later = ["tableView", "collectionView", "textView", "tableViewCell", "collectionViewCell"].contains(view.element)
            note("\(view.element) (\(view.className)) is read as a plain view\(later ? " (its cells, scrolling and text sizes are not laid out here)" : ""): first on line \(view.line)")
        }
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
            add("view \(name)\(place)\(intrinsic(of: view).map { " intrinsic \($0)" } ?? "")", view.line)
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
            add("view \(child)\(place)\(intrinsic(of: subview).map { " intrinsic \($0)" } ?? "")", subview.line)
            settings(of: subview, name: child)
        }
        add("stack \(name)\(place) \(stack.vertical ? "v" : "h") \(arrangedNames.filter { !$0.isEmpty }.joined(separator: " "))", view.line)
        if let spacing = stack.spacing, spacing != 0 { add("\(name).spacing = \(formatNumber(spacing))", view.line) }
        if let distribution = stack.distribution, distribution != "fill" { add("\(name).distribution = \(distribution)", view.line) }
        if let alignment = stack.alignment, alignment != "fill" {
            add("\(name).alignment = \(alignment == "top" && stack.vertical ? "leading" : alignment == "bottom" && stack.vertical ? "trailing" : alignment)", view.line)
        }
        if stack.baselineRelative { add("\(name).baselineRelative = true", view.line) }
        if stack.marginsRelative { add("\(name).marginsRelative = true", view.line) }
        settings(of: view, name: name)
        for subview in arranged where subview.stack == nil {
            let child = names[subview.id ?? ""] ?? ""
            for inner in installedSubviews(of: subview) { emitView(inner, in: child, arranged: false) }
        }
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
        if view.hidden { add("\(name).hidden = true", view.line) }
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

    mutating func emitConstraints(of view: IBView) {
        for constraint in installedConstraints(of: view) {
            if constraint.placeholder {
                placeholders += 1
                note("line \(constraint.line): a placeholder constraint (removed at build time): left out")
                continue
            }
            constraintsRead += 1
            emitConstraint(constraint)
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

    mutating func emitConstraint(_ constraint: IBConstraint) {
        let label = constraint.id.map { "constraint \($0)" } ?? "a constraint"
        guard let first = item(constraint.firstItem, constraint.firstAttribute) else {
            return note("line \(constraint.line): \(label) left out: \(missing(constraint.firstItem))")
        }
        var second: (item: String, attribute: LayoutAttribute)?
        if let secondID = constraint.secondItem, let attribute = constraint.secondAttribute {
            guard let found = item(secondID, attribute) else {
                return note("line \(constraint.line): \(label) left out: \(missing(secondID))")
            }
            second = found
        }
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
        if constraint.symbolic, second != nil, !constraint.hasConstant {
            spec.systemSpacing = 1
            spec.constant = 0
        }
        let named = constraintNamePrefix(for: constraint.identifier, line: constraint.line, taken: &taken)
        if let text = named.note { note(text) }
        let prefix = named.prefix
        if add(prefix + spec.canonicalText, constraint.line) {
            constraintSources["c\(nextNumber)"] = constraint
            nextNumber += 1
        }
    }

    func missing(_ id: String) -> String {
        if excludedViews.contains(id) { return "\(id) is not installed for these size classes" }
        if oldGuides[id] != nil { return "an old layout guide's attribute other than its edges" }
        let keys = root.flattened().flatMap { view in view.guides.filter { $0.value == id }.map(\.key) }
        if let key = keys.first { return "LayoutLab has no \(key) guide for this view (only the root's safe area and margins guides, and a scroll view's content and frame guides)" }
        return "it refers to \(id), which is not a view of this scene"
    }

    // MARK: - Names back to the file

    mutating func emitOrigins() {
        if let id = root.id { lines.append("origin root \(root.className):\(id)") }
        for name in viewOrder {
            guard let view = views[name], let id = view.id, trial.hasView(name) else { continue }
            lines.append("origin \(name) \(view.className):\(id)")
        }
        for (id, constraint) in constraintSources.sorted(by: { Int($0.key.dropFirst())! < Int($1.key.dropFirst())! }) {
            if let ibID = constraint.id { lines.append("origin \(id) NSLayoutConstraint:\(ibID)") }
        }
    }

    mutating func summary() {
        let made = viewOrder.filter { trial.hasView($0) }.count
        var text = "  \(made) view\(made == 1 ? "" : "s"), \(constraintSources.count) of \(constraintsRead) constraints installed"
        if placeholders > 0 { text += " (\(placeholders) placeholder\(placeholders == 1 ? "" : "s") left out)" }
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
