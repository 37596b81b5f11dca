import LayoutVocabulary

/// What a UIKit or AppKit console log says about a layout, read without judging it: the
/// "Unable to simultaneously satisfy constraints" reports (their constraints and the one UIKit
/// broke), the `_autolayoutTrace` trees, and a note for every line that looked like part of a
/// log but could not be read. `ConsoleLogReader.read` makes one; the shell's importer turns it
/// into session commands.
public struct ConsoleLog: Sendable {
    public var reports: [ConflictLog] = []
    public var traces: [AutolayoutTrace] = []
    public var notes: [LogNote] = []

    public init() {}

    /// Every item the log names, in the order first seen (reports, then traces).
    public var items: [LogItem] {
        var seen = Set<String>()
        var all: [LogItem] = []
        func add(_ item: LogItem) { if seen.insert(item.key).inserted { all.append(item) } }
        for report in reports {
            for constraint in report.constraints + (report.broken.map { [$0] } ?? []) {
                add(constraint.first)
                if let second = constraint.second { add(second) }
                if let superview = constraint.superview { add(superview) }
            }
        }
        for trace in traces { for entry in trace.entries { add(entry.item) } }
        return all
    }
}

/// A line of the log that was skipped, and why (1-based line number in the text read).
public struct LogNote: Sendable, Hashable {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// Which system printed a report, from its wording.
public enum LogPlatform: String, Sendable, Hashable {
    case iOS, macOS, unknown
}

/// One "Unable to simultaneously satisfy constraints" report (or a bare list of constraint
/// descriptions, which is how logs are often pasted).
public struct ConflictLog: Sendable {
    public var line: Int
    public var platform: LogPlatform = .unknown
    /// The listed constraints, in the log's order.
    public var constraints: [LogConstraint] = []
    /// The constraint after "Will attempt to recover by breaking constraint", if the log has it.
    public var broken: LogConstraint?
    /// Entries redacted as `<private>` (the list or the broken constraint).
    public var redactedEntries = 0

    public init(line: Int) { self.line = line }
}

/// A view or layout guide as the log prints it: `UILabel:0x7f…'Title'`,
/// `UILayoutGuide:0x6…'UIViewSafeAreaLayoutGuide'`, `Module.Class:0x…`, or a debug name
/// (an accessibility identifier) that the `names:` legend maps to an address.
public struct LogItem: Sendable, Hashable {
    /// The class (module-qualified when Swift printed it so), or the debug name.
    public var className: String
    public var address: String?
    /// A label's or button's title, or a layout guide's identifier.
    public var title: String?
    /// True when the log printed a name instead of the class (`names: name:0x…`).
    public var isDebugName = false

    public init(className: String, address: String?, title: String? = nil, isDebugName: Bool = false) {
        self.className = className
        self.address = address
        self.title = title
        self.isDebugName = isDebugName
    }

    /// What identifies the item across the log: its address, else its printed name.
    public var key: String { address ?? className }

    /// The class without its Swift module (`Trust.BrowserNavigationBar` → `BrowserNavigationBar`).
    public var shortClassName: String {
        guard !isDebugName, let dot = className.lastIndex(of: ".") else { return className }
        return String(className[className.index(after: dot)...])
    }

    /// How the log printed it, e.g. `UILabel:0x7f8…'Title'`.
    public var logText: String {
        var text = isDebugName ? className + (address.map { " (\($0))" } ?? "") : className + (address.map { ":" + $0 } ?? "")
        if let title { text += "'\(title)'" }
        return text
    }

    /// A layout guide rather than a view: `UILayoutGuide` and UIKit's private guides. (The old
    /// `_UILayoutGuide` of the top and bottom layout guides is a view, and stays one.)
    public var isLayoutGuide: Bool {
        let name = shortClassName
        return !isDebugName && (name == "UILayoutGuide" || name == "NSLayoutGuide" || name == "_UILayoutSpacer"
            || name == "_UIOLAGapGuide" || name.hasSuffix("LayoutGuide") && name != "_UILayoutGuide")
    }
}

/// A frame attribute as a log prints it: a layout attribute, or one of the frame edges and
/// centres that autoresizing-mask constraints use (`minX`, `midY`, …).
public enum LogAttribute: Sendable, Hashable {
    case layout(LayoutAttribute)
    case minX, midX, maxX, minY, midY, maxY

