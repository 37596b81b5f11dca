import LayoutVocabulary

/// PureLayout (Swift and Objective-C): `autoPinEdge…`, `autoPinEdgesToSuperview…`,
/// `autoSetDimension(s)`, `autoMatch…`, `autoCenterInSuperview…`, `autoAlignAxis…`, the views
/// arrays' `autoSetViewsDimension(s)`/`autoMatchViewsDimension`/`autoAlignViewsTo…`, and
/// `autoSetPriority`/`autoCreateConstraintsWithoutInstalling` blocks.
enum PureLayoutDialect: LayoutCodeDialect {
    static let marks = ["autoPinEdge", "autoSetDimension", "autoCenterInSuperview", "autoAlignAxis", "autoMatch"]

    static func isLayoutWord(_ name: String) -> Bool { name.hasPrefix("auto") && name.count > 8 && name.dropFirst(4).first?.isUppercase == true }

    /// Methods by the longest first, so an Objective-C selector's first part splits right
    /// (`autoPinEdgeToSuperviewEdge` → `autoPinEdge` + `toSuperviewEdge`).
    static let methods = ["autoPinEdgesToSuperviewEdges", "autoPinEdgesToSuperviewMargins", "autoPinEdgesToSuperviewSafeArea",
                          "autoPinEdge", "autoSetDimensions", "autoSetDimension", "autoMatchDimension", "autoMatch",
                          "autoCenterInSuperviewMargins", "autoCenterInSuperview", "autoAlignAxisToSuperviewMarginAxis", "autoAlignAxis",
                          "autoConstrainAttribute", "autoSetViewsDimensions", "autoSetViewsDimension", "autoMatchViewsDimension",
                          "autoAlignViewsToEdge", "autoAlignViewsToAxis", "autoPinEdges", "autoPin"].sorted { $0.count > $1.count }

    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool {
        // `NSLayoutConstraint.autoSetPriority(.defaultHigh) { … }`.
        var parser = CodeExpressionParser(header)
        guard case .call(.member(_, let method), let arguments) = parser.expression(),
              ["autoSetPriority", "autoCreateAndInstallConstraints", "autoCreateConstraintsWithoutInstalling"].contains(method) else { return false }
        readBlock(method, arguments.first?.value, body, header, &reader)
        return true
    }

    static func readBlock(_ method: String, _ value: CodeExpression?, _ body: [CodeNode], _ tokens: [CodeToken], _ reader: inout LayoutCodeReader) {
        let saved = reader.priorityOverride
        let before = reader.made.count
        if method == "autoSetPriority" {
            guard let value, let priority = reader.priority(value) else {
                reader.skip(tokens, .unknownValue(value?.sourceText ?? method), inLibrary: true)
                return
            }
            reader.priorityOverride = priority
        }
        reader.walk(body, returning: nil)
        reader.priorityOverride = saved
        if method == "autoCreateConstraintsWithoutInstalling" {
            for ref in before..<reader.made.count { reader.setActive(ref, false) }
        }
    }

    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        // Objective-C blocks: `[NSLayoutConstraint autoSetPriority:… forConstraints:^{ … }]`.
        if let index = tokens.firstIndex(where: { ["autoSetPriority", "autoCreateAndInstallConstraints", "autoCreateConstraintsWithoutInstalling"].contains($0.text) }),
           let closure = CodeClosure.find(in: tokens, after: index) {
            var parser = CodeExpressionParser(Array(tokens[(index + 2)...]))
            let value = tokens[index].text == "autoSetPriority" ? parser.expression() : nil
            readBlock(tokens[index].text, value, closure.body, tokens, &reader)
            return .layout
        }
        var parser = CodeExpressionParser(tokens)
        var expression = parser.expression()
        if let token = parser.current, token.is("=") {
            // `let c = v.autoPinEdge(…)`: the constraints are made all the same.
            parser.index += 1
            expression = parser.expression()
        }
        let receiver: CodeExpression
        var pairs: [(String, CodeExpression)] = []
        var method: String
        switch expression {
        case .call(.member(let base, let name), let arguments) where name.hasPrefix("auto"):
            receiver = base ?? .name("self")
            method = name
            pairs = arguments.compactMap { argument in argument.value.map { (argument.label ?? "", $0) } }
        case .message(let base, let parts) where parts.first?.label?.hasPrefix("auto") == true:
            receiver = base
            let selector = parts[0].label!
            guard let known = methods.first(where: { selector.hasPrefix($0) }) else { return .skipped(.unrecognized) }
            method = known
            var rest = String(selector.dropFirst(known.count))
            rest = rest.prefix(1).lowercased() + rest.dropFirst()
            pairs = parts.compactMap { part in part.value.map { (part.label ?? "", $0) } }
            if !pairs.isEmpty { pairs[0].0 = rest }
        default:
            return nil
        }
        if method == "autoMatch" { method = "autoMatchDimension" }
        // Swift's `autoPinEdges(toSuperviewMarginsExcludingEdge: .bottom)` is
        // `autoPinEdgesToSuperviewMargins` with `excludingEdge:`.
        if method == "autoPinEdges", let label = pairs.first?.0, label.hasPrefix("toSuperview"), label.hasSuffix("ExcludingEdge") {
            let target = label.dropLast("ExcludingEdge".count)
            method = "autoPinEdges" + target.prefix(1).uppercased() + target.dropFirst()
            pairs[0].0 = "excludingEdge"
        }
        guard methods.contains(method) else { return .skipped(.unrecognized) }
        if method.hasPrefix("autoSetViews") || method.hasPrefix("autoMatchViews") || method.hasPrefix("autoAlignViews") {
            guard let views = reader.viewList(receiver), views.count > 0 else { return .skipped(.unknownValue(receiver.sourceText)) }
            return reader.pureLayoutViews(method, views: views, pairs)
        }
        guard let owner = reader.item(receiver), owner.guide == nil else {
            return .skipped(.unsupportedItem(receiver.sourceText))
        }
        return reader.pureLayout(method, owner: owner, pairs)
    }
}

