import LayoutModel
import LayoutVocabulary

/// A JSON value as the reports build it: the schema of `--json` is one value a test can walk
/// (keys, types, nesting) instead of text assembled in several files. Objects keep their keys
/// in the order they were added, because the printed bytes are part of the contract (README,
/// "JSON"): the same report always prints the same line.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A count or a line number, printed as digits.
    case integer(Int)
    /// A measured or user-given number, printed in its shortest exact form (non-finite: null).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in print order; a key appears once.
    case object([JSONMember])
    /// An array made item by item as it is printed: a listing of a big layout (every
    /// constraint, every frame, a load's every added constraint) held as a tree took some 430
    /// bytes an item beside its printed bytes (22 MB for `constraints` at 10 000 views); made
    /// as printed, one item lives at a time. Reads see the array it makes (`plain`, `==`).
    case madeArray(JSONItems<JSONValue>)
    /// An object made member by member as it is printed, as `madeArray`.
    case madeObject(JSONItems<JSONMember>)

    /// The member called `key` of an object (nil for other values or a missing key).
    /// - Complexity: O(members); a made object makes them.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = plain else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object in print order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = plain else { return [] }
        return members.map(\.key)
    }

    /// The value with a made array or object made (its items as they are, one level deep):
    /// what a reader of the tree switches over.
    public var plain: JSONValue {
        switch self {
        case .madeArray(let items): .array(items.made)
        case .madeObject(let members): .object(members.made)
        default: self
        }
    }

    /// `.string(text)`, or null when there is no text.
    package static func nullable(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An array of strings.
    package static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
}

/// The items of a made array or object (`JSONValue.madeArray`): how many, and how to make
/// the one at an index.
public struct JSONItems<Item: Sendable>: Sendable {
    public let count: Int
    let make: @Sendable (Int) -> Item

    public init(count: Int, _ make: @escaping @Sendable (Int) -> Item) {
        self.count = count
        self.make = make
    }

    /// Every item, made.
    /// - Complexity: O(count) items made.
    public var made: [Item] { (0..<count).map(make) }
}

extension JSONValue: Equatable {
    /// Equal when they print the same structure: a made array equals the array it makes.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs.plain, rhs.plain) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// The value on one line, without spaces: exactly the bytes `--json` prints.
    /// - Complexity: O(size of the value).
    public var serialized: String {
        var out = JSONText(piece: .max, handOff: nil)
        write(to: &out)
        return out.text
    }

    /// `serialized`, handed to `handOff` in pieces of about `piece` bytes as it is made, the
    /// last piece returned: a report listing every constraint of a big layout is then never
    /// held whole beside what it is made from (10 MB at 10 000 views, in a string grown to 16).
    /// - Complexity: O(size of the value).
    public func serialized(inPiecesOf piece: Int, handOff: (String) -> Void) -> String {
        withoutActuallyEscaping(handOff) { handOff in
            var out = JSONText(piece: piece, handOff: handOff)
            write(to: &out)
            return out.text
        }
    }

    private func write(to out: inout JSONText) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value): out += value.isFinite ? formatNumber(value) : "null"
        case .string(let text): writeString(text, to: &out)
        case .array(let items): writeArray(items.count, to: &out) { items[$0] }
        case .madeArray(let items): writeArray(items.count, to: &out, items.make)
        case .object(let members): writeObject(members.count, to: &out) { members[$0] }
        case .madeObject(let members): writeObject(members.count, to: &out, members.make)
        }
    }

    private func writeArray(_ count: Int, to out: inout JSONText, _ item: (Int) -> JSONValue) {
        out += "["
        for index in 0..<count {
            if index > 0 { out += "," }
            item(index).write(to: &out)
            out.itemEnded()
        }
        out += "]"
    }

    private func writeObject(_ count: Int, to out: inout JSONText, _ member: (Int) -> JSONMember) {
        out += "{"
        for index in 0..<count {
            if index > 0 { out += "," }
            let member = member(index)
            writeString(member.key, to: &out)
            out += ":"
            member.value.write(to: &out)
            out.itemEnded()
        }
        out += "}"
    }

    /// A string literal: quotes, backslashes and control characters escaped; U+2028 and
    /// U+2029 too, since JavaScript readers of JSON Lines take them for line ends.
    private func writeString(_ text: String, to out: inout JSONText) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.text.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// The text `JSONValue.write` makes, and where it goes: kept whole, or handed on in pieces
/// between items once a piece is full.
private struct JSONText {
    var text = ""
    let piece: Int
    let handOff: ((String) -> Void)?

    static func += (out: inout JSONText, more: String) { out.text += more }

    /// An array's item or an object's member was written: the text so far goes on if it fills
    /// a piece (never inside a string or a number, so a piece is whole UTF-8).
    mutating func itemEnded() {
        guard let handOff, text.utf8.count >= piece else { return }
        handOff(text)
        text.removeAll(keepingCapacity: true)
    }
}
