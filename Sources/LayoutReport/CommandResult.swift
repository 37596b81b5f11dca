import LayoutModel
import LayoutVocabulary

/// A constraint as reports show it: id and canonical text.
public struct ConstraintLine: Hashable, Sendable {
    public var id: String
    public var text: String
    /// The user's name for it (`minW: a.width >= 100`), shown beside the id.
    public var name: String? = nil

    package init(id: String, text: String, name: String? = nil) {
        self.id = id
        self.text = text
        self.name = name
    }

    /// `c3`, or `c3 (minW)` when the constraint has a name.
    package var label: String { name.map { "\(id) (\($0))" } ?? id }
}

/// A constraint that changed: its text now and before, and what changed.
public struct ChangedConstraint: Hashable, Sendable {
    /// What changed about a constraint: the one vocabulary of every report (text and JSON),
    /// whether the change came from a command or from undo.
    public enum Change: String, Hashable, Sendable {
        case constant, priority, activated, deactivated
    }

    public var id: String
    public var text: String
    public var before: String
    public var what: Change

    /// The change from `old` to `new` (the same constraint), or nil when nothing a report
    /// shows differs. Switching on or off outweighs a new constant or priority.
    package init?(from old: ConstraintRecord, to new: ConstraintRecord) {
        let what: Change
        if old.isActive != new.isActive { what = new.isActive ? .activated : .deactivated }
        else if old.spec.constant != new.spec.constant { what = .constant }
        else if old.spec.priority != new.spec.priority { what = .priority }
        else if old.text != new.text { what = .constant }
        else { return nil }
        self.init(id: new.id, text: new.text, before: old.text, what: what)
    }

    package init(id: String, text: String, before: String, what: Change) {
        self.id = id
        self.text = text
        self.before = before
        self.what = what
    }
}

/// A required conflict, with the members' texts for the report.
public struct ConflictReport: Hashable, Sendable {
    public var constraints: [ConstraintLine]
    public var broken: String
    /// One sentence from the conflict's certificate, and the cheapest member to lower with the
    /// lines to type (nil when no certificate was found).
    public var sentence: String? = nil
    public var fix: String? = nil
    /// UIKit's note on NSAutoresizingMaskLayoutConstraints, when some are members.
    public var note: String? = nil

    package init(constraints: [ConstraintLine], broken: String) {
        self.constraints = constraints
        self.broken = broken
    }
}

/// Which frame components of a view are ambiguous, and why.
public struct AmbiguityReport: Hashable, Sendable {
    /// Why some of the components are ambiguous: one reason, the components it covers, and
    /// the constraints it names with their texts (for the words).
    public struct Explanation: Hashable, Sendable {
        public var components: [FrameComponent]
        public var reason: AmbiguityReason
        public var constraints: [ConstraintLine]
        /// The layout direction, which decides whether x is the leading or the trailing edge.
        public var direction: LayoutDirection

        package init(components: [FrameComponent], reason: AmbiguityReason, constraints: [ConstraintLine], direction: LayoutDirection) {
            self.components = components
            self.reason = reason
            self.constraints = constraints
            self.direction = direction
        }
    }

    public var view: String
    public var components: [FrameComponent]
    /// Why, grouped by reason in component order; nil when not asked (a report explains the
    /// first `CommandResult.frameLinesCap` ambiguous views, the ones the text shows, in
    /// `CommandResult.explainedAmbiguity`).
    public var explanations: [Explanation]? = nil

    package init(view: String, components: [FrameComponent], explanations: [Explanation]? = nil) {
        self.view = view
        self.components = components
        self.explanations = explanations
    }
}

/// A line a replay rejected: where it was, what it said, and the error.
public struct RejectedLine: Sendable {
    /// The file, or nil for stdin.
    public var source: String?
    public var line: Int
    public var input: String
    public var error: ShellError

    package init(source: String? = nil, line: Int, input: String, error: ShellError) {
        self.source = source
        self.line = line
        self.input = input
        self.error = error
    }

    /// `file:line` (`line N` for stdin).
    public var place: String { source.map { "\($0):\(line)" } ?? "line \(line)" }
}

/// A picture a report carries (`draw`'s): drawn only when the report is rendered, because
/// only then is the width known. LayoutPictures' `LayoutPicture` is one; the report module
/// does not know how pictures are drawn.
package protocol ReportPicture: Sendable {
    /// The picture as lines of text at most `width` columns wide and, when `height` is given
    /// (a terminal's rows), about that many lines long.
    func terminalLines(width: Int, height: Int?) -> [String]
}

/// How much of the layout a report shows.
public enum LayoutSection: Hashable, Sendable {
    /// None: the input could not have moved anything.
    case none
    /// The layout after an input that may have changed it: frames (changed ones marked),
    /// broken constraints, ambiguity.
    case changes
    /// The whole layout as it stands, nothing marked (`--final`).
    case whole
}