extension LayoutCodeReader {
    /// ALEdge, ALDimension, ALAxis and ALAttribute values: `.top`, `ALEdgeTop`, `ALAxisVertical`
    /// (a vertical axis is a centre x).
    func pureLayoutAttribute(_ value: CodeExpression) -> LayoutAttribute? {
        var word: String
        switch value {
        case .member(_, let name): word = name
        case .name(let name):
            guard let prefix = ["ALEdge", "ALDimension", "ALAxis", "ALAttribute", "ALMargin", "ALMarginAxis"].sorted(by: { $0.count > $1.count })
                .first(where: { name.hasPrefix($0) }) else { return nil }
            word = String(name.dropFirst(prefix.count))
            word = word.prefix(1).lowercased() + word.dropFirst()
        default: return nil
        }
        switch word {
        case "vertical": return .centerX
        case "horizontal": return .centerY
        case "baseline": return .lastBaseline
        default: return LayoutAttribute(rawValue: word)
        }
    }

    /// One PureLayout call on a view.
    mutating func pureLayout(_ method: String, owner: CodeItem, _ pairs: [(String, CodeExpression)]) -> Outcome {
        var values: [String: CodeExpression] = [:]
        var first: CodeExpression?
        for (label, value) in pairs {
            if label.isEmpty, first == nil { first = value } else { values[label] = value }
        }
        func value(_ labels: String...) -> CodeExpression? { labels.lazy.compactMap { values[$0] }.first }
        var relation = LayoutRelation.equal
        if let word = value("relation") {
            guard let parsed = relationValue(word) else { return .skipped(.unknownValue(word.sourceText)) }
            relation = parsed
        }
        var constant = 0.0
        if let amount = value("withOffset", "withInset") {
            guard let parsed = number(amount) else { return .skipped(.unknownValue(amount.sourceText)) }
            constant = parsed
        }
        var multiplier = 1.0
        if let amount = value("withMultiplier") {
            guard let parsed = number(amount) else { return .skipped(.unknownValue(amount.sourceText)) }
            multiplier = parsed
        }
        var made: [(LayoutAttribute, LayoutRelation, CodeAnchor?, Double, Double)] = []
        let parent = superviewItem(of: owner)
        func needParent() -> Outcome { .skipped(.unsupportedItem("superview of \(owner) (it is added to none before this line)")) }
        /// An edge pinned inside the superview (or its margins or safe area): bottom, right and
        /// trailing insets turn into negative offsets, their inequalities around.
        func pin(_ edge: LayoutAttribute, to item: CodeItem, _ attribute: LayoutAttribute, inset: Double, _ relation: LayoutRelation) {
            let inverted = [.bottom, .right, .trailing].contains(edge)
            made.append((edge, inverted ? relation.flipped : relation, CodeAnchor(item, attribute), 1, inverted ? -inset : inset))
        }
        let margins: [LayoutAttribute: LayoutAttribute] = [.top: .topMargin, .bottom: .bottomMargin, .left: .leftMargin, .right: .rightMargin,
                                                           .leading: .leadingMargin, .trailing: .trailingMargin]
        switch method {
        case "autoPinEdgesToSuperviewEdges", "autoPinEdgesToSuperviewMargins", "autoPinEdgesToSuperviewSafeArea":
            guard let parent else { return needParent() }
            var insets = EdgeInsets(all: 0)
            if let given = value("with", "withInsets") ?? first {
                guard let parsed = self.insets(given) else { return .skipped(.unknownValue(given.sourceText)) }
                insets = parsed
            }
            let excluded = value("excludingEdge").flatMap { pureLayoutAttribute($0) }
            for (edge, inset) in [(LayoutAttribute.top, insets.top), (.leading, insets.left), (.bottom, insets.bottom), (.trailing, insets.right)] where edge != excluded {
                if method.hasSuffix("Margins") {
                    pin(edge, to: parent, margins[edge]!, inset: inset, .equal)
                } else {
                    pin(edge, to: method.hasSuffix("SafeArea") ? CodeItem(parent.view, guide: .safeArea) : parent, edge, inset: inset, .equal)
                }
            }
        case "autoPinEdge":
            if let edgeValue = value("toSuperviewEdge", "toSuperviewMargin", "toSuperviewSafeArea") {
                guard let parent else { return needParent() }
                guard let edge = pureLayoutAttribute(edgeValue) else { return .skipped(.unknownValue(edgeValue.sourceText)) }
                if values["toSuperviewMargin"] != nil {
                    pin(edge, to: parent, margins[edge] ?? edge, inset: constant, relation)
                } else {
                    pin(edge, to: values["toSuperviewSafeArea"] != nil ? CodeItem(parent.view, guide: .safeArea) : parent, edge, inset: constant, relation)
                }
            } else {
                guard let first, let edge = pureLayoutAttribute(first), let toValue = value("to", "toEdge"), let other = pureLayoutAttribute(toValue),
                      let ofValue = value("of", "ofView") else { return .skipped(.unrecognized) }
                guard let target = item(ofValue) else { return .skipped(.unknownValue(ofValue.sourceText)) }
                made.append((edge, relation, CodeAnchor(target, other), 1, constant))
            }
        case "autoPin":
            // `autoPin(toTopLayoutGuideOf: self, withInset: 20)`: the controller's top layout
            // guide's bottom, the safe area's top since iOS 11 (the bottom guide's top likewise).
            let top = value("toTopLayoutGuideOf", "toTopLayoutGuideOfViewController")
            guard let controller = top ?? value("toBottomLayoutGuideOf", "toBottomLayoutGuideOfViewController") else { return .skipped(.unrecognized) }
            guard item(controller)?.view == Self.rootName else { return .skipped(.unsupportedItem("layout guide of \(controller.sourceText)")) }
            let safeArea = CodeItem(Self.rootName, guide: .safeArea)
            if top != nil { pin(.top, to: safeArea, .top, inset: constant, relation) } else { pin(.bottom, to: safeArea, .bottom, inset: constant, relation) }
        case "autoSetDimension":
            guard let first, let dimension = pureLayoutAttribute(first), let sizeValue = value("toSize"), let size = number(sizeValue) else { return .skipped(.unrecognized) }
            made.append((dimension, relation, nil, 1, size))
        case "autoSetDimensions":
            guard let given = value("to", "toSize") ?? first, let size = sizeValue(given) else { return .skipped(.unrecognized) }
            made.append((.width, .equal, nil, 1, size.width))
            made.append((.height, .equal, nil, 1, size.height))
        case "autoMatchDimension":
            guard let first, let dimension = pureLayoutAttribute(first), let toValue = value("to", "toDimension"), let other = pureLayoutAttribute(toValue),
                  let ofValue = value("of", "ofView"), let target = item(ofValue) else { return .skipped(.unrecognized) }
            made.append((dimension, relation, CodeAnchor(target, other), multiplier, constant))
        case "autoCenterInSuperview", "autoCenterInSuperviewMargins":
            guard let parent else { return needParent() }
            let inMargins = method.hasSuffix("Margins")
            made.append((.centerX, .equal, CodeAnchor(parent, inMargins ? .centerXWithinMargins : .centerX), 1, 0))
            made.append((.centerY, .equal, CodeAnchor(parent, inMargins ? .centerYWithinMargins : .centerY), 1, 0))
        case "autoAlignAxis", "autoAlignAxisToSuperviewMarginAxis":
            if let axisValue = value("toSuperviewAxis", "toSuperviewMarginAxis") ?? (method.hasSuffix("MarginAxis") ? first : nil) {
                guard let parent else { return needParent() }
                guard let axis = pureLayoutAttribute(axisValue) else { return .skipped(.unknownValue(axisValue.sourceText)) }
                let inMargins = method.hasSuffix("MarginAxis") || values["toSuperviewMarginAxis"] != nil
                let target: LayoutAttribute = inMargins ? (axis == .centerX ? .centerXWithinMargins : .centerYWithinMargins) : axis
                made.append((axis, .equal, CodeAnchor(parent, target), 1, 0))
            } else {
                guard let first, let axis = pureLayoutAttribute(first), let ofValue = value("toSameAxisOf", "toSameAxisOfView"),
                      let target = item(ofValue) else { return .skipped(.unrecognized) }
                made.append((axis, .equal, CodeAnchor(target, axis), multiplier, constant))
            }
        case "autoConstrainAttribute":
            guard let first, let attribute = pureLayoutAttribute(first), let toValue = value("to", "toAttribute"), let other = pureLayoutAttribute(toValue),
                  let ofValue = value("of", "ofView"), let target = item(ofValue) else { return .skipped(.unrecognized) }
            made.append((attribute, relation, CodeAnchor(target, other), multiplier, constant))
        default:
            return .skipped(.unrecognized)
        }
        prepareForLayout(owner)
        for (attribute, relation, second, multiplier, constant) in made {
            install(CodeConstraint(form: .anchors(first: CodeAnchor(owner, attribute), relation: relation, second: second,
                                                  multiplier: second == nil ? 1 : multiplier, constant: constant, systemSpacing: 0), line: currentLine),
                    for: owner)
        }
        return .layout
    }

