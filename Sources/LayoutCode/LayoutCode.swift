import LayoutVocabulary

/// What layout code says, read from Swift or Objective-C source (`LayoutCodeReader.read`):
/// the views and their hierarchy, stack views, layout guides, constraints in the order they
/// become active, content priorities, margins, `translatesAutoresizingMaskIntoConstraints`,
/// and the statements that were not layout. Neutral: no session language, no words.
public struct LayoutCode: Sendable, Equatable {
    public enum Language: Sendable, Hashable { case swift, objectiveC }

    public var language: Language
    /// Views and guides in the order the code first names them (`root` is not listed).
    public var views: [CodeView] = []
    /// Constraints (anchor, `NSLayoutConstraint(item:…)` and VFL) in the order they are
    /// activated; constraints never activated come last, with `isActive` false.
    public var constraints: [CodeConstraint] = []
    public var contentPriorities: [CodeContentPriority] = []
    public var margins: [CodeMargins] = []
    /// `preservesSuperviewLayoutMargins` and `insetsLayoutMarginsFromSafeArea`, in source order.
    public var marginSources: [CodeMarginSource] = []
    /// Statements that are not layout, in source order.
    public var skipped: [CodeSkippedLine] = []

    public init(language: Language) { self.language = language }

    public func view(_ name: String) -> CodeView? { views.first { $0.name == name } }
}

/// An item a constraint names: a view (`root` for `view`/`self.view`), or one of a view's
/// own guides.
public struct CodeItem: Sendable, Hashable, CustomStringConvertible {
    /// UIKit's guides of a view: `safeAreaLayoutGuide`, `layoutMarginsGuide`, a scroll view's
    /// `contentLayoutGuide` and `frameLayoutGuide`, `keyboardLayoutGuide`.
    public enum Guide: Sendable, Hashable { case safeArea, layoutMargins, scrollContent, scrollFrame, keyboard }
    public var view: String
    public var guide: Guide?

    public init(_ view: String, guide: Guide? = nil) {
        self.view = view
        self.guide = guide
    }

    public var description: String {
        switch guide {
        case nil: view
        case .safeArea: view + ".safeArea"
        case .layoutMargins: view + ".margins"
        case .scrollContent: view + ".contentLayoutGuide"
        case .scrollFrame: view + ".frameLayoutGuide"
        case .keyboard: view + ".keyboardLayoutGuide"
        }
    }
}

/// A view, stack view or layout guide the code makes or names.
public struct CodeView: Sendable, Equatable {
    public enum Kind: Sendable, Hashable { case view, stack, layoutGuide }

    /// The variable's name in the code (`self.` and optionals taken off).
    public var name: String
    public var kind: Kind
    /// The class it is made of (`UILabel`), when the code says.
    public var className: String?
    /// The view it was added to (`addSubview`, `addArrangedSubview`, `addLayoutGuide`); nil
    /// when the code never adds it.
    public var superview: String?
    /// Added with `addArrangedSubview` or `UIStackView(arrangedSubviews:)`.
    public var isArranged = false
    /// `translatesAutoresizingMaskIntoConstraints` as the code leaves it (UIKit's default is
    /// true; a stack view sets it false for its arranged subviews).
    public var translatesAutoresizingMask = true
    /// Whether the code set `translatesAutoresizingMaskIntoConstraints` itself.
    public var setsAutoresizingMask = false
    /// The frame given to `UIView(frame:)`, `initWithFrame:` or `.frame =` (x, y, width, height),
    /// each side a number or a sum of views' bounds sizes (`view.bounds.width - 40`).
    public var frame: [CodeLength]?
    /// An intrinsic content size (LayoutLab's exported `IntrinsicSizeView`); nil per side: none.
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var hasIntrinsicSize = false
    /// The name the code gives it besides its variable: a view's `accessibilityIdentifier`,
    /// a layout guide's `identifier` (the last one the code sets).
    public var identifier: String?
    /// `isHidden = true`: an arranged view collapses in its stack.
    public var isHidden = false
    /// The `autoresizingMask`, as UIKit's option names (`flexibleWidth`); nil when the code
    /// never sets one.
    public var autoresizingMask: [String]?
    /// For a stack view: its properties and arranged subviews.
    public var stack: CodeStack?
    /// The line of the last statement that sets one of the stack's properties (axis aside: it
    /// comes with the stack) or a custom spacing, or this view's `isHidden`: where, among the
    /// activations, UIKit remakes the stack's constraints.
    public var settingsLine: Int?
    /// What the code gives a label, button or image view to size itself by (`text`, `font`,
    /// `image`, `title`), in the order it first sets each.
    public var contentSet: [String] = []
    /// Made by this code (`let x = UILabel()`), not an outlet or a view made elsewhere: one
    /// that is constrained but never added is UIKit's "no common ancestor" exception.
    public var isMadeHere = false
    /// The line that first names it.
    public var line: Int

