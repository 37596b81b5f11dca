/// The plain values a constraint is stated in besides attributes and priorities: the layout
/// direction, insets, and the shortest exact form of a number that canonical constraint text
/// uses (README, "Constraints").

/// The layout direction (`UIUserInterfaceLayoutDirection`): decides where leading and trailing are.
public enum LayoutDirection: Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Layout margins of a view (UIKit's `layoutMargins`), in points. Default 8 on every side.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    public static let standard = EdgeInsets(all: 8)
}

// MARK: - Numbers and canonical text

/// The shortest exact decimal form of a number: `8`, `0.5`, `20.25`, `-3`, never `-0`.
/// Exact, not rounded: canonical constraint text must name the very number the solver gets.
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if !value.isFinite { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

extension ConstraintSpec: CustomStringConvertible {
    /// The README's canonical form: `first.attr REL [m * ]second.attr [+ c | - c] [@p]` or `first.attr REL c [@p]`;
    /// the priority is left out when required. The notation of a constraint, shared by the text
    /// and JSON reports and by every parser that produces specs, so it lives with the spec.
    public var canonicalText: String {
        var text = "\(firstItem).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let item = secondItem, let attribute = secondAttribute {
            if multiplier != 1 { text += "\(formatNumber(multiplier)) * " }
            text += "\(item).\(attribute.rawValue)"
            if systemSpacing != 0 {
                let size = abs(systemSpacing)
                text += (systemSpacing > 0 ? " + " : " - ") + (size == 1 ? "system" : "\(formatNumber(size)) * system")
            }
            if constant > 0 { text += " + \(formatNumber(constant))" }
            if constant < 0 { text += " - \(formatNumber(-constant))" }
        } else {
            text += formatNumber(constant)
        }
        if !priority.isRequired { text += " @\(formatNumber(priority.rawValue))" }
        return text
    }
    public var description: String { canonicalText }
}
