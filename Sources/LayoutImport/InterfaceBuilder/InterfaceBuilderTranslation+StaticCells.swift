import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// A static table's cells (`<tableView dataMode="static">`, a settings screen) as the session's
/// cells: each is made where Interface Builder stored it, in its table, like a prototype
/// (`emitCell`), so the section headers and footers and a grouped table's spacing, which the
/// table draws outside Auto Layout, are in the rows' stored places rather than laid out. Each
/// cell knows its section: `names`, the scene listing and the notes say it. Also the built-in
/// cell styles' labels, in any cell: UIKit places them in `layoutSubviews`, without constraints.
extension InterfaceBuilderTranslation {
    /// What the notes say of a built-in style's labels.
    static let styleLabelsWords = "UIKit places the textLabel, detailTextLabel and imageView in layoutSubviews, without constraints: "
        + "they start at their stored frames and move with the cell as UIKit moves them (centred vertically; "
        + "a Value1 detail at the right, Default and Subtitle text as wide as the cell)"

    /// A cell's content view with its built-in style's views given the autoresizing that
    /// matches where `layoutSubviews` puts them when the row changes size: each stays centred
    /// vertically (its margins above and below stretch alike); the text runs from the leading
    /// side, as wide as the row in the Default and Subtitle styles; a Value1 detail keeps its
    /// distance to the trailing side, a Value2 detail takes the rest of the row. (The file's
    /// own mask for them, `flexibleMaxX flexibleMaxY`, is IB's placeholder: UIKit ignores it.)
    static func placingStyleParts(_ content: IBView, of cell: IBView) -> IBView {
        guard let parts = cell.styleParts else { return content }
        var masks: [String: IBAutoresizingMask] = [:]
        func mask(left: Bool = false, width: Bool = false, right: Bool = false) -> IBAutoresizingMask {
            var mask = IBAutoresizingMask()
            (mask.flexibleLeft, mask.flexibleWidth, mask.flexibleRight) = (left, width, right)
            (mask.flexibleTop, mask.flexibleBottom) = (true, true)
            return mask
        }
        let stretches = parts.style == "Default" || parts.style == "Subtitle"
        if let id = parts.textLabel { masks[id] = stretches ? mask(width: true) : mask(right: true) }
        if let id = parts.detailTextLabel { masks[id] = parts.style == "Value1" ? mask(left: true) : mask(width: true) }
        if let id = parts.imageView { masks[id] = mask(right: true) }
        var placed = content
        placed.subviews = content.subviews.map { subview in
            guard let id = subview.id, let mask = masks[id], subview.translatesAutoresizingMask != false else { return subview }
            var subview = subview
            subview.autoresizingMask = mask
            return subview
        }
        return placed
    }

    /// A static cell's name from the text it shows (`General` → `generalCell`): the style's
    /// textLabel, else the first label with text in the cell; nil when it shows none.
    static func rowTitleName(of cell: IBView) -> String? {
        let labels = cell.flattened().filter { $0.element == "label" && $0.text != nil }
        guard let text = (labels.first { $0.id != nil && $0.id == cell.styleParts?.textLabel } ?? labels.first)?.text else { return nil }
        let words = LogNames.identifier(from: text, fallback: "")
        guard !words.isEmpty else { return nil }
        let name = String(words.prefix(24)) + "Cell"
        return LayoutModel.isIdentifier(name) ? name : nil
    }

    /// What `names` says after a static cell's class and id: its section (1-based) and title.
    func sectionRemark(_ view: IBView) -> String {
        guard let index = view.staticSection else { return "" }
        let table = root.flattened().first { table in table.subviews.contains { $0.id != nil && $0.id == view.id } }
        let title = table.flatMap { index < $0.sections.count ? $0.sections[index].headerTitle : nil }
        return " section \(index + 1)" + (title.map { " \"\($0)\"" } ?? "")
    }

    /// The static tables' sections and cells, for the import's notes: each section with its
    /// titles and the session names of its cells, and one note for the built-in styles.
    func staticCellListing() -> [String] {
        let tables = root.flattened().filter { !$0.sections.isEmpty }
        guard !tables.isEmpty else { return [] }
        let count = tables.reduce(0) { $0 + $1.sections.count }
        var lines = ["  static cells in \(count) section\(count == 1 ? "" : "s") (each a `cell` where IB stored it: the section headers "
                     + "and footers\(Self.gapWords(tables)) are in the stored frames, not laid out):"]
        for table in tables {
            for (index, section) in table.sections.enumerated() {
                let cells = table.subviews.filter { $0.staticSection == index }.map { $0.id.flatMap { names[$0] } ?? "(left out)" }
                var words = "    section \(index + 1)"
                if tables.count > 1, let name = table.id.flatMap({ names[$0] }) { words += " of \(name)" }
                if let header = section.headerTitle { words += " \"\(Self.shortened(header))\"" }
                if let footer = section.footerTitle { words += " (footer \"\(Self.shortened(footer))\")" }
                lines.append(words + ": " + (cells.isEmpty ? "no cells" : cells.joined(separator: ", ")))
            }
        }
        let cells = tables.flatMap(\.subviews).filter { $0.staticSection != nil }
        let accessories = cells.filter { cell in
            guard let width = cell.frame?.width, let content = cell.subviews.first(where: { $0.key == "contentView" })?.frame?.width else { return false }
            return content < width
        }.count
        if accessories > 0 {
            lines.append("  \(accessories) of them with an accessory (the content view narrower than the row, as IB stored it): "
                         + "each made as wide as its content view, whose trailing margin is then its own 8")
        }
        let styled = cells.compactMap(\.styleParts?.style)
        if !styled.isEmpty {
            var counts: [String: Int] = [:]
            for style in styled { counts[style, default: 0] += 1 }
            let kinds = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            lines.append("  \(styled.count) of them built-in styles (\(kinds)): " + Self.styleLabelsWords)
        }
        return lines
    }

    /// The gaps a grouped or inset-grouped style adds between sections, in words for the
    /// listing; nothing for plain tables.
    static func gapWords(_ tables: [IBView]) -> String {
        let styles = Set(tables.compactMap(\.tableStyle).filter { $0 != "plain" }).sorted()
        return styles.isEmpty ? "" : " and the \(styles.joined(separator: " and ")) style's gaps"
    }

    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}

extension InterfaceBuilderImporter {
    /// The scene listing's words for the static cells a view holds (`static cells 4 in 2
    /// sections`); nil when it holds none.
    static func staticCellsWords(in view: IBView) -> String? {
        let sections = view.flattened().flatMap(\.sections)
        guard !sections.isEmpty else { return nil }
        let cells = sections.reduce(0) { $0 + $1.cellCount }
        return "static cells \(cells) in \(sections.count) section\(sections.count == 1 ? "" : "s")"
    }
}
