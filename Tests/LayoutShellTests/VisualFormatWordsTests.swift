import Testing
import VisualFormat
@testable import LayoutShell
@testable import LayoutReport

// Apple's words for every reason the VFL parser gives, and the plain hints after the cryptic
// ones. These checks lived in VisualFormatTests while the parser wrote its own messages.

/// A format Apple rejects: its exact message and the 0-based index of Apple's caret.
struct WordedFailure: Sendable, CustomTestStringConvertible {
    var format: String
    var options: VisualFormatOptions = []
    var message: String
    var index: Int
    var testDescription: String { "\(format) → \(message.prefix(40))" }
}

/// Views a, b, c live in root; `root` has no superview; metric m is 10.
func errorViews(_ name: String) -> VisualFormatParser.ViewInfo? {
    guard ["a", "b", "c", "root"].contains(name) else { return nil }
    return VisualFormatParser.ViewInfo(superview: name == "root" ? nil : "root")
}

let wordedFailures: [WordedFailure] = [
    WordedFailure(format: "", message: "It's an empty string.", index: 0),
    WordedFailure(format: "H:|-[a]-[é]", message: "It contains non-ASCII characters.", index: 9),
    WordedFailure(format: "H", message: "Expected ':' after 'H' to specify horizontal arrangement", index: 1),
    WordedFailure(format: "H|[a]", message: "Expected ':' after 'H' to specify horizontal arrangement", index: 1),
    WordedFailure(format: "V[a]", message: "Expected ':' after 'V' to specify vertical arrangement", index: 1),
    WordedFailure(format: "H:|", message: "Expected a connection after the '|' character", index: 3),
    WordedFailure(format: "[a]x", message: "Expected a view or '|'", index: 3),
    WordedFailure(format: "[a]-8-", message: "Expected a view or '|'", index: 6),
    WordedFailure(format: "H:|-[a] -[b]", message: "Expected a view or '|'", index: 7),
    WordedFailure(format: "|[a]|[b]", message: "Expected the end of the format string", index: 5),
    WordedFailure(format: "H:|[root]", message: "Unable to interpret '|' character, because the related view doesn't have a superview", index: 9),
    WordedFailure(format: "[root]-|", message: "Unable to interpret '|' character, because the related view doesn't have a superview", index: 8),
    WordedFailure(format: "[a]-8[b]", message: "Expected a '-' here", index: 5),
    WordedFailure(format: "[a]-(8)", message: "Expected a '-' here", index: 7),
    WordedFailure(format: "[a]-8,9-[b]", message: "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints", index: 5),
    WordedFailure(format: "[a]--[b]", message: "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", index: 4),
    WordedFailure(format: "[a]-(8[b]", message: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", index: 6),
    WordedFailure(format: "[a]-", message: "Expected more input", index: 4),
    WordedFailure(format: "[a(50,", message: "Expected more input", index: 6),
    WordedFailure(format: "[a(<50)]", message: "Unknown relation. Must be ==, >=, or <=", index: 4),
    WordedFailure(format: "[a]-=8-[b]", message: "Unknown relation. Must be ==, >=, or <=", index: 5),
    WordedFailure(format: "[a(50@0)]", message: "Invalid priority specified: 0. Priority must be greater than 0", index: 7),
    WordedFailure(format: "[a]-(8@-5)-[b]", message: "Invalid priority specified: -5. Priority must be greater than 0", index: 9),
    WordedFailure(format: "[a(50@1001)]", message: "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", index: 10),
    WordedFailure(format: "[a(50@1000.5)]", message: "Invalid priority specified: 1000.5. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", index: 12),
    WordedFailure(format: "[a(==b@c)]", message: "Invalid priority specified: 0. Priority must be greater than 0", index: 8),
    WordedFailure(format: "[a]-b-[c]", message: "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", index: 5),
    WordedFailure(format: "[a]-x-[b]", message: "Encountered metric with name \"x\", but value was not specified in metrics or views dictionaries", index: 5),
    WordedFailure(format: "[a(width)]", message: "Encountered metric with name \"width\", but value was not specified in metrics or views dictionaries", index: 8),
    WordedFailure(format: "[a(*)]", message: "Expected a number or key from the metrics dictionary, but encountered something else", index: 3),
    WordedFailure(format: "[a(.5)]", message: "Expected a number or key from the metrics dictionary, but encountered something else", index: 3),
    WordedFailure(format: "[a(50@", message: "Expected a number or key from the metrics dictionary, but encountered something else", index: 6),
    WordedFailure(format: "[a(-)]", message: "Expected a number or a key from the metrics dictionary, but encountered something else", index: 3),
    WordedFailure(format: "[]", message: "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", index: 1),
    WordedFailure(format: "[1a]", message: "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", index: 1),
    WordedFailure(format: "H:[self.arrows]-5-|", message: "self is not a key in the views dictionary.", index: 7),
    WordedFailure(format: "|-[a]-[zz]", message: "zz is not a key in the views dictionary.", index: 9),
    WordedFailure(format: "[a(", message: "Unexpectedly ran out of character fodder in the middle of parsing a view", index: 3),
    WordedFailure(format: "[a(50]", message: "A predicate on a view's thickness must end with ')' and the view must end with ']'", index: 5),
    WordedFailure(format: "[a(50)", message: "Expected ']' after specifying thickness.", index: 6),
    WordedFailure(format: "[a(50)-[b]", message: "Expected ']' after specifying thickness.", index: 6),
    WordedFailure(format: "[a", message: "Expected a ']' here. That is how you give the end of a view.", index: 2),
    WordedFailure(format: "[a.b]", message: "Expected a ']' here. That is how you give the end of a view.", index: 2),
    WordedFailure(format: "[", message: "Expected a view", index: 1),
    WordedFailure(format: "H:-[a]", message: "Expected a view", index: 2),
    WordedFailure(format: "h:[a]", message: "Expected a view", index: 0),
    // Observed: `Unable to parse constraint format: Expected a view H:|-10-| ^` (GUITabPagerViewController#41).
    WordedFailure(format: "H:|-10-|", message: "Expected a view", index: 7),
    WordedFailure(format: "[a][b]", options: .alignAllLeft, message: "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", index: 6),
    WordedFailure(format: "H:[a]-[b(20)]", options: [.alignAllTop, .alignAllCenterX], message: "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", index: 13),
    WordedFailure(format: "V:[a][b]", options: .alignAllBottom, message: "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", index: 8),
    WordedFailure(format: "V:|[a]-[b]|", options: .alignAllCenterY, message: "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", index: 10),
    WordedFailure(format: "[a]-[b]", options: .spacingBaselineToBaseline, message: "BaselineToBaseline format option not valid for horizontal layout", index: 7),
    WordedFailure(format: "[a(1e999)]", message: "1e999 is not a finite number.", index: 8),
    WordedFailure(format: "[a]-(-inf)-[b]", message: "-inf is not a finite number.", index: 9),
]

@Test(arguments: wordedFailures)
func rejectsWithApplesMessageAtApplesCaret(_ failure: WordedFailure) {
    do {
        let specs = try VisualFormatParser.parse(failure.format, options: failure.options, metrics: ["m": 10],
                                                 views: errorViews)
        Issue.record("expected an error, got \(specs.map(\.canonicalText))")
    } catch {
        #expect(error.message == failure.message)
        #expect(error.index == failure.index)
    }
}

/// Every reason has Apple's text, including the one Apple's grammar cannot reach.
@Test func everyReasonHasItsText() {
    #expect(VisualFormatError(.noViewSpecified, at: 0).message == "No view was specified for this constraint")
    #expect(VisualFormatError(.priorityOutOfRange(-0.5), at: 0).message
            == "Invalid priority specified: -0.5. Priority must be greater than 0")
    #expect(VisualFormatError(.priorityOutOfRange(1e6), at: 0).message
            == "Invalid priority specified: 1e+06. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
}

