// Unit tests of the tableau's low-level pieces that the pivots rely on: the row merge (which
// rebuilds only the part of the target the source spans) and the symbol heap behind phase one's
// Bland rule. Each is checked against a naive version on random inputs.

@testable import Cassowary
import Testing

private func randomRow(_ g: inout Lcg, symbols: Int, density: Int) -> Row {
    var row = Row(constant: Double(g.next(21) - 10))
    for symbol in 0..<symbols where g.next(100) < density {
        // Small integers and halves: sums are exact, so cancellation to zero is exact too.
        row.add(Symbol(symbol), Double(g.next(9) - 4) / 2)
    }
    return row
}

private func dictionary(_ row: Row) -> [Symbol: Double] {
    Dictionary(uniqueKeysWithValues: zip(row.symbols, row.coefficients))
}

@Suite struct MergeTests {
    @Test func mergeMatchesNaiveSum() {
        var g = Lcg(state: 7)
        var merger = RowMerger()
        for _ in 0..<2_000 {
            // Long targets with short sources exercise the partial rebuild; equal sizes the full one.
            var target = randomRow(&g, symbols: 200, density: g.next(2) == 0 ? 60 : 5)
            let base = Symbol(g.next(190))
            var source = Row(constant: 3)
            for offset in 0..<g.next(8) { source.add(base + Symbol(offset), Double(g.next(9) - 4) / 2) }
            let factor = Double(g.next(7) - 3) / 2
            var expected = dictionary(target)
            for (symbol, coefficient) in zip(source.symbols, source.coefficients) {
                expected[symbol, default: 0] += factor * coefficient
            }
            expected = expected.filter { $0.value != 0 }
            let before = Set(target.symbols)
            let constant = target.constant + factor * source.constant
            merger.add(source, times: factor, to: &target)
            #expect(Array(target.symbols) == target.symbols.sorted())
            #expect(dictionary(target) == expected)
            #expect(target.constant == constant)
            #expect(Set(merger.added) == Set(target.symbols).subtracting(before))
            #expect(Set(merger.removed) == before.subtracting(target.symbols))
        }
    }

