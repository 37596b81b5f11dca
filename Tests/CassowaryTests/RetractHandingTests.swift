// `Tableau.retractHandingLongSlot` (a marker removal that lets a short row take the long
// leaving row's slot) against the general path: the same calls on two solvers, one with the
// shortcut turned off, must give every value and every basic symbol's row bit for bit.

@testable import Cassowary
import TestSupport
import Testing

/// Every basic symbol's row as (symbol, coefficient bits) entries and its constant's bits, read
/// by runs (rows may hold gaps inside a run of removals): slots are left out, since the shortcut
/// changes which slot a row sits in.
private func rowsByBasic(_ solver: Solver) -> [Symbol: [UInt64]] {
    var out: [Symbol: [UInt64]] = [:]
    let tableau = solver.tableau
    for (index, basic) in tableau.basics.enumerated() where basic != noSymbol {
        let row = tableau.rows[index]
        var flat: [UInt64] = [row.constant.bitPattern]
        row.forEachRun { run in
            for k in run { flat.append(UInt64(row.borrowedSymbols[k])); flat.append(row.borrowedCoefficients[k].bitPattern) }
        }
        out[basic] = flat
    }
    return out
}

@Suite struct RetractHandingTests {
    @Test func handingTheLongSlotMatchesTheGeneralPath() {
        var taken = 0, cases = 0
        for seed in UInt64(0)..<1_000 {
            let (calls, variableCount) = ChainCase(seed: seed).calls()
            let fast = Solver(), plain = Solver()
            plain.handsLongSlots = false
            // Every row counts as long, so that the shortcut meets these small chains.
            fast.tableau.longRowLength = 0
            plain.tableau.longRowLength = 0
            let fastVariables = (0..<variableCount).map { _ in fast.makeVariable() }
            let plainVariables = (0..<variableCount).map { _ in plain.makeVariable() }
            var fastHandles: [Int: ConstraintID] = [:], plainHandles: [Int: ConstraintID] = [:]
            var agree = true
            for (n, call) in calls.enumerated() {
                let a = CheckedRun.apply(call, to: fast, variables: fastVariables, handles: &fastHandles)
                let b = CheckedRun.apply(call, to: plain, variables: plainVariables, handles: &plainHandles)
                if (a == nil) != (b == nil) {
                    Issue.record("seed \(seed), call \(n): one refused, the other not"); agree = false; break
                }
                // Rows first: reading values packs rows with gaps, which would hide their layout.
                if rowsByBasic(fast) != rowsByBasic(plain) {
                    Issue.record("seed \(seed), call \(n): rows differ"); agree = false; break
                }
                if fastVariables.map({ fast.value(of: $0).bitPattern }) != plainVariables.map({ plain.value(of: $0).bitPattern }) {
                    Issue.record("seed \(seed), call \(n): values differ"); agree = false; break
                }
            }
            #expect(plain.tableau.shortcutsTaken.retractionsInPlace <= fast.tableau.shortcutsTaken.retractionsInPlace)
            taken += fast.tableau.shortcutsTaken.retractionsInPlace - plain.tableau.shortcutsTaken.retractionsInPlace
            if agree { cases += 1 }
        }
        #expect(cases == 1_000)
        // Without this the test would pass on the general path alone.
        #expect(taken > 60, "the slot was handed \(taken) times")
        print("RetractHandingTests: the long slot handed \(taken) times in 1 000 cases")
    }
}
