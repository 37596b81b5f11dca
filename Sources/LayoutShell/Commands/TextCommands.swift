import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Settings of wrapping text (`view NAME text WxH` makes it).
enum TextCommands {
    static let all: [any ShellCommand.Type] = [SetPreferredMaxLayoutWidth.self]
}

/// `VIEW.preferredMaxLayoutWidth = P`: the width a label's lines are counted at; 0 (UIKit's
/// default, "automatic") goes back to the width the view gets.
struct SetPreferredMaxLayoutWidth: SessionChange {
    var view: String
    var width: Double

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["preferredMaxLayoutWidth"]), kind: .change, group: .contentSize,
        topic: "preferredMaxLayoutWidth",
        synopsis: ["VIEW.preferredMaxLayoutWidth = P"],
        summary: ["the width at which a text view's lines are counted, whatever width it",
                  "gets (UILabel.preferredMaxLayoutWidth); 0, the default, uses its width."],
        examples: ["message.preferredMaxLayoutWidth = 240", "message.preferredMaxLayoutWidth = 0"],
        overview: [])

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetPreferredMaxLayoutWidth {
        let head = p.current.identifier!
        let column = p.current.column
        guard let info = p.model.view(head) else { throw p.unknownView(head, column: column) }
        guard info.text != nil else { throw ShellError(LayoutError.noText(head), column: column) }
        p.position = 3
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        let valueColumn = p.current.column
        let width = try p.number(what: "a width")
        guard width >= 0 else { throw ShellError("a width cannot be negative", hint: "0 uses the width the view gets", column: valueColumn) }
        try p.expectEnd()
        return SetPreferredMaxLayoutWidth(view: head, width: width)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setPreferredMaxLayoutWidth(view, width == 0 ? nil : width) }
        return [width == 0 ? "\(view) counts its lines at the width it gets"
                : "\(view) counts its lines at \(formatNumber(width)) points, whatever its width"]
    }
}
