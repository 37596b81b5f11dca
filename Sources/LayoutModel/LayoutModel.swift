public import LayoutVocabulary
public import UndoTrail
internal import Cassowary

/// What an item of the hierarchy is: a view, or a layout guide (a rectangle with a frame in its
/// owner's coordinates that constraints can name, but that has no subviews, no intrinsic size
/// and no margins of its own).
public enum ItemKind: Sendable, Hashable {
    case view
    /// `guide g [in v]`: a `UILayoutGuide` the user added.
    case guide
    /// `root.safeArea`: the root's `safeAreaLayoutGuide`.
    case safeAreaGuide
    /// `v.margins`: a view's `layoutMarginsGuide`.
    case marginsGuide
    /// A spacer a stack view makes for itself (`_UILayoutSpacer 'UISV-alignment-spanner'`,
    /// `_UIOLAGapGuide 'UISV-distributing'`): constrained on one axis only, by design.
    case stackSpacer
    /// `s.contentLayoutGuide`: a scroll view's content area (its size is the content size).
    case contentGuide
    /// `s.frameLayoutGuide`: a scroll view's frame, in its own (content) coordinates.
    case frameGuide
    /// `root.keyboard`: the root's `keyboardLayoutGuide`.
    case keyboardGuide

    public var isGuide: Bool { self != .view }
}

/// A view (or a layout guide) as the model keeps it.
public struct ViewInfo: Sendable {
    // Stored without padding (the views' table keeps one per slot: 80 bytes, it was 240, then
    // 120, then 96): the eight-byte fields, the settings few views change (priorities,
    // margins, wrapping text) in one box, the intrinsic sizes (whether each is set is a flag),
    // then `x`, depth and serial in four bytes each, the kind and the flags in a byte each.
    // Test: `ViewInfoLayoutTests`.
    public let name: String
    /// nil only for the root. For a guide: its owning view.
    public internal(set) var parent: String?
    public internal(set) var children: [String] = []
    private var storedSettings = StoredSettings.standard
    /// The intrinsic sizes when `Flag.intrinsicWidth` / `.intrinsicHeight` say they are set,
    /// else 0 (a `Double?` took nine bytes and seven of padding).
    private var storedIntrinsicWidth = 0.0
    private var storedIntrinsicHeight = 0.0
    /// `x`'s id (variables are numbered from 0, one per solver variable ever made: far below 2³¹).
    private let storedX: Int32
    private var storedDepth: Int32
    private let storedSerial: Int32
    public let kind: ItemKind
    /// The four settings below and whether each intrinsic size is set, a bit each.
    private var flags = ByteFlags(Flag.insetsMarginsFromSafeArea)

    private enum Flag {
        static let marginsAreDirectional: UInt8 = 1
        static let preservesSuperviewMargins: UInt8 = 2
        static let insetsMarginsFromSafeArea: UInt8 = 4
        static let isHidden: UInt8 = 8
        static let intrinsicWidth: UInt8 = 16
        static let intrinsicHeight: UInt8 = 32
    }

    /// The view's four unknowns: its frame in its SUPERVIEW's coordinates (see `LayoutModel`).
    /// They are four consecutive ids (`VariableOwners.add` requires it), so only `x` is kept:
    /// the three others were 24 bytes of every view.
    var x: Variable { Variable(id: Int(storedX)) }
    var y: Variable { Variable(id: Int(storedX) + 1) }
    var width: Variable { Variable(id: Int(storedX) + 2) }
    var height: Variable { Variable(id: Int(storedX) + 3) }

