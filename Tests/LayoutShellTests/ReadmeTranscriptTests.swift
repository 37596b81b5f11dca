import Foundation
import LayoutShell
@testable import LayoutReport
import Testing

/// The README's sessions (code blocks with `layoutlab> ` lines) are checked, not pasted: each
/// is replayed in a fresh session and must read as the shell prints it at 80 columns. Run with
/// `LAYOUTLAB_UPDATE_README=1` to rewrite them from the replay (then read the diff).
@Suite struct ReadmeTranscriptTests {
    static let prompt = "layoutlab> "

    /// A transcript block: where its lines are in the README, and what it says.
    struct Block {
        var range: Range<Int>
        var lines: [String]
    }

    static func blocks(in lines: [String]) -> [Block] {
        var result: [Block] = []
        var start: Int?
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            if let open = start {
                let body = Array(lines[(open + 1)..<index])
                if body.contains(where: { $0.hasPrefix(prompt) }) { result.append(Block(range: (open + 1)..<index, lines: body)) }
                start = nil
            } else {
                start = index
            }
        }
        return result
    }

    /// The block as the shell prints it: the lines before the first prompt kept (the banner),
    /// then each input after the prompt and its report. An input with nothing under it in the
    /// README (the next line is a prompt, or the block ends) is set-up whose report the README
    /// leaves out: it runs, and its report stays out.
    static func replayed(_ block: Block) -> [String] {
        let session = Session()
        var output = Array(block.lines.prefix { !$0.hasPrefix(prompt) })
        for (index, line) in block.lines.enumerated() where line.hasPrefix(prompt) {
            let input = String(line.dropFirst(prompt.count))
            output.append(prompt + input)
            let text = session.execute(input).renderText(width: 80, promptWidth: prompt.count)
            let elided = index + 1 == block.lines.count || block.lines[index + 1].hasPrefix(prompt)
            guard !text.isEmpty && !elided else { continue }
            var report = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // A line `…` in the README cuts the report there: what comes before it is checked,
            // what follows it (a line picked from further down) is kept as written.
            let shown = block.lines[(index + 1)...].prefix { !$0.hasPrefix(prompt) }
            if let cut = shown.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "…" }) {
                report = Array(report.prefix(cut - index - 1)) + Array(shown[cut...])
            }
            output += report
        }
        return output
    }

    @Test func theReadmeSessionsReadAsTheShellPrintsThem() throws {
        let root = URL(fileURLWithPath: ExampleTranscripts.examplesDirectory).deletingLastPathComponent()
        let url = root.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let blocks = Self.blocks(in: lines)
        #expect(!blocks.isEmpty, "the README has no session to check")
        var changed = false
        for block in blocks.reversed() {
            let expected = Self.replayed(block)
            if expected != block.lines {
                changed = true
                lines.replaceSubrange(block.range, with: expected)
                let first = zip(block.lines, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(block.lines.count, expected.count)
                Issue.record("README.md line \(block.range.lowerBound + first + 1) differs from the replay: \(first < expected.count ? expected[first] : "(end)")")
            }
        }
        if changed, ProcessInfo.processInfo.environment["LAYOUTLAB_UPDATE_README"] == "1" {
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
