import LayoutModel
import LayoutVocabulary
import LayoutReport

extension ShellError {
    /// A model error in the session language's words (LayoutError+Words.swift).
    init(_ error: LayoutError, column: Int?) {
        self.init(error.message, hint: error.hint, column: column)
    }
}

/// Limits on input, so that no line can hurt the shell.
public enum InputLimits {
    /// Longer lines are refused before anything else looks at them.
    public static let maxLineLength = 1 << 20
    /// `load` inside `load` deeper than this is refused (a file that loads itself).
    public static let maxLoadDepth = 16
}

/// A token of the session language, with its 1-based column.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double, String)
        case symbol(String)   // . : == >= <= = + - * / @ ,
        case end
    }
    var kind: Kind
    var column: Int
    /// The bytes of the one-character symbols.
    static let symbolBytes: [UInt8] = Array(".:=+-*/@,<>".utf8)

    var identifier: String? { if case .identifier(let s) = kind { return s } else { return nil } }
    var number: Double? { if case .number(let v, _) = kind { return v } else { return nil } }
    func isSymbol(_ s: String) -> Bool { kind == .symbol(s) }
    var display: String {
        switch kind {
        case .identifier(let s): s
        case .number(_, let text): text
        case .symbol(let s): s
        case .end: "the end of the line"
        }
    }
}

/// Splits a line (already checked for length and control characters, comment removed) into tokens.
/// - Complexity: one pass over the line's bytes. Every character a token may hold is ASCII, so
///   the line is read as bytes, and up to the first non-ASCII byte (an error) a byte's index is
///   its column; a script of 50 000 lines spends noticeable time here otherwise.
func tokenize(_ line: String) throws(ShellError) -> [Token] {
    var line = line
    return try line.withUTF8 { bytes in Result { () throws(ShellError) in try tokenize(bytes: bytes) } }.get()
}

/// `contentView` as bytes, to compare identifiers with as they are read.
private let contentViewBytes = Array(Cell.contentViewMember.utf8)

private func tokenize(bytes: UnsafeBufferPointer<UInt8>) throws(ShellError) -> [Token] {
    var tokens: [Token] = []
    // A constraint line is a dozen tokens: grown from empty, the array was reallocated four
    // times a line (1.4% of `--final`).
    tokens.reserveCapacity(16)
    // Whether an identifier is `contentView`, so that only such lines are joined again.
    var namesContentView = false
    let contentView = contentViewBytes
    var i = 0
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    func isIdentStart(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
    func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    while i < bytes.count {
        let c = bytes[i]
        let column = i + 1
        if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { i += 1; continue }
        if isIdentStart(c) {
            var j = i
            while j < bytes.count, isIdentStart(bytes[j]) || isDigit(bytes[j]) { j += 1 }
            if j - i == contentView.count, UnsafeBufferPointer(rebasing: bytes[i..<j]).elementsEqual(contentView) { namesContentView = true }
            tokens.append(Token(kind: .identifier(text(i..<j)), column: column))
            i = j
            continue
        }
        if isDigit(c) || (c == UInt8(ascii: ".") && i + 1 < bytes.count && isDigit(bytes[i + 1])) {
            var j = i
            while j < bytes.count, isDigit(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") { j += 1; while j < bytes.count, isDigit(bytes[j]) { j += 1 } }
            if j < bytes.count, bytes[j] == UInt8(ascii: "e") || bytes[j] == UInt8(ascii: "E") {
                var k = j + 1
                if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
                if k < bytes.count, isDigit(bytes[k]) {
                    while k < bytes.count, isDigit(bytes[k]) { k += 1 }
                    j = k
                }
            }
            let text = text(i..<j)
            guard let value = wholeNumber(bytes[i..<j]) ?? Double(text) else { throw ShellError("'\(text)' is not a number", column: column) }
            guard value.isFinite else { throw ShellError("\(text) is too large to be a number of points", hint: "constants are limited to ±1e9", column: column) }
            tokens.append(Token(kind: .number(value, text), column: column))
            i = j
            continue
        }
        let next = i + 1 < bytes.count ? bytes[i + 1] : UInt8(ascii: " ")
        if (c == UInt8(ascii: "=") && (next == UInt8(ascii: "=") || next == UInt8(ascii: ">") || next == UInt8(ascii: "<")))
            || ((c == UInt8(ascii: ">") || c == UInt8(ascii: "<")) && next == UInt8(ascii: "=")) {
            // A relation is two ASCII bytes, so `next` is a whole character here.
            let two = text(i..<(i + 2))
            if two == "=>" || two == "=<" {
                throw ShellError("'\(two)' is not a relation", hint: "write \(two == "=>" ? ">=" : "<=")", column: column)
            }
            tokens.append(Token(kind: .symbol(two), column: column))
            i += 2
            continue
        }
        if Token.symbolBytes.contains(c) {
            if c == UInt8(ascii: "<") || c == UInt8(ascii: ">") {
                throw ShellError("'\(Character(Unicode.Scalar(c)))' is not a relation: Auto Layout has only ==, >= and <=", hint: "write \(Character(Unicode.Scalar(c)))=", column: column)
            }
            tokens.append(Token(kind: .symbol(text(i..<(i + 1))), column: column))
            i += 1
            continue
        }
        if c >= 0x80 {
            // Every byte before this one is ASCII, so its column is its index + 1.
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[i...]), as: UTF8.self).unicodeScalars.first!
            throw ShellError("unexpected character '\(scalar)'", hint: "names and numbers are plain ASCII", column: column)
        }
        throw ShellError("unexpected character '\(Unicode.Scalar(c))'", column: column)
    }
    tokens.append(Token(kind: .end, column: bytes.count + 1))
    return namesContentView ? joiningContentViews(tokens) : tokens
}

