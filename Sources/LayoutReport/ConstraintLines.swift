/// The constraints a report lists as added or removed, packed: each one's id and text as two
/// lines of one `PackedLines` (two arrays in all, whatever the count), the few names by
/// position. A `load` of a big file adds tens of thousands, and as `ConstraintLine`s (three
/// strings, the text on the heap as soon as it is longer than 15 bytes) they were the peak of
/// loading it; the text report shows only the first screenful of them, the JSON report all. A
/// line is made again when it is read.
public struct ConstraintLines: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// Line 2i is the id of constraint line i, line 2i + 1 its text.
    private var idsAndTexts = PackedLines()
    /// The user's names of the lines that have one, by position.
    private var names: [Int: String] = [:]

    public init() {}

    public init(arrayLiteral lines: ConstraintLine...) {
        for line in lines { append(line) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { idsAndTexts.count / 2 }
    // Concrete, as `PackedLines`' are.
    public var count: Int { idsAndTexts.count / 2 }
    public var isEmpty: Bool { idsAndTexts.isEmpty }

    public subscript(index: Int) -> ConstraintLine {
        ConstraintLine(id: idsAndTexts[2 * index], text: idsAndTexts[2 * index + 1], name: names[index])
    }

    /// Every line's id, in order (no text made).
    public var ids: [String] {
        (0..<count).map { idsAndTexts[2 * $0] }
    }

    package mutating func append(_ line: ConstraintLine) {
        append(id: line.id, text: line.text, name: line.name)
    }

    package mutating func append(id: String, text: String, name: String? = nil) {
        if let name { names[count] = name }
        idsAndTexts.append(id)
        idsAndTexts.append(text)
    }

    /// Room for the ends of `count` lines in all (their bytes grow as they come).
    package mutating func reserveCapacity(_ count: Int) {
        idsAndTexts.reserveLines(2 * count)
    }
}
