/// What an importer makes of a text it read: session-language lines that rebuild the layout
/// it describes (run as one undo step, and saved as such), and notes for the reader (what was
/// skipped, names given, what the source said that the session shows differently).
public struct ImportedScript: Sendable {
    /// What was read, for the report ("a UIKit console log", "Swift layout code").
    public var kind: String
    public var lines: [String]
    public var notes: [String] = []
    /// More notes once the lines have run, from the session and the step's report (e.g. how the conflict the
    /// session found compares with the source's).
    var followUp: (@Sendable (Session, CommandResult) -> [String])?

    public init(kind: String, lines: [String], notes: [String] = []) {
        self.kind = kind
        self.lines = lines
        self.notes = notes
    }
}

/// A reader of some outside format that `import FILE` and `paste` accept: console logs,
/// layout code. Each lives in its own file under Import/ and is listed in
/// `ImporterRegistry.all`; the first that recognizes a text reads it.
protocol LayoutImporter {
    /// File name extensions that choose this importer without looking at the text.
    static var extensions: [String] { get }
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
    /// already taken, the platform). Throws when the text cannot be read at all.
    static func translate(_ text: String, for session: Session) throws(ShellError) -> ImportedScript
}

/// A text being pasted, read one line at a time (see `LayoutImporter.pasteFollower`).
protocol PasteFollower {
    mutating func read(_ line: Substring)
    /// What the importer's `recognizes` says of the lines read so far.
    var recognizes: Bool { get }
    /// What the importer's `isComplete` says of the lines read so far.
    var isComplete: Bool { get }
    /// True while a bracket is open that the text must still close (code's `{`): empty lines
    /// then belong to the text, however many come.
    var isOpen: Bool { get }
}

extension PasteFollower {
    var isOpen: Bool { false }
}

extension LayoutImporter {
    static func isComplete(_ text: String) -> Bool {
        var follower = pasteFollower()
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) { follower.read(line) }
        return follower.isComplete
    }
}

/// What `paste` has collected: the lines, and each importer following them, so that an empty
/// line can ask at once whether the text is complete.
struct PastedText {
    private(set) var lines: [String] = []
    private var followers: [any PasteFollower] = ImporterRegistry.all.map { $0.pasteFollower() }

    var text: String { lines.joined(separator: "\n") }

    /// True when nothing but empty lines came.
    var isEmpty: Bool { lines.allSatisfy(\.isBlank) }

    /// True when the last line collected is empty (one more ends the paste).
    var endsWithEmptyLine: Bool { lines.last?.isBlank ?? false }

    mutating func append(_ line: String) {
        lines.append(line)
        for index in followers.indices { followers[index].read(Substring(line)) }
    }

    /// Whether the importer `import` would choose for the text (the first that recognizes it,
    /// as `ImporterRegistry.importer` chooses) calls it complete; false when none recognizes it.
    var isComplete: Bool { followers.first { $0.recognizes }?.isComplete ?? false }

    /// Whether the chosen importer's text still has a bracket open: no empty line ends it.
    /// (Before any importer recognizes the text, code's brackets count: a function's first
    /// lines may name no layout yet.)
    var isOpen: Bool { (followers.first { $0.recognizes } ?? followers.first { $0.isOpen })?.isOpen ?? false }
}

/// The importers `import` and `paste` try, in order.
enum ImporterRegistry {
    static let all: [any LayoutImporter.Type] = [ConsoleLogImporter.self, LayoutCodeImporter.self]

    /// The importer for a text (and its file name, when it has one).
    static func importer(for text: String, fileName: String?) -> (any LayoutImporter.Type)? {
        if let fileName, let dot = fileName.lastIndex(of: ".") {
            let ext = String(fileName[fileName.index(after: dot)...]).lowercased()
            if let chosen = all.first(where: { $0.extensions.contains(ext) }) { return chosen }
        }
        return all.first { $0.recognizes(text) }
    }
}
