import Foundation
import LayoutVocabulary

/// Why a constraint description could not be read.
public struct DescriptionError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Reads one constraint description, as `-[NSLayoutConstraint description]` prints it, in all
/// the forms UIKit and AppKit have used (auto-layout-facts §2.3): the equation
/// (`A.width == 0.5*B.width + 8`, the older `A.width == B.height * 0.384615`, a trailing
/// `NSSpace(8)`), the VFL-like art (`H:|-(20)-[A]`, `V:[A]-(>=11)-[B]`, `H:[A(80)]`, `(LTR)`),
/// identifiers, autoresizing masks, `priority:`, `(active, names: …)` and `(Names: …)`.
public enum ConstraintDescription {
    /// `text` is the description from `<` to `>` (both included).
    public static func parse(_ text: String, line: Int) throws(DescriptionError) -> LogConstraint {
        var body = Substring(text.trimmed)
        guard body.hasPrefix("<"), body.hasSuffix(">") else { throw DescriptionError("a constraint description starts with < and ends with >") }
        body = body.dropFirst().dropLast()
        // `<Class:0xADDR[@File.swift#12]`
        guard let space = body.firstIndex(of: " ") else { throw DescriptionError("the description has no equation") }
        let head = body[..<space]
        body = body[body.index(after: space)...]
        guard let colon = head.firstIndex(of: ":") else { throw DescriptionError("expected the constraint's class and address, as in NSLayoutConstraint:0x600…") }
        let className = String(head[..<colon])
        var address = String(head[head.index(after: colon)...])
        if let at = address.firstIndex(of: "@") { address = String(address[..<at]) }
        guard isAddress(address) else { throw DescriptionError("expected an address after \(className):") }

        // The tail: `   (active, names: …)`, `(Names: …)`, `(inactive)`.
        var legendText: Substring?
        var isActive: Bool?
        body = Substring(body.trimmingTrailingSpaces)
        if body.hasSuffix(")"), let open = tailOpen(body) {
            let inside = body[body.index(after: open)..<body.index(before: body.endIndex)]
            if inside.hasPrefix("active") || inside.hasPrefix("inactive") {
                isActive = inside.hasPrefix("active")
                if let names = inside.range(of: "names: ") { legendText = inside[names.upperBound...] }
                body = body[..<open]
            } else if inside.hasPrefix("Names: ") {
                legendText = inside.dropFirst("Names: ".count)
                body = body[..<open]
            }
        }
        body = Substring(body.trimmingTrailingSpaces)
        var legend: [String: LogItem] = [:]
        var superview: LogItem?
        if let legendText {
            for entry in legendEntries(legendText) {
                if entry.hasPrefix("'|':") {
                    superview = try item(entry.dropFirst(4), legend: [:])
                } else if let colon = entry.range(of: ":0x", options: .backwards) {
                    let name = String(entry[..<colon.lowerBound])
                    let addr = String(entry[entry.index(after: colon.lowerBound)...])
                    legend[name] = LogItem(className: name, address: addr, isDebugName: true)
                }
            }
        }
        // `h=--& v=--&`
        var mask: String?
        if body.hasPrefix("h="), body.count >= 11, body.dropFirst(5).hasPrefix(" v=") {
            mask = String(body.prefix(11))
            body = Substring(body.dropFirst(11).trimmingLeadingSpaces)
        }
        // `'identifier'`
        var identifier: String?
        if body.hasPrefix("'") {
            guard let end = body.dropFirst().range(of: "' ") else { throw DescriptionError("the identifier's closing quote is missing") }
            identifier = String(body[body.index(after: body.startIndex)..<end.lowerBound])
            body = Substring(body[end.upperBound...].trimmingLeadingSpaces)
        }
        // ` priority:750`
        var priority = 1000.0
        if let range = body.range(of: " priority:", options: .backwards) {
            guard let value = Double(body[range.upperBound...].trimmed), LayoutPriority.isValid(value) else {
                throw DescriptionError("the priority is not a number in (0, 1000]")
            }
            priority = value
            body = Substring(body[..<range.lowerBound].trimmingTrailingSpaces)
        }
        var constraint: LogConstraint
        if body.hasPrefix("H:") || body.hasPrefix("V:") {
            constraint = try VisualArt.parse(body, legend: legend, className: className, line: line, text: text)
        } else {
            constraint = try equation(body, legend: legend, className: className, line: line, text: text)
        }
        constraint.address = address
        constraint.identifier = identifier
        constraint.autoresizingMask = mask
        if constraint.priority == 1000 { constraint.priority = priority }
        constraint.superview = superview
        if let superview {
            if constraint.first == .superviewBar { constraint.first = superview }
            if constraint.second == .superviewBar { constraint.second = superview }
        }
        constraint.legend = legend
        constraint.isActive = isActive
        return constraint
    }

