import Testing
@testable import LayoutShell
import LayoutReport

/// Unreported lines (`--final`, a script) past the share of the layout where the next report
/// reads everything anew keep no list of the constraints they changed (`--final` kept every
/// constraint's id to the end); that report is the one a session reporting every line ends on.
@Suite struct UnreportedChangesTests {
    static var chain: [String] {
        let count = 120
        var lines = ["view " + (0..<count).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<count {
            lines.append(i == 0 ? "v0.left == root.left" : "v\(i).left == v\(i - 1).right + 8")
            lines += ["v\(i).width >= 20", "v\(i).width == 100 @1", "v\(i).top == root.top", "v\(i).height == 44"]
        }
        return lines + ["v\(count - 1).right <= root.right"]
    }

    @Test func linesPastTheReloadKeepNoChangedIDs() {
        let everyLine = Session(), onlyTheLast = Session()
        var last = CommandResult(line: 0, input: "")
        for line in Self.chain { last = everyLine.execute(line) }
        var kept: [Int] = []
        for line in Self.chain.dropLast() {
            #expect(onlyTheLast.execute(line, report: false).ok)
            kept.append(onlyTheLast.model.changedConstraintCount)
        }
        // Kept until the count passes the report's rule (over 256 and a tenth of the layout),
        // then forgotten each time it passes 256 again.
        #expect(kept.max()! == 256)
        // (Line 0 makes the views; each other line one constraint.)
        #expect(kept.indices.filter { kept[$0] == 0 } == [0, 257, 514])
        #expect(onlyTheLast.reportState.needsReload)
        let fresh = onlyTheLast.execute(Self.chain.last!)
        #expect(fresh.ok && last.ok)
        #expect(fresh.frames.map { "\($0.name) \($0.frame)" } == last.frames.map { "\($0.name) \($0.frame)" })
        #expect(fresh.broken.map { "\($0.id) \($0.got) \($0.wanted)" } == last.broken.map { "\($0.id) \($0.got) \($0.wanted)" })
        #expect(fresh.ambiguous.map { "\($0.view) \($0.components)" } == last.ambiguous.map { "\($0.view) \($0.components)" })
        #expect(!fresh.broken.isEmpty)
    }

    /// While precision may be lost, the changed constraints are kept for `checkPrecision`.
    @Test func keptWhilePrecisionMayBeLost() {
        let session = Session()
        let lines = Self.chain.dropLast()
        #expect(session.execute(lines.first!, report: false).ok)
        #expect(session.execute("v0.width <= 100 * v1.width", report: false).ok)
        for line in lines.dropFirst() { #expect(session.execute(line, report: false).ok) }
        #expect(session.model.changedConstraintCount > 500)
    }
}
