/// An expression of Swift or Objective-C, as far as layout code needs it: names, literals,
/// member access, calls with labels, Objective-C messages, array and dictionary literals,
/// arithmetic. What it cannot read becomes `.other`, so a statement is always read.
public indirect enum CodeExpression: Sendable, Equatable {
    case name(String)
    case number(Double)
    case string(String)
    /// `base.member`; `base` nil for Swift's implicit member (`.defaultHigh`).
    case member(CodeExpression?, String)
    /// `callee(label: value, value)`; a trailing closure is left out.
    case call(CodeExpression, [CodeArgument])
    /// Objective-C `[receiver part: value part: value]`; a unary message has one part with no value.
    case message(CodeExpression, [CodeArgument])
    case array([CodeExpression])
    case dictionary([(CodeExpression, CodeExpression)])
    case binary(CodeExpression, String, CodeExpression)
    case negative(CodeExpression)
    /// A closure or anything else not read.
    case other

    public static func == (lhs: CodeExpression, rhs: CodeExpression) -> Bool {
        switch (lhs, rhs) {
        case (.name(let a), .name(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.member(let a, let x), .member(let b, let y)): a == b && x == y
        case (.call(let a, let x), .call(let b, let y)), (.message(let a, let x), .message(let b, let y)): a == b && x == y
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.binary(let a, let o, let c), .binary(let b, let p, let d)): a == b && o == p && c == d
        case (.negative(let a), .negative(let b)): a == b
        case (.other, .other): true
        default: false
        }
    }
}

/// One argument of a call (`label: value`) or one part of an Objective-C message (`part:value`).
public struct CodeArgument: Sendable, Equatable {
    public var label: String?
    public var value: CodeExpression?
}

/// Reads `CodeExpression`s from a statement's tokens (recursive descent, never throws: what
/// it cannot read it skips to the next comma or closing bracket).
struct CodeExpressionParser {
    let tokens: [CodeToken]
    var index = 0
    /// Nesting guard: pathological input (thousands of brackets) must not overflow the stack.
    var depth = 0
    static let maxDepth = 200

    init(_ tokens: [CodeToken], from start: Int = 0) {
        self.tokens = tokens
        self.index = start
    }

    var atEnd: Bool { index >= tokens.count }
    var current: CodeToken? { index < tokens.count ? tokens[index] : nil }
    func isPunctuation(_ text: String, at offset: Int = 0) -> Bool {
        index + offset < tokens.count && tokens[index + offset].is(text)
    }

