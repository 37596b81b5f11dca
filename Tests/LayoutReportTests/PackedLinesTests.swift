import Testing
@testable import LayoutReport

/// Lines packed as bytes read back as they went in (empty, non-ASCII, longer than a string
/// holds inline), copy across by ranges and drop from the end; constraint lines keep their
/// names by position.
@Suite struct PackedLinesTests {
    static let sample = ["view a", "", "b.width == 10 # größer als a", "a.left == b.right + 8 @750", "x"]

    @Test func linesReadBackAsTheyWentIn() {
        let lines = PackedLines(Self.sample)
        #expect(lines.count == Self.sample.count)
        #expect(Array(lines) == Self.sample)
        #expect(PackedLines().isEmpty)
        #expect(lines == PackedLines(Self.sample) && lines != PackedLines(Self.sample.dropLast()))
    }

    @Test func rangesCopyAcrossAndLinesDropFromTheEnd() {
        let source = PackedLines(Self.sample)
        for range in [0..<0, 0..<5, 1..<3, 2..<5, 4..<5] {
            var target = PackedLines(["reset"])
            target.append(range, of: source)
            #expect(Array(target) == ["reset"] + Self.sample[range], "\(range)")
            target.append(contentsOf: source)
            #expect(Array(target) == ["reset"] + Self.sample[range] + Self.sample, "\(range)")
            target.removeLines(from: 1 + range.count)
            #expect(target == PackedLines(["reset"] + Self.sample[range]), "\(range)")
        }
        var all = source
        all.removeLines(from: 0)
        #expect(all.isEmpty && all == PackedLines())
    }

    @Test func constraintLinesKeepIdsTextsAndNames() {
        let made = [
            ConstraintLine(id: "c1", text: "a.width == 10"),
            ConstraintLine(id: "c2", text: "a.leading == root.leading + 20", name: "inset"),
            ConstraintLine(id: "a.hugging.h", text: "a.width <= 40 @250"),
        ]
        var lines = ConstraintLines()
        lines.reserveCapacity(3)
        for line in made { lines.append(line) }
        #expect(Array(lines) == made)
        #expect(lines.map(\.label) == ["c1", "c2 (inset)", "a.hugging.h"])
        #expect(lines == [made[0], made[1], made[2]])
        #expect(lines != [made[0], ConstraintLine(id: "c2", text: made[1].text), made[2]])
    }
}
