/// Source cut into statements and blocks: the shape the recognizer walks. A statement ends at
/// `;`, at a line break outside brackets (unless the line plainly goes on: it ends in an
/// operator or a comma, or the next starts with `.` or an operator), and at a brace outside
/// brackets. A `{ … }` outside brackets is a block with the statement before it as its
/// header (`override func viewDidLoad()`, `[a, b].forEach`, `let label: UILabel =`).
/// Brackets inside a statement are balanced by counting; an unbalanced text still ends.
public indirect enum CodeNode: Sendable {
    case statement([CodeToken])
    /// `header { body }`; `invoked` is true for `{ … }()`, a closure called at once.
    case block(header: [CodeToken], body: [CodeNode], invoked: Bool, line: Int)
}

enum CodeStatements {
    /// Tokens that, ending a line, say the statement goes on on the next.
    /// (`?` is not one: a line ending in it is far more often an optional's type,
    /// `var top: Constraint?`, than a ternary broken after its question mark.)
    static let continuingEnds: Set<String> = ["=", ",", ".", "(", "[", ":", "+", "-", "*", "/", "&&", "||", "==",
                                             ">=", "<=", "+=", "-=", "??", "->", "!=", "@"]
    /// Tokens that, starting a line, continue the statement before.
    static let continuingStarts: Set<String> = [".", "?.", "&&", "||", "??", "==", "+", "*", "/", ")", "]", "?", ":", "=", "->"]

    /// Blocks deeper than this stay inside their statement as balanced tokens: hostile input
    /// (300 000 `{`) must not overflow the stack here or in the walks over the tree; no layout
    /// code nests that deep.
    static let maxBlockDepth = 200

    static func parse(_ tokens: [CodeToken]) -> [CodeNode] {
        var index = 0
        return parseBody(tokens, &index, level: 0)
    }

    private static func parseBody(_ tokens: [CodeToken], _ index: inout Int, level: Int) -> [CodeNode] {
        let nested = level > 0
        var nodes: [CodeNode] = []
        var current: [CodeToken] = []
        var depth = 0

        func flush() {
            if !current.isEmpty { nodes.append(.statement(current)) }
            current = []
        }

        while index < tokens.count {
            let token = tokens[index]
            if depth == 0, token.startsLine, !current.isEmpty,
               !(token.kind == .punctuation && continuingStarts.contains(token.text)),
               !(current.last!.kind == .punctuation && continuingEnds.contains(current.last!.text)) {
                flush()
            }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[":
                    depth += 1
                case ")", "]":
                    depth = max(0, depth - 1)
                case ";" where depth == 0:
                    flush()
                    index += 1
                    continue
                case "{" where depth == 0 && level < maxBlockDepth:
                    index += 1
                    let header = current
                    current = []
                    let body = parseBody(tokens, &index, level: level + 1)
                    var invoked = false
                    if index + 1 < tokens.count, tokens[index].is("("), tokens[index + 1].is(")"), !tokens[index].startsLine {
                        invoked = true
                        index += 2
                    }
                    nodes.append(.block(header: header, body: body, invoked: invoked, line: token.line))
                    continue
                case "}" where depth == 0:
                    flush()
                    index += 1
                    if nested { return nodes }
                    continue
                case "{":
                    // A closure inside brackets (`activate(views.map { … })`): kept in the
                    // statement, balanced like a bracket.
                    depth += 1
                case "}":
                    depth = max(0, depth - 1)
                default:
                    break
                }
            }
            current.append(token)
            index += 1
        }
        flush()
        return nodes
    }
}
