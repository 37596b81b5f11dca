import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Constraints typed as equations: `[name:] item.attr REL [m *] item.attr [+ c] [@p]`.
enum ConstraintCommands {
    static let all: [any ShellCommand.Type] = [AddConstraint.self]
}

/// A constraint typed as an equation, optionally named (`minW: a.width >= 100`).
struct AddConstraint: SessionChange {
    var constraint: ConstraintSpec
    var name: String?
    /// Where the right-hand side starts: a legality error about the pair points there.
    var rhsColumn: Int

    static let spec = CommandSpec(
        trigger: .constraint, kind: .change, group: .constrain, topic: "constraint",
        aliases: ["name", "ids", "id"],
        synopsis: ["[name:] item.attr REL [m *] item.attr [* m | / m] [+ c | - c] [@priority]",
                   "[name:] item.attr REL c [@priority]          (widths and heights only)"],
        summary: ["REL is ==, >= or <= (= means ==). Each constraint gets an id c1, c2, …;",
                  "a name is another way to call it. Spaces are optional.",
                  "An item is a view, a guide, root.safeArea or VIEW.margins. `system` in the",
                  "constant is UIKit's system spacing, 8 (c + 2 * system).",
                  "See help attributes, help priority."],
        examples: ["a.leading == root.leading + 20", "b.width == 0.5 * a.width @750", "minW: a.width >= 100",
                   "b.leading >= a.trailing + system"],
        overview: ["a.width >= 100 @750", "b.leading == a.trailing + 8", "minW: a.width >= 50"],
        completeArguments: { context in
            let session = context.session
            if context.ahead.trimmingSpaces.hasSuffix("@") {
                return LineParser.priorityNames.map(\.name) + session.metricNames
            }
            return session.model.viewOrder + session.metricNames
        })

