import LayoutModel
import LayoutVocabulary

// The words of `explain` and of conflict sentences. Every number here comes from the model's
// explanation (the solver's optimal basis or a conflict's certificate); this file only says it.

/// `offset + Σ multiplier × constant` as arithmetic a reader can redo: terms with the same
/// weight grouped (`(300 - 20 - 10 - 20) / 2`), constants of 0 left out. Evaluates to the
/// explained value (up to the solver's rounding).
package func arithmetic(_ terms: [ExplanationTerm], offset: Double = 0) -> String {
    var groups: [(weight: Double, constants: [Double])] = []
    for term in terms where term.constant != 0 {
        let weight = abs(term.multiplier)
        let signed = term.multiplier < 0 ? -term.constant : term.constant
        if let index = groups.firstIndex(where: { Tolerance.nearlyEqual(weight, $0.weight) }) {
            groups[index].constants.append(signed)
        } else {
            groups.append((weight, [signed]))
        }
    }
    // Top-level summands, each with its sign: a weight-1 group's constants stand alone.
    var summands: [(negative: Bool, text: String)] = []
    if offset != 0 { summands.append((offset < 0, formatExact(abs(offset)))) }
    for group in groups {
        if Tolerance.nearlyEqual(group.weight, 1) {
            for constant in group.constants { summands.append((constant < 0, formatExact(abs(constant)))) }
            continue
        }
        var constants = group.constants
        let negative = constants.allSatisfy { $0 < 0 }
        if negative { constants = constants.map { -$0 } }
        var inner = ""
        for (index, constant) in constants.enumerated() {
            if index == 0 { inner = (constant < 0 ? "-" : "") + formatExact(abs(constant)) }
            else { inner += (constant < 0 ? " - " : " + ") + formatExact(abs(constant)) }
        }
        if constants.count > 1 { inner = "(\(inner))" }
        let divisor = (1 / group.weight).rounded()
        if divisor >= 2, Tolerance.nearlyEqual(1 / group.weight, divisor) {
            summands.append((negative, "\(inner) / \(formatNumber(divisor))"))
        } else if let (numerator, denominator) = smallFraction(group.weight) {
            summands.append((negative, "\(inner) * \(numerator) / \(denominator)"))
        } else {
            summands.append((negative, "\(inner) * \(formatExact(group.weight))"))
        }
    }
    guard !summands.isEmpty else { return "0" }
    return joinedSummands(summands)
}

/// Summands joined with their signs, a run of one pattern repeated (a chain's `20 + 8`, view
/// after view) written once with its count: `500 * (20 + 8)`. Still arithmetic to redo, and a
/// line instead of a page for an edge at the end of a long chain.
private func joinedSummands(_ summands: [(negative: Bool, text: String)]) -> String {
    // Runs shorter than this many summands read better written out.
    let shortestRun = 8
    var parts: [(negative: Bool, text: String)] = []
    var index = 0
    while index < summands.count {
        var best = (period: 1, count: 1)
        for period in 1...4 where index + 2 * period <= summands.count {
            var count = 1
            while index + (count + 1) * period <= summands.count,
                  (0..<period).allSatisfy({ summands[index + count * period + $0] == summands[index + $0] }) {
                count += 1
            }
            if count * period > best.period * best.count { best = (period, count) }
        }
        if best.count >= 2 && best.period * best.count >= shortestRun {
            let pattern = Array(summands[index..<index + best.period])
            // The pattern's sign goes outside when it leads with a minus: `-3 * (20 + 8)`.
            let flip = pattern[0].negative
            let inner = signed(pattern.map { (flip != $0.negative, $0.text) })
            parts.append((flip, "\(best.count) * " + (best.period == 1 ? inner : "(\(inner))")))
            index += best.period * best.count
        } else {
            parts.append(summands[index])
            index += 1
        }
    }
    return signed(parts)
}

private func signed(_ summands: [(negative: Bool, text: String)]) -> String {
    var text = (summands[0].negative ? "-" : "") + summands[0].text
    for summand in summands.dropFirst() { text += (summand.negative ? " - " : " + ") + summand.text }
    return text
}

/// `weight` as p/q with q up to 12, when it is one (3/4, 2/3): easier to redo than 0.75.
private func smallFraction(_ weight: Double) -> (Int, Int)? {
    for denominator in 2...12 {
        let numerator = (weight * Double(denominator)).rounded()
        if numerator >= 1, Tolerance.nearlyEqual(weight * Double(denominator), numerator) { return (Int(numerator), denominator) }
    }
    return nil
}

