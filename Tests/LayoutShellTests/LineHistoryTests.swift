import Testing
@testable import LayoutShell
import ShellTestSupport

/// The flat undo history: steps of one line, of many lines (a `load`) and of none, taken back
/// from the end, and the session's undo and redo over it.
@Suite struct LineHistoryTests {
    @Test func stepsKeepTheirLinesWhenTheLastOnesAreDropped() {
        var history = LineHistory()
        history.append(["view a"])
        history.append(["view b", "a.width == 10", "b.width == a.width"])
        history.append([])
        history.append(["a.height == 20"])
        #expect(history.count == 4)
        #expect(Array(history[1]) == ["view b", "a.width == 10", "b.width == a.width"])
        #expect(history[2].isEmpty)
        #expect(history.flatMap { $0 } == ["view a", "view b", "a.width == 10", "b.width == a.width", "a.height == 20"])
        history.removeLast(2)
        #expect(history == [["view a"], ["view b", "a.width == 10", "b.width == a.width"]])
        history.append(["view c"])
        #expect(Array(history.last!) == ["view c"])
        history.removeLast(3)
        #expect(history.isEmpty && history == [])
    }

    /// Steps copied from one history to another (undo hands them to redo) keep their lines,
    /// empty steps and non-ASCII text included, whatever the target held before.
    @Test func stepsCopyAcrossHistoriesAsTheyAre() {
        let source: LineHistory = [["view a"], [], ["view b", "b.width == 10 # größer", "a.left == b.right"], ["x"]]
        var target: LineHistory = [["reset"]]
        for step in source.indices.reversed() { target.append(step: step, of: source) }
        #expect(target == [["reset"], ["x"], ["view b", "b.width == 10 # größer", "a.left == b.right"], [], ["view a"]])
        #expect(source.indices.map(source.lineCount(ofStep:)) == [1, 0, 3, 1])
        target.removeLast(2)
        target.append(step: 0, of: source)
        #expect(Array(target.last!) == ["view a"] && target.count == 4)
    }

    @Test func undoAndRedoOfAddedConstraintsGoThroughTheFlatHistory() {
        let session = Session()
        for line in ["view a", "a.width == 10", "a.height == 20", "a.height >= 5"] {
            #expect(session.execute(line).ok, "\(line)")
        }
        #expect(session.execute("undo 2").ok)
        #expect(session.history == [["view a"], ["a.width == 10"]])
        // The constraints the undone steps added are gone: c2 and c3 (their ids made again
        // from the numbers each step kept).
        #expect(session.model.constraint("c2") == nil && session.model.constraint("c3") == nil)
        #expect(session.model.constraint("c1") != nil)
        #expect(session.execute("redo").ok)
        #expect(session.history == [["view a"], ["a.width == 10"], ["a.height == 20"]])
        #expect(session.model.constraint("c2") != nil)
    }
}
