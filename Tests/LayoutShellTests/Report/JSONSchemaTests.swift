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
        """

    /// Every object key under `value`, as dotted paths; the members of `frames`,
    /// `frames_exact`, `ambiguous` and `content_sizes` are named by views, so they count as one key `*`.
    static func keyPaths(_ value: JSONValue, _ path: String = "") -> Set<String> {
        switch value {
        case .array(let items):
            return items.reduce(into: []) { $0.formUnion(keyPaths($1, path)) }
        case .object(let members):
            let byName = ["frames", "frames_exact", "ambiguous", "content_sizes"].contains { path.hasSuffix($0) }
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

    @Test func everyKeyIsDocumented() throws {
        let session = Session()
        var results = run(session, Self.script)
        // `--final`'s one object, with its `rejected` list.
        let rejected = results.enumerated().compactMap { index, result in
            result.error.map { RejectedLine(source: "s.lal", line: index + 1, input: result.input, error: $0) }
        }
        results.append(session.finalReport(lineNumber: results.count, rejected: rejected))
        var paths: Set<String> = []
        for result in results {
            let json = try #require(result.json)
            // Version first, an integer, in every top-level object.
            #expect(json.keys.first == "version" && json["version"] == .integer(1))
            paths.formUnion(Self.keyPaths(json))
        }
        let document = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/json.md"), encoding: .utf8)
        let section = try #require(document.range(of: "\n## Keys\n").map { document[$0.lowerBound...] })
        let keys = Set(paths.map { $0.split(separator: ".").last.map(String.init)! }).subtracting(["*"])
        // Enough of the schema came up for the walk to mean something.
        #expect(keys.isSuperset(of: ["rejected", "frames_exact", "guides", "explanation", "held_back_by", "shortfall", "tight", "note", "output", "content_sizes", "fit"]))
        for key in keys.sorted() {
            #expect(section.contains("`\(key)`") || section.contains("\"\(key)\""), "JSON key \(key) is not in docs/json.md")
        }
        #expect(!section.contains("`warnings`"))
    }

    @Test func parsesAsJSON() throws {
        for result in run(Session(), Self.script) {
            let text = result.renderJSON()
            let object = try jsonObject(text)
            #expect(object["version"] as? Int == 1)
        }
    }
}
