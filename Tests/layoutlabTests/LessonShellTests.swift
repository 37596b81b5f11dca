import LayoutShell
import Testing
@testable import layoutlab

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--lesson` and `help lessons` find the lessons, and that `--check` (what CI runs on
/// every lesson) fails when one expected number of a lesson drifts.
@Suite struct LessonShellTests {
    /// The repository's examples/, from this file's place in it.
    static let examples = directory(of: directory(of: directory(of: #filePath))) + "/examples"

    @Test func theSourceTreesExamplesAreFound() throws {
        // The test runner lives in .build/…, inside the source tree, like a built layoutlab.
        let library = try #require(LessonDirectory.find())
        #expect(library.directory.hasSuffix("/examples"))
        #expect(LessonLibrary.holdsLessons(library.directory))
        let candidates = LessonDirectory.candidates()
        #expect(candidates.contains { $0.hasSuffix("/share/layoutlab/lessons") })
        // An installed layout comes before the source tree.
        let installed = try #require(candidates.firstIndex { $0.hasSuffix("/share/layoutlab/lessons") })
        let tree = try #require(candidates.firstIndex { $0.hasSuffix("/examples") })
        #expect(installed < tree)
    }

    @Test func checkFailsWhenOneExpectedNumberOfALessonDrifts() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let name = "06-strict-priority-order.lal"
        let original = try TextFile.read(Self.examples + "/" + name)
        let copy = scratch.file(name)
        try TextFile.write(original, to: copy)
        #expect(CheckDriver(update: false).run(files: [copy]) == 0)
        // `#>   box   20  20  100    40` is the box at width 100: say 101 instead.
        let line = "#> * box   20  20  100    40"
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex(of: line))
        lines[index] = "#> * box   20  20  101    40"
        try TextFile.write(lines.joined(separator: "\n"), to: copy)
        #expect(CheckDriver(update: false).run(files: [copy]) == 1)
    }
}
