import LayoutModel
import LayoutVocabulary

package enum ANSI {
    package static let red = "\u{1B}[31m", green = "\u{1B}[32m", yellow = "\u{1B}[33m", magenta = "\u{1B}[35m"
    package static let cyan = "\u{1B}[36m", bold = "\u{1B}[1m", dim = "\u{1B}[2m", reset = "\u{1B}[0m"
}

extension CommandResult {
    /// The report as a person reads it. `width` is the terminal's width (lines that would be
    /// longer are wrapped at spaces); `color` adds ANSI colours (only on a TTY without NO_COLOR —
    /// the caller decides).
    ///
    /// `height` is the terminal's rows, when known: `draw`'s picture is scaled to fit them.
    ///
    /// `promptWidth` is for the interactive shell, where the line just typed is still on the
    /// screen after a prompt of that many columns: the caret then goes straight under the
    /// typed line instead of under a copy of it (when the line is plain ASCII and fits).
    public func renderText(width: Int = 80, height: Int? = nil, color: Bool = false, promptWidth: Int? = nil) -> String {
        if isSilent { return "" }
        var lines: [String] = []
        func paint(_ text: String, _ code: String) -> String { color ? code + text + ANSI.reset : text }
        if let error, rejected.isEmpty {
            let plain = input.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            if let column = error.column, let promptWidth, plain, promptWidth + input.count < width {
                lines.append(String(repeating: " ", count: promptWidth + max(0, column - 1)) + paint("^", ANSI.red))
            } else if let column = error.column {
                // Show the input as typed; control characters as '?', and a window of a long line.
                var scalars = Array(input.unicodeScalars).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }
                var caret = column - 1
                if scalars.count > 120 {
                    let from = max(0, min(caret - 60, scalars.count - 120))
                    scalars = Array(scalars[from..<min(scalars.count, from + 120)])
                    caret -= from
                }
                var shown = String.UnicodeScalarView()
                shown.append(contentsOf: scalars)
                lines.append(String(shown))
                lines.append(String(repeating: " ", count: max(0, caret)) + "^")
            }
            let place = error.column.map { " at column \($0)" } ?? ""
            // Wrapped at words like every report line (the input echo and caret above stay whole).
            lines.append(wrap([paint("error\(place): ", ANSI.red) + error.text], width: width))
            return lines.joined(separator: "\n")
        }
        if !rejected.isEmpty {
            // `--final`: every rejected line, the first one certainly, then the layout.
            lines.append(paint("rejected ", ANSI.red) + (rejected.count == 1 ? "1 line:" : "\(rejected.count) lines:"))
            for item in rejected.prefix(Self.constraintLinesCap) {
                let place = item.error.column.map { " at column \($0)" } ?? ""
                lines.append("  \(item.place): error\(place): \(item.error.text)")
            }
            if rejected.count > Self.constraintLinesCap { lines.append("  … and \(rejected.count - Self.constraintLinesCap) more rejected lines") }
        }
        // Free text (help, listings) wraps at the width; report lines stay one line each.
        if !output.isEmpty { lines.append(contentsOf: output) }
        if let picture { lines.append(contentsOf: picture.terminalLines(width: width, height: height)) }
        let guideSet = Set(guides)
        for name in viewsAdded.prefix(Self.constraintLinesCap) { lines.append(paint(guideSet.contains(name) ? "added guide " : "added view ", ANSI.green) + name) }
        if viewsAdded.count > Self.constraintLinesCap { lines.append("… and \(counted(viewsAdded.count - Self.constraintLinesCap, "more view")) added") }
        for name in viewsRemoved.prefix(Self.constraintLinesCap) { lines.append(paint("removed view ", ANSI.red) + name) }
        if viewsRemoved.count > Self.constraintLinesCap { lines.append("… and \(counted(viewsRemoved.count - Self.constraintLinesCap, "more view")) removed") }
        // By index: a slice of the packed lines is generic code, unspecialized in a debug build.
        for index in 0..<min(added.count, Self.constraintLinesCap) { lines.append(paint("added ", ANSI.green) + "\(added[index].label): \(added[index].text)") }
        if added.count > Self.constraintLinesCap { lines.append("… and \(counted(added.count - Self.constraintLinesCap, "more constraint")) added") }
        for index in 0..<min(removed.count, Self.constraintLinesCap) { lines.append(paint("removed ", ANSI.red) + "\(removed[index].id): \(removed[index].text)") }
        if removed.count > Self.constraintLinesCap { lines.append("… and \(counted(removed.count - Self.constraintLinesCap, "more constraint")) removed") }
        for item in changed.prefix(Self.constraintLinesCap) {
            if item.what == .activated || item.what == .deactivated {
                lines.append(paint(item.what.rawValue, ANSI.cyan) + " \(item.id): \(item.text)")
            } else {
                lines.append(paint("changed ", ANSI.cyan) + "\(item.id): \(item.text)   (was \(item.before))")
            }
        }
        if changed.count > Self.constraintLinesCap { lines.append("… and \(changed.count - Self.constraintLinesCap) more changed") }
        // A screenful at most: one VFL line of copies can make thousands (`constraints` lists them).
        for conflict in conflicts.prefix(Self.constraintLinesCap) {
            lines.append(paint("conflict: ", ANSI.red) + "Unable to simultaneously satisfy constraints; these cannot all hold:")
            if let note = conflict.note { lines.append("  " + note) }
            let idWidth = conflict.constraints.map(\.id.count).max() ?? 0
            for member in conflict.constraints.prefix(Self.constraintLinesCap) {
                lines.append("    \(member.id.padding(idWidth))  \(member.text)")
            }
            if conflict.constraints.count > Self.constraintLinesCap {
                lines.append("    … and \(conflict.constraints.count - Self.constraintLinesCap) more (`constraints` lists them all)")
            }
            if let sentence = conflict.sentence { lines.append("  why: " + sentence) }
            let text = conflict.constraints.first { $0.id == conflict.broken }?.text ?? ""
            lines.append("  Will attempt to recover by breaking \(conflict.broken): \(text)")
            lines.append("  (\(conflict.broken) stays, marked broken, and holds again as soon as the others allow it)")
            if let fix = conflict.fix { lines.append("  fix: " + fix) }
        }
        if conflicts.count > Self.constraintLinesCap {
            lines.append("… and \(counted(conflicts.count - Self.constraintLinesCap, "more conflict")) (`constraints` lists the broken ones)")
        }
        for item in repaired { lines.append(paint("holds again ", ANSI.green) + "\(item.id): \(item.text)") }
        if showsLayout {
            lines.append(contentsOf: frameLines(paint))
            for size in contentSizes { lines.append("\(size.scroll) content \(formatValue(size.width))x\(formatValue(size.height))") }
            if let news { lines.append(contentsOf: newsLines(news, paint)) }
        }
        // Long lines wrap at spaces to the width, continuations indented; tables and
        // listings (indented lines) stay one row each.
        return wrap(lines, width: width)
    }

    /// The broken constraints and ambiguity a report prints: what is new or changed, what
    /// holds or is settled now, and one line counting the rest.
    func newsLines(_ news: DiagnosticNews, _ paint: (String, String) -> String) -> [String] {
        var lines: [String] = []
        for item in news.broken {
            lines.append(paint(item.label, item.isStretch ? ANSI.cyan : ANSI.yellow) + " " + item.body)
        }
        if news.brokenMore > 0 {
            lines.append("… and \(news.brokenMore) more broken (`broken` lists them all)")
        }
        if !news.brokenGone.isEmpty {
            lines.append(paint("holds now: ", ANSI.green) + screenful(news.brokenGone))
        }
        for item in news.ambiguity { lines.append(paint("ambiguous: ", ANSI.magenta) + item.text) }
        if news.ambiguityMore > 0 {
            lines.append("… and \(counted(news.ambiguityMore, "more ambiguous view")) (`ambiguous` lists them all)")
        }
        if !news.ambiguityGone.isEmpty {
            lines.append(paint("no longer ambiguous: ", ANSI.green) + screenful(news.ambiguityGone))
        }
        switch (news.brokenUnchanged, news.ambiguityUnchanged) {
        case (0, 0): break
        case (let broken, 0):
            lines.append("\(broken) more unchanged: `broken` shows \(broken == 1 ? "it" : "them")")
        case (0, let views):
            lines.append("\(counted(views, "more ambiguous view")) unchanged: `ambiguous` shows \(views == 1 ? "it" : "them")")
        case let (broken, views):
            lines.append("\(broken) more broken and \(counted(views, "ambiguous view")) unchanged: `broken` and `ambiguous` show them")
        }
        return lines
    }

    /// All frames while the session has at most 12 views (changed ones marked `*`); past that,
    /// only the changed ones, capped, with a count of the rest.
    package func frameLines(_ paint: (String, String) -> String) -> [String] {
        var rows: [(name: String, frame: Frame, flagged: Bool, level: Int)]
        var rest = 0
        // Rows read as the tree does: a view, its guides, then its subviews, indented.
        let shown = frameRows ?? (frames.count <= Self.frameLinesCap ? frames : Array(changedFrameList.prefix(Self.frameLinesCap)))
            .map { ($0.name, $0.frame, 0) }
        if frames.count <= Self.frameLinesCap {
            let changedSet = Set(changedFrames)
            rows = shown.map { ($0.name, $0.frame, changedSet.contains($0.name), $0.level) }
        } else {
            rows = shown.map { ($0.name, $0.frame, true, $0.level) }
            rest = changedFrameList.count - rows.count
        }
        if rows.isEmpty { return [] }
        let table = frameTable(rows, paint, guides: Set(guides))
        return table + (rest > 0 ? ["  … and \(counted(rest, "more frame")) changed (frames lists all)"] : [])
    }
}

