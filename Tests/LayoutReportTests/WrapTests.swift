import Testing
@testable import LayoutReport
import TestSupport

/// `wrap` reads an ASCII line on its bytes and any other line by characters: the two ways
/// must break every line at the same places.
@Suite struct WrapTests {
    /// A line of words, gaps, colour codes and carets, as report lines, table rows and
    /// listings have them.
    static func line(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "banana", "ambiguous:", "v12", "(x, width):", "`explain v3.left`", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                      " ", "  ", "   ", "\u{1B}[31m", "\u{1B}[0m", "^", "c1", "@500", "=="]
        var text = String(repeating: " ", count: [0, 0, 2, 4][random.below(4)])
        for _ in 0..<random.below(40) { text += pieces[random.below(pieces.count)] }
        return text
    }

    @Test func asciiLinesBreakWhereCharactersDo() {
        var random = SplitMix64(seed: 27)  // the lines repeat run to run
        for _ in 0..<3000 {
            let lines = (0..<1 + random.below(3)).map { _ in Self.line(&random) }
            let width = 20 + random.below(70)
            // `é` is one character of two bytes: the line is no longer ASCII, read by characters.
            let accented = lines.map { $0.replacing("a", with: "é") }
            let byBytes = wrap(lines, width: width)
            let byCharacters = wrap(accented, width: width).replacing("é", with: "a")
            #expect(byBytes == byCharacters, "width \(width): \(lines)")
            if byBytes != byCharacters { return }
        }
    }

    /// A listing's long line breaks at its last space within the width, its continuation
    /// indented by four.
    @Test func longListingLineBreaksAtWords() {
        let line = "ambiguous: v1 (x, width): it moves on a large optimal face (over 64 constraints), too large"
        #expect(wrap([line], width: 40) == """
            ambiguous: v1 (x, width): it moves on a
                large optimal face (over 64
                constraints), too large
            """)
    }
}