    /// Intrinsic content size per axis; nil = none (`UIView.noIntrinsicMetric`).
    public internal(set) var intrinsicWidth: Double? {
        get { flags[Flag.intrinsicWidth] ? storedIntrinsicWidth : nil }
        set {
            storedIntrinsicWidth = newValue ?? 0
            flags[Flag.intrinsicWidth] = newValue != nil
        }
    }
    public internal(set) var intrinsicHeight: Double? {
        get { flags[Flag.intrinsicHeight] ? storedIntrinsicHeight : nil }
        set {
            storedIntrinsicHeight = newValue ?? 0
            flags[Flag.intrinsicHeight] = newValue != nil
        }
    }
    public internal(set) var marginsAreDirectional: Bool {
        get { flags[Flag.marginsAreDirectional] }
        set { flags[Flag.marginsAreDirectional] = newValue }
    }
    /// `preservesSuperviewLayoutMargins`: the margins are at least the superview's margins
    /// that reach into the view (`LayoutModel+InheritedMargins.swift`).
    public internal(set) var preservesSuperviewMargins: Bool {
        get { flags[Flag.preservesSuperviewMargins] }
        set { flags[Flag.preservesSuperviewMargins] = newValue }
    }
    /// `insetsLayoutMarginsFromSafeArea`: the margins are measured from the view's safe area.
    public internal(set) var insetsMarginsFromSafeArea: Bool {
        get { flags[Flag.insetsMarginsFromSafeArea] }
        set { flags[Flag.insetsMarginsFromSafeArea] = newValue }
    }
    /// `isHidden`: an arranged subview of a stack collapses (`UISV-hiding`); any other view
    /// keeps taking part in the layout, as in UIKit.
    public internal(set) var isHidden: Bool {
        get { flags[Flag.isHidden] }
        set { flags[Flag.isHidden] = newValue }
    }

    /// How deep in the hierarchy (the root is 0).
    public internal(set) var depth: Int {
        get { Int(storedDepth) }
        set { storedDepth = Int32(newValue) }
    }
    /// Creation order (root is 0).
    public var serial: Int { Int(storedSerial) }
    public internal(set) var huggingH: LayoutPriority {
        get { settings.huggingH }
        set { settings.huggingH = newValue }
    }
    public internal(set) var huggingV: LayoutPriority {
        get { settings.huggingV }
        set { settings.huggingV = newValue }
    }
    public internal(set) var resistanceH: LayoutPriority {
        get { settings.resistanceH }
        set { settings.resistanceH = newValue }
    }
    public internal(set) var resistanceV: LayoutPriority {
        get { settings.resistanceV }
        set { settings.resistanceV = newValue }
    }
    /// The margins as last set: absolute (`margins`, left/right) or, when
    /// `marginsAreDirectional`, leading/trailing in `left`/`right` (`directionalMargins`).
    /// The root's effective margins also take in the safe area and the system minimum: see
    /// `effectiveMargins(of:)`.
    public internal(set) var margins: EdgeInsets {
        get { settings.margins }
        set { settings.margins = newValue }
    }
    /// Wrapping text (`view NAME text WxH`): the intrinsic size follows the width it gets.
    public internal(set) var text: WrappingText? {
        get { settings.text }
        set { settings.text = newValue }
    }

    /// The settings few views change from UIKit's defaults, kept together.
    private struct Settings: Equatable, Sendable {
        var huggingH = LayoutPriority.defaultLow
        var huggingV = LayoutPriority.defaultLow
        var resistanceH = LayoutPriority.defaultHigh
        var resistanceV = LayoutPriority.defaultHigh
        var margins = EdgeInsets.standard
        var text: WrappingText?

        static let standard = Settings()
    }

    /// `Settings` in eight bytes: nothing while they are the defaults, else a box. Inline they
    /// took 104 bytes of every view; a write back to the defaults drops the box.
    private enum StoredSettings: Sendable {
        case standard
        indirect case changed(Settings)
    }

    private var settings: Settings {
        get { if case .changed(let settings) = storedSettings { settings } else { .standard } }
        set { storedSettings = newValue == .standard ? .standard : .changed(newValue) }
    }

    init(name: String, parent: String?, kind: ItemKind, depth: Int, serial: Int,
         x: Variable, y: Variable, width: Variable, height: Variable) {
        self.name = name
        self.parent = parent
        self.kind = kind
        // Depths and serials count views and constraints ever made: far below 2³¹.
        self.storedDepth = Int32(depth)
        self.storedSerial = Int32(serial)
        precondition(y.id == x.id + 1 && width.id == x.id + 2 && height.id == x.id + 3,
                     "a view's variables are four consecutive ids")
        self.storedX = Int32(x.id)
    }

