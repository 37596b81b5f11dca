import LayoutVocabulary

/// TinyConstraints.
enum TinyConstraintsDialect: CodeDialect {
    static let marks: [String] = []
    static func isLayoutWord(_ name: String) -> Bool { false }
    static func readBlock(header: [CodeToken], body: [CodeNode], reader: inout LayoutCodeReader) -> Bool { false }
    static func readStatement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? { nil }
}