    public init(name: String, kind: Kind = .view, line: Int) {
        self.name = name
        self.kind = kind
        self.line = line
    }
}

/// A side of a frame as the code computes it: a constant plus multiples of views' bounds
/// sizes (`0.5 * view.bounds.width - 32`, `CGRectGetWidth(self.view.bounds) - 40`). UIKit reads
/// those sizes when the line runs, so the importer reads them from the session at the point
/// the view is made.
public struct CodeLength: Sendable, Equatable {
    /// One `factor × VIEW.bounds.width|height`.
    public struct Term: Sendable, Equatable {
        /// The view's code name (root is `LayoutCodeReader.rootName`).
        public var view: String
        public var isWidth: Bool
        public var factor: Double

        public init(view: String, isWidth: Bool, factor: Double) {
            self.view = view
            self.isWidth = isWidth
            self.factor = factor
        }
    }

    public var constant: Double
    public var terms: [Term] = []

    public init(constant: Double, terms: [Term] = []) {
        self.constant = constant
        self.terms = terms
    }

    static func + (a: CodeLength, b: CodeLength) -> CodeLength {
        var sum = CodeLength(constant: a.constant + b.constant, terms: a.terms)
        for term in b.terms {
            if let index = sum.terms.firstIndex(where: { $0.view == term.view && $0.isWidth == term.isWidth }) {
                sum.terms[index].factor += term.factor
            } else {
                sum.terms.append(term)
            }
        }
        return sum
    }

    func scaled(_ factor: Double) -> CodeLength {
        CodeLength(constant: constant * factor, terms: terms.map { Term(view: $0.view, isWidth: $0.isWidth, factor: $0.factor * factor) })
    }

    func divided(by divisor: Double) -> CodeLength {
        CodeLength(constant: constant / divisor, terms: terms.map { Term(view: $0.view, isWidth: $0.isWidth, factor: $0.factor / divisor) })
    }
}

/// A `UIStackView`'s layout properties, as the code sets them (UIKit's defaults otherwise).
public struct CodeStack: Sendable, Equatable {
    public enum Axis: String, Sendable { case horizontal, vertical }
    public var axis: Axis = .horizontal
    public var spacing: Double = 0
    /// `fill`, `fillEqually`, `fillProportionally`, `equalSpacing`, `equalCentering`.
    public var distribution = "fill"
    /// `fill`, `leading`, `top`, `firstBaseline`, `center`, `trailing`, `bottom`, `lastBaseline`.
    public var alignment = "fill"
    public var arranged: [String] = []
    /// `setCustomSpacing(_:after:)`: the gap after an arranged view, in the order the code sets them.
    public var customSpacing: [CodeCustomSpacing] = []
    public var isLayoutMarginsRelativeArrangement = false
    public var isBaselineRelativeArrangement = false
    public init() {}
}

/// One `setCustomSpacing(_:after:)` of a stack view.
public struct CodeCustomSpacing: Sendable, Equatable {
    public var view: String
    public var spacing: Double
}

