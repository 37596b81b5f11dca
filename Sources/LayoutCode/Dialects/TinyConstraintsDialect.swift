import LayoutVocabulary

/// TinyConstraints (Swift): `edgesToSuperview(excluding:insets:usingSafeArea:)`, `edges(to:)`,
/// `center(in:)`, `centerInSuperview()`, `size(_:)`, `size(to:)`, `width`/`height` (a constant,
/// `to:` another view, `min:`/`max:`), `aspectRatio`, `leading/trailing/left/right/top/bottom/
/// centerX/centerY(to:_:offset:)`, `topToBottom(of:)` and the like, `…ToSuperview(…usingSafeArea:)`,
/// each with `relation:`, `priority:` and `isActive:`; `setHugging`/`setCompressionResistance`.
enum TinyConstraintsDialect: LayoutCodeDialect {
    static let marks = ["edgesToSuperview", "centerInSuperview", "ToSuperview(", "topToBottom(of:"]

    static func isLayoutWord(_ name: String) -> Bool {
        isSuperviewMethod(name) || ["edges", "topToBottom", "bottomToTop", "leadingToTrailing", "trailingToLeading",
                                          "leftToRight", "rightToLeft", "aspectRatio", "widthToHeight", "heightToWidth"].contains(name)
    }

    static let edgeAttributes: [String: LayoutAttribute] = [
        "leading": .leading, "trailing": .trailing, "left": .left, "right": .right, "top": .top, "bottom": .bottom,
        "centerX": .centerX, "centerY": .centerY, "width": .width, "height": .height,
    ]
    /// `topToBottom(of:)` and the like: (first, second).
    static let pairs: [String: (LayoutAttribute, LayoutAttribute)] = [
        "topToBottom": (.top, .bottom), "bottomToTop": (.bottom, .top), "leadingToTrailing": (.leading, .trailing),
        "trailingToLeading": (.trailing, .leading), "leftToRight": (.left, .right), "rightToLeft": (.right, .left),
        "widthToHeight": (.width, .height), "heightToWidth": (.height, .width),
    ]

    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool { false }

    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        var parser = CodeExpressionParser(tokens)
        var expression = parser.expression()
        var variable: String?
        if let token = parser.current, token.is("=") {
            parser.index += 1
            variable = expression.withoutSelf.sourceText
            expression = parser.expression()
        } else if case .name(let word) = expression, word == "let" || word == "var" {
            return nil
        }
        guard case .call(.member(let base, let method), let arguments) = expression, isMethod(method, arguments) else { return nil }
        guard let owner = reader.item(base ?? .name("self")), owner.guide == nil else { return .skipped(.unsupportedItem((base ?? .name("self")).sourceText)) }
        let before = reader.made.count
        let outcome = reader.tiny(method, owner: owner, arguments)
        if outcome == .layout, let variable, reader.made.count > before {
            reader.constraintVariables[variable] = Array(before..<reader.made.count)
        }
        return outcome
    }

    /// `leadingToSuperview`, `centerInSuperview`; not UIKit's `didMoveToSuperview` and
    /// `willMoveToSuperview`, which a view class overrides.
    static func isSuperviewMethod(_ name: String) -> Bool {
        (name.hasSuffix("ToSuperview") || name.hasSuffix("InSuperview")) && !name.hasPrefix("did") && !name.hasPrefix("will")
    }

    /// Whether a call is TinyConstraints' (`width(100)` is; `view.width` alone is not a call).
    static func isMethod(_ method: String, _ arguments: [CodeArgument]) -> Bool {
        if isSuperviewMethod(method) || pairs[method] != nil { return true }
        if ["edges", "center", "size", "origin", "aspectRatio", "setHugging", "setCompressionResistance"].contains(method) {
            return method != "size" || !arguments.isEmpty
        }
        guard edgeAttributes[method] != nil, let first = arguments.first else { return false }
        return first.label == "to" || first.label == "min" || first.label == "max" || (first.label == nil && (method == "width" || method == "height"))
    }
}

