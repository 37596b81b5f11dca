import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `draw`: a `LayoutPicture` as text for the terminal — boxes in box-drawing characters, each
/// labelled with its view's name, subviews inside their superviews, scaled to the width, with
/// the legend, broken constraints and notes under it.
///
/// A terminal cell is about twice as tall as it is wide, so one row stands for twice the
/// points of one column and the picture keeps the layout's proportions. The scale is the
/// largest at which the picture fits the width and `maxRows`.
extension LayoutPicture: ReportPicture {
    /// The most rows a picture takes: a phone screen fills about a terminal screen.
    static let maxRows = 48
    /// The picture's lines start with this: indented lines are never wrapped by the report.
    static let indent = "  "

    /// Where the picture's cells are: points → columns and rows.
    struct CellScale {
        /// Columns per point; rows per point are half of it.
        var perPoint: Double
        func column(_ x: Double) -> Int { Int((x * perPoint).rounded()) }
        func row(_ y: Double) -> Int { Int((y * perPoint / 2).rounded()) }
    }

    /// The scale for a report `width` columns wide whose picture takes at most `maxRows` rows.
    func cellScale(width: Int, maxRows: Int = Self.maxRows) -> CellScale {
        let columns = max(12, width - Self.indent.count)
        var perPoint = Double.infinity
        if self.width > 0 { perPoint = Double(columns - 1) / self.width }
        if height > 0 { perPoint = min(perPoint, 2 * Double(maxRows - 1) / height) }
        return CellScale(perPoint: perPoint.isFinite ? perPoint : 1)
    }

    /// The whole `draw` output for a report `width` columns wide and, when known, a terminal
    /// `height` rows high.
    package func terminalLines(width: Int, height: Int?) -> [String] {
        terminalDrawing(width: width, height: height).lines
    }

    /// One name written into the picture: the box's index in `boxes`, the text written (the
    /// name, shortened or with `?`), and where (row and column of the canvas).
    package struct LabelPlacement: Sendable {
        package var box: Int
        package var text: String
        package var row, column: Int
    }

    /// `draw`'s lines, and for tests where each box and each name went.
    package struct TerminalDrawing: Sendable {
        package var lines: [String]
        /// Each box's cells (nil: not drawn), in `boxes` order.
        package var cells: [CellRect?]
        package var labels: [LabelPlacement]
        /// The index in `lines` of the canvas's first row.
        package var canvasStart: Int
        /// The views named in the legend instead of in their box.
        package var unlabelled: [String]
    }

    /// The fewest rows a picture is squeezed to for a short terminal.
    static let minRows = 6

    /// `terminalLines`, with the placements. With a `height`, the picture and the words under
    /// it fit that many rows less two (the line typed and the next prompt): the words take at
    /// most a third (the broken constraints past that are counted, `broken` lists them) and
    /// the picture is scaled down to the rest, no fewer than `minRows`.
    package func terminalDrawing(width: Int, height: Int?) -> TerminalDrawing {
        if boxes.count == 1 && focus == LayoutModel.rootName {
            return TerminalDrawing(lines: ["\(focus) \(formatValue(self.width))x\(formatValue(self.height)): no views yet to draw; add one, e.g. view a"],
                                   cells: [], labels: [], canvasStart: 1, unlabelled: [])
        }
        var legend: [String] = []
        if let ambiguous = ambiguousList {
            legend.append("ambiguous (dashed ┄┆ border, ? after the name): " + ambiguous)
        }
        var brokenCap = CommandResult.constraintLinesCap
        // Rows lines take once the report wraps them at the width.
        let rows = { (lines: [String]) in lines.isEmpty ? 0 : wrap(lines, width: width).split(separator: "\n", omittingEmptySubsequences: false).count }
        var maxRows = Self.maxRows
        let room = height.map { $0 - 2 }
        if let room {
            while brokenCap > 0, rows(legend + brokenLines(cap: brokenCap) + notes) + 2 > max(4, room / 3) { brokenCap -= 1 }
            maxRows = min(Self.maxRows, max(Self.minRows, room - rows(legend + brokenLines(cap: brokenCap) + notes) - 2))
        }
        var drawing = TerminalDrawing(lines: [], cells: [], labels: [], canvasStart: 1, unlabelled: [])
        // The names left for the legend are known once drawn: a legend longer than the row kept
        // for it takes rows from the picture, and the picture is drawn again.
        while true {
            let scale = cellScale(width: width, maxRows: maxRows)
            var canvas = TextCanvas(columns: scale.column(self.width) + 1, rows: scale.row(self.height) + 1)
            let cells = cellRects(scale)
            for (box, cell) in zip(boxes, cells) {
                guard let cell else { continue }
                draw(box, at: cell, on: &canvas)
            }
            let (labels, unlabelled) = placeLabels(cells, on: &canvas)
            // Squeezed by the terminal's height rather than its width.
            let byHeight = room != nil && scale.perPoint < cellScale(width: width).perPoint - 1e-9
            var lines = [header(scale) + (byHeight ? " (fitted to \(height!) rows)" : "")]
            lines += canvas.lines().map { Self.indent + $0 }
            lines += legend
            lines += brokenLines(cap: brokenCap)
            lines += notes
            if !unlabelled.isEmpty {
                lines.append("too small to label at this \(byHeight ? "size" : "width"): \(Self.listed(unlabelled)) (frames lists them; draw VIEW zooms in)")
            }
            drawing = TerminalDrawing(lines: lines, cells: cells, labels: labels, canvasStart: 1, unlabelled: unlabelled)
            guard let room, maxRows > Self.minRows, case let over = rows(lines) - room, over > 0 else { break }
            maxRows = max(Self.minRows, maxRows - over)
        }
        return drawing
    }

