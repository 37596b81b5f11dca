// Differential property test: random call sequences against the Cassowary solver, each state
// compared with the exact oracle in `Oracle/` over the *current* set of constraints.
//
// Reproducing a failure: the failure message prints the case seed and the call log. Run
//   LAYOUTLAB_PROPERTY_SEED=<case seed> LAYOUTLAB_PROPERTY_CASES=1 \
//   swift test --scratch-path .build-oracle --filter SolverPropertyTests
// (case i of a run uses seed `base &+ i`, so a case seed used as base replays that case first).

import Cassowary
import TestSupport
import Foundation
import Testing

/// One solver call as the generator issued it. Kept as data so a run can be logged, replayed
/// bit-for-bit on a second solver (determinism), shrunk to a minimal failing sequence, and pasted
/// into a regression test. Constraints are named by a stable label (`c<label>`), not by position,
/// so that dropping calls while shrinking does not renumber the rest.
enum SolverCall: CustomStringConvertible {
    case add(label: Int, terms: [(Int, Double)], constant: Double, relation: Relation, strength: Strength)
    case remove(label: Int)
    case setConstant(label: Int, Double)
    case addEdit(variable: Int, strength: Double, suggested: Double)   // addEditVariable + suggestValue
    case suggest(variable: Int, value: Double)
    case removeEdit(variable: Int)

    var description: String {
        func strength(_ s: Strength) -> String {
            switch s {
            case .required: return ".required"
            case .optional(let p): return ".optional(\(p))"
            }
        }
        switch self {
        case let .add(label, terms, constant, relation, s):
            let ts = terms.map { "(v\($0.0), \($0.1))" }.joined(separator: ", ")
            return "c\(label) = add([\(ts)], constant: \(constant), .\(relation), \(strength(s)))"
        case let .remove(k): return "remove(c\(k))"
        case let .setConstant(k, v): return "setConstant(c\(k), to: \(v))"
        case let .addEdit(v, s, x): return "addEditVariable(v\(v), .optional(\(s))); suggestValue(v\(v), \(x))"
        case let .suggest(v, x): return "suggestValue(v\(v), \(x))"
        case let .removeEdit(v): return "removeEditVariable(v\(v))"
        }
    }
}

/// The test's own record of what the solver should currently contain: the constraints that were
/// accepted (by label) and the edit variables with their suggested values. The oracle is always
/// asked about this model, never about anything read back from the solver.
struct SystemModel {
    struct Constraint {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: Relation
        var strength: Strength
    }
    var variableCount: Int
    var constraints: [Int: Constraint] = [:]        // live constraints by label
    var edits: [Int: (strength: Double, value: Double)] = [:]

    /// Every live constraint, edit variables included as `v - suggested == 0 @strength`.
    func allConstraints(including extra: Constraint? = nil) -> [Constraint] {
        var out = constraints.keys.sorted().map { constraints[$0]! }
        if let extra { out.append(extra) }
        for v in edits.keys.sorted() {
            out.append(Constraint(terms: [(v, 1)], constant: -edits[v]!.value, relation: .equal,
                                  strength: .optional(edits[v]!.strength)))
        }
        return out
    }

    /// Converts exactly (the generator only uses integers and halves) to the oracle's form.
    func oracleConstraints(including extra: Constraint? = nil) -> [OracleConstraint] {
        allConstraints(including: extra).map(SystemModel.convert)
    }

    static func convert(_ c: Constraint) -> OracleConstraint {
        var coefficients: [Int: Rational] = [:]
        for (v, a) in c.terms {
            // Duplicate terms are summed; the generator's numbers are tiny, so this cannot overflow.
            coefficients[v] = try! (coefficients[v] ?? .zero).adding(Rational(exactly: a)!)
        }
        let relation: OracleRelation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        let strength: Double?
        switch c.strength {
        case .required: strength = nil
        case .optional(let s): strength = s
        }
        return OracleConstraint(coefficients: coefficients, constant: Rational(exactly: c.constant)!,
                                relation: relation, strength: strength)
    }
}

