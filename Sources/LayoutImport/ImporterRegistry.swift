/// The importers `import` and `paste` try, in order, and the error for a text none reads.
public enum ImporterRegistry {
    /// Adding an importer is one line here (see the module's doc comment, `LayoutImporter`).
    public static let all: [any LayoutImporter.Type] = [InterfaceBuilderImporter.self, ConsoleLogImporter.self, LayoutCodeImporter.self]

    /// The importer for a text (and its file name, when it has one): the one its extension
    /// names, else the first that recognizes the text.
    public static func importer(for text: String, fileName: String?) -> (any LayoutImporter.Type)? {
        if let fileName, let dot = fileName.lastIndex(of: ".") {
            let ext = String(fileName[fileName.index(after: dot)...]).lowercased()
            if let chosen = all.first(where: { $0.extensions.contains(ext) }) { return chosen }
        }
        return all.first { $0.recognizes(text) }
    }

    /// Reads `text` with the importer that recognizes it; throws, naming every format known,
    /// when none does.
    public static func translate(_ text: String, fileName: String?, in context: any ImportContext) throws(ImportError) -> ImportedScript {
        guard let importer = importer(for: text, fileName: fileName) else {
            throw ImportError("\(fileName ?? "the pasted text") is \(formatList(negated: true)) LayoutLab can read",
                              hint: "import reads " + listed(all.map { $0.summary }, last: "and"))
        }
        return try importer.translate(text, in: context)
    }

    /// The formats by name, from the importers: "a console log or layout code", or with
    /// `negated` "neither a console log nor layout code".
    /// (`{ $0.name }`, not `\.name`: Swift 6.3 crashes on a key path into an existential
    /// metatype.)
    public static func formatList(negated: Bool) -> String {
        let names = all.map { $0.name }
        return negated ? "neither " + listed(names, last: "nor") : listed(names, last: "or")
    }

    /// "A", "A and B", "A, B and C".
    static func listed(_ items: [String], last word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + items.last!
    }
}