    /// `root 375x667, 1 column ≈ 7.1 points` (a row is always two columns' worth).
    private func header(_ scale: CellScale) -> String {
        let pointsPerColumn = (10 / scale.perPoint).rounded() / 10
        let unit = pointsPerColumn == 1 ? "point" : "points"
        return "\(focus) \(formatValue(width))x\(formatValue(height)), 1 column ≈ \(formatValue(pointsPerColumn)) \(unit)"
    }

    /// One side of a subview's cells against the same side of its superview's (`inward` is
    /// the direction into the superview, +1 or -1): flush in points → on the superview's
    /// line; inside in points → at least one cell inside it (no further than `limit`, the
    /// opposite side); outside → where it rounds to.
    static func snap(_ cell: Int, _ points: Double, to outerPoints: Double, _ outerCell: Int, inward: Int, limit: Int) -> Int {
        let difference = (points - outerPoints) * Double(inward)
        if abs(difference) <= Tolerance.flush { return outerCell }
        guard difference > 0 else { return cell }
        let innermost = inward > 0 ? min(outerCell + 1, limit) : max(outerCell - 1, limit)
        return inward > 0 ? max(cell, innermost) : min(cell, innermost)
    }

    /// A box's cells: left and right columns, top and bottom rows (inclusive).
    package struct CellRect: Sendable {
        package var left, top, right, bottom: Int
        var hasInterior: Bool { right - left >= 2 && bottom - top >= 2 }
    }

    /// Each visible box's cells. A side that is inside its superview's in points but would
    /// round onto the superview's border is moved one cell in, so that nesting shows; a side
    /// flush with the superview's stays on its border (├ ┬ where they meet).
    private func cellRects(_ scale: CellScale) -> [CellRect?] {
        var cells: [CellRect?] = []
        var parents: [(depth: Int, index: Int)] = []
        for (index, box) in boxes.enumerated() {
            while let last = parents.last, last.depth >= box.depth { parents.removeLast() }
            guard let visible = box.visible else {
                cells.append(nil)
                continue
            }
            var cell = CellRect(left: scale.column(visible.x), top: scale.row(visible.y),
                                right: scale.column(visible.maxX), bottom: scale.row(visible.maxY))
            if let parent = parents.last, let outer = cells[parent.index], let outerRect = boxes[parent.index].visible {
                cell.left = Self.snap(cell.left, visible.x, to: outerRect.x, outer.left, inward: 1, limit: outer.right)
                cell.top = Self.snap(cell.top, visible.y, to: outerRect.y, outer.top, inward: 1, limit: outer.bottom)
                cell.right = Self.snap(cell.right, visible.maxX, to: outerRect.maxX, outer.right, inward: -1, limit: outer.left)
                cell.bottom = Self.snap(cell.bottom, visible.maxY, to: outerRect.maxY, outer.bottom, inward: -1, limit: outer.top)
                cell.right = max(cell.left, cell.right)
                cell.bottom = max(cell.top, cell.bottom)
            }
            cells.append(cell)
            parents.append((box.depth, index))
        }
        return cells
    }