    public func hugging(_ axis: LayoutAttribute.Axis) -> LayoutPriority { axis == .horizontal ? huggingH : huggingV }
    public func resistance(_ axis: LayoutAttribute.Axis) -> LayoutPriority { axis == .horizontal ? resistanceH : resistanceV }
    public func intrinsic(_ axis: LayoutAttribute.Axis) -> Double? { axis == .horizontal ? intrinsicWidth : intrinsicHeight }
}

/// Auto Layout's semantics on top of the Cassowary solver: a view hierarchy under `root`,
/// `NSLayoutConstraint`s with Apple's legality rules, intrinsic content size, margins, layout
/// direction, required conflicts, broken and ambiguous values. Knows nothing of text or terminals.
///
/// ## Coordinates
/// Each view has four solver variables: x, y, width, height of its frame in its **superview's**
/// coordinate system — exactly the numbers reported. A constraint is read in the coordinate
/// system of the closest common ancestor G of its items (for `a.width == 100`, a's superview):
/// a location of view v in G's coordinates is the sum of the x (or y) of v and of each of its
/// ancestors below G, plus the attribute's offset (width for right, width/2 for centerX, the
/// margin for leftMargin, …). So `a.centerX == 0.5 * root.centerX` puts a's center at a quarter
/// of the root's width even when a is nested deep inside, and siblings and parent/child
/// constraints (the usual case) stay two or three terms long.
///
/// ## Direction
/// In right-to-left, leading is the right edge and trailing the left one, and a constraint
/// that names leading/trailing (or their margins) is read in G's mirrored coordinates
/// (x' = G.width − x), so offsets flip sign too: `b.leading == a.trailing + 8` puts b 8 points
/// to the LEFT of a. The whole layout mirrors, multipliers included. Left/right never flip.
///
/// ## Baselines
/// Without font metrics, a baseline model: for a view with an intrinsic height h,
/// `firstBaseline` is at top + h (the bottom of its first "line") and `lastBaseline` (=
/// `baseline`) at its bottom edge; a view without an intrinsic height has all three at its
/// bottom edge (as a plain UIView). A one-line label sized to fit has both at its bottom.
///
/// ## Ambiguity
/// Reported per frame component: a view is ambiguous in x when its frame's x (in its superview)
/// differs between two optimal layouts. The solver's exact answer on the frame variables is the
/// answer: a subview pinned inside an ambiguous container is not itself ambiguous — the
/// container is the one reported.
///
/// ## Conflicts
/// A required constraint the solver cannot satisfy is not refused: it is installed at the
/// internal priority (`Strength.optional(1000)`, above every user priority) and marked broken;
/// the conflict (minimal set + the broken one) is recorded as an event. Broken constraints are
/// retried as required after every change that could free them. When a root resize or a
/// constant/margin change meets a conflict, the newest other member is broken (the window's
/// size always holds).
///
/// ## Sizes
/// No width or height is ever negative: every item but the root has the required implicit
/// constraints `width >= 0` and `height >= 0`, as in Auto Layout's engine
/// (`LayoutModel+ImplicitConstraints.swift`). They are never the one broken.
public final class LayoutModel {
    public static let rootName = "root"
    /// The largest |constant|, intrinsic size, margin or root size accepted (points): 1e9.
    /// Beyond it, doubles lose the precision a layout needs.
    public static let maxMagnitude = 1e9
    /// The largest |multiplier| accepted (and 1/it the smallest non-zero one).
    public static let maxMultiplier = 1e6
    /// Where a broken required constraint lives: above every priority a user can write (< 1000),
    /// so it is the first to be satisfied again.
    static let brokenStrength = Strength.optional(1000)

