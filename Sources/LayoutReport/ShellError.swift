import LayoutVocabulary
import LayoutModel

/// A rejected input: what is wrong, where (1-based column, or nil), and how to write it instead.
public struct ShellError: Error, Hashable, Sendable {
    public var message: String
    public var hint: String?
    public var column: Int?
    public init(_ message: String, hint: String? = nil, column: Int? = nil) {
        self.message = message
        self.hint = hint
        self.column = column
    }
    /// The same error with the caret at `column`, unless it already points somewhere.
    package func at(_ column: Int) -> ShellError {
        var error = self
        if error.column == nil { error.column = column }
        return error
    }

    /// The message and the hint as one line. A word the user typed is quoted in full only
    /// up to 60 characters: a megabyte-long name must not become a megabyte-long error.
    public var text: String {
        let message = Self.shortened(message)
        guard let hint else { return message }
        // Apple's VFL messages end in a full stop: then the hint is a sentence of its own.
        return message.hasSuffix(".") ? "\(message) \(Self.shortened(hint))" : "\(message); \(Self.shortened(hint))"
    }

    private static func shortened(_ text: String) -> String {
        guard text.utf8.count > 60 else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.count > 60 ? $0.prefix(40) + "…" : $0 }.joined(separator: " ")
    }
}
