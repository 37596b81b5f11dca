/// One of Auto Layout's layout attributes (`NSLayoutConstraint.Attribute`), as the session
/// language spells it. The raw value is the spelling users type and reports print.
public enum LayoutAttribute: String, CaseIterable, Sendable, Hashable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case baseline, lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// Which axis the attribute lives on; Apple forbids relating attributes of different axes.
    public enum Axis: Sendable, Hashable { case horizontal, vertical }

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        case .top, .bottom, .height, .centerY, .baseline, .lastBaseline, .firstBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            return .vertical
        }
    }

    /// Width and height are sizes; every other attribute is a location, which Apple never lets
    /// equal a bare constant.
    public var isSize: Bool { self == .width || self == .height }
    public var isLocation: Bool { !isSize }

    /// Leading/trailing (and their margins) follow the layout direction; Apple refuses to relate
    /// them to left/right.
    public var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: return true
        default: return false
        }
    }

    /// The leading/trailing form of a left/right attribute (`left` → `leading`); any other
    /// attribute is its own. The legal way to write a mixed pairing relates like to like.
    public var directionalCounterpart: LayoutAttribute {
        switch self {
        case .left: .leading
        case .right: .trailing
        case .leftMargin: .leadingMargin
        case .rightMargin: .trailingMargin
        default: self
        }
    }

    /// Left/right (and their margins): absolute horizontal edges.
    public var isAbsoluteHorizontalEdge: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: return true
        default: return false
        }
    }
}

/// The relation of a constraint (`NSLayoutConstraint.Relation`).
public enum LayoutRelation: String, CaseIterable, Sendable, Hashable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// The relation seen from the other side of the equation (`a <= b` is `b >= a`).
    public var flipped: LayoutRelation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}

/// A constraint priority in (0, 1000]; 1000 is required. `UILayoutPriority` is a float, and
/// fractional priorities are legal, so this is a `Double`.
public struct LayoutPriority: RawRepresentable, Comparable, Hashable, Sendable {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(_ value: Double) { self.rawValue = value }

    public static let required = LayoutPriority(1000)
    public static let defaultHigh = LayoutPriority(750)
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)

    public var isRequired: Bool { rawValue >= 1000 }

    /// Whether `value` may be used as a priority at all: Apple accepts (0, 1000].
    public static func isValid(_ value: Double) -> Bool { value.isFinite && value > 0 && value <= 1000 }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A constraint as Auto Layout states it, before it meets any view hierarchy:
/// `firstItem.firstAttribute REL multiplier × secondItem.secondAttribute + constant @priority`.
/// Items are view names; `secondItem == nil` means a constant right-hand side (only legal for
/// sizes). This is what the session language parser and the VFL parser both produce.
public struct ConstraintSpec: Hashable, Sendable {
    // The one-byte fields come last: declared between the strings, each took eight bytes with
    // its padding (80 bytes in all instead of 67), in every constraint the model keeps.
    public var firstItem: String
    public var secondItem: String?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// How many system spacings the constant holds besides `constant` (`+ 2 * system`): UIKit's
    /// `NSLayoutAnchorConstraintSpace(8)`, kept symbolic so the canonical text shows it.
    public var systemSpacing: Double = 0
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondAttribute: LayoutAttribute?

    /// The system spacing between two items, in points (UIKit's `NSLayoutAnchorConstraintSpace(8)`
    /// between siblings, and between a view and its superview's edge or a guide).
    public static let systemSpacingPoints = 8.0

    /// The constant the solver gets: the plain constant plus the system spacings.
    public var resolvedConstant: Double { constant + systemSpacing * Self.systemSpacingPoints }

    public init(
        firstItem: String, firstAttribute: LayoutAttribute, relation: LayoutRelation,
        secondItem: String? = nil, secondAttribute: LayoutAttribute? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required
    ) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }
}
