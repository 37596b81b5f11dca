import LayoutShell
import Testing
@testable import layoutlab
@testable import LayoutReport

/// Where `--lesson` and `help lessons` find the lessons. (That `--check` fails on a drifted
/// lesson is checked on the binary by scripts/test, and on every lesson by
/// ExampleLessonsTests.)
@Suite struct LessonShellTests {
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
}