/// The value of a run of at most 15 bytes when all of them are digits (most constants are),
/// else nil: exact as an integer below 10¹⁵, as `Double(text)` would read it, without the
/// general conversion (a tenth of tokenizing a constraint line).
private func wholeNumber(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
    guard bytes.count <= 15 else { return nil }
    var value = 0
    for byte in bytes {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
    }
    return Double(value)
}

/// A cell's content view is named `cell.contentView` (UIKit's property): one name token, so
/// every form that takes a view name takes it (`cell.contentView.top`, `….margins = 8`).
private func joiningContentViews(_ tokens: [Token]) -> [Token] {
    guard tokens.contains(where: { $0.identifier == Cell.contentViewMember }) else { return tokens }
    var result: [Token] = []
    var i = 0
    while i < tokens.count {
        if let name = tokens[i].identifier, i + 2 < tokens.count, tokens[i + 1].isSymbol("."),
           tokens[i + 2].identifier == Cell.contentViewMember {
            result.append(Token(kind: .identifier(name + "." + Cell.contentViewMember), column: tokens[i].column))
            i += 3
        } else {
            result.append(tokens[i])
            i += 1
        }
    }
    return result
}

/// Checks a raw line before parsing: its length, and that it is text (no control characters,
/// no invalid UTF-8). Returns the line without its comment.
func sanitize(_ line: String) throws(ShellError) -> String {
    // Nearly every line of a script is plain printable ASCII without a comment: only trailing
    // blanks to drop, and no copy scalar by scalar.
    let bytes = line.utf8
    let isPlain: (UInt8) -> Bool = { ($0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#")) || $0 == UInt8(ascii: "\t") }
    // Over the contiguous bytes when the string has them (the UTF-8 view's own iteration
    // decodes its way byte by byte).
    if bytes.count <= InputLimits.maxLineLength,
       bytes.withContiguousStorageIfAvailable({ $0.allSatisfy(isPlain) }) ?? bytes.allSatisfy(isPlain) {
        var end = bytes.endIndex
        while end > bytes.startIndex, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[bytes.index(before: end)]) {
            end = bytes.index(before: end)
        }
        return end == bytes.endIndex ? line : String(line[..<end])
    }
    var count = 0
    var result = String.UnicodeScalarView()
    var scalars = Substring(line).unicodeScalars
    if scalars.last == "\r" { scalars.removeLast() }
    for scalar in scalars {
        count += 1
        if count > InputLimits.maxLineLength {
            throw ShellError("the line is too long (more than \(InputLimits.maxLineLength) characters)", hint: "split it into several commands", column: InputLimits.maxLineLength + 1)
        }
        if scalar == "#" { break }
        if scalar == "\u{FFFD}" {
            throw ShellError("the line is not valid UTF-8 text", column: count)
        }
        if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
            throw ShellError("the line contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true))); is this a binary file?", column: count)
        }
        result.append(scalar)
    }
    var text = String(result)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return text
}
