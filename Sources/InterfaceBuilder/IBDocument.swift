import LayoutVocabulary

/// An Interface Builder file (`.storyboard` or `.xib`) read into plain data: what UIKit would
/// build from it at run time (scenes, view controllers, views, constraints, guides, size-class
/// variations), with the line and column of every element so that errors and `lint` can point
/// at the file. Knows nothing of sessions or solving; `IBReader` makes it.
public struct IBDocument: Sendable {
    public enum Kind: Sendable { case storyboard, xib }
    public var kind: Kind
    public var toolsVersion: String?
    /// `<device id="retina6_1" orientation="portrait">`; nil in Xcode 5–7 files.
    public var device: IBDeviceSetting?
    /// The scene UIKit shows first (a view controller's id).
    public var initialViewController: String?
    /// An AppKit file: frames count from the bottom of the superview (unless it is flipped),
    /// and there is no status bar.
    public var isAppKit = false
    public var usesSafeAreas = false
    public var usesTraitCollections = false
    /// A storyboard's scenes, in document order.
    public var scenes: [IBScene] = []
    /// A xib's top-level views, cells and view controllers, in document order.
    public var topLevel: [IBTopLevel] = []
    /// Image sizes from `<resources>` (an image view's intrinsic size is its image's).
    public var imageSizes: [String: (width: Double, height: Double)] = [:]
    /// Every outlet in the file: destination id → property name (the first one found).
    public var outlets: [String: String] = [:]
    /// Things read but not used, with their lines (for notes).
    public var notes: [IBNote] = []

    public init(kind: Kind) { self.kind = kind }
}

/// `<device id=… orientation=…>`.
public struct IBDeviceSetting: Sendable, Hashable {
    public var id: String
    public var landscape: Bool
    public init(id: String, landscape: Bool) {
        self.id = id
        self.landscape = landscape
    }
}

/// A remark about the file, with the line (and column) of the element it concerns.
public struct IBNote: Sendable, Hashable {
    public var line: Int
    /// The column of the element's `<` (1 when not known).
    public var column: Int
    public var message: String
    public init(line: Int, column: Int = 1, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}

/// One `<scene>` of a storyboard.
public struct IBScene: Sendable {
    public var sceneID: String
    /// The comment Xcode writes above a scene (`<!--Sign In-->`): its title in the outline.
    public var title: String?
    public var line: Int
    public var controller: IBViewController?
    /// Views among the scene's top-level objects, beside the controller (not in its view:
    /// the code adds them at run time, if at all): (class, line).
    public var outsideViews: [(className: String, line: Int)] = []
}

/// A view controller (`viewController`, `tableViewController`, `navigationController`, …).
public struct IBViewController: Sendable {
    public var element: String
    public var id: String
    public var customClass: String?
    public var storyboardIdentifier: String?
    public var title: String?
    public var line: Int
    /// Its root view (`<view key="view">`); nil for a controller without a view of its own
    /// (a navigation or tab bar controller).
    public var view: IBView?
    /// The old `topLayoutGuide` / `bottomLayoutGuide` (`<viewControllerLayoutGuide>`): id → top?
    public var oldGuides: [String: Bool] = [:]
    /// Relationship segues out of a container: the controllers it holds.
    public var children: [String] = []
    /// For a storyboard reference (`<viewControllerPlaceholder storyboardName=…>`): what it
    /// stands for.
    public var reference: IBStoryboardReference?
    /// Show and push segues from anywhere in the scene: the controllers it pushes (inside a
    /// navigation controller they get its bar too).
    public var pushes: [String] = []
    /// Simulated bars (`<simulatedNavigationBarMetrics key="simulatedTopBarMetrics">` …).
    public var simulatedTopBar: String?
    public var simulatedBottomBar: String?
    public var simulatedStatusBar: String?
    /// Its top or bottom bar is opaque (`translucent="NO"`): its own simulated bar's, or, for a
    /// navigation or tab bar controller, its `<navigationBar>`'s or `<tabBar>`'s. UIKit lays
    /// the views under an opaque bar out below (above) it, not beneath it.
    public var opaqueTopBar = false
    public var opaqueBottomBar = false
    /// `<extendedEdge key="edgesForExtendedLayout">`: whether its view reaches under a
    /// translucent bar at the top, at the bottom (both when the file does not say).
    public var extendsUnderTopBar = true
    public var extendsUnderBottomBar = true
    /// `extendedLayoutIncludesOpaqueBars="YES"`: its view reaches under opaque bars too.
    public var extendsUnderOpaqueBars = false

    /// Its class as UIKit knows it: the custom class, else UIKit's for the element.
    public var className: String { customClass ?? IBView.uikitClass(of: element) }
}

/// A storyboard reference: a scene whose controller lives in another storyboard (or elsewhere
/// in this one).
public struct IBStoryboardReference: Sendable, Hashable {
    /// `storyboardName`, without its extension; nil for a scene of this storyboard.
    public var storyboardName: String?
    /// `referencedIdentifier`: the storyboard identifier of the scene; nil for the initial one.
    public var identifier: String?
    public init(storyboardName: String?, identifier: String?) {
        self.storyboardName = storyboardName
        self.identifier = identifier
    }
}

/// A xib's top-level object.
public enum IBTopLevel: Sendable {
    case view(IBView)
    case controller(IBViewController)