    /// The box's outline: the sides inside the picture (a side cut off at the edge is left
    /// out, so the box runs under the picture's border); a line for a box one cell thin; a dot
    /// for a box smaller than a cell.
    private func draw(_ box: Box, at cell: CellRect, on canvas: inout TextCanvas) {
        let dashed = box.isAmbiguous
        if cell.left < cell.right && cell.top < cell.bottom {
            if !box.clipped.contains(.top) { canvas.horizontal(row: cell.top, from: cell.left, to: cell.right, dashed: dashed) }
            if !box.clipped.contains(.bottom) { canvas.horizontal(row: cell.bottom, from: cell.left, to: cell.right, dashed: dashed) }
            if !box.clipped.contains(.left) { canvas.vertical(column: cell.left, from: cell.top, to: cell.bottom, dashed: dashed) }
            if !box.clipped.contains(.right) { canvas.vertical(column: cell.right, from: cell.top, to: cell.bottom, dashed: dashed) }
        } else if cell.left < cell.right {
            canvas.horizontal(row: cell.top, from: cell.left, to: cell.right, dashed: dashed)
        } else if cell.top < cell.bottom {
            canvas.vertical(column: cell.left, from: cell.top, to: cell.bottom, dashed: dashed)
        } else {
            canvas.mark("·", column: cell.left, row: cell.top)
        }
    }

    /// Writes each view's name (with `?` when ambiguous) within its box: inside it, in the
    /// first row not covered by a subview; else in its top border (`┌title──┐`, for boxes too
    /// flat to have an inside, and lines). Names are shortened with `…` to the room there is,
    /// keeping at least two letters; a name with less room (a dot, a vertical line, a box
    /// covered by its subviews) is not written: it is returned, for the legend.
    private func placeLabels(_ cells: [CellRect?], on canvas: inout TextCanvas) -> ([LabelPlacement], [String]) {
        // Which box each cell's inside belongs to: the deepest (and, among siblings, the
        // last drawn) box covering it. A label goes only where its own box shows.
        var owner = Array(repeating: -1, count: canvas.columns * canvas.rows)
        for (index, cell) in cells.enumerated() {
            guard let cell, cell.hasInterior else { continue }
            for row in (cell.top + 1)..<cell.bottom {
                for column in (cell.left + 1)..<cell.right where column < canvas.columns && row < canvas.rows {
                    owner[row * canvas.columns + column] = index
                }
            }
        }
        var placed: [LabelPlacement] = []
        var unlabelled: [String] = []
        for (index, box) in boxes.enumerated() {
            guard let cell = cells[index] else { continue }
            let label = box.name + (box.isAmbiguous ? "?" : "")
            var inside: Run? = nil
            if cell.hasInterior {
                let runs = ((cell.top + 1)..<cell.bottom).flatMap { row in
                    Self.runs(row: row, from: cell.left + 1, to: cell.right - 1) { column in
                        owner[row * canvas.columns + column] == index && canvas.isBlank(column, row)
                    }
                }
                inside = runs.first { $0.length >= label.count } ?? runs.max { $0.length < $1.length }
            }
            var border: Run? = nil
            if !box.clipped.contains(.top), cell.right - cell.left >= 2 {
                border = Self.runs(row: cell.top, from: cell.left + 1, to: cell.right - 1) { canvas.isPlainHorizontal($0, cell.top) }
                    .first { $0.start == cell.left + 1 }
            }
            let chosen: Run?
            if let inside, inside.length >= label.count { chosen = inside.padded(for: label) }
            else if let border, border.length >= label.count { chosen = border }
            else { chosen = [inside, border].compactMap { $0 }.max { $0.length < $1.length } }
            if let chosen, let text = Self.fit(label, in: chosen.length, ambiguous: box.isAmbiguous) {
                canvas.write(text, column: chosen.start, row: chosen.row)
                placed.append(LabelPlacement(box: index, text: text, row: chosen.row, column: chosen.start))
            } else {
                unlabelled.append(box.name)
            }
        }
        return (placed, unlabelled)
    }

    /// A stretch of free cells on one row.
    struct Run {
        var row, start, length: Int

        /// Starts one cell in when there is room for a space on both sides of `label`.
        func padded(for label: String) -> Run {
            length >= label.count + 2 ? Run(row: row, start: start + 1, length: length - 1) : self
        }
    }

    /// The maximal stretches of cells on `row` between the two columns where `free` holds.
    static func runs(row: Int, from: Int, to: Int, free: (Int) -> Bool) -> [Run] {
        var runs: [Run] = []
        var start: Int? = nil
        if from <= to {
            for column in from...to {
                if free(column) {
                    if start == nil { start = column }
                } else if let s = start {
                    runs.append(Run(row: row, start: s, length: column - s))
                    start = nil
                }
            }
        }
        if let s = start { runs.append(Run(row: row, start: s, length: to - s + 1)) }
        return runs
    }

    /// `label` cut to `room` cells with `…` (keeping an ambiguous view's `?`); nil when fewer
    /// than two of its letters would show (`s…` names nothing a reader can find).
    static func fit(_ label: String, in room: Int, ambiguous: Bool) -> String? {
        if label.count <= room { return label }
        let letters = room - (ambiguous ? 2 : 1)
        guard letters >= 2 else { return nil }
        return label.prefix(letters) + (ambiguous ? "…?" : "…")
    }
}
