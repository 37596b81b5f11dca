import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import LayoutShell
@testable import LayoutReport
@testable import LayoutPictures

/// `svg FILE` on real sessions: a well-formed document with a rectangle of the right size for
/// every view, the marks and the legend, atomic writes and one-line errors.
@Suite struct SVGTests {
    /// A fresh directory for one test's files.
    static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "layoutlab-svg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Collects the elements of an SVG document as it parses.
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }
    }

    static func parse(_ path: String) throws -> Elements {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return elements
    }

    @Test func everyViewIsARectangleOfItsSize() throws {
        let directory = try Self.scratchDirectory()
        let session = DrawTests.session(DrawTests.card + ["view badge in image", "badge.top == image.top + 4",
                                                          "wide: title.width == 100 @500"])
        session.directory = directory
        let result = session.execute("svg card.svg")
        #expect(result.ok)
        #expect(result.output == ["wrote card.svg (4 views)"])
        let svg = try Self.parse(directory + "/card.svg")
        let root = try #require(svg.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["viewBox"]?.hasPrefix("-12 -12 ") == true)
        // Each view's group holds its rectangle, in picture coordinates (points).
        var expected: [String: (Double, Double, Double, Double)] = [
            "root": (0, 0, 80, 40), "card": (4, 4, 72, 32), "image": (4, 4, 72, 16), "title": (8, 24, 64, 8),
        ]
        for (index, element) in svg.elements.enumerated() where element.name == "g" {
            guard let id = element.attributes["id"], id.hasPrefix("view-") else { continue }
            let name = String(id.dropFirst(5))
            guard let rect = svg.elements[(index + 1)...].first(where: { $0.name != "title" }), rect.name == "rect" else {
                #expect(name == "badge", "\(name) has no rectangle")
                continue
            }
            let values = ["x", "y", "width", "height"].map { Double(rect.attributes[$0] ?? "") ?? .nan }
            let want = expected.removeValue(forKey: name)
            #expect(want.map { [$0.0, $0.1, $0.2, $0.3] } == values, "\(name)")
        }
        #expect(expected.isEmpty, "views without a rectangle: \(expected.keys.sorted())")
        // badge is ambiguous (no size, no x): dashed, a dot, and named in the legend.
        #expect(svg.elements.contains { $0.name == "circle" })
        #expect(svg.elements.contains { $0.attributes["stroke-dasharray"] != nil } == false,
                "a dot has no outline to dash")
        // The legend wraps to the picture's width: read it as one run of words.
        let text = svg.texts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("ambiguous: badge (x, width, height)"))
        #expect(text.contains("broken c14: title.width == 100 @500 -- title.width is 64, needs 100: short by 36"))
        // The title is in a broken constraint: outlined in orange.
        #expect(svg.elements.contains { $0.name == "rect" && $0.attributes["y"] == "24" && $0.attributes["stroke"] == LayoutPicture.brokenColour })
    }

    @Test func ambiguousRectanglesAreDashed() throws {
        let directory = try Self.scratchDirectory()
        let session = DrawTests.session(["root 100x50", "view a b", "H:|-10-[a(30)]", "V:|-10-[a(30)]",
                                         "b.left == a.right + 10", "b.width == 30", "b.height == 20"])
        session.directory = directory
        #expect(session.execute("svg pic.svg").output == ["wrote pic.svg (2 views)"])
        let svg = try Self.parse(directory + "/pic.svg")
        let rects = svg.elements.filter { $0.name == "rect" && $0.attributes["fill-opacity"] != nil }
        #expect(rects.count == 3)
        #expect(rects.filter { $0.attributes["stroke-dasharray"] != nil }.map { $0.attributes["x"] } == ["50"])
        #expect(svg.texts.contains("b?"))
    }

    @Test func degenerateAndEmptyLayoutsAreWellFormed() throws {
        let directory = try Self.scratchDirectory()
        let session = DrawTests.session([
            "root 200x100", "view a spacer off neg", "a.width == 0", "a.height == 0",
            "spacer.width == 0", "spacer.height == 60", "off.left == root.left - 500", "off.width == 50",
            "neg.width == -30", "neg.height == 10",
        ])
        session.directory = directory
        #expect(session.execute("svg odd.svg").ok)
        let text = try Self.parse(directory + "/odd.svg").texts.joined()
        #expect(text.contains("outside root, clipped: off (wholly, not drawn)"))
        #expect(!text.contains("negative"))
        let empty = Session()
        empty.directory = directory
        #expect(empty.execute("svg empty.svg").output == ["wrote empty.svg (0 views)"])
        _ = try Self.parse(directory + "/empty.svg")
    }

    @Test func aFailedWriteLeavesNoFileAndNamesIt() throws {
        let directory = try Self.scratchDirectory()
        let session = DrawTests.session(DrawTests.card)
        session.directory = directory
        // A directory that does not exist: one line, the caret under the file name.
        let missing = session.execute("svg  nowhere/card.svg")
        #expect(missing.error?.text == "cannot write nowhere/card.svg: No such file or directory")
        #expect(missing.error?.column == 6)
        // A directory where the file should be: refused before anything is written.
        try FileManager.default.createDirectory(atPath: directory + "/pictures", withIntermediateDirectories: false)
        let isDirectory = session.execute("svg pictures")
        #expect(isDirectory.error?.text == "pictures is a directory; svg needs a file name, e.g. svg pictures/layout.svg")
        #expect(isDirectory.error?.column == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["pictures"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/pictures").isEmpty)
        // An existing picture is replaced whole.
        try "old".write(toFile: directory + "/pictures/card.svg", atomically: false, encoding: .utf8)
        #expect(session.execute("svg pictures/card.svg").ok)
        let written = try String(contentsOfFile: directory + "/pictures/card.svg", encoding: .utf8)
        #expect(written.hasPrefix("<?xml") && written.hasSuffix("</svg>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/pictures") == ["card.svg"])
        #expect(session.execute("svg").error?.text == "svg needs one file name; e.g. svg layout.svg")
    }

    @Test func fileNamesComplete() throws {
        let directory = try Self.scratchDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/pictures", withIntermediateDirectories: false)
        try "".write(toFile: directory + "/card.svg", atomically: false, encoding: .utf8)
        let session = Session()
        session.directory = directory
        for command in ["svg", "save", "load"] {
            let line = "\(command) "
            #expect(session.completions(line: line, cursor: line.count).candidates == ["card.svg", "pictures/"], "\(command)")
        }
        #expect(session.completions(line: "svg ca", cursor: 6).candidates == ["card.svg"])
        #expect(session.completions(line: "svg ca", cursor: 6).replaceFrom == 4)
    }
}
