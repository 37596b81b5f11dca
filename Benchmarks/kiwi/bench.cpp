// kiwi side of the LayoutLab benchmark. Mirrors Benchmarks/Sources/SolverBench/main.swift
// exactly: same workloads, same constraint order, same numbers. Built by Benchmarks/run.sh
// against the kiwi headers of PyPI's kiwisolver 1.5.1 sdist (never committed).
//
//   bench WORKLOAD N [DRAG-STEPS [BUDGET-SECONDS]]   (10 000 drag steps unless given; the drag
//   stops early once the budget is spent and reports the steps it did)
//
// WORKLOAD: chain-loose chain-squeezed drag-deep drag-edge remove-forward remove-reverse
//           remove-random remove-edge-last grid
// Prints one line: time_s=<timed part> steps=<timed steps> viol=<max required violation>
//                  obj=<strong>,<medium>,<weak> sum=<sum of all variable values>
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace kiwi;

namespace {

enum Rel { EQ, LE, GE };
// 0 = required, 1 = strong, 2 = medium, 3 = weak: the same four levels on both sides.
const double kStrength[4] = {strength::required, strength::strong, strength::medium, strength::weak};

struct Spec {
    std::vector<std::pair<int, double>> terms;  // variable index, coefficient
    double constant;
    Rel rel;
    int level;
};

struct Bench {
    Solver solver;
    std::vector<Variable> vars;
    std::vector<Spec> specs;
    std::vector<Constraint> handles;

    int var() {
        vars.emplace_back();
        return int(vars.size()) - 1;
    }

    void add(std::vector<std::pair<int, double>> terms, double constant, Rel rel, int level) {
        std::vector<Term> ts;
        ts.reserve(terms.size());
        for (auto& t : terms) ts.emplace_back(vars[t.first], t.second);
        Expression e(ts, constant);
        RelationalOperator op = rel == EQ ? OP_EQ : rel == LE ? OP_LE : OP_GE;
        Constraint c(e, op, kStrength[level]);
        solver.addConstraint(c);
        handles.push_back(c);
        specs.push_back(Spec{std::move(terms), constant, rel, level});
    }

    double value(int v) const { return vars[v].value(); }

