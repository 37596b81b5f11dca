import LayoutReport

/// The session's history: every accepted input that changed something is one step, the lines it
/// ran (one, or a `load`'s commands), oldest first.
///
/// Kept flat, its lines packed (`PackedLines`) and where each step ends: a big script is one
/// step per line, and a string per line was a heap block each, about 330 bytes per view of a
/// 10 000-view `--final` run. A step's lines are made again when asked for (`save`, `undo`, an
/// import's trial session: rare next to appending).
public struct LineHistory: RandomAccessCollection, Sendable {
    private var lines = PackedLines()
    /// For each step, the index in `lines` just past its last line.
    private var stepEnds: [UInt32] = []

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { stepEnds.count }

    /// The lines of one step.
    public subscript(step: Int) -> [String] {
        lineRange(ofStep: step).map { lines[$0] }
    }

    /// Where step `step`'s lines are in `lines`.
    private func lineRange(ofStep step: Int) -> Range<Int> {
        (step == 0 ? 0 : Int(stepEnds[step - 1]))..<Int(stepEnds[step])
    }

    mutating func append(_ step: [String]) {
        for line in step { lines.append(line) }
        stepEnds.append(UInt32(lines.count))
    }

    /// Appends a step of packed lines, their bytes copied at once.
    mutating func append(_ step: PackedLines) {
        lines.append(contentsOf: step)
        stepEnds.append(UInt32(lines.count))
    }

    /// How many lines step `step` has.
    func lineCount(ofStep step: Int) -> Int {
        lineRange(ofStep: step).count
    }

    /// Appends step `step` of `other` as a step, its bytes copied as they are: no string is
    /// made per line (`undo` hands a `load`'s 50 000 lines to `redo` this way).
    mutating func append(step: Int, of other: LineHistory) {
        lines.append(other.lineRange(ofStep: step), of: other.lines)
        stepEnds.append(UInt32(lines.count))
    }

    /// Drops the last `count` steps.
    mutating func removeLast(_ count: Int) {
        stepEnds.removeLast(count)
        lines.removeLines(from: Int(stepEnds.last ?? 0))
    }
}

extension LineHistory: Equatable, ExpressibleByArrayLiteral {
    /// A history of these steps, oldest first (tests compare histories with literals).
    public init(arrayLiteral steps: [String]...) {
        for step in steps { append(step) }
    }
}
