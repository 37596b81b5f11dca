import LayoutVocabulary

/// Reads a `.storyboard` or `.xib` file's text into an `IBDocument`: XML with the platform's
/// parser (`IBXMLTreeBuilder`), then IB's elements into plain data.
public enum IBReader {
    /// Whether a text is an Interface Builder document (what `paste` and `import` look for).
    public static func recognizes(_ text: some StringProtocol) -> Bool {
        text.contains("<document type=\"com.apple.InterfaceBuilder") || text.contains("<document type='com.apple.InterfaceBuilder")
    }

    /// - Complexity: O(n) in the size of the text.
    public static func read(_ text: String) throws(IBReadError) -> IBDocument {
        let root = try IBXMLTreeBuilder.parse(text)
        if root.name == "archive", root["type"]?.hasPrefix("com.apple.InterfaceBuilder") == true {
            // Xcode 4 and older kept xibs as an archive of objects; Xcode 5 rewrites them as a
            // <document> when it saves one.
            throw IBReadError(line: root.line, message: "a xib in the format of Xcode 4 and older (<archive>), which LayoutLab does not read: open it in Xcode 5 or later and save it")
        }
        guard root.name == "document", let type = root["type"], type.hasPrefix("com.apple.InterfaceBuilder") else {
            throw IBReadError(line: root.line, message: "not an Interface Builder file: the XML's root is <\(root.name)>, not <document type=\"com.apple.InterfaceBuilder3.…\">")
        }
        var document = IBDocument(kind: type.contains("Storyboard") ? .storyboard : .xib)
        var reader = ElementReader(document: document)
        reader.readDocument(root)
        document = reader.document
        // `com.apple.InterfaceBuilder3.Cocoa.XIB` (and `.Cocoa.Storyboard.XIB`): AppKit's.
        document.isAppKit = type.contains("InterfaceBuilder3.Cocoa.")
        return document
    }

    /// A multiplier as IB writes it: `0.5`, `1:2` (IB's aspect ratios) or `4/3`.
    public static func multiplier(_ text: String) -> Double? {
        for separator in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator), maxSplits: 1)
            guard parts.count == 2, let a = Double(parts[0].trimmingSpacesIB), let b = Double(parts[1].trimmingSpacesIB),
                  a.isFinite, b.isFinite, b != 0 else { return nil }
            return a / b
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

private extension Substring {
    /// Without spaces at either end, and only spaces: Xcode writes `x, y` with one space, and a
    /// tab there is not Interface Builder's output, so it stays and the number is refused.
    var trimmingSpacesIB: Substring { trimming { $0 == " " } }
}

/// The second pass: IB elements into the document.
struct ElementReader {
    var document: IBDocument

    mutating func note(_ element: IBElement, _ message: String) {
        document.notes.append(IBNote(line: element.line, column: element.column, message: message))
    }

