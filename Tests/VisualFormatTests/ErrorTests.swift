import Testing
import LayoutVocabulary
@testable import VisualFormat

/// A format Apple rejects: the reason for Apple's message and the 0-based index of Apple's caret.
/// (Apple's words for each reason are the shell's: LayoutShellTests/VisualFormatWordsTests.)
struct Failure: Sendable, CustomTestStringConvertible {
    var format: String
    var options: VisualFormatOptions = []
    var reason: VisualFormatError.Reason
    var index: Int
    var testDescription: String { "\(format) → \(reason)" }
}

/// Views a, b, c live in root; `root` has no superview; metric m is 10.
let errorHierarchy = Hierarchy(["a", "b", "c"])

/// One row per error message of facts §1.2 (and a few extra positions for the common ones).
let failures: [Failure] = [
    Failure(format: "", reason: .emptyString, index: 0),
    Failure(format: "H:|-[a]-[é]", reason: .nonASCII("é"), index: 9),
    Failure(format: "H", reason: .expectedColonAfterH, index: 1),
    Failure(format: "H|[a]", reason: .expectedColonAfterH, index: 1),
    Failure(format: "V[a]", reason: .expectedColonAfterV, index: 1),
    Failure(format: "H:|", reason: .expectedConnectionAfterBar, index: 3),
    Failure(format: "[a]x", reason: .expectedViewOrBar, index: 3),
    Failure(format: "[a]-8-", reason: .expectedViewOrBar, index: 6),
    Failure(format: "H:|-[a] -[b]", reason: .expectedViewOrBar, index: 7),
    Failure(format: "|[a]|[b]", reason: .expectedEndOfFormat, index: 5),
    Failure(format: "H:|[root]", reason: .noSuperview, index: 9),
    Failure(format: "[root]-|", reason: .noSuperview, index: 8),
    Failure(format: "[a]-8[b]", reason: .expectedDash, index: 5),
    Failure(format: "[a]-(8)", reason: .expectedDash, index: 7),
    Failure(format: "[a]-8,9-[b]", reason: .expectedDashBeforeList, index: 5),
    Failure(format: "[a]--[b]", reason: .minusOrExtraBar, index: 4),
    Failure(format: "[a]-(8[b]", reason: .expectedCloseParenthesis, index: 6),
    Failure(format: "[a]-", reason: .expectedMoreInput, index: 4),
    Failure(format: "[a(50,", reason: .expectedMoreInput, index: 6),
    Failure(format: "[a(<50)]", reason: .unknownRelation, index: 4),
    Failure(format: "[a]-=8-[b]", reason: .unknownRelation, index: 5),
    Failure(format: "[a(50@0)]", reason: .priorityOutOfRange(0), index: 7),
    Failure(format: "[a]-(8@-5)-[b]", reason: .priorityOutOfRange(-5), index: 9),
    Failure(format: "[a(50@1001)]", reason: .priorityOutOfRange(1001), index: 10),
    Failure(format: "[a(50@1000.5)]", reason: .priorityOutOfRange(1000.5), index: 12),
    Failure(format: "[a(==b@c)]", reason: .priorityOutOfRange(0), index: 8),
    Failure(format: "[a]-b-[c]", reason: .spaceEqualToView, index: 5),
    Failure(format: "[a]-x-[b]", reason: .unknownMetric("x"), index: 5),
    Failure(format: "[a(width)]", reason: .unknownMetric("width"), index: 8),
    Failure(format: "[a(*)]", reason: .expectedNumberOrMetric, index: 3),
    Failure(format: "[a(.5)]", reason: .expectedNumberOrMetric, index: 3),
    Failure(format: "[a(50@", reason: .expectedNumberOrMetric, index: 6),
    Failure(format: "[a(-)]", reason: .expectedNumberOrAMetric, index: 3),
    Failure(format: "[]", reason: .expectedViewName, index: 1),
    Failure(format: "[1a]", reason: .expectedViewName, index: 1),
    Failure(format: "H:[self.arrows]-5-|", reason: .unknownView("self"), index: 7),
    Failure(format: "|-[a]-[zz]", reason: .unknownView("zz"), index: 9),
    Failure(format: "[a(", reason: .ranOutInsideView, index: 3),
    Failure(format: "[a(50]", reason: .thicknessPredicateNotClosed, index: 5),
    Failure(format: "[a(50)", reason: .expectedBracketAfterThickness, index: 6),
    Failure(format: "[a(50)-[b]", reason: .expectedBracketAfterThickness, index: 6),
    Failure(format: "[a", reason: .expectedBracketAtEndOfView, index: 2),
    Failure(format: "[a.b]", reason: .expectedBracketAtEndOfView, index: 2),
    Failure(format: "[", reason: .expectedView, index: 1),
    Failure(format: "H:-[a]", reason: .expectedView, index: 2),
    Failure(format: "h:[a]", reason: .expectedView, index: 0),
    // Observed: `Unable to parse constraint format: Expected a view H:|-10-| ^` (GUITabPagerViewController#41).
    Failure(format: "H:|-10-|", reason: .expectedView, index: 7),
    Failure(format: "[a][b]", options: .alignAllLeft, reason: .alignmentOnHorizontalEdgeInHorizontalLayout, index: 6),
    Failure(format: "H:[a]-[b(20)]", options: [.alignAllTop, .alignAllCenterX], reason: .alignmentOnHorizontalEdgeInHorizontalLayout, index: 13),
    Failure(format: "V:[a][b]", options: .alignAllBottom, reason: .alignmentOnVerticalEdgeInVerticalLayout, index: 8),
    Failure(format: "V:|[a]-[b]|", options: .alignAllCenterY, reason: .alignmentOnVerticalEdgeInVerticalLayout, index: 10),
    Failure(format: "[a]-[b]", options: .spacingBaselineToBaseline, reason: .baselineSpacingInHorizontalLayout, index: 7),
    Failure(format: "[a(1e999)]", reason: .nonFiniteNumber("1e999"), index: 8),
    Failure(format: "[a]-(-inf)-[b]", reason: .nonFiniteNumber("-inf"), index: 9),
]

