#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VisualFormat

// How a rejected visual format reads: Apple's own message for the reason, word for word (so a
// learner can search for it), and, where Apple's words leave a learner guessing, one plain
// sentence after it. The parser only says what went wrong and where.

extension VisualFormatError {
    /// Apple's message text, word for word (without the "Unable to parse constraint format:"
    /// prefix, which `appleExceptionReason(format:)` adds).
    public var message: String { reason.appleMessage }

    /// One plain sentence that says what the cryptic part of `message` means, or nil.
    public var hint: String? {
        // A space ends the format, so whatever the parser then tripped over, the space is the mistake.
        spaceInFormat ? Self.spaceHint : reason.defaultHint
    }

    /// The message followed by the hint, as one line.
    public var text: String { hint.map { "\(message) \($0)" } ?? message }

    /// Said when the format had a space in it.
    static let spaceHint = "A visual format may not contain spaces; everything after the first space is read as options."

    /// The exception reason Apple's `constraintsWithVisualFormat` would raise for `format`:
    /// the message, the format, and a caret line, each line ending in Apple's stray space.
    public func appleExceptionReason(format: String) -> String {
        switch reason {
        case .emptyString, .nonASCII:
            // Raised before parsing starts, so Apple shows neither the format nor a caret.
            return "Unable to parse constraint format: \(message)"
        default:
            let caret = String(repeating: " ", count: index) + "^"
            return "Unable to parse constraint format: \n\(message) \n\(format) \n\(caret)"
        }
    }

    /// The closest option name, when it is close enough to be a typo (or the word is the start
    /// of a name, or carries Apple's `NSLayoutFormat`/`.` spelling).
    static func suggestion(forOption word: String) -> String? {
        var key = word.lowercased()
        for prefix in ["nslayoutformat", "."] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
        let names = VisualFormatOptions.names.map(\.name)
        // Long enough to mean something, a cut-off word means the first option it starts.
        if key.count >= 5, let name = names.first(where: { $0.lowercased().hasPrefix(key) }) { return name }
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(key, name.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        guard let best, best.distance <= max(2, key.count / 4) else { return nil }
        return best.name
    }
}

extension VisualFormatError.Reason {
    /// Apple's text for the reason, as `NSLayoutConstraintParser` words it.
    var appleMessage: String {
        switch self {
        case .emptyString: "It's an empty string."
        case .nonASCII: "It contains non-ASCII characters."
        case .expectedColonAfterH: "Expected ':' after 'H' to specify horizontal arrangement"
        case .expectedColonAfterV: "Expected ':' after 'V' to specify vertical arrangement"
        case .expectedConnectionAfterBar: "Expected a connection after the '|' character"
        case .expectedViewOrBar: "Expected a view or '|'"
        case .expectedEndOfFormat: "Expected the end of the format string"
        case .noViewSpecified: "No view was specified for this constraint"
        case .noSuperview: "Unable to interpret '|' character, because the related view doesn't have a superview"
        case .expectedDash: "Expected a '-' here"
        case .expectedDashBeforeList:
            "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints"
        case .minusOrExtraBar:
            "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers."
        case .expectedCloseParenthesis:
            "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"
        case .expectedMoreInput: "Expected more input"
        case .unknownRelation: "Unknown relation. Must be ==, >=, or <="
        case .priorityOutOfRange(let value) where value <= 0:
            "Invalid priority specified: \(formatG(value)). Priority must be greater than 0"
        case .priorityOutOfRange(let value):
            "Invalid priority specified: \(formatG(value)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."
        case .spaceEqualToView:
            // Apple's text has two spaces after "view."; kept.
            "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]"
        case .unknownMetric(let name):
            "Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries"
        case .expectedNumberOrMetric:
            "Expected a number or key from the metrics dictionary, but encountered something else"
        case .expectedNumberOrAMetric:
            "Expected a number or a key from the metrics dictionary, but encountered something else"
        case .expectedViewName:
            "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores."
        case .unknownView(let name): "\(name) is not a key in the views dictionary."
        case .ranOutInsideView: "Unexpectedly ran out of character fodder in the middle of parsing a view"
        case .thicknessPredicateNotClosed:
            "A predicate on a view's thickness must end with ')' and the view must end with ']'"
        case .expectedBracketAfterThickness: "Expected ']' after specifying thickness."
        case .expectedBracketAtEndOfView: "Expected a ']' here. That is how you give the end of a view."
        case .expectedView: "Expected a view"
        case .alignmentOnHorizontalEdgeInHorizontalLayout:
            "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."
        case .alignmentOnVerticalEdgeInVerticalLayout:
            "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical."
        case .baselineSpacingInHorizontalLayout: "BaselineToBaseline format option not valid for horizontal layout"
        case .nonFiniteNumber(let text): "\(text) is not a finite number."
        case .unknownOption(let word): "Unknown option '\(word)'."
        case .conflictingOptions(let first, let second): "Options '\(first)' and '\(second)' contradict each other."
        }
    }

