// A row keeps its entries in one heap block (`RowStorage`) shared between copies until one of
// them writes. These check what that block promises: its size, that a copy never sees another
// copy's writes (including in the dead front, which the trail tests compare), and that a row of
// known size is built without growing.

@testable import Cassowary
import Testing

@Suite struct RowStorageTests {
    /// The row itself: a reference, two counts and the constant.
    @Test func aRowIsTwentyFourBytes() {
        #expect(MemoryLayout<Row>.stride == 24)
    }

    /// Writes of every kind on a copy leave the original as it was, entry for entry.
    @Test func copiesDoNotShareWrites() {
        var original = Row(constant: 1)
        for symbol in stride(from: 0, to: 40, by: 2) { original.add(Symbol(symbol), Double(symbol) + 0.5) }
        let symbols = Array(original.storedSymbols), coefficients = Array(original.storedCoefficients)
        var edits: [(String, (inout Row) -> Void)] = [
            ("add", { $0.add(7, 3) }),
            ("cancel", { $0.add(4, -4.5) }),
            ("remove", { $0.remove(10) }),
            ("append", { $0.append(99, 1) }),
            ("negate", { $0.negate() }),
            ("solve", { $0.solve(for: 12) }),
            ("solve replacing, upward", { $0.solve(for: 12, replacing: 33) }),
            ("solve replacing, downward", { $0.solve(for: 30, replacing: 3) }),
        ]
        edits.append(("replace", { row in
            let newSymbols: [Symbol] = [5, 6], newCoefficients = [1.0, 2.0]
            row.replaceEntries(2..<6, with: newSymbols, newCoefficients, count: 2, longRow: 8)
        }))
        for (name, edit) in edits {
            var copy = original
            edit(&copy)
            #expect(Array(original.storedSymbols) == symbols, "\(name) wrote through to the original")
            #expect(Array(original.storedCoefficients) == coefficients, "\(name) wrote through to the original")
            #expect(Array(copy.storedSymbols) != symbols || Array(copy.storedCoefficients) != coefficients,
                    "\(name) changed nothing")
        }
    }

    /// A long row that moved its front (`replaceEntries` on a row of at least `longRow`) keeps a
    /// dead front; a copy taken before keeps its own entries there.
    @Test func aDeadFrontIsTheRowsOwn() {
        var row = Row(constant: 0)
        for symbol in 0..<64 { row.append(Symbol(symbol), 1) }
        let before = row
        let none: [Symbol] = [], noCoefficients: [Double] = []
        row.replaceEntries(2..<5, with: none, noCoefficients, count: 0, longRow: 16)
        #expect(row.start == 3)
        #expect(Array(row.symbols) == [0, 1] + (5..<64).map { Symbol($0) })
        #expect(Array(before.storedSymbols) == (0..<64).map { Symbol($0) })
        #expect(before.start == 0)
    }

    /// `solve(for:replacing:)` moves the entries between the two symbols once; it leaves the row
    /// as adding the old basic symbol and then solving for the new one does, entry for entry
    /// (dead front, capacity and constant included): on a shared row (copied, scaled on the
    /// way) and an unshared one, with a dead front or not, the new symbol above or below the old.
    @Test func solvingInPlaceOfAnotherMatchesAddingThenSolving() {
        var packed = Row(constant: 3)
        for symbol in stride(from: 0, to: 80, by: 2) { packed.add(Symbol(symbol), Double(symbol % 7) - 2.5) }
        var fronted = packed
        let none: [Symbol] = [], noCoefficients: [Double] = []
        fronted.replaceEntries(2..<5, with: none, noCoefficients, count: 0, longRow: 16)
        #expect(fronted.start == 3)
        let cases: [(rhs: Symbol, lhs: Symbol)] = [(12, 41), (60, 5), (20, 21), (22, 21), (78, 79), (12, 1)]
        for (name, row) in [("packed", packed), ("dead front", fronted)] {
            for (rhs, lhs) in cases where row.contains(rhs) {
                for shared in [false, true] {
                    var expected = row, actual = row
                    if !shared {
                        // Negated twice (exactly): each copy writes, so it gets a block of its own.
                        for _ in 0..<2 { expected.negate(); actual.negate() }
                    }
                    expected.add(lhs, -1)
                    expected.solve(for: rhs)
                    actual.solve(for: rhs, replacing: lhs)
                    let label = "\(name), \(shared ? "shared" : "own"), for \(rhs) replacing \(lhs)"
                    #expect(Array(actual.storedSymbols) == Array(expected.storedSymbols), "\(label)")
                    #expect(Array(actual.storedCoefficients) == Array(expected.storedCoefficients), "\(label)")
                    #expect(actual.start == expected.start && actual.constant == expected.constant, "\(label)")
                    #expect(actual.capacity == expected.capacity, "\(label)")
                }
            }
        }
    }

    /// A row given its size up front is built in one block of that size; appended to one entry
    /// at a time, it grows by doubling (a few blocks, not one per entry).
    @Test func aRowOfKnownSizeIsBuiltWithoutGrowing() {
        var exact = Row(constant: 0, capacity: 5)
        let capacity = exact.capacity
        for symbol in 0..<5 { exact.add(Symbol(symbol), 1) }
        #expect(exact.capacity == capacity && capacity >= 5 && capacity < 10)
        var grown = Row()
        var capacities: Set<Int> = []
        for symbol in 0..<1000 {
            grown.append(Symbol(symbol), 1)
            capacities.insert(grown.capacity)
        }
        #expect(capacities.count <= 12, "\(capacities.sorted())")
        #expect(Array(grown.symbols) == (0..<1000).map { Symbol($0) })
    }
}
