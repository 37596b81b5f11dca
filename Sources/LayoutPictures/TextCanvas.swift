import LayoutVocabulary
import LayoutReport

/// A grid of terminal cells that box-drawing lines and text are drawn on.
///
/// Lines are kept as arms (which neighbours a cell's line reaches), not as characters, so
/// where two boxes meet — a subview flush with its superview's edge, siblings sharing a
/// border — the cell becomes the junction (├ ┬ ┼) instead of whichever was drawn last. A line
/// drawn dashed (┄ ┆) stays dashed only where no solid line crosses or joins it.
struct TextCanvas {
    /// Which neighbours a cell's line reaches.
    struct Arms: OptionSet, Hashable {
        let rawValue: UInt8
        static let up = Arms(rawValue: 1), down = Arms(rawValue: 2)
        static let left = Arms(rawValue: 4), right = Arms(rawValue: 8)
    }

    let columns: Int
    let rows: Int
    private var solid: [Arms]
    private var dashed: [Arms]
    private var text: [Character?]

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        solid = Array(repeating: [], count: self.columns * self.rows)
        dashed = solid
        text = Array(repeating: nil, count: self.columns * self.rows)
    }

    private func index(_ column: Int, _ row: Int) -> Int? {
        column >= 0 && column < columns && row >= 0 && row < rows ? row * columns + column : nil
    }

    private mutating func add(_ arms: Arms, at column: Int, _ row: Int, dashed isDashed: Bool) {
        guard let i = index(column, row) else { return }
        if isDashed { dashed[i].formUnion(arms) } else { solid[i].formUnion(arms) }
    }

    /// A horizontal line on `row` from `from` to `to` (inclusive).
    mutating func horizontal(row: Int, from: Int, to: Int, dashed: Bool) {
        guard from < to else { return }
        for column in from...to {
            var arms = Arms()
            if column > from { arms.insert(.left) }
            if column < to { arms.insert(.right) }
            add(arms, at: column, row, dashed: dashed)
        }
    }

    /// A vertical line in `column` from `from` to `to` (inclusive).
    mutating func vertical(column: Int, from: Int, to: Int, dashed: Bool) {
        guard from < to else { return }
        for row in from...to {
            var arms = Arms()
            if row > from { arms.insert(.up) }
            if row < to { arms.insert(.down) }
            add(arms, at: column, row, dashed: dashed)
        }
    }

    /// Whether a cell holds neither a line nor text (outside the canvas counts as taken).
    func isBlank(_ column: Int, _ row: Int) -> Bool {
        guard let i = index(column, row) else { return false }
        return solid[i].isEmpty && dashed[i].isEmpty && text[i] == nil
    }

    /// Whether a cell holds only a plain horizontal line (a top border that a label may sit in).
    func isPlainHorizontal(_ column: Int, _ row: Int) -> Bool {
        guard let i = index(column, row), text[i] == nil else { return false }
        let arms = solid[i].union(dashed[i])
        return arms == [.left, .right]
    }

    /// Writes `string` from `column` on `row`, over whatever is there (cells off the canvas
    /// are skipped).
    mutating func write(_ string: String, column: Int, row: Int) {
        for (offset, character) in string.enumerated() {
            if let i = index(column + offset, row) { text[i] = character }
        }
    }

    /// A one-cell mark (a view too small for a line) where the cell is blank.
    mutating func mark(_ character: Character, column: Int, row: Int) {
        if isBlank(column, row), let i = index(column, row) { text[i] = character }
    }

    /// The canvas as lines of text, trailing spaces removed.
    func lines() -> [String] {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let i = row * columns + column
                line.append(text[i] ?? Self.character(solid: solid[i], dashed: dashed[i]))
            }
            return line.trimmingTrailingSpaces
        }
    }

    private static func character(solid: Arms, dashed: Arms) -> Character {
        let arms = solid.union(dashed)
        if solid.isEmpty {
            if arms.isSubset(of: [.left, .right]), !arms.isEmpty { return "┄" }
            if arms.isSubset(of: [.up, .down]), !arms.isEmpty { return "┆" }
        }
        switch arms {
        case []: return " "
        case [.up]: return "╵"
        case [.down]: return "╷"
        case [.left]: return "╴"
        case [.right]: return "╶"
        case [.up, .down]: return "│"
        case [.left, .right]: return "─"
        case [.down, .right]: return "┌"
        case [.down, .left]: return "┐"
        case [.up, .right]: return "└"
        case [.up, .left]: return "┘"
        case [.up, .down, .right]: return "├"
        case [.up, .down, .left]: return "┤"
        case [.down, .left, .right]: return "┬"
        case [.up, .left, .right]: return "┴"
        default: return "┼"
        }
    }
}
