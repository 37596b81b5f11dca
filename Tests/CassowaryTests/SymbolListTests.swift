// A `SymbolList` keeps the symbols inserted as they were made as a run, neither listed nor
// marked. These check that the run and the listed members together are the same set a plain
// list would hold, through inserts of old and new symbols, rollbacks that cut the run, and
// taking everything out; and that a large solver's seeds are kept as a run.

@testable import Cassowary
import Testing
import TestSupport

@Suite struct SymbolListTests {
    /// Replays `operations` on a `SymbolList` and on a plain set, and checks after each that
    /// they hold the same members (each once).
    private func check(_ operations: [Operation], file: String = #fileID, line: Int = #line) {
        var list = SymbolList()
        var model: [Symbol] = []
        var made: Symbol = 0
        for operation in operations {
            switch operation {
            case .make(let count):
                let new = made..<(made + Symbol(count))
                made += Symbol(count)
                if count == 1 { list.insertNew(new.lowerBound) } else { list.insertNew(new) }
                model += new
            case .touch(let symbol):
                precondition(symbol < made)
                list.insert(symbol)
                if !model.contains(symbol) { model.append(symbol) }
            case .drop(let count):
                list.dropSymbols(from: count)
                model.removeAll { Int($0) >= count }
                made = min(made, Symbol(count))
            case .take:
                #expect(Set(list.takeAll()) == Set(model))
                model = []
                #expect(list.isEmpty)
            }
            #expect(list.count == model.count)
            #expect(list.isEmpty == model.isEmpty)
            #expect(Set(list.variables.map(\.id)) == Set(model.map(Int.init)))
        }
        let taken = list.takeAll()
        #expect(taken.count == model.count, "a member taken twice or lost")
        #expect(Set(taken) == Set(model))
    }

    private enum Operation {
        case make(Int), touch(Symbol), drop(Int), take
    }

    @Test func newSymbolsAreARunAndOldOnesAreListed() {
        var list = SymbolList()
        for symbol: Symbol in 0..<5 { list.insertNew(symbol) }
        list.insert(2)
        #expect(list.symbols.isEmpty && list.fresh == 0..<5)
        list.insertNew(5..<9)
        #expect(list.fresh == 0..<9 && list.count == 9)
        #expect(list.takeAll() == Array(0..<9))
        list.insert(3)
        list.insertNew(9)
        list.insert(3)
        #expect(list.symbols == [3] && list.fresh == 9..<10)
        #expect(list.takeAll() == [3, 9])
    }

    @Test func aRollbackCutsTheRunAndLaterSymbolsFollowIt() {
        check([.make(4), .touch(1), .take, .touch(2), .make(3), .drop(5), .make(2), .touch(0), .take])
        check([.make(6), .drop(3), .make(1), .touch(3), .make(2), .take])
        // A cut below the run's start empties it; symbols made later start a new run.
        check([.make(3), .take, .make(3), .touch(1), .drop(2), .make(2), .touch(2), .take])
        // A run broken by a rollback: a symbol made after it that does not follow is listed.
        check([.make(3), .take, .touch(0), .make(4), .drop(5), .make(1), .make(1), .touch(6), .take])
    }

    @Test func randomHistoriesHoldTheSameMembersAsAPlainSet() {
        var generator = SplitMix64(seed: 27)
        for _ in 0..<200 {
            var operations: [Operation] = []
            var made = 0
            for _ in 0..<30 {
                switch generator.next() % 7 {
                case 0, 1:
                    let count = Int(generator.next() % 4) + 1
                    operations.append(.make(count))
                    made += count
                case 2 where made > 0, 3 where made > 0:
                    operations.append(.touch(Symbol(generator.next() % UInt64(made))))
                case 4 where made > 0:
                    let count = Int(generator.next() % UInt64(made + 1))
                    operations.append(.drop(count))
                    made = count
                case 5:
                    operations.append(.take)
                default:
                    break
                }
            }
            check(operations)
        }
    }

    /// A chain built without a report in between (a replay) keeps its new symbols as runs:
    /// the lists of seeds list only the old symbols the inserts touched again.
    @Test func aReplaysSeedsAreARun() throws {
        let solver = Solver()
        var previous = solver.makeVariable()
        try solver.addConstraint(Expression([Term(previous)]), .equal, .required)
        for _ in 0..<500 {
            let next = solver.makeVariable()
            try solver.addConstraint(Expression([Term(next), Term(previous, -1)], constant: -8), .equal, .required)
            previous = next
        }
        let seeds = solver.tableau.changes.ambiguitySeeds
        #expect(seeds.count == solver.tableau.kinds.count, "every symbol made is a seed")
        #expect(seeds.fresh.count == solver.tableau.kinds.count, "all of them in the run")
        #expect(seeds.symbols.isEmpty)
    }
}