    mutating func expression() -> CodeExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else { index = tokens.count; return .other }
        return additive()
    }

    private mutating func additive() -> CodeExpression {
        var left = multiplicative()
        while let token = current, token.kind == .punctuation, token.text == "+" || token.text == "-" || token.text == "|" {
            index += 1
            left = .binary(left, token.text, multiplicative())
        }
        return left
    }

    private mutating func multiplicative() -> CodeExpression {
        var left = unary()
        while let token = current, token.kind == .punctuation, token.text == "*" || token.text == "/" {
            index += 1
            left = .binary(left, token.text, unary())
        }
        return left
    }

    private mutating func unary() -> CodeExpression {
        if isPunctuation("-") { index += 1; return .negative(unary()) }
        if isPunctuation("+") || isPunctuation("&") || isPunctuation("!") || isPunctuation("*") { index += 1; return unary() }
        return postfix(primary())
    }

    private mutating func postfix(_ base: CodeExpression) -> CodeExpression {
        var result = base
        while let token = current {
            if token.is(".") || token.is("?.") {
                index += 1
                guard let name = current, name.kind == .name || name.kind == .number else { return result }
                index += 1
                result = .member(result, name.text)
            } else if token.is("("), !token.startsLine {
                result = .call(result, arguments(closing: ")"))
            } else if token.is("{") {
                // A trailing closure (`views.map { … }`) is not read.
                skipBalanced()
            } else if token.is("!") || token.is("?") {
                index += 1
            } else if token.kind == .name, token.text == "as" {
                // `x as! UIView`, `x as? UILabel`: the value is x.
                index += 1
                if isPunctuation("!") || isPunctuation("?") { index += 1 }
                _ = primary()
            } else {
                return result
            }
        }
        return result
    }

    private mutating func primary() -> CodeExpression {
        guard let token = current else { return .other }
        switch token.kind {
        case .name:
            index += 1
            return .name(token.text)
        case .number:
            index += 1
            return .number(Self.number(token.text) ?? .nan)
        case .string:
            index += 1
            return .string(token.text)
        case .punctuation:
            switch token.text {
            case ".":
                index += 1
                guard let name = current, name.kind == .name else { return .other }
                index += 1
                return .member(nil, name.text)
            case "(":
                index += 1
                // An Objective-C cast `(CGFloat)8` or `(id)x`: a type name alone in parentheses.
                if let name = current, name.kind == .name, isPunctuation(")", at: 1) || (isPunctuation("*", at: 1) && isPunctuation(")", at: 2)),
                   name.text.first?.isUppercase == true || ["id", "int", "float", "double", "long"].contains(name.text) {
                    let save = index
                    index += isPunctuation(")", at: 1) ? 2 : 3
                    if let next = current, next.kind != .punctuation || next.is("[") || next.is("(") || next.is("@") || next.is("-") {
                        return unary()
                    }
                    index = save
                }
                let inner = expression()
                skip(to: ")")
                return inner
            case "[":
                return bracket()
            case "@":
                index += 1
                if isPunctuation("[") { return bracket() }
                if isPunctuation("{") { return dictionaryLiteral(closing: "}") }
                if isPunctuation("(") { return primary() }
                return primary()
            case "{":
                skipBalanced()
                return .other
            case "^":
                index += 1
                if isPunctuation("(") { skipBalanced() }
                if isPunctuation("{") { skipBalanced() }
                return .other
            default:
                index += 1
                return .other
            }
        }
    }

    /// `[` … `]`: a Swift array or dictionary literal, or an Objective-C message.
    private mutating func bracket() -> CodeExpression {
        let open = index
        index += 1
        if isPunctuation("]") { index += 1; return .array([]) }
        if isPunctuation(":"), isPunctuation("]", at: 1) { index += 2; return .dictionary([]) }
        let first = expression()
        if let token = current, token.kind == .name {
            // `[receiver selector…]`
            var parts: [CodeArgument] = []
            while let part = current, part.kind == .name {
                index += 1
                if isPunctuation(":") {
                    index += 1
                    let value = expression()
                    parts.append(CodeArgument(label: part.text, value: value))
                    // Variadic tails (`arrayWithObjects:a, b, nil`) are dropped.
                    while isPunctuation(",") { index += 1; _ = expression() }
                } else {
                    parts.append(CodeArgument(label: part.text, value: nil))
                    break
                }
            }
            skip(to: "]")
            return .message(first, parts)
        }
        if isPunctuation(":") {
            index = open
            return dictionaryLiteral(closing: "]")
        }
        var elements = [first]
        while isPunctuation(",") {
            index += 1
            if isPunctuation("]") { break }
            elements.append(expression())
        }
        skip(to: "]")
        return .array(elements)
    }

    private mutating func dictionaryLiteral(closing: String) -> CodeExpression {
        index += 1
        var pairs: [(CodeExpression, CodeExpression)] = []
        while !atEnd, !isPunctuation(closing) {
            let key = expression()
            guard isPunctuation(":") else { break }
            index += 1
            pairs.append((key, expression()))
            if isPunctuation(",") { index += 1 } else { break }
        }
        skip(to: closing)
        return .dictionary(pairs)
    }

    /// `( label: value, value )`, starting at the opening parenthesis.
    private mutating func arguments(closing: String) -> [CodeArgument] {
        index += 1
        var result: [CodeArgument] = []
        while !atEnd, !isPunctuation(closing) {
            var label: String?
            if let token = current, token.kind == .name, isPunctuation(":", at: 1) {
                label = token.text
                index += 2
            }
            result.append(CodeArgument(label: label, value: expression()))
            if isPunctuation(",") { index += 1 } else { break }
        }
        skip(to: closing)
        return result
    }

    /// Skips what is left up to and including `closing` at this level.
    mutating func skip(to closing: String) {
        var level = 0
        while let token = current {
            if token.kind == .punctuation {
                if level == 0, token.text == closing { index += 1; return }
                if ["(", "[", "{"].contains(token.text) { level += 1 }
                if [")", "]", "}"].contains(token.text) {
                    if level == 0 { return }
                    level -= 1
                }
            }
            index += 1
        }
    }

    /// Skips one balanced group starting at an opening bracket.
    private mutating func skipBalanced() {
        guard let open = current else { return }
        let closing = open.text == "(" ? ")" : open.text == "[" ? "]" : "}"
        index += 1
        skip(to: closing)
    }

    /// A Swift or C number literal: `8`, `16.5`, `8.0f`, `1_000`, `0x10`, `1e3`.
    static func number(_ text: String) -> Double? {
        var digits = text.filter { $0 != "_" }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            return UInt64(digits.dropFirst(2).filter { $0.isHexDigit }, radix: 16).map(Double.init)
        }
        while let last = digits.last, "fFlLuU".contains(last) { digits.removeLast() }
        return Double(digits)
    }
}