    mutating func readDocument(_ root: IBElement) {
        noteRepeatedIDs(root)
        document.toolsVersion = root["toolsVersion"]
        document.initialViewController = root["initialViewController"]
        document.usesSafeAreas = root.flag("useSafeAreas")
        document.usesTraitCollections = root.flag("useTraitCollections")
        if let device = root.child("device"), let id = device["id"] {
            document.device = IBDeviceSetting(id: id, landscape: device["orientation"] == "landscape")
        } else if let metrics = root.child("simulatedMetricsContainer"),
                  let screen = metrics.children.first(where: { $0.name == "simulatedScreenMetrics" })?["type"] {
            // Xcode 8's files name the screen here (`retina4_7.fullscreen`).
            let orientation = metrics.children.first { $0.name == "simulatedOrientationMetrics" }?["orientation"]
            document.device = IBDeviceSetting(id: String(screen.prefix { $0 != "." }), landscape: orientation == "landscapeRight" || orientation == "landscapeLeft")
        }
        if let resources = root.child("resources") {
            // An SF Symbol's record (`catalog="system"`) holds the symbol's drawing at a size of
            // 128, not the points it takes on screen (about 20 at the default configuration):
            // its view is sized as any other content view, by the frame IB stored.
            for image in resources.children where image.name == "image" && image["catalog"] != "system" {
                if let name = image["name"], let width = image.number("width"), let height = image.number("height") {
                    document.imageSizes[name] = (width, height)
                }
            }
        }
        collectOutlets(root)
        switch document.kind {
        case .storyboard:
            for scene in root.child("scenes")?.children ?? [] where scene.name == "scene" {
                let objects = scene.child("objects")?.children ?? []
                let controllerElement = objects.first { $0["sceneMemberID"] == "viewController" }
                    ?? objects.first { $0.name.hasSuffix("Controller") }
                let controller = controllerElement.map { readController($0) }
                var read = IBScene(sceneID: scene["sceneID"] ?? "", title: scene.comment, line: scene.line, controller: controller)
                for object in objects where object["sceneMemberID"] == nil && Self.isView(object) && !object.name.hasSuffix("Controller")
                    && !["placeholder", "exit", "barButtonItem", "navigationItem", "tapGestureRecognizer", "panGestureRecognizer", "customObject"].contains(object.name)
                    && !object.name.hasSuffix("GestureRecognizer") {
                    read.outsideViews.append((object["customClass"] ?? IBView.uikitClass(of: object.name), object.line))
                }
                document.scenes.append(read)
            }
        case .xib:
            for object in root.child("objects")?.children ?? [] {
                if object.name == "placeholder" { continue }
                if object.name.hasSuffix("Controller") {
                    document.topLevel.append(.controller(readController(object)))
                } else if Self.isView(object) {
                    document.topLevel.append(.view(readView(object)))
                }
            }
        }
    }

    /// An id used by two elements: Xcode writes each once, so a repeat is a hand edit or a
    /// merge gone wrong, and what refers to the id may mean either element.
    /// - Complexity: O(n) in the number of elements.
    mutating func noteRepeatedIDs(_ root: IBElement) {
        var first: [String: IBElement] = [:]
        var stack = [root]
        var repeats: [(element: IBElement, first: IBElement, id: String)] = []
        while let next = stack.popLast() {
            if let id = next["id"] {
                if let earlier = first[id] { repeats.append((next, earlier, id)) } else { first[id] = next }
            }
            stack.append(contentsOf: next.children.reversed())
        }
        for (element, earlier, id) in repeats {
            note(element, "id \(id) is used again (the <\(earlier.name)> on line \(earlier.line) has it too): ids are unique in an Interface Builder file, so what refers to it is ambiguous")
        }
    }

    /// Outlets anywhere in the file: destination → property (the first one).
    mutating func collectOutlets(_ element: IBElement) {
        var stack = [element]
        while let next = stack.popLast() {
            if next.name == "outlet", let destination = next["destination"], let property = next["property"], document.outlets[destination] == nil {
                document.outlets[destination] = property
            }
            stack.append(contentsOf: next.children.reversed())
        }
    }

    /// Elements that hold a view's data (everything else inside a view element is one of
    /// these or a property: a color, a font, a state).
    static let nonViewElements: Set<String> = [
        "rect", "autoresizingMask", "color", "fontDescription", "nil", "constraints", "subviews", "connections",
        "viewLayoutGuide", "variation", "edgeInsets", "directionalEdgeInsets", "state", "textInputTraits",
        "userDefinedRuntimeAttributes", "accessibility", "point", "size", "inset", "string", "attributedString",
        "prototypes", "cells", "imageReference", "buttonConfiguration", "backgroundConfiguration", "segments",
        "gestureRecognizers", "layoutGuides", "simulatedMetricsContainer", "freeformSimulatedSizeMetrics",
        "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics", "simulatedTabBarMetrics", "simulatedToolbarMetrics",
        "simulatedOrientationMetrics", "simulatedScreenMetrics", "integer", "real", "bool", "date", "locale",
        "dataDetectorType", "collectionViewFlowLayout", "collectionViewLayout", "tableViewCellContentView",
        "navigationItem", "tabBarItem", "toolbarItems", "items", "barButtonItem", "mutableString", "paragraphStyle",
        "font", "fragment", "attributes", "preferredSymbolConfiguration", "directionalEdgeInsets", "offsetWrapper",
        "scrollViewContentInsets", "wkWebViewConfiguration", "audiovisualMediaTypes", "dataDetectorTypes",
        "webPreferences", "behavior", "textAttributes", "shadow", "titleTextAttributes", "textTitleAttributes",
    ]