/// One constraint of the code, or one VFL call (`constraints(withVisualFormat:…)`).
public struct CodeConstraint: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        /// `first REL multiplier × second + constant (+ systemSpacing × system)`.
        case anchors(first: CodeAnchor, relation: LayoutRelation, second: CodeAnchor?, multiplier: Double,
                     constant: Double, systemSpacing: Double)
        /// A visual format with its options, metrics and views (VFL name → item).
        case visualFormat(format: String, options: [String], metrics: [String: Double], views: [String: CodeItem])
    }

    public var form: Form
    public var priority: LayoutPriority = .required
    /// `identifier = "…"`.
    public var identifier: String?
    public var isActive = false
    /// The variable holding it (`let top = …`), if any.
    public var variable: String?
    /// The line of the statement that makes it.
    public var line: Int
    /// The line of the statement that activates it (nil: never active).
    public var activationLine: Int?
    /// VFL metrics the code computes from views' sizes when it runs (`view.bounds.width / 3`).
    public var runtimeMetrics: [String: CodeLength] = [:]
    /// VFL metrics whose value the code computes some other way, with their source text.
    public var unknownMetrics: [String: String] = [:]

    public init(form: Form, line: Int) {
        self.form = form
        self.line = line
    }
}

/// A table or collection view cell the code makes: its content view is an item of its own,
/// named `CELL.contentView` (a name no variable has).
public enum CodeCell {
    /// The UIKit classes made as a cell (a subclass is a view of its own class).
    public static let classes: Set<String> = ["UITableViewCell", "UICollectionViewCell"]
    public static func contentView(of cell: String) -> String { cell + ".contentView" }
    /// The cell whose content view a name is, or nil.
    public static func cell(ofContentView name: String) -> String? {
        name.hasSuffix(".contentView") ? String(name.dropLast(".contentView".count)) : nil
    }
}

/// An item's attribute, as an anchor names it (`a.leadingAnchor` → a, leading).
public struct CodeAnchor: Sendable, Hashable {
    public var item: CodeItem
    public var attribute: LayoutAttribute
    public init(_ item: CodeItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }
}

/// `setContentHuggingPriority` / `setContentCompressionResistancePriority`.
public struct CodeContentPriority: Sendable, Equatable {
    public enum Kind: Sendable, Hashable { case hugging, compressionResistance }
    public var view: String
    public var kind: Kind
    public var axis: LayoutAttribute.Axis
    public var priority: LayoutPriority
    public var line: Int
}

/// `layoutMargins = UIEdgeInsets(…)` or `directionalLayoutMargins = NSDirectionalEdgeInsets(…)`
/// (then `left`/`right` hold leading/trailing).
public struct CodeMargins: Sendable, Equatable {
    public var view: String
    public var insets: EdgeInsets
    public var isDirectional: Bool
    public var line: Int
}

/// `preservesSuperviewLayoutMargins = true|false` (`preserves`) or
/// `insetsLayoutMarginsFromSafeArea = true|false`.
public struct CodeMarginSource: Sendable, Equatable {
    public var view: String
    public var preserves: Bool
    public var isOn: Bool
    public var line: Int
}

/// A statement that is not layout, with why.
public struct CodeSkippedLine: Sendable, Equatable {
    public enum Reason: Sendable, Hashable {
        /// Not layout at all (colours, text, control flow).
        case notLayout
        /// It names an anchor or a constraint, but not in a form the reader knows.
        case unrecognized
        /// A constraint on an item LayoutLab has no counterpart for (`readableContentGuide`,
        /// `superview`, another view's safe area), named here.
        case unsupportedItem(String)
        /// A value that is not a literal (`padding * scale` with an unknown `scale`), named.
        case unknownValue(String)
        /// A branch the newest system does not run (`else` of `if #available(iOS 11, *)`),
        /// with why: "the else branch runs only before iOS 11".
        case notRun(String)
    }

    public var line: Int
    /// The statement's text, tokens joined by single spaces, at most 120 characters.
    public var text: String
    public var reason: Reason
    /// True when it mentions an anchor, a constraint, or a layout call: the importer lists these.
    public var mentionsLayout: Bool
}
