import LayoutVocabulary

/// Items, anchors, constraints and literal values as the code spells them in Swift and in
/// Objective-C.
extension LayoutCodeReader {
    // MARK: - Items and anchors

    static let anchorAttributes: [String: LayoutAttribute] = [
        "leadingAnchor": .leading, "trailingAnchor": .trailing, "leftAnchor": .left, "rightAnchor": .right,
        "topAnchor": .top, "bottomAnchor": .bottom, "widthAnchor": .width, "heightAnchor": .height,
        "centerXAnchor": .centerX, "centerYAnchor": .centerY,
        "firstBaselineAnchor": .firstBaseline, "lastBaselineAnchor": .lastBaseline,
    ]

    /// The item an expression names: `view`/`self.view`/`self` is root, `x.safeAreaLayoutGuide`
    /// and `x.layoutMarginsGuide` are x's guides, `self.x`/`x!` is x.
    func item(_ expression: CodeExpression) -> CodeItem? {
        switch expression {
        case .name(let name):
            if let binding = bindings[name] {
                if case .expression(let bound) = binding { return item(bound) }
                return nil
            }
            if let item = itemVariables[name] { return item }
            // A local the code makes and calls `view` is that view, not the controller's.
            if name == "view", viewIndex[name] != nil { return CodeItem(name) }
            if name == "view" || name == "self" { return CodeItem(Self.rootName) }
            // Inside a view class its own guides need no `self.`; a cell's content view
            // fills the cell, which is root here.
            if viewIndex[name] == nil {
                if name == "safeAreaLayoutGuide" { return CodeItem(Self.rootName, guide: .safeArea) }
                if name == "layoutMarginsGuide" { return CodeItem(Self.rootName, guide: .layoutMargins) }
                if name == "contentView" { return CodeItem(Self.rootName) }
            }
            if name == Self.rootName { return CodeItem("root2") }
            guard name.first.map({ $0.isLetter || $0 == "_" }) == true, !["nil", "true", "false", "YES", "NO", "super", "NULL"].contains(name),
                  constraintVariables[name] == nil, numbers[name] == nil, dictionaries[name] == nil else { return nil }
            return CodeItem(name)
        case .member(let base?, let name):
            switch name {
            case "safeAreaLayoutGuide":
                guard let owner = item(base), owner.guide == nil else { return nil }
                return CodeItem(owner.view, guide: .safeArea)
            case "layoutMarginsGuide":
                guard let owner = item(base), owner.guide == nil else { return nil }
                return CodeItem(owner.view, guide: .layoutMargins)
            case "view":
                return CodeItem(Self.rootName)
            case "superview":
                // Known when the code added the view somewhere before.
                guard let child = item(base), child.guide == nil, let index = viewIndex[child.view],
                      let parent = code.views[index].superview else { return nil }
                return CodeItem(parent)
            default:
                if Self.anchorAttributes[name] != nil || ["readableContentGuide", "superview", "keyboardLayoutGuide", "subviews", "layer"].contains(name) { return nil }
                if case .name(let owner) = base, owner.first?.isUppercase == true { return nil }
                guard base.withoutSelf != base || item(base) != nil else { return nil }
                return item(.name(name))
            }
        default:
            return nil
        }
    }

    /// `x.leadingAnchor` → (x, leading).
    func anchor(_ expression: CodeExpression) -> CodeAnchor? {
        // A view class's own anchors, without `self.`.
        if case .name(let name) = expression, let attribute = Self.anchorAttributes[name] { return CodeAnchor(CodeItem(Self.rootName), attribute) }
        guard case .member(let base?, let name) = expression, let attribute = Self.anchorAttributes[name], let item = item(base) else { return nil }
        return CodeAnchor(item, attribute)
    }

    // MARK: - Constraints

    /// The constraints an expression stands for, made (and recorded) when it makes them:
    /// an anchor constraint, `NSLayoutConstraint(item:…)`, a VFL call, a variable, an array
    /// or a sum of arrays. nil: not constraints.
    mutating func constraintRefs(_ expression: CodeExpression, creating: Bool) -> [Int]? {
        switch expression {
        case .name(let name):
            if case .constraint(let ref)? = bindings[name] { return [ref] }
            return constraintVariables[name]
        case .member(.name("self")?, let name):
            return constraintVariables[name]
        case .array(let elements):
            guard !elements.isEmpty else { return nil }
            var refs: [Int] = []
            for element in elements {
                guard let more = constraintRefs(element, creating: creating) else { return nil }
                refs += more
            }
            return refs
        case .binary(let left, "+", let right):
            guard let a = constraintRefs(left, creating: creating), let b = constraintRefs(right, creating: creating) else { return nil }
            return a + b
        default:
            guard creating, var constraint = makeConstraint(expression) else { return nil }
            constraint.line = currentLine
            made.append(constraint)
            return [made.count - 1]
        }
    }