/// Generates random call sequences (`SolverCall`s) over a model of the current system.
struct CallGenerator {
    /// Strengths include close values (250/250.5/251) and repeats so that several constraints
    /// share a level — the two situations a weighted-sum implementation gets wrong.
    static let strengthPool: [Double] = [250, 250, 250.5, 251, 1, 500, 500, 750, 999.5]
    static let coefficientPool: [Double] = [1, 1, -1, -1, 2, -2, 0.5, -0.5, 3]

    var rng: SplitMix64
    var nextLabel = 0

    mutating func smallNumber() -> Double {
        // Integers and halves in [-20, 20]: exact in Double and in the oracle's rationals.
        let n = Double(rng.below(81) - 40) / 2
        return rng.chance(60) ? n.rounded(.towardZero) : n
    }

    mutating func randomStrength(requiredPercent: Int) -> Strength {
        rng.chance(requiredPercent) ? .required : .optional(rng.pick(CallGenerator.strengthPool))
    }

    mutating func add(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ strength: Strength) -> SolverCall {
        nextLabel += 1
        return .add(label: nextLabel - 1, terms: terms, constant: constant, relation: relation, strength: strength)
    }

    /// "Stay" constraints at the weakest level, as layout engines add: without such anchors most
    /// variables stay ambiguous, so some cases start with them to make the value checks bite.
    mutating func prelude(variableCount: Int) -> [SolverCall] {
        guard rng.chance(40) else { return [] }
        return (0..<variableCount).map { add([($0, 1)], smallNumber(), .equal, .optional(0.5)) }
    }

    mutating func next(_ model: SystemModel) -> SolverCall {
        let live = model.constraints.keys.sorted()
        let edited = model.edits.keys.sorted()
        let unedited = (0..<model.variableCount).filter { model.edits[$0] == nil }
        while true {
            switch rng.below(100) {
            case 0..<55:
                // Sometimes restate an existing expression: with another constant it is a
                // deliberate conflict (both required) or tie (same strength); with the same
                // constant, possibly scaled, a redundant duplicate (dependent rows in the tableau).
                if !live.isEmpty && rng.chance(25) {
                    let base = model.constraints[rng.pick(live)]!
                    let rel: Relation = rng.pick([base.relation, .equal, .lessThanOrEqual, .greaterThanOrEqual])
                    if rng.chance(35) {
                        let k = rng.pick([1.0, 1.0, -1.0, 2.0])   // ×−1 flips the inequality's sense
                        return add(base.terms.map { ($0.0, $0.1 * k) }, base.constant * k, rel,
                                   randomStrength(requiredPercent: 60))
                    }
                    return add(base.terms, smallNumber(), rel, randomStrength(requiredPercent: 60))
                }
                let termCount = rng.chance(4) ? 0 : 1 + rng.below(3)
                var terms: [(Int, Double)] = []
                for _ in 0..<termCount {
                    // Duplicate variables are allowed (rarely) and must be summed by the solver.
                    terms.append((rng.below(model.variableCount), rng.pick(CallGenerator.coefficientPool)))
                }
                let rel: Relation = rng.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual])
                return add(terms, smallNumber(), rel, randomStrength(requiredPercent: 40))
            case 55..<65 where !live.isEmpty:
                return .remove(label: rng.pick(live))
            case 65..<78 where !live.isEmpty:
                return .setConstant(label: rng.pick(live), smallNumber())
            case 78..<88 where !unedited.isEmpty:
                return .addEdit(variable: rng.pick(unedited), strength: rng.pick(CallGenerator.strengthPool),
                                suggested: smallNumber())
            case 88..<96 where !edited.isEmpty:
                return .suggest(variable: rng.pick(edited), value: smallNumber())
            case 96..<100 where !edited.isEmpty:
                return .removeEdit(variable: rng.pick(edited))
            default:
                continue
            }
        }
    }
}