    /// `first.attr REL [-][m*]second.attr [* m] [+|- c] [NSSpace(8)]`, or `first.attr REL c`.
    static func equation(_ body: Substring, legend: [String: LogItem], className: String, line: Int, text: String) throws(DescriptionError) -> LogConstraint {
        guard let (relation, range) = relationRange(body) else { throw DescriptionError("expected ==, >= or <= between two sides") }
        let (first, firstAttribute) = try itemAttribute(body[..<range.lowerBound], legend: legend)
        var rest = Substring(body[range.upperBound...].trimmed)
        var constraint = LogConstraint(className: className, first: first, firstAttribute: firstAttribute, relation: relation, line: line, text: text)
        if let (space, remaining) = symbolicSuffix(rest) {
            constraint.symbolicSpace = space
            constraint.constant += space.value
            rest = remaining
        }
        if let value = number(rest) {
            constraint.constant += value
            return constraint
        }
        // A trailing `+ c` / `- c`.
        if let (value, remaining) = trailingConstant(rest) {
            constraint.constant += value
            rest = remaining
        }
        // The older style: `B.height * 0.384615`.
        if let star = rest.range(of: " * ", options: .backwards), let value = number(rest[star.upperBound...]) {
            constraint.multiplier = value
            rest = rest[..<star.lowerBound]
        } else if let star = rest.firstIndex(of: "*"), let value = number(rest[..<star]) {
            constraint.multiplier = value
            rest = Substring(rest[rest.index(after: star)...].trimmed)
        } else if rest.hasPrefix("-"), rest.count > 1, !(rest.dropFirst().first?.isNumber ?? false) {
            // `-B.width`: a multiplier of -1.
            constraint.multiplier = -1
            rest = Substring(rest.dropFirst().trimmed)
        }
        let (second, secondAttribute) = try itemAttribute(rest, legend: legend)
        constraint.second = second
        constraint.secondAttribute = secondAttribute
        return constraint
    }

    /// `ITEM.attr`: the attribute is after the last dot.
    static func itemAttribute(_ text: Substring, legend: [String: LogItem]) throws(DescriptionError) -> (LogItem, LogAttribute) {
        let text = Substring(text.trimmed)
        guard let dot = text.lastIndex(of: "."), let attribute = LogAttribute(text[text.index(after: dot)...]) else {
            throw DescriptionError("expected ITEM.attribute, found '\(text.prefix(60))'")
        }
        return (try item(text[..<dot], legend: legend), attribute)
    }

