import Testing
import LayoutVocabulary
@testable import VisualFormat

@Test(arguments: VisualFormatOptions.names)
func everyOptionNameParses(_ entry: (name: String, value: VisualFormatOptions)) throws {
    #expect(try VisualFormatOptions.parse(entry.name) == entry.value)
    #expect(try VisualFormatOptions.parse(entry.name.uppercased()) == entry.value)
}

@Test func optionsHaveApplesBitValues() {
    #expect(VisualFormatOptions.alignAllLeft.rawValue == 2)
    #expect(VisualFormatOptions.alignAllRight.rawValue == 4)
    #expect(VisualFormatOptions.alignAllTop.rawValue == 8)
    #expect(VisualFormatOptions.alignAllBottom.rawValue == 16)
    #expect(VisualFormatOptions.alignAllLeading.rawValue == 32)
    #expect(VisualFormatOptions.alignAllTrailing.rawValue == 64)
    #expect(VisualFormatOptions.alignAllCenterX.rawValue == 512)
    #expect(VisualFormatOptions.alignAllCenterY.rawValue == 1024)
    #expect(VisualFormatOptions.alignAllLastBaseline.rawValue == 2048)
    #expect(VisualFormatOptions.alignAllBaseline == .alignAllLastBaseline)
    #expect(VisualFormatOptions.alignAllFirstBaseline.rawValue == 4096)
    #expect(VisualFormatOptions.directionLeadingToTrailing.rawValue == 0)
    #expect(VisualFormatOptions.directionLeftToRight.rawValue == 1 << 16)
    #expect(VisualFormatOptions.directionRightToLeft.rawValue == 2 << 16)
    #expect(VisualFormatOptions.spacingEdgeToEdge.rawValue == 0)
    #expect(VisualFormatOptions.spacingBaselineToBaseline.rawValue == 1 << 19)
}

@Test func severalWordsCombine() throws {
    let options = try VisualFormatOptions.parse("  alignAllTop alignAllBottom\tdirectionRightToLeft spacingBaselineToBaseline ")
    #expect(options == [.alignAllTop, .alignAllBottom, .directionRightToLeft, .spacingBaselineToBaseline])
    #expect(options.alignmentAttributes == [.top, .bottom])
    #expect(try VisualFormatOptions.parse("") == [])
    #expect(try VisualFormatOptions.parse("directionLeftToRight directionLeftToRight") == .directionLeftToRight)
}

@Test func unknownWordsGetTheirColumn() {
    let cases: [(String, String, Int)] = [
        ("alignAllTpo", "alignAllTpo", 0),
        ("alignAllTop alignallcentrey", "alignallcentrey", 12),
        ("NSLayoutFormatAlignAllTop", "NSLayoutFormatAlignAllTop", 0),
        (".alignAllLeading", ".alignAllLeading", 0),
        ("directionRightToLef", "directionRightToLef", 0),
        ("banana", "banana", 0),
    ]
    for (text, word, index) in cases {
        do {
            _ = try VisualFormatOptions.parse(text)
            Issue.record("\(text) should fail")
        } catch {
            #expect(error.reason == .unknownOption(word))
            #expect(error.index == index)
            #expect(!error.spaceInFormat)
        }
    }
}

@Test func contradictoryDirectionsAndSpacingsAreRejected() {
    for text in ["directionLeftToRight directionRightToLeft", "spacingEdgeToEdge spacingBaselineToBaseline",
                 "directionLeadingToTrailing directionLeftToRight"] {
        do {
            _ = try VisualFormatOptions.parse(text)
            Issue.record("\(text) should fail")
        } catch {
            guard case .conflictingOptions = error.reason else {
                Issue.record("wrong reason \(error.reason)")
                continue
            }
            #expect(error.index > 0)
        }
    }
}
