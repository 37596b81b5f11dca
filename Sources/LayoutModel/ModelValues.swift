public import LayoutVocabulary
/// Small value types the model hands out: frames, errors, events, broken constraints.

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

/// Why the model refused an operation. Nothing changed when one is thrown.
///
/// Each case carries what the refusal is about (names, values, the offending spec), never
/// words: the shell says it in plain words and shows the legal way to write it, and other
/// front ends (importers, exporters) may say it their own way.
public enum LayoutError: Error, Hashable, Sendable {
    /// A number the model was handed, named so a refusal can say which one it was.
    public enum Quantity: Hashable, Sendable {
        case constant, rootWidth, rootHeight, margin, intrinsicSize, safeArea, cellSize, keyboardHeight
    }

    // MARK: Names
    case unknownView(String)
    case unknownConstraint(String)
    /// A new view's name is not a C identifier.
    case invalidViewName(String)
    /// `root` is the window; a view cannot take its name.
    case rootAlreadyExists
    case viewExists(String)
    /// A new view's name has the form of a constraint id (`c3`).
    case viewNameLooksLikeConstraintID(String)
    /// A new view's name is already a constraint's alias.
    case viewNameIsConstraintName(String, constraint: String)
    /// A constraint alias is not a C identifier.
    case invalidConstraintName(String)
    /// A constraint alias has the form of a constraint id (`c3`).
    case constraintNameLooksLikeID(String)
    case constraintNameTaken(String, by: String)
    case constraintNameIsView(String)

    // MARK: Numbers
    /// NaN or an infinity.
    case notFinite(Quantity, Double)
    /// Beyond `LayoutModel.maxMagnitude`.
    case tooLarge(Quantity, Double)
    /// Outside Apple's (0, 1000]; the one check every way of giving a priority goes through.
    case priorityOutOfRange(Double)
    /// |multiplier| beyond `LayoutModel.maxMultiplier` (or non-zero below its inverse).
    case multiplierOutOfRange(Double)
    case negativeRootSize
    case negativeIntrinsicSize
    /// The solution the solver reached in doubles leaves a required, unbroken constraint off by
    /// more than `LayoutModel.precisionTolerance` of the size of its terms: the numbers of the
    /// layout are too far apart (multipliers, constants) to solve exactly. The change is refused.
    case precisionLost(constraint: String, violation: Double)

    // MARK: Apple's legality rules (the spec as given; `superview` is the first item's)
    /// `a.left == 20`: a location attribute against a bare constant.
    case locationEqualsConstant(ConstraintSpec, superview: String)
    /// `a.left == 0 * b.left + 20`: the same thing in disguise.
    case zeroMultiplierOnLocation(ConstraintSpec, superview: String)
    /// `a.width == 0 * b.width + 5`: the second item plays no part.
    case zeroMultiplierIgnoresSecondItem(ConstraintSpec)
    /// A width or height related to a location.
    case sizeRelatedToLocation(ConstraintSpec)
    /// A horizontal location related to a vertical one.
    case locationsOnDifferentAxes(ConstraintSpec)
    /// Leading/trailing related to left/right.
    case directionalRelatedToAbsolute(ConstraintSpec)
    /// Apple refuses to move an installed constraint between required and optional.
    case priorityChangeAcrossRequired(id: String, from: LayoutPriority, to: LayoutPriority)

    // MARK: Intrinsic-size constraints and the root
    /// A hugging/resistance constraint belongs to its view's intrinsic size.
    case implicitConstraintNotRemovable(id: String, view: String)
    case implicitConstraintAlwaysActive(String)
    case implicitConstantFromIntrinsicSize(id: String, view: String)
    /// The root's size is the window's, not an intrinsic one.
    case rootHasNoIntrinsicSize
    /// The view is missing, or is the root.
    case noIntrinsicSizeToChange(String)
    /// `preferredMaxLayoutWidth` on a view without wrapping text.
    case noText(String)
    case rootNotRemovable

