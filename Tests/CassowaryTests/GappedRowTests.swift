// Rows with room inside them (Row+Gaps.swift): edits against a dictionary model, merges against
// the packed row bit for bit, copies left untouched by later writes (what the trail relies on),
// and whole removal runs against a solver that never makes gaps.

@testable import Cassowary
import Testing

/// The live entries of a row in either layout, read by runs, as (symbol, coefficient bits).
private func entries(_ row: Row) -> [(Symbol, UInt64)] {
    var out: [(Symbol, UInt64)] = []
    row.forEachRun { run in
        for index in run { out.append((row.borrowedSymbols[index], row.borrowedCoefficients[index].bitPattern)) }
    }
    return out
}

private func same(_ a: Row, _ b: Row) -> Bool {
    let x = entries(a), y = entries(b)
    return a.count == b.count && a.constant.bitPattern == b.constant.bitPattern && x.count == y.count
        && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}

/// One substitution into the packed row and into the gapped one, each by its own merger: the
/// same count back, the same `added` and `removed`, the same entries bit for bit.
private func substituteInBoth(_ dropped: Symbol, by source: Row, _ packed: inout Row, _ packedMerger: inout RowMerger,
                              _ gapped: inout Row, _ gappedMerger: inout RowMerger, round: Int) {
    let a = packedMerger.substitute(dropped, by: source, in: &packed, longRow: 64)
    let addedA = Array(packedMerger.added), removedA = Array(packedMerger.removed)
    let b = gappedMerger.substitute(dropped, by: source, in: &gapped, longRow: 64)
    #expect(a == b)
    #expect(addedA == Array(gappedMerger.added))
    #expect(removedA == Array(gappedMerger.removed))
    #expect(same(packed, gapped), "round \(round)")
}

@Suite struct GappedRowTests {
    /// Random inserts, deletes and updates of a long row with gaps against a dictionary; copies
    /// taken along the way must keep their entries while the row is written (copy on write).
    @Test func editsMatchADictionaryAndLeaveCopiesAlone() {
        var g = Lcg(state: 27)
        for round in 0..<6 {
            var row = Row()
            var model: [Symbol: Double] = [:]
            let span = 400 + 600 * round
            for symbol in stride(from: 0, to: span, by: 2) {
                row.append(Symbol(symbol), Double(symbol % 7 + 1))
                model[Symbol(symbol)] = Double(symbol % 7 + 1)
            }
            row.makeGapped()
            var copies: [(Row, [Symbol: Double])] = []
            for step in 0..<4_000 {
                let symbol = Symbol(g.next(span))
                switch g.next(4) {
                case 0:
                    let removed = row.remove(symbol)
                    #expect(removed == (model.removeValue(forKey: symbol) ?? 0))
                case 1:
                    // Cancels an entry exactly, or adds one.
                    let coefficient = model[symbol].map { -$0 } ?? 2.5
                    row.addInEitherLayout(symbol, coefficient)
                    if model[symbol] != nil { model[symbol] = nil } else { model[symbol] = 2.5 }
                default:
                    let delta = Double(g.next(9) - 4) / 2
                    row.addInEitherLayout(symbol, delta)
                    let sum = (model[symbol] ?? 0) + delta
                    model[symbol] = sum == 0 ? nil : sum
                }
                if step % 500 == 0 { copies.append((row, model)) }
                #expect(row.count == model.count)
                #expect(row.coefficient(of: symbol) == (model[symbol] ?? 0))
            }
            let live = entries(row)
            #expect(live.map(\.0) == model.keys.sorted())
            #expect(live.allSatisfy { model[$0.0]?.bitPattern == $0.1 })
            for (copy, then) in copies {
                #expect(entries(copy).map(\.0) == then.keys.sorted())
                #expect(entries(copy).allSatisfy { then[$0.0]?.bitPattern == $0.1 })
            }
            // Packed again: the same entries, readable by every reader.
            row.compactGaps()
            #expect(!row.isGapped)
            #expect(Array(row.symbols) == model.keys.sorted())
        }
    }

    /// Short rows substituted into a long row with gaps and into the same row packed (walked and
    /// sparse merges): the same entries, constant, `added` and `removed`, bit for bit.
    @Test func mergesIntoGapsMatchThePackedRow() {
        var g = Lcg(state: 5)
        for round in 0..<120 {
            var packed = Row(constant: Double(round))
            for symbol in 0..<900 where g.next(3) != 0 { packed.append(Symbol(symbol), Double(g.next(9) - 4) / 2 + 0.25) }
            var gapped = packed
            var packedMerger = RowMerger(), gappedMerger = RowMerger()
            if round % 2 == 0 { packedMerger.sparseSpan = .max }
            gappedMerger.gapLength = 64
            // Half the rows take gaps at once, half when a merge would move more than none.
            if round % 4 < 2 { gapped.makeGapped() } else { gappedMerger.gapMoves = 0 }
            for _ in 0..<40 {
                var source = Row(constant: Double(g.next(5)))
                let base = g.next(2) == 0 ? g.next(300) : g.next(880)
                for offset in 0..<(1 + g.next(4)) {
                    let symbol = Symbol(base + offset * (1 + g.next(3)))
                    // Coefficients that cancel the target's entry now and then.
                    let value = g.next(4) == 0 ? -packed.coefficient(of: symbol) : Double(g.next(9) - 4) / 2
                    if value != 0 && symbol < 1_000 { source.add(symbol, value) }
                }
                let dropped = packed.symbols.isEmpty ? noSymbol : packed.storedSymbols[packed.start + g.next(packed.count)]
                if source.contains(dropped) { continue }
                substituteInBoth(dropped, by: source, &packed, &packedMerger, &gapped, &gappedMerger, round: round)
            }
            #expect(gapped.isGapped || gapped.count < Row.segmentLength)
        }
    }

