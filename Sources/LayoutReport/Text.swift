import LayoutVocabulary

/// Small text helpers every part of the shell uses: words with their columns, blanks,
/// trimming, padding and wrapping. One of each, so that "blank" means the same everywhere.

/// A whitespace-separated word with its 1-based column.
package struct Word {
    package var text: String
    package var column: Int

    package init(text: String, column: Int) {
        self.text = text
        self.column = column
    }
}

/// The words of a line (the first `limit` of them), split at spaces and tabs, each with the
/// column (in Unicode scalars) where it starts.
/// - Complexity: one pass over the line's bytes up to the last word; a word's text is copied once.
package func splitWords(_ line: String, limit: Int = .max) -> [Word] {
    // Plain ASCII words (nearly every line) are cut from the contiguous bytes; a word with any
    // other byte goes the way below, whose slices of the string round to whole characters.
    let plain = line.utf8.withContiguousStorageIfAvailable { bytes -> [Word]? in
        var words: [Word] = []
        var index = 0
        while index < bytes.count, words.count < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
                guard bytes[index] < 0x80 else { return nil }
                index += 1
            }
            // Every byte so far is ASCII: the column is the byte's place.
            words.append(Word(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), column: start + 1))
        }
        return words
    }
    if let plain, let words = plain { return words }
    var words: [Word] = []
    let bytes = line.utf8
    var index = bytes.startIndex
    var column = 0
    // Spaces and tabs are single bytes, and no byte of a longer UTF-8 sequence is one, so the
    // words can be cut on the bytes; a column counts every byte that starts a scalar.
    while index != bytes.endIndex, words.count < limit {
        let byte = bytes[index]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
            column += 1
            index = bytes.index(after: index)
            continue
        }
        let start = index
        let startColumn = column + 1
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index = bytes.index(after: index)
        }
        words.append(Word(text: String(line[start..<index]), column: startColumn))
    }
    return words
}

/// The words of a line whose arguments may be file names, split as a Unix shell splits them:
/// a backslash keeps the next character (`My\ App/Main.storyboard`), and quotes (`"My
/// App/Main.storyboard"`, `'…'`) keep spaces; the marks themselves are not part of the word.
/// Each word's column is where it starts (its first mark), in Unicode scalars as `splitWords`
/// counts. An unclosed quote's column is given back with the words, the rest of the line in
/// its word.
/// - Complexity: one pass over the line's scalars.
package func splitQuotedWords(_ line: String) -> (words: [Word], openQuoteColumn: Int?) {
    var words: [Word] = []
    var text = ""
    var start: Int?
    var quote: (mark: Unicode.Scalar, column: Int)?
    var escaped = false
    for (offset, character) in line.unicodeScalars.enumerated() {
        let column = offset + 1
        if escaped {
            text.unicodeScalars.append(character)
            escaped = false
        } else if let open = quote {
            if character == open.mark { quote = nil } else if character == "\\" && open.mark == "\"" { escaped = true } else { text.unicodeScalars.append(character) }
        } else if character == " " || character == "\t" {
            if let begun = start { words.append(Word(text: text, column: begun)) }
            text = ""
            start = nil
            continue
        } else if character == "\"" || character == "'" {
            quote = (character, column)
        } else if character == "\\" {
            escaped = true
        } else {
            text.unicodeScalars.append(character)
        }
        if start == nil { start = column }
    }
    if let begun = start { words.append(Word(text: escaped ? text + "\\" : text, column: begun)) }
    return (words, quote?.column)
}

/// A file name written so that `splitQuotedWords` reads it back whole: spaces, quotes and
/// backslashes escaped with a backslash (what completion inserts).
package func escapedFileName(_ name: String) -> String {
    var out = ""
    for character in name {
        if character == " " || character == "\t" || character == "\"" || character == "'" || character == "\\" { out.append("\\") }
        out.append(character)
    }
    return out
}

extension StringProtocol {
    /// Nothing but spaces and tabs (or nothing at all).
    package var isBlank: Bool { utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }

    /// Without trailing spaces, and only spaces: what a terminal shows of a report line or a
    /// picture row (a tab is output a transcript must keep, so it is compared as written).
    package var trimmingTrailingSpaces: String { String(trimmingTrailing { $0 == " " }) }
}

