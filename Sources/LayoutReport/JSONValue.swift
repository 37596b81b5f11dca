import LayoutModel
import LayoutVocabulary

/// A JSON value as the reports build it: the schema of `--json` is one value a test can walk
/// (keys, types, nesting) instead of text assembled in several files. Objects keep their keys
/// in the order they were added, because the printed bytes are part of the contract (README,
/// "JSON"): the same report always prints the same line.
public enum JSONValue: Sendable, Equatable {
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

    /// The member called `key` of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object in print order (empty for other values).
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// `.string(text)`, or null when there is no text.
    package static func nullable(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An array of strings.
    package static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
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
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value): out += value.isFinite ? formatNumber(value) : "null"
        case .string(let text): writeString(text, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped; U+2028 and
    /// U+2029 too, since JavaScript readers of JSON Lines take them for line ends.
    private func writeString(_ text: String, to out: inout String) {
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
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