/// A priority as reports write it beside a constraint: `required` or `@750`.
package func priorityWords(_ priority: Double) -> String {
    priority >= 1000 ? "required" : "@\(formatNumber(priority))"
}

/// The words of a model's constraints and explanations: they describe the model's values, so
/// they are the model's (read here, where reports are made), not the session's.
extension LayoutModel {
    /// A constraint's text by id, implicit ones (the window's size, size floors) included.
    package func constraintText(_ id: String) -> String {
        constraint(id)?.text ?? implicitText(id)
    }

    /// An implicit constraint as a member of a conflict or an explanation (the window's size, a
    /// size floor): not a constraint of the user's, so its text says where it comes from.
    package func implicitText(_ id: String) -> String {
        guard let implicit = implicitConstraint(id) else { return id }
        let equation = "\(id) \(implicit.relation.rawValue) \(formatNumber(implicit.constant))"
        switch implicit.kind {
        case .windowSize: return equation + "   (the window's size)"
        case .nonNegativeSize: return equation + "   (no size is negative)"
        }
    }

    /// `  id  text` lines for the constraints an explanation names.
    /// A screenful at most (`CommandResult.constraintLinesCap`), then a count of the rest.
    /// `origins`: a conflict's list, where an import says what made each member.
    package func constraintLines(_ ids: [String], origins: ImportedOrigins = .none) -> [String] {
        let shown = ids.prefix(CommandResult.constraintLinesCap)
        let width = shown.map(\.count).max() ?? 0
        var lines = shown.map { id in "  \(id.padding(width))  \(memberText(id, origins: origins))" }
        if ids.count > shown.count { lines.append("  … and \(ids.count - shown.count) more (constraints lists them all)") }
        return lines
    }

    /// `from c1, c2, …`, a screenful of ids at most.
    package func fromWords(_ ids: [String]) -> String {
        ids.isEmpty ? "" : "  from " + screenful(ids)
    }

    // MARK: - explain VIEW.ATTR

    package func valueExplanationLines(_ e: ValueExplanation) -> [String] {
        let name = "\(e.view).\(e.attribute.rawValue)"
        let ids = e.terms.map(\.id)
        let sum = arithmetic(e.terms, offset: e.offset)
        let value = formatValue(e.value)
        let chain = sum == value ? "" : " = \(sum)"
        let from = fromWords(ids)
        var lines: [String] = []
        if !e.isAmbiguous {
            if ids.isEmpty && e.offset == 0 && e.view == LayoutModel.rootName {
                lines.append("\(name) = \(value): the root's origin is (0, 0)")
            } else {
                lines.append("\(name) = \(value)\(chain)\(from)")
            }
        } else {
            lines.append("\(name) = \(value) is ambiguous: \(rangeWords(e.lower, e.upper)) (this layout has \(value))")
            // A screenful of each, as `from` lists: on a squeezed chain an edge moves with every
            // view before it (the texts of the rest are not worked out).
            var moves: [String] = []
            let free = e.freeComponents.lazy.map { "\($0.view).\($0.component.rawValue)" }
            if !free.isEmpty { moves.append(screenful(free) + (free.count == 1 ? " (nothing determines it)" : " (nothing determines them)")) }
            let loose = screenful(e.looseConstraints.lazy.map { "\($0) (\(self.constraintText($0)))" })
            switch e.looseConstraints.count {
            case 0: break
            case 1: moves.append(loose + ", which need not be tight")
            case 2: moves.append(loose + ", neither of which need be tight")
            default: moves.append(loose + ", none of which need be tight")
            }
            if !moves.isEmpty { lines.append("  it moves with " + moves.joined(separator: "; ")) }
            lines.append("  to pin it: add a constraint that fixes \(name)" + (moves.isEmpty ? "" : " or what it moves with"))
            if !ids.isEmpty { lines.append("  in this layout: \(name) = \(value)\(chain)\(from)") }
        }
        return lines + constraintLines(ids)
    }

    package func rangeWords(_ lower: Double?, _ upper: Double?) -> String {
        switch (lower, upper) {
        case let (lower?, upper?): "any value from \(formatValue(lower)) to \(formatValue(upper)) is optimal"
        case let (lower?, nil): "any value from \(formatValue(lower)) up is optimal"
        case let (nil, upper?): "any value up to \(formatValue(upper)) is optimal"
        case (nil, nil): "any value at all is optimal"
        }
    }

    // MARK: - explain cN

