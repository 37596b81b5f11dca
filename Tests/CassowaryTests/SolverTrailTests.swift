// The solver's undo trail (Tableau+Trail.swift): random call sequences, each call in a step of
// its own, rolled back one or several steps at a time. After a rollback the solver must be bit
// for bit what it was before the steps: every trailed field (a dump of the tableau's state),
// every value, every ambiguity verdict; and `takeChangedVariables` must name each variable the
// rollback moved. A write that bypassed the trail leaves the dump different, so these tests
// also catch that. The long-row cases run the shortcuts (bound flips, removal in place) on
// every row, and redo the steps they roll back: the redo must give the same bits again.

@testable import Cassowary
import TestSupport
import Testing

@Suite struct SolverTrailTests {
    /// The tableau's trailed state and the solver's, as text. Scratch and the caches of what
    /// changed are left out: they hold nothing between calls, or are brought up to date by the
    /// rollback itself (`Tableau+Trail.swift`); the values and verdicts they lead to are
    /// compared on their own.
    static func stateDump(_ solver: Solver) -> String {
        var text = ""
        for child in Mirror(reflecting: solver.tableau).children where trailedTableauFields.contains(child.label!) {
            text += "\(child.label!):\n"
            if child.label == "columns" {
                for column in Mirror(reflecting: child.value).children where !["slotMarks", "slotMark"].contains(column.label!) {
                    dump(column.value, to: &text)
                }
            } else {
                dump(child.value, to: &text)
            }
        }
        dump(solver.constraints, to: &text)
        dump(solver.edits.sorted { $0.key < $1.key }, to: &text)
        dump(solver.overflowed, to: &text)
        return text
    }

    /// The tableau's fields whose every write is recorded by the trail.
    static let trailedTableauFields: Set<String> = [
        "kinds", "owners", "rows", "basics", "slotOfBasic", "freeSlots", "columns", "objectives", "infeasible",
    ]
    /// The tableau's fields that are not trailed, each with its reason in `Tableau+Trail.swift`
    /// (and the trail itself).
    static let untrailedTableauFields: Set<String> = [
        "changes", "scratch", "merger", "ambiguity", "longRowLength", "keptPlaces", "shortcutsTaken", "trail",
        "symbolCapacity", "rowCapacity", "gapRowLength", "gappedSlots",
    ]
    /// The solver's fields: trailed (the constraints by entries, the edits and `overflowed` kept
    /// whole per step), or dropped or set by a rollback (`faceMemo`, `gapState`), or a switch that
    /// tests set before the first call (`handsLongSlots`), or a table that only grows and that a
    /// rollback may leave longer without changing any answer (`priorities`, `priorityPlaces`).
    static let solverFields: Set<String> = ["tableau", "constraints", "edits", "faceMemo", "overflowed", "gapState",
                                            "handsLongSlots", "priorities", "priorityPlaces"]

    struct Observation: Equatable {
        var state: String
        var values: [UInt64]
        var ambiguous: [Int]
    }

    static func observe(_ solver: Solver, _ variables: [Variable]) -> Observation {
        Observation(state: stateDump(solver), values: variables.map { solver.value(of: $0).bitPattern },
                    ambiguous: solver.ambiguousVariables().map(\.id))
    }

