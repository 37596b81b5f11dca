import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// IB's own judgement of a scene beside LayoutLab's, once the scene is imported: views whose
/// stored frame differs from the solved one by more than half a point, or that IB marked
/// `misplaced="YES"` ("Update Frames" in Xcode), and views IB marked `ambiguous="YES"` that
/// LayoutLab finds determined, or the reverse. Also the findings `layoutlab lint` prints, at
/// the lines of the file they concern.
public struct InterfaceBuilderComparison: Sendable {
    /// What the comparison needs of the translation (it runs after the import, on the session).
    struct Source: Sendable {
        var name: String
        var frame: IBRect?
        var misplaced: Bool
        var ambiguous: Bool
        var line: Int
        var column: Int
    }

    let sources: [Source]
    let constraintSources: [String: (line: Int, column: Int, id: String?)]
    let storedSizeKept: Bool
    let rootLine: Int
    /// Why a stored frame differs, where the file tells (`InterfaceBuilderComparison+Causes.swift`).
    let causes: MisplacementCauses

    /// The most a stored frame may differ from the solved one and still agree (IB stores
    /// frames rounded to pixels; half a point is the tolerance).
    static let tolerance = 0.5

    init(translation: InterfaceBuilderTranslation) {
        sources = translation.viewOrder.compactMap { name in
            guard let view = translation.views[name], !view.storedFrameIsElsewhere else { return nil }
            return Source(name: name, frame: view.frame, misplaced: view.misplaced, ambiguous: view.ambiguous, line: view.line, column: view.column)
        }
        constraintSources = translation.constraintSources.mapValues { ($0.line, $0.column, $0.id) }
        storedSizeKept = translation.storedSizeKept
        rootLine = translation.root.line
        causes = Self.causes(of: translation)
    }

    /// One finding: where in the file, how bad, and what.
    public struct Finding: Sendable, Hashable {
        public enum Severity: String, Sendable { case error, warning }
        public var line: Int
        public var column: Int
        public var severity: Severity
        public var message: String
        public init(line: Int, column: Int, severity: Severity, message: String) {
            self.line = line
            self.column = column
            self.severity = severity
            self.message = message
        }
    }

    /// Misplaced views: the source and the solved frame, in creation order.
    func misplaced(in frames: [String: Frame]) -> [(source: Source, solved: Frame)] {
        guard storedSizeKept else { return [] }
        return sources.compactMap { source in
            guard let stored = source.frame, let solved = frames[source.name] else { return nil }
            let differs = Self.difference(stored, solved) > Self.tolerance
            return differs || source.misplaced ? (source, solved) : nil
        }
    }

    /// The largest difference between a stored and a solved frame, in points.
    static func difference(_ stored: IBRect, _ solved: Frame) -> Double {
        max(abs(stored.x - solved.x), abs(stored.y - solved.y), abs(stored.width - solved.width), abs(stored.height - solved.height))
    }

    /// Frames as reports show them, to a thousandth (IB stores 82.66666666666667).
    static func text(_ frame: IBRect) -> String { text([frame.x, frame.y, frame.width, frame.height]) }
    static func text(_ frame: Frame) -> String { text([frame.x, frame.y, frame.width, frame.height]) }
    private static func text(_ values: [Double]) -> String {
        values.map { formatNumber(($0 * 1000).rounded() / 1000) }.joined(separator: ",")
    }

    func misplacedMessage(_ source: Source, _ solved: Frame) -> String {
        let stored = source.frame!
        if Self.text(stored) == Self.text(solved) {
            return "\(source.name): IB marked it misplaced, but its stored frame \(Self.text(stored)) is what the constraints give"
        }
        return "misplaced: \(source.name): the file has \(Self.text(stored)), the constraints give \(Self.text(solved)) (Update Frames in Xcode)"
            + (source.misplaced ? "; IB marked it misplaced too" : "; IB did not mark it misplaced" + (causes.cause(of: source.name, difference: Self.difference(stored, solved)).map { ": " + $0 } ?? ""))
    }

    /// A conflict's member as a file's reader knows it: a constraint of the file by its IB id
    /// and line (the session's `c5` means nothing outside the session); one the import made
    /// (a stack's, the window's size) by the session's words, which say what made it.
    func memberWords(id: String, text: String) -> String {
        let text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if let source = constraintSources[id] {
            return text + " (" + (source.id.map { "\($0), " } ?? "") + "line \(source.line))"
        }
        return text.hasPrefix(id + " ") ? text : "\(text) (\(id))"
    }

    /// The notes after an import: misplaced views, and ambiguity compared.
    public func notes(_ outcome: ImportOutcome) -> [String] {
        findings(outcome, includeConflicts: false).map { "  " + $0.message }
    }

    /// Every finding, with lines: conflicts (errors), ambiguity and misplaced views (warnings).
    public func findings(_ outcome: ImportOutcome, includeConflicts: Bool = true) -> [Finding] {
        var findings: [Finding] = []
        if includeConflicts {
            for conflict in outcome.conflicts {
                let place = constraintSources[conflict.broken] ?? conflict.members.lazy.compactMap { constraintSources[$0.id] }.first
                let texts = conflict.members.map { memberWords(id: $0.id, text: $0.text) }.joined(separator: "; ")
                let broken = constraintSources[conflict.broken].flatMap { $0.id } ?? conflict.broken
                findings.append(Finding(line: place?.line ?? rootLine, column: place?.column ?? 1, severity: .error,
                                        message: "conflict: these required constraints cannot all hold: \(texts); \(broken) is broken"))
            }
        }
        let ambiguous = Dictionary(outcome.ambiguity.map { ($0.view, $0.text) }, uniquingKeysWith: { a, _ in a })
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (view, text) in outcome.ambiguity {
            guard let source = byName[view] else { continue }
            let judged = source.ambiguous ? "IB marked it ambiguous too" : "IB did not mark it ambiguous"
            findings.append(Finding(line: source.line, column: source.column, severity: .warning, message: "ambiguous: \(text); \(judged)"))
        }
        for source in sources where source.ambiguous && ambiguous[source.name] == nil {
            findings.append(Finding(line: source.line, column: source.column, severity: .warning,
                                    message: "\(source.name): IB marked it ambiguous, but LayoutLab finds its frame determined by its constraints"))
        }
        // An ambiguous view's solved frame is one of many: it is not compared.
        for (source, solved) in misplaced(in: outcome.frames) where ambiguous[source.name] == nil {
            findings.append(Finding(line: source.line, column: source.column, severity: .warning, message: misplacedMessage(source, solved)))
        }
        return findings
    }
}
