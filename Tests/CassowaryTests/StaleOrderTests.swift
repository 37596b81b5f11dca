// `Tableau.staleDefinitions` orders the definitions to re-evaluate either by scanning each
// definition for the stale variables it names or, in a definition far longer than the stale
// set, by looking each stale variable up in it (`stalePostorder`). The two must give the same
// order, symbol for symbol: the values are evaluated in that order and the changed variables
// reported in it.

@testable import Cassowary
import TestSupport
import Testing

@Suite struct StaleOrderTests {
    /// A chain of `views` views (`left0 == 0`, `left[i] == left[i-1] + width[i-1] + 8`,
    /// `width >= 20`, `width == 100` weak, the last right edge `<=` a far limit), its
    /// constraints then removed in a seeded shuffle with the right edge kept for last: the
    /// edge's row absorbs the links' definitions as they go and becomes a long definition that
    /// names many basic user variables. Values are read after some removals only, so that the
    /// stale set of the next read gathers several removals.
    @Test("looking stale variables up in long definitions orders them as the scan does", arguments: [1, 2, 3])
    func lookupMatchesScan(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let views = 150
        let solver = Solver()
        var variables: [Variable] = []
        var ids: [ConstraintID] = []
        for _ in 0..<(2 * views) { variables.append(solver.makeVariable()) }
        for i in 0..<views {
            let left = variables[2 * i], width = variables[2 * i + 1]
            if i == 0 {
                ids.append(try solver.addConstraint(Expression([Term(left, 1)]), .equal, .required))
            } else {
                let terms = [Term(left, 1), Term(variables[2 * i - 2], -1), Term(variables[2 * i - 1], -1)]
                ids.append(try solver.addConstraint(Expression(terms, constant: -8), .equal, .required))
            }
            ids.append(try solver.addConstraint(Expression([Term(width, 1)], constant: -20), .greaterThanOrEqual, .required))
            ids.append(try solver.addConstraint(Expression([Term(width, 1)], constant: -100), .equal, .optional(1)))
        }
        let edge = try solver.addConstraint(
            Expression([Term(variables[2 * views - 2], 1), Term(variables[2 * views - 1], 1)], constant: -200.0 * Double(views)),
            .lessThanOrEqual, .required)
        ids.shuffle(using: &rng)
        ids.append(edge)

        var compared = 0, looked = 0
        for id in ids {
            solver.removeConstraint(id)
            if rng.chance(40) { continue }
            let seeds = solver.tableau.changes.valueSeeds.symbols
            let scanned = solver.tableau.staleDefinitions(from: seeds, searchFactor: .max)
            let searched = solver.tableau.staleDefinitions(from: seeds, searchFactor: 0)
            let chosen = solver.tableau.staleDefinitions(from: seeds)
            #expect(searched == scanned)
            #expect(chosen == scanned)
            compared += 1
            let longest = scanned.map { solver.tableau.isBasic($0) ? solver.tableau.row(of: $0).count : 0 }.max() ?? 0
            if scanned.count >= 2 && longest >= stalePostorderSearchFactor * scanned.count { looked += 1 }
            _ = solver.value(of: variables[0])  // takes the seeds
        }
        #expect(compared > 100)
        // The default factor took the lookups on some of those reads, not only the scan.
        #expect(looked > 10)
    }
}
