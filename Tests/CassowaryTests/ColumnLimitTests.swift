// A column's compaction limit is kept in one byte when it is `4 k + 256` with `k` below 255, and
// in a side list otherwise (`ColumnIndex.limitCodes`, `largeLimits`). These check that every
// limit reads back as set, that a limit is kept one way only (so equal indexes dump the same),
// and that a step which compacts a long column, raising its limit past the byte, rolls back
// exactly.

@testable import Cassowary
import Testing

@Suite struct ColumnLimitTests {
    @Test func everyLimitReadsBackAsSet() {
        var columns = ColumnIndex()
        columns.addSymbols(4)
        #expect((0..<4).allSatisfy { columns.limit(of: Symbol($0)) == 256 })
        let limits: [Int32] = [256, 260, 256 + 4 * 254, 256 + 4 * 255, 257, 100, 1_000_004, 1_276]
        for limit in limits {
            columns.setLimit(of: 2, limit)
            #expect(columns.limit(of: 2) == limit)
            #expect(columns.limit(of: 1) == 256 && columns.limit(of: 3) == 256)
        }
        // The last, 256 + 4 × 255, is past the byte; set back to a coded one it leaves the list.
        #expect(columns.largeLimits.map(\.symbol) == [2])
        columns.setLimit(of: 3, 301)
        columns.setLimit(of: 0, 2_000)
        #expect(columns.largeLimits.map(\.symbol) == [0, 2, 3])
        columns.setLimit(of: 2, 256 + 4 * 17)
        #expect(columns.largeLimits.map(\.symbol) == [0, 3])
        #expect(columns.limit(of: 2) == 256 + 4 * 17 && columns.limit(of: 0) == 2_000 && columns.limit(of: 3) == 301)
        columns.dropSymbols(from: 2)
        #expect(columns.largeLimits.map(\.symbol) == [0])
    }

    /// `x` in 400 equations: the column of a symbol every row names is compacted past 256
    /// entries, within an undo step.
    @Test func aLongColumnsLimitRollsBack() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        var others: [Variable] = []
        func addLinks(_ range: Range<Int>) throws {
            for index in range {
                let other = solver.makeVariable()
                others.append(other)
                try solver.addConstraint(Expression([Term(x), Term(other)], constant: -Double(index)), .equal, .required)
                try solver.addConstraint(Expression([Term(other)], constant: -Double(index % 7)), .greaterThanOrEqual, .optional(5))
            }
        }
        try addLinks(0..<100)
        let before = SolverTrailTests.stateDump(solver)
        let values = others.map { solver.value(of: $0).bitPattern }
        solver.beginStep()
        try addLinks(100..<400)
        #expect(!solver.tableau.columns.largeLimits.isEmpty, "no column was compacted past the byte")
        solver.rollBackStep()
        others.removeLast(300)
        #expect(SolverTrailTests.stateDump(solver) == before)
        #expect(others.map { solver.value(of: $0).bitPattern } == values)
    }
}