    static let relationWords: [(String, LayoutRelation)] = [
        ("equalTo", .equal), ("greaterThanOrEqualTo", .greaterThanOrEqual), ("lessThanOrEqualTo", .lessThanOrEqual),
    ]

    func makeConstraint(_ expression: CodeExpression) -> CodeConstraint? {
        let line = 0
        switch expression {
        case .call(.member(let anchorExpression?, "constraint"), let arguments):
            // Swift anchors: `a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)`.
            guard let first = anchor(anchorExpression), let label = arguments.first?.label, let value = arguments.first?.value else { return nil }
            var parts = arguments.dropFirst().map { ($0.label ?? "", $0.value) }
            parts.insert((label, value), at: 0)
            return anchorConstraint(first, parts, line: line)
        case .call(.member(let anchorExpression?, let method), let arguments) where method.hasPrefix("constraint") && method.count > 10 && anchor(anchorExpression) != nil:
            // Swift 2: `a.topAnchor.constraintEqualToAnchor(b.topAnchor, constant: 8)`.
            var selector = String(method.dropFirst("constraint".count))
            selector = selector.prefix(1).lowercased() + selector.dropFirst()
            selector = selector.replacingSuffix("ToAnchor", with: "To").replacingSuffix("AfterAnchor", with: "After").replacingSuffix("BelowAnchor", with: "Below")
            var list = arguments.map { ($0.label ?? "", $0.value) }
            guard !list.isEmpty else { return nil }
            list[0].0 = selector
            return anchorConstraint(anchor(anchorExpression)!, list, line: line)
        case .message(let anchorExpression, let parts) where parts.first?.label?.hasPrefix("constraint") == true && anchor(anchorExpression) != nil:
            // Objective-C anchors: `[a.leadingAnchor constraintEqualToAnchor:b.trailingAnchor constant:8]`.
            var selector = String(parts[0].label!.dropFirst("constraint".count))
            selector = selector.prefix(1).lowercased() + selector.dropFirst()
            selector = selector.replacingSuffix("ToAnchor", with: "To").replacingSuffix("AfterAnchor", with: "After").replacingSuffix("BelowAnchor", with: "Below")
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = selector
            return anchorConstraint(anchor(anchorExpression)!, list, line: line)
        case .call(.name("NSLayoutConstraint"), let arguments), .call(.member(.name("NSLayoutConstraint")?, "init"), let arguments):
            if arguments.first?.label == "item" { return itemConstraint(arguments.map { ($0.label ?? "", $0.value) }, line: line) }
            return nil
        case .message(.name("NSLayoutConstraint"), let parts) where parts.first?.label == "constraintWithItem":
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = "item"
            return itemConstraint(list, line: line)
        case .call(.member(.name("NSLayoutConstraint")?, "constraints"), let arguments) where arguments.first?.label == "withVisualFormat":
            return visualFormat(arguments.map { ($0.label ?? "", $0.value) }, line: line)
        case .call(.member(.name("NSLayoutConstraint")?, "constraintsWithVisualFormat"), let arguments) where !arguments.isEmpty:
            // Swift 2's spelling.
            var list = arguments.map { ($0.label ?? "", $0.value) }
            list[0].0 = "withVisualFormat"
            return visualFormat(list, line: line)
        case .message(.name("NSLayoutConstraint"), let parts) where parts.first?.label == "constraintsWithVisualFormat":
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = "withVisualFormat"
            return visualFormat(list, line: line)
        default:
            return nil
        }
    }