extension String {
    /// `StringProtocol.isBlank` for a string, over its contiguous bytes: the generic version,
    /// not specialized across modules, cost a thousand instructions for every line run.
    package var isBlank: Bool {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isSpace) } ?? utf8.allSatisfy(isSpace)
    }

    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: String { String(trimming()) }

    /// Padded with spaces to `width` columns (never cut).
    package func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// Joins lines, wrapping any wider than `width` columns at spaces (continuations indented 4
/// more than the line). A table row (indented, with a two-space gap between columns) wraps
/// only when a cell after its first holds words (`constraints`' text and state), at a space
/// within them, its continuation under the second column when that leaves room; rows of
/// numbers and carets are never wrapped: a row stays one row. Colour codes take no columns.
///
/// - Complexity: one pass over each line's bytes when it is ASCII (nearly every report line:
///   a listing of thousands of views), over its characters otherwise.
package func wrap(_ lines: [String], width: Int) -> String {
    guard width >= 20 else { return lines.joined(separator: "\n") }
    // Bytes out, one string at the end: a listing of thousands of lines makes no string per
    // piece and no second copy to join them.
    var out: [UInt8] = []
    out.reserveCapacity(lines.reduce(lines.count) { $0 + $1.utf8.count + 8 })
    for (index, line) in lines.enumerated() {
        if index > 0 { out.append(UInt8(ascii: "\n")) }
        // Never more characters than UTF-8 bytes: a line this short stays as it is (below too),
        // and most lines of a long listing (`frames` on 1 000 views) are, without the scan.
        if line.utf8.count <= width {
            out.append(contentsOf: line.utf8)
            continue
        }
        if line.utf8.withContiguousStorageIfAvailable({ wrapASCII($0, width: width, into: &out) }) == true { continue }
        for (piece, text) in wrapByCharacters(line, width: width).enumerated() {
            if piece > 0 { out.append(UInt8(ascii: "\n")) }
            out.append(contentsOf: text.utf8)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// `wrap` of one line longer than `width` bytes, read by characters (any line that is not
/// plain ASCII): its pieces.
private func wrapByCharacters(_ line: String, width: Int) -> [String] {
    var out: [String] = []
    let indent = String(line.prefix { $0 == " " })
    var continuation = indent + "    "
    var breaksFrom = 0
    let body = Array(line.dropFirst(indent.count))
    if !indent.isEmpty, let gap = (0..<max(0, body.count - 1)).first(where: { body[$0] == " " && body[$0 + 1] == " " }) {
        var start = gap
        while start < body.count && body[start] == " " { start += 1 }
        // Only words wrap: a single space between two visible characters.
        let hasWords = (start + 1..<max(start + 1, body.count - 1)).contains { i in
            body[i] == " " && body[i - 1] != " " && body[i + 1] != " "
        }
        guard line.count > width, hasWords else { return [line] }
        start += indent.count
        if width - start >= 20 { continuation = String(repeating: " ", count: start) }
        breaksFrom = start
    }
    if line.count <= width || line.hasSuffix("^") { return [line] }
    var rest = Substring(line)
    var first = true
    while true {
        let limit = width - (first ? 0 : continuation.count)
        guard let space = lastBreak(in: rest, within: limit, after: first ? breaksFrom : 0) else { break }
        out.append((first ? "" : continuation) + rest[..<space].trimmingTrailingSpaces)
        rest = rest[rest.index(after: space)...].drop { $0 == " " }
        first = false
    }
    out.append((first ? "" : continuation) + rest)
    return out
}

/// Where to break `text` so that its first part fits in `width` columns: the last space that
/// keeps it within them (after some visible text), or nil when it fits already or no space
/// does. Skips ANSI colour sequences (ESC [ … m), which take no columns.
private func lastBreak(in text: Substring, within width: Int, after start: Int = 0) -> Substring.Index? {
    var column = 0
    var lastSpace: Substring.Index? = nil
    var sawText = false
    // Spaces of the indentation are no place to break.
    var index = text.startIndex
    var inEscape = false
    while index < text.endIndex {
        let character = text[index]
        if inEscape {
            if character == "m" { inEscape = false }
        } else if character == "\u{1B}" {
            inEscape = true
        } else {
            column += 1
            if column > width { return lastSpace }
            if character == " " {
                if sawText && column > start { lastSpace = index }
            } else {
                sawText = true
            }
        }
        index = text.index(after: index)
    }
    return nil
}