    package func constraintExplanationLines(_ e: ConstraintExplanation, origins: ImportedOrigins = .none) -> [String] {
        let record = constraint(e.id)
        let label = record?.name.map { "\(e.id) (\($0))" } ?? e.id
        let head = "\(label): \(e.text)"
        let relation = record?.spec.relation ?? .equal
        switch e.status {
        case .inactive:
            return ["\(head) is inactive: it takes no part in the layout (activate \(e.id) brings it back)"]
        case .holds(let tight):
            let comparison = "\(formatValue(e.got)) \(relation.rawValue) \(formatValue(e.wanted))"
            if relation == .equal { return ["\(head) holds (\(comparison))"] }
            return ["\(head) holds \(tight ? "exactly, with no room to spare" : "with room to spare") (\(comparison))"]
        case .broken(let error, let terms, let holders):
            let amount = formatValue(error)
            let shortfall: String
            switch relation {
            case .greaterThanOrEqual: shortfall = "is \(amount) short"
            case .lessThanOrEqual: shortfall = "is \(amount) over"
            case .equal: shortfall = "is off by \(amount)"
            }
            var lines: [String]
            if holders.isEmpty {
                lines = ["\(head) \(shortfall) (wanted \(formatValue(e.wanted)), got \(formatValue(e.got)))"]
            } else if holders.count == 1, let holder = holders.first {
                lines = ["\(head) \(shortfall): held back by \(holder.id) \(constraintText(holder.id)) (\(priorityWords(holder.priority)))"]
            } else {
                let named = screenful(holders.lazy.map { "\($0.id) (\(priorityWords($0.priority)))" })
                lines = ["\(head) \(shortfall): held back by \(named)"]
            }
            // Its own constant first: what it wants, then what the others take away.
            let ownFirst = terms.filter { $0.id == e.id } + holders
            let sum = arithmetic(ownFirst)
            if sum != amount { lines.append("  \(amount) = \(sum)" + fromWords(terms.map(\.id))) }
            if holders.count > 1 { lines += constraintLines(holders.map(\.id)) }
            return lines
        case .conflict(let conflict):
            var lines = ["\(head) is required but broken to resolve a conflict; it holds again as soon as the others allow it"]
            guard let conflict else { return lines }
            lines.append("  these cannot all hold: \(conflict.members.joined(separator: ", "))")
            if !autoresizingViews(among: conflict.members).isEmpty { lines.append("  " + autoresizingConflictNote) }
            lines += constraintLines(conflict.members, origins: origins)
            lines.append("  why: " + conflictSentence(conflict))
            if let fix = conflictFix(conflict, origins: origins) { lines.append("  fix: " + fix) }
            return lines
        }
    }

    // MARK: - Conflicts in words

    /// What the member's own terms are, without its constant (`a.width`, `b.leading - a.trailing`;
    /// an implicit constraint's id is its one term).
    package func termsText(_ id: String) -> String {
        guard let spec = constraint(id)?.spec else { return id }
        var text = "\(spec.firstItem).\(spec.firstAttribute.rawValue)"
        if let item = spec.secondItem, let attribute = spec.secondAttribute {
            let multiplier = spec.multiplier
            text += multiplier < 0 ? " + " : " - "
            if abs(multiplier) != 1 { text += "\(formatNumber(abs(multiplier))) * " }
            text += "\(item).\(attribute.rawValue)"
        }
        return text
    }

    /// The member's relation and constant as it states them (the window: `== its size`; a
    /// size floor: `>= 0`).
    package func statedBound(_ id: String) -> (relation: LayoutRelation, value: Double) {
        if let spec = constraint(id)?.spec { return (spec.relation, spec.constant) }
        let implicit = implicitConstraint(id)!
        return (implicit.relation, implicit.constant)
    }

    package func boundWords(_ relation: LayoutRelation, _ value: Double) -> String {
        switch relation {
        case .equal: formatValue(value)
        case .greaterThanOrEqual: "at least \(formatValue(value))"
        case .lessThanOrEqual: "at most \(formatValue(value))"
        }
    }

