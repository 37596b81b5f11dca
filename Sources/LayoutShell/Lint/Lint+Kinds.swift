import LayoutImport

extension Lint {
    /// What a file is, for lint: its extension decides, so that a CI run never reads one kind
    /// of file as another (a lesson as a console log, notes as a script).
    public enum Kind: String, Sendable, CaseIterable {
        /// `.storyboard`, `.xib`.
        case interfaceBuilder
        /// `.swift`, `.m`, `.mm`.
        case code
        /// `.log`, and `.txt` that holds a console log.
        case log
        /// `.lal`: a session script, replayed line by line.
        case script
    }

    /// The extensions of each kind; a folder is searched for these (`.txt` only when named).
    public static let extensions: [(ext: String, kind: Kind)] = [
        ("storyboard", .interfaceBuilder), ("xib", .interfaceBuilder),
        ("swift", .code), ("m", .code), ("mm", .code),
        ("log", .log), ("lal", .script),
    ]

    /// The extensions a folder is searched for.
    public static var folderExtensions: Set<String> { Set(extensions.map(\.ext)) }

    /// What the file at `path` is: by its extension; a `.log` or `.txt` only when its text
    /// looks like a console log. Nil: not a kind lint reads.
    public static func kind(of path: String, text: String) -> Kind? {
        let ext = pathExtension(path)
        if ext == "log" || ext == "txt" { return ConsoleLogImporter.recognizes(text) ? .log : nil }
        return extensions.first { $0.ext == ext }?.kind
    }

    /// Why a file of no kind lint reads is unreadable.
    static func unknownKind(_ path: String) -> String {
        let ext = pathExtension(path)
        let base = "not a storyboard, xib, layout code, console log or session script"
        if ext == "log" || ext == "txt" { return base + ": a .\(ext) file is checked as a console log, and this one holds none" }
        return base + (ext.isEmpty ? " (lint goes by the extension: .storyboard, .xib, .swift, .m, .mm, .log, .txt, .lal)"
                                   : " (lint goes by the extension, and .\(ext) is none of .storyboard, .xib, .swift, .m, .mm, .log, .txt, .lal)")
    }

    /// The extension, lowercased, of the last path component ("" when it has none).
    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
