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

    /// A whole model noted at once reads as every record of it noted one by one, after the
    /// notes before it and before the models after it (the first note of an id stands), and
    /// lists its records among the others oldest first.
    @Test func aWholeModelReadsAsEachOfItsRecordsNoted() {
        let first = Session(), second = Session()
        run(first, "view a b\na.width == 10\nb.width == 20 @500\nminH: a.height >= 5\nH:|[a][b]|")
        run(second, "view a c\nc.width == 30\na.width == 11\nremove c1")
        let models = [second.model, first.model]
        var whole = RecordsBefore()
        // Notes of their own first: an id with another record, one that named no constraint.
        whole.note("c2", first.model.constraint("c3"))
        whole.note("c4", nil)
        var oneByOne = whole
        for model in models {
            whole.noteEvery(of: model)
            for id in model.constraintOrder { oneByOne.note(id, model.constraint(id)) }
        }
        let ids = Set(models.flatMap(\.constraintOrder)).union(["c4", "c9", "nothing"])
        for id in ids.sorted() {
            #expect(whole.contains(id) == oneByOne.contains(id), "\(id)")
            #expect(whole[id]?.text == oneByOne[id]?.text && whole[id]?.serial == oneByOne[id]?.serial, "\(id)")
        }
        #expect(whole["c2"]?.text == first.model.constraint("c3")?.text)
        #expect(whole["c4"] == nil && whole.contains("c4"))
        #expect(whole.bySerial().map(\.id) == oneByOne.bySerial().map(\.id))
        #expect(whole.bySerial().map(\.text) == oneByOne.bySerial().map(\.text))
    }
}
