import Foundation
import LayoutShell
@testable import LayoutReport
import Testing

/// The sessions in the README and docs/*.md are checked, not pasted: a code block with
/// `layoutlab> ` lines is replayed in a fresh session, and a block that opens with `Lesson N:`
/// is lesson N played with the reader's lines after `lesson N> `; each must read as the shell
/// prints it at 80 columns. Run with `LAYOUTLAB_UPDATE_README=1` to rewrite them from the
/// replay (then read the diff).
@Suite struct ReadmeTranscriptTests {
    static let prompt = "layoutlab> "

    /// A transcript block: where its lines are in the document, and what it says.
    struct Block {
        var range: Range<Int>
        var lines: [String]

        /// The lesson a block plays (`Lesson 1: First views and frames` on its first line), or
        /// nil for an ordinary session.
        var lesson: Int? {
            guard let first = lines.first, first.hasPrefix("Lesson "), let colon = first.firstIndex(of: ":") else { return nil }
            return Int(first[first.index(first.startIndex, offsetBy: 7)..<colon])
        }
    }

    /// The repository's root, where README.md is.
    static var root: URL { URL(fileURLWithPath: ExampleTranscripts.examplesDirectory).deletingLastPathComponent() }

    /// Every document whose sessions are checked: the README, then docs/*.md.
    static func documents() -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    static func blocks(in lines: [String]) -> [Block] {
        var result: [Block] = []
        var start: Int?
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            if let open = start {
                let block = Block(range: (open + 1)..<index, lines: Array(lines[(open + 1)..<index]))
                if block.lesson != nil || block.lines.contains(where: { $0.hasPrefix(prompt) }) { result.append(block) }
                start = nil
            } else {
                start = index
            }
        }
        return result
    }

    /// The block as the shell prints it.
    static func replayed(_ block: Block) throws -> [String] {
        if let number = block.lesson { return try played(block, lesson: number) }
        return replayedSession(block)
    }

    /// A session block: the lines before the first prompt kept (the banner, checked against
    /// the executable's by CommandLineTests), then each input after the prompt and its report.
    /// An input with nothing under it in the block (the next line is a prompt, or the block
    /// ends) is set-up whose report the document leaves out: it runs, and its report stays out.
    static func replayedSession(_ block: Block) -> [String] {
        let session = Session()
        var output = Array(block.lines.prefix { !$0.hasPrefix(prompt) })
        for (index, line) in block.lines.enumerated() where line.hasPrefix(prompt) {
            let input = String(line.dropFirst(prompt.count))
            output.append(prompt + input)
            let elided = index + 1 == block.lines.count || block.lines[index + 1].hasPrefix(prompt)
            var report = rendered(session.execute(input))
            guard !report.isEmpty && !elided else { continue }
            // A line `…` cuts the report there: what comes before it is checked, what follows
            // it (a line picked from further down) is kept as written.
            let shown = block.lines[(index + 1)...].prefix { !$0.hasPrefix(prompt) }
            if let cut = shown.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "…" }) {
                report = Array(report.prefix(cut - index - 1)) + Array(shown[cut...])
            }
            output += report
        }
        return output
    }

    /// A lesson block, as `layoutlab --lesson N` prints it from a pipe: the introduction and
    /// the first step, then for each `lesson N> ` line what the lesson shows after it. A line
    /// holding the lesson's next command is Enter (the terminal shows the command on the
    /// prompt line); any other line is the reader's own command; a bare prompt at the end is
    /// where the block stops.
    static func played(_ block: Block, lesson number: Int) throws -> [String] {
        let library = LessonLibrary(directory: ExampleTranscripts.examplesDirectory)
        let lesson = try library.lesson(String(number))
        let next = try library.lessons().first { $0.number > number }.map { (number: $0.number, title: $0.title) }
        let player = LessonPlayer(lesson: lesson, session: Session(), next: next, directory: library.directory)
        let prompt = "lesson \(number)> "
        var output = player.introduction + player.present()
        for line in block.lines where line.hasPrefix(prompt.trimmingCharacters(in: .whitespaces)) {
            let input = String(line.dropFirst(min(line.count, prompt.count)))
            guard !input.isEmpty || line != block.lines.last else {
                output.append(prompt.trimmingCharacters(in: .whitespaces))
                break
            }
            output.append(prompt + input)
            switch player.respond(to: input) {
            case .step(_, let result, let differs):
                output += rendered(result)
                if differs { output.append(player.differenceNote) }
                output += player.present()
            case .pause:
                output += player.present()
            case .wait:
                output.append(player.waitNote)
            case .own(let result):
                output += rendered(result)
                output.append(player.reminder)
            }
        }
        return output
    }

    static func rendered(_ result: CommandResult) -> [String] {
        let text = result.renderText(width: 80, promptWidth: prompt.count)
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theDocumentedSessionsReadAsTheShellPrintsThem() throws {
        var checked = 0
        for url in Self.documents() {
            let name = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            var lines = try String(contentsOf: url, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var changed = false
            for block in Self.blocks(in: lines).reversed() {
                checked += 1
                let expected = try Self.replayed(block)
                guard expected != block.lines else { continue }
                changed = true
                lines.replaceSubrange(block.range, with: expected)
                let first = zip(block.lines, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(block.lines.count, expected.count)
                Issue.record("\(name) line \(block.range.lowerBound + first + 1) differs from the replay: \(first < expected.count ? expected[first] : "(end)")")
            }
            if changed, ProcessInfo.processInfo.environment["LAYOUTLAB_UPDATE_README"] == "1" {
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
        }
        #expect(checked > 0, "the documents have no session to check")
    }

    /// The README's first session is the tour, and its lesson block plays lesson 1: both are
    /// checked (a README rewritten without them would pass the test above vacuously).
    @Test func theTourAndTheLessonAreChecked() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.blocks(in: readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let tour = try #require(blocks.first)
        #expect(tour.lines.first?.hasPrefix("LayoutLab ") == true)
        #expect(tour.lines.filter { $0.hasPrefix(Self.prompt) }.count >= 8)
        #expect(blocks.contains { $0.lesson == 1 })
    }

    /// A stale transcript fails: the README's tour and lesson read as their replay, and the
    /// same blocks with one number changed in a report, or a report cut short, do not.
    @Test func aStaleTranscriptDiffers() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.blocks(in: readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let tour = try #require(blocks.first)
        let lesson = try #require(blocks.first { $0.lesson != nil })
        for block in [tour, lesson] {
            #expect(try Self.replayed(block) == block.lines)
            let report = try #require(block.lines.lastIndex { $0.contains("375") })
            var stale = block
            stale.lines[report] = stale.lines[report].replacingOccurrences(of: "375", with: "376")
            #expect(try Self.replayed(stale) != stale.lines)
            var cut = block
            cut.lines.remove(at: report)
            #expect(try Self.replayed(cut) != cut.lines)
        }
    }
}
