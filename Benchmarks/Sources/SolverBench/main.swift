// LayoutLab side of the benchmark. Mirrors Benchmarks/kiwi/bench.cpp exactly: same workloads,
// same constraint order, same numbers, same output line.
//
//   SolverBench WORKLOAD N [DRAG-STEPS [BUDGET-SECONDS]]   (10 000 drag steps unless given; the
//   drag stops early once the budget is spent and reports the steps it did)
//
// WORKLOAD: chain-loose chain-squeezed drag-deep drag-edge remove-forward remove-reverse
//           remove-random remove-edge-last grid
// SOLVERBENCH_UNDO_DEPTH=D runs every call (add, remove, suggest) in an undo step of its own and
// keeps the newest D steps, as the shell's undo does: what the solver's trail costs.
// Prints: time_s=<timed part> steps=<timed steps> viol=<max required violation>
//         obj=<strong>,<medium>,<weak> sum=<sum of all variable values>
import Cassowary

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Rel { case eq, le, ge }

/// 0 = required, 1 = strong, 2 = medium, 3 = weak. kiwi weighs them 1e6, 1e3, 1 in one sum;
/// LayoutLab keeps them strictly apart. Both reach the same optimum on these workloads, which
/// the per-level objectives in the output check.
let strengths: [Strength] = [.required, .optional(1_000_000), .optional(1_000), .optional(1)]

struct Spec {
    var terms: [(Int, Double)]
    var constant: Double
    var rel: Rel
    var level: Int
}

/// See SOLVERBENCH_UNDO_DEPTH above; nil: no steps.
let undoDepth: Int? = getenv("SOLVERBENCH_UNDO_DEPTH").flatMap { Int(String(cString: $0)) }

final class Bench {
    let solver = Solver()

    /// Opens the undo step of the next call when steps are asked for.
    func step() {
        guard let undoDepth else { return }
        solver.beginStep()
        solver.forgetSteps(keepingNewest: undoDepth)
    }
    var vars: [Variable] = []
    var specs: [Spec] = []
    var handles: [ConstraintID] = []

    func variable() -> Int {
        vars.append(solver.makeVariable())
        return vars.count - 1
    }

    func add(_ terms: [(Int, Double)], _ constant: Double, _ rel: Rel, _ level: Int) {
        let expression = Expression(terms.map { Term(vars[$0.0], $0.1) }, constant: constant)
        let relation: Relation = rel == .eq ? .equal : rel == .le ? .lessThanOrEqual : .greaterThanOrEqual
        step()
        handles.append(try! solver.addConstraint(expression, relation, strengths[level]))
        specs.append(Spec(terms: terms, constant: constant, rel: rel, level: level))
    }

    func value(_ v: Int) -> Double { solver.value(of: vars[v]) }