@Test func crypticMessagesCarryAPlainHint() throws {
    let cases: [(String, String)] = [
        ("[a]-8[b]", "A space written between views must be closed by a second '-', as in [a]-8-[b]."),
        ("|-[a]-[zz]", "Declare it first: view zz."),
        ("[a]-x-[b]", "Declare it first: metric x = VALUE."),
        ("H:|-[a] -[b]", "A visual format may not contain spaces; everything after the first space is read as options."),
        ("[a(", "The format ended inside a view's predicate list; close it with ')]'."),
        ("H:|-[a]—[b]", "'—' is not a plain '-'; use the ASCII hyphen-minus."),
    ]
    for (format, hint) in cases {
        do {
            _ = try VisualFormatParser.parse(format, views: errorViews)
            Issue.record("\(format) should fail")
        } catch {
            #expect(error.hint == hint, "\(format)")
            #expect(error.text == "\(error.message) \(hint)")
        }
    }
    // Apple's clear messages get no hint.
    #expect(VisualFormatError(.unknownRelation, at: 0).hint == nil)
}

@Test func appleExceptionReasonHasCaretUnderTheFormat() {
    do {
        _ = try VisualFormatParser.parse("H:|-10-|", views: errorViews)
        Issue.record("should fail")
    } catch {
        #expect(error.appleExceptionReason(format: "H:|-10-|")
                == "Unable to parse constraint format: \nExpected a view \nH:|-10-| \n       ^")
    }
    #expect(VisualFormatError(.emptyString, at: 0).appleExceptionReason(format: "")
            == "Unable to parse constraint format: It's an empty string.")
}