/// Applies calls to one solver and checks it against the oracle after every call.
struct CheckedRun {
    static let tolerance = 1e-6

    enum StepResult {
        case ok
        /// The call does not make sense in the current state (only while shrinking, when an add it
        /// depends on was dropped or now throws).
        case invalid
        case failure(String)
    }

    var model: SystemModel
    let solver = Solver()
    let variables: [Variable]
    var handles: [Int: ConstraintID] = [:]   // label → id of accepted adds
    var log: [String] = []
    var calls: [SolverCall] = []
    var snapshots: [[UInt64]] = []           // bit patterns of all values after each call
    var overflowCount = 0
    var oracleQueries = 0
    /// Values and ambiguity at the last check, for checking `takeChangedVariables`.
    var lastValues: [Double]?
    var lastAmbiguous: Set<Int> = []

    init(variableCount: Int) {
        model = SystemModel(variableCount: variableCount)
        variables = (0..<variableCount).map { [solver] _ in solver.makeVariable() }
    }

    /// Whether `call` is meaningful now (labels live, edit variables present or absent).
    func isValid(_ call: SolverCall) -> Bool {
        switch call {
        case .add: return true
        case let .remove(k), let .setConstant(k, _): return model.constraints[k] != nil
        case let .addEdit(v, _, _): return model.edits[v] == nil
        case let .suggest(v, _), let .removeEdit(v): return model.edits[v] != nil
        }
    }

    /// Applies `call` to `solver`, returning the thrown conflict set if any. Shared by the checked
    /// run and the determinism replay so both issue exactly the same calls.
    static func apply(_ call: SolverCall, to solver: Solver, variables: [Variable],
                      handles: inout [Int: ConstraintID]) -> UnsatisfiableConstraint? {
        switch call {
        case let .add(label, terms, constant, relation, strength):
            let e = Expression(terms.map { Term(variables[$0.0], $0.1) }, constant: constant)
            do {
                handles[label] = try solver.addConstraint(e, relation, strength)
            } catch {
                return error
            }
        case let .remove(k):
            solver.removeConstraint(handles[k]!)
        case let .setConstant(k, v):
            do { try solver.setConstant(handles[k]!, to: v) } catch { return error }
        case let .addEdit(v, s, x):
            solver.addEditVariable(variables[v], strength: .optional(s))
            solver.suggestValue(variables[v], x)
        case let .suggest(v, x):
            solver.suggestValue(variables[v], x)
        case let .removeEdit(v):
            solver.removeEditVariable(variables[v])
        }
        return nil
    }

    func name(_ id: ConstraintID) -> String {
        handles.first { $0.value == id }.map { "c\($0.key)" } ?? "#\(id.id)"
    }

