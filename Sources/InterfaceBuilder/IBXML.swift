import Foundation
#if canImport(FoundationXML)
import FoundationXML
#else
import Foundation
#endif

/// Why a file could not be read; `line` is where (0 when the file as a whole is at fault).
public struct IBReadError: Error, Sendable, Equatable {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// An XML element with its attributes, children and place in the file: the reader's first
/// pass, so that the second can look ahead and behind as IB's structure needs.
final class IBElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    let column: Int
    var children: [IBElement] = []
    /// The comment just before this element (Xcode writes a scene's title there).
    var comment: String?

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    subscript(_ key: String) -> String? { attributes[key] }

    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    func flag(_ key: String) -> Bool { attributes[key] == "YES" }

    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
}

/// Limits on what the reader accepts: well past any real file, short of what exhausts memory.
public enum IBLimits {
    /// Bytes of XML (the largest real storyboards are a few megabytes).
    public static let maxBytes = 32 << 20
    /// Nesting of elements (real files nest a few dozen deep).
    public static let maxDepth = 400
    /// Elements in all.
    public static let maxElements = 2_000_000
}

/// Reads XML into `IBElement`s with the platform's parser, with entity expansion off: an
/// Interface Builder file never declares a DTD or entities, so one that does is refused
/// before parsing (that is what stops "billion laughs" files), and external entities are
/// never fetched.
final class IBXMLTreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [IBElement] = []
    private(set) var root: IBElement?
    private var pendingComment: String?
    private var count = 0
    private(set) var failure: IBReadError?
    private weak var parser: XMLParser?
    /// Where each start tag's `<` is (line and column, 1-based), in document order: the
    /// parser's callbacks come in the same order, and it reports only where a tag ends, so the
    /// n-th element takes the n-th place. A one-line (minified) file gets real columns too.
    private var tagPlaces: [(line: Int, column: Int)] = []
    private var nextTag = 0

    /// The places of the start tags: one pass over the bytes, skipping comments, processing
    /// instructions, CDATA and end tags, and quoted attribute values (which may hold `>`).
    /// Columns count characters: UTF-8 continuation bytes do not start one.
    /// - Complexity: O(n) in the size of the text.
    static func startTagPlaces(_ bytes: [UInt8]) -> [(line: Int, column: Int)] {
        bytes.withUnsafeBufferPointer { text in
            var places: [(line: Int, column: Int)] = []
            var line = 1, column = 1, index = 0
            let count = text.count
            /// Whether `word` starts at `index`.
            func at(_ word: StaticString) -> Bool {
                let length = word.utf8CodeUnitCount
                guard index + length <= count else { return false }
                let start = word.utf8Start
                for offset in 0..<length where text[index + offset] != start[offset] { return false }
                return true
            }
            /// Moves past `end` (or to the end of the text), counting lines and columns.
            func skip(past end: StaticString) {
                while index < count, !at(end) { step() }
                for _ in 0..<end.utf8CodeUnitCount where index < count { step() }
            }
            func step() {
                let byte = text[index]
                if byte == 10 {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            while index < count {
                let byte = text[index]
                if byte != 60 {
                    // The common case, kept out of `step` for speed.
                    if byte == 10 { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                    index += 1
                    continue
                }
                if at("<!--") { skip(past: "-->"); continue }
                if at("<![CDATA[") { skip(past: "]]>"); continue }
                if at("<?") { skip(past: "?>"); continue }
                if at("</") || at("<!") { skip(past: ">"); continue }
                places.append((line, column))
                var quote: UInt8 = 0
                while index < count {
                    let byte = text[index]
                    step()
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == 34 || byte == 39 {
                        quote = byte
                    } else if byte == 62 {
                        break
                    }
                }
            }
            return places
        }
    }

    /// - Complexity: O(n) in the size of the text.
    static func parse(_ text: String) throws(IBReadError) -> IBElement {
        let data = Array(text.utf8)
        guard data.count <= IBLimits.maxBytes else {
            throw IBReadError(line: 0, message: "the file is \(data.count / (1 << 20)) MB; LayoutLab reads Interface Builder files up to \(IBLimits.maxBytes / (1 << 20)) MB")
        }
        if data.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) {
            throw IBReadError(line: 1, message: "the file is empty")
        }
        if let nul = data.firstIndex(of: 0) {
            // XML cannot hold a NUL, and the platform's parser hands C strings to its callbacks.
            throw IBReadError(line: data[..<nul].count { $0 == 10 } + 1, message: "the file holds a NUL byte, which XML never does: not an Interface Builder file")
        }
        switch Self.forbiddenMarkup(data) {
        case (.declaration, let line)?:
            throw IBReadError(line: line, message: "the file declares a DTD (<!DOCTYPE, <!ENTITY or another <! declaration): Interface Builder files never do, and entity expansion is off")
        case (.processingInstruction, let line)?:
            throw IBReadError(line: line, message: "the file holds a processing instruction (<?…?>) after its XML declaration: Interface Builder files never do")
        case nil:
            break
        }
        // From a stream, in chunks: given the whole of a file over 10 MB at once, the platform's
        // parser (libxml2 on Linux) stops at its end with an internal error.
        let parser = XMLParser(stream: InputStream(data: Data(data)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = IBXMLTreeBuilder()
        builder.parser = parser
        builder.tagPlaces = Self.startTagPlaces(data)
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        guard ok, let root = builder.root, builder.stack.isEmpty else {
            let line = max(parser.lineNumber, 1)
            let unclosed = builder.root == nil && builder.stack.isEmpty ? "the file holds no XML element" : "the XML ends before its elements are closed"
            let reason = parser.parserError.map { Self.describe($0) } ?? unclosed
            throw IBReadError(line: line, message: "not well-formed XML: \(reason)")
        }
        return root
    }

    /// Markup Interface Builder files never hold and the platform's parser mishandles, refused
    /// before it runs: a markup declaration (`<!DOCTYPE`, `<!ENTITY`, or any other `<!` that is
    /// not a comment or a CDATA section: a malformed `<!D` then garbage crashed inside the
    /// parser) and a processing instruction after the XML declaration (`<?x?>` without data
    /// handed its callback a null string). Both were fuzz target InterfaceBuilder's finds.
    enum ForbiddenMarkup { case declaration, processingInstruction }

    /// The first forbidden markup outside comments, with its line, if any.
    /// - Complexity: one pass over the bytes.
    static func forbiddenMarkup(_ bytes: [UInt8]) -> (kind: ForbiddenMarkup, line: Int)? {
        var line = 1
        var index = 0
        // The XML declaration, at the very start (after a byte order mark): `<?xml` and a blank
        // (`<?xml-stylesheet?>` is an instruction of its own).
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].starts(with: Array("<?xml".utf8)), start + 5 < bytes.count, [32, 9, 10, 13].contains(bytes[start + 5]) {
            index = start + 5
            while index + 1 < bytes.count, !(bytes[index] == 63 && bytes[index + 1] == 62) {
                if bytes[index] == 10 { line += 1 }
                index += 1
            }
            index += 2
        }
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if byte == 10 { line += 1 }
            if byte == 60, bytes[index + 1] == 63 { return (.processingInstruction, line) }
            if byte == 60, bytes[index + 1] == 33 {
                if index + 3 < bytes.count, bytes[index + 2] == 45, bytes[index + 3] == 45 {
                    // A comment: skip to its end.
                    var end = index + 4
                    while end + 2 < bytes.count, !(bytes[end] == 45 && bytes[end + 1] == 45 && bytes[end + 2] == 62) {
                        if bytes[end] == 10 { line += 1 }
                        end += 1
                    }
                    index = end + 3
                    continue
                }
                let word = bytes[(index + 2)..<min(index + 9, bytes.count)]
                if !word.starts(with: Array("[CDATA[".utf8)) { return (.declaration, line) }
            }
            index += 1
        }
        return nil
    }

    private static func describe(_ error: Error) -> String {
        let text = "\(error)"
        // Code 4 (empty document) is what the parser says when no element starts the text.
        if text.contains("error 4") || text.contains("Code=4") { return "no XML element starts the text" }
        if text.contains("error 5") || text.contains("Code=5") { return "the document ends too early" }
        return "the parser stopped here"
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = IBReadError(line: parser?.lineNumber ?? 0, message: message)
        parser?.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        count += 1
        if count > IBLimits.maxElements { return fail("more than \(IBLimits.maxElements) elements") }
        if stack.count >= IBLimits.maxDepth { return fail("elements nested more than \(IBLimits.maxDepth) deep") }
        // The tag's own `<`, from the scan; the parser's line (where the tag ends) if the scan
        // and the parser ever disagree (a tag cannot start after the line it ends on).
        let scanned = nextTag < tagPlaces.count ? tagPlaces[nextTag] : nil
        let place = scanned.flatMap { $0.line <= parser.lineNumber ? $0 : nil } ?? (line: parser.lineNumber, column: 1)
        nextTag += 1
        let element = IBElement(name: elementName, attributes: attributeDict, line: place.line, column: place.column)
        element.comment = pendingComment
        pendingComment = nil
        if let parent = stack.last {
            parent.children.append(element)
        } else if root == nil {
            root = element
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil else { return }
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        pendingComment = comment.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail("the file declares an entity (\(name)): Interface Builder files never do, and entity expansion is off")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("the file refers to an external entity (\(name)), which LayoutLab never fetches")
        return nil
    }
}