extension LayoutCodeReader {
    /// One TinyConstraints call on `owner`.
    mutating func tiny(_ method: String, owner: CodeItem, _ arguments: [CodeArgument]) -> Outcome {
        var values: [String: CodeExpression] = [:]
        var unlabeled: [CodeExpression] = []
        for argument in arguments {
            guard let value = argument.value else { continue }
            if let label = argument.label { values[label] = value } else { unlabeled.append(value) }
        }
        func amount(_ label: String) -> Double? { values[label].flatMap { number($0) } }
        var relation = LayoutRelation.equal
        if let word = values["relation"] {
            switch word {
            case .member(_, "equalOrGreater"): relation = .greaterThanOrEqual
            case .member(_, "equalOrLess"): relation = .lessThanOrEqual
            case .member(_, "equal"): break
            default: return .skipped(.unknownValue(word.sourceText))
            }
        }
        var priority = LayoutPriority.required
        if let word = values["priority"] {
            guard let parsed = makerPriority(word) else { return .skipped(.unknownValue(word.sourceText)) }
            priority = parsed
        }
        let active = values["isActive"].flatMap { bool($0) } ?? true
        let offset = amount("offset") ?? 0
        let multiplier = amount("multiplier") ?? 1
        var insets = EdgeInsets(all: 0)
        if let given = values["insets"] {
            guard let parsed = tinyInsets(given) else { return .skipped(.unknownValue(given.sourceText)) }
            insets = parsed
        }
        let safeArea = values["usingSafeArea"].flatMap { bool($0) } ?? false
        var superview: CodeItem?
        if method.hasSuffix("ToSuperview") || method.hasSuffix("InSuperview") {
            guard let parent = superviewItem(of: owner) else { return .skipped(.unsupportedItem("superview of \(owner) (it is added to none before this line)")) }
            superview = safeArea ? CodeItem(parent.view, guide: .safeArea) : parent
        }
        var target: CodeItem?
        if let other = values["to"] ?? values["of"] ?? values["in"] {
            guard let item = item(other) else { return .skipped(.unknownValue(other.sourceText)) }
            target = item
        }
        // A second anchor given as the unlabeled argument after `to:` (`top(to: v, v.bottomAnchor)`)
        // or first for the superview forms (`topToSuperview(view.safeAreaLayoutGuide.topAnchor)`).
        let anchorArgument = unlabeled.compactMap { anchor($0) }.first
        var made: [(LayoutAttribute, LayoutRelation, CodeAnchor?, Double, Double)] = []
        let edgeName = method.replacingSuffix("ToSuperview", with: "").replacingSuffix("InSuperview", with: "")
        switch edgeName {
        case "edges":
            guard let other = superview ?? target else { return .skipped(.unrecognized) }
            var excluded: Set<String> = []
            if let word = values["excluding"] { excluded = Set(tinyEdges(word)) }
            // Left and right, as the library pins them from left to right.
            if !excluded.contains("top") { made.append((.top, relation, CodeAnchor(other, .top), 1, insets.top)) }
            if !excluded.contains("left") && !excluded.contains("leading") { made.append((.left, relation, CodeAnchor(other, .left), 1, insets.left)) }
            if !excluded.contains("right") && !excluded.contains("trailing") { made.append((.right, relation, CodeAnchor(other, .right), 1, -insets.right)) }
            if !excluded.contains("bottom") { made.append((.bottom, relation, CodeAnchor(other, .bottom), 1, -insets.bottom)) }
        case "horizontal", "vertical":
            guard let other = superview else { return .skipped(.unrecognized) }
            let sides: [(LayoutAttribute, Double)] = edgeName == "horizontal" ? [(.left, insets.left), (.right, -insets.right)] : [(.top, insets.top), (.bottom, -insets.bottom)]
            for (side, constant) in sides { made.append((side, relation, CodeAnchor(other, side), 1, constant)) }
        case "center", "centerIn":
            guard let other = superview ?? target else { return .skipped(.unrecognized) }
            var point = (0.0, 0.0)
            if let given = values["offset"] {
                guard case .call(_, let xy) = given, xy.count == 2, let x = xy[0].value.flatMap({ number($0) }),
                      let y = xy[1].value.flatMap({ number($0) }) else { return .skipped(.unknownValue(given.sourceText)) }
                point = (x, y)
            }
            made.append((.centerX, .equal, CodeAnchor(other, .centerX), 1, point.0))
            made.append((.centerY, .equal, CodeAnchor(other, .centerY), 1, point.1))
        case "origin":
            guard let other = superview ?? target else { return .skipped(.unrecognized) }
            made.append((.left, relation, CodeAnchor(other, .left), 1, insets.left))
            made.append((.top, relation, CodeAnchor(other, .top), 1, insets.top))
        case "size":
            if let other = target {
                var grow = (0.0, 0.0)
                if let given = values["insets"], case .call(_, let wh) = given, wh.count == 2 {
                    grow = (wh[0].value.flatMap { number($0) } ?? 0, wh[1].value.flatMap { number($0) } ?? 0)
                }
                made.append((.width, relation, CodeAnchor(other, .width), multiplier, grow.0))
                made.append((.height, relation, CodeAnchor(other, .height), multiplier, grow.1))
            } else {
                guard let given = unlabeled.first, let size = sizeValue(given) else { return .skipped(.unknownValue(unlabeled.first?.sourceText ?? method)) }
                made.append((.width, relation, nil, 1, size.width))
                made.append((.height, relation, nil, 1, size.height))
            }
        case "aspectRatio":
            guard let ratio = unlabeled.first.flatMap({ number($0) }) else { return .skipped(.unknownValue(unlabeled.first?.sourceText ?? method)) }
            made.append((.width, relation, CodeAnchor(owner, .height), ratio, 0))
        case "setHugging", "setCompressionResistance":
            guard let given = unlabeled.first, let value = makerPriority(given), let axisWord = values["for"], let axis = axis(axisWord) else { return .skipped(.unrecognized) }
            code.contentPriorities.append(CodeContentPriority(view: owner.view, kind: method == "setHugging" ? .hugging : .compressionResistance,
                                                              axis: axis, priority: value, line: currentLine))
            return .layout
        default:
            if let (from, to) = TinyConstraintsDialect.pairs[method] {
                guard let other = target else { return .skipped(.unrecognized) }
                made.append((from, relation, CodeAnchor(other, to), multiplier, offset))
            } else if let attribute = TinyConstraintsDialect.edgeAttributes[edgeName] {
                if let other = superview ?? target {
                    // `trailingToSuperview(offset: 16)` means 16 inside: the library turns it around.
                    let constant = method == "trailingToSuperview" ? -offset : offset
                    made.append((attribute, relation, anchorArgument ?? CodeAnchor(other, attribute), multiplier, constant))
                } else if values["min"] != nil || values["max"] != nil {
                    if let low = amount("min") { made.append((attribute, .greaterThanOrEqual, nil, 1, low)) }
                    if let high = amount("max") { made.append((attribute, .lessThanOrEqual, nil, 1, high)) }
                } else {
                    guard let size = unlabeled.first.flatMap({ number($0) }) else { return .skipped(.unknownValue(unlabeled.first?.sourceText ?? method)) }
                    made.append((attribute, relation, nil, 1, size))
                }
            } else {
                return .skipped(.unrecognized)
            }
        }
        prepareForLayout(owner)
        for (attribute, relation, second, multiplier, constant) in made {
            var constraint = CodeConstraint(form: .anchors(first: CodeAnchor(owner, attribute), relation: relation, second: second,
                                                           multiplier: second == nil ? 1 : multiplier, constant: constant, systemSpacing: 0), line: currentLine)
            constraint.priority = priority
            install(constraint, for: owner, active: active)
        }
        return .layout
    }

