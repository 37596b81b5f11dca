import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// A storyboard's prototype cells as the session's cells: each prototype a table view's
/// `<prototypes>` or a collection view's `<cells>` holds becomes `cell NAME … at X,Y in VIEW`,
/// where Interface Builder drew it (the first row at the table's top, under a section header
/// or a table header when there is one), so its frames can be compared with the stored ones and
/// `cell NAME height fit` sizes it as a self-sizing table would.
extension InterfaceBuilderTranslation {
    /// ` at X,Y in PARENT` for a prototype (nothing for a place the command takes by default).
    func prototypePlace(_ frame: IBRect, in parent: String) -> String {
        var words = ""
        if frame.x != 0 || frame.y != 0 { words += " at \(formatNumber(frame.x)),\(formatNumber(frame.y))" }
        if parent != LayoutModel.rootName { words += " in \(parent)" }
        return words
    }

    /// Gives a cell's content view its session name (`CELL.contentView`), with its margins
    /// guide, and keeps its element so that its stored frame is compared and `names` maps it.
    mutating func claimContentView(_ content: IBView, of cell: String) -> String {
        let name = Cell.contentViewName(of: cell)
        if let id = content.id {
            names[id] = name
            if let guide = content.guides["layoutMarginsGuide"] { names[guide] = name + ".margins" }
        }
        views[name] = content
        viewOrder.append(name)
        return name
    }

    /// A name from a reuse identifier (`PostCell` → `postCell`, `Cell` → `cell`, `Photo` →
    /// `photoCell`): what a developer calls the prototype in `dequeueReusableCell`.
    static func cellName(reuseIdentifier: String) -> String? {
        let words = LogNames.identifier(from: reuseIdentifier, fallback: "")
        guard !words.isEmpty else { return nil }
        let name = words.lowercased().hasSuffix("cell") ? words : words + "Cell"
        return LayoutModel.isIdentifier(name) ? name : nil
    }

    /// The prototypes the scene holds, one line each, for the import's notes: the session name,
    /// the class, the reuse identifier and the stored size.
    func prototypeListing() -> [String] {
        let prototypes = root.flattened().filter(\.isPrototype)
        guard !prototypes.isEmpty else { return [] }
        var lines = ["  prototype cells (each a `cell`; `cell NAME height fit` sizes one as a self-sizing table does):"]
        for prototype in prototypes {
            let name = prototype.id.flatMap { names[$0] } ?? "(left out)"
            var words = ["    \(name)", prototype.className]
            if let reuse = prototype.reuseIdentifier { words.append("reuse identifier \(reuse)") }
            if let frame = prototype.frame { words.append("\(formatNumber(frame.width))x\(formatNumber(frame.height))") }
            lines.append(words.joined(separator: "  "))
        }
        return lines
    }

    /// Whether a reader's note is about what is imported: in a storyboard, one from the scene
    /// that holds the root (a prototype imported alone is in its table's scene) or from before
    /// the first scene; another scene's header view or unknown attribute is not this one's.
    static func concerns(_ note: IBNote, root: IBView, in document: IBDocument) -> Bool {
        let starts = document.scenes.map(\.line)
        guard document.kind == .storyboard, let first = starts.first, note.line >= first,
              let index = starts.lastIndex(where: { $0 <= root.line }) else { return true }
        let end = index + 1 < starts.count ? starts[index + 1] : Int.max
        return (starts[index]..<end).contains(note.line)
    }
}
