import Foundation
import LayoutVocabulary

extension LogItem {
    /// `|` in a VFL-like description whose legend does not say which view it is.
    public static let superviewBar = LogItem(className: "|", address: nil)
}

/// The VFL-like form a description takes for some constraints: `H:|-(20)-[A]`,
/// `V:[A]-(>=11@750)-[B]`, `H:[A]-(NSSpace(8))-|`, `H:[A(80)]`, with `(LTR)` when the
/// attributes are left/right rather than leading/trailing (auto-layout-facts §1.4, §2.3).
enum VisualArt {
    static func parse(_ body: Substring, legend: [String: LogItem], className: String, line: Int, text: String) throws(DescriptionError) -> LogConstraint {
        var cursor = Cursor(text: body, legend: legend)
        let vertical = body.hasPrefix("V:")
        cursor.advance(2)
        var leftToRight = false
        if body.hasSuffix("(LTR)") || body.hasSuffix("(RTL)") {
            leftToRight = true
            cursor.end = body.index(body.endIndex, offsetBy: -5)
        }
        let lead: LayoutAttribute = vertical ? .top : (leftToRight ? .left : .leading)
        let trail: LayoutAttribute = vertical ? .bottom : (leftToRight ? .right : .trailing)
        let size: LayoutAttribute = vertical ? .height : .width

        if cursor.take("|") {
            // |-(c)-[R]  →  R.lead REL super.lead + c
            let predicate = try cursor.connection()
            let right = try cursor.bracketedItem()
            try cursor.expectEnd()
            return predicate.constraint(first: right.item, firstAttribute: lead, second: .superviewBar, secondAttribute: lead, className: className, line: line, text: text)
        }
        let left = try cursor.bracketedItem()
        if let sizePredicate = left.size {
            try cursor.expectEnd()
            return sizePredicate.constraint(first: left.item, firstAttribute: size, second: nil, secondAttribute: nil, className: className, line: line, text: text)
        }
        let predicate = try cursor.connection()
        if cursor.take("|") {
            // [L]-(c)-|  →  super.trail REL L.trail + c
            try cursor.expectEnd()
            return predicate.constraint(first: .superviewBar, firstAttribute: trail, second: left.item, secondAttribute: trail, className: className, line: line, text: text)
        }
        let right = try cursor.bracketedItem()
        try cursor.expectEnd()
        // [L]-(c)-[R]  →  R.lead REL L.trail + c
        return predicate.constraint(first: right.item, firstAttribute: lead, second: left.item, secondAttribute: trail, className: className, line: line, text: text)
    }

    /// `(>=8@750)`, `(NSSpace(8))`, `(-20)`: relation, constant and priority.
    struct Predicate {
        var relation: LayoutRelation = .equal
        var constant: Double = 0
        var symbolicSpace: SymbolicSpace?
        var priority: Double = 1000

        func constraint(first: LogItem, firstAttribute: LayoutAttribute, second: LogItem?, secondAttribute: LayoutAttribute?, className: String, line: Int, text: String) -> LogConstraint {
            var constraint = LogConstraint(className: className, first: first, firstAttribute: .layout(firstAttribute), relation: relation, line: line, text: text)
            constraint.second = second
            constraint.secondAttribute = secondAttribute.map { .layout($0) }
            constraint.constant = constant
            constraint.symbolicSpace = symbolicSpace
            constraint.priority = priority
            return constraint
        }
    }

    struct Cursor {
        var text: Substring
        var legend: [String: LogItem]
        var position: Substring.Index
        var end: Substring.Index

        init(text: Substring, legend: [String: LogItem]) {
            self.text = text
            self.legend = legend
            position = text.startIndex
            end = text.endIndex
        }

        var rest: Substring { text[position..<end] }

        mutating func advance(_ count: Int) { position = text.index(position, offsetBy: count, limitedBy: end) ?? end }

        mutating func take(_ literal: String) -> Bool {
            guard rest.hasPrefix(literal) else { return false }
            advance(literal.count)
            return true
        }

        func expectEnd() throws(DescriptionError) {
            guard rest.trimmed.isEmpty else { throw DescriptionError("unexpected '\(rest.prefix(30))' at the end of the VFL form") }
        }