    init?(_ text: Substring) {
        switch text {
        case "minX": self = .minX
        case "midX": self = .midX
        case "maxX": self = .maxX
        case "minY": self = .minY
        case "midY": self = .midY
        case "maxY": self = .maxY
        case "Width": self = .layout(.width)
        case "Height": self = .layout(.height)
        default:
            guard let attribute = LayoutAttribute(rawValue: String(text)) else { return nil }
            self = .layout(attribute)
        }
    }

    /// The layout attribute it means for a view inside its superview: `minX` is the left edge,
    /// `midY` the vertical centre.
    public var layoutAttribute: LayoutAttribute {
        switch self {
        case .layout(let attribute): attribute
        case .minX: .left
        case .midX: .centerX
        case .maxX: .right
        case .minY: .top
        case .midY: .centerY
        case .maxY: .bottom
        }
    }

    public var text: String {
        switch self {
        case .layout(let attribute): attribute.rawValue
        case .minX: "minX"
        case .midX: "midX"
        case .maxX: "maxX"
        case .minY: "minY"
        case .midY: "midY"
        case .maxY: "maxY"
        }
    }
}

/// A symbolic constant in a description: the standard space of VFL (`NSSpace(8)`) or of the
/// system-spacing anchors (`NSLayoutAnchorConstraintSpace(8)`), with the value it printed.
public enum SymbolicSpace: Sendable, Hashable {
    case standard(Double)
    case anchorSystemSpacing(Double)

    public var value: Double {
        switch self {
        case .standard(let value), .anchorSystemSpacing(let value): value
        }
    }
}

/// One constraint description, `<NSLayoutConstraint:0x… 'identifier' A.width == 0.5*B.width + 8 priority:750   (active, names: …)>`,
/// read into the constraint's equation: `first.firstAttribute REL multiplier × second.secondAttribute + constant`.
public struct LogConstraint: Sendable {
    /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `_UISystemBaselineConstraint`,
    /// `SnapKit.LayoutConstraint`, …
    public var className: String
    public var address: String?
    /// Where the app made it, as SnapKit prints it after the address (`ViewController.swift#88`).
    public var location: String?
    public var identifier: String?
    /// The `h=--& v=--&` of an autoresizing-mask constraint.
    public var autoresizingMask: String?
    public var first: LogItem
    public var firstAttribute: LogAttribute
    public var relation: LayoutRelation
    public var second: LogItem?
    public var secondAttribute: LogAttribute?
    public var multiplier: Double = 1
    /// The constant, with a symbolic space's value included.
    public var constant: Double = 0
    public var symbolicSpace: SymbolicSpace?
    public var priority: Double = 1000
    /// The superview the `names:` legend gives `|` (`'|':UIView:0x…`).
    public var superview: LogItem?
    /// The legend's other entries: debug names and what they stand for.
    public var legend: [String: LogItem] = [:]
    /// False for `(inactive)`; nil when the log does not say (before iOS 10).
    public var isActive: Bool?
    /// The line the description starts on, and the description as printed.
    public var line: Int
    public var text: String

    public init(className: String, first: LogItem, firstAttribute: LogAttribute, relation: LayoutRelation, line: Int, text: String) {
        self.className = className
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.line = line
        self.text = text
    }

    /// The address, or the whole text when the log gave none: what identifies it in a log.
    public var key: String { address ?? text }
}

/// A `_autolayoutTrace` tree (or the one-view synopsis UIKit prints with "View has an
/// ambiguous layout"): the views with their depth, and what the trace says is ambiguous.
public struct AutolayoutTrace: Sendable {
    public struct Entry: Sendable {
        public var item: LogItem
        public var depth: Int
        /// `*` laid out with Auto Layout, `+` autoresizing mask, `•` layout engine host, or nil.
        public var mark: Character?
        /// The attributes listed after "AMBIGUOUS LAYOUT for" (`minX`, `Height`, …); empty when
        /// the view is ambiguous without a list (old traces) or not ambiguous.
        public var ambiguousAttributes: [LogAttribute]
        public var isAmbiguous: Bool
        public var line: Int
    }

    public var line: Int
    public var entries: [Entry] = []

    public init(line: Int) { self.line = line }
}