    /// Applies one call and checks it. The model is updated only with what the solver accepted,
    /// after checking that accepting/refusing was right.
    mutating func step(_ call: SolverCall) -> StepResult {
        guard isValid(call) else { return .invalid }
        calls.append(call)
        // What the system would be if the call succeeds, for the feasibility verdict.
        var candidate: SystemModel.Constraint?
        var offending: Int?
        switch call {
        case let .add(_, terms, constant, relation, strength):
            candidate = .init(terms: terms, constant: constant, relation: relation, strength: strength)
        case let .setConstant(k, v):
            candidate = model.constraints[k]!
            candidate!.constant = v
            offending = k
        default: break
        }
        var expectFeasible: Bool? = true
        if let candidate, candidate.strength == .required {
            var without = model
            if let offending { without.constraints[offending] = nil }
            oracleQueries += 1
            expectFeasible = Oracle.isSatisfiable(without.oracleConstraints(including: candidate),
                                                  variableCount: model.variableCount)
            if expectFeasible == nil { overflowCount += 1 }
        }

        let thrown = CheckedRun.apply(call, to: solver, variables: variables, handles: &handles)
        log.append("\(call)" + (thrown.map { " // THREW conflicting: \($0.conflicting.map(name))" } ?? ""))
        defer { snapshots.append(variables.map { solver.value(of: $0).bitPattern }) }

        if let thrown {
            guard let candidate else { return .failure("a call that cannot fail threw") }
            if expectFeasible == true {
                return .failure("threw, but the oracle says the required constraints are satisfiable")
            }
            if let msg = checkConflict(thrown.conflicting, offending: candidate, offendingLabel: offending) {
                return .failure(msg)
            }
            // Nothing changed in the model: the state check below is of the unchanged system.
        } else {
            if expectFeasible == false {
                return .failure("accepted, but the oracle says the required constraints are unsatisfiable")
            }
            switch call {
            case let .add(label, _, _, _, _): model.constraints[label] = candidate
            case let .remove(k): model.constraints[k] = nil
            case let .setConstant(k, _): model.constraints[k] = candidate
            case let .addEdit(v, s, x): model.edits[v] = (s, x)
            case let .suggest(v, x): model.edits[v]!.value = x
            case let .removeEdit(v): model.edits[v] = nil
            }
        }
        return checkState().map { .failure($0) } ?? .ok
    }

    /// The conflict set must name live required constraints, be sorted, exclude the offending
    /// constraint, be unsatisfiable together with it, and be minimal.
    mutating func checkConflict(_ ids: [ConstraintID], offending: SystemModel.Constraint, offendingLabel: Int?) -> String? {
        guard ids == ids.sorted(), Set(ids).count == ids.count else { return "conflict set not sorted/unique: \(ids.map(\.id))" }
        var members: [SystemModel.Constraint] = []
        for id in ids {
            guard let label = handles.first(where: { $0.value == id })?.key, let c = model.constraints[label] else {
                return "conflict set names id \(id.id), which is not a live constraint"
            }
            guard label != offendingLabel else { return "conflict set contains the offending constraint c\(label)" }
            guard c.strength == .required else { return "conflict set contains optional constraint c\(label)" }
            members.append(c)
        }
        let all = members + [offending]
        let names = ids.map(name)
        oracleQueries += 1
        switch Oracle.isSatisfiable(all.map(SystemModel.convert), variableCount: model.variableCount) {
        case nil: overflowCount += 1; return nil
        case true?: return "conflict set \(names) + the offending constraint is satisfiable"
        case false?: break
        }
        for drop in all.indices {
            var rest = all
            rest.remove(at: drop)
            oracleQueries += 1
            switch Oracle.isSatisfiable(rest.map(SystemModel.convert), variableCount: model.variableCount) {
            case nil: overflowCount += 1
            case false?:
                return "conflict set \(names) + offending is not minimal: still unsatisfiable without "
                    + (drop < names.count ? names[drop] : "the offending constraint")
            case true?: break
            }
        }
        return nil
    }

