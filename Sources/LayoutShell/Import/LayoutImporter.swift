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
    /// Translates the text into session lines, given the session it will run in (names
    /// already taken, the platform). Throws when the text cannot be read at all.
    static func translate(_ text: String, for session: Session) throws(ShellError) -> ImportedScript
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
