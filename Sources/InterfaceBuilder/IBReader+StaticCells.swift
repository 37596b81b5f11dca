/// One `<tableViewSection>` of a static table (`<tableView dataMode="static">`): its titles and
/// how many cells it holds. The header and footer are drawn by the table, outside Auto Layout;
/// they show only in where the stored frames put the rows.
public struct IBTableSection: Sendable, Hashable {
    public var id: String?
    public var line: Int
    public var headerTitle: String?
    public var footerTitle: String?
    public var cellCount: Int
    public init(id: String?, line: Int, headerTitle: String?, footerTitle: String?, cellCount: Int) {
        self.id = id
        self.line = line
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.cellCount = cellCount
    }
}

/// The views of a built-in cell style (`style="IBUITableViewCellStyleValue1" textLabel="…"
/// detailTextLabel="…"`): UIKit lays them out in `layoutSubviews`, without constraints.
public struct IBCellStyleParts: Sendable, Hashable {
    /// The style as UIKit names it: `Default`, `Value1`, `Value2`, `Subtitle`.
    public var style: String
    public var textLabel: String?
    public var detailTextLabel: String?
    public var imageView: String?
    public init(style: String, textLabel: String? = nil, detailTextLabel: String? = nil, imageView: String? = nil) {
        self.style = style
        self.textLabel = textLabel
        self.detailTextLabel = detailTextLabel
        self.imageView = imageView
    }
}

extension ElementReader {
    /// A static table's `<sections>`: every cell of every section becomes a subview of the
    /// table, in document order, knowing its section; the table keeps the sections' titles.
    mutating func readStaticSections(_ sections: IBElement, into table: inout IBView) {
        for section in sections.children where section.name == "tableViewSection" {
            let index = table.sections.count
            var count = 0
            for cells in section.children where cells.name == "cells" {
                for cell in cells.children where cell.name == "tableViewCell" {
                    var read = readView(cell)
                    read.staticSection = index
                    table.subviews.append(read)
                    count += 1
                }
            }
            table.sections.append(IBTableSection(id: section["id"], line: section.line, headerTitle: section["headerTitle"],
                                                 footerTitle: section["footerTitle"], cellCount: count))
        }
    }

    /// The built-in style's parts a `<tableViewCell>` names; nil for a custom cell (IB writes
    /// `style="IBUITableViewCellStyleDefault"` on those too, without a `textLabel`).
    static func styleParts(of cell: IBElement) -> IBCellStyleParts? {
        let style = (cell["style"] ?? "IBUITableViewCellStyleDefault").replacingPrefix("IBUITableViewCellStyle")
        guard cell["textLabel"] != nil || cell["detailTextLabel"] != nil || style != "Default" else { return nil }
        return IBCellStyleParts(style: style, textLabel: cell["textLabel"], detailTextLabel: cell["detailTextLabel"], imageView: cell["imageView"])
    }
}

private extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}

/// Xcode 8's `<frame key="frameInset" minX="15" width="325" height="63"/>`: a subview's frame
/// as distances from its superview's edges (`minX`, `minY`, `maxX`, `maxY`) and sizes; what
/// it leaves out is 0 (an inset) or the rest of the superview (a size).
public struct IBFrameInset: Sendable, Hashable {
    public var minX, minY, maxX, maxY, width, height: Double?

    /// The frame in a superview of `size`.
    public func frame(in size: (width: Double, height: Double)) -> IBRect {
        func side(_ low: Double?, _ high: Double?, _ length: Double?, _ whole: Double) -> (Double, Double) {
            guard let length else {
                let start = low ?? 0
                return (start, max(0, whole - start - (high ?? 0)))
            }
            return (low ?? high.map { whole - $0 - length } ?? 0, length)
        }
        let (x, width) = side(minX, maxX, self.width, size.width)
        let (y, height) = side(minY, maxY, self.height, size.height)
        return IBRect(x: x, y: y, width: width, height: height)
    }
}

extension ElementReader {
    static func frameInset(_ element: IBElement) -> IBFrameInset {
        IBFrameInset(minX: element.number("minX"), minY: element.number("minY"), maxX: element.number("maxX"),
                     maxY: element.number("maxY"), width: element.number("width"), height: element.number("height"))
    }

    /// A subview with its `frameInset` made a frame in `superview`, and its own subviews
    /// likewise (they were read before it had one).
    static func resolvingFrameInsets(_ view: IBView, in superview: IBRect) -> IBView {
        var view = view
        if view.frame == nil, let inset = view.frameInset {
            let frame = inset.frame(in: (superview.width, superview.height))
            // `inf` reads as a number; a frame made of one is no frame (as a `<rect>`'s).
            if [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) { view.frame = frame }
        }
        if let frame = view.frame { view.subviews = view.subviews.map { resolvingFrameInsets($0, in: frame) } }
        return view
    }
}
