import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `svg FILE`: a `LayoutPicture` as an SVG document — each view a labelled rectangle in its
/// real proportions (1 point = 1 SVG unit), filled by nesting depth and nested as groups the
/// way the views nest; ambiguous views dashed, views in broken constraints outlined in orange;
/// under the picture a legend of the marks, the broken constraints and the notes.
extension LayoutPicture {
    /// Fill colours by nesting depth (the outermost view first), repeating past the last.
    static let depthFills = ["#ffffff", "#dbeafe", "#dcfce7", "#fef9c3", "#fce7f3", "#ede9fe", "#ffedd5"]
    static let outlineColour = "#475569"
    static let ambiguousColour = "#c026d3"
    static let brokenColour = "#ea580c"
    /// Space around the picture, and the legend's font size and line height, in points.
    static let margin = 12.0
    static let fontSize = 11.0
    static let lineHeight = 15.0
    /// A monospace character's width at `fontSize`, to size the legend.
    static let characterWidth = 6.7

    /// The whole SVG document.
    package func svgDocument() -> String {
        let legend = legendLines()
        let legendColumns = legend.map(\.text.count).max() ?? 0
        let depthCount = (boxes.map(\.depth).max() ?? 0) + 1
        let swatchStart = Double(Self.swatchCaption.count) * Self.characterWidth + 8
        let contentWidth = max(width, Double(legendColumns) * Self.characterWidth, swatchStart + Double(depthCount) * 30)
        let legendTop = height + Self.margin + Self.lineHeight
        let totalWidth = contentWidth + 2 * Self.margin
        let totalHeight = legendTop + Double(legend.count) * Self.lineHeight + Self.margin
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(totalWidth))\" height=\"\(Self.number(totalHeight))\""
        out += " viewBox=\"\(Self.number(-Self.margin)) \(Self.number(-Self.margin)) \(Self.number(totalWidth)) \(Self.number(totalHeight))\""
        out += " font-family=\"monospace\" font-size=\"\(Self.number(Self.fontSize))\">\n"
        out += "  <title>LayoutLab: \(Self.escape(focus)) \(formatValue(width))x\(formatValue(height)), \(counted(boxes.count - 1, "view"))</title>\n"
        out += "  <defs>\n"
        out += "    <clipPath id=\"picture\"><rect x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"/></clipPath>\n"
        for (index, box) in boxes.enumerated() where box.rect.width > 0 && box.rect.height > 0 {
            out += "    <clipPath id=\"clip\(index)\">\(rectElement(box.rect, attributes: ""))</clipPath>\n"
        }
        out += "  </defs>\n"
        out += "  <g id=\"views\" clip-path=\"url(#picture)\">\n"
        out += group(0, indent: "    ")
        out += "  </g>\n"
        out += "  <g id=\"legend\" transform=\"translate(0 \(Self.number(legendTop)))\">\n"
        for (number, line) in legend.enumerated() {
            let y = Double(number) * Self.lineHeight
            out += "    <text x=\"0\" y=\"\(Self.number(y))\"\(line.colour.map { " fill=\"\($0)\"" } ?? "")>\(Self.escape(line.text))</text>\n"
        }
        // The fills by depth, as swatches after their caption.
        let swatchLine = Double(legend.firstIndex { $0.text == Self.swatchCaption } ?? 1) * Self.lineHeight
        for depth in 0..<depthCount {
            let x = swatchStart + Double(depth) * 30
            let fill = Self.depthFills[depth % Self.depthFills.count]
            out += "    <rect x=\"\(Self.number(x))\" y=\"\(Self.number(swatchLine - 9))\" width=\"12\" height=\"10\" fill=\"\(fill)\" stroke=\"\(Self.outlineColour)\" stroke-width=\"1\"/>"
            out += "<text x=\"\(Self.number(x + 15))\" y=\"\(Self.number(swatchLine))\">\(depth)</text>\n"
        }
        out += "  </g>\n</svg>\n"
        return out
    }

    /// The view at `index` and, inside its group, its subviews' groups.
    private func group(_ index: Int, indent: String) -> String {
        let box = boxes[index]
        let f = box.frame
        var out = "\(indent)<g id=\"view-\(Self.escape(box.name))\">\n"
        out += "\(indent)  <title>\(Self.escape(box.name)): x \(formatValue(f.x)), y \(formatValue(f.y)), width \(formatValue(f.width)), height \(formatValue(f.height))"
        out += box.isAmbiguous ? " (ambiguous: \(box.ambiguous.map(\.rawValue).joined(separator: ", ")))" : ""
        out += "</title>\n"
        let stroke = box.inBrokenConstraint ? Self.brokenColour : box.isAmbiguous ? Self.ambiguousColour : Self.outlineColour
        var style = "stroke=\"\(stroke)\" stroke-width=\"\(box.isAmbiguous || box.inBrokenConstraint ? 2 : 1)\""
        if box.isAmbiguous { style += " stroke-dasharray=\"6 3\"" }
        let label = box.name + (box.isAmbiguous ? "?" : "")
        let labelFill = box.isAmbiguous ? " fill=\"\(Self.ambiguousColour)\"" : ""
        let r = box.rect
        var labelElement: String
        if r.width > 0 && r.height > 0 {
            let fill = Self.depthFills[box.depth % Self.depthFills.count]
            out += "\(indent)  " + rectElement(r, attributes: " fill=\"\(fill)\" fill-opacity=\"0.85\" \(style)") + "\n"
            labelElement = self.label(label, of: index, in: r) + labelFill + ">\(Self.escape(label))</text>"
        } else {
            // Zero width or height: a line (a dot when both), labelled beside it.
            if r.width == 0 && r.height == 0 {
                out += "\(indent)  <circle cx=\"\(Self.number(r.x))\" cy=\"\(Self.number(r.y))\" r=\"2.5\" fill=\"\(stroke)\"/>\n"
            } else {
                out += "\(indent)  <line x1=\"\(Self.number(r.x))\" y1=\"\(Self.number(r.y))\" x2=\"\(Self.number(r.maxX))\" y2=\"\(Self.number(r.maxY))\" \(style)/>\n"
            }
            // Beside it, on the side with room in the picture.
            let textWidth = Double(label.count) * Self.characterWidth * 9 / Self.fontSize
            let toTheLeft = r.maxX + 3 + textWidth > width
            let x = toTheLeft ? r.x - 3 : r.maxX + 3
            let y = r.y > 10 ? r.y - 2 : r.maxY + 10
            labelElement = "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"9\"\(toTheLeft ? " text-anchor=\"end\"" : "")\(labelFill)>\(Self.escape(label))</text>"
        }
        // Deep nesting stops indenting: a thousand levels would make megabytes of spaces.
        let inner = indent.count < 40 ? indent + "  " : indent
        for child in children(of: index) { out += group(child, indent: inner) }
        // After the subviews, so that a label above the box is not painted over.
        out += "\(indent)  \(labelElement)\n"
        out += "\(indent)</g>\n"
        return out
    }

    /// The opening of a box's label `<text …` (without `>`): in the first corner inside the
    /// box that no subview covers (top-left, bottom-left, top-right, bottom-right), else just
    /// above the box (a box its subviews fill). Inside, a small box gets a smaller font, and a clip keeps
    /// the text within it.
    private func label(_ text: String, of index: Int, in r: Rect) -> String {
        let size = min(Self.fontSize, max(6, r.height - 3))
        let textWidth = Double(text.count) * Self.characterWidth * size / Self.fontSize + 6
        let subviews = children(of: index).map { boxes[$0].rect }.filter { $0.width > 0 && $0.height > 0 }
        func free(left: Double, top: Double) -> Bool {
            let area = Rect(x: left, y: top, width: min(textWidth, r.width), height: size + 3)
            return !subviews.contains { $0.x < area.maxX && area.x < $0.maxX && $0.y < area.maxY && area.y < $0.maxY }
        }
        let fontSize = "font-size=\"\(Self.number(size))\" clip-path=\"url(#clip\(index))\""
        let rightLeft = max(r.x, r.maxX - textWidth)
        let top = r.y + min(size + 1, r.height - 1), bottom = r.maxY - 3
        if free(left: r.x, top: r.y) {
            return "<text x=\"\(Self.number(r.x + 3))\" y=\"\(Self.number(top))\" \(fontSize)"
        }
        if free(left: r.x, top: r.maxY - size - 3) {
            return "<text x=\"\(Self.number(r.x + 3))\" y=\"\(Self.number(bottom))\" \(fontSize)"
        }
        if free(left: rightLeft, top: r.y) {
            return "<text x=\"\(Self.number(r.maxX - 3))\" y=\"\(Self.number(top))\" text-anchor=\"end\" \(fontSize)"
        }
        if free(left: rightLeft, top: r.maxY - size - 3) {
            return "<text x=\"\(Self.number(r.maxX - 3))\" y=\"\(Self.number(bottom))\" text-anchor=\"end\" \(fontSize)"
        }
        // The outermost view has nothing above it inside the picture: its label stays inside.
        if index == 0 { return "<text x=\"\(Self.number(r.x + 3))\" y=\"\(Self.number(top))\" \(fontSize)" }
        return "<text x=\"\(Self.number(r.x + 1))\" y=\"\(Self.number(r.y - 2))\" font-size=\"9\""
    }

    /// The indices of the direct subviews of the view at `index` (boxes are in pre-order).
    private func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var next = index + 1
        while next < boxes.count, boxes[next].depth > boxes[index].depth {
            if boxes[next].depth == boxes[index].depth + 1 { result.append(next) }
            next += 1
        }
        return result
    }

    private func rectElement(_ r: Rect, attributes: String) -> String {
        "<rect x=\"\(Self.number(r.x))\" y=\"\(Self.number(r.y))\" width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\"\(attributes)/>"
    }

    /// The legend: what the marks mean, then the lists. Lines wrap to the picture's width.
    private func legendLines() -> [(text: String, colour: String?)] {
        var lines: [(String, String?)] = []
        let depths = (boxes.map(\.depth).max() ?? 0) + 1
        lines.append(("\(focus) \(formatValue(width))x\(formatValue(height)) points, \(counted(boxes.count - 1, "view")), \(counted(depths, "level")) of nesting", nil))
        lines.append((Self.swatchCaption, nil))
        lines.append(("dashed outline, ? after the name: ambiguous" + (ambiguousList.map { ": " + $0 } ?? ": none"), Self.ambiguousColour))
        lines.append(("orange outline: an item of a broken constraint" + (broken.isEmpty ? ": none broken" : ""), Self.brokenColour))
        lines += brokenLines(cap: CommandResult.constraintLinesCap).map { ($0, Self.brokenColour) }
        lines += notes.map { ($0, nil) }
        let columns = max(60, Int(width / Self.characterWidth))
        return lines.flatMap { line, colour in
            wrap([line], width: columns).split(separator: "\n").map { (String($0), colour) }
        }
    }

    static let swatchCaption = "fill by nesting depth (0 is the outermost view):"

    /// A coordinate as SVG writes it: at most 3 decimals, no solver noise.
    static func number(_ value: Double) -> String {
        formatNumber(cleanValue((value * 1000).rounded() / 1000))
    }

    /// Text with XML's five special characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
