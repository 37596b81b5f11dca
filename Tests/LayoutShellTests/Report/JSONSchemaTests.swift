import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// The JSON report's schema walked key by key against docs/json.md (every key printed is
/// documented there). The serializer's bytes are tested in LayoutReportTests.
@Suite struct JSONSchemaTests {
    /// Lines that between them make every key the report has: frames, guides, a scale
    /// (frames_exact), broken optional and required constraints, a conflict, ambiguity with
    /// ranges, every explanation status, a rejected line, inspection output, undo.
    static let script = """
        view a b c
        guide g
        a.width >= 100 @750
        a.width <= 50 @500
        a.left == root.left + 10
        a.top == root.top
        a.height == 20
        b.width == 50
        b.width == 80
        c.left == root.left
        c.width >= 100
        c.width <= 110
        explain c1
        explain c2
        explain c7
        explain c.width
        deactivate c1
        explain c1
        c2.constant = 40
        bad line here
        scale 3
        frames
        scroll sv
        sv.contentLayoutGuide.height == 100
        fit a
        undo
        constraints
        import Tests/ConsoleLogTests/Fixtures/06-unstoppable-wallet-1731.log
        names
        reset
        paste
        let a = UIView()
        view.addSubview(a)
        a.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
        a.widthAnchor.constraint(equalTo: b.frobAnchor).isActive = true


        view bubble
        view message in bubble text 600x20
        H:|-[bubble]-|
        H:|-[message]-|
        """

    /// Every object key under `value`, as dotted paths; the members of `frames`,
    /// `frames_exact`, `ambiguous` and `content_sizes` are named by views, so they count as one key `*`.
    static func keyPaths(_ value: JSONValue, _ path: String = "") -> Set<String> {
        switch value.plain {
        case .array(let items):
            return items.reduce(into: []) { $0.formUnion(keyPaths($1, path)) }
        case .object(let members):
                let byName = ["frames", "frames_exact", "ambiguous", "content_sizes", "text"].contains { path == $0 }
            return members.reduce(into: []) { paths, member in
                let key = byName ? "*" : member.key
                let here = path.isEmpty ? key : path + "." + key
                paths.insert(here)
                paths.formUnion(keyPaths(member.value, here))
            }
        default:
            return []
        }
    }

    /// The key paths docs/json.md's tables document: the first cell of each row, in backticks
    /// (`broken.id`; `*` stands for a view's name).
    static func documentedPaths() throws -> Set<String> {
        let document = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/json.md"), encoding: .utf8)
        var paths: Set<String> = []
        for line in document.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            paths.insert(String(cell))
        }
        return paths
    }

    /// Every object the script's lines make as `--json` prints them (per-input objects, the
    /// first whole), as `--json --full` prints them, and `--final`'s.
    static func emittedObjects() throws -> [JSONValue] {
        let session = Session()
        session.directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        var results = run(session, Self.script)
        // `--final`'s one object, with its `rejected` list.
        let rejected = results.enumerated().compactMap { index, result in
            result.error.map { RejectedLine(source: "s.lal", line: index + 1, input: result.input, error: $0) }
        }
        results.append(session.finalReport(lineNumber: results.count, source: "s.lal", rejected: rejected))
        return results.flatMap { [$0.json(whole: false), $0.json(whole: true)].compactMap { $0 } }
    }

    @Test func everyKeyIsDocumented() throws {
        let objects = try Self.emittedObjects()
        var paths: Set<String> = []
        for json in objects {
            // Version first, an integer, in every top-level object.
            #expect(json.keys.first == "version" && json["version"] == .integer(1))
            paths.formUnion(Self.keyPaths(json))
        }
        // Enough of the schema came up for the walk to mean something.
        #expect(paths.isSuperset(of: ["rejected", "frames_exact", "guides", "explanation", "explanation.held_back_by", "output",
                                      "content_sizes", "fit", "full", "unbroken", "unambiguous", "file", "constraints.state",
                                      "names.location", "import.skipped.reason", "text.*.lines"]))
        let documented = try Self.documentedPaths()
        for path in paths.sorted() {
            #expect(documented.contains(path), "JSON key \(path) is not in docs/json.md's tables")
        }
        // And nothing documented that the program never prints (a key that went away).
        #expect(!documented.contains("warnings"))
    }

    /// A pasted line the importer left out is data: its line in the paste, its text, why.
    @Test func skippedLinesAreData() throws {
        let imports = try Self.emittedObjects().compactMap { $0["import"] }
        let pasted = try #require(imports.first { $0["file"] == .null })
        #expect(pasted["kind"] == .string("Swift layout code"))
        #expect(pasted["skipped"] == .array([.object([
            JSONMember("line", .integer(4)),
            JSONMember("text", .string("a.widthAnchor.constraint(equalTo: b.frobAnchor).isActive = true")),
            JSONMember("reason", .string("skipped")),
        ])]))
        // The log's import names its file and counts its commands.
        let log = try #require(imports.first { $0["file"] != .null })
        #expect(log["file"] == .string("Tests/ConsoleLogTests/Fixtures/06-unstoppable-wallet-1731.log"))
        guard case .integer(let commands)? = log["commands"] else { Issue.record("no commands count"); return }
        #expect(commands > 0)
    }

    /// `names` stays a list of `{"name", "id", "class"}`: tools outside read it.
    @Test func namesKeepTheirThreeKeys() throws {
        let names = try #require(try Self.emittedObjects().compactMap { $0["names"] }.first)
        guard case .array(let items) = names else { Issue.record("names is not an array"); return }
        #expect(!items.isEmpty)
        for item in items { #expect(Array(item.keys.prefix(3)) == ["name", "id", "class"]) }
    }

    @Test func parsesAsJSON() throws {
        for result in run(Session(), Self.script) where !result.isSilent {
            let text = result.renderJSON()
            let object = try jsonObject(text)
            #expect(object["version"] as? Int == 1)
        }
    }
}
