import Testing
@testable import LayoutShell
import ShellTestSupport

/// What an undo compares with: the records its steps wrote, as they were before it.
@Suite struct RecordsBeforeTests {
    @Test func theFirstNoteOfAnIdStandsAndRecordsComeOldestFirst() {
        let s = Session()
        run(s, "view a b\na.width == 10\nb.width == 20\na.height == 5")
        var before = RecordsBefore()
        before.note("c3", s.model.constraint("c3"))
        before.note("gone", nil)
        before.note("c1", s.model.constraint("c1"))
        run(s, "c3.constant = 7")
        // Noted again after the change: the first note stands.
        before.note("c3", s.model.constraint("c3"))
        #expect(before.contains("gone") && before["gone"] == nil)
        #expect(!before.contains("c2") && before["c2"] == nil)
        #expect(before["c3"]?.text == "a.height == 5")
        #expect(s.model.constraint("c3")?.text == "a.height == 7")
        #expect(before.bySerial().map(\.id) == ["c1", "c3"])
    }
}
