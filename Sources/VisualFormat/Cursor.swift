/// A read position in an ASCII format string, with the two token scanners Apple's parser uses.
///
/// Apple's `NSLayoutConstraintParser` walks a C string one byte at a time and reports errors at
/// the byte it stopped on, so this cursor is byte-based too: once the format is known to be
/// ASCII, a byte index is also the column a caret must point at.
struct Cursor {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    /// The current byte, or nil at the end; most grammar decisions are a single look-ahead.
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    func peek(is character: Character) -> Bool { peek == character.asciiValue }

    mutating func advance(by count: Int = 1) { index += count }

    /// Consumes `character` if it is next; the grammar's optional punctuation.
    mutating func skip(_ character: Character) -> Bool {
        guard peek(is: character) else { return false }
        index += 1
        return true
    }

    /// Scans a C identifier (`[A-Za-z_][A-Za-z0-9_]*`) and returns it, or "" without moving when
    /// no identifier starts here. Stopping at the first other byte is why `[self.view]` looks up
    /// `self`, as it does in UIKit.
    mutating func scanName() -> String {
        guard let first = peek, first.isNameStart else { return "" }
        let start = index
        index += 1
        while let byte = peek, byte.isNameStart || byte.isDigit { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Scans the longest prefix `strtod_l` would accept here, in the C locale, and returns its
    /// text, or nil without moving when there is none (Apple only calls strtod after seeing `-` or
    /// a digit, so `.5` never gets here, but `-.5`, `1e3`, `0x10` and `-inf` do).
    mutating func scanNumber() -> String? {
        let length = NumberScanner(bytes: bytes, start: index).length()
        guard length > 0 else { return nil }
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        index += length
        return text
    }
}

/// The C-locale `strtod` grammar: sign, then `inf`/`infinity`/`nan[(chars)]`, a hexadecimal
/// float, or a decimal float. Kept separate so the cursor stays readable.
private struct NumberScanner {
    let bytes: [UInt8]
    let start: Int

    func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func length() -> Int {
        var position = start
        if let sign = byte(position), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { position += 1 }
        if let word = specialWordLength(at: position) { return position + word - start }
        if let hex = hexLength(at: position) { return position + hex - start }
        if let decimal = decimalLength(at: position) { return position + decimal - start }
        return 0
    }

    private func matchesWord(_ word: String, at position: Int) -> Bool {
        for (offset, expected) in word.utf8.enumerated() {
            guard let actual = byte(position + offset), actual | 0x20 == expected else { return false }
        }
        return true
    }

    private func specialWordLength(at position: Int) -> Int? {
        if matchesWord("infinity", at: position) { return 8 }
        if matchesWord("inf", at: position) { return 3 }
        guard matchesWord("nan", at: position) else { return nil }
        // strtod also swallows an optional "(n-char-sequence)" after nan.
        var end = position + 3
        if byte(end) == UInt8(ascii: "(") {
            var probe = end + 1
            while let b = byte(probe), b.isNameStart || b.isDigit { probe += 1 }
            if byte(probe) == UInt8(ascii: ")") { end = probe + 1 }
        }
        return end - position
    }

    private func digitsLength(at position: Int, hex: Bool) -> Int {
        var end = position
        while let b = byte(end), hex ? b.isHexDigit : b.isDigit { end += 1 }
        return end - position
    }

    /// Mantissa digits with an optional point, then an exponent only if it is complete
    /// (`1e` is the number 1 followed by the letter e, exactly as strtod sees it).
    private func mantissaAndExponent(at position: Int, hex: Bool) -> Int? {
        var end = position
        let whole = digitsLength(at: end, hex: hex)
        end += whole
        var fraction = 0
        if byte(end) == UInt8(ascii: ".") {
            fraction = digitsLength(at: end + 1, hex: hex)
            if whole > 0 || fraction > 0 { end += 1 + fraction }
        }
        guard whole + fraction > 0 else { return nil }
        if let marker = byte(end), (marker | 0x20) == (hex ? UInt8(ascii: "p") : UInt8(ascii: "e")) {
            var exponent = end + 1
            if let sign = byte(exponent), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { exponent += 1 }
            let digits = digitsLength(at: exponent, hex: false)
            if digits > 0 { end = exponent + digits }
        }
        return end - position
    }

    private func hexLength(at position: Int) -> Int? {
        guard byte(position) == UInt8(ascii: "0"), let x = byte(position + 1), x | 0x20 == UInt8(ascii: "x"),
              let body = mantissaAndExponent(at: position + 2, hex: true) else { return nil }
        return body + 2
    }

    private func decimalLength(at position: Int) -> Int? { mantissaAndExponent(at: position, hex: false) }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isHexDigit: Bool { isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f")) }
    var isNameStart: Bool {
        self == UInt8(ascii: "_") || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
    }
}
