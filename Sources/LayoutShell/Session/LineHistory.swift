/// The session's history: every accepted input that changed something is one step, the lines it
/// ran (one, or a `load`'s commands), oldest first.
///
/// Kept flat, as the bytes of every line one after another, where each line ends and where each
/// step ends: a big script is one step per line, and a string per line was a heap block each
/// (a line of a script is usually longer than the 15 bytes a string holds inline), about 330
/// bytes per view of a 10 000-view `--final` run. A step's lines are made again when asked for
/// (`save`, `undo`, an import's trial session: rare next to appending).
public struct LineHistory: RandomAccessCollection, Sendable {
    private var text: [UInt8] = []
    /// For each line, the index in `text` just past it.
    private var lineEnds: [UInt32] = []
    /// For each step, the index in `lineEnds` just past its last line.
    private var stepEnds: [UInt32] = []

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { stepEnds.count }

    /// The lines of one step.
    public subscript(step: Int) -> [String] {
        let first = step == 0 ? 0 : Int(stepEnds[step - 1])
        return (first..<Int(stepEnds[step])).map { line in
            let start = line == 0 ? 0 : Int(lineEnds[line - 1])
            return String(decoding: text[start..<Int(lineEnds[line])], as: UTF8.self)
        }
    }

    mutating func append(_ step: [String]) {
        for line in step {
            text.append(contentsOf: line.utf8)
            lineEnds.append(UInt32(text.count))
        }
        stepEnds.append(UInt32(lineEnds.count))
    }

    /// How many lines step `step` has.
    func lineCount(ofStep step: Int) -> Int {
        Int(stepEnds[step]) - (step == 0 ? 0 : Int(stepEnds[step - 1]))
    }

    /// Appends step `step` of `other` as a step, its bytes copied as they are: no string is
    /// made per line (`undo` hands a `load`'s 50 000 lines to `redo` this way).
    mutating func append(step: Int, of other: LineHistory) {
        let firstLine = step == 0 ? 0 : Int(other.stepEnds[step - 1]), endLine = Int(other.stepEnds[step])
        let start = firstLine == 0 ? 0 : Int(other.lineEnds[firstLine - 1])
        let end = endLine == 0 ? 0 : Int(other.lineEnds[endLine - 1])
        let shift = text.count - start
        text.append(contentsOf: other.text[start..<end])
        for line in firstLine..<endLine { lineEnds.append(UInt32(Int(other.lineEnds[line]) + shift)) }
        stepEnds.append(UInt32(lineEnds.count))
    }

    /// Drops the last `count` steps.
    mutating func removeLast(_ count: Int) {
        stepEnds.removeLast(count)
        lineEnds.removeLast(lineEnds.count - Int(stepEnds.last ?? 0))
        text.removeLast(text.count - Int(lineEnds.last ?? 0))
    }
}

extension LineHistory: Equatable, ExpressibleByArrayLiteral {
    /// A history of these steps, oldest first (tests compare histories with literals).
    public init(arrayLiteral steps: [String]...) {
        for step in steps { append(step) }
    }
}
