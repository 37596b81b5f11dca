import LayoutVocabulary

/// Layout anchors: `a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)` in
/// Swift, `[a.leadingAnchor constraintEqualToAnchor:b.trailingAnchor constant:8]` in
/// Objective-C, system spacing (`constraint(equalToSystemSpacingAfter:multiplier:)`) included.
enum AnchorDialect: LayoutCodeDialect {
    static let marks = ["Anchor.constraint", "Anchor constraint"]
    static var nonItemMembers: Set<String> { Set(attributes.keys) }

    static let attributes: [String: LayoutAttribute] = [
        "leadingAnchor": .leading, "trailingAnchor": .trailing, "leftAnchor": .left, "rightAnchor": .right,
        "topAnchor": .top, "bottomAnchor": .bottom, "widthAnchor": .width, "heightAnchor": .height,
        "centerXAnchor": .centerX, "centerYAnchor": .centerY,
        "firstBaselineAnchor": .firstBaseline, "lastBaselineAnchor": .lastBaseline,
    ]

    static let relationWords: [(String, LayoutRelation)] = [
        ("equalTo", .equal), ("greaterThanOrEqualTo", .greaterThanOrEqual), ("lessThanOrEqualTo", .lessThanOrEqual),
    ]

    /// An Objective-C (or Swift 2) selector as Swift's first label:
    /// `constraintEqualToAnchor` → `equalTo`, `constraintGreaterThanOrEqualToSystemSpacingAfterAnchor` → `…After`.
    static func relationLabel(_ selector: String) -> String {
        let word = selector.dropFirst("constraint".count)
        return (word.prefix(1).lowercased() + word.dropFirst()).replacingSuffix("ToAnchor", with: "To")
            .replacingSuffix("AfterAnchor", with: "After").replacingSuffix("BelowAnchor", with: "Below")
    }

    static func constraints(_ expression: CodeExpression, line: Int, reader: LayoutCodeReader) -> [CodeConstraint]? {
        reader.anchorConstraint(expression, line: line).map { [$0] }
    }
}

extension LayoutCodeReader {
    /// `x.leadingAnchor` → (x, leading); a view class's own `leadingAnchor`, without `self.`, is root's.
    func anchor(_ expression: CodeExpression) -> CodeAnchor? {
        if case .name(let name) = expression, bindings[name] == nil, let attribute = AnchorDialect.attributes[name] {
            return CodeAnchor(CodeItem(Self.rootName), attribute)
        }
        guard case .member(let base?, let name) = expression, let attribute = AnchorDialect.attributes[name], let item = item(base) else { return nil }
        return CodeAnchor(item, attribute)
    }

    fileprivate func anchorConstraint(_ expression: CodeExpression, line: Int) -> CodeConstraint? {
        switch expression {
        case .call(.member(let anchorExpression?, "constraint"), let arguments):
            // Swift anchors: `a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)`.
            guard let first = anchor(anchorExpression), let label = arguments.first?.label, let value = arguments.first?.value else { return nil }
            var parts = arguments.dropFirst().map { ($0.label ?? "", $0.value) }
            parts.insert((label, value), at: 0)
            return anchorConstraint(first, parts, line: line)
        case .call(.member(let anchorExpression?, let method), let arguments) where method.hasPrefix("constraint") && method.count > 10 && anchor(anchorExpression) != nil:
            // Swift 2: `a.topAnchor.constraintEqualToAnchor(b.topAnchor, constant: 8)`, named like Objective-C.
            var list = arguments.map { ($0.label ?? "", $0.value) }
            guard !list.isEmpty else { return nil }
            list[0].0 = AnchorDialect.relationLabel(method)
            return anchorConstraint(anchor(anchorExpression)!, list, line: line)
        case .message(let anchorExpression, let parts) where parts.first?.label?.hasPrefix("constraint") == true && anchor(anchorExpression) != nil:
            // Objective-C anchors: `[a.leadingAnchor constraintEqualToAnchor:b.trailingAnchor constant:8]`.
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = AnchorDialect.relationLabel(parts[0].label!)
            return anchorConstraint(anchor(anchorExpression)!, list, line: line)
        default:
            return nil
        }
    }

    private func anchorConstraint(_ first: CodeAnchor, _ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
        var relation = LayoutRelation.equal
        var second: CodeAnchor?
        var multiplier = 1.0, constant = 0.0, system = 0.0
        var isSystem = false
        for (index, (label, value)) in parts.enumerated() {
            guard let value else { return nil }
            if index == 0 {
                guard let (word, rel) = AnchorDialect.relationWords.first(where: { label.hasPrefix($0.0) }) else { return nil }
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
}
