// Property tests for the two shortcuts the solver takes on long rows (Tableau+Simplex.swift's
// bound flips in the dual simplex, Tableau.swift's marker removal in place): random chains of
// views squeezed by a dragged container edge, dragged across many breakpoints and then taken
// apart in a random order, every state checked against the exact oracle by `CheckedRun`.
//
// Reproducing a failure: the message prints the case seed; run with
//   LAYOUTLAB_PROPERTY_SEED=<case seed> LAYOUTLAB_PROPERTY_CASES=1 swift test --filter LongRowPropertyTests

@testable import Cassowary
import TestSupport
import Testing

/// A random chain: `left0 == 0`, `left[i] == left[i-1] + width[i-1] + gap`, each width with a
/// lower bound and a preferred value (most of them at one shared weak strength, so the optimum
/// is a face, not a vertex: the degenerate ties the flips walk through), sometimes an upper
/// bound, and the right edge `<=` (or `==`) an edit variable that is then dragged back and
/// forth over the whole range, with some bounds edited on the way. Then every constraint is
/// removed, in insertion order, reversed, or shuffled, with drags in between.
struct ChainCase {
    let seed: UInt64

    func calls() -> (calls: [SolverCall], variableCount: Int) {
        var rng = SplitMix64(seed: seed)
        let views = 2 + rng.below(5)                     // 2...6 views
        let edit = 2 * views                             // left[i] = 2i, width[i] = 2i + 1
        var calls: [SolverCall] = []
        var labels: [Int] = []
        var bounds: [Int] = []
        func add(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ strength: Strength) -> Int {
            let label = calls.count
            calls.append(.add(label: label, terms: terms, constant: constant, relation: relation, strength: strength))
            labels.append(label)
            return label
        }
        // Integers and halves only: exact in Double and in the oracle's rationals.
        func number(_ range: ClosedRange<Int>) -> Double {
            Double(range.lowerBound * 2 + rng.below(2 * (range.upperBound - range.lowerBound) + 1)) / 2
        }
        let weak: Strength = .optional(1)
        for i in 0..<views {
            let left = 2 * i, width = 2 * i + 1
            if i == 0 {
                _ = add([(left, 1)], 0, .equal, rng.chance(85) ? .required : .optional(500))
            } else {
                _ = add([(left, 1), (left - 2, -1), (width - 2, -1)], -number(0...4), .equal, .required)
            }
            let minimum = number(0...6)
            bounds.append(add([(width, 1)], -minimum, .greaterThanOrEqual, rng.chance(80) ? .required : .optional(250)))
            _ = add([(width, 1)], -(minimum + number(4...20)), .equal,
                    rng.chance(75) ? weak : .optional(rng.pick([1, 2, 250])))
            if rng.chance(25) {
                bounds.append(add([(width, 1)], -(minimum + number(10...24)), .lessThanOrEqual, .required))
            }
        }
        let last = 2 * (views - 1)
        _ = add([(last, 1), (last + 1, 1), (edit, -1)], 0, rng.chance(80) ? .lessThanOrEqual : .equal, .required)
        calls.append(.addEdit(variable: edit, strength: 1000, suggested: number(0...40)))
        for _ in 0..<(4 + rng.below(8)) {
            if rng.chance(20) {
                calls.append(.setConstant(label: rng.pick(bounds), -number(0...8)))
            } else {
                calls.append(.suggest(variable: edit, value: number(-10...(30 * views))))
            }
        }
        switch rng.below(3) {
        case 0: break
        case 1: labels.reverse()
        default: labels.shuffle(using: &rng)
        }
        for label in labels {
            calls.append(.remove(label: label))
            if rng.chance(20) { calls.append(.suggest(variable: edit, value: number(-10...(30 * views)))) }
        }
        return (calls, 2 * views + 1)
    }
}

