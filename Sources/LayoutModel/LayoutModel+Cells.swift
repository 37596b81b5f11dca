internal import LayoutVocabulary
internal import Cassowary

/// A table or collection view cell (`cell NAME`): the cell, placed by its frame as a table
/// places a row, and its content view `NAME.contentView`, whose size UIKit pins with
/// `UIView-Encapsulated-Layout-Width` and `-Height`.
public struct Cell: Sendable, Hashable {
    public enum Style: String, Sendable, CaseIterable { case table, collection }

    public let name: String
    public let style: Style
    /// The cell's frame size: the table's width and the row height (`heightForRowAt`), or the
    /// collection layout's item size.
    public internal(set) var width: Double
    public internal(set) var height: Double
    /// The hairline a table draws under each row (one pixel: 0.5 points without a scale), taken
    /// off the content view's height; 0 in a collection.
    public let separator: Double

    public var contentView: String { Self.contentViewName(of: name) }
    /// The height UIKit's encapsulated constraint gives the content view.
    public var contentHeight: Double { max(0, height - separator) }

    public static let contentViewMember = "contentView"
    public static func contentViewName(of cell: String) -> String { "\(cell).\(contentViewMember)" }
}

/// What `systemLayoutSizeFitting` gives a view, and the solved model it was read from (for
/// `explain`: its constraints have the session's ids, plus the two fitting constraints on
/// `measured`).
public struct FittingSize {
    /// The view that was solved alone: the one asked about, or a cell's content view.
    public let measured: String
    public let width: Double
    /// The measured view's height, plus a table cell's separator when a cell was asked about.
    public let height: Double
    /// What a table cell adds to its content view's height (0 for any other view).
    public let separator: Double
}

/// Cells that size themselves: `cell NAME [table|collection] [width W] [height H]`, `fit VIEW`,
/// `NAME.height = fit`.
///
/// A cell is a subview of the root that translates its autoresizing mask (a table sets a row's
/// frame): `h=--& v=--& NAME.width == W`, `NAME.height == H`. Its content view fills it from the
/// top left (`UIView-Encapsulated-Layout-Left`, `-Top`) and has the required size UIKit gives
/// it: `UIView-Encapsulated-Layout-Width` = W and `-Height` = H less the table's separator, so
/// content that needs more height than the row has is a required conflict, as in UIKit's logs.
/// A table cell's content view has margins 8 at the top and bottom and the view controller's
/// system minimum at the sides (16 without a device); a collection cell's the plain 8.
extension LayoutModel {
    public static let defaultRowHeight = 44.0

    public func isCell(_ name: String) -> Bool { cells[name] != nil }

    /// `cell NAME [table|collection] [width W] [height H] [at X,Y] [in VIEW]` (default: a table
    /// cell as wide as its superview, 44 high, at the root's top left). A storyboard's
    /// prototypes sit in their table or collection view where Interface Builder drew them.
    public func addCell(_ name: String, style: Cell.Style = .table, width: Double? = nil, height: Double? = nil,
                        in parent: String = rootName, x: Double = 0, y: Double = 0) throws(LayoutError) {
        try validateNewView(name)
        let width = width ?? (parent == Self.rootName ? rootWidth : frame(of: parent)?.width ?? rootWidth)
        let height = height ?? Self.defaultRowHeight
        try Self.checkCellLength(width)
        try Self.checkCellLength(height)
        try addAutoresizingView(name, in: parent, frame: Frame(x: x, y: y, width: width, height: height))
        let cell = Cell(name: name, style: style, width: width, height: height,
                        separator: style == .table ? 1 / (scale ?? 2) : 0)
        cells[name] = cell
        var content = makeViewInfo(name: cell.contentView, parent: name, depth: views[name]!.depth + 1)
        if style == .table {
            let side = systemMinimumMargins?.left ?? 16
            content.margins = EdgeInsets(top: 8, left: side, bottom: 8, right: side)
        }
        views[cell.contentView] = content
        views[name]!.children.append(cell.contentView)
        hierarchyChanges += 1
        viewList.append(cell.contentView)
        events.append(.viewAdded(cell.contentView))
        for (identifier, spec) in encapsulatedConstraints(of: cell) { addSystemConstraint(identifier, owner: name, spec) }
    }

    /// UIKit's constraints on a cell's content view: its origin at the cell's, its size the one
    /// the container decided.
    func encapsulatedConstraints(of cell: Cell) -> [(identifier: String, spec: ConstraintSpec)] {
        let content = cell.contentView
        func pin(_ edge: LayoutAttribute) -> ConstraintSpec {
            ConstraintSpec(firstItem: content, firstAttribute: edge, relation: .equal, secondItem: cell.name, secondAttribute: edge)
        }
        func size(_ dimension: LayoutAttribute, _ value: Double) -> ConstraintSpec {
            ConstraintSpec(firstItem: content, firstAttribute: dimension, relation: .equal, constant: value)
        }
        return [("UIView-Encapsulated-Layout-Left", pin(.left)), ("UIView-Encapsulated-Layout-Top", pin(.top)),
                ("UIView-Encapsulated-Layout-Width", size(.width, cell.width)),
                ("UIView-Encapsulated-Layout-Height", size(.height, cell.contentHeight))]
    }