    /// A long row merged into a short one whose block it outgrows is written straight into the
    /// new block; the row, the constant and the symbols added and removed (in order) are those of
    /// the same merge into a copy of the short row given room first, dead front included.
    @Test func aShortRowOutgrowingItsBlockMatchesTheMergeIntoRoom() {
        var g = Lcg(state: 23)
        var merger = RowMerger(), roomyMerger = RowMerger()
        for round in 0..<1_000 {
            var short = randomRow(&g, symbols: 400, density: 2)
            if round % 3 == 0 && short.count > 3 {
                // Take out the second entry by moving the front: the row keeps a dead front.
                let none: [Symbol] = [], noCoefficients: [Double] = []
                short.replaceEntries(short.start + 1..<short.start + 2, with: none, noCoefficients, count: 0, longRow: 2)
            }
            var roomy = Row(constant: short.constant, capacity: 2_000)
            for (symbol, coefficient) in zip(short.symbols, short.coefficients) { roomy.append(symbol, coefficient) }
            let source = randomRow(&g, symbols: 400, density: 40 + g.next(50))
            let factor = [1.0, -1.0, 0.5, -2.0][g.next(4)]
            let capacity = short.capacity
            let frontBefore = short.start
            merger.add(source, times: factor, to: &short)
            roomyMerger.add(source, times: factor, to: &roomy)
            #expect(Array(short.symbols) == Array(roomy.symbols))
            #expect(Array(short.coefficients) == Array(roomy.coefficients))
            #expect(short.constant == roomy.constant)
            #expect(Array(merger.added) == Array(roomyMerger.added))
            #expect(Array(merger.removed) == Array(roomyMerger.removed))
            #expect(short.start == frontBefore, "the dead front is kept")
            if short.count > capacity { #expect(short.capacity >= short.count) }
        }
    }

    @Test func substituteDropsTheSymbolInTheSamePass() {
        var g = Lcg(state: 11)
        var merger = RowMerger()
        for _ in 0..<2_000 {
            var target = randomRow(&g, symbols: 300, density: 30)
            let symbol = Symbol(g.next(300))
            var source = randomRow(&g, symbols: 300, density: g.next(2) == 0 ? 2 : 30)
            source.remove(symbol)
            let c = target.coefficient(of: symbol)
            var expected = dictionary(target)
            expected[symbol] = nil
            for (s, coefficient) in zip(source.symbols, source.coefficients) { expected[s, default: 0] += c * coefficient }
            expected = expected.filter { $0.value != 0 }
            let unchanged = target
            #expect(merger.substitute(symbol, by: source, in: &target) == c)
            if c == 0 {
                #expect(target.symbols == unchanged.symbols && target.constant == unchanged.constant)
            } else {
                #expect(Array(target.symbols) == target.symbols.sorted())
                #expect(dictionary(target) == expected)
            }
        }
    }

    /// Merging into a row that keeps its places, again and again, gives the same row (once its
    /// zeros are dropped) as ordinary merges, never moves entries behind the rebuilt span when
    /// the row does not grow, and reports as added or removed exactly the symbols that became
    /// present or absent, zeros counting as absent.
    @Test func keepingPlacesMatchesOrdinaryMerges() {
        var g = Lcg(state: 23)
        var merger = RowMerger()
        for _ in 0..<300 {
            var kept = randomRow(&g, symbols: 400, density: 60)
            var plain = kept
            for _ in 0..<20 {
                guard !plain.symbols.isEmpty else { break }
                let symbol = plain.symbols[plain.symbols.startIndex + g.next(plain.count)]
                // A short source near the symbol, as a pivot row of one view's constraints.
                var source = Row(constant: Double(g.next(9)))
                for offset in 0..<g.next(4) {
                    let other = symbol - 2 + Symbol(offset)
                    if other >= 0 && other != symbol { source.add(other, Double(g.next(9) - 4) / 2) }
                }
                let before = Set(zip(kept.symbols, kept.coefficients).filter { $0.1 != 0 }.map { $0.0 })
                let length = kept.count
                let c = merger.substitute(symbol, by: source, in: &kept, keepingPlaces: true)
                let added = Set(merger.added), removed = Set(merger.removed)
                #expect(c == merger.substitute(symbol, by: source, in: &plain))
                let after = Set(zip(kept.symbols, kept.coefficients).filter { $0.1 != 0 }.map { $0.0 })
                #expect(added == after.subtracting(before))
                #expect(removed == before.subtracting(after).subtracting([symbol]))
                #expect(kept.count >= length)
                #expect(Array(kept.symbols) == kept.symbols.sorted() && Set(kept.symbols).count == kept.count)
                var compacted = kept
                compacted.dropZeros()
                #expect(compacted.symbols == plain.symbols && compacted.coefficients == plain.coefficients)
                #expect(kept.constant == plain.constant)
            }
        }
    }

    /// A long row that shrinks near its front moves the entries before the change instead of
    /// those after it (`Row.replaceEntries`): taking a chain's views out in insertion order
    /// empties its long row from the front. Whichever side moves, the row must read exactly as
    /// after an ordinary merge, report the same symbols as added and removed, and give its dead
    /// front back once it outgrows the live entries.
    @Test func shrinkingAtTheFrontMatchesOrdinaryMerges() {
        var g = Lcg(state: 31)
        var merger = RowMerger()
        var frontMoves = 0, rebases = 0
        for _ in 0..<200 {
            var moved = randomRow(&g, symbols: 400, density: 50)
            var plain = moved
            while !plain.isEmpty {
                // Mostly the lowest symbols, as removals in insertion order; now and then anywhere.
                let reach = g.next(4) == 0 ? plain.count : min(plain.count, 3)
                let symbol = plain.symbols[plain.symbols.startIndex + g.next(reach)]
                // A short source that cancels some of the target's entries next to the symbol.
                var source = Row(constant: Double(g.next(5)))
                for index in plain.liveRange where index > plain.search(symbol) && index <= plain.search(symbol) + g.next(3) {
                    let coefficient = plain.coefficient(of: symbol)
                    source.add(plain.storedSymbols[index], g.next(3) == 0 ? 1 : -plain.storedCoefficients[index] / coefficient)
                }
                let startBefore = moved.start
                let c = merger.substitute(symbol, by: source, in: &moved, longRow: 0)
                let added = Set(merger.added), removed = Set(merger.removed)
                #expect(c == merger.substitute(symbol, by: source, in: &plain))
                #expect(added == Set(merger.added) && removed == Set(merger.removed))
                #expect(Array(moved.symbols) == Array(plain.symbols))
                #expect(Array(moved.coefficients) == Array(plain.coefficients))
                #expect(moved.constant == plain.constant)
                #expect(moved.count == plain.count && moved.isEmpty == plain.isEmpty)
                if moved.start > startBefore { frontMoves += 1 }
                if moved.start < startBefore { rebases += 1 }
                #expect(moved.start <= moved.count + 16 || moved.start == startBefore)
            }
        }
        #expect(frontMoves > 1_000 && rebases > 100, "\(frontMoves) front moves, \(rebases) rebases")
    }

    /// A short source substituted into a long row (`RowMerger.mergeSparse`, which edits the row
    /// where it lies) reads exactly as after the walk over the span: entries, constant, the
    /// symbols added and removed in the same order. Sources insert views near the row's front,
    /// cancel entries anywhere and drop a marker further in, as removing a chain's constraints
    /// in any order does; the row's front or its tail stays, whichever moves fewer entries.
    @Test func sparseMergesMatchTheWalk() {
        var g = Lcg(state: 41)
        var sparse = RowMerger(), walk = RowMerger()
        walk.sparseSpan = .max
        var frontChanges = 0, sparseMerges = 0
        for round in 0..<150 {
            var edited = randomRow(&g, symbols: 3_000, density: 30)
            var plain = edited
            let longRow = [0, 64, .max][round % 3]
            for _ in 0..<40 {
                guard plain.count > 2 else { break }
                let symbol = plain.symbols[plain.symbols.startIndex + g.next(plain.count)]
                let c = plain.coefficient(of: symbol)
                var source = Row(constant: Double(g.next(9) - 4))
                for _ in 0..<g.next(5) { source.add(Symbol(g.next(200)), Double(g.next(9) - 4) / 2) }
                for _ in 0..<g.next(3) {
                    // Cancels an entry of the target (a delete), or changes it (an update).
                    let other = plain.symbols[plain.symbols.startIndex + g.next(plain.count)]
                    if other == symbol || source.contains(other) { continue }
                    source.add(other, g.next(2) == 0 ? -plain.coefficient(of: other) / c : 1)
                }
                source.remove(symbol)
                let startBefore = edited.start
                #expect(sparse.substitute(symbol, by: source, in: &edited, longRow: longRow) == c)
                let added = Array(sparse.added), removed = Array(sparse.removed)
                _ = walk.substitute(symbol, by: source, in: &plain, longRow: longRow)
                #expect(added == Array(walk.added) && removed == Array(walk.removed))
                #expect(Array(edited.symbols) == Array(plain.symbols))
                #expect(Array(edited.coefficients) == Array(plain.coefficients))
                #expect(edited.constant == plain.constant && edited.count == plain.count)
                #expect(edited.start == 0 || edited.count >= longRow || longRow == 0)
                if edited.start != startBefore { frontChanges += 1 }
                if source.count < 8 { sparseMerges += 1 }
            }
        }
        #expect(frontChanges > 500, "\(frontChanges) front changes in \(sparseMerges) merges")
    }

    /// Every row holding a symbol must be listed in its column (columns may also hold stale
    /// entries, never miss one): substitution visits only the listed rows.
    private func columnsAreComplete(_ tableau: Tableau) -> Bool {
        for (slot, basic) in tableau.basics.enumerated() where basic != noSymbol {
            for symbol in tableau.rows[slot].symbols where !tableau.columns.slots(of: symbol).contains(Slot(slot)) {
                return false
            }
        }
        return true
    }

    /// A chain squeezed by a dragged edge: long rows move in and out of short ones at every step,
    /// which is where columns are trimmed eagerly (short ones) and compacted (long ones).
    @Test func columnsStayCompleteThroughDragsAndRemovals() throws {
        let solver = Solver()
        let n = 40
        let edge = solver.makeVariable()
        solver.addEditVariable(edge, strength: .optional(1_000_000))
        solver.suggestValue(edge, 60 * Double(n))
        var left: [Variable] = [], width: [Variable] = [], ids: [ConstraintID] = []
        for i in 0..<n {
            left.append(solver.makeVariable())
            width.append(solver.makeVariable())
            if i == 0 {
                ids.append(try solver.addConstraint(Expression([Term(left[0])]), .equal, .required))
            } else {
                ids.append(try solver.addConstraint(
                    Expression([Term(left[i]), Term(left[i - 1], -1), Term(width[i - 1], -1)], constant: -8), .equal, .required))
            }
            ids.append(try solver.addConstraint(Expression([Term(width[i])], constant: -20), .greaterThanOrEqual, .required))
            ids.append(try solver.addConstraint(Expression([Term(width[i])], constant: -100), .equal, .optional(1)))
        }
        ids.append(try solver.addConstraint(
            Expression([Term(left[n - 1]), Term(width[n - 1]), Term(edge, -1)]), .lessThanOrEqual, .required))
        var g = Lcg(state: 5)
        for _ in 0..<300 {
            solver.suggestValue(edge, Double(20 * n + g.next(90 * n)))
            #expect(columnsAreComplete(solver.tableau))
        }
        for id in ids.reversed() where g.next(2) == 0 {
            solver.removeConstraint(id)
            solver.suggestValue(edge, Double(20 * n + g.next(90 * n)))
            #expect(columnsAreComplete(solver.tableau))
        }
    }

    @Test func heapYieldsSymbolsInOrder() {
        var g = Lcg(state: 3)
        var heap = SymbolHeap(sorted: [2, 5, 5, 9])
        var naive: [Symbol] = [2, 5, 5, 9]
        for _ in 0..<5_000 {
            if g.next(3) > 0 || naive.isEmpty {
                let symbol = Symbol(g.next(1_000))
                heap.push(symbol)
                naive.append(symbol)
            } else {
                #expect(heap.min == naive.min())
                naive.remove(at: naive.firstIndex(of: naive.min()!)!)
                heap.popMin()
            }
        }
        while let symbol = heap.min {
            #expect(symbol == naive.min())
            naive.remove(at: naive.firstIndex(of: symbol)!)
            heap.popMin()
        }
        #expect(naive.isEmpty)
    }
}