    /// `Class:0xADDR['title']`, or a name from the legend, or a bare name.
    static func item(_ text: Substring, legend: [String: LogItem]) throws(DescriptionError) -> LogItem {
        let text = Substring(text.trimmed)
        guard !text.isEmpty else { throw DescriptionError("an item is missing") }
        if let named = legend[String(text)] { return named }
        if let colon = text.range(of: ":0x") {
            let className = String(text[..<colon.lowerBound])
            var end = text.index(after: colon.lowerBound)
            var scan = text.index(end, offsetBy: 2)
            while scan < text.endIndex, text[scan].isHexDigit { scan = text.index(after: scan) }
            let address = String(text[end..<scan])
            end = scan
            var title: String?
            if end < text.endIndex {
                let rest = text[end...]
                guard rest.hasPrefix("'"), rest.hasSuffix("'"), rest.count >= 2 else {
                    throw DescriptionError("unexpected '\(rest.prefix(30))' after \(className):\(address)")
                }
                title = String(rest.dropFirst().dropLast())
            }
            guard !className.isEmpty, address.count > 2 else { throw DescriptionError("expected Class:0xADDRESS, found '\(text.prefix(60))'") }
            return LogItem(className: className, address: address, title: title)
        }
        // A name printed without an address (a debug name the legend lacks).
        return LogItem(className: String(text), address: nil, isDebugName: true)
    }

    static func relationRange(_ body: Substring) -> (LayoutRelation, Range<Substring.Index>)? {
        var best: (LayoutRelation, Range<Substring.Index>)?
        for relation in LayoutRelation.allCases {
            if let range = body.range(of: " \(relation.rawValue) "), best.map({ range.lowerBound < $0.1.lowerBound }) ?? true {
                best = (relation, range)
            }
        }
        return best
    }

    /// `NSSpace(8)` or `NSLayoutAnchorConstraintSpace(8)` at the end.
    static func symbolicSuffix(_ text: Substring) -> (SymbolicSpace, Substring)? {
        for (prefix, make) in [("NSLayoutAnchorConstraintSpace(", SymbolicSpace.anchorSystemSpacing), ("NSSpace(", SymbolicSpace.standard)] {
            guard text.hasSuffix(")"), let start = text.range(of: prefix, options: .backwards) else { continue }
            guard let value = number(text[start.upperBound..<text.index(before: text.endIndex)]) else { continue }
            return (make(value), Substring(text[..<start.lowerBound].trimmed))
        }
        return nil
    }

    /// ` + 8` or ` - 24.0` at the end (after an item).
    static func trailingConstant(_ text: Substring) -> (Double, Substring)? {
        for sign in [" + ", " - "] {
            guard let range = text.range(of: sign, options: .backwards), let value = number(text[range.upperBound...]) else { continue }
            return (sign == " - " ? -value : value, text[..<range.lowerBound])
        }
        return nil
    }

    /// A number as logs print it: `8`, `-7`, `2.22507e-308`, `- 16`, `+ 325`.
    static func number(_ text: Substring) -> Double? {
        var text = Substring(text.trimmed)
        var sign = 1.0
        if text.hasPrefix("- ") || text.hasPrefix("+ ") {
            sign = text.hasPrefix("-") ? -1 : 1
            text = text.dropFirst(2)
        }
        guard let first = text.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return sign * value
    }

    static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("0x") && text.count > 2 && text.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// The `(` that opens the final parenthesized group.
    static func tailOpen(_ body: Substring) -> Substring.Index? {
        for marker in ["(active", "(inactive", "(Names: "] {
            if let range = body.range(of: marker, options: .backwards) { return range.lowerBound }
        }
        return nil
    }

    /// The legend's entries: `name:0x…, '|':UIView:0x…` (a trailing space before `)`).
    static func legendEntries(_ text: Substring) -> [Substring] {
        text.split(separator: ",").map { Substring($0.trimmed) }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// Without blanks at either end, and without a log line's `\r` at the end: logs copied
    /// from a Windows machine or a web page end their lines in CRLF, and the `\r` must not
    /// reach a number or a name.
    var trimmed: String { String(trimmingLeading().trimmingTrailing { $0.isBlank || $0 == "\r" }) }

    var trimmingTrailingSpaces: String { String(trimmingTrailing()) }

    var trimmingLeadingSpaces: String { String(trimmingLeading()) }
}
