/// Small value types the model hands out: frames, insets, layout direction, errors, events,
/// and the canonical text of a constraint (DESIGN §6).

/// The layout direction (`UIUserInterfaceLayoutDirection`): decides where leading and trailing are.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// A view's frame in its superview's coordinate system (the root's frame is (0, 0, W, H)).
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public subscript(component: FrameComponent) -> Double {
        switch component {
        case .x: x
        case .y: y
        case .width: width
        case .height: height
        }
    }
    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// One of the four unknowns of a view, as frames name them.
public enum FrameComponent: String, Sendable, Hashable, CaseIterable, Comparable {
    case x, y, width, height
    var order: Int {
        switch self {
        case .x: 0
        case .y: 1
        case .width: 2
        case .height: 3
        }
    }
    public static func < (a: FrameComponent, b: FrameComponent) -> Bool { a.order < b.order }
}

/// Layout margins of a view (UIKit's `layoutMargins`), in points. Default 8 on every side.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    public static let standard = EdgeInsets(all: 8)
    /// `8` when all four sides agree, else `top,left,bottom,right` — the session language's form.
    public var description: String {
        if top == left && left == bottom && bottom == right { return formatNumber(top) }
        return [top, left, bottom, right].map(formatNumber).joined(separator: ",")
    }
}

/// Why the model refused an operation. Nothing changed when one is thrown.
/// `message` says what is wrong in plain words; `hint` shows the legal way to write it.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var hint: String?
    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
    public var description: String { hint.map { "\(message); \($0)" } ?? message }
}

/// A required conflict: `constraints` is a minimal unsatisfiable set of required constraints
/// (user-visible ids, in creation order; `root.width`/`root.height` stand for the window size),
/// and `broken` the member that was lowered to the internal priority above every optional one.
public struct Conflict: Hashable, Sendable {
    public var constraints: [String]
    public var broken: String
    public init(constraints: [String], broken: String) {
        self.constraints = constraints
        self.broken = broken
    }
}

/// What happened to the constraints during one operation, in order. The shell turns these into
/// the "added/removed/changed" part of a report. `changed` carries the constraint as it was.
public enum ModelEvent: Sendable {
    case added(String)
    case removed(ConstraintRecord)
    case changed(id: String, before: ConstraintRecord)
    case conflict(Conflict)
    /// A broken required constraint holds again.
    case repaired(String)
    case viewAdded(String)
    case viewRemoved(String)
}

/// A constraint that does not hold in the current layout: an optional one the solver gave up on,
/// or a broken required one. Values are in the constraint's own coordinate system (the closest
/// common ancestor's, mirrored for leading/trailing in right-to-left).
public struct BrokenConstraint: Hashable, Sendable {
    public var id: String
    public var text: String
    public var priority: Double
    /// True for a required constraint that was broken to resolve a conflict.
    public var isBrokenRequired: Bool
    /// What the right-hand side asks for, and what the first item's attribute got.
    public var wanted: Double
    public var got: Double
    /// |got − wanted| for `==`; the shortfall for `>=`/`<=`; in points.
    public var error: Double
}

// MARK: - Numbers and canonical text

/// The shortest exact decimal form of a number: `8`, `0.5`, `20.25`, `-3`, never `-0`.
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if !value.isFinite { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// A value as reports show it: solver noise below 1e-7 is snapped to the nearest multiple of
/// 1e-6 (so 19.999999999997 shows as 20) and -0 becomes 0.
public func cleanValue(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    let snapped = (value * 1e6).rounded() / 1e6
    let result = abs(snapped - value) < 1e-7 ? snapped : value
    return result == 0 ? 0 : result
}

extension ConstraintSpec: CustomStringConvertible {
    /// DESIGN §6: `first.attr REL [m * ]second.attr [+ c | - c] [@p]` or `first.attr REL c [@p]`;
    /// the priority is left out when required.
    public var canonicalText: String {
        var text = "\(firstItem).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let item = secondItem, let attribute = secondAttribute {
            if multiplier != 1 { text += "\(formatNumber(multiplier)) * " }
            text += "\(item).\(attribute.rawValue)"
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