    /// The solver trails itself (`Solver.beginStep`): `beginStep` here opens its step too.
    let solver: Solver
    /// The views and guides by name (`TrailedSlotDictionary`: the records in an array, the hash
    /// table holding their slots).
    public internal(set) var views = TrailedSlotDictionary<String, ViewInfo>()
    /// View names in creation order, root first.
    /// - Complexity: O(1), but O(views) at the first read after a view was removed.
    public var viewOrder: [String] { viewList.cachedNames() }
    /// The views in creation order, with holes where views were removed (`ListingOrder`):
    /// closing the gap recorded a move of every later view.
    var viewList = ListingOrder<String>()
    public internal(set) var constraints = ConstraintTable()
    /// Constraint ids in creation order (implicit ones included).
    /// - Complexity: O(constraints): the ids are read from the table by slot.
    public var constraintOrder: [String] { constraintList.names.compactMap { constraints.id(inSlot: Int($0)) } }
    /// The constraints in creation order as their slots in `constraints` (with holes where
    /// constraints were removed): a slot is 4 bytes where an id string was 16, and stays the
    /// record's through undo, as the table journals every write.
    var constraintList = ListingOrder<Int32>()
    /// Names of the layout guides (user and system) among `views`.
    public internal(set) var guideNames = TrailedSet<String>()
    /// The model's scalars, saved whole at each undo step (a few words; see `Scalars`).
    var scalars: TrailedValue<Scalars>
    /// For each item, the constraints that name it, by their slots in `constraints` (4 bytes
    /// each where an id was a 16-byte string; a slot stays its record's until the record goes,
    /// and a rollback leaves every slot as it was). Read through `constraintIDs(touching:)`.
    var touching = TrailedMultimap<String, Int32>()
    /// How many times the hierarchy changed (an item added, removed or moved to another
    /// parent): a reader that keeps something derived from the tree (the outline order of a
    /// report) rebuilds it only when this moved. It only grows, a rollback too bumps it
    /// (`rollBackStep`), so it is outside the trail.
    public internal(set) var hierarchyChanges = 0
    /// How many times views may have left `viewOrder` or come back into it (a removal, a
    /// rollback): a reader that keeps a list in view order, and otherwise only appends the
    /// views made since, reads it in step again when this moved. Only grows, outside the trail
    /// as `hierarchyChanges` is.
    public internal(set) var viewOrderBreaks = 0
    /// How many times the views the margins' layout looks at, or their order, may have
    /// changed: a margin read, a setting, a view removed or moved, a rollback (adding a view
    /// does not count: a new view reads no margins yet). Only grows; the key of
    /// `marginViewsCache`.
    var marginViewChanges = 0
    /// The margins' layout's views in the order it takes them (`frameDependentMarginViews`),
    /// kept while `marginViewChanges` stays: sorting them cost more than laying them out.
    var marginViewsCache: (key: Int, names: [String])?
    /// For each solver variable (by id), the view it belongs to: reports ask the solver which
    /// variables changed and look only at those views.
    var variableOwners = VariableOwners()
    /// For each solver variable, the slots (`ConstraintTable`) of the constraints whose
    /// expressions name it although it is neither item's own: an ancestor's position on the
    /// way up to the view the constraint is read in, an item read in another's place (a scroll
    /// view's content area). A constraint is found by the variables its own items hold through
    /// `touching`, under the variable's owner, so only these are kept here: a chain of siblings
    /// keeps none, where a list of every variable's constraints was ~160 bytes a view. Together
    /// a superset (`constraintIDs(naming:)`): entries of removed or rebuilt constraints may
    /// linger, and a slot may hold another constraint since.
    var constraintsByForeignVariable = TrailedArray<ConstraintSlots>()
    /// Constraints added, removed or changed since the last `takeResultChanges`: a list of what
    /// reports must look at again, not state (a rollback adds what it put back).
    var changedConstraintIDs: Set<String> = []
    /// What the model calls each constraint in the solver (read and written as ids through
    /// `bySolverID`).
    var solverNames = SolverConstraintNames()
    /// The window's size, a required constraint each, made first in every model (never again).
    let rootWidthID: ConstraintID!
    let rootHeightID: ConstraintID!
    /// Each item's `width >= 0` and `height >= 0` (`LayoutModel+ImplicitConstraints.swift`), by
    /// the item's place in `variableOwners` (nil for the root and once the item is gone): 24
    /// bytes an item, where a table keyed by name took some 53 per view.
    var sizeFloors = TrailedArray<SizeFloors?>()
    /// What the operations since the last `takeEvents` did, for the report: not state.
    var events: [ModelEvent] = []