    /// Compares the solver's current state with the oracle's exact answer for the model.
    mutating func checkState() -> String? {
        oracleQueries += 1
        let outcome = Oracle.solve(OracleSystem(variableCount: model.variableCount,
                                                constraints: model.oracleConstraints()))
        let values = variables.map { solver.value(of: $0) }
        switch outcome {
        case .overflow:
            overflowCount += 1
            return nil
        case .infeasible:
            return "the model's required constraints are infeasible (the harness accepted a bad call)"
        case .solved(let truth):
            func error(_ c: SystemModel.Constraint) -> Double {
                let e = c.terms.reduce(c.constant) { $0 + $1.1 * values[$1.0] }
                switch c.relation {
                case .equal: return abs(e)
                case .lessThanOrEqual: return max(0, e)
                case .greaterThanOrEqual: return max(0, -e)
                }
            }
            for (k, c) in model.constraints.sorted(by: { $0.key < $1.key }) where c.strength == .required {
                if !(error(c) <= CheckedRun.tolerance) {
                    return "required c\(k) violated by \(error(c)); values \(values)"
                }
            }
            let all = model.allConstraints()
            for level in truth.levelOptima {
                let total = all.filter { $0.strength == .optional(level.strength) }.reduce(0) { $0 + error($1) }
                if !(abs(total - level.optimum.doubleValue) <= CheckedRun.tolerance) {
                    return "total error at strength \(level.strength) is \(total), optimum is \(level.optimum); values \(values)"
                }
            }
            let ambiguous = solver.ambiguousVariables().map(\.id)
            let expected = truth.ambiguous.map { variables[$0].id }
            if ambiguous != expected {
                return "ambiguous variables (ids) \(ambiguous), oracle says \(expected); values \(values)"
            }
            // Reports look only at the variables the solver says changed: every variable whose
            // value or ambiguity differs from the last check must be among them.
            let changed = Set(solver.takeChangedVariables().map(\.id))
            let ambiguousSet = Set(ambiguous)
            for (i, variable) in variables.enumerated() {
                let valueMoved = lastValues.map { $0[i] != values[i] } ?? (values[i] != 0)
                let ambiguityMoved = lastAmbiguous.contains(variable.id) != ambiguousSet.contains(variable.id)
                if (valueMoved || ambiguityMoved) && !changed.contains(variable.id) {
                    return "v\(i) changed (value \(lastValues?[i] ?? 0) -> \(values[i]), ambiguous \(ambiguousSet.contains(variable.id))) but takeChangedVariables misses it"
                }
            }
            lastValues = values
            lastAmbiguous = ambiguousSet
            for (i, v) in truth.uniqueValues.sorted(by: { $0.key < $1.key }) {
                if !(abs(values[i] - v.doubleValue) <= CheckedRun.tolerance) {
                    return "v\(i) = \(values[i]) but its value is the same in every optimum: \(v)"
                }
            }
            return nil
        }
    }

    /// The same calls on a fresh solver must give bit-identical values after every call.
    func checkDeterminism() -> String? {
        let replay = Solver()
        let vars = (0..<model.variableCount).map { _ in replay.makeVariable() }
        var replayHandles: [Int: ConstraintID] = [:]
        for (n, call) in calls.enumerated() {
            _ = CheckedRun.apply(call, to: replay, variables: vars, handles: &replayHandles)
            let bits = vars.map { replay.value(of: $0).bitPattern }
            if bits != snapshots[n] {
                return "not deterministic: replay differs after call \(n): \(vars.map { replay.value(of: $0) })"
            }
        }
        return nil
    }

    /// Runs a fixed call sequence from scratch; the failure message, or nil if it passes (or a
    /// call is invalid — then the sequence is not a reproduction).
    static func check(_ calls: [SolverCall], variableCount: Int) -> String? {
        var run = CheckedRun(variableCount: variableCount)
        for call in calls {
            switch run.step(call) {
            case .ok: continue
            case .invalid: return nil
            case .failure(let f): return f
            }
        }
        return run.checkDeterminism()
    }

    /// The kind of a failure message (its text before the first number or list), so shrinking
    /// does not wander from one bug to a different one.
    static func kind(of failure: String) -> Substring {
        failure.prefix { !$0.isNumber && $0 != "[" && $0 != "-" }
    }

    /// Greedy shrinking: drop single calls (an add together with the calls naming its label) as
    /// long as the sequence still fails the same way, so a report shows a near-minimal reproduction.
    static func shrink(_ calls: [SolverCall], variableCount: Int) -> [SolverCall] {
        guard let original = check(calls, variableCount: variableCount) else { return calls }
        let wanted = kind(of: original)
        var current = calls
        var progress = true
        while progress {
            progress = false
            for i in current.indices.reversed() where i < current.count {
                var candidate = current
                let dropped = candidate.remove(at: i)
                if case let .add(label, _, _, _, _) = dropped {
                    candidate.removeAll {
                        switch $0 {
                        case let .remove(k), let .setConstant(k, _): return k == label
                        default: return false
                        }
                    }
                }
                if let f = check(candidate, variableCount: variableCount), kind(of: f) == wanted {
                    current = candidate
                    progress = true
                }
            }
        }
        return current
    }
}

