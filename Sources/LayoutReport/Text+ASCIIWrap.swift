/// `wrap` for a line of ASCII bytes: the same breaks, found on the bytes instead of the
/// characters (a character of an ASCII line is one byte, but reading it as a `Character`
/// costs a grapheme-break check per byte: most of a listing of 1 000 views went there).

private let space = UInt8(ascii: " ")

/// Appends the pieces `wrap` makes of `line` (longer than `width` bytes) to `out`, a line feed
/// between them, and answers true; or answers false and appends nothing when the line is not
/// plain ASCII (a byte past 0x7F, or a carriage return, which with a line feed is one
/// character): `wrap` then reads it by characters.
/// - Complexity: O(the line's bytes).
func wrapASCII(_ line: UnsafeBufferPointer<UInt8>, width: Int, into out: inout [UInt8]) -> Bool {
    let count = line.count
    var hasEscape = false
    for byte in line {
        if byte >= 0x80 || byte == UInt8(ascii: "\r") { return false }
        if byte == 0x1B { hasEscape = true }
    }
    func append(_ range: Range<Int>) { out.append(contentsOf: UnsafeBufferPointer(rebasing: line[range])) }
    var indent = 0
    while indent < count, line[indent] == space { indent += 1 }
    var continuation = indent + 4
    var breaksFrom = 0
    if indent > 0 {
        // A table row: the first two-space gap after the indentation ends its first column.
        var gap = indent
        while gap + 1 < count, !(line[gap] == space && line[gap + 1] == space) { gap += 1 }
        if gap + 1 < count {
            var start = gap
            while start < count, line[start] == space { start += 1 }
            // Only words wrap: a single space between two visible characters.
            var hasWords = false
            var index = start + 1
            while index + 1 < count {
                if line[index] == space, line[index - 1] != space, line[index + 1] != space { hasWords = true; break }
                index += 1
            }
            guard hasWords else { append(0..<count); return true }
            if width - start >= 20 { continuation = start }
            breaksFrom = start
        }
    }
    if line[count - 1] == UInt8(ascii: "^") {
        append(0..<count)
        return true
    }
    var rest = 0
    var first = true
    while true {
        let limit = width - (first ? 0 : continuation)
        let after = first ? breaksFrom : 0
        let found = hasEscape ? lastBreak(in: line, from: rest, within: limit, after: after)
            : lastPlainBreak(in: line, from: rest, within: limit, after: after)
        guard let breakAt = found else { break }
        var end = breakAt
        while end > rest, line[end - 1] == space { end -= 1 }
        if !first { out.append(contentsOf: repeatElement(space, count: continuation)) }
        append(rest..<end)
        out.append(UInt8(ascii: "\n"))
        rest = breakAt + 1
        while rest < count, line[rest] == space { rest += 1 }
        first = false
    }
    if !first { out.append(contentsOf: repeatElement(space, count: continuation)) }
    append(rest..<count)
    return true
}

/// `lastBreak` on bytes: the last space of `line[from...]` that keeps the part before it within
/// `width` columns (after some visible text and past column `start`), or nil when the rest fits
/// or no space does. ANSI colour sequences (ESC [ … m) take no columns.
private func lastBreak(in line: UnsafeBufferPointer<UInt8>, from: Int, within width: Int, after start: Int) -> Int? {
    var column = 0
    var lastSpace: Int? = nil
    var sawText = false
    var inEscape = false
    for index in from..<line.count {
        let byte = line[index]
        if inEscape {
            if byte == UInt8(ascii: "m") { inEscape = false }
        } else if byte == 0x1B {
            inEscape = true
        } else {
            column += 1
            if column > width { return lastSpace }
            if byte == space {
                if sawText && column > start { lastSpace = index }
            } else {
                sawText = true
            }
        }
    }
    return nil
}

/// `lastBreak` for a line without colour codes, where every byte is a column: the space is
/// looked for backwards from the width, so a line costs about its breaks, not its bytes.
private func lastPlainBreak(in line: UnsafeBufferPointer<UInt8>, from: Int, within width: Int, after start: Int) -> Int? {
    // The part fits: no break (the forward scan runs off the end without passing the width).
    guard from + width < line.count else { return nil }
    // A break needs visible text before it: the first byte that is not a space.
    var text = from
    while text < from + width, line[text] == space { text += 1 }
    var index = from + width - 1
    // Column of index is index - from + 1; it must be past `start`, after the text.
    while index > text, index - from + 1 > start {
        if line[index] == space { return index }
        index -= 1
    }
    return nil
}