    /// The model's single values and the tables that stay small (stacks, cells, …), kept
    /// together so that an undo step saves them in one entry: a container each cost a step
    /// more to open than all of these to save, and a write copies only a small table.
    struct Scalars {
        var direction: LayoutDirection = .leftToRight
        var rootWidth: Double
        var rootHeight: Double
        var nextNumber = 1
        var serialCounter = 0
        var mayLosePrecision = false
        var lastTextLayout = TextLayoutOutcome()
        var safeAreaInsets = EdgeInsets(all: 0)
        var systemMinimumMargins: EdgeInsets?
        var scale: Double?
        var device: (device: Device, landscape: Bool)?
        var bars = Bars.none
        var keyboardHeight: Double?
        var textViewNames: Set<String> = []
        var names: [String: String] = [:]
        var brokenRequired: Set<String> = []
        var stacks: [String: StackView] = [:]
        var arrangedIn: [String: String] = [:]
        var autoresizing: [String: AutoresizingState] = [:]
        var cells: [String: Cell] = [:]
        var scrollViews: Set<String> = []
        var marginUsers: Set<String> = []
        var marginInputs: [String: FrameDependentInsets] = [:]
        var preservingViews: Set<String> = []
    }

    /// user alias → id
    public internal(set) var names: [String: String] {
        get { scalars.value.names }
        _modify { yield &scalars.value.names }
    }
    /// Required constraints currently broken (retried after every change).
    var brokenRequired: Set<String> {
        get { scalars.value.brokenRequired }
        _modify { yield &scalars.value.brokenRequired }
    }
    /// The views with wrapping text: kept so that a session without any pays nothing for the
    /// text layout after each change.
    var textViewNames: Set<String> {
        get { scalars.value.textViewNames }
        _modify { yield &scalars.value.textViewNames }
    }
    /// Stack views by name (`LayoutModel+Stacks.swift`).
    public internal(set) var stacks: [String: StackView] {
        get { scalars.value.stacks }
        _modify { yield &scalars.value.stacks }
    }
    /// Each arranged subview's stack.
    public internal(set) var arrangedIn: [String: String] {
        get { scalars.value.arrangedIn }
        _modify { yield &scalars.value.arrangedIn }
    }
    /// Views that translate their autoresizing mask into constraints
    /// (`LayoutModel+Autoresizing.swift`).
    public internal(set) var autoresizing: [String: AutoresizingState] {
        get { scalars.value.autoresizing }
        _modify { yield &scalars.value.autoresizing }
    }
    /// Table and collection cells by name (`LayoutModel+Cells.swift`).
    public internal(set) var cells: [String: Cell] {
        get { scalars.value.cells }
        _modify { yield &scalars.value.cells }
    }
    /// Scroll views (`LayoutModel+ScrollViews.swift`).
    public internal(set) var scrollViews: Set<String> {
        get { scalars.value.scrollViews }
        _modify { yield &scalars.value.scrollViews }
    }

    /// Views other than the root whose margins or safe area a constraint or guide reads, or
    /// that preserve their superview's margins: the views the margins' layout looks at (a
    /// superset: an entry may outlive what made it).
    var marginUsers: Set<String> {
        get { scalars.value.marginUsers }
        _modify { yield &scalars.value.marginUsers }
    }
    /// The views with `preservesSuperviewMargins` on.
    var preservingViews: Set<String> {
        get { scalars.value.preservingViews }
        _modify { yield &scalars.value.preservingViews }
    }
    /// What each view's margins take in from where it lies, as of the last layout (views
    /// with none are left out): `LayoutModel+InheritedMargins.swift`.
    var marginInputs: [String: FrameDependentInsets] {
        get { scalars.value.marginInputs }
        _modify { yield &scalars.value.marginInputs }
    }

