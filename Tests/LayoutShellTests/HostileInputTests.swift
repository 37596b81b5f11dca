import Foundation
import Testing
import TestSupport
@testable import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Input chosen to hurt: what fuzzing and the limits of issue 17 found, each with the input
/// that showed it, and the limits the README promises (a 1 MB line, 1 000-deep nesting,
/// 10 000-view VFL, numbers at the edges of Double). No test measures time: each of these
/// took minutes, or crashed, before its fix.
@Suite(.tags(.slow), .skippedInFastTier) struct HostileInputTests {
    /// A rejected line leaves history, views, constraints and frames as they were.
    static func state(_ session: Session) -> String {
        let model = session.model
        var parts = ["\(session.history)", "\(model.viewOrder)", "next \(model.nextNumber)"]
        for record in model.constraintRecords() {
            parts.append("\(record.id) \(record.text) \(record.isActive) \(record.isBroken)")
        }
        for (name, frame) in model.frames() { parts.append("\(name) \(frame)") }
        return parts.joined(separator: "\n")
    }

    // MARK: - Regressions

    /// A failed `load` was taken back by replaying the history. Where the layout is ambiguous
    /// the replay may pick another of the equal optima than the session had (here undo's
    /// removal had left the square at 80 wide, the replay at 0): the fuzzer's session target
    /// found the failed load changing the frames. A load now goes back to a copy.
    @Test func aFailedLoadLeavesAnAmbiguousLayoutAsItWas() {
        let s = Session()
        for line in ["view avatar", "H:|-[avatar]", "V:|-[avatar]", "avatar.width <= 80", "avatar.height == avatar.width",
                     "avatar.width == 60 @250", "undo"] {
            #expect(s.execute(line).ok, "\(line)")
        }
        let before = Self.state(s)
        let load = s.execute("load no-such-file.lal")
        #expect(!load.ok)
        #expect(Self.state(s) == before)
        let importing = s.execute("import no-such-file.swift")
        #expect(!importing.ok)
        #expect(Self.state(s) == before)
    }

    /// 200 copies of one inequality in a VFL line made one degenerate group of 200 identical
    /// rows; exact ambiguity solved an auxiliary problem growing with every copy (minutes in a
    /// debug build). Identical rows are now one row of the group.
    @Test func identicalInequalitiesAreOneRowOfTheDegenerateGroup() {
        let s = Session()
        _ = s.execute("view a")
        let predicates = Array(repeating: ">=10", count: 2_000).joined(separator: ",")
        let r = s.execute("H:[a(\(predicates))]")
        #expect(r.ok)
        #expect(r.added.count == 2_000)
        #expect(s.model.frame(of: "a")?.width == 10)
        // Nothing holds the width down: still ambiguous, however many copies hold it up.
        #expect(r.ambiguous.first { $0.view == "a" }?.components == [.x, .y, .width, .height])
        for _ in 0..<300 { _ = s.execute("a.width >= 10", report: false) }
        let capped = s.execute("a.width <= 10")
        #expect(capped.ambiguous.first { $0.view == "a" }?.components == [.x, .y, .height])
    }

    /// Exact ambiguity decides a group of degenerate rows with an auxiliary problem; it added
    /// the problem's required constraints after its objectives had moved the solution, and with
    /// multipliers of 99, 1e-2 and 0.333333 one insertion's rounding called the always
    /// feasible problem unsatisfiable: a crash (`try!`), found by the random near-degenerate
    /// systems at 800 seeds (narrow seed 157). The last line's report must match a fresh read.
    @Test func degenerateGroupsWithFarApartMultipliersAreDecided() {
        let lines = [
            "view v0 v1 v2 v3 v4 v5",
            "v2.trailing <= 1e-2 * v5.centerX + 100.000000001 @1", "v1.leading >= 99 * v4.trailing + 2e-9", "undo",
            "v5.trailing <= 99 * v2.centerX + 2e-9 @999", "v0.height == 0.333333 * v2.height + 2e-9 @999",
            "v0.width == 1e0 * v5.height + 1e-9", "v0.height == 1e-2 * v1.height + -1e-9 @999",
            "v0.leading == 1e-1 * v2.leading + 1e-9 @999", "undo", "v2.trailing >= 1e2 * v0.centerX + -1e-9 @999",
            "v4.centerX == 0.333333 * v5.leading + 1e-9", "c7.constant = 0", "v3.height <= 0.333333 * v2.height + 100.000000001",
            "v3.width >= 1e0 * v1.width + 0", "v2.height == 2.5e-2 * v0.width + 0 @999", "v1.centerX <= 1e1 * v5.leading + -1e-9 @1",
            "v4.centerX <= 0.333333 * v0.centerX + 100 @1", "v1.leading >= 0.333333 * v2.centerX + 2e-9 @999",
            "v2.centerX >= 99 * v0.leading + -1e-9 @1", "v4.width <= 1e-2 * v2.height + -1e-9", "v0.trailing >= 99 * v2.centerX + 0",
            "v2.height <= 1e-1 * v3.width + 2e-9", "undo", "v0.trailing == 1e1 * v1.trailing + 1e-9 @999",
            "v1.height == 99 * v3.width + 0 @1", "v2.trailing == 0.333333 * v4.centerX + 100.000000001 @750",
            "v4.width == 0.333333 * v1.height + -1e-9 @999",
        ]
        let everyLine = Session(), onlyTheLast = Session()
        var last = CommandResult(line: 0, input: "")
        for line in lines {
            last = everyLine.execute(line)
            #expect(last.ok, "\(line)")
        }
        for line in lines.dropLast() { _ = onlyTheLast.execute(line, report: false) }
        let fresh = onlyTheLast.execute(lines.last!)
        #expect(last.ambiguous.map(\.view) == fresh.ambiguous.map(\.view))
        #expect(last.ambiguous.map(\.components) == fresh.ambiguous.map(\.components))
        // v3's height is held only by `v3.height <= 0.333333 * v2.height + 100`: anything from 0
        // to 100 is optimal.
        #expect(last.ambiguous.first { $0.view == "v3" }?.components == [.x, .y, .height])
    }

    /// Multipliers that compound along a chain (1e6 per link) carried a value to `inf`, shown
    /// as a frame. The line that would overflow is refused and changes nothing. The chain is
    /// of positions: nothing bounds them, so each link defines a new variable and the value
    /// itself overflows, which is what the guard catches. (A chain of widths now meets the size
    /// floors first; see the next test.)
    @Test func aChainThatOverflowsDoubleIsRefused() {
        let s = Session()
        _ = s.execute("view " + (0..<60).map { "v\($0)" }.joined(separator: " "))
        _ = s.execute("v0.left == root.left + 1e9")
        var refused: Int?
        for i in 1..<60 {
            let before = Self.state(s)
            let r = s.execute("v\(i).left == 1e6 * v\(i - 1).left + 1e9")
            #expect(r.conflicts.isEmpty, "v\(i)")
            if !r.ok {
                refused = refused ?? i
                #expect(r.error?.message == "this makes a frame too large to compute (beyond ±1.8e308)")
                #expect(Self.state(s) == before)
            }
            #expect(r.frames.allSatisfy { $0.frame.x.isFinite })
        }
        // 1e9 · (1e6)^50 = 1e309: the fiftieth link is the first too many.
        #expect(refused == 50)
        #expect(s.model.frames().allSatisfy { $0.frame.x.isFinite })
    }

    /// The same chain of widths: every width has its floor (`v50.width >= 0`), so the link
    /// that overflows is no longer a new variable's definition but a row the solver expands,
    /// and its constant became -inf inside the solver: the line was reported as a conflict of
    /// c1…c50 with the floor ("needs inf: short by inf"). The solver now notes the overflow
    /// (`Solver.overflowed`) and the line is refused as too large, like the chain of positions.
    @Test func aChainOfWidthsThatOverflowsIsRefusedNotAConflict() {
        let s = Session()
        _ = s.execute("view " + (0..<51).map { "v\($0)" }.joined(separator: " "))
        _ = s.execute("v0.width == 1e9")
        for i in 1..<50 { #expect(s.execute("v\(i).width == 1e6 * v\(i - 1).width + 1e9").ok) }
        let before = Self.state(s)
        let r = s.execute("v50.width == 1e6 * v49.width + 1e9")
        #expect(r.error?.message == "this makes a frame too large to compute (beyond ±1.8e308)")
        #expect(r.conflicts.isEmpty)
        #expect(Self.state(s) == before)
        #expect(s.model.frames().allSatisfy { $0.frame.width.isFinite })
    }

    // MARK: - Limits

    @Test func aOneMegabyteLineRunsAndALongerOneIsRefused() {
        let s = Session()
        _ = s.execute("view a")
        // About a megabyte: 262 000 terms.
        let terms = (1 << 20) / 4 - 10
        let sum = "a.width == " + Array(repeating: "1", count: terms).joined(separator: " + ")
        #expect(sum.utf8.count <= InputLimits.maxLineLength)
        let r = s.execute(sum)
        #expect(r.ok)
        #expect(s.model.frame(of: "a")?.width == Double(terms))
        let name = String(repeating: "n", count: InputLimits.maxLineLength - 5)
        #expect(s.execute("view " + name).ok)
        let before = Self.state(s)
        let long = s.execute("view " + String(repeating: "n", count: InputLimits.maxLineLength))
        #expect(long.error?.message == "the line is too long (more than 1048576 characters)")
        #expect(long.error?.column == InputLimits.maxLineLength + 1)
        #expect(Self.state(s) == before)
        // The error quotes no megabyte-long word.
        #expect(s.execute(name + ".nope == 1").error!.text.count < 200)
    }

    @Test func nestingAThousandDeep() {
        let s = Session()
        _ = s.execute("platform macos", report: false)   // 20-point edges: each level 40 narrower
        _ = s.execute("view v0", report: false)
        for i in 1..<1_000 { #expect(s.execute("view v\(i) in v\(i - 1)", report: false).ok) }
        #expect(s.execute("v999.leading == v0.leading + 10").ok)
        #expect(s.execute("H:|-[v999]-|").ok)
        #expect(s.execute("v0.width == 300").ok)
        #expect(s.model.frame(of: "v999")!.width == s.model.frame(of: "v998")!.width - 40)
        #expect(s.execute("remove v500").ok)
        #expect(s.model.viewOrder.count == 501)
        #expect(s.execute("undo").ok)
        #expect(s.model.viewOrder.count == 1_001)
    }

    /// `load` inside `load`: a file that loads itself stops at the depth limit with one
    /// error; a chain within the limit loads.
    @Test func deepLoadsStopAtTheLimit() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "metric m = 1\nload self.lal\n".write(toFile: dir + "/self.lal", atomically: true, encoding: .utf8)
        for i in 0..<InputLimits.maxLoadDepth {
            let next = i + 1 < InputLimits.maxLoadDepth ? "load f\(i + 1).lal\n" : ""
            try "view v\(i)\n\(next)".write(toFile: dir + "/f\(i).lal", atomically: true, encoding: .utf8)
        }
        let s = Session()
        s.directory = dir
        let before = Self.state(s)
        let r = s.execute("load self.lal")
        #expect(r.error?.message.contains("load is nested too deeply") == true)
        #expect(Self.state(s) == before)
        #expect(s.execute("load f0.lal").ok)
        #expect(s.model.viewOrder.count == InputLimits.maxLoadDepth + 1)
    }

    @Test func pathologicalVisualFormat() {
        let s = Session()
        _ = s.execute("view a")
        // `[a]-` ten thousand times: 9 999 copies of `a.leading == a.trailing + 8` between the
        // edges. Each wants a's width to be -8 against its floor (`a.width >= 0`): 9 999
        // conflicts of two, each copy broken as it comes; the edges then hold (width 375 - 8).
        let same = s.execute("H:|" + String(repeating: "[a]-", count: 10_000) + "|")
        #expect(same.ok)
        #expect(same.added.count == 10_001)
        #expect(same.conflicts.count == 9_999)
        #expect(same.conflicts.allSatisfy { $0.constraints.map(\.id) == [$0.broken, "a.width"] })
        #expect(same.frames.first { $0.name == "a" }?.frame == Frame(x: 0, y: 0, width: 367, height: 0))
        // The report stays a screenful: 20 conflicts, 8 new broken ones, and counts of the rest.
        let text = same.renderText(width: 200).split(separator: "\n")
        #expect(text.filter { $0.hasPrefix("conflict: ") }.count == CommandResult.constraintLinesCap)
        #expect(text.contains("… and 9979 more conflicts (`constraints` lists the broken ones)"))
        #expect(text.filter { $0.hasPrefix("broken ") }.count == 8)
        #expect(text.contains("… and 9991 more broken (`broken` lists them all)"))
        #expect(text.count < 400)
        // Ten thousand views in one chain that cannot fit (9 999 gaps of 8 in 375 points): a
        // conflict of the whole chain, its proof too large to minimize member by member
        // (quadratic: hours), so reported as the solver found it, at once.
        let u = Session()
        _ = u.execute("view " + (0..<10_000).map { "v\($0)" }.joined(separator: " "), report: false)
        let tooLong = u.execute("H:|" + (0..<10_000).map { "[v\($0)]" }.joined(separator: "-") + "|")
        #expect(tooLong.ok && tooLong.conflicts.count == 1)
        #expect((tooLong.conflicts.first?.constraints.count ?? 0) > 10_000)
        #expect(u.model.frames().allSatisfy { $0.frame.width >= 0 && $0.frame.x.isFinite })
        // The same chain in a window wide enough: no conflict.
        let t = Session()
        _ = t.execute("root 100000x667", report: false)
        _ = t.execute("view " + (0..<10_000).map { "v\($0)" }.joined(separator: " "), report: false)
        let chain = t.execute("H:|" + (0..<10_000).map { "[v\($0)]" }.joined(separator: "-") + "|")
        #expect(chain.ok)
        #expect(chain.added.count == 10_001)
        #expect(chain.conflicts.isEmpty)
        // Ten thousand opening parentheses or dashes: one error, nothing added.
        for bad in ["H:|-" + String(repeating: "(", count: 10_000) + "[a]|", "H:|-" + String(repeating: "-", count: 10_000) + "[a]|"] {
            let before = Self.state(s)
            #expect(!s.execute(bad).ok)
            #expect(Self.state(s) == before)
        }
    }

    @Test func numbersAtTheEdgesOfDouble() {
        let s = Session()
        _ = s.execute("view a b")
        let edges = ["1e308", "-1e308", "1.7976931348623157e308", "4.9e-324", "1e-320", "2.2250738585072014e-308",
                     "1e9000", "1e9", "1000000000.0000001", "-0", "0.0000000001"]
        let forms = ["a.width == X", "a.width == X * b.width", "a.width == b.width * X", "a.width == b.width / X",
                     "a.width == 10 @X", "root XxX", "a.margins = X", "scale X", "metric m = X", "safearea X,0,0,0",
                     "view q intrinsic XxX", "H:|-X-[a]", "H:[a(X)]"]
        for x in edges {
            for form in forms {
                let line = form.replacingOccurrences(of: "X", with: x)
                let before = Self.state(s)
                let r = s.execute(line)
                if r.ok {
                    _ = s.execute("undo")
                } else {
                    #expect(r.error?.column != nil, "\(line)")
                }
                #expect(Self.state(s) == before, "\(line)")
                #expect(s.model.frames().allSatisfy { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) }, "\(line)")
            }
        }
    }

    /// Multipliers from 1e-6 to 1e6 in one system, and constants 1e-9 apart: frames stay
    /// finite, required constraints hold within the reported tolerance, and nothing cycles.
    @Test func nearDegenerateSystems() {
        let s = Session()
        _ = s.execute("view a b c d")
        for e in -6...6 {
            for line in ["a.width == 1e\(e) * b.width", "b.leading == 1e\(e) * a.trailing + 1",
                         "c.height == 1e\(e) * d.height + 1e-9", "d.height == 1e\(e) * c.height @750"] {
                let r = s.execute(line)
                #expect(r.ok, "\(line)")
                #expect(r.frames.allSatisfy { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) })
            }
        }
        // Every required constraint that is not marked broken holds.
        for record in s.model.constraintRecords() where record.isActive && !record.isBroken && record.spec.priority.isRequired {
            #expect(s.model.error(of: record.id) < 1e-6, "\(record.id) \(record.text)")
        }
        let t = Session()
        _ = t.execute("view a b")
        for line in ["a.width == 100", "a.width == 100.000000001", "a.width >= 100.000000002", "a.width <= 99.999999999 @999",
                     "b.width == a.width + 1e-9", "b.width == a.width - 1e-9 @750", "c1.constant = 100.000000001", "c1.constant = 100"] {
            #expect(t.execute(line).ok, "\(line)")
        }
        let width = t.model.frame(of: "a")!.width
        #expect(abs(width - 100) < 1e-6)
    }

    /// Random systems of the same kind: multipliers anywhere in 1e-6…1e6 and constants 1e-9
    /// apart or at the 1e9 limit (wide), or multipliers in 1e-2…1e2 and constants up to 100,
    /// with edits and undo. Every report has finite frames, no run hangs, and after every step
    /// each required constraint not marked broken holds relative to the size of its terms; a
    /// line after which the solver's rounding would leave one off is refused, names it, and
    /// changes nothing; `undo` brings back exactly the session before the step.
    @Test(arguments: [false, true])
    func randomNearDegenerateSystemsStaySound(wide: Bool) {
        var failures: [String] = [], refused = 0
        for seed in 0..<150 {
            var rng = SplitMix64(seed: UInt64(seed) &+ 977)
            func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
            let s = Session()
            let views = (0..<6).map { "v\($0)" }
            var statesBeforeSteps = [Self.state(s)]
            _ = s.execute("view " + views.joined(separator: " "), report: false)
            var lines: [String] = []
            for k in 0..<25 {
                let a = pick(views)
                var b = pick(views)
                while b == a { b = pick(views) }
                let multiplier = wide ? pick((-6...6).map { "1e\($0)" } + ["0.333333", "2.5e-6", "999999"])
                                      : pick((-2...2).map { "1e\($0)" } + ["0.333333", "2.5e-2", "99"])
                let constant = pick(["0", "1e-9", "2e-9", "-1e-9", "100", "100.000000001"] + (wide ? ["1e9", "-1e9"] : []))
                let attributes = Bool.random(using: &rng) ? ["width", "height"] : ["leading", "trailing", "centerX"]
                let line = "\(a).\(pick(attributes)) \(pick(["==", ">=", "<="])) \(multiplier) * \(b).\(pick(attributes)) + \(constant) \(pick(["", "@750", "@1", "@999"]))"
                func run(_ line: String) -> CommandResult {
                    lines.append(line)
                    let before = Self.state(s), steps = s.history.count
                    let result = s.execute(line)
                    if line == "undo" && result.ok {
                        if Self.state(s) != statesBeforeSteps.removeLast() { failures.append("seed \(seed): `undo` did not bring back the session before the step") }
                    } else if s.history.count > steps {
                        statesBeforeSteps.append(before)
                    }
                    if let message = result.error?.message, message.hasPrefix("the numbers are too far apart") {
                        refused += 1
                        if Self.state(s) != before { failures.append("seed \(seed): the refused `\(line)` changed the session") }
                    }
                    if !result.frames.allSatisfy({ [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) }) {
                        failures.append("seed \(seed): a frame is not finite after `\(line)`")
                    }
                    for record in s.model.constraintRecords() where record.isActive && !record.isBroken && record.spec.priority.isRequired {
                        let residual = s.model.residual(of: record.id)!
                        if !residual.holds(within: LayoutModel.precisionTolerance) {
                            failures.append("seed \(seed): after `\(line)` \(record.id) \(record.text) is off by \(residual.violation) (terms of size \(residual.scale))\n    " + lines.joined(separator: "\n    "))
                        }
                    }
                    return result
                }
                _ = run(line)
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    _ = run("c\(Int.random(in: 1...(k + 1), using: &rng)).constant = \(pick(["0", "1e-9", "5", "1e9"]))")
                }
                if Int.random(in: 0..<20, using: &rng) == 0 { _ = run("undo") }
            }
            if failures.count >= 3 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(3).joined(separator: "\n")))
        // The narrow systems are solved, not refused; the wide ones are where doubles give out.
        if !wide { #expect(refused < 15, "\(refused) lines refused") }
    }
}
