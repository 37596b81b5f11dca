import LayoutVocabulary

/// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)` and
/// Objective-C's `constraintWithItem:…`.
enum ItemConstraintDialect: LayoutCodeDialect {
    static let marks = ["NSLayoutConstraint"]

    static func constraints(_ expression: CodeExpression, line: Int, reader: LayoutCodeReader) -> [CodeConstraint]? {
        reader.itemConstraint(expression, line: line).map { [$0] }
    }
}

extension LayoutCodeReader {
    fileprivate func itemConstraint(_ expression: CodeExpression, line: Int) -> CodeConstraint? {
        switch expression {
        case .call(.name("NSLayoutConstraint"), let arguments), .call(.member(.name("NSLayoutConstraint")?, "init"), let arguments):
            if arguments.first?.label == "item" { return itemConstraint(arguments.map { ($0.label ?? "", $0.value) }, line: line) }
            return nil
        case .message(.name("NSLayoutConstraint"), let parts) where parts.first?.label == "constraintWithItem":
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = "item"
            return itemConstraint(list, line: line)
        default:
            return nil
        }
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    private func itemConstraint(_ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
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

    /// An `NSLayoutConstraint.Attribute`; `.some(nil)` for `.notAnAttribute`.
    private func attribute(_ expression: CodeExpression) -> LayoutAttribute?? {
        guard let word = enumWord(expression, prefixes: ["NSLayoutAttribute"]) else { return nil }
        if word == "notAnAttribute" { return .some(nil) }
        return LayoutAttribute(rawValue: word).map { .some($0) }
    }

    func relationValue(_ expression: CodeExpression) -> LayoutRelation? {
        switch enumWord(expression, prefixes: ["NSLayoutRelation"]) {
        case "equal": .equal
        case "greaterThanOrEqual": .greaterThanOrEqual
        case "lessThanOrEqual": .lessThanOrEqual
        default: nil
        }
    }
}
