import LayoutModel
import LayoutVocabulary

/// Bringing a layout in from outside: console logs, layout code, and the formats still to
/// come, each read into session-language lines.
///
/// An import is a pipeline. A reader in a module of its own turns text into a neutral
/// document (`ConsoleLogReader` → `ConsoleLog`, `LayoutCodeReader` → `LayoutCode`); an
/// importer here translates that document into session lines, trying each on the
/// `ImportContext` it is given so that a line the session would refuse is left out with a
/// note; `ImporterRegistry` picks the importer for a text and owns the error for a text no
/// importer reads. Nothing here knows the shell: the shell hands in a context and runs the
/// lines that come back.
///
/// ## How to add an importer
/// 1. Put the reader for the format in its own module (text → plain data, no session words).
/// 2. Write the importer here, in a folder of its own (`Storyboard/StoryboardImporter.swift`):
///    a type conforming to `LayoutImporter` with its `name`, `extensions` and `summary`, a
///    `PasteFollower`, and a `translate` that works only through the `ImportContext`.
/// 3. Add ONE line: the type, in `ImporterRegistry.all` (order decides which importer reads a
///    text that several recognize).
/// 4. Test it in LayoutImportTests with `FakeImportContext`, and once through `import` in
///    LayoutShellTests. The "cannot read" error and `help import` name it from its `name`.
public protocol LayoutImporter: SendableMetatype {
    /// What the format is called in messages ("a UIKit or AppKit console log").
    static var name: String { get }
    /// File name extensions that choose this importer without looking at the text.
    static var extensions: [String] { get }
    /// One line saying what is read ("UIKit's \"Unable to simultaneously satisfy constraints\" logs").
    static var summary: String { get }
    /// Whether the text looks like this importer's format.
    static func recognizes(_ text: String) -> Bool
    /// Whether the text is complete: it stops where the format itself stops (a log's closing
    /// lines, code's last brace). `paste` ends at an empty line only then, since logs and
    /// functions hold empty lines of their own.
    static func isComplete(_ text: String) -> Bool
    /// Follows a paste line by line, answering `recognizes` and `isComplete` for the lines so
    /// far without reading them again (a long paste with many empty lines stays linear).
    static func pasteFollower() -> any PasteFollower
    /// Translates the text into session lines, given the session it will run in (names
    /// already taken, the platform, a way to try lines). Throws when the text cannot be read
    /// at all.
    static func translate(_ text: String, in context: any ImportContext) throws(ImportError) -> ImportedScript
}

extension LayoutImporter {
    public static func isComplete(_ text: String) -> Bool {
        var follower = pasteFollower()
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) { follower.read(line) }
        return follower.isComplete
    }
}

/// A text being pasted, read one line at a time (see `LayoutImporter.pasteFollower`).
public protocol PasteFollower {
    mutating func read(_ line: Substring)
    /// What the importer's `recognizes` says of the lines read so far.
    var recognizes: Bool { get }
    /// What the importer's `isComplete` says of the lines read so far.
    var isComplete: Bool { get }
    /// True while a bracket is open that the text must still close (code's `{`): empty lines
    /// then belong to the text, however many come.
    var isOpen: Bool { get }
    /// True when nothing can follow a complete text (an IB document after `</document>`): the
    /// paste then ends at that line, and the next line is a command again, not part of the paste.
    var endsWhenComplete: Bool { get }
}

extension PasteFollower {
    public var isOpen: Bool { false }
    public var endsWhenComplete: Bool { false }
}

/// What an importer makes of a text it read: session-language lines that rebuild the layout
/// it describes (run as one undo step, and saved as such), and notes for the reader (what was
/// skipped, names given, what the source said that the session shows differently).
public struct ImportedScript: Sendable {
    /// What was read, for the report ("a UIKit console log", "Swift layout code").
    public var kind: String
    public var lines: [String]
    public var notes: [String] = []
    /// Each source line left out (also told in `notes`): its number when known, its text, and
    /// why (JSON's `import.skipped`).
    public var skipped: [(line: Int?, text: String, reason: String)] = []
    /// More notes once the lines have run, from what the session found (e.g. how the conflict
    /// the session found compares with the source's).
    public var followUp: (@Sendable (ImportOutcome) -> [String])?
    /// Whether `followUp` needs the frames and ambiguity (`ImportOutcome.frames`), which cost a
    /// query per ambiguous view: only importers that compare them with their source ask.
    public var needsLayout = false

    public init(kind: String, lines: [String], notes: [String] = []) {
        self.kind = kind
        self.lines = lines
        self.notes = notes
    }
}

/// What the session found once an import's lines ran, for `ImportedScript.followUp`.
public struct ImportOutcome: Sendable {
    /// The first required conflict the step's report shows: its members' ids and the one
    /// broken; nil when there is none.
    public var conflict: (members: [String], broken: String)?

    /// Every required conflict: its members (id and text) and the one broken.
    public var conflicts: [(members: [(id: String, text: String)], broken: String)] = []
    /// Every view's and guide's frame, in its superview's coordinates (only when the script
    /// asked, `ImportedScript.needsLayout`).
    public var frames: [String: Frame] = [:]
    /// Each ambiguous view with the report's words for it (only when the script asked).
    public var ambiguity: [(view: String, text: String)] = []

    public init(conflict: (members: [String], broken: String)?) {
        self.conflict = conflict
    }
}

/// Why a text cannot be imported at all: a message, and how to get further.
public struct ImportError: Error, Equatable, Sendable {
    public var message: String
    public var hint: String?
    /// Whether the scene or view picked after the file name is at fault, not the file: the
    /// shell then points its caret at that word.
    public var concernsSelection = false

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// An error in the scene or top-level view picked after the file name.
    public static func selection(_ message: String, hint: String? = nil) -> ImportError {
        var error = ImportError(message, hint: hint)
        error.concernsSelection = true
        return error
    }
}

/// What an importer may know of the session it imports into, and how it tries lines. The
/// shell implements it; tests use a small fake.
public protocol ImportContext {
    /// Views and guides (root first), in the order they were made.
    var viewNames: [String] { get }
    /// Constraint names given with `NAME: …`.
    var constraintNames: [String] { get }
    /// VFL metric names.
    var metricNames: [String] { get }
    /// The session's platform (`ios`, `macos`).
    var platformName: String { get }
    var rootSize: (width: Double, height: Double) { get }
    /// The number the next constraint gets (`c\(n)`).
    var nextConstraintNumber: Int { get }
    /// A scratch session to try lines on: empty, or holding what the session holds now.
    /// Nothing tried there reaches the session.
    func makeTrial(_ start: TrialStart) -> any ImportTrial
}

/// Where a trial starts.
public enum TrialStart: Sendable {
    /// A fresh session: the translation's lines are tried on their own.
    case empty
    /// The session as it is: the lines are tried after what it holds.
    case current
}

/// A scratch session an importer tries lines on (`ImportContext.makeTrial`).
public protocol ImportTrial: AnyObject {
    /// Runs a line, as the session would.
    func attempt(_ line: String) -> TrialVerdict
    func hasView(_ name: String) -> Bool
    /// A view's size as the trial has it now.
    func size(of name: String) -> (width: Double, height: Double)?
    /// The trial's platform (`ios`, `macos`).
    var platformName: String { get }
}

/// What a trial said of a line.
public enum TrialVerdict: Equatable, Sendable {
    case taken
    /// Refused, with the session's message (nil when it gave none).
    case refused(String?)
}
