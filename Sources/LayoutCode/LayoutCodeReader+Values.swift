import LayoutVocabulary

/// Items and the constraints an expression stands for, as the code spells them in Swift and
/// in Objective-C (each dialect reads its own constraints: Dialects/).
extension LayoutCodeReader {
    // MARK: - Items

    /// UIKit's members that name a guide of their view (`x.safeAreaLayoutGuide`).
    static let guideMembers: [String: CodeItem.Guide] = [
        "safeAreaLayoutGuide": .safeArea, "layoutMarginsGuide": .layoutMargins, "contentLayoutGuide": .scrollContent,
        "frameLayoutGuide": .scrollFrame, "keyboardLayoutGuide": .keyboard,
    ]

    /// The item an expression names: `view`/`self.view`/`self` is root, `x.safeAreaLayoutGuide`
    /// and the other `guideMembers` are x's guides, `self.x`/`x!` is x.
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
            case _ where Self.guideMembers[name] != nil:
                guard let owner = item(base), owner.guide == nil else { return nil }
                return CodeItem(owner.view, guide: Self.guideMembers[name])
            case "view":
                return CodeItem(Self.rootName)
            case "contentView":
                // A cell the code makes (`UITableViewCell(frame:)`, as `export` writes one):
                // its content view is a view of its own; any other owner's (a cell class's
                // own, a dequeued cell's) fills the cell, which is root here.
                if let owner = item(base), owner.guide == nil, isCell(owner.view) { return CodeItem(CodeCell.contentView(of: owner.view)) }
                return CodeItem(Self.rootName)
            case "superview":
                // Known when the code added the view somewhere before.
                guard let child = item(base), child.guide == nil, let index = viewIndex[child.view],
                      let parent = code.views[index].superview else { return nil }
                return CodeItem(parent)
            default:
                if Self.nonItemMembers.contains(name) || ["readableContentGuide", "superview", "subviews", "layer"].contains(name) { return nil }
                if case .name(let owner) = base, owner.first?.isUppercase == true { return nil }
                guard base.withoutSelf != base || item(base) != nil else { return nil }
                return item(.name(name))
            }
        default:
            return nil
        }
    }

    // MARK: - Constraints

    /// The constraints an expression makes, read by the first dialect that knows it, made on
    /// the statement's line.
    func makeConstraints(_ expression: CodeExpression) -> [CodeConstraint]? {
        for dialect in Self.dialects {
            if let made = dialect.constraints(expression, line: currentLine, reader: self) { return made }
        }
        return nil
    }

    /// Keeps constraints just made; their references.
    mutating func record(_ constraints: [CodeConstraint]) -> [Int] {
        made += constraints
        return Array((made.count - constraints.count)..<made.count)
    }

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
            guard creating, let constraints = makeConstraints(expression), !constraints.isEmpty else { return nil }
            return record(constraints)
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
