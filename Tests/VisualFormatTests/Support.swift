import LayoutVocabulary
@testable import VisualFormat

/// A views dictionary for tests: every listed view lives in `root` unless `parents` says
/// otherwise, and `root` itself has no superview (so `|` next to it must fail).
struct Hierarchy: Sendable {
    var views: Set<String>
    var parents: [String: String] = [:]

    init(_ names: [String], parents: [String: String] = [:]) {
        self.views = Set(names).union(["root"])
        self.parents = parents
    }

    func lookup(_ name: String) -> VisualFormatParser.ViewInfo? {
        guard views.contains(name) else { return nil }
        if name == "root" { return VisualFormatParser.ViewInfo(superview: nil) }
        return VisualFormatParser.ViewInfo(superview: parents[name] ?? "root")
    }
}

/// Shorthand for an expected constraint: `c("b", .leading, "a", .trailing, 8)` reads like the
/// canonical text `b.leading == a.trailing + 8`.
func c(_ first: String, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
       _ second: String? = nil, _ secondAttribute: LayoutAttribute? = nil,
       _ constant: Double = 0, priority: Double = 1000) -> ConstraintSpec {
    ConstraintSpec(firstItem: first, firstAttribute: firstAttribute, relation: relation,
                   secondItem: second, secondAttribute: secondAttribute,
                   multiplier: 1, constant: constant, priority: LayoutPriority(priority))
}

/// Same, for the common `==` case with a second item.
func c(_ first: String, _ firstAttribute: LayoutAttribute, _ second: String, _ secondAttribute: LayoutAttribute,
       _ constant: Double = 0, priority: Double = 1000) -> ConstraintSpec {
    c(first, firstAttribute, .equal, second, secondAttribute, constant, priority: priority)
}

/// A size against a constant: `c("a", .width, .greaterThanOrEqual, 50)`.
func c(_ first: String, _ attribute: LayoutAttribute, _ relation: LayoutRelation, _ constant: Double,
       priority: Double = 1000) -> ConstraintSpec {
    c(first, attribute, relation, nil, nil, constant, priority: priority)
}

/// Readable one-line rendering used only in test failure messages.
func render(_ spec: ConstraintSpec) -> String {
    var text = "\(spec.firstItem).\(spec.firstAttribute.rawValue) \(spec.relation.rawValue)"
    if let second = spec.secondItem, let attribute = spec.secondAttribute {
        text += " \(second).\(attribute.rawValue)"
        if spec.constant != 0 { text += spec.constant < 0 ? " - \(-spec.constant)" : " + \(spec.constant)" }
    } else {
        text += " \(spec.constant)"
    }
    if spec.priority.rawValue != 1000 { text += " @\(spec.priority.rawValue)" }
    return text
}