    public internal(set) var direction: LayoutDirection {
        get { scalars.value.direction }
        _modify { yield &scalars.value.direction }
    }
    public internal(set) var rootWidth: Double {
        get { scalars.value.rootWidth }
        _modify { yield &scalars.value.rootWidth }
    }
    public internal(set) var rootHeight: Double {
        get { scalars.value.rootHeight }
        _modify { yield &scalars.value.rootHeight }
    }
    /// The number the next user constraint gets (`c\(nextNumber)`).
    public internal(set) var nextNumber: Int {
        get { scalars.value.nextNumber }
        _modify { yield &scalars.value.nextNumber }
    }
    var serialCounter: Int {
        get { scalars.value.serialCounter }
        _modify { yield &scalars.value.serialCounter }
    }
    /// Set once a user constraint's numbers are far enough apart for doubles to matter
    /// (`LayoutModel+Precision.swift`); until then `checkPrecision` has nothing to look at.
    public internal(set) var mayLosePrecision: Bool {
        get { scalars.value.mayLosePrecision }
        _modify { yield &scalars.value.mayLosePrecision }
    }
    /// How the last `layoutText` ended (for reports and `explain`).
    public internal(set) var lastTextLayout: TextLayoutOutcome {
        get { scalars.value.lastTextLayout }
        _modify { yield &scalars.value.lastTextLayout }
    }
    /// The root's safe-area insets (`safearea T,L,B,R`; absolute: left is left in RTL too).
    public internal(set) var safeAreaInsets: EdgeInsets {
        get { scalars.value.safeAreaInsets }
        _modify { yield &scalars.value.safeAreaInsets }
    }
    /// The view controller's `systemMinimumLayoutMargins` (leading/trailing in left/right), set
    /// by a device; nil while the root is a bare window (no minimum).
    public internal(set) var systemMinimumMargins: EdgeInsets? {
        get { scalars.value.systemMinimumMargins }
        _modify { yield &scalars.value.systemMinimumMargins }
    }
    /// The screen scale that reported frames are rounded to (pixels per point); nil: exact.
    public internal(set) var scale: Double? {
        get { scalars.value.scale }
        _modify { yield &scalars.value.scale }
    }
    /// The device the root was last set to (`device`), or nil.
    public internal(set) var device: (device: Device, landscape: Bool)? {
        get { scalars.value.device }
        _modify { yield &scalars.value.device }
    }
    /// The bars the root's view controller sits under (`LayoutModel+Bars.swift`): part of
    /// `safeAreaInsets`, kept through a `device` change.
    public internal(set) var bars: Bars {
        get { scalars.value.bars }
        _modify { yield &scalars.value.bars }
    }
    /// The keyboard's height while it is shown (`LayoutModel+Keyboard.swift`); nil: hidden.
    public internal(set) var keyboardHeight: Double? {
        get { scalars.value.keyboardHeight }
        _modify { yield &scalars.value.keyboardHeight }
    }

    public init(width: Double = 375, height: Double = 667) {
        solver = Solver()
        scalars = TrailedValue(Scalars(rootWidth: width, rootHeight: height))
        // The root's four variables, made before anything can name them (`makeViewInfo` needs
        // the whole model, which needs the root's size constraints first).
        let x = solver.makeVariable(), y = solver.makeVariable()
        let rootWidthVariable = solver.makeVariable(), rootHeightVariable = solver.makeVariable()
        // The root's origin is (0, 0); its size is a required edit made through setConstant.
        _ = try? solver.addConstraint(Expression([Term(x)]), .equal, .required)
        _ = try? solver.addConstraint(Expression([Term(y)]), .equal, .required)
        rootWidthID = try? solver.addConstraint(Expression([Term(rootWidthVariable)], constant: -width), .equal, .required)
        rootHeightID = try? solver.addConstraint(Expression([Term(rootHeightVariable)], constant: -height), .equal, .required)
        let root = ViewInfo(name: Self.rootName, parent: nil, kind: .view, depth: 0, serial: 0,
                            x: x, y: y, width: rootWidthVariable, height: rootHeightVariable)
        variableOwners.add(root.name, x: x, y: y, width: rootWidthVariable, height: rootHeightVariable)
        views[root.name] = root
        viewList.append(root.name)
        solverNames[rootWidthID] = .floor(item: 0, isWidth: true)
        solverNames[rootHeightID] = .floor(item: 0, isWidth: false)
    }