    public var view: IBView? {
        switch self {
        case .view(let view): return view
        case .controller(let controller): return controller.view
        }
    }
}

/// A view element: `view`, `label`, `stackView`, `tableViewCell`, … with what the layout needs.
public struct IBView: Sendable {
    public var element: String
    public var id: String?
    public var key: String?
    public var customClass: String?
    public var userLabel: String?
    /// A label's text, a button's title, a text field's placeholder (for names).
    public var text: String?
    public var frame: IBRect?
    /// Xcode 8's `<frame key="frameInset">`, the frame as insets in the superview's; made the
    /// frame once the superview's is known.
    public var frameInset: IBFrameInset?
    public var line: Int
    public var column: Int
    public var misplaced = false
    public var ambiguous = false
    public var fixedFrame = false
    /// The file's `translatesAutoresizingMaskIntoConstraints`; nil when it does not say.
    public var translatesAutoresizingMask: Bool?
    public var autoresizingMask: IBAutoresizingMask?
    public var hidden = false
    public var huggingH: Double?
    public var huggingV: Double?
    public var resistanceH: Double?
    public var resistanceV: Double?
    /// An image view's image name.
    public var image: String?
    public var subviews: [IBView] = []
    public var constraints: [IBConstraint] = []
    /// `<viewLayoutGuide key="safeArea" id=…>` and the like: key → id.
    public var guides: [String: String] = [:]
    public var stack: IBStackSettings?
    public var layoutMargins: IBInsets?
    public var directionalMargins = false
    public var preservesSuperviewLayoutMargins = false
    public var insetsLayoutMarginsFromSafeArea = true
    /// `semanticContentAttribute="forceRightToLeft"`.
    public var forcesRightToLeft = false
    /// `<variation key=…>` masks on this view's constraints and subviews.
    public var variations: [IBVariation] = []
    /// "Intrinsic Size: Placeholder" (`placeholderIntrinsicWidth`/`Height`; `infinite` is
    /// none): the intrinsic size IB assumed at design time for a view whose content comes
    /// at run time.
    public var placeholderIntrinsicWidth: Double?
    public var placeholderIntrinsicHeight: Double?
    /// A container view's embed segue: the view controller it shows.
    public var embeds: String?
    /// Its stored frame is in another scene's canvas (a view a container view embeds): not
    /// compared with the solved one.
    public var storedFrameIsElsewhere = false
    /// A text view's `scrollEnabled="NO"`: it grows with its text, as a label does.
    public var scrollDisabled = false
    /// An AppKit control's cell (`<buttonCell key="cell">`, `<textFieldCell key="cell">` …),
    /// whose bezel decides how far the frame reaches past the alignment rectangle.
    public var appKitCell: IBAppKitCell?
    /// A cell's `reuseIdentifier` (what `dequeueReusableCell(withIdentifier:)` names).
    public var reuseIdentifier: String?
    /// A storyboard's prototype cell: a table view's `<prototypes>` or a collection view's
    /// `<cells>`, the template its rows are made from.
    public var isPrototype = false
    /// A static table's cell (`dataMode="static"`): the index of its `<tableViewSection>` in
    /// its table, from 0. The table shows it as it is, at its stored frame.
    public var staticSection: Int?
    /// A static table's sections, in order (`IBReader+StaticCells.swift`).
    public var sections: [IBTableSection] = []
    /// A table view's `style` (`plain`, `grouped`, `insetGrouped`).
    public var tableStyle: String?
    /// A built-in cell style's parts (`textLabel="…" detailTextLabel="…" imageView="…"`).
    public var styleParts: IBCellStyleParts?
    /// A row its table or collection view holds (a prototype or a static cell): made a `cell`
    /// where IB drew it.
    public var isRowInItsTable: Bool { isPrototype || staticSection != nil }
    /// `installed="NO"`: not in its superview in Any/Any (a `<variation>` of the superview may
    /// install it for some size classes).
    public var installedByDefault = true

    /// UIKit's class for an element name (`label` → `UILabel`).
    public static func uikitClass(of element: String) -> String {
        switch element {
        case "tableViewCellContentView": return "UITableViewCellContentView"
        case "collectionViewCellContentView": return "UIView"
        case "viewController": return "UIViewController"
        default:
            guard let first = element.first else { return "UIView" }
            return "UI" + first.uppercased() + element.dropFirst()
        }
    }

    /// Its class as UIKit knows it.
    public var className: String { customClass ?? Self.uikitClass(of: element) }

