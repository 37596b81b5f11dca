import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The layout reduced to what a picture of it shows, shared by `draw` (TerminalPicture.swift)
/// and `svg` (SVGPicture.swift): one rectangle per view of the subtree being drawn, in the
/// coordinates of the outermost view (its top-left corner at 0, 0), with what each picture
/// marks — ambiguity, clipping, degenerate sizes — and the broken constraints to list under it.
///
/// Frames are the model's, made absolute by adding the ancestors' origins (sizes are never
/// negative, but a size of 0 may come back from the solver as -1e-15: rectangles are
/// standardized, as CoreGraphics does); nothing outside the outermost view is drawn, and
/// `clipped` says what was cut.
package struct LayoutPicture: Sendable {
    /// A rectangle in points.
    struct Rect: Hashable, Sendable {
        var x, y, width, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }

        /// The same rectangle with a non-negative width and height (CGRectStandardize).
        var standardized: Rect {
            Rect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
        }
    }

    /// Which sides of a view's rectangle were cut off at the picture's edge.
    struct Edges: OptionSet, Hashable, Sendable {
        let rawValue: Int
        static let left = Edges(rawValue: 1), top = Edges(rawValue: 2)
        static let right = Edges(rawValue: 4), bottom = Edges(rawValue: 8)
    }

    /// One view as the picture draws it.
    package struct Box: Sendable {
        var name: String
        /// 0 for the outermost view, 1 for its subviews, …
        var depth: Int
        /// The frame as reports show it (superview coordinates, sizes as they are).
        var frame: Frame
        /// Where the view is, standardized, in the picture's coordinates.
        var rect: Rect
        /// The part of `rect` inside the picture; nil when the view lies wholly outside it.
        var visible: Rect?
        /// The sides of `rect` that lie outside the picture.
        var clipped: Edges
        /// The ambiguous values of its frame (empty: none).
        var ambiguous: [FrameComponent]
        /// True when an item of a broken constraint.
        var inBrokenConstraint: Bool

        var isAmbiguous: Bool { !ambiguous.isEmpty }
    }

    /// The outermost view (`root`, or the view `draw VIEW` zooms to).
    var focus: String
    /// The outermost view's size: the picture's extent, in points.
    var width: Double
    var height: Double
    /// Every view of the subtree, parents before children (the outermost view first), in the
    /// order the model keeps its subviews: later siblings are drawn over earlier ones.
    package var boxes: [Box]
    /// The broken constraints that touch a drawn view, in creation order, as reports write
    /// them (stretches included: `BrokenLine`).
    var broken: [BrokenLine]

    /// The views (other than the outermost one) that stick out of the picture, partly or wholly.
    var clippedBoxes: [Box] { boxes.dropFirst().filter { !$0.clipped.isEmpty } }

    /// The picture of `focus`'s subtree (nil: the root's, the whole layout) as the model has
    /// it now.
    package init(model: LayoutModel, focus: String? = nil) {
        let focus = focus ?? LayoutModel.rootName
        self.focus = focus
        let names = model.subtree(of: focus)
        let drawn = Set(names)
        let origin = model.absoluteOrigin(of: focus)
        let focusFrame = model.frame(of: focus) ?? Frame(x: 0, y: 0, width: 0, height: 0)
        // The picture's origin is the focus's top-left corner once standardized.
        let outer = Rect(x: origin.x, y: origin.y, width: focusFrame.width, height: focusFrame.height).standardized
        width = outer.width
        height = outer.height
        let brokenList = model.reportedBroken().filter { broken in
            model.constraint(broken.id)?.items.contains(where: drawn.contains) ?? false
        }.map(model.brokenLine)
        broken = brokenList
        // A view stretched as its hugging allows is not drawn as a failure.
        let brokenItems = Set(brokenList.filter { !$0.isStretch }.flatMap { model.constraint($0.id)?.items ?? [] })
        let baseDepth = model.view(focus)?.depth ?? 0
        boxes = names.map { name in
            let frame = model.frame(of: name) ?? Frame(x: 0, y: 0, width: 0, height: 0)
            let absolute = model.absoluteOrigin(of: name)
            let rect = Rect(x: absolute.x - outer.x, y: absolute.y - outer.y,
                            width: frame.width, height: frame.height).standardized
            let (visible, clipped) = name == focus
                ? (Rect(x: 0, y: 0, width: outer.width, height: outer.height), Edges())
                : Self.clip(rect, width: outer.width, height: outer.height)
            return Box(name: name, depth: (model.view(name)?.depth ?? baseDepth) - baseDepth, frame: frame,
                       rect: rect, visible: visible, clipped: clipped,
                       ambiguous: model.ambiguousComponents(of: name),
                       inBrokenConstraint: brokenItems.contains(name))
        }
    }

    /// `rect` cut to the picture (0, 0, width, height), and the sides that were cut. A view
    /// lying on the picture's edge (a zero-width one at x = 0) is inside.
    static func clip(_ rect: Rect, width: Double, height: Double) -> (Rect?, Edges) {
        var edges = Edges()
        if rect.x < 0 { edges.insert(.left) }
        if rect.y < 0 { edges.insert(.top) }
        if rect.maxX > width { edges.insert(.right) }
        if rect.maxY > height { edges.insert(.bottom) }
        guard rect.maxX >= 0, rect.maxY >= 0, rect.x <= width, rect.y <= height else { return (nil, edges) }
        let x = max(0, rect.x), y = max(0, rect.y)
        return (Rect(x: x, y: y, width: min(width, rect.maxX) - x, height: min(height, rect.maxY) - y), edges)
    }
}
