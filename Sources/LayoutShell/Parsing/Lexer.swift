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
func tokenize(_ line: String) throws(ShellError) -> [Token] {
    let scalars = Array(line.unicodeScalars)
    var tokens: [Token] = []
    var i = 0
    func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    func isIdentStart(_ s: Unicode.Scalar) -> Bool { s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
    // Names and numbers are ASCII, so their text is copied byte by byte (a script of 50 000
    // lines spends noticeable time here otherwise).
    func ascii(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for k in range { buffer[k - range.lowerBound] = UInt8(truncatingIfNeeded: scalars[k].value) }
            return range.count
        }
    }
    while i < scalars.count {
        let c = scalars[i]
        let column = i + 1
        if c == " " || c == "\t" { i += 1; continue }
        if isIdentStart(c) {
            var j = i
            while j < scalars.count, isIdentStart(scalars[j]) || isDigit(scalars[j]) { j += 1 }
            tokens.append(Token(kind: .identifier(ascii(i..<j)), column: column))
            i = j
            continue
        }
        if isDigit(c) || (c == "." && i + 1 < scalars.count && isDigit(scalars[i + 1])) {
            var j = i
            while j < scalars.count, isDigit(scalars[j]) { j += 1 }
            if j < scalars.count, scalars[j] == "." { j += 1; while j < scalars.count, isDigit(scalars[j]) { j += 1 } }
            if j < scalars.count, scalars[j] == "e" || scalars[j] == "E" {
                var k = j + 1
                if k < scalars.count, scalars[k] == "+" || scalars[k] == "-" { k += 1 }
                if k < scalars.count, isDigit(scalars[k]) {
                    while k < scalars.count, isDigit(scalars[k]) { k += 1 }
                    j = k
                }
            }
            let text = ascii(i..<j)
            guard let value = Double(text) else { throw ShellError("'\(text)' is not a number", column: column) }
            guard value.isFinite else { throw ShellError("\(text) is too large to be a number of points", hint: "constants are limited to ±1e9", column: column) }
            tokens.append(Token(kind: .number(value, text), column: column))
            i = j
            continue
        }
        let next: Unicode.Scalar = i + 1 < scalars.count ? scalars[i + 1] : " "
        if (c == "=" && (next == "=" || next == ">" || next == "<")) || ((c == ">" || c == "<") && next == "=") {
            let two = String(c) + String(next)
            if two == "=>" || two == "=<" {
                throw ShellError("'\(two)' is not a relation", hint: "write \(two == "=>" ? ">=" : "<=")", column: column)
            }
            tokens.append(Token(kind: .symbol(two), column: column))
            i += 2
            continue
        }
        if ".:=+-*/@,<>".unicodeScalars.contains(c) {
            if c == "<" || c == ">" {
                throw ShellError("'\(c)' is not a relation: Auto Layout has only ==, >= and <=", hint: "write \(c)=", column: column)
            }
            tokens.append(Token(kind: .symbol(String(c)), column: column))
            i += 1
            continue
        }
        if !c.isASCII {
            throw ShellError("unexpected character '\(c)'", hint: "names and numbers are plain ASCII", column: column)
        }
        throw ShellError("unexpected character '\(c)'", column: column)
    }
    tokens.append(Token(kind: .end, column: scalars.count + 1))
    return joiningContentViews(tokens)
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
    if bytes.count <= InputLimits.maxLineLength,
       bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#")) || $0 == UInt8(ascii: "\t") }) {
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