    /// Every view in this subtree, this one first, depth first in document order.
    public func flattened() -> [IBView] {
        var result = [self]
        for subview in subviews { result += subview.flattened() }
        return result
    }
}

/// An AppKit control's cell as the file writes it: `<buttonCell type="push" bezelStyle="rounded">`,
/// `<textFieldCell borderStyle="bezel">` (a field; a label has no border), `<sliderCell>`.
public struct IBAppKitCell: Sendable, Hashable {
    /// The cell's element (`buttonCell`, `textFieldCell`, `sliderCell`, …).
    public var element: String
    /// A button cell's `type` (`push`, `check`, `radio`, `round`).
    public var type: String?
    public var bezelStyle: String?
    /// A bezel or border drawn round a text field (`borderStyle`, `bezeled="YES"`, `bordered="YES"`).
    public var bordered = false
    public init(element: String, type: String? = nil, bezelStyle: String? = nil, bordered: Bool = false) {
        self.element = element
        self.type = type
        self.bezelStyle = bezelStyle
        self.bordered = bordered
    }
}

/// `<rect key="frame" x y width height>`.
public struct IBRect: Sendable, Hashable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// Insets as IB writes them (`<edgeInsets key="layoutMargins" top left bottom right>`, or
/// `<directionalEdgeInsets … leading trailing>`: leading in `left`, trailing in `right`).
public struct IBInsets: Sendable, Hashable {
    public var top, left, bottom, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// `<autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxX="YES" …>`.
public struct IBAutoresizingMask: Sendable, Hashable {
    public var flexibleLeft = false, flexibleWidth = false, flexibleRight = false
    public var flexibleTop = false, flexibleHeight = false, flexibleBottom = false
    public init() {}
}

/// A stack view's settings as IB writes them (`axis="vertical" distribution="fillEqually"`…).
public struct IBStackSettings: Sendable, Hashable {
    public var vertical = false
    public var distribution: String?
    public var alignment: String?
    public var spacing: Double?
    /// `spacingType="standard"`: `UIStackView.spacingUseSystem`.
    public var systemSpacing = false
    public var baselineRelative = false
    public var marginsRelative = false
}

/// One `<constraint>`: `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute
/// + constant`, an absent first item meaning the element that owns the `<constraints>`.
public struct IBConstraint: Sendable {
    public var id: String?
    /// The item's id, already the owner's when the file leaves it out.
    public var firstItem: String
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondItem: String?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: Double
    public var identifier: String?
    public var symbolic = false
    /// Whether the file writes a constant (a `symbolic` one without it is system spacing).
    public var hasConstant = false
    /// `placeholder="YES"`: removed at build time.
    public var placeholder = false
    /// The id of the view whose `<constraints>` holds it.
    public var owner: String
    public var line: Int
    public var column: Int
    /// Per-size-class constants: `<variation key="heightClass=compact" constant="10"/>`.
    public var constantVariations: [(key: String, constant: Double)] = []
}

/// `<variation key="heightClass=compact-widthClass=regular">` with its masks.
public struct IBVariation: Sendable, Hashable {
    public var key: String
    public var line: Int
    /// `<mask key="constraints">`: constraint ids excluded or included in this trait set.
    public var excludedConstraints: [String] = []
    public var includedConstraints: [String] = []
    /// `<mask key="subviews">`.
    public var excludedSubviews: [String] = []
    public var includedSubviews: [String] = []
    /// A stack view's per-size-class settings (`<variation key=… axis="vertical"/>`).
    public var axis: String?
    public var spacing: Double?
    public var alignment: String?
}

/// A size class pair, for variation keys (`heightClass=compact-widthClass=regular`).
public struct IBTraits: Sendable, Hashable {
    public var widthCompact: Bool?
    public var heightCompact: Bool?
    public init(widthCompact: Bool?, heightCompact: Bool?) {
        self.widthCompact = widthCompact
        self.heightCompact = heightCompact
    }

    /// The traits a variation key names; nil for `default` and keys it does not know.
    public init?(key: String) {
        guard key != "default" else { return nil }
        var width: Bool?
        var height: Bool?
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            let compact: Bool
            switch pair[1] {
            case "compact": compact = true
            case "regular": compact = false
            default: return nil
            }
            switch pair[0] {
            case "widthClass": width = compact
            case "heightClass": height = compact
            default: return nil
            }
        }
        self.init(widthCompact: width, heightCompact: height)
    }

    /// Whether a variation for `self` applies on a screen with `screen`'s size classes.
    public func applies(on screen: IBTraits) -> Bool {
        (widthCompact == nil || widthCompact == screen.widthCompact)
            && (heightCompact == nil || heightCompact == screen.heightCompact)
    }

    /// How many classes it names: variations apply from the least specific to the most.
    public var specificity: Int { (widthCompact == nil ? 0 : 1) + (heightCompact == nil ? 0 : 1) }

    public var description: String {
        let word = { (compact: Bool?) in compact.map { $0 ? "compact" : "regular" } ?? "any" }
        return "width \(word(widthCompact)), height \(word(heightCompact))"
    }
}
