import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The words under a picture, the same for `draw` and `svg`: which views are ambiguous, which
/// constraints are broken, what was clipped or drawn oddly. Each renderer says how it marks
/// them (dashed box-drawing lines, a dashed outline) and adds the list these give.
extension LayoutPicture {
    /// `title (y); subtitle (y, height)`, or nil when nothing is ambiguous.
    var ambiguousList: String? {
        let items = boxes.filter(\.isAmbiguous).map { box in
            "\(box.name) (\(box.ambiguous.map(\.rawValue).joined(separator: ", ")))"
        }
        return items.isEmpty ? nil : Self.listed(items, separator: "; ")
    }

    /// Items joined, a screenful at most: `a, b, … and 40 more`.
    static func listed(_ items: [String], separator: String = ", ") -> String {
        let cap = CommandResult.frameLinesCap
        let shown = items.prefix(cap).joined(separator: separator)
        return items.count > cap ? shown + separator + "… and \(items.count - cap) more" : shown
    }

    /// One line per broken constraint, as reports write them (`cap` of them, then a count).
    func brokenLines(cap: Int) -> [String] {
        let more = broken.count > cap ? ["… and \(broken.count - cap) more broken (`broken` lists them all)"] : []
        return broken.prefix(cap).map(\.line) + more
    }

    /// Notes on views the picture cannot show as they are: outside it, or of zero size.
    var notes: [String] {
        var lines: [String] = []
        let outside = clippedBoxes
        if !outside.isEmpty {
            let items = outside.map { "\($0.name) (\($0.visible == nil ? "wholly, not drawn" : "partly"))" }
            lines.append("outside \(focus), clipped: " + Self.listed(items))
        }
        let flat = boxes.filter { $0.visible != nil && ($0.rect.width == 0 || $0.rect.height == 0) }.map(\.name)
        if !flat.isEmpty { lines.append("zero width or height, drawn as a line or a dot: " + Self.listed(flat)) }
        return lines
    }
}