    /// A PureLayout call on an array of views (`[a, b].autoSetViewsDimension(.height, toSize: 44)`).
    mutating func pureLayoutViews(_ method: String, views: [CodeExpression], _ pairs: [(String, CodeExpression)]) -> Outcome {
        var items: [CodeItem] = []
        for view in views {
            guard let item = item(view), item.guide == nil else { return .skipped(.unknownValue(view.sourceText)) }
            items.append(item)
        }
        let first = pairs.first { $0.0.isEmpty }?.1
        let offset = pairs.first { $0.0 == "withOffset" }.flatMap { number($0.1) } ?? 0
        switch method {
        case "autoSetViewsDimension":
            guard let first, let size = pairs.first(where: { $0.0 == "toSize" }).flatMap({ number($0.1) }) else { return .skipped(.unrecognized) }
            for item in items { _ = pureLayout("autoSetDimension", owner: item, [("", first), ("toSize", .number(size))]) }
        case "autoSetViewsDimensions":
            guard let size = pairs.first?.1 else { return .skipped(.unrecognized) }
            for item in items { _ = pureLayout("autoSetDimensions", owner: item, [("to", size)]) }
        case "autoMatchViewsDimension", "autoAlignViewsToEdge", "autoAlignViewsToAxis":
            // Each view after the first follows the first.
            guard let first, let attribute = pureLayoutAttribute(first) else { return .skipped(.unrecognized) }
            for item in items.dropFirst() {
                prepareForLayout(item)
                install(CodeConstraint(form: .anchors(first: CodeAnchor(item, attribute), relation: .equal, second: CodeAnchor(items[0], attribute),
                                                      multiplier: 1, constant: method == "autoMatchViewsDimension" ? 0 : offset, systemSpacing: 0),
                                       line: currentLine), for: item)
            }
            prepareForLayout(items[0])
        default:
            return .skipped(.unrecognized)
        }
        return .layout
    }
}
