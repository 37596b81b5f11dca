import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// Every command is declared once (Commands/); these tests walk the declarations and check
/// that help, completion, the parser and the language table of docs/language.md agree with them.
@Suite struct CommandRegistryTests {
    /// A session where the examples of help and docs/language.md have something to act on.
    static func furnished() -> Session {
        let session = Session()
        for line in ["view a b card l icon", "view label in card intrinsic 120x21", "metric pad = 20",
                     "a.width == 10", "b.width == 20", "a.height == 30 @750",
                     "stack row h item1 item2", "view banner frame 0,0,375,44", "view message in card text 600x20",
                     "cell post", "scroll list"] {
            precondition(session.execute(line).ok, line)
        }
        return session
    }

    /// The command an input parses to, trying an empty session and a furnished one.
    static func command(for example: String) -> (any ShellCommand.Type)? {
        for session in [Session(), furnished()] {
            if let command = try? session.parse(example) { return type(of: command) }
        }
        return nil
    }

    @Test func everyWordBelongsToOneCommand() {
        let words = CommandRegistry.commandWords
        #expect(Set(words).count == words.count)
        for word in words { #expect(CommandRegistry.byWord[word] != nil) }
    }

    @Test(arguments: CommandRegistry.all.map { $0.spec.topic })
    func helpShowsTheDeclaration(topic: String) throws {
        let command = try #require(CommandRegistry.all.first { $0.spec.topic == topic })
        let spec = command.spec
        let help = Session().execute("help \(topic)")
        #expect(help.ok)
        for line in spec.synopsis { #expect(help.output.contains(line)) }
        #expect(!spec.examples.isEmpty, "every command has an example")
        for example in spec.examples { #expect(help.output.contains("  example: " + example)) }
        for alias in spec.aliases + spec.words { #expect(Session().execute("help \(alias)").output == help.output) }
        #expect(help.output.allSatisfy { $0.count <= 80 })
    }

    @Test(arguments: CommandRegistry.all.map { $0.spec.topic })
    func examplesAreTheirCommand(topic: String) throws {
        let command = try #require(CommandRegistry.all.first { $0.spec.topic == topic })
        for example in command.spec.examples where !example.hasPrefix("H:|-pad") {
            let parsed = Self.command(for: example)
            #expect(parsed == command, "`\(example)` parses as \(parsed.map { "\($0)" } ?? "nothing")")
            guard command.spec.kind != .session else { continue }
            // Changes and inspections run, in one of the two sessions; a file one writes
            // (`svg layout.svg`) goes to a scratch directory.
            let scratch = NSTemporaryDirectory() + "layoutlab-examples-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let sessions = [Session(), Self.furnished()]
            for session in sessions { session.directory = scratch }
            #expect(sessions.contains { $0.execute(example).ok }, "`\(example)` is rejected")
        }
    }

    @Test func commandWordsComplete() {
        let session = Session()
        for word in CommandRegistry.commandWords {
            let prefix = String(word.prefix(3))
            #expect(session.completions(line: prefix, cursor: prefix.count).candidates.contains(word), "\(word)")
        }
    }

    @Test func propertiesComplete() {
        let session = Self.furnished()
        let line = "label."
        let candidates = session.completions(line: line, cursor: line.count).candidates
        for member in CommandRegistry.propertyMembers(of: .view) { #expect(candidates.contains(member)) }
        let constraint = "c1."
        #expect(session.completions(line: constraint, cursor: constraint.count).candidates
            == CommandRegistry.propertyMembers(of: .constraint).sorted())
    }

    /// The table of the language in docs/language.md: one row per form, its example in the last column.
    static func readmeRows() throws -> [(form: String, examples: [String])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("docs/language.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "| input | meaning | example |"))
        var rows: [(String, [String])] = []
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let examples = cells[cells.count - 2].components(separatedBy: "`").enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            rows.append((cells[1], examples))
        }
        return rows
    }

    @Test func readmeTableCoversEveryCommand() throws {
        let rows = try Self.readmeRows()
        var covered: Set<String> = []
        for row in rows {
            #expect(!row.examples.isEmpty, "docs/language.md row \(row.form) has no example")
            for example in row.examples {
                let command = Self.command(for: example)
                #expect(command != nil, "docs/language.md example `\(example)` is not a command (row \(row.form))")
                if let command { covered.insert(command.spec.topic) }
            }
        }
        for command in CommandRegistry.all {
            #expect(covered.contains(command.spec.topic), "docs/language.md's table has no example of \(command.spec.topic)")
        }
    }
}
