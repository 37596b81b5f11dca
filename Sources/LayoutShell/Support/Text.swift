/// Small text helpers every part of the shell uses: words with their columns, blanks,
/// trimming, padding and wrapping. One of each, so that "blank" means the same everywhere.

/// A whitespace-separated word with its 1-based column.
struct Word {
    var text: String
    var column: Int
}

func splitWords(_ line: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start = 0
    var column = 0
    for scalar in line.unicodeScalars {
        column += 1
        if scalar == " " || scalar == "\t" {
            if !current.isEmpty { words.append(Word(text: current, column: start)); current = "" }
        } else {
            if current.isEmpty { start = column }
            current.unicodeScalars.append(scalar)
        }
    }
    if !current.isEmpty { words.append(Word(text: current, column: start)) }
    return words
}

extension StringProtocol {
    /// Nothing but spaces and tabs (or nothing at all).
    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }

    /// Without trailing spaces.
    var trimmingTrailingSpaces: String {
        var s = self[...]
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }

    /// Padded with spaces to `width` columns (never cut).
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Joins lines, wrapping any longer than `width` at spaces (continuations indented by 4).
/// Indented lines (tables, listings) are never wrapped: a row stays one row.
func wrap(_ lines: [String], width: Int) -> String {
    guard width >= 20 else { return lines.joined(separator: "\n") }
    var out: [String] = []
    for line in lines {
        // Never wrap lines holding escape codes or carets (they are laid out on purpose).
        if line.count <= width || line.contains("\u{1B}") || line.hasSuffix("^") || line.hasPrefix(" ") {
            out.append(line)
            continue
        }
        var rest = Substring(line)
        var first = true
        while rest.count > width - (first ? 0 : 4) {
            let limit = width - (first ? 0 : 4)
            let head = rest.prefix(limit)
            guard let space = head.lastIndex(of: " "), space > head.startIndex, head[..<space].contains(where: { $0 != " " }) else { break }
            out.append((first ? "" : "    ") + rest[..<space])
            rest = rest[rest.index(after: space)...]
            first = false
        }
        out.append((first ? "" : "    ") + rest)
    }
    return out.joined(separator: "\n")
}