@Test func lineErrorsPointIntoTheWholeLine() {
    do {
        _ = try VisualFormatParser.parseLine("H:|[a]| alignAllTpo", views: errorViews)
        Issue.record("should fail")
    } catch {
        #expect(error.message == "Unknown option 'alignAllTpo'.")
        #expect(error.hint == "Did you mean 'alignAllTop'?")
        #expect(error.column == 9)
    }
    do {
        _ = try VisualFormatParser.parseLine("H:|-[a] -[b]", views: errorViews)
        Issue.record("should fail")
    } catch {
        #expect(error.message == "Unknown option '-[b]'.")
        #expect(error.hint == VisualFormatError.spaceHint)
        #expect(error.index == 8)
    }
    do {
        _ = try VisualFormatParser.parseLine("V:[a][b] alignAllTop", views: errorViews)
        Issue.record("should fail")
    } catch {
        #expect(error.reason == .alignmentOnVerticalEdgeInVerticalLayout)
        #expect(error.index == 8)
    }
}

@Test func unknownWordsGetColumnAndSuggestion() {
    let cases: [(String, String, Int, String?)] = [
        ("alignAllTpo", "alignAllTpo", 0, "Did you mean 'alignAllTop'?"),
        ("alignAllTop alignallcentrey", "alignallcentrey", 12, "Did you mean 'alignAllCenterY'?"),
        ("NSLayoutFormatAlignAllTop", "NSLayoutFormatAlignAllTop", 0, "Did you mean 'alignAllTop'?"),
        (".alignAllLeading", ".alignAllLeading", 0, "Did you mean 'alignAllLeading'?"),
        ("directionRightToLef", "directionRightToLef", 0, "Did you mean 'directionRightToLeft'?"),
    ]
    for (text, word, index, hint) in cases {
        do {
            _ = try VisualFormatOptions.parse(text)
            Issue.record("\(text) should fail")
        } catch {
            #expect(error.message == "Unknown option '\(word)'.")
            #expect(error.index == index)
            #expect(error.hint == hint)
        }
    }
    do {
        _ = try VisualFormatOptions.parse("banana")
        Issue.record("should fail")
    } catch {
        #expect(error.hint?.hasPrefix("Options are alignAll") == true)
    }
}