        /// `-(pred)-`, `-8-`, or nothing (flush).
        mutating func connection() throws(DescriptionError) -> Predicate {
            guard take("-") else { return Predicate() }
            let predicate: Predicate
            if take("(") {
                guard let close = matchingClose(rest) else { throw DescriptionError("a '(' in the VFL form is not closed") }
                predicate = try Self.predicate(rest[..<close])
                position = text.index(after: close)
            } else {
                guard let dash = rest.firstIndex(of: "-") else { throw DescriptionError("expected '-' after the spacing") }
                predicate = try Self.predicate(rest[..<dash])
                position = dash
            }
            guard take("-") else { throw DescriptionError("expected '-' after the spacing") }
            return predicate
        }

        /// `[ITEM]` or `[ITEM(size)]`.
        mutating func bracketedItem() throws(DescriptionError) -> (item: LogItem, size: Predicate?) {
            guard take("[") else { throw DescriptionError("expected '[' or '|' in the VFL form, found '\(rest.prefix(20))'") }
            let item = try itemText()
            var size: Predicate?
            if take("(") {
                guard let close = matchingClose(rest) else { throw DescriptionError("a size predicate is not closed") }
                size = try Self.predicate(rest[..<close])
                position = text.index(after: close)
            }
            guard take("]") else { throw DescriptionError("expected ']' after \(item.logText)") }
            return (item, size)
        }

        /// The item inside brackets: a legend name, `Class:0xADDR['title']`, or a bare name.
        mutating func itemText() throws(DescriptionError) -> LogItem {
            let remaining = rest
            for name in legend.keys.sorted(by: { $0.count > $1.count }) where remaining.hasPrefix(name) {
                let after = remaining.dropFirst(name.count)
                if after.hasPrefix("]") || after.hasPrefix("(") {
                    advance(name.count)
                    return legend[name]!
                }
            }
            if let colon = remaining.range(of: ":0x"), !remaining[..<colon.lowerBound].contains("]") {
                var scan = remaining.index(colon.lowerBound, offsetBy: 3)
                while scan < remaining.endIndex, remaining[scan].isHexDigit { scan = remaining.index(after: scan) }
                let className = String(remaining[..<colon.lowerBound])
                let address = String(remaining[remaining.index(after: colon.lowerBound)..<scan])
                var title: String?
                var stop = scan
                if scan < remaining.endIndex, remaining[scan] == "'" {
                    // The title ends at the first quote followed by ']' or '(' (titles may hold quotes).
                    var probe = remaining.index(after: scan)
                    var found: Substring.Index?
                    while probe < remaining.endIndex {
                        let next = remaining.index(after: probe)
                        if remaining[probe] == "'", next < remaining.endIndex, remaining[next] == "]" || remaining[next] == "(" {
                            found = probe
                            break
                        }
                        probe = next
                    }
                    guard let found else { throw DescriptionError("the title of \(className):\(address) is not closed") }
                    title = String(remaining[remaining.index(after: scan)..<found])
                    stop = remaining.index(after: found)
                }
                position = stop
                return LogItem(className: className, address: address, title: title)
            }
            guard let close = remaining.firstIndex(where: { $0 == "]" || $0 == "(" }) else { throw DescriptionError("a '[' in the VFL form is not closed") }
            let name = remaining[..<close]
            guard !name.isEmpty else { throw DescriptionError("an empty [] in the VFL form") }
            position = close
            return LogItem(className: String(name), address: nil, isDebugName: true)
        }

        func matchingClose(_ text: Substring) -> Substring.Index? {
            var depth = 0
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" {
                    if depth == 0 { return index }
                    depth -= 1
                }
                index = text.index(after: index)
            }
            return nil
        }

        static func predicate(_ text: Substring) throws(DescriptionError) -> Predicate {
            var predicate = Predicate()
            var body = Substring(text.trimmed)
            for relation in [LayoutRelation.greaterThanOrEqual, .lessThanOrEqual, .equal] where body.hasPrefix(relation.rawValue) {
                predicate.relation = relation
                body = body.dropFirst(2)
                break
            }
            if let at = body.lastIndex(of: "@") {
                guard let value = ConstraintDescription.number(body[body.index(after: at)...]), LayoutPriority.isValid(value) else {
                    throw DescriptionError("the priority after @ is not a number in (0, 1000]")
                }
                predicate.priority = value
                body = body[..<at]
            }
            if let (space, remaining) = ConstraintDescription.symbolicSuffix(body), remaining.isEmpty {
                predicate.symbolicSpace = space
                predicate.constant = space.value
            } else if let value = ConstraintDescription.number(body) {
                predicate.constant = value
            } else {
                throw DescriptionError("expected a number in the VFL form, found '\(body.prefix(30))'")
            }
            return predicate
        }
    }
}