@Test(arguments: failures)
func rejectsForApplesReasonAtApplesCaret(_ failure: Failure) {
    do {
        let specs = try VisualFormatParser.parse(failure.format, options: failure.options, metrics: ["m": 10],
                                                 views: errorHierarchy.lookup)
        Issue.record("expected an error, got \(specs.map(render))")
    } catch {
        #expect(error.reason == failure.reason)
        #expect(error.index == failure.index)
        #expect(error.column == failure.index + 1)
    }
}

/// A space inside a format is flagged (the words then blame the space), wherever the parser
/// stops on it; other mistakes are not.
@Test func aSpaceInTheFormatIsFlagged() throws {
    let cases: [(String, VisualFormatError.Reason, Bool)] = [
        ("[a]-8[b]", .expectedDash, false),
        ("|-[a]-[zz]", .unknownView("zz"), false),
        ("[a]-x-[b]", .unknownMetric("x"), false),
        ("H:|-[a] -[b]", .expectedViewOrBar, true),
        ("[a(", .ranOutInsideView, false),
        ("H:|-[a]—[b]", .nonASCII("—"), false),
    ]
    for (format, reason, space) in cases {
        do {
            _ = try VisualFormatParser.parse(format, views: errorHierarchy.lookup)
            Issue.record("\(format) should fail")
        } catch {
            #expect(error.reason == reason, "\(format)")
            #expect(error.spaceInFormat == space, "\(format)")
        }
    }
}

@Test func lineErrorsPointIntoTheWholeLine() {
    do {
        _ = try VisualFormatParser.parseLine("H:|[a]| alignAllTpo", views: errorHierarchy.lookup)
        Issue.record("should fail")
    } catch {
        #expect(error.reason == .unknownOption("alignAllTpo"))
        #expect(!error.spaceInFormat)
        #expect(error.column == 9)
    }
    do {
        _ = try VisualFormatParser.parseLine("H:|-[a] -[b]", views: errorHierarchy.lookup)
        Issue.record("should fail")
    } catch {
        #expect(error.reason == .unknownOption("-[b]"))
        #expect(error.spaceInFormat)
        #expect(error.index == 8)
    }
    do {
        _ = try VisualFormatParser.parseLine("V:[a][b] alignAllTop", views: errorHierarchy.lookup)
        Issue.record("should fail")
    } catch {
        #expect(error.reason == .alignmentOnVerticalEdgeInVerticalLayout)
        #expect(error.index == 8)
    }
}