/// `  view  x  y  width  height` table; rows flagged true get a `*`; guides are marked so;
/// names are indented two spaces per level (a view's subviews under it): `level` gives it by
/// name, unless the row carries it.
package func frameTable(_ rows: [(String, Frame, Bool)], _ paint: (String, String) -> String, guides: Set<String> = [],
                level: (String) -> Int = { _ in 0 }) -> [String] {
    frameTable(rows.map { ($0.0, $0.1, $0.2, level($0.0)) }, paint, guides: guides)
}

/// The table of `frameTable(_:_:guides:level:)`, each row with its level.
/// - Complexity: O(rows); one string built per row.
package func frameTable(_ rows: [(name: String, frame: Frame, flagged: Bool, level: Int)], _ paint: (String, String) -> String,
                        guides: Set<String>) -> [String] {
    let header = ["view", "x", "y", "width", "height"]
    var cells: [String] = []
    cells.reserveCapacity(rows.count * 5)
    var counts: [Int] = []
    counts.reserveCapacity(rows.count * 5)
    var widths = header.map(\.count)
    func add(_ cell: String, _ column: Int) {
        // Characters, as a terminal lays them out; for ASCII (every number, most names) the
        // byte count, without walking the grapheme clusters.
        let bytes = cell.utf8
        let count = bytes.allSatisfy { $0 < 0x80 } ? bytes.count : cell.count
        cells.append(cell)
        counts.append(count)
        widths[column] = max(widths[column], count)
    }
    for row in rows {
        let name = guides.contains(row.name) ? row.name + " (guide)" : row.name
        add(row.level == 0 ? name : String(repeating: "  ", count: row.level) + name, 0)
        add(formatValue(row.frame.x), 1)
        add(formatValue(row.frame.y), 2)
        add(formatValue(row.frame.width), 3)
        add(formatValue(row.frame.height), 4)
    }
    // Each column padded to its width, two spaces between columns; the last one not padded.
    // Built as bytes in one buffer per line, then read as UTF-8 once: `frames` prints a row per
    // view, ten thousand of them on a long chain, and appending to a String piece by piece cost
    // more than the numbers.
    let lineLength = widths.reduce(0, +) + 2 * (widths.count - 1)
    var bytes: [UInt8] = []
    func format(_ lead: String, _ row: some Collection<String>, _ rowCounts: some Collection<Int>) -> String {
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(lead.utf8.count + lineLength + 16)
        bytes.append(contentsOf: lead.utf8)
        for (column, (cell, count)) in zip(row, rowCounts).enumerated() {
            if column > 0 { bytes.append(0x20); bytes.append(0x20) }
            bytes.append(contentsOf: cell.utf8)
            if column < 4 { bytes.append(contentsOf: repeatElement(0x20, count: widths[column] - count)) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    var lines = [format("  ", header, header.map(\.count))]
    lines.reserveCapacity(rows.count + 1)
    for (index, row) in rows.enumerated() {
        let range = index * 5 ..< index * 5 + 5
        lines.append(format((row.flagged ? paint("*", ANSI.bold) : " ") + " ", cells[range], counts[range]))
    }
    return lines
}