    /// The plain sentence added after a cryptic Apple message; nil where Apple is already clear.
    var defaultHint: String? {
        switch self {
        case .emptyString:
            nil
        case .nonASCII(let character):
            "–—−".contains(character)
                ? "'\(character)' is not a plain '-'; use the ASCII hyphen-minus."
                : "Only ASCII letters, digits and VFL punctuation may appear in a format."
        case .expectedConnectionAfterBar:
            "A leading '|' must be followed by a connection and a view, as in |-[a]."
        case .expectedViewOrBar:
            "After a view or a connection comes another [view] or the closing '|'."
        case .expectedEndOfFormat:
            "Nothing may follow the closing '|' (options go after a space)."
        case .noViewSpecified:
            "A connection needs a view on at least one side."
        case .noSuperview:
            "'|' stands for the edge of the neighbouring view's superview, and this view has none."
        case .expectedDash:
            "A space written between views must be closed by a second '-', as in [a]-8-[b]."
        case .minusOrExtraBar:
            "Write a negative space as -(-10)-."
        case .expectedMoreInput:
            "The format ended in the middle of a predicate."
        case .unknownMetric(let name):
            "Declare it first: metric \(name) = VALUE."
        case .expectedNumberOrMetric, .expectedNumberOrAMetric:
            "A constant or priority is a number such as 8 or -(-8)-, or the name of a metric."
        case .unknownView(let name):
            "Declare it first: view \(name)."
        case .ranOutInsideView:
            "The format ended inside a view's predicate list; close it with ')]'."
        case .thicknessPredicateNotClosed:
            "A view's size predicates go in one parenthesised list, as in [a(>=50,<=100)]."
        case .expectedBracketAfterThickness:
            "The ')' closing a view's size predicates must be followed directly by ']'."
        case .expectedView:
            "Views are written in brackets, as in [a]; a line starts with H:, V:, '|' or a view."
        case .alignmentOnHorizontalEdgeInHorizontalLayout:
            "An H: line lays views out side by side, so it can only align their tops, bottoms, centerY or baselines."
        case .alignmentOnVerticalEdgeInVerticalLayout:
            "A V: line stacks views, so it can only align their left, right, leading, trailing or centerX."
        case .baselineSpacingInHorizontalLayout:
            "spacingBaselineToBaseline only applies to V: lines."
        case .unknownOption(let word):
            VisualFormatError.suggestion(forOption: word).map { "Did you mean '\($0)'?" }
                ?? "Options are alignAll… (Left, Right, Top, Bottom, Leading, Trailing, CenterX, CenterY, Baseline, LastBaseline, FirstBaseline), direction… (LeadingToTrailing, LeftToRight, RightToLeft) and spacing… (EdgeToEdge, BaselineToBaseline)."
        case .conflictingOptions:
            "Give at most one direction option and one spacing option."
        default:
            nil
        }
    }
}

/// C's `%g`, which Apple uses to print a rejected priority (`-5`, `1001`, `1e+06`).
func formatG(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { arguments in
        buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%g", arguments) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