    func anchorConstraint(_ first: CodeAnchor, _ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
        var relation = LayoutRelation.equal
        var second: CodeAnchor?
        var multiplier = 1.0, constant = 0.0, system = 0.0
        var isSystem = false
        for (index, (label, value)) in parts.enumerated() {
            guard let value else { return nil }
            if index == 0 {
                guard let (word, rel) = Self.relationWords.first(where: { label.hasPrefix($0.0) }) else { return nil }
                relation = rel
                let rest = label.dropFirst(word.count)
                switch rest {
                case "":
                    guard let anchor = anchor(value) else { return nil }
                    second = anchor
                case "Constant":
                    guard let number = number(value) else { return nil }
                    constant = number
                case "SystemSpacingAfter", "SystemSpacingBelow":
                    guard let anchor = anchor(value) else { return nil }
                    second = anchor
                    isSystem = true
                    system = 1
                default:
                    return nil
                }
                continue
            }
            guard let number = number(value) else { return nil }
            switch label {
            case "multiplier": if isSystem { system = number } else { multiplier = number }
            case "constant": constant = number
            default: return nil
            }
        }
        return CodeConstraint(form: .anchors(first: first, relation: relation, second: second, multiplier: multiplier,
                                             constant: constant, systemSpacing: system), line: line)
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    func itemConstraint(_ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
        let labels = parts.map(\.0)
        guard labels.count == 7, labels[0] == "item", labels[1] == "attribute", labels[2] == "relatedBy", labels[3] == "toItem",
              labels[4] == "attribute", labels[5] == "multiplier", labels[6] == "constant",
              let firstItem = parts[0].1.flatMap({ item($0) }), let firstAttribute = parts[1].1.flatMap({ attribute($0) }) ?? nil,
              let relation = parts[2].1.flatMap({ relationValue($0) }),
              let multiplier = parts[5].1.flatMap({ number($0) }), let constant = parts[6].1.flatMap({ number($0) }) else { return nil }
        var second: CodeAnchor?
        let toNothing = parts[3].1.map { $0 == .name("nil") || $0 == .name("NULL") } ?? true
        if !toNothing, let secondAttribute = parts[4].1.flatMap({ attribute($0) }) ?? nil {
            guard let secondItem = parts[3].1.flatMap({ item($0) }) else { return nil }
            second = CodeAnchor(secondItem, secondAttribute)
        }
        return CodeConstraint(form: .anchors(first: CodeAnchor(firstItem, firstAttribute), relation: relation, second: second,
                                             multiplier: second == nil ? 1 : multiplier, constant: constant, systemSpacing: 0), line: line)
    }

    /// `constraints(withVisualFormat:options:metrics:views:)` with literal dictionaries (or
    /// variables holding them, or `NSDictionaryOfVariableBindings`).
    func visualFormat(_ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
        guard case .string(let format)? = parts.first?.1 else { return nil }
        var options: [String] = []
        var metrics: [String: Double] = [:]
        var views: [String: CodeItem] = [:]
        for (label, value) in parts.dropFirst() {
            guard let value else { continue }
            switch label {
            case "options", "opts":
                guard let words = optionWords(value) else { return nil }
                options = words
            case "metrics":
                guard let pairs = dictionaryPairs(value) else { return nil }
                for (key, value) in pairs {
                    guard let number = number(value) else { return nil }
                    metrics[key] = number
                }
            case "views":
                guard let pairs = dictionaryPairs(value) else { return nil }
                for (key, value) in pairs {
                    guard let item = item(value), item.guide == nil else { return nil }
                    views[key] = item
                }
            default:
                return nil
            }
        }
        return CodeConstraint(form: .visualFormat(format: format, options: options, metrics: metrics, views: views), line: line)
    }

    func dictionaryPairs(_ expression: CodeExpression) -> [(String, CodeExpression)]? {
        switch expression {
        case .name("nil"), .number(0), .name("NULL"): return []
        case .name(let name): return dictionaries[name].flatMap { dictionaryPairs($0) }
        case .dictionary(let pairs):
            var result: [(String, CodeExpression)] = []
            for (key, value) in pairs {
                guard case .string(let text) = key else { return nil }
                result.append((text, value))
            }
            return result
        case .call(.name("NSDictionaryOfVariableBindings"), let arguments):
            return arguments.compactMap { argument in
                argument.value.map { value in (value.sourceText.replacingPrefix("self.", with: ""), value) }
            }
        default: return nil
        }
    }

    /// VFL options as the session spells them (`alignAllTop`).
    func optionWords(_ expression: CodeExpression) -> [String]? {
        switch expression {
        case .array(let elements):
            var words: [String] = []
            for element in elements {
                guard let more = optionWords(element) else { return nil }
                words += more
            }
            return words
        case .number(0), .name("kNilOptions"), .call(.member(_, "FormatOptions"), []), .call(.name("NSLayoutFormatOptions"), []):
            return []
        case .binary(let left, _, let right):
            guard let a = optionWords(left), let b = optionWords(right) else { return nil }
            return a + b
        case .member(_, let name):
            return [name]
        case .name(let name) where name.hasPrefix("NSLayoutFormat"):
            let word = name.dropFirst("NSLayoutFormat".count)
            return [word.prefix(1).lowercased() + word.dropFirst()]
        default:
            return nil
        }
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + String(dropFirst(prefix.count)) : self
    }
}
