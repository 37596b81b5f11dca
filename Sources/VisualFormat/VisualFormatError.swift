/// Why a visual format line was rejected: the reason (one case per message Apple's parser can
/// raise, plus a few of our own), where Apple would put the caret (`index`, 0-based, or
/// `column`, 1-based), and whether a space inside the format is the likely culprit.
///
/// No words here: Apple's message and a plain hint are the shell's to write, from the reason.
/// A failing line produces no constraints at all, as with Apple's exception.
public struct VisualFormatError: Error, Equatable, Sendable {
    /// Every way a line can fail. Cases named after Apple's texts; the associated values are what
    /// Apple interpolates into its message (or what a hint needs).
    public enum Reason: Equatable, Sendable {
        case emptyString
        /// The first character outside ASCII (Apple names none; a hint can).
        case nonASCII(Character)
        case expectedColonAfterH
        case expectedColonAfterV
        case expectedConnectionAfterBar
        case expectedViewOrBar
        case expectedEndOfFormat
        /// Both sides of a connection are `|`. Kept for completeness: Apple's grammar rejects
        /// every such line earlier, so the parser never raises it.
        case noViewSpecified
        case noSuperview
        case expectedDash
        case expectedDashBeforeList
        case minusOrExtraBar
        case expectedCloseParenthesis
        case expectedMoreInput
        case unknownRelation
        /// A priority outside (0, 1000]. Apple words the two ends differently; one fact, one case.
        case priorityOutOfRange(Double)
        case spaceEqualToView
        case unknownMetric(String)
        /// Neither a number nor a name starts here.
        case expectedNumberOrMetric
        /// A `-` that `strtod` could not turn into a number (Apple's wording differs by one "a").
        case expectedNumberOrAMetric
        case expectedViewName
        case unknownView(String)
        case ranOutInsideView
        case thicknessPredicateNotClosed
        case expectedBracketAfterThickness
        case expectedBracketAtEndOfView
        case expectedView
        case alignmentOnHorizontalEdgeInHorizontalLayout
        case alignmentOnVerticalEdgeInVerticalLayout
        case baselineSpacingInHorizontalLayout
        /// Not Apple's: `inf`, `nan` and overflowing numbers are refused so no solver sees them.
        case nonFiniteNumber(String)
        /// Not Apple's (Apple takes a bit mask): an option word that names no option.
        case unknownOption(String)
        /// Not Apple's: two direction words, or two spacing words, that contradict each other.
        case conflictingOptions(String, String)
    }

    public let reason: Reason
    /// Apple's caret position: the 0-based index of the character the parser stopped on.
    public let index: Int
    /// The format had a space in it: the parser stopped at one, or an "option" word is really
    /// the rest of a format. Apple's parser allows no whitespace, and its message never says so.
    public let spaceInFormat: Bool

    /// The 1-based column of the caret, for the caller's error line.
    public var column: Int { index + 1 }

    public init(_ reason: Reason, at index: Int, spaceInFormat: Bool = false) {
        self.reason = reason
        self.index = index
        self.spaceInFormat = spaceInFormat
    }
}