    /// A field added to the tableau or the solver must be put in one of the lists above (and,
    /// when it holds state, trailed at its writes).
    @Test func everyStoredFieldIsTrailedOrNamedAsUntrailed() {
        let solver = Solver()
        for child in Mirror(reflecting: solver.tableau).children {
            let label = child.label!
            #expect(Self.trailedTableauFields.contains(label) || Self.untrailedTableauFields.contains(label),
                    "Tableau.\(label) is neither trailed nor named as untrailed")
        }
        for child in Mirror(reflecting: solver).children {
            #expect(Self.solverFields.contains(child.label!), "Solver.\(child.label!) is not trailed")
        }
    }

    /// One random session of calls with rollbacks; returns the first failure.
    /// `callsPerStep`: each step makes one to that many calls (as a model's line does), so that
    /// what one call records is still right after the next moved the objective's levels.
    static func run(seed: UInt64, calls: Int, longRowLength: Int? = nil, farLevel: UInt16? = nil,
                    bulkStepEntries: Int? = nil, callsPerStep: Int = 1) -> String? {
        var generator = CallGenerator(rng: SplitMix64(seed: seed))
        var model = SystemModel(variableCount: 2 + Int(seed % 5))
        let solver = Solver()
        if let longRowLength { solver.tableau.longRowLength = longRowLength }
        if let farLevel { solver.tableau.trail.farLevel = farLevel }
        if let bulkStepEntries { solver.tableau.trail.bulkStepEntries = bulkStepEntries }
        let variables = (0..<model.variableCount).map { _ in solver.makeVariable() }
        var handles: [Int: ConstraintID] = [:]
        // What each open step began from, oldest first.
        var before: [(observation: Observation, model: SystemModel, handles: [Int: ConstraintID])] = []
        var log: [String] = []
        for call in generator.prelude(variableCount: model.variableCount) {
            _ = CheckedRun.apply(call, to: solver, variables: variables, handles: &handles)
            if case let .add(label, terms, constant, relation, strength) = call {
                model.constraints[label] = .init(terms: terms, constant: constant, relation: relation, strength: strength)
            }
        }
        _ = solver.takeChangedVariables()
        for _ in 0..<calls {
            if !before.isEmpty && generator.rng.chance(30) {
                let count = 1 + generator.rng.below(min(before.count, 4))
                let moved = observe(solver, variables).values
                for _ in 0..<count { solver.rollBackStep() }
                log.append("roll back \(count)")
                let expected = before[before.count - count]
                before.removeLast(count)
                let changed = Set(solver.takeChangedVariables().map(\.id))
                let now = observe(solver, variables)
                if now != expected.observation {
                    let what = now.state != expected.observation.state ? "the tableau" : now.values != expected.observation.values ? "the values" : "the ambiguity"
                    return "seed \(seed): after rolling back, \(what) differs from before the steps\n" + log.joined(separator: "\n")
                }
                for (index, value) in now.values.enumerated() where value != moved[index] && !changed.contains(variables[index].id) {
                    return "seed \(seed): v\(index) moved back but is not among the changed variables\n" + log.joined(separator: "\n")
                }
                model = expected.model
                handles = expected.handles
                continue
            }
            if generator.rng.chance(5) && before.count > 2 {
                solver.forgetSteps(keepingNewest: 2)
                before.removeFirst(before.count - 2)
                log.append("forget all but 2")
            }
            before.append((observe(solver, variables), model, handles))
            _ = solver.takeChangedVariables()
            solver.beginStep()
            // One call a step draws no count: the seeds play as they did before steps of several.
            let stepCalls = callsPerStep == 1 ? 1 : 1 + generator.rng.below(callsPerStep)
            for _ in 0..<stepCalls {
                let call = generator.next(model)
                let thrown = CheckedRun.apply(call, to: solver, variables: variables, handles: &handles)
                log.append("\(call)\(thrown == nil ? "" : " // threw")")
                guard thrown == nil else { continue }
                switch call {
                case let .add(label, terms, constant, relation, strength):
                    model.constraints[label] = .init(terms: terms, constant: constant, relation: relation, strength: strength)
                case let .remove(k): model.constraints[k] = nil
                case let .setConstant(k, v): model.constraints[k]!.constant = v
                case let .addEdit(v, s, x): model.edits[v] = (s, x)
                case let .suggest(v, x): model.edits[v]!.value = x
                case let .removeEdit(v): model.edits[v] = nil
                }
            }
            _ = solver.takeChangedVariables()
        }
        return nil
    }

    static func check(seeds: ClosedRange<UInt64>, longRowLength: Int? = nil, farLevel: UInt16? = nil,
                      bulkStepEntries: Int? = nil, callsPerStep: Int = 1) {
        for seed in seeds {
            if let failure = run(seed: seed, calls: 40, longRowLength: longRowLength, farLevel: farLevel,
                                 bulkStepEntries: bulkStepEntries, callsPerStep: callsPerStep) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    @Test func rollingBackRestoresTheSolverExactly() {
        Self.check(seeds: 1...25)
    }

    @Test(.tags(.slow), .skippedInFastTier) func rollingBackRestoresTheSolverExactlyManyTimes() {
        Self.check(seeds: 26...600)
    }

    /// The same with the objective levels past the first (or all of them) saved as a word beside
    /// their coefficient's entry, as levels past 65 534 are.
    @Test func rollingBackRestoresTheSolverExactlyWithFarObjectiveLevels() {
        Self.check(seeds: 1...15, farLevel: 1)
        Self.check(seeds: 16...25, farLevel: 0)
    }

    /// The same with column appends recorded by column (a length at the first, the rest
    /// unrecorded) from a step's first entry on, or its fourth, as a large step's are: removals
    /// and compactions between them must still undo exactly.
    @Test func rollingBackRestoresTheSolverExactlyWithColumnAppendsByColumn() {
        Self.check(seeds: 1...25, bulkStepEntries: 0)
        Self.check(seeds: 26...40, bulkStepEntries: 3)
        Self.check(seeds: 1...15, longRowLength: 0, bulkStepEntries: 0)
    }

    /// The same with steps of several calls, as a model's line makes them, with a large step's
    /// recording from the first entry on or the fourth: an objective coefficient is recorded
    /// once a step, and a level inserted or removed by a later call moves the levels' places.
    @Test func rollingBackRestoresTheSolverExactlyWithSeveralCallsAStep() {
        Self.check(seeds: 1...25, callsPerStep: 4)
        Self.check(seeds: 26...50, bulkStepEntries: 0, callsPerStep: 4)
        Self.check(seeds: 51...70, farLevel: 1, bulkStepEntries: 3, callsPerStep: 4)
    }

    /// The same with every row counted as long, so that removals take the in-place shortcut.
    @Test func rollingBackRestoresTheSolverExactlyWithLongRowShortcuts() {
        Self.check(seeds: 1...25, longRowLength: 0)
        Self.check(seeds: 26...40, longRowLength: 3)
    }

    /// One long-row case (`ChainCase`: a squeezed chain dragged across its breakpoints, bounds
    /// edited, then taken apart), each call a step, with rollbacks of one to four steps that are
    /// then redone. After a rollback the solver must equal what it was before those calls; after
    /// a redo, what it was the first time. Returns the first failure, and the shortcuts taken.
    static func runChain(seed: UInt64, longRowLength: Int) -> (failure: String?, flips: Int, inPlace: Int) {
        let (calls, variableCount) = ChainCase(seed: seed).calls()
        let solver = Solver()
        solver.tableau.longRowLength = longRowLength
        // Odd seeds merge sparsely wherever they can (`RowMerger.mergeSparse`, which edits rows
        // in place), so that its writes are rolled back too.
        if seed % 2 == 1 { solver.tableau.merger.sparseSpan = 0 }
        let variables = (0..<variableCount).map { _ in solver.makeVariable() }
        var rng = SplitMix64(seed: seed &* 31 &+ 7)
        // Before call i: observations[i] and handles[i].
        var observations = [observe(solver, variables)]
        var handles: [[Int: ConstraintID]] = [[:]]
        var log: [String] = []
        var index = 0, rollbacks = 0
        func failure(_ text: String) -> (String?, Int, Int) {
            ("chain seed \(seed), long rows from \(longRowLength): \(text)\n" + log.joined(separator: "\n"), 0, 0)
        }
        _ = solver.takeChangedVariables()
        while index < calls.count {
            if solver.openSteps > 0 && rollbacks < 3 * calls.count && rng.chance(25) {
                let count = 1 + rng.below(min(solver.openSteps, 4))
                let moved = observe(solver, variables).values
                for _ in 0..<count { solver.rollBackStep() }
                rollbacks += 1
                index -= count
                log.append("roll back \(count)")
                let changed = Set(solver.takeChangedVariables().map(\.id))
                let now = observe(solver, variables)
                if now != observations[index] {
                    let what = now.state != observations[index].state ? "the tableau" : now.values != observations[index].values ? "the values" : "the ambiguity"
                    return failure("after rolling back, \(what) differs from before the steps")
                }
                for (v, value) in now.values.enumerated() where value != moved[v] && !changed.contains(variables[v].id) {
                    return failure("v\(v) moved back but is not among the changed variables")
                }
                continue
            }
            if solver.openSteps > 2 && rng.chance(5) {
                solver.forgetSteps(keepingNewest: 2)
                log.append("forget all but 2")
            }
            var current = handles[index]
            solver.beginStep()
            let thrown = CheckedRun.apply(calls[index], to: solver, variables: variables, handles: &current)
            log.append("\(calls[index])\(thrown == nil ? "" : " // threw")")
            _ = solver.takeChangedVariables()
            index += 1
            let now = observe(solver, variables)
            if index < observations.count {
                if now != observations[index] { return failure("redoing call \(index - 1) gave other bits than the first time") }
            } else {
                observations.append(now)
                handles.append(current)
            }
        }
        return (nil, solver.tableau.shortcutsTaken.breakpointFlips, solver.tableau.shortcutsTaken.retractionsInPlace)
    }

    static func checkChains(seeds: ClosedRange<UInt64>) {
        var flips = 0, inPlace = 0
        for seed in seeds {
            for length in [0, 4] {
                let run = Self.runChain(seed: seed, longRowLength: length)
                if let failure = run.failure {
                    Issue.record(Comment(rawValue: failure))
                    return
                }
                flips += run.flips
                inPlace += run.inPlace
            }
        }
        // Without these the test would pass on the plain dual simplex and removal alone.
        #expect(flips >= seeds.count, "only \(flips) bound flips")
        #expect(inPlace >= seeds.count / 2, "only \(inPlace) removals in place")
        print("SolverTrailTests: \(seeds.count) chains, \(flips) bound flips, \(inPlace) removals in place")
    }

    @Test func rollingBackDragsRemovalsAndBoundFlipsOnLongRows() {
        Self.checkChains(seeds: 1...8)
    }

    @Test(.tags(.slow), .skippedInFastTier) func rollingBackDragsRemovalsAndBoundFlipsOnLongRowsManyTimes() {
        Self.checkChains(seeds: 9...200)
    }

    /// A rollback takes back what the step did whatever it was: a refused required constraint
    /// (which changed nothing) and an accepted one alike, and the ids handed out with them.
    @Test func aRolledBackConstraintsIdIsHandedOutAgain() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.addConstraint(Expression([Term(x)], constant: -10), .equal, .required)
        solver.beginStep()
        let added = try solver.addConstraint(Expression([Term(x)], constant: -20), .greaterThanOrEqual, .optional(500))
        #expect(solver.value(of: x) == 10)
        solver.rollBackStep()
        #expect(!solver.hasConstraint(added))
        let again = try solver.addConstraint(Expression([Term(x)], constant: -20), .greaterThanOrEqual, .optional(500))
        #expect(again == added)
        #expect(solver.openSteps == 0)
    }

    /// Forgotten steps stay: only the newest ones can be rolled back.
    @Test func forgottenStepsCannotBeRolledBack() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        for value in [10.0, 20, 30] {
            solver.beginStep()
            try solver.addConstraint(Expression([Term(x)], constant: -value), .equal, .optional(Double(value)))
        }
        // x follows the strongest pull: 30.
        #expect(solver.value(of: x) == 30)
        solver.forgetSteps(keepingNewest: 1)
        #expect(solver.openSteps == 1)
        solver.rollBackStep()
        // Back to the two older pulls, the stronger at 20.
        #expect(solver.value(of: x) == 20)
        #expect(solver.constraintCount == 2)
    }
}

/// The trail's memory: what the kept steps wrote, never more than twice that (the forgotten
/// steps' entries are cut off in bulk), and nothing once every step is forgotten.
@Suite struct SolverTrailMemoryTests {
    @Test func theTrailHoldsOnlyWhatTheKeptStepsWrote() throws {
        let solver = Solver()
        var previous = solver.makeVariable()
        try solver.addConstraint(Expression([Term(previous)]), .equal, .required)
        var stepEntries: [Int] = []
        // A chain grown one link a step, with a preferred width each: every step writes about
        // as much as the one before, so 200 steps would hold 200 steps' entries if nothing
        // were forgotten.
        for _ in 0..<200 {
            solver.beginStep()
            solver.forgetSteps(keepingNewest: 3)
            let before = solver.tableau.trail.entries.count
            let width = solver.makeVariable(), next = solver.makeVariable()
            try solver.addConstraint(Expression([Term(next), Term(previous, -1), Term(width, -1)], constant: -8), .equal, .required)
            try solver.addConstraint(Expression([Term(width)], constant: -20), .greaterThanOrEqual, .required)
            try solver.addConstraint(Expression([Term(width)], constant: -100), .equal, .optional(1))
            // And a change to an older part, which must be recorded.
            try solver.addConstraint(Expression([Term(next)], constant: -50_000), .lessThanOrEqual, .optional(2))
            stepEntries.append(solver.tableau.trail.entries.count - before)
            previous = next
        }
        #expect(solver.openSteps == 3)
        let largest = stepEntries.max()!
        #expect(largest > 0)
        #expect(solver.tableau.trail.entries.count <= 2 * 3 * largest,
                "\(solver.tableau.trail.entries.count) entries kept for 3 steps of at most \(largest)")
        solver.forgetSteps(keepingNewest: 0)
        #expect(solver.openSteps == 0)
        #expect(solver.tableau.trail.entries.isEmpty)
        #expect(solver.tableau.trail.steps.isEmpty)
    }

    /// Every write of a step pays for the widest entry, so the old numbers and the second value
    /// of a two-value entry are saved beside the entries, not in them; and a record is kept
    /// for every constraint.
    @Test func anEntryIsEightBytesAndAConstraintRecordTwentyFour() {
        #expect(MemoryLayout<SolverTrail.Entry>.stride == 8)
        #expect(MemoryLayout<SolverConstraint?>.stride == 24)
    }

    /// The step that squeezes a chain rewrites a short row of every link and makes each link's
    /// symbols candidates: the rows are saved flat, the candidates by runs (the list whole only
    /// when it is cleared), and rolling back restores it all.
    @Test func aSqueezeSavesShortRowsFlatAndCandidatesByRuns() throws {
        let solver = Solver()
        var left = solver.makeVariable(), width = solver.makeVariable()
        try solver.addConstraint(Expression([Term(left)]), .equal, .required)
        for link in 0..<100 {
            if link > 0 {
                let next = solver.makeVariable(), nextWidth = solver.makeVariable()
                try solver.addConstraint(Expression([Term(next), Term(left, -1), Term(width, -1)], constant: -8), .equal, .required)
                left = next
                width = nextWidth
            }
            try solver.addConstraint(Expression([Term(width)], constant: -20), .greaterThanOrEqual, .required)
            try solver.addConstraint(Expression([Term(width)], constant: -100), .equal, .optional(1))
        }
        let before = SolverTrailTests.stateDump(solver)
        solver.beginStep()
        try solver.addConstraint(Expression([Term(left), Term(width)], constant: -3000), .lessThanOrEqual, .required)
        #expect(solver.value(of: left) + solver.value(of: width) <= 3000)
        var flat = 0, whole = 0, added = 0, addedSymbols = 0, dropped = 0, lists = 0
        for entry in solver.tableau.trail.entries {
            switch entry {
            case .flatRow: flat += 1
            case .row: whole += 1
            case .candidatesAdded(let count):
                added += 1
                addedSymbols += Int(count)
            case .candidatesDropped: dropped += 1
            case .candidates: lists += 1
            default: break
            }
        }
        #expect(flat >= 100, "\(flat) rows saved flat")
        #expect(whole <= 2, "\(whole) rows saved whole")
        // Candidates are one entry per run of additions or drops (their symbols four bytes
        // each beside the entries); the list is saved whole only when an optimum clears it, not
        // at every pivot.
        #expect(addedSymbols >= 100 && added * 4 <= addedSymbols, "\(added) runs of \(addedSymbols) candidates added")
        #expect(solver.tableau.trail.savedCandidateCount >= addedSymbols, "every symbol of a run is kept beside the entries")
        #expect(dropped <= addedSymbols, "\(dropped) runs dropped")
        #expect(lists <= 2, "\(lists) lists saved")
        solver.rollBackStep()
        #expect(SolverTrailTests.stateDump(solver) == before)
    }
}