/// Everything the shell has to say after one input (README, "What each report shows"), ready to render as text or JSON.
public struct CommandResult: Sendable {
    public var line: Int
    public var input: String
    /// False when the line was rejected (and nothing changed).
    public var ok = true
    /// True for blank and comment lines: they produce no report and no JSON object.
    public var isSilent = false
    public var error: ShellError?
    public var added = ConstraintLines()
    public var removed = ConstraintLines()
    public var changed: [ChangedConstraint] = []
    /// Broken required constraints that hold again.
    public var repaired: [ConstraintLine] = []
    public var viewsAdded: [String] = []
    public var viewsRemoved: [String] = []
    /// Every view's frame in superview coordinates, in creation order (root first).
    public var frames: [(name: String, frame: Frame)] = []
    /// The solver's exact frames, when `frames` are rounded to a screen scale (else nil).
    public var exactFrames: [(name: String, frame: Frame)]?
    /// The layout guides among the frames (user and system), in creation order.
    public var guides: [String] = []
    /// The views whose frame changed with this input, in creation order.
    public var changedFrameList: [(name: String, frame: Frame)] = []
    /// Names of the views whose frame changed with this input.
    public var changedFrames: [String] { changedFrameList.map(\.name) }
    /// The rows of the text's frame table, in tree order (a view, its guides, its subviews),
    /// each with its level in the hierarchy (to indent it): every frame while there are at
    /// most `frameLinesCap`, else the first changed ones. Nil: `frames` or the changed ones in
    /// creation order, unindented.
    public var frameRows: [(name: String, frame: Frame, level: Int)]?
    /// What reading the layout for this report changed (frames, broken constraints, ambiguity):
    /// what a per-input JSON object carries instead of the whole state; nil when the layout
    /// was not read (nothing can have changed).
    package var stateDelta: StateDelta?
    /// True for reports whose JSON object carries the whole state even among per-input objects
    /// (`frames`: a tool's way to ask for everything).
    public var carriesWholeState = false
    /// Which part of the layout the text report shows.
    public var layout: LayoutSection = .none
    /// Whether the text report shows the layout part.
    public var showsLayout: Bool { layout != .none }
    public var broken: [BrokenConstraint] = []
    /// Every view with wrapping text and how it is laid out (JSON `text`; empty without text).
    public var texts: [(view: String, text: TextExplanation)] = []
    /// Every ambiguous view (without explanations: the list is shared with the session's
    /// report state, and a squeezed chain makes it thousands long).
    public var ambiguous: [AmbiguityReport] = []
    /// The first `frameLinesCap` of them with their explanations: what the text shows.
    public var explainedAmbiguity: [AmbiguityReport] = []
    /// The layout `exercise` moved to (all frames, creation order), shown instead of the
    /// solver's in `frames`; nil otherwise.
    public var exercisedFrames: [(name: String, frame: Frame)]?
    public var conflicts: [ConflictReport] = []
    /// What the text report prints of `broken` and `ambiguous`: after an input, what is new
    /// or changed; in a whole-layout report, all (capped). Nil when it shows no layout.
    public package(set) var news: DiagnosticNews?
    /// Free text of inspection commands (frames, constraints, help, …) and notes.
    public var output: [String] = []
    /// `constraints`: its rows as data (JSON's `constraints`).
    public var constraintRows: [ConstraintRow]?
    /// `import` and `paste`: what was read and what of it was left out (JSON's `import`).
    public var importSummary: ImportSummary?
    /// `names`: each imported name with its source's id and class (JSON's `names`).
    public var names: [ImportedName]?
    /// Each scroll view's content size (its content guide's), while the layout is shown.
    public var contentSizes: [(scroll: String, width: Double, height: Double)] = []
    /// What `fit` measured (JSON's `fit`).
    public var fit: (width: Double, height: Double)?
    /// What `explain` found (JSON's `explanation`).
    public var explanation: ExplanationReport?
    /// `draw`'s picture: drawn when the report is rendered, at the width it is rendered to.
    package var picture: (any ReportPicture)? = nil
    /// The file `line` is in (`--final`'s report; nil for stdin or a script given as a string).
    public var sourceFile: String?
    /// The lines a replay rejected (`--final`'s report lists them before the layout).
    public var rejected: [RejectedLine] = []
    /// Set by `quit`.
    public var quits = false

    package init(line: Int, input: String) {
        self.line = line
        self.input = input
    }

    /// The most frames the text report lists one by one when the session is large.
    public static let frameLinesCap = 12
    /// The most added/removed constraints the text report lists one by one.
    public static let constraintLinesCap = 20
}

/// One imported name (`names`): the session's name, the source's id (IB object id or the
/// log's address) and class, and the source's own words for it.
public struct ImportedName: Sendable {
    public var name: String
    public var id: String
    public var className: String
    /// How the source showed it (`UILabel:0x7fe…'Title'`, `NSLayoutConstraint:0x… @File.swift#88`).
    public var origin: String
    /// Where the app made it (SnapKit's `File.swift#88`), when the source says.
    public var location: String?

    package init(name: String, id: String, className: String, origin: String, location: String?) {
        self.name = name
        self.id = id
        self.className = className
        self.origin = origin
        self.location = location
    }
}

/// What `import` or `paste` read: its kind, the number of commands it made, its notes, and
/// each source line it left out with the reason.
public struct ImportSummary: Sendable {
    /// One source line an importer left out.
    public struct Skipped: Sendable {
        /// The line in the source (nil when the importer does not know it).
        public var line: Int?
        public var text: String
        public var reason: String

        package init(line: Int?, text: String, reason: String) {
            self.line = line
            self.text = text
            self.reason = reason
        }
    }

    public var kind: String
    /// The file read (nil for `paste`).
    public var file: String?
    public var commands: Int
    /// The importer's notes as the text report prints them, skipped lines included.
    public var notes: [String]
    public var skipped: [Skipped]

    package init(kind: String, file: String?, commands: Int, notes: [String], skipped: [Skipped]) {
        self.kind = kind
        self.file = file
        self.commands = commands
        self.notes = notes
        self.skipped = skipped
    }
}