    /// `TinyEdgeInsets`: `.uniform(16)`, `.top(8) + .left(8)`, `.horizontal(20)`, or UIKit's insets.
    func tinyInsets(_ value: CodeExpression) -> EdgeInsets? {
        switch value {
        case .binary(let left, "+", let right):
            guard let a = tinyInsets(left), let b = tinyInsets(right) else { return nil }
            return EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
        case .call(.member(_, let side), let arguments) where arguments.count == 1:
            guard let amount = arguments[0].value.flatMap({ number($0) }) else { return nil }
            switch side {
            case "uniform": return EdgeInsets(all: amount)
            case "top": return EdgeInsets(top: amount, left: 0, bottom: 0, right: 0)
            case "left": return EdgeInsets(top: 0, left: amount, bottom: 0, right: 0)
            case "bottom": return EdgeInsets(top: 0, left: 0, bottom: amount, right: 0)
            case "right": return EdgeInsets(top: 0, left: 0, bottom: 0, right: amount)
            case "horizontal": return EdgeInsets(top: 0, left: amount, bottom: 0, right: amount)
            case "vertical": return EdgeInsets(top: amount, left: 0, bottom: amount, right: 0)
            default: return insets(value)
            }
        default:
            return insets(value)
        }
    }

    /// `LayoutEdge` words: `.bottom`, `[.leading, .bottom]`, `.none`.
    func tinyEdges(_ value: CodeExpression) -> [String] {
        switch value {
        case .member(_, let name): return [name]
        case .array(let elements): return elements.flatMap { tinyEdges($0) }
        case .binary(let left, _, let right): return tinyEdges(left) + tinyEdges(right)
        default: return []
        }
    }
}
