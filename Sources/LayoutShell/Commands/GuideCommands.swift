import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Layout guides and the insets UIKit's own guides follow: `guide`, `safearea`,
/// `VIEW.directionalMargins`. (`root.safeArea.ATTR` and `VIEW.margins.ATTR` are items of a
/// constraint: see `LineParser.viewItem`.)
enum GuideCommands {
    static let all: [any ShellCommand.Type] = [AddGuide.self, SetSafeArea.self, SetDirectionalMargins.self]
}

extension LineParser {
    /// `N` or `T,A,B,C` from the current token on, to the end of the line: four insets.
    mutating func insets(what: String, order: String, example: String, allowOne: Bool = true) throws(ShellError) -> EdgeInsets {
        var values: [Double] = [try number(what: what)]
        while current.isSymbol(",") {
            advance()
            values.append(try number(what: what))
        }
        guard (allowOne && values.count == 1) || values.count == 4 else {
            throw ShellError("\(what)s take \(allowOne ? "one value or " : "")four (\(order))", hint: "e.g. \(example)", column: current.column)
        }
        try expectEnd()
        return values.count == 1 ? EdgeInsets(all: values[0])
            : EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}

/// `guide NAME… [in VIEW]`: UILayoutGuides owned by VIEW (default root).
struct AddGuide: SessionChange {
    var names: [String]
    var owner: String

    static let spec = CommandSpec(
        trigger: .words(["guide"]), kind: .change, group: .makeViews, topic: "guide", aliases: ["guides", "UILayoutGuide"],
        synopsis: ["guide NAME… [in VIEW]"],
        summary: ["add layout guides (UILayoutGuide) owned by VIEW (default root): rectangles",
                  "constraints name like views (g.leading, g.width), framed in the owner's",
                  "coordinates; never superviews, no intrinsic size, not in VFL.",
                  "UIKit's own: root.safeArea.ATTR (see safearea), VIEW.margins.ATTR."],
        examples: ["guide spacer", "guide column in card"],
        overview: ["guide g", "guide g in a"],
        completeArguments: { $0.superviewAfterIn })

    static func parse(_ parser: inout LineParser) throws(ShellError) -> AddGuide {
        let model = parser.model
        var names: [Word] = []
        var owner = LayoutModel.rootName
        var i = 0
        let rest = parser.rest
        while i < rest.count {
            let word = rest[i]
            if word.text == "in" {
                guard i + 1 < rest.count else { throw ShellError("'in' needs the name of the owning view", hint: "e.g. guide g in card", column: word.column + 2) }
                let ownerWord = rest[i + 1]
                guard model.view(ownerWord.text) != nil else { throw parser.unknownView(ownerWord.text, column: ownerWord.column) }
                if model.isGuide(ownerWord.text) {
                    throw ShellError(LayoutError.guideCannotHaveSubviews(ownerWord.text), column: ownerWord.column)
                }
                if i + 2 < rest.count { throw ShellError("unexpected '\(rest[i + 2].text)' after the owner", column: rest[i + 2].column) }
                owner = ownerWord.text
                i += 2
            } else {
                names.append(word)
                i += 1
            }
        }
        guard !names.isEmpty else { throw ShellError("guide needs a name", hint: "e.g. guide spacer", column: parser.columnAfterCommand) }
        var seen = Set<String>()
        for name in names {
            do { try model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
            if seen.contains(name.text) { throw ShellError("\(name.text) is named twice", column: name.column) }
            if parser.session.metrics[name.text] != nil {
                throw ShellError("\(name.text) is already a metric", hint: "choose another guide name", column: name.column)
            }
            if name.text == "in" { throw ShellError("in is a word of the guide command", hint: "choose another name", column: name.column) }
            seen.insert(name.text)
        }
        return AddGuide(names: names.map(\.text), owner: owner)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { model in
            for name in names { try model.addGuide(name, in: owner) }
        }
        return []
    }
}

/// `safearea T,L,B,R`: the root's safe-area insets.
struct SetSafeArea: SessionChange {
    var insets: EdgeInsets

    static let spec = CommandSpec(
        trigger: .words(["safearea"]), kind: .change, group: .settings, topic: "safearea", aliases: ["safeArea"],
        synopsis: ["safearea T,L,B,R"],
        summary: ["the root's safe-area insets (default 0): root.safeArea.ATTR is inset by",
                  "them, and the root's margins lie inside them. device sets them too.",
                  "They are the whole safe area: any bars are cleared (bars adds them)."],
        examples: ["safearea 59,0,34,0"],
        overview: ["safearea 59,0,34,0"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetSafeArea {
        try p.tokenizeLine()
        p.position = 1
        guard p.current.kind != .end else {
            throw ShellError("safearea needs four insets (top,left,bottom,right)", hint: "e.g. safearea 59,0,34,0", column: p.columnAfterCommand)
        }
        let column = p.current.column
        let insets = try p.insets(what: "safe-area inset", order: "top,left,bottom,right", example: "safearea 59,0,34,0")
        if [insets.top, insets.left, insets.bottom, insets.right].contains(where: { $0 < 0 }) {
            throw ShellError(LayoutError.negativeSafeArea, column: column)
        }
        return SetSafeArea(insets: insets)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let old = session.model.safeAreaInsets, oldBars = session.model.bars
        try session.modelChange { try $0.setSafeArea(insets) }
        // The typed insets are the whole safe area: the bars they replace are said, not kept.
        let cleared = oldBars == .none ? "" : "; bars none (were \(oldBars.words)): bars NAME… adds them on top again"
        return ["the safe area is now \(SetMargins.describe(insets)) (was \(SetMargins.describe(old))) (top,left,bottom,right)" + cleared]
    }
}

/// `VIEW.directionalMargins = T,L,B,T`: margins whose leading and trailing follow the direction.
struct SetDirectionalMargins: SessionChange {
    var view: String
    var insets: EdgeInsets

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["directionalMargins"]), kind: .change, group: .contentSize,
        topic: "directionalMargins",
        synopsis: ["VIEW.directionalMargins = N", "VIEW.directionalMargins = T,LEADING,B,TRAILING"],
        summary: ["layout margins (directionalLayoutMargins) whose leading and trailing",
                  "insets change sides in right-to-left; margins sets left and right."],
        examples: ["card.directionalMargins = 8,24,8,16"],
        overview: ["a.directionalMargins = 8,24,8,16"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetDirectionalMargins {
        let head = p.current.identifier!
        guard p.model.view(head) != nil else { throw p.unknownView(head, column: p.current.column) }
        if p.model.isGuide(head) { throw ShellError(LayoutError.guideHasNoMargins(head), column: p.current.column) }
        p.position = 3
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        let insets = try p.insets(what: "margin", order: "top,leading,bottom,trailing", example: "\(head).directionalMargins = 8,24,8,16")
        return SetDirectionalMargins(view: head, insets: insets)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setMargins(view, insets, directional: true) }
        return ["\(view)'s directional margins are now \(SetMargins.describe(insets)) (top,leading,bottom,trailing)"]
    }
}
