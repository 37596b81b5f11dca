/// One token of Swift or Objective-C source, as far as layout code needs: names, numbers,
/// string literals, and punctuation (an operator is one token: `==`, `>=`, `->`, `+=`).
/// Comments, preprocessor lines and line continuations are gone; `line` is 1-based.
public struct CodeToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case name
        case number
        /// The literal's text without quotes (escapes kept as written; interpolations kept raw).
        case string
        case punctuation
    }

    public var kind: Kind
    public var text: String
    public var line: Int
    /// True when a line break came between this token and the one before it.
    public var startsLine: Bool

    public init(kind: Kind, text: String, line: Int, startsLine: Bool = false) {
        self.kind = kind
        self.text = text
        self.line = line
        self.startsLine = startsLine
    }

    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
}

/// Splits source text into `CodeToken`s. Never fails: an unterminated string or comment ends
/// at the end of the text, and a byte it does not know is a punctuation token of its own.
public enum CodeTokenizer {
    /// Operators read as one token, longest first.
    static let operators = ["...", "..<", "===", "!==", "==", "!=", ">=", "<=", "->", "+=", "-=", "*=", "/=",
                            "&&", "||", "??", "?."]

    public static func tokenize(_ text: String) -> [CodeToken] {
        let bytes = Array(text.utf8)
        var tokens: [CodeToken] = []
        var index = 0
        var line = 1
        var newLine = true
        let count = bytes.count

        func peek(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
        func string(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[max(0, start)..<min(end, count)], as: UTF8.self)
        }
        func add(_ kind: CodeToken.Kind, _ text: String, line tokenLine: Int) {
            tokens.append(CodeToken(kind: kind, text: text, line: tokenLine, startsLine: newLine))
            newLine = false
        }

        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                newLine = true
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "\\") where peek(1) == UInt8(ascii: "\n") || (peek(1) == UInt8(ascii: "\r") && peek(2) == UInt8(ascii: "\n")):
                // A line continuation (Objective-C macros): the next line goes on.
                index += peek(1) == UInt8(ascii: "\n") ? 2 : 3
                line += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                // Swift block comments nest; Objective-C ones do not, but nesting is rare there.
                var depth = 0
                repeat {
                    if peek(0) == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                        depth += 1; index += 2
                    } else if peek(0) == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                        depth -= 1; index += 2
                    } else {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1; newLine = true }
                        index += 1
                    }
                } while depth > 0 && index < count
            case UInt8(ascii: "#") where newLine && isPreprocessor(bytes, from: index + 1):
                // `#import`, `#define`, `#pragma`: to the end of the line and its continuations.
                while index < count, bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "\n") { index += 1; line += 1 }
                    index += 1
                }
            case UInt8(ascii: "\""):
                let start = line
                if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                    index += 3
                    let from = index
                    while index < count, !(bytes[index] == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                    add(.string, string(from, index), line: start)
                    index = min(count, index + 3)
                } else {
                    index += 1
                    let from = index
                    var parentheses = 0
                    while index < count {
                        let next = bytes[index]
                        if next == UInt8(ascii: "\n") { break }
                        if next == UInt8(ascii: "\\") {
                            if peek(1) == UInt8(ascii: "(") { parentheses += 1; index += 2; continue }
                            index += 2; continue
                        }
                        if parentheses > 0 {
                            if next == UInt8(ascii: "(") { parentheses += 1 }
                            if next == UInt8(ascii: ")") { parentheses -= 1 }
                            index += 1; continue
                        }
                        if next == UInt8(ascii: "\"") { break }
                        index += 1
                    }
                    add(.string, string(from, index), line: start)
                    if index < count, bytes[index] == UInt8(ascii: "\"") { index += 1 }
                }
            case UInt8(ascii: "'"):
                // A C character literal: a number as far as layout goes.
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "'"), bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                index += 1
                add(.number, "0", line: line)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let from = index
                while index < count, isNumberByte(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && isDigit(peek(1)))
                        || ((bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
                            && (bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E")) && !isHex(bytes, from, index)) {
                    index += 1
                }
                add(.number, string(from, index), line: line)
            default:
                if isNameStart(byte) {
                    let from = index
                    while index < count, isNameByte(bytes[index]) { index += 1 }
                    add(.name, string(from, index), line: line)
                } else if let op = operators.first(where: { matches($0, bytes, at: index) }) {
                    add(.punctuation, op, line: line)
                    index += op.utf8.count
                } else {
                    let from = index
                    index += 1
                    // A stray UTF-8 sequence stays one token.
                    while index < count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                    add(.punctuation, string(from, index), line: line)
                }
            }
        }
        return tokens
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0xC0
    }
    static func isNameByte(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) || (byte >= 0x80) }
    static func isNumberByte(_ byte: UInt8) -> Bool { isDigit(byte) || isNameStart(byte) && byte < 0x80 && byte != UInt8(ascii: "$") }
    static func isHex(_ bytes: [UInt8], _ from: Int, _ index: Int) -> Bool {
        index - from >= 2 && bytes[from] == UInt8(ascii: "0") && (bytes[from + 1] | 0x20) == UInt8(ascii: "x")
    }
    static func matches(_ op: String, _ bytes: [UInt8], at index: Int) -> Bool {
        var offset = index
        for byte in op.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }
    /// `#` at the start of a line followed by a preprocessor word (not Swift's `#available`).
    static func isPreprocessor(_ bytes: [UInt8], from index: Int) -> Bool {
        var end = index
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        return ["import", "include", "define", "undef", "pragma", "ifdef", "ifndef", "endif", "elif", "warning", "error", "line"].contains(word)
            || (word == "if" || word == "else") && !(bytes[index...].prefix(40).contains(UInt8(ascii: "{")))
    }
}