    /// A new size for a cell (nil keeps that side), as the table gives it a new row height:
    /// its frame and its content view's encapsulated size change together.
    public func setCellSize(_ name: String, width: Double? = nil, height: Double? = nil) throws(LayoutError) {
        guard var cell = cells[name] else { throw .notACell(name) }
        for value in [width, height].compactMap({ $0 }) { try Self.checkCellLength(value) }
        cell.width = width ?? cell.width
        cell.height = height ?? cell.height
        cells[name] = cell
        // The row keeps its place in the table; only its size changes.
        let origin = autoresizing[name]!.frame
        autoresizing[name]!.frame = Frame(x: origin.x, y: origin.y, width: cell.width, height: cell.height)
        autoresizing[name]!.superviewSize = nil
        remakeAutoresizing(name)
        var changed = Set<String>()
        for (identifier, spec) in encapsulatedConstraints(of: cell) {
            let id = "\(name).\(identifier)"
            guard let record = constraints[id], record.spec != spec else { continue }
            constraints[id]!.spec = spec
            events.append(.changed(id: id, before: record))
            changed.insert(id)
        }
        applyAsOneChange(changed)
    }

    /// What `systemLayoutSizeFitting(CGSize(width: W, height: 0),
    /// withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`
    /// returns for `view` (W: its current width): the view and its subtree are solved on their
    /// own, with what holds the view from outside left out — constraints to views outside the
    /// subtree, and the frame its container gives it (encapsulated or autoresizing
    /// constraints) — and two constraints added, `width == W` required and `height == 0 @50`,
    /// so the height is the least the content's stronger constraints allow. A cell is measured
    /// by its content view, plus its separator, as `UITableViewCell` does. Wrapping text is laid
    /// out at the measured width (`layoutText`), so a label's line count follows that width.
    ///
    /// The measuring is done on this model inside an undo step that is then rolled back, so the
    /// model is left exactly as it was; `reading` sees the measuring model (to explain the
    /// height in its constraints' words) before that.
    /// - Complexity: what the constraints dropped and added change in the solver, twice (the
    ///   rollback costs what the measuring wrote), and the text passes when it has text.
    public func fittingSize<Read>(of view: String, width: Double? = nil,
                                  reading read: (LayoutModel, FittingSize) -> Read) throws(LayoutError) -> (size: FittingSize, read: Read) {
        guard let info = views[view] else { throw .unknownView(view) }
        if info.kind.isGuide { throw .guideCannotFit(view) }
        let width = width ?? frame(of: view)!.width
        try Self.checkCellLength(width)
        let measured = cells[view]?.contentView ?? view
        // The events of the change this measuring is part of (`NAME.height = fit`) stay.
        let events = takeEvents()
        let model = self
        beginStep()
        defer {
            rollBackStep()
            self.events = events
        }
        let inside = Set(model.subtree(of: measured))
        for id in model.constraintOrder {
            guard let record = model.constraints[id] else { continue }
            var heldFromOutside = !record.items.allSatisfy(inside.contains)
            if case .system(_, let owner) = record.kind, !inside.contains(owner) { heldFromOutside = true }
            if case .autoresizing = record.kind, record.spec.firstItem == measured { heldFromOutside = true }
            if heldFromOutside { model.dropConstraint(id) }
        }
        model.addSystemConstraint("fittingSize-width", owner: measured,
                                  ConstraintSpec(firstItem: measured, firstAttribute: .width, relation: .equal, constant: width))
        model.addSystemConstraint("fittingSize-height", owner: measured,
                                  ConstraintSpec(firstItem: measured, firstAttribute: .height, relation: .equal, constant: 0,
                                                 priority: .fittingSizeLevel))
        model.retryBroken()
        // Wrapping text is laid out again at the width being measured: a label that wraps to
        // three lines in a narrow cell is what makes the row taller (UIKit's two passes).
        model.layoutText()
        let size = model.frame(of: measured)!
        let separator = cells[view]?.separator ?? 0
        let fit = FittingSize(measured: measured, width: size.width, height: size.height + separator, separator: separator)
        return (fit, read(model, fit))
    }

    /// The fitting size alone (see `fittingSize(of:width:reading:)`).
    public func fittingSize(of view: String, width: Double? = nil) throws(LayoutError) -> FittingSize {
        try fittingSize(of: view, width: width, reading: { _, _ in () }).size
    }

    static func checkCellLength(_ value: Double) throws(LayoutError) {
        try checkMagnitude(value, .cellSize)
        if value < 0 { throw .negativeLength(.cellSize, value) }
    }
}