    func makeViewInfo(name: String, parent: String?, depth: Int, kind: ItemKind = .view) -> ViewInfo {
        let info = ViewInfo(
            name: name, parent: parent, kind: kind, depth: depth, serial: viewList.count == 0 ? 0 : nextSerial(),
            x: solver.makeVariable(), y: solver.makeVariable(),
            width: solver.makeVariable(), height: solver.makeVariable())
        variableOwners.add(name, x: info.x, y: info.y, width: info.width, height: info.height)
        if parent != nil { addSizeFloors(info) }
        return info
    }

    /// Notes the variables a stored constraint's expression names that are neither item's own
    /// (`constraintsByForeignVariable`).
    /// - Complexity: O(terms × entries of each such variable), to keep each entry once.
    func index(slot: Int32, _ record: ConstraintRecord) {
        let firstItem = record.firstItem, secondItem = record.secondItem
        for term in record.allSideTerms {
            let variable = term.variable.id
            let owner = variable < variableOwners.count ? variableOwners[variable] : nil
            if let owner, owner == firstItem || owner == secondItem { continue }
            if variable >= constraintsByForeignVariable.count {
                // Filled to its length, so grown by a quarter: doubling left up to half of it
                // written and unused (see `grownLength` in Cassowary).
                let count = constraintsByForeignVariable.count
                constraintsByForeignVariable.append(contentsOf: Array(repeating: ConstraintSlots(), count: max(variable + 1, count + count / 4 + 64) - count))
            }
            if !constraintsByForeignVariable[variable].contains(slot) { constraintsByForeignVariable[variable].append(slot) }
        }
    }

    /// The ids of the constraints whose expressions may name `variable`: those touching its
    /// owner and those naming it from afar (a superset; an id may come twice).
    func constraintIDs(naming variable: Variable) -> [String] {
        let id = variable.id
        var slots: [Int32] = []
        if id < variableOwners.count, let owner = variableOwners[id], let touchingSlots = touching[owner] {
            slots.append(contentsOf: touchingSlots)
        }
        if id < constraintsByForeignVariable.count { slots.append(contentsOf: constraintsByForeignVariable[id]) }
        return slots.compactMap { constraints.id(inSlot: Int($0)) }
    }

    /// Stores a new record, builds its expressions and notes the items it touches; installing
    /// it is the caller's business. `announced`: an `.added` event tells reports about it.
    /// `built`: the caller built the record's expressions already (`storeInstalled`).
    /// `id`: the record's id when the caller has it (a user id is made when read).
    func store(_ record: ConstraintRecord, id knownID: String? = nil, announced: Bool = true, built: Bool = false) {
        var record = record
        let id = knownID ?? record.id
        // Built before it goes into the table: built there, the new record would be journaled
        // as its slot's old value (a copy of every record a kept step adds).
        if !built { build(&record) }
        let slot: Int32
        if let known = constraints.slot(of: id) {
            slot = Int32(known)
            constraints[id] = record
        } else {
            slot = Int32(constraints.addNew(record, id: id))
        }
        index(slot: slot, record)
        constraintList.append(slot)
        // The spec's fields read in place (`record.spec` is made from them at each read).
        let firstItem = record.firstItem, secondItem = record.secondItem
        touching.insert(slot, into: firstItem)
        if let second = secondItem, second != firstItem { touching.insert(slot, into: second) }
        if record.firstAttribute.isMarginAttribute { noteMarginUser(firstItem) }
        if let second = secondItem, record.secondAttribute?.isMarginAttribute == true { noteMarginUser(second) }
        if announced { events.append(.added(id)) }
    }

