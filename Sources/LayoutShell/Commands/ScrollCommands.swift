import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Scroll views and the keyboard: `scroll`, `keyboard`. (`s.contentLayoutGuide.ATTR`,
/// `s.frameLayoutGuide.ATTR` and `root.keyboard.ATTR` are items of a constraint: see
/// `LineParser.viewItem`.)
enum ScrollCommands {
    static let all: [any ShellCommand.Type] = [AddScrollView.self, SetKeyboard.self]
}

/// `scroll NAME [in SUPER]`: a UIScrollView with its content and frame layout guides.
struct AddScrollView: SessionChange {
    var name: String
    var parent: String

    static let spec = CommandSpec(
        trigger: .words(["scroll"]), kind: .change, group: .makeViews, topic: "scroll",
        aliases: ["UIScrollView", "contentLayoutGuide", "frameLayoutGuide"],
        synopsis: ["scroll NAME [in SUPERVIEW]"],
        summary: ["a scroll view: NAME.contentLayoutGuide.ATTR is its content (the content",
                  "size is that guide's size, from your constraints; reports show it as",
                  "NAME content WxH), NAME.frameLayoutGuide.ATTR its frame. Subviews are",
                  "framed in content coordinates (offset 0)."],
        examples: ["scroll list", "scroll pager in card"],
        overview: [],
        completeArguments: { $0.superviewAfterIn })

    static func parse(_ p: inout LineParser) throws(ShellError) -> AddScrollView {
        let usage = "e.g. scroll list, scroll list in card"
        let rest = p.rest
        guard let name = rest.first else { throw ShellError("scroll needs a name", hint: usage, column: p.columnAfterCommand) }
        do { try p.model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
        if p.session.metrics[name.text] != nil { throw ShellError("\(name.text) is already a metric", hint: "choose another name", column: name.column) }
        if name.text == "in" { throw ShellError("in is a word of the scroll command", hint: "choose another name", column: name.column) }
        var parent = LayoutModel.rootName
        if rest.count > 1 {
            guard rest[1].text == "in", rest.count == 3 else { throw ShellError("after the name comes in SUPERVIEW", hint: usage, column: rest[1].column) }
            guard let info = p.model.view(rest[2].text) else { throw p.unknownView(rest[2].text, column: rest[2].column) }
            if info.kind.isGuide { throw ShellError(LayoutError.guideCannotHaveSubviews(rest[2].text), column: rest[2].column) }
            parent = rest[2].text
        }
        return AddScrollView(name: name.text, parent: parent)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.addScrollView(name, in: parent) }
        return []
    }
}

/// `keyboard HEIGHT|off`: show or hide the keyboard that `root.keyboard` follows.
struct SetKeyboard: SessionChange {
    var height: Double?

    static let spec = CommandSpec(
        trigger: .words(["keyboard"]), kind: .change, group: .settings, topic: "keyboard",
        aliases: ["keyboardLayoutGuide"],
        synopsis: ["keyboard HEIGHT|off"],
        summary: ["show a keyboard HEIGHT points high, or hide it: root.keyboard.ATTR (UIKit's",
                  "keyboardLayoutGuide) spans the root's bottom; its top is the keyboard's",
                  "top, or the safe area's bottom while the keyboard is hidden."],
        examples: ["keyboard 336", "keyboard off"],
        overview: ["keyboard 336"],
        completeArguments: { _ in ["off"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetKeyboard {
        let word = try p.oneArgument("keyboard takes a height or off", hint: "e.g. keyboard 336, keyboard off")
        if word.text == "off" { return SetKeyboard(height: nil) }
        try p.tokenizeLine()
        p.position = 1
        let height = try p.number(what: "the keyboard's height")
        try p.expectEnd()
        if height < 0 { throw ShellError(LayoutError.negativeLength(.keyboardHeight, height), column: word.column) }
        if height > p.model.rootHeight {
            throw ShellError("a keyboard \(formatNumber(height)) high does not fit in the root (\(formatNumber(p.model.rootHeight)) high)",
                             hint: "e.g. keyboard 336", column: word.column)
        }
        return SetKeyboard(height: height)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setKeyboard(height) }
        let bottom = session.model.safeAreaInsets.bottom
        return [height.map { "the keyboard is shown, \(formatNumber($0)) high" }
                ?? "the keyboard is hidden (root.keyboard is the \(formatNumber(bottom)) points under the safe area)"]
    }
}
