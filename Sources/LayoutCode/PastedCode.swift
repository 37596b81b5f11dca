/// Swift or Objective-C code as it is pasted, read one line at a time: whether the text so far
/// looks like layout code (what `LayoutCodeReader.looksLikeLayoutCode` says of it) and whether
/// it is complete: every parenthesis, bracket and brace closed, and no string literal or block
/// comment left open. The shell's `paste` ends at an empty line only then, because a function
/// holds empty lines of its own.
///
/// Comments, string literals (Swift's `"…"`, `"""…"""`, raw `#"…"#` with interpolations
/// nested in them, Objective-C's `@"…"` and character literals) are skipped, so a brace in
/// them counts for nothing. A closer with no opener (a paste that starts inside a function) is
/// ignored: no later line could open it. Objective-C's `@implementation` (`@interface`,
/// `@protocol`) stays open until its `@end`.
public struct PastedCode: Sendable {
    /// What the scanner is inside of, innermost last.
    enum Context: Equatable, Sendable {
        /// `(`, `[` or `{` (or `@` for `@implementation`, `@interface`, `@protocol`), waiting
        /// for its closer.
        case open(UInt8)
        /// `\(` inside a string: code up to its `)`, then the string again.
        case interpolation
        /// A string literal; single-line ones end at the line's end whatever happens.
        case string(multiline: Bool, hashes: Int)
        /// A block comment, nested this deep (Swift's nest).
        case comment(depth: Int)
    }

    private var stack: [Context] = []
    /// What `looksLikeLayoutCode` answers for the lines read so far.
    public private(set) var looksLikeCode = false
    /// True when some line read so far holds anything but spaces.
    private var hasCode = false

    public init() {}

    /// True when the lines read leave nothing open (and there is code at all).
    public var isComplete: Bool { hasCode && stack.isEmpty }

    /// True when a parenthesis, bracket or brace (or `@implementation`, a block comment, a
    /// multi-line string) is still open: a paste goes on through empty lines.
    public var hasOpenBracket: Bool { hasCode && !stack.isEmpty }

    /// Reads the next line (without its line break).
    public mutating func read(_ line: Substring) {
        if !looksLikeCode, LayoutCodeReader.looksLikeLayoutCode(String(line)) { looksLikeCode = true }
        if !hasCode, line.contains(where: { !$0.isWhitespace }) { hasCode = true }
        let bytes = Array(line.utf8)
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func starts(_ text: String) -> Bool {
            text.utf8.enumerated().allSatisfy { at($0.offset) == $0.element }
        }
        while index < bytes.count {
            switch stack.last {
            case .comment(let depth)?:
                if starts("/*") {
                    stack[stack.count - 1] = .comment(depth: depth + 1)
                    index += 2
                } else if starts("*/") {
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .comment(depth: depth - 1) }
                    index += 2
                } else {
                    index += 1
                }
            case .string(let multiline, let hashes)?:
                let escape = "\\" + String(repeating: "#", count: hashes)
                let end = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if starts(escape + "(") {
                    stack.append(.interpolation)
                    index += escape.utf8.count + 1
                } else if starts(escape) {
                    // An escaped character (in a raw string only `\#` escapes).
                    index += escape.utf8.count + 1
                } else if starts(end) {
                    stack.removeLast()
                    index += end.utf8.count
                } else {
                    index += 1
                }
            case .open, .interpolation, nil:
                let byte = bytes[index]
                if starts("//") {
                    index = bytes.count
                } else if starts("/*") {
                    stack.append(.comment(depth: 1))
                    index += 2
                } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                    var hashes = 0
                    while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    guard at(hashes) == UInt8(ascii: "\"") else {
                        index += max(1, hashes)
                        continue
                    }
                    index += hashes
                    let multiline = starts("\"\"\"")
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    index += multiline ? 3 : 1
                } else if byte == UInt8(ascii: "@"), let word = Self.objectiveCBlockWord(bytes[(index + 1)...]) {
                    // `@implementation` … `@end` is a block without braces.
                    if word == "end" { close(UInt8(ascii: "@")) } else { stack.append(.open(UInt8(ascii: "@"))) }
                    index += 1 + word.utf8.count
                } else if byte == UInt8(ascii: "'") {
                    // A C character literal ('(' is no parenthesis).
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index += 1
                } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    stack.append(.open(byte))
                    index += 1
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    close(byte)
                    index += 1
                } else {
                    index += 1
                }
            }
        }
        // A single-line string cannot go on past its line (an unterminated one is an error
        // the reader skips, not an open literal).
        while case .string(false, _)? = stack.last { stack.removeLast() }
    }

    /// The Objective-C word after an `@` that opens or closes a block: `implementation`,
    /// `interface`, `protocol` (a declaration, not `@protocol(…)`), `end`.
    static func objectiveCBlockWord(_ rest: ArraySlice<UInt8>) -> String? {
        let word = String(decoding: rest.prefix { CodeTokenizer.isNameByte($0) }, as: UTF8.self)
        switch word {
        case "implementation", "interface", "end": return word
        case "protocol": return rest.dropFirst(word.utf8.count).first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "(") ? nil : word
        default: return nil
        }
    }

    /// Closes the innermost opener `closer` matches (an interpolation for `)` included), and
    /// everything opened inside it; ignores a closer nothing matches.
    private mutating func close(_ closer: UInt8) {
        let opener: UInt8 = switch closer {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        case UInt8(ascii: "}"): UInt8(ascii: "{")
        default: closer // `@end` closes `@implementation`
        }
        guard let match = stack.lastIndex(where: { $0 == .open(opener) || (closer == UInt8(ascii: ")") && $0 == .interpolation) }),
              !stack[match...].contains(where: { if case .string = $0 { true } else { false } }) else { return }
        stack.removeSubrange(match...)
    }
}

extension LayoutCodeReader {
    /// Whether `text` leaves nothing open: see `PastedCode`.
    public static func isComplete(_ text: String) -> Bool {
        var pasted = PastedCode()
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) { pasted.read(line) }
        return pasted.isComplete
    }
}