    /// Sources of up to a hundred symbols packed between the target's entries, merged into a row
    /// with gaps: each symbol is written where its one search found it, and an insert into a
    /// segment that fills spreads its neighbours and finds its place again. Against the packed
    /// row, bit for bit, with `added` and `removed`.
    @Test func denseSourcesFillSegmentsMidMerge() {
        var g = Lcg(state: 12)
        for round in 0..<40 {
            var packed = Row(constant: Double(round))
            for k in 0..<1_200 { packed.append(Symbol(2 * k), Double(g.next(9) - 4) / 2 + 0.25) }
            var gapped = packed
            gapped.makeGapped()
            var packedMerger = RowMerger(), gappedMerger = RowMerger()
            gappedMerger.gapLength = 64
            for _ in 0..<30 {
                var source = Row(constant: Double(g.next(5)))
                let base = g.next(2_300), length = 1 + g.next(100)
                for symbol in base..<min(base + length, 2_400) {
                    // Odd symbols are new to the target; even ones update or cancel its entry.
                    let value = symbol % 2 == 0 && g.next(3) == 0 ? -packed.coefficient(of: Symbol(symbol))
                        : Double(g.next(9) - 4) / 2
                    if value != 0 { source.add(Symbol(symbol), value) }
                }
                guard source.count * 8 <= packed.count, !packed.isEmpty else { continue }
                let dropped = packed.storedSymbols[packed.start + g.next(packed.count)]
                if source.contains(dropped) { continue }
                substituteInBoth(dropped, by: source, &packed, &packedMerger, &gapped, &gappedMerger, round: round)
            }
            #expect(gapped.isGapped)
        }
    }

    /// A chain's constraints removed in random runs (no read inside a run, so its long rows
    /// take gaps), each run in an undo step that is rolled back and redone now and then: the
    /// values, bit for bit, and every row's live entries equal those of a solver that never
    /// makes gaps.
    @Test(arguments: [3, 27, 44])
    func removalRunsMatchASolverWithoutGaps(seed: Int) {
        var g = Lcg(state: UInt64(seed))
        let n = 150
        func build() -> (Solver, [Variable], [ConstraintID]) {
            let solver = Solver()
            var left: [Variable] = [], width: [Variable] = [], ids: [ConstraintID] = []
            for _ in 0..<n { left.append(solver.makeVariable()); width.append(solver.makeVariable()) }
            for i in 0..<n {
                if i == 0 { ids.append(try! solver.addConstraint(Expression([Term(left[0])]), .equal, .required)) }
                else {
                    ids.append(try! solver.addConstraint(Expression([Term(left[i]), Term(left[i - 1], -1), Term(width[i - 1], -1)], constant: -8),
                                                         .equal, .required))
                }
                ids.append(try! solver.addConstraint(Expression([Term(width[i])], constant: -20), .greaterThanOrEqual, .required))
                ids.append(try! solver.addConstraint(Expression([Term(width[i])], constant: -100), .equal, .optional(1)))
            }
            ids.append(try! solver.addConstraint(Expression([Term(left[n - 1]), Term(width[n - 1])], constant: -200.0 * Double(n)),
                                                 .lessThanOrEqual, .required))
            return (solver, left + width, ids)
        }
        let (gapped, variables, ids) = build()
        let (plain, plainVariables, _) = build()
        gapped.tableau.gapRowLength = 64
        if seed != 27 { gapped.tableau.merger.gapMoves = 0 }
        plain.tableau.gapRowLength = .max
        var order = Array(ids.indices)
        for i in order.indices.reversed() { order.swapAt(i, g.next(i + 1)) }
        // The right edge last, so that the long row lives throughout.
        order.removeAll { $0 == ids.count - 1 }
        order.append(ids.count - 1)
        var next = 0, sawGaps = false
        while next < order.count {
            let run = order[next..<min(order.count, next + 1 + g.next(12))]
            gapped.beginStep()
            for k in run { gapped.removeConstraint(ids[k]) }
            if !gapped.tableau.gappedSlots.isEmpty { sawGaps = true }
            if g.next(3) == 0 {
                gapped.rollBackStep()
                gapped.beginStep()
                for k in run { gapped.removeConstraint(ids[k]) }
            }
            for k in run { plain.removeConstraint(ids[k]) }
            next += run.count
            #expect(zip(variables, plainVariables).allSatisfy { gapped.value(of: $0).bitPattern == plain.value(of: $1).bitPattern })
            // Any public read but `value(of:)` packs the rows again (`Solver.settle`).
            _ = gapped.takeChangedVariables()
            _ = plain.takeChangedVariables()
            let a = gapped.tableau, b = plain.tableau
            #expect(a.basics == b.basics)
            #expect(a.rows.indices.allSatisfy { !a.rows[$0].isGapped && same(a.rows[$0], b.rows[$0]) })
        }
        #expect(sawGaps, "no run made gaps: the test does not test them")
    }
}
