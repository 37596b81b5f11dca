import LayoutVocabulary
import Testing
@testable import ConsoleLog

/// The one definition of a blank (LayoutVocabulary) and the console log's use of it: what is
/// trimmed and, as much, what is kept.
@Suite struct BlankTests {
    @Test func blanksAreSpacesAndTabsOnly() {
        #expect(Character(" ").isBlank && Character("\t").isBlank)
        // A no-break space, a line end and a CRLF are characters of the text, not blanks.
        #expect(!Character("\u{00A0}").isBlank && !Character("\n").isBlank && !Character("\r\n").isBlank)
    }

    @Test func trimmingDropsBlanksAtTheEndsOnly() {
        #expect(" \ta b\t ".trimming() == "a b")
        #expect(" \ta ".trimmingLeading() == "a ")
        #expect(" a\t ".trimmingTrailing() == " a")
        #expect("\u{00A0}a\u{00A0}".trimming() == "\u{00A0}a\u{00A0}")
        #expect(" \t ".trimming().isEmpty)
        #expect("  a  ".trimming { $0 == " " } == "a")
        #expect("\ta".trimming { $0 == " " } == "\ta")
    }

    @Test func aLogLineLosesItsCarriageReturn() {
        // A CRLF log split on "\n" leaves "\r" at the end of each line.
        #expect("  \"<NSLayoutConstraint:0x1 a.width == 100>\",\r".trimmed == "\"<NSLayoutConstraint:0x1 a.width == 100>\",")
        #expect("\ta\r \t".trimmed == "a")
        #expect("\ra".trimmed == "\ra")
    }
}