    /// `store` and then `install` for a new active record, with the record put into the solver
    /// before it enters the table: installed from the table, it was read back out (a copy of
    /// the record) and its slot written again for the solver's id (a journal entry with the
    /// whole record). The solver sees the same call in the same state either way: it knows
    /// nothing of the model's tables. The bookkeeping of a new record stays `store`'s alone.
    /// - Precondition: `id` is the record's.
    func storeInstalled(_ record: ConstraintRecord, id: String) {
        var record = record
        build(&record)
        let outcome: ConstraintID?
        var conflicting: [ConstraintID] = []
        do {
            outcome = try solver.addConstraint(record.expression, record.relation, strength(record))
        } catch {
            outcome = nil
            conflicting = error.conflicting
        }
        record.solverID = outcome
        store(record, id: id, built: true)
        changedConstraintIDs.insert(id)
        if let sid = outcome {
            bySolverID[sid] = id
        } else {
            breakConstraint(id, conflict: conflictMembers(conflicting, plus: id))
        }
    }

    func nextSerial() -> Int {
        serialCounter += 1
        return serialCounter
    }

    /// Hands out the events of the operations since the last call.
    public func takeEvents() -> [ModelEvent] {
        defer { events = [] }
        return events
    }

    // MARK: - Looking things up

    public func view(_ name: String) -> ViewInfo? { views[name] }
    /// `view(name)?.serial`, for readers that check many views by it: the record itself is not
    /// copied out.
    public func serial(ofView name: String) -> Int? {
        guard let slot = views.slotsByKey[name] else { return nil }
        return views.valuesBySlot.withUnsafeBufferPointer { $0[Int(slot)]?.serial }
    }
    public func constraint(_ id: String) -> ConstraintRecord? { constraints[id] }
    /// An id or a user name → the id.
    public func resolveConstraint(_ idOrName: String) -> String? {
        if constraints[idOrName] != nil { return idOrName }
        return names[idOrName]
    }
    /// Constraints in creation order, optionally only those touching `view`.
    public func constraintRecords(touching view: String? = nil) -> [ConstraintRecord] {
        constraintList.names.compactMap { slot in
            guard let record = constraints.record(inSlot: Int(slot)) else { return nil }
            if let view, !record.items.contains(view) { return nil }
            return record
        }
    }
    /// The constraints naming any of `views`, in creation order (`constraints VIEW` lists a
    /// subtree's): the slots from the views' own index, so that only the records that touch them
    /// are read, not every record of the layout.
    /// - Complexity: O(constraints) look-ups of slots in a set, plus the touching records.
    package func constraintRecords(touchingAnyOf views: [String]) -> [ConstraintRecord] {
        var slots = Set<Int32>()
        for view in views { slots.formUnion(constraintSlots(touching: view)) }
        if slots.isEmpty { return [] }
        let wanted = Set(views)
        return constraintList.names.compactMap { slot in
            guard slots.contains(slot), let record = constraints.record(inSlot: Int(slot)), record.items.contains(where: wanted.contains) else { return nil }
            return record
        }
    }

    /// The view and its subviews, depth first, parents before children.
    public func subtree(of name: String) -> [String] {
        var result: [String] = []
        var stack = [name]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: (views[next]?.children ?? []).reversed())
        }
        return result
    }

    public static func isIdentifier(_ text: String) -> Bool {
        // Every character must be ASCII, and among ASCII scalars only a-z and A-Z are
        // alphabetic: read as bytes, without a look-up of Unicode properties per character.
        var isFirst = true
        for byte in text.utf8 {
            let isLetter = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || byte == UInt8(ascii: "_") || (isDigit && !isFirst) else { return false }
            isFirst = false
        }
        return !isFirst
    }

    /// Whether `text` has the form of a constraint id (`c` + digits), which views and names may not use.
    public static func looksLikeConstraintID(_ text: String) -> Bool {
        text.count > 1 && text.first == "c" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

}

extension ConstraintSpec {
    /// Whether the constraint names leading/trailing (or their margins), so direction matters.
    public var usesDirectionalAttribute: Bool {
        firstAttribute.isDirectional || (secondAttribute?.isDirectional ?? false)
    }
}