    // Evaluates every constraint at the current values: the largest violation of a required one,
    // and the total error of each optional level (what the optimum minimizes).
    void check(double& viol, double obj[4], double& sum) {
        viol = 0;
        for (int i = 0; i < 4; ++i) obj[i] = 0;
        for (auto& s : specs) {
            double x = s.constant;
            for (auto& t : s.terms) x += t.second * value(t.first);
            double err = s.rel == EQ ? std::fabs(x) : s.rel == LE ? std::max(0.0, x) : std::max(0.0, -x);
            if (s.level == 0) viol = std::max(viol, err);
            else obj[s.level] += err;
        }
        sum = 0;
        for (size_t v = 0; v < vars.size(); ++v) sum += value(int(v));
    }
};

double now() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// The horizontal chain of issue 6. `right` >= 0: the right edge is <= that variable (the drag's
// edit variable); else it is <= `limit`.
void chain(Bench& b, int n, double limit, int right) {
    std::vector<int> left(n), width(n);
    for (int i = 0; i < n; ++i) {
        left[i] = b.var();
        width[i] = b.var();
    }
    for (int i = 0; i < n; ++i) {
        if (i == 0) b.add({{left[0], 1}}, 0, EQ, 0);
        else b.add({{left[i], 1}, {left[i - 1], -1}, {width[i - 1], -1}}, -8, EQ, 0);
        b.add({{width[i], 1}}, -20, GE, 0);
        b.add({{width[i], 1}}, -100, EQ, 3);
    }
    if (right >= 0) b.add({{left[n - 1], 1}, {width[n - 1], 1}, {right, -1}}, 0, LE, 0);
    else b.add({{left[n - 1], 1}, {width[n - 1], 1}}, -limit, LE, 0);
}

// k×k grid: x, y, w, h per view; 8-point spacing; equal widths per row; the container is 100k
// wide (fixed) and 30k high, so the heights (== 44, medium) are squeezed.
void grid(Bench& b, int k) {
    double W = 100.0 * k, H = 30.0 * k;
    std::vector<int> x(k * k), y(k * k), w(k * k), h(k * k);
    for (int i = 0; i < k * k; ++i) {
        x[i] = b.var();
        y[i] = b.var();
        w[i] = b.var();
        h[i] = b.var();
    }
    for (int r = 0; r < k; ++r) {
        for (int c = 0; c < k; ++c) {
            int i = r * k + c;
            if (c == 0) b.add({{x[i], 1}}, -8, EQ, 0);
            else b.add({{x[i], 1}, {x[i - 1], -1}, {w[i - 1], -1}}, -8, EQ, 0);
            if (c == k - 1) b.add({{x[i], 1}, {w[i], 1}}, 8 - W, EQ, 0);
            if (c > 0) b.add({{w[i], 1}, {w[i - 1], -1}}, 0, EQ, 0);
            if (r == 0) b.add({{y[i], 1}}, -8, EQ, 0);
            else b.add({{y[i], 1}, {y[i - k], -1}, {h[i - k], -1}}, -8, EQ, 0);
            if (r == k - 1) b.add({{y[i], 1}, {h[i], 1}}, 8 - H, LE, 0);
            b.add({{w[i], 1}}, 0, GE, 0);
            b.add({{h[i], 1}}, 0, GE, 0);
            b.add({{h[i], 1}}, -44, EQ, 2);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 5) {
        std::fprintf(stderr, "usage: bench WORKLOAD N [DRAG-STEPS [BUDGET-SECONDS]]\n");
        return 2;
    }
    std::string w = argv[1];
    int n = std::atoi(argv[2]);
    Bench b;
    double t0 = 0, t1 = 0;
    long steps = 1;
    double stepSum = 0;
    if (w == "chain-loose" || w == "chain-squeezed") {
        t0 = now();
        chain(b, n, (w == "chain-loose" ? 200.0 : 60.0) * n, -1);
        b.solver.updateVariables();
        t1 = now();
    } else if (w == "drag-deep" || w == "drag-edge") {
        // The natural right edge (every width 100) is 108n - 8. Deep: around 60n, far inside
        // the squeeze. Edge: within ±40 of the natural edge, so it binds about half the time.
        bool deep = w == "drag-deep";
        double centre = deep ? 60.0 * n : 108.0 * n - 8;
        double amplitude = deep ? 10.0 * n : 40.0;
        int edit = b.var();
        b.solver.addEditVariable(b.vars[edit], strength::strong);
        b.solver.suggestValue(b.vars[edit], centre);
        chain(b, n, 0, edit);
        b.solver.updateVariables();
        steps = argc >= 4 ? std::atol(argv[3]) : 10000;
        double budget = argc >= 5 ? std::atof(argv[4]) : 1e300;
        t0 = now();
        unsigned state = 12345;
        for (long s = 0; s < steps; ++s) {
            if (s > 0 && now() - t0 > budget) {  // report the steps done within the budget
                steps = s;
                break;
            }
            state = state * 1103515245u + 12345u;  // fixed-seed LCG, same on both sides
            double u = double((state >> 8) & 0xffff) / 65535.0;
            b.solver.suggestValue(b.vars[edit], centre + amplitude * (2 * u - 1));
            b.solver.updateVariables();
            for (size_t v = 0; v < b.vars.size(); ++v) stepSum += b.vars[v].value();
        }
        t1 = now();
        // Untimed: back to the centre, so the check compares the same state whatever the steps.
        b.solver.suggestValue(b.vars[edit], centre);
        b.solver.updateVariables();
    } else if (w == "remove-forward" || w == "remove-reverse" || w == "remove-random" || w == "remove-edge-last") {
        chain(b, n, 200.0 * n, -1);
        b.solver.updateVariables();
        double viol, obj[4], sum;
        b.check(viol, obj, sum);
        std::vector<Constraint> order = b.handles;
        if (w == "remove-reverse") std::reverse(order.begin(), order.end());
        if (w == "remove-random" || w == "remove-edge-last") {
            // A Fisher-Yates shuffle driven by the drag's fixed-seed LCG: the same order as
            // SolverBench's (`remove-edge-last` keeps the right edge, the last one, last).
            unsigned state = 12345;
            for (size_t i = order.size() - (w == "remove-edge-last" ? 1 : 0); i-- > 1;) {
                state = state * 1103515245u + 12345u;
                std::swap(order[i], order[(state >> 8) % (i + 1)]);
            }
        }
        t0 = now();
        for (size_t i = 0; i < order.size(); ++i) b.solver.removeConstraint(order[i]);
        b.solver.updateVariables();
        t1 = now();
        double after = 0;
        for (size_t v = 0; v < b.vars.size(); ++v) after += std::fabs(b.vars[v].value());
        // The built state is checked; the emptied solver must read all zeros.
        std::printf("time_s=%.9f steps=1 viol=%.3g obj=%.9g,%.9g,%.9g sum=%.9g\n", t1 - t0,
                    std::max(viol, after), obj[1], obj[2], obj[3], sum);
        return 0;
    } else if (w == "grid") {
        int k = int(std::lround(std::sqrt(double(n))));
        t0 = now();
        grid(b, k);
        b.solver.updateVariables();
        t1 = now();
    } else {
        std::fprintf(stderr, "unknown workload %s\n", w.c_str());
        return 2;
    }
    double viol, obj[4], sum;
    b.check(viol, obj, sum);
    std::printf("time_s=%.9f steps=%ld viol=%.3g obj=%.9g,%.9g,%.9g sum=%.9g\n", t1 - t0, steps, viol, obj[1],
                obj[2], obj[3], sum);
    (void)stepSum;
    return 0;
}
