import Foundation
import Testing
@testable import LayoutShell

/// A timing probe, run only with LAYOUTLAB_PERF=N (views): replays a generated squeezed chain
/// (N views, 3N constraints) with a text report per input and with --final, and prints times.
@Suite struct PerformanceProbe {
    static func chain(_ n: Int) -> String {
        var lines = ["root \(60 * n)x100"]
        for i in 0..<n { lines.append("view v\(i)") }
        lines.append("v0.left == root.left")
        for i in 1..<n { lines.append("v\(i).left == v\(i - 1).right + 8") }
        for i in 0..<n {
            lines.append("v\(i).width >= 20")
            lines.append("v\(i).width == 100 @250")
        }
        lines.append("v\(n - 1).right <= root.right")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAYOUTLAB_PERF"] != nil))
    func replayTimes() {
        let n = Int(ProcessInfo.processInfo.environment["LAYOUTLAB_PERF"]!) ?? 1000
        let script = Self.chain(n)
        let clock = ContinuousClock()
        let final = clock.measure { _ = Replay.run(script, options: .init(final: true)) }
        let full = clock.measure { _ = Replay.run(script) }
        print("N=\(n): --final \(final), text after every input \(full)")
    }
}

extension PerformanceProbe {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAYOUTLAB_PERF"] != nil))
    func components() {
        let n = Int(ProcessInfo.processInfo.environment["LAYOUTLAB_PERF"]!) ?? 1000
        let session = Session()
        let clock = ContinuousClock()
        var parseApply = Duration.zero
        for line in Self.chain(n).split(separator: "\n") {
            var parser = LineParser(session: session, line: String(line))
            let command = try! parser.parse()
            parseApply += clock.measure { try! session.apply(command, text: String(line)) }
            _ = session.model.takeEvents()
        }
        let model = session.model
        let frames = clock.measure { for _ in 0..<10 { _ = model.frames() } }
        let broken = clock.measure { for _ in 0..<10 { _ = model.brokenConstraints() } }
        let ambiguity = clock.measure { for _ in 0..<10 { _ = model.ambiguity() } }
        let one = clock.measure { for _ in 0..<10 { _ = session.execute("v5.width == 100 @251").renderText(); _ = session.execute("undo") } }
        print("N=\(n): apply all \(parseApply); per call: frames \(frames / 10), broken \(broken / 10), ambiguity \(ambiguity / 10); add+undo \(one / 10)")
    }
}

