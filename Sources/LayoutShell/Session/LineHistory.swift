/// The session's history: every accepted input that changed something is one step, the lines it
/// ran (one, or a `load`'s commands), oldest first.
///
/// Kept flat, every line in one array and where each step ends: a big script is one step per
/// line, and an array per step was a heap block per line (~64 bytes each, 4% of a 10 000-view
/// `--final` run's peak).
public struct LineHistory: RandomAccessCollection, Sendable {
    private var lines: [String] = []
    /// For each step, the index in `lines` just past its last line.
    private var ends: [Int] = []

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    /// The lines of one step.
    public subscript(step: Int) -> ArraySlice<String> {
        lines[(step == 0 ? 0 : ends[step - 1])..<ends[step]]
    }

    mutating func append(_ step: [String]) {
        lines += step
        ends.append(lines.count)
    }

    /// Drops the last `count` steps.
    mutating func removeLast(_ count: Int) {
        ends.removeLast(count)
        lines.removeLast(lines.count - (ends.last ?? 0))
    }
}

extension LineHistory: Equatable, ExpressibleByArrayLiteral {
    /// A history of these steps, oldest first (tests compare histories with literals).
    public init(arrayLiteral steps: [String]...) {
        for step in steps { append(step) }
    }
}