    func check() -> (viol: Double, obj: [Double], sum: Double) {
        var viol = 0.0
        var obj = [0.0, 0.0, 0.0, 0.0]
        for s in specs {
            var x = s.constant
            for t in s.terms { x += t.1 * value(t.0) }
            let err = s.rel == .eq ? abs(x) : s.rel == .le ? max(0, x) : max(0, -x)
            if s.level == 0 { viol = max(viol, err) } else { obj[s.level] += err }
        }
        var sum = 0.0
        for v in vars.indices { sum += value(v) }
        return (viol, obj, sum)
    }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func chain(_ b: Bench, _ n: Int, limit: Double, right: Int) {
    var left: [Int] = [], width: [Int] = []
    for _ in 0..<n {
        left.append(b.variable())
        width.append(b.variable())
    }
    for i in 0..<n {
        if i == 0 { b.add([(left[0], 1)], 0, .eq, 0) }
        else { b.add([(left[i], 1), (left[i - 1], -1), (width[i - 1], -1)], -8, .eq, 0) }
        b.add([(width[i], 1)], -20, .ge, 0)
        b.add([(width[i], 1)], -100, .eq, 3)
    }
    if right >= 0 { b.add([(left[n - 1], 1), (width[n - 1], 1), (right, -1)], 0, .le, 0) }
    else { b.add([(left[n - 1], 1), (width[n - 1], 1)], -limit, .le, 0) }
}

func grid(_ b: Bench, _ k: Int) {
    let W = 100.0 * Double(k), H = 30.0 * Double(k)
    var x: [Int] = [], y: [Int] = [], w: [Int] = [], h: [Int] = []
    for _ in 0..<(k * k) {
        x.append(b.variable()); y.append(b.variable()); w.append(b.variable()); h.append(b.variable())
    }
    for r in 0..<k {
        for c in 0..<k {
            let i = r * k + c
            if c == 0 { b.add([(x[i], 1)], -8, .eq, 0) }
            else { b.add([(x[i], 1), (x[i - 1], -1), (w[i - 1], -1)], -8, .eq, 0) }
            if c == k - 1 { b.add([(x[i], 1), (w[i], 1)], 8 - W, .eq, 0) }
            if c > 0 { b.add([(w[i], 1), (w[i - 1], -1)], 0, .eq, 0) }
            if r == 0 { b.add([(y[i], 1)], -8, .eq, 0) }
            else { b.add([(y[i], 1), (y[i - k], -1), (h[i - k], -1)], -8, .eq, 0) }
            if r == k - 1 { b.add([(y[i], 1), (h[i], 1)], 8 - H, .le, 0) }
            b.add([(w[i], 1)], 0, .ge, 0)
            b.add([(h[i], 1)], 0, .ge, 0)
            b.add([(h[i], 1)], -44, .eq, 2)
        }
    }
}

func report(_ time: Double, _ steps: Int, _ viol: Double, _ obj: [Double], _ sum: Double) {
    func g(_ x: Double, _ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([x]) { vsnprintf(&buffer, 64, "%.\(digits)g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    print("time_s=\(g(time, 9)) steps=\(steps) viol=\(g(viol, 3)) obj=\(g(obj[1], 9)),\(g(obj[2], 9)),\(g(obj[3], 9)) sum=\(g(sum, 9))")
}

let args = CommandLine.arguments
guard (3...5).contains(args.count), let n = Int(args[2]) else {
    print("usage: SolverBench WORKLOAD N [DRAG-STEPS [BUDGET-SECONDS]]")
    exit(2)
}
let workload = args[1]
let b = Bench()
var t0 = 0.0, t1 = 0.0
var steps = 1
var stepSum = 0.0
switch workload {
case "chain-loose", "chain-squeezed":
    t0 = now()
    chain(b, n, limit: (workload == "chain-loose" ? 200.0 : 60.0) * Double(n), right: -1)
    for v in b.vars.indices { stepSum += b.value(v) }
    t1 = now()
case "drag-deep", "drag-edge":
    let deep = workload == "drag-deep"
    let centre = deep ? 60.0 * Double(n) : 108.0 * Double(n) - 8
    let amplitude = deep ? 10.0 * Double(n) : 40.0
    let edit = b.variable()
    b.solver.addEditVariable(b.vars[edit], strength: strengths[1])
    b.solver.suggestValue(b.vars[edit], centre)
    chain(b, n, limit: 0, right: edit)
    steps = args.count >= 4 ? Int(args[3]) ?? 10_000 : 10_000
    let budget = args.count >= 5 ? Double(args[4]) ?? .infinity : .infinity
    t0 = now()
    var state: UInt32 = 12345
    for step in 0..<steps {
        if step > 0 && now() - t0 > budget {  // report the steps done within the budget
            steps = step
            break
        }
        state = state &* 1103515245 &+ 12345
        let u = Double((state >> 8) & 0xffff) / 65535.0
        b.step()
        b.solver.suggestValue(b.vars[edit], centre + amplitude * (2 * u - 1))
        for v in b.vars.indices { stepSum += b.value(v) }
    }
    t1 = now()
    // Untimed: back to the centre, so the check compares the same state whatever the steps.
    b.solver.suggestValue(b.vars[edit], centre)
case "remove-forward", "remove-reverse", "remove-random", "remove-edge-last":
    chain(b, n, limit: 200.0 * Double(n), right: -1)
    let (viol, obj, sum) = b.check()
    var order = b.handles
    if workload == "remove-reverse" { order.reverse() }
    if workload == "remove-random" || workload == "remove-edge-last" {
        // A Fisher-Yates shuffle driven by the drag's fixed-seed LCG: the same order as kiwi's.
        // `remove-edge-last` keeps the right edge (the last constraint) last: the row that
        // absorbed it, which names every view, then lives through every removal.
        var state: UInt32 = 12345
        var i = order.count - (workload == "remove-edge-last" ? 2 : 1)
        while i > 0 {
            state = state &* 1103515245 &+ 12345
            order.swapAt(i, Int(state >> 8) % (i + 1))
            i -= 1
        }
    }
    t0 = now()
    for id in order {
        b.step()
        b.solver.removeConstraint(id)
    }
    for v in b.vars.indices { stepSum += b.value(v) }
    t1 = now()
    var after = 0.0
    for v in b.vars.indices { after += abs(b.value(v)) }
    report(t1 - t0, 1, max(viol, after), obj, sum)
    exit(0)
case "grid":
    let k = Int((Double(n).squareRoot()).rounded())
    t0 = now()
    grid(b, k)
    for v in b.vars.indices { stepSum += b.value(v) }
    t1 = now()
default:
    print("unknown workload \(workload)")
    exit(2)
}
let (viol, obj, sum) = b.check()
if stepSum.isNaN { print("nan") }
report(t1 - t0, steps, viol, obj, sum)
