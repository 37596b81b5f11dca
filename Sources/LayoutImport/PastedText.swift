/// What `paste` has collected: the lines, and each importer following them, so that an empty
/// line can ask at once whether the text is complete.
public struct PastedText {
    public private(set) var lines: [String] = []
    private var followers: [any PasteFollower] = ImporterRegistry.all.map { $0.pasteFollower() }

    public init() {}

    public var text: String { lines.joined(separator: "\n") }

    /// True when nothing but empty lines came.
    public var isEmpty: Bool { lines.allSatisfy(Self.isBlank) }

    /// True when the last line collected is empty (one more ends the paste).
    public var endsWithEmptyLine: Bool { lines.last.map(Self.isBlank) ?? false }

    /// How many lines hold more than spaces and tabs.
    public var filledLineCount: Int { lines.count { !Self.isBlank($0) } }

    public mutating func append(_ line: String) {
        lines.append(line)
        for index in followers.indices { followers[index].read(Substring(line)) }
    }

    /// Whether the importer `import` would choose for the text (the first that recognizes it,
    /// as `ImporterRegistry.importer` chooses) calls it complete; false when none recognizes it.
    public var isComplete: Bool { followers.first { $0.recognizes }?.isComplete ?? false }

    /// Whether the paste ends with the line just read, without waiting for an empty line: the
    /// chosen importer's text is complete and nothing may follow it.
    public var endsNow: Bool {
        guard let chosen = followers.first(where: { $0.recognizes }) else { return false }
        return chosen.isComplete && chosen.endsWhenComplete
    }

    /// Whether the chosen importer's text still has a bracket open: no empty line ends it.
    /// (Before any importer recognizes the text, code's brackets count: a function's first
    /// lines may name no layout yet.)
    public var isOpen: Bool { (followers.first { $0.recognizes } ?? followers.first { $0.isOpen })?.isOpen ?? false }

    /// Nothing but spaces and tabs: what the shell calls an empty line.
    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
}