@Suite(.tags(.slow), .skippedInFastTier) struct LongRowPropertyTests {
    @Test("dragged and dismantled chains agree with the exact oracle, and the long-row shortcuts run")
    func chainsMatchOracle() {
        let total = PropertySettings.cases / 10
        let base = PropertySettings.baseSeed
        var failures = 0
        var flips = 0, inPlace = 0
        for index in 0..<total {
            let seed = base &+ UInt64(index)
            let (calls, variableCount) = ChainCase(seed: seed).calls()
            var run = CheckedRun(variableCount: variableCount)
            // Every row counts as long here, so the shortcuts run on these small chains. Every
            // other case merges sparsely wherever it can (`RowMerger.mergeSparse`, edits in
            // place), which must not change a bit: the replay below merges as usual.
            run.solver.tableau.longRowLength = 0
            if index % 2 == 0 { run.solver.tableau.merger.sparseSpan = 0 }
            var failure: String?
            for call in calls {
                if case .failure(let f) = run.step(call) { failure = f; break }
            }
            if failure == nil { failure = Self.replayDiffers(run) }
            flips += run.solver.tableau.shortcutsTaken.breakpointFlips
            inPlace += run.solver.tableau.shortcutsTaken.retractionsInPlace
            guard let failure else { continue }
            failures += 1
            if failures <= 3 {
                Issue.record(Comment(rawValue: "chain case seed \(seed): \(failure)\ncalls:\n"
                    + run.log.map { "  \($0)" }.joined(separator: "\n")))
            }
        }
        #expect(failures == 0, "\(failures) of \(total) chain cases failed (base seed \(base))")
        // Without these the test would pass on the plain dual simplex and removal alone.
        #expect(flips > total, "only \(flips) bound flips in \(total) cases")
        #expect(inPlace > total / 4, "only \(inPlace) removals in place in \(total) cases")
        print("LongRowPropertyTests: \(total) cases, \(flips) bound flips, \(inPlace) removals in place")
    }

    /// `CheckedRun.checkDeterminism` with the shortcuts on in the replay too: the same calls must
    /// give the same bits.
    static func replayDiffers(_ run: CheckedRun) -> String? {
        let replay = Solver()
        replay.tableau.longRowLength = 0
        let variables = (0..<run.model.variableCount).map { _ in replay.makeVariable() }
        var handles: [Int: ConstraintID] = [:]
        for (n, call) in run.calls.enumerated() {
            _ = CheckedRun.apply(call, to: replay, variables: variables, handles: &handles)
            if variables.map({ replay.value(of: $0).bitPattern }) != run.snapshots[n] {
                return "not deterministic: replay differs after call \(n)"
            }
        }
        return nil
    }
}

/// A deterministic deep drag, small enough for the fast tier, with the answer worked out by hand.
@Suite struct DeepDragTests {
    /// 30 views, widths between 20 and 100 (preferred 100, all at one weak strength), gaps of 8,
    /// the right edge at most the dragged edit value E. The weak error is the total shortfall
    /// 100·30 + 8·29 − E = 3 232 − E while every width can stay in [20, 100], that is for
    /// E in [832, 3 232]; the right edge sits exactly at E there.
    @Test("a deep drag over a squeezed chain crosses its breakpoints by flips and stays optimal")
    func deepDrag() throws {
        let solver = Solver()
        solver.tableau.longRowLength = 0
        let n = 30
        let left = (0..<n).map { _ in solver.makeVariable() }
        let width = (0..<n).map { _ in solver.makeVariable() }
        let edit = solver.makeVariable()
        solver.addEditVariable(edit, strength: .optional(1_000_000))
        solver.suggestValue(edit, 2_000)
        for i in 0..<n {
            if i == 0 {
                try solver.addConstraint(Expression([Term(left[0])]), .equal, .required)
            } else {
                try solver.addConstraint(Expression([Term(left[i]), Term(left[i - 1], -1), Term(width[i - 1], -1)], constant: -8),
                                         .equal, .required)
            }
            try solver.addConstraint(Expression([Term(width[i])], constant: -20), .greaterThanOrEqual, .required)
            try solver.addConstraint(Expression([Term(width[i])], constant: -100), .equal, .optional(1))
        }
        try solver.addConstraint(Expression([Term(left[n - 1]), Term(width[n - 1]), Term(edit, -1)]),
                                 .lessThanOrEqual, .required)
        for target in [1_000.0, 3_100, 900, 2_500.5, 1_200, 3_232, 832] {
            solver.suggestValue(edit, target)
            var shortfall = 0.0
            for i in 0..<n {
                let w = solver.value(of: width[i])
                #expect(w >= 20 - 1e-9 && w <= 100 + 1e-9, "width \(i) is \(w) at E = \(target)")
                shortfall += 100 - w
                if i > 0 {
                    #expect(abs(solver.value(of: left[i]) - solver.value(of: left[i - 1]) - solver.value(of: width[i - 1]) - 8) < 1e-9)
                }
            }
            #expect(abs(shortfall - (3_232 - target)) < 1e-6, "shortfall \(shortfall) at E = \(target)")
            #expect(abs(solver.value(of: left[n - 1]) + solver.value(of: width[n - 1]) - target) < 1e-6)
        }
        // A step from 1 000 to 3 100 alone crosses about 26 breakpoints (each width moves by 80).
        #expect(solver.tableau.shortcutsTaken.breakpointFlips >= 26)
    }
}