/// One random case: a generated call sequence checked against the oracle call by call.
struct PropertyCase {
    let seed: UInt64

    /// The failure report (seed, full log, shrunk log) or nil; plus the oracle statistics.
    func run() -> (failure: String?, overflows: Int, queries: Int) {
        var gen = CallGenerator(rng: SplitMix64(seed: seed))
        let variableCount = 2 + gen.rng.below(5)                 // 2...6 variables
        let steps = 3 + gen.rng.below(10)                        // 3...12 random calls
        var run = CheckedRun(variableCount: variableCount)
        let prelude = gen.prelude(variableCount: variableCount)
        var failure: String?
        for n in 0..<(prelude.count + steps) {
            let call = n < prelude.count ? prelude[n] : gen.next(run.model)
            if case .failure(let f) = run.step(call) { failure = f; break }
        }
        if failure == nil { failure = run.checkDeterminism() }
        guard let failure else { return (nil, run.overflowCount, run.oracleQueries) }
        let shrunk = CheckedRun.shrink(run.calls, variableCount: variableCount)
        var replay = CheckedRun(variableCount: variableCount)
        for call in shrunk { _ = replay.step(call) }
        let report = "Cassowary property failure (case seed \(seed), \(variableCount) variables): \(failure)\n"
            + "call log:\n" + run.log.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
            + "\nshrunk to \(shrunk.count) calls, which fail with: \(CheckedRun.check(shrunk, variableCount: variableCount) ?? "?")\n"
            + replay.log.map { "  \($0)" }.joined(separator: "\n")
        return (report, run.overflowCount, run.oracleQueries)
    }
}

/// Run-wide settings from the environment, so CI can raise the case count and a failure can be
/// replayed from its printed seed.
enum PropertySettings {
    static var cases: Int {
        ProcessInfo.processInfo.environment["LAYOUTLAB_PROPERTY_CASES"].flatMap { Int($0) } ?? 10_000
    }
    static var baseSeed: UInt64 {
        ProcessInfo.processInfo.environment["LAYOUTLAB_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x1A70_2024_C0DE
    }
    /// The cases are split over shards that Swift Testing runs in parallel.
    static let shards = 8
}

/// The differential property test itself.
@Suite(.tags(.slow), .skippedInFastTier) struct SolverPropertyTests {
    @Test("random call sequences agree with the exact oracle", arguments: 0..<PropertySettings.shards)
    func randomSystemsMatchOracle(shard: Int) {
        let total = PropertySettings.cases
        let base = PropertySettings.baseSeed
        var failures = 0, overflowCases = 0, overflows = 0, queries = 0, ran = 0
        for index in stride(from: shard, to: total, by: PropertySettings.shards) {
            let result = PropertyCase(seed: base &+ UInt64(index)).run()
            if let failure = result.failure {
                failures += 1
                // The first few failures in full; the rest only counted, to keep the log readable.
                if failures <= 3 { Issue.record(Comment(rawValue: failure)) }
            }
            overflows += result.overflows
            if result.overflows > 0 { overflowCases += 1 }
            queries += result.queries
            ran += 1
        }
        #expect(failures == 0, "\(failures) of \(ran) cases failed in shard \(shard) (base seed \(base))")
        // Overflow makes the oracle abstain on a query; it must stay rare or the test would
        // silently check less than it claims.
        #expect(overflowCases * 100 < max(ran, 1),
                "the oracle overflowed in \(overflowCases) of \(ran) cases (\(overflows) of \(queries) queries)")
        print("SolverPropertyTests shard \(shard): \(ran) cases, \(queries) oracle queries, \(overflows) overflowed, \(failures) failed")
    }
}