    static func parse(_ p: inout LineParser) throws(ShellError) -> AddConstraint {
        var name: String? = nil
        if let head = p.current.identifier, p.peek().isSymbol(":") {
            let nameColumn = p.current.column
            do { try p.model.validateName(head) } catch { throw ShellError(error, column: nameColumn) }
            if p.session.metrics[head] != nil { throw ShellError("\(head) is already a metric", column: nameColumn) }
            name = head
            p.position = 2
        }
        let first = try p.viewItem()
        let firstAttribute = try p.attribute(of: first)
        let relation: LayoutRelation
        switch p.current.kind {
        case .symbol("=="), .symbol("="): relation = .equal
        case .symbol(">="): relation = .greaterThanOrEqual
        case .symbol("<="): relation = .lessThanOrEqual
        default: throw p.unexpected("a relation (==, >= or <=)")
        }
        p.advance()
        let rhsColumn = p.current.column
        var secondItem: String? = nil
        var secondAttribute: LayoutAttribute? = nil
        var multiplier = 1.0
        var constant = 0.0
        // The most decimals among the numbers typed on the right: `0.1 + 0.2` folds to 0.3,
        // as written, not to the 0.30000000000000004 binary arithmetic gives.
        var decimals: Int? = 0
        // A term starts with a view name followed by '.', or with a number followed by '*'.
        func startsTerm(_ p: LineParser) -> Bool {
            var q = p
            while q.current.isSymbol("-") || q.current.isSymbol("+") { q.advance() }
            if q.current.identifier != nil && q.peek().isSymbol(".") { return true }
            // `system` and `2 * system` are constants, not terms.
            if q.current.identifier == "system" || q.peek(2).identifier == "system" { return false }
            if q.current.number != nil || q.current.identifier != nil { return q.peek().isSymbol("*") }
            return false
        }
        if startsTerm(p) {
            var sign = 1.0
            var q = p
            while q.current.isSymbol("-") || q.current.isSymbol("+") { if q.current.isSymbol("-") { sign = -sign }; q.advance() }
            if q.current.identifier != nil && q.peek().isSymbol(".") {
                p = q
                multiplier = sign
            } else {
                multiplier = try p.number(what: "the multiplier", limit: LayoutModel.maxMultiplier)
                p.advance() // '*'
            }
            secondItem = try p.viewItem()
            secondAttribute = try p.attribute(of: secondItem!)
            while p.current.isSymbol("*") || p.current.isSymbol("/") {
                let divide = p.current.isSymbol("/")
                p.advance()
                let column = p.current.column
                let factor = try p.number(what: "the multiplier", limit: LayoutModel.maxMultiplier)
                if divide {
                    guard factor != 0 else { throw ShellError("division by zero", column: column) }
                    multiplier /= factor
                } else {
                    multiplier *= factor
                }
                // Several factors (`* 9 / 16`) may multiply past what one may be.
                guard abs(multiplier) <= LayoutModel.maxMultiplier else {
                    throw ShellError("the multiplier is too large", hint: "the limit is ±\(formatNumber(LayoutModel.maxMultiplier))", column: column)
                }
            }
        } else {
            if p.current.identifier == "system" || p.peek(2).identifier == "system" {
                throw ShellError("system spacing is a distance from another item's edge",
                                 hint: "e.g. b.leading >= a.trailing + system", column: p.current.column)
            }
            constant = try p.number(what: "the constant")
            decimals = decimalPlaces(constant)
        }
        var systemSpacing = 0.0
        while p.current.isSymbol("+") || p.current.isSymbol("-") {
            let negative = p.current.isSymbol("-")
            p.advance()
            let column = p.current.column
            if p.current.identifier != nil && p.peek().isSymbol(".") {
                throw ShellError("only one view attribute may appear on the right-hand side", hint: "Auto Layout constraints are first = m × second + c", column: column)
            }
            let term = try p.constantTerm()
            constant += negative ? -term.constant : term.constant
            systemSpacing += negative ? -term.system : term.system
            decimals = decimals.flatMap { d in decimalPlaces(term.constant).map { max(d, $0) } }
            if let decimals { constant = rounded(constant, toDecimals: decimals) }
            guard abs(constant) <= LayoutModel.maxMagnitude else {
                throw ShellError("the constant is too large", hint: "the limit is ±1e9", column: column)
            }
            guard abs(systemSpacing) <= 1000 else {
                throw ShellError("too many system spacings", hint: "use at most 1000 * system", column: column)
            }
        }
        var priority = LayoutPriority.required
        if p.current.isSymbol("@") {
            p.advance()
            priority = try p.priority()
        }
        try p.expectEnd()
        var constraint = ConstraintSpec(firstItem: first, firstAttribute: firstAttribute, relation: relation,
                                  secondItem: secondItem, secondAttribute: secondAttribute,
                                  multiplier: multiplier, constant: constant, priority: priority)
        constraint.systemSpacing = systemSpacing
        return AddConstraint(constraint: constraint, name: name, rhsColumn: rhsColumn)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        do { try session.model.validate(constraint) } catch { throw ShellError(error, column: rhsColumn) }
        try session.modelChange { try $0.addConstraint(constraint, name: name, validated: true) }
        return []
    }
}

/// How many decimals a number has in its shortest form (`0.25` → 2), or nil when that form
/// has an exponent or too many digits to fold exactly.
private func decimalPlaces(_ value: Double) -> Int? {
    // A whole number below 1e15 is written without a point or an exponent (`formatNumber`):
    // most constants are, and formatting each one to find that out was 1% of `--final`.
    if value == value.rounded(), abs(value) < 1e15 { return 0 }
    let text = formatNumber(value)
    // A byte, not `contains("e")`: that is Foundation's substring search, 2% of `--final`.
    guard !text.utf8.contains(UInt8(ascii: "e")) else { return nil }
    guard let dot = text.firstIndex(of: ".") else { return 0 }
    let count = text.distance(from: dot, to: text.endIndex) - 1
    return count <= 12 ? count : nil
}

private func rounded(_ value: Double, toDecimals decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (value * scale).rounded() / scale
}