    static func isView(_ element: IBElement) -> Bool {
        !nonViewElements.contains(element.name)
    }

    // MARK: - View controllers

    mutating func readController(_ element: IBElement) -> IBViewController {
        var controller = IBViewController(element: element.name, id: element["id"] ?? "", customClass: element["customClass"],
                                          storyboardIdentifier: element["storyboardIdentifier"], title: element["title"], line: element.line)
        if controller.title == nil { controller.title = element.child("navigationItem")?["title"] }
        controller.extendsUnderOpaqueBars = element.flag("extendedLayoutIncludesOpaqueBars")
        if element.name == "viewControllerPlaceholder" {
            // A reference to another storyboard (its initial scene unless one is named).
            controller.reference = IBStoryboardReference(storyboardName: element["storyboardName"], identifier: element["referencedIdentifier"])
        }
        for guide in element.child("layoutGuides")?.children ?? [] where guide.name == "viewControllerLayoutGuide" {
            if let id = guide["id"] { controller.oldGuides[id] = guide["type"] != "bottom" }
        }
        for segue in element.child("connections")?.children ?? [] where segue.name == "segue" && segue["kind"] == "relationship" {
            if let destination = segue["destination"] { controller.children.append(destination) }
        }
        var stack = [element]
        while let next = stack.popLast() {
            if next.name == "segue", ["show", "push"].contains(next["kind"] ?? ""), let destination = next["destination"] {
                controller.pushes.append(destination)
            }
            stack.append(contentsOf: next.children)
        }
        for child in element.children {
            switch child["key"] {
            case "simulatedTopBarMetrics":
                controller.simulatedTopBar = child.name + (child.flag("prompted") ? ":prompted" : "")
                if child["translucent"] == "NO" { controller.opaqueTopBar = true }
            case "simulatedBottomBarMetrics":
                controller.simulatedBottomBar = child.name
                if child["translucent"] == "NO" { controller.opaqueBottomBar = true }
            case "navigationBar" where child["translucent"] == "NO": controller.opaqueTopBar = true
            case "tabBar" where child["translucent"] == "NO": controller.opaqueBottomBar = true
            case "edgesForExtendedLayout":
                controller.extendsUnderTopBar = child.flag("top")
                controller.extendsUnderBottomBar = child.flag("bottom")
            case "simulatedStatusBarMetrics": controller.simulatedStatusBar = child["statusBarStyle"] ?? child.name
            default: break
            }
        }
        if let viewElement = element.children.first(where: { $0["key"] == "view" && Self.isView($0) }) {
            controller.view = readView(viewElement)
        }
        return controller
    }

    // MARK: - Views

    /// What a view shows, for its name: a label's text, a button's title, a field's placeholder.
    /// A button of Xcode 13 and later keeps its title in its configuration (its legacy `<state>`
    /// then often still says "Button"); a label with styled text keeps it in fragments.
    static func shownText(of element: IBElement) -> String? {
        if let text = element["text"] ?? element["title"] ?? element["placeholder"] { return text }
        if let title = element.child("buttonConfiguration", key: "configuration")?["title"] { return title }
        if let title = element.children.first(where: { $0.name == "state" && $0["key"] == "normal" })?["title"] { return title }
        if let text = element.child("string", key: "text")?.children.first?.name { return text }
        let fragments = element.child("attributedString", key: "attributedText")?.children
            .filter { $0.name == "fragment" }.compactMap { $0["content"] } ?? []
        return fragments.isEmpty ? nil : fragments.joined()
    }

