/// Lines of text kept as their bytes one after another and where each ends: no string per
/// line. A line of a script is usually longer than the 15 bytes a string holds inline, so a
/// `[String]` of a big file's lines was a heap block per line besides the array; these are two
/// arrays whatever the count. A line is made into a `String` again when it is read.
///
/// The shell's history keeps its steps' lines this way, and so does a `load` while it runs (the
/// commands it accepted, which become its step); a report keeps the constraints a step added
/// or removed so (`ConstraintLines`: a `load` adds tens of thousands).
public struct PackedLines: RandomAccessCollection, Equatable, Sendable {
    private var bytes: [UInt8] = []
    /// For each line, the index in `bytes` just past it.
    private var ends: [UInt32] = []

    public init() {}

    /// These lines, packed.
    public init(_ lines: some Sequence<String>) {
        for line in lines { append(line) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }
    // Concrete, not the collection's generic defaults: a debug build (the instruction gate)
    // runs those unspecialized, looking up generic metadata at every call.
    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }

    /// Line `index`, as a new string.
    public subscript(index: Int) -> String {
        String(decoding: bytes[start(of: index)..<Int(ends[index])], as: UTF8.self)
    }

    /// Where line `index` starts in `bytes` (where the one before it ends).
    private func start(of index: Int) -> Int {
        index == 0 ? 0 : Int(ends[index - 1])
    }

    package mutating func append(_ line: some StringProtocol) {
        bytes.append(contentsOf: line.utf8)
        ends.append(UInt32(bytes.count))
    }

    /// Appends `other`'s lines in `range` as they are: their bytes copied at once, no string
    /// made per line.
    package mutating func append(_ range: Range<Int>, of other: PackedLines) {
        guard !range.isEmpty else { return }
        let first = other.start(of: range.lowerBound), shift = bytes.count - first
        bytes.append(contentsOf: other.bytes[first..<Int(other.ends[range.upperBound - 1])])
        for line in range { ends.append(UInt32(Int(other.ends[line]) + shift)) }
    }

    package mutating func append(contentsOf other: PackedLines) {
        append(other.indices, of: other)
    }

    /// Room for the ends of `count` lines in all (the bytes grow as they come).
    package mutating func reserveLines(_ count: Int) {
        ends.reserveCapacity(count)
    }

    /// Keeps the first `count` lines.
    package mutating func removeLines(from count: Int) {
        ends.removeLast(ends.count - count)
        bytes.removeLast(bytes.count - Int(ends.last ?? 0))
    }
}