    /// One sentence from the certificate: two members that state the same quantity differently
    /// (`c1 says a.width is 50 and c2 says 80; both are required`), or what the others together
    /// give the broken member's terms against what it wants.
    package func conflictSentence(_ c: ConflictExplanation) -> String {
        let required = c.members.count == 2 ? "both are required" : "all are required"
        // A member whose weight is zero proves nothing here: leave it out of the sum.
        let others = c.terms.filter { $0.id != c.target && abs($0.multiplier) > Tolerance.provesNothing }
        if c.members.count == 2, let other = others.first, termsText(other.id) == termsText(c.target) {
            let quantity = termsText(c.target)
            let first = c.members[0], second = c.members[1]
            let a = statedBound(first), b = statedBound(second)
            let speaker = { (id: String) in
                switch self.implicitConstraint(id)?.kind {
                case .windowSize: "the window"
                case .nonNegativeSize: "Auto Layout"
                case nil: id
                }
            }
            let firstSays = a.relation == .equal ? "is \(formatValue(a.value))" : "is \(boundWords(a.relation, a.value))"
            return "\(speaker(first)) says \(quantity) \(firstSays) and \(speaker(second)) says \(boundWords(b.relation, b.value)); \(required)"
        }
        let target = c.terms.first { $0.id == c.target }!
        // Weights only where they differ: scaling the whole combination changes nothing it proves.
        let weights = others.map { abs($0.multiplier / target.multiplier) }
        let uniform = weights.allSatisfy { Tolerance.nearlyEqual($0, weights[0]) }
        let names = zip(others, weights).map { term, weight in
            uniform || Tolerance.nearlyEqual(weight, 1) ? term.id : "\(weight < Tolerance.displayStep ? formatNumber(weight) : formatExact(weight)) * \(term.id)"
        }
        let quantity = termsText(c.target)
        let wanted = statedBound(c.target)
        let wants = boundWords(wanted.relation, wanted.value)
        if names.isEmpty {
            // `root.top - root.top == 20`: its own terms cancel, so it contradicts itself.
            return "\(quantity) is always \(formatValue(c.impliedValue)), but \(c.target) wants \(wants)"
        }
        return "\(names.joined(separator: " + ")) \(names.count == 1 ? "gives" : "give") \(quantity) \(c.impliedRelation.rawValue) \(formatValue(c.impliedValue)), "
            + "but \(c.target) wants \(wants); \(required)"
    }

    /// The cheapest member to make optional, with the lines to type (UIKit cannot move a
    /// priority between required and optional in place).
    package func conflictFix(_ c: ConflictExplanation, origins: ImportedOrigins = .none) -> String? {
        if let fix = origins.fix(c.members) ?? autoresizingFix(autoresizingViews(among: c.members)) ?? negativeSizeFix(c.members) {
            return fix
        }
        if c.members == [c.target] {
            // No priority helps a constraint that contradicts itself.
            return "\(c.target) can never hold, as \(termsText(c.target)) is always \(formatValue(c.impliedValue)): remove \(c.target) or change one of its sides"
        }
        guard let cheapest = c.cheapest, let record = constraint(cheapest.id) else { return nil }
        var spec = record.spec
        spec.priority = LayoutPriority(999)
        let line = (record.name.map { "\($0): " } ?? "") + spec.canonicalText
        return "make \(cheapest.id) optional (it would be \(formatValue(cheapest.error)) off): remove \(cheapest.id), then \(line)"
    }
}

/// What an import knows of a conflict's members that the model does not (the shell reads it
/// from the `origin` lines): the words after a member (`autoresizing mask h=--& v=--&`,
/// SnapKit's `@File.swift#88`) and a fix of its own (the flag the app forgot).
package struct ImportedOrigins {
    package var mark: (String) -> String?
    package var fix: ([String]) -> String?
    package init(mark: @escaping (String) -> String?, fix: @escaping ([String]) -> String?) {
        self.mark = mark
        self.fix = fix
    }
    package static var none: ImportedOrigins { ImportedOrigins(mark: { _ in nil }, fix: { _ in nil }) }
}

extension LayoutModel {
    /// A member's text in a conflict's list, with what the import says made it.
    package func memberText(_ id: String, origins: ImportedOrigins) -> String {
        let text = constraintText(id)
        return origins.mark(id).map { text + "   (" + $0 + ")" } ?? text
    }

    /// A member that asks a size to be negative is wrong in itself: making it optional would
    /// hide the mistake.
    func negativeSizeFix(_ ids: [String]) -> String? {
        for id in ids {
            guard let spec = constraint(id)?.spec, spec.secondItem == nil, spec.firstAttribute.isSize,
                  spec.constant < 0, spec.relation != .greaterThanOrEqual else { continue }
            return "no size can be negative: the constant \(formatValue(spec.constant)) of \(id) (\(spec.firstItem).\(spec.firstAttribute.rawValue)) is wrong"
        }
        return nil
    }
}