    mutating func readView(_ element: IBElement) -> IBView {
        var view = IBView(element: element.name, id: element["id"], key: element["key"], customClass: element["customClass"],
                          userLabel: element["userLabel"], line: element.line, column: element.column)
        view.text = Self.shownText(of: element)
        view.misplaced = element.flag("misplaced")
        view.ambiguous = element.flag("ambiguous")
        view.fixedFrame = element.flag("fixedFrame")
        if let translates = element["translatesAutoresizingMaskIntoConstraints"] { view.translatesAutoresizingMask = translates != "NO" }
        view.hidden = element.flag("hidden")
        view.huggingH = element.number("horizontalHuggingPriority")
        view.huggingV = element.number("verticalHuggingPriority")
        view.resistanceH = element.number("horizontalCompressionResistancePriority")
        view.resistanceV = element.number("verticalCompressionResistancePriority")
        view.image = element["image"] ?? element.child("imageReference")?["image"]
        view.preservesSuperviewLayoutMargins = element.flag("preservesSuperviewLayoutMargins")
        view.insetsLayoutMarginsFromSafeArea = element["insetsLayoutMarginsFromSafeArea"] != "NO"
        view.forcesRightToLeft = element["semanticContentAttribute"] == "forceRightToLeft"
        view.placeholderIntrinsicWidth = element.number("placeholderIntrinsicWidth")
        view.placeholderIntrinsicHeight = element.number("placeholderIntrinsicHeight")
        view.scrollDisabled = element["scrollEnabled"] == "NO"
        view.reuseIdentifier = element["reuseIdentifier"]
        view.installedByDefault = element["installed"] != "NO"
        if element.name == "tableViewCell" { view.styleParts = Self.styleParts(of: element) }
        if element.name == "tableView" { view.tableStyle = element["style"] }
        if let cell = element.children.first(where: { $0["key"] == "cell" && $0.name.hasSuffix("Cell") }) {
            view.appKitCell = IBAppKitCell(element: cell.name, type: cell["type"], bezelStyle: cell["bezelStyle"],
                                           bordered: cell["borderStyle"] != nil || cell.flag("bezeled") || cell.flag("bordered"))
        }
        if element.name == "containerView" {
            view.embeds = element.child("connections")?.children.first { $0.name == "segue" && $0["kind"] == "embed" }?["destination"]
        }
        if element.name == "stackView" {
            var stack = IBStackSettings()
            stack.vertical = element["axis"] == "vertical"
            stack.distribution = element["distribution"]
            stack.alignment = element["alignment"]
            stack.spacing = element.number("spacing")
            stack.systemSpacing = element["spacingType"] == "standard"
            stack.baselineRelative = element.flag("baselineRelativeArrangement")
            stack.marginsRelative = element.flag("layoutMarginsRelativeArrangement")
            view.stack = stack
        }
        for child in element.children {
            switch child.name {
            case "rect" where child["key"] == "frame":
                if let x = child.number("x"), let y = child.number("y"), let w = child.number("width"), let h = child.number("height"),
                   [x, y, w, h].allSatisfy(\.isFinite) {
                    view.frame = IBRect(x: x, y: y, width: w, height: h)
                } else {
                    note(child, "a frame without four numbers: ignored")
                }
            case "frame" where child["key"] == "frameInset":
                view.frameInset = Self.frameInset(child)
            case "autoresizingMask":
                var mask = IBAutoresizingMask()
                mask.flexibleLeft = child.flag("flexibleMinX")
                mask.flexibleWidth = child.flag("widthSizable")
                mask.flexibleRight = child.flag("flexibleMaxX")
                mask.flexibleTop = child.flag("flexibleMinY")
                mask.flexibleHeight = child.flag("heightSizable")
                mask.flexibleBottom = child.flag("flexibleMaxY")
                view.autoresizingMask = mask
            case "edgeInsets" where child["key"] == "layoutMargins":
                view.layoutMargins = IBInsets(top: child.number("top") ?? 0, left: child.number("left") ?? 0,
                                              bottom: child.number("bottom") ?? 0, right: child.number("right") ?? 0)
            case "directionalEdgeInsets" where child["key"] == "directionalLayoutMargins":
                view.layoutMargins = IBInsets(top: child.number("top") ?? 0, left: child.number("leading") ?? 0,
                                              bottom: child.number("bottom") ?? 0, right: child.number("trailing") ?? 0)
                view.directionalMargins = true
            case "viewLayoutGuide":
                if let key = child["key"], let id = child["id"] { view.guides[key] = id }
            case "sections" where element.name == "tableView":
                readStaticSections(child, into: &view)
            case "subviews", "prototypes", "cells":
                for subview in child.children where Self.isView(subview) && (child.name == "subviews" || subview["id"] != nil) {
                    var read = readView(subview)
                    read.isPrototype = child.name != "subviews" && ["tableViewCell", "collectionViewCell"].contains(subview.name)
                    view.subviews.append(read)
                }
            case "constraints":
                for constraint in child.children where constraint.name == "constraint" {
                    if let read = readConstraint(constraint, owner: view.id ?? "") { view.constraints.append(read) }
                }
            case "variation":
                view.variations.append(readVariation(child))
            default:
                if child["key"] == "contentView", Self.isView(child) || child.name == "tableViewCellContentView" {
                    view.subviews.insert(readView(child), at: 0)
                } else if let key = child["key"], ["tableHeaderView", "tableFooterView", "backgroundView", "selectedBackgroundView", "inputAccessoryView"].contains(key) {
                    note(child, "\(element.name)'s \(key) is left out: UIKit places it outside Auto Layout")
                }
            }
        }
        if let frame = view.frame { view.subviews = view.subviews.map { Self.resolvingFrameInsets($0, in: frame) } }
        return view
    }

