import LayoutVocabulary

/// Apple's Visual Format Language, as `NSLayoutConstraint.constraints(withVisualFormat:options:
/// metrics:views:)` reads it: the same grammar, the same constraints in the same order, and the
/// same error texts at the same caret position.
///
/// The parser is pure: it knows view names and their superviews (through `views`) and nothing
/// about solving. The superview that `|` stands for is written by its name in the result, so
/// `H:|-[a]` under `root` yields `a.leading == root.leading + 20`.
///
/// Whitespace: like Apple's parser, none is allowed inside a format. `parseLine` treats the
/// first space as the end of the format and reads option words after it.
public enum VisualFormatParser {
    /// What the parser needs to know about a name in the views dictionary: that it is a view,
    /// and the name of its superview (nil for the root), which `|` refers to.
    public struct ViewInfo: Hashable, Sendable {
        public var superview: String?
        public init(superview: String?) { self.superview = superview }
    }

    /// What the standard space `-` stands for. Apple resolves it per platform: 8 between siblings
    /// and 20 to the superview's edge on macOS (and on iOS before layout margins); on iOS 8 and
    /// later `|-` and `-|` go to the superview's layout margins instead.
    public struct StandardSpacing: Hashable, Sendable {
        /// `[a]-[b]`: Apple's `NSSpace` between siblings.
        public var betweenSiblings: Double
        /// `|-[a]` and `[a]-|` when margins are not used.
        public var toSuperviewEdge: Double
        /// iOS: `|-[a]` becomes `a.leading == root.leadingMargin` with constant 0 (the form
        /// UIKit's legacy-SDK path produces; newer SDKs relate to the margins guide instead,
        /// which means the same thing). The margins themselves belong to the model.
        public var superviewEdgeUsesLayoutMargins: Bool

        public init(betweenSiblings: Double = 8, toSuperviewEdge: Double = 20,
                    superviewEdgeUsesLayoutMargins: Bool = false) {
            self.betweenSiblings = betweenSiblings
            self.toSuperviewEdge = toSuperviewEdge
            self.superviewEdgeUsesLayoutMargins = superviewEdgeUsesLayoutMargins
        }

        /// `platform macos` (and this parser's default when no spacing is given): 8 and 20.
        /// The shell always passes its session's platform, which starts as `iOS`.
        public static let macOS = StandardSpacing()
        /// `platform ios`: 8 between siblings, the superview's layout margins at `|`.
        public static let iOS = StandardSpacing(superviewEdgeUsesLayoutMargins: true)
    }

    /// Parses one visual format string (no options, no spaces) into constraints, in Apple's order:
    /// for each view left to right, the connection into it, then its size predicates; the closing
    /// `|` connection; then every alignment constraint.
    ///
    /// - Parameters:
    ///   - format: e.g. `H:|-[a]-8-[b(==a)]-|`.
    ///   - options: alignment, direction and spacing options (Apple's `NSLayoutFormatOptions`).
    ///   - metrics: values for names used as constants or priorities; consulted before views.
    ///   - spacing: what `-` means.
    ///   - views: the views dictionary: nil for a name that is not a view.
    /// - Throws: `VisualFormatError` with the reason for Apple's message and its caret index;
    ///   nothing is produced.
    public static func parse(
        _ format: String,
        options: VisualFormatOptions = [],
        metrics: [String: Double] = [:],
        spacing: StandardSpacing = .macOS,
        views: (String) -> ViewInfo?
    ) throws(VisualFormatError) -> [ConstraintSpec] {
        let bytes = try asciiBytes(of: format)
        return try withoutActuallyEscaping(views) { (views) throws(VisualFormatError) -> [ConstraintSpec] in
            var grammar = Grammar(
                cursor: Cursor(bytes),
                emitter: Emitter(options: options, spacing: spacing, views: views),
                metrics: metrics, views: views)
            try grammar.parse()
            return grammar.emitter.constraints
        }
    }

    /// Parses a session line: a format, then optional option words after the first space, e.g.
    /// `H:|-[a]-[b]-| alignAllTop directionLeftToRight`. Error indexes are relative to `line`.
    public static func parseLine(
        _ line: String,
        metrics: [String: Double] = [:],
        spacing: StandardSpacing = .macOS,
        views: (String) -> ViewInfo?
    ) throws(VisualFormatError) -> [ConstraintSpec] {
        let format: Substring
        var options: VisualFormatOptions = []
        if let space = line.firstIndex(where: \.isBlank) {
            format = line[..<space]
            let offset = format.count + 1
            do {
                options = try VisualFormatOptions.parse(String(line[line.index(after: space)...]))
            } catch {
                throw VisualFormatError(error.reason, at: error.index + offset, spaceInFormat: error.spaceInFormat)
            }
        } else {
            format = line[...]
        }
        return try parse(String(format), options: options, metrics: metrics, spacing: spacing, views: views)
    }

    /// Apple converts the format to ASCII before anything else; an empty or non-ASCII format never
    /// reaches the grammar. (Apple shows no caret for these; the index points at the culprit.)
    private static func asciiBytes(of format: String) throws(VisualFormatError) -> [UInt8] {
        guard !format.isEmpty else { throw VisualFormatError(.emptyString, at: 0) }
        for (offset, character) in format.enumerated() where !character.isASCII {
            throw VisualFormatError(.nonASCII(character), at: offset)
        }
        return Array(format.utf8)
    }
}
