import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Autoresizing masks: `VIEW.autoresizing = …` and `VIEW.translatesAutoresizingMask = …`
/// (`view NAME frame X,Y,W,H` makes such a view: see `AddViews`).
enum AutoresizingCommands {
    static let all: [any ShellCommand.Type] = [SetAutoresizingMask.self]
}

/// `VIEW.autoresizing = flexibleWidth flexibleLeftMargin …` (or `none`).
struct SetAutoresizingMask: SessionChange {
    var view: String
    var mask: AutoresizingMask

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["autoresizing", "autoresizingMask", "translatesAutoresizingMask",
                                                "translatesAutoresizingMaskIntoConstraints"]),
        kind: .change, group: .change, topic: "resizing",
        aliases: ["autoresizing", "autoresizingMask", "flexibleWidth", "translatesAutoresizingMask", "translatesAutoresizingMaskIntoConstraints"],
        synopsis: ["VIEW.autoresizing = none | FLEX…", "VIEW.translatesAutoresizingMask = true|false"],
        summary: ["the autoresizing mask of a view that translates it into constraints:",
                  "flexibleLeftMargin flexibleWidth flexibleRightMargin flexibleTopMargin",
                  "flexibleHeight flexibleBottomMargin. Its four",
                  "NSAutoresizingMaskLayoutConstraints are made anew from its current frame.",
                  "translatesAutoresizingMask = false removes them, so constraints alone",
                  "place the view; true holds it where it is now (view NAME starts false, as",
                  "in Interface Builder; view NAME frame X,Y,W,H starts true, as in code)."],
        examples: ["banner.autoresizing = flexibleWidth flexibleBottomMargin"],
        overview: [],
        completeArguments: { _ in ["none", "true", "false"] + AutoresizingMask.named.map(\.name) })

    /// `VIEW.translatesAutoresizingMask = …` is the other form of this topic.
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.peek(2).identifier?.hasPrefix("translates") == true
            ? try SetTranslatesAutoresizingMask.parse(&parser) : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetAutoresizingMask {
        let head = p.current.identifier!
        let column = p.current.column
        guard p.model.view(head) != nil else { throw p.unknownView(head, column: column) }
        guard p.model.autoresizing[head] != nil else { throw ShellError(LayoutError.notTranslatingAutoresizingMask(head), column: column) }
        p.position = 3
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        var mask: AutoresizingMask = []
        var sawNone = false
        let names = AutoresizingMask.named.map(\.name)
        while p.current.kind != .end {
            if p.current.isSymbol(",") || p.current.isSymbol("|") { p.advance(); continue }
            guard let word = p.current.identifier else { throw p.unexpected("a mask name such as flexibleWidth") }
            if word == "none" {
                sawNone = true
            } else if let bit = AutoresizingMask.named.first(where: { $0.name == word })?.mask {
                mask.insert(bit)
            } else {
                let hint = nearest(word, in: names + ["none"]).map { "did you mean \($0)?" } ?? names.joined(separator: " ")
                throw ShellError("\(word) is not an autoresizing mask", hint: hint, column: p.current.column)
            }
            p.advance()
        }
        guard sawNone || !mask.isEmpty else {
            throw ShellError("autoresizing needs a mask: none or flexible… names", hint: "e.g. \(head).autoresizing = flexibleWidth", column: p.current.column)
        }
        if sawNone && !mask.isEmpty { throw ShellError("none cannot go with other masks", hint: "e.g. \(head).autoresizing = none", column: p.current.column) }
        return SetAutoresizingMask(view: head, mask: mask)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setAutoresizingMask(view, mask) }
        return ["\(view).autoresizing is now \(mask.isEmpty ? "none" : mask.names.joined(separator: " ")) (\(mask.printed))"]
    }
}

/// `VIEW.translatesAutoresizingMask = true|false`.
struct SetTranslatesAutoresizingMask: SessionChange {
    var view: String
    var on: Bool

    static let spec = SetAutoresizingMask.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetTranslatesAutoresizingMask {
        let (view, on, column) = try p.viewSwitch("translatesAutoresizingMask", rootError: .rootHasNoAutoresizing,
                                                  guideNote: "and only views have autoresizing masks", example: false)
        if on, let stack = p.model.arrangedIn[view] {
            throw ShellError(LayoutError.arrangedViewCannotTranslate(view, stack: stack), column: column)
        }
        return SetTranslatesAutoresizingMask(view: view, on: on)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let was = session.model.autoresizing[view] != nil
        try session.modelChange { try $0.setTranslatesAutoresizingMask(view, on) }
        if was == on { return ["\(view).translatesAutoresizingMask was already \(on)"] }
        return [on ? "\(view) now translates its autoresizing mask into constraints: its frame is held where it is"
                   : "\(view) no longer translates its autoresizing mask: only constraints place it now"]
    }
}