    mutating func readVariation(_ element: IBElement) -> IBVariation {
        var variation = IBVariation(key: element["key"] ?? "default", line: element.line)
        variation.axis = element["axis"]
        variation.spacing = element.number("spacing")
        variation.alignment = element["alignment"]
        for mask in element.children where mask.name == "mask" {
            for entry in mask.children {
                guard let reference = entry["reference"] else { continue }
                switch (mask["key"], entry.name) {
                case ("constraints", "exclude"): variation.excludedConstraints.append(reference)
                case ("constraints", "include"): variation.includedConstraints.append(reference)
                case ("subviews", "exclude"): variation.excludedSubviews.append(reference)
                case ("subviews", "include"): variation.includedSubviews.append(reference)
                default: break
                }
            }
        }
        return variation
    }

    // MARK: - Constraints

    mutating func readConstraint(_ element: IBElement, owner: String) -> IBConstraint? {
        let describe = element["id"].map { "constraint \($0)" } ?? "a constraint"
        guard let firstText = element["firstAttribute"], let first = Self.attribute(firstText) else {
            note(element, "\(describe) has \(element["firstAttribute"].map { "an attribute LayoutLab does not know (\($0))" } ?? "no firstAttribute"): skipped")
            return nil
        }
        var second: LayoutAttribute?
        if let text = element["secondAttribute"] {
            guard let attribute = Self.attribute(text) else {
                note(element, "\(describe) has an attribute LayoutLab does not know (\(text)): skipped")
                return nil
            }
            second = attribute
        }
        let relation: LayoutRelation
        switch element["relation"] {
        case nil, "equal": relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let other?:
            note(element, "\(describe) has a relation LayoutLab does not know (\(other)): skipped")
            return nil
        }
        var multiplier = 1.0
        if let text = element["multiplier"] {
            guard let value = IBReader.multiplier(text) else {
                note(element, "\(describe) has a multiplier LayoutLab cannot read (\(text)): skipped")
                return nil
            }
            multiplier = value
        }
        guard let constant = element["constant"].map({ Double($0) }) ?? 0, constant.isFinite,
              let priority = element["priority"].map({ Double($0) }) ?? 1000 else {
            note(element, "\(describe) has a constant or priority that is not a number: skipped")
            return nil
        }
        var secondItem = element["secondItem"]
        // A constraint with a second attribute but no second item relates the owner to itself
        // when the first item is given (IB leaves out whichever item is the owner).
        if secondItem == nil, second != nil, element["firstItem"] != nil { secondItem = owner }
        var constraint = IBConstraint(id: element["id"], firstItem: element["firstItem"] ?? owner, firstAttribute: first, relation: relation,
                                      secondItem: secondItem, secondAttribute: second, multiplier: multiplier,
                                      constant: constant, priority: priority, identifier: element["identifier"],
                                      owner: owner, line: element.line, column: element.column)
        constraint.symbolic = element.flag("symbolic")
        constraint.hasConstant = element["constant"] != nil
        constraint.placeholder = element.flag("placeholder")
        for variation in element.children where variation.name == "variation" {
            if let key = variation["key"], let value = variation.number("constant") {
                constraint.constantVariations.append((key, value))
            }
        }
        return constraint
    }

    static func attribute(_ text: String) -> LayoutAttribute? {
        LayoutAttribute(rawValue: text)
    }
}