    // MARK: Layout guides, devices, pixels
    /// `view a in g`: a layout guide is never a superview.
    case guideCannotHaveSubviews(String)
    /// A layout guide has no content, so no intrinsic size and no content priorities.
    case guideHasNoIntrinsicSize(String)
    /// A layout guide has no layout margins (nor a margins or safe-area guide of its own).
    case guideHasNoMargins(String)
    /// UILayoutGuide has edges, centers and sizes only: no baselines, no margin attributes.
    case guideHasNoAttribute(String, LayoutAttribute)
    /// The root has no superview, so no superview margins to preserve.
    case rootHasNoSuperview
    /// `root.safeArea` and `v.margins` belong to their view: they go with it.
    case systemGuideNotRemovable(String)
    /// A constraint UIKit makes itself (`UIViewSafeAreaLayoutGuide-top`): only the setting
    /// that made it (the safe area, the owner's margins) changes it.
    case systemConstraintNotEditable(id: String, identifier: String, owner: String)
    case negativeSafeArea
    case unknownDevice(String)
    /// A screen scale other than 1, 2 or 3.
    case unsupportedScale(Double)

    // MARK: Stack views and autoresizing masks
    case notAStack(String)
    /// A view named twice among a stack's arranged views (or the stack itself among them).
    case arrangedTwice(String)
    case notArranged(String, stack: String)
    case arrangedIndexOutOfRange(Int, count: Int)
    case rootCannotBeArranged
    case guideCannotBeArranged(String)
    /// Arranging a view in a stack inside it.
    case arrangedContainsStack(String, stack: String)
    /// UIKit's baseline alignments are for horizontal stacks.
    case baselineAlignmentInVerticalStack(String)
    case rootCannotHide
    /// `v.autoresizing = …` on a view that does not translate its mask.
    case notTranslatingAutoresizingMask(String)
    case rootHasNoAutoresizing
    /// A stack turns its arranged views' translatesAutoresizingMaskIntoConstraints off.
    case arrangedViewCannotTranslate(String, stack: String)

    // MARK: Cells, scroll views, the keyboard
    /// `fit`, `cell NAME height fit` or `NAME.height = fit` on a view that is not a cell.
    case notACell(String)
    /// `s.contentLayoutGuide` / `s.frameLayoutGuide` on a view that is not a scroll view.
    case notAScrollView(String)
    /// Only the root has a keyboard layout guide here (`root.keyboard`).
    case keyboardOnlyOnRoot(String)
    /// A cell's content view belongs to it: it goes with the cell.
    case contentViewNotRemovable(String)
    /// A cell's width or height, or the keyboard's height, below 0.
    case negativeLength(Quantity, Double)
    /// `fit` on a layout guide, which has no subviews to fit.
    case guideCannotFit(String)
    /// `vary NAME.installed`: the view (or `holding`, in it) is a stack, cell, scroll view or
    /// guide, whose own parts are not kept while it is out.
    case viewCannotBeUninstalled(String, holding: String)
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
///
/// The cases that carry a record or a conflict are indirect: an event is kept for every
/// constraint a step adds (a `load` of a 10 000-view script keeps 50 000), and inline they made
/// every event as wide as a whole record (about 180 bytes), where a name takes 16.
public enum ModelEvent: Sendable {
    case added(String)
    indirect case removed(ConstraintRecord)
    indirect case changed(id: String, before: ConstraintRecord)
    indirect case conflict(Conflict)
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
    /// The canonical text, made when a report prints it: a report's state keeps one of these
    /// for every broken constraint (most widths of a squeezed 100 000-view chain).
    public var text: String { ConstraintRecord.text(spec, mask: autoresizingMask) }
    /// The mask of an `NSAutoresizingMaskLayoutConstraint` (its text shows it), else nil.
    var autoresizingMask: AutoresizingMask?
    public var priority: Double
    /// True for a required constraint that was broken to resolve a conflict.
    public var isBrokenRequired: Bool
    /// What the right-hand side asks for, and what the first item's attribute got.
    public var wanted: Double
    public var got: Double
    /// |got − wanted| for `==`; the shortfall for `>=`/`<=`; in points.
    public var error: Double
    /// What the constraint says, for reading the numbers from the side of the view that moved.
    public var spec: ConstraintSpec
    /// The first item contains the second (`root.trailing == c.trailing + 20`): the second is
    /// the view that moved, so the numbers read best from its side.
    public var secondItemMoved: Bool
    /// Leading and trailing under right-to-left: the constant counts leftwards and the relation
    /// bounds the mirrored side (`>=` is "at most" in x). `got`/`wanted` are still x from the
    /// left edge, as frames are.
    public var isMirrored: Bool
}

