import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Changing what exists: a constraint's constant or priority, removing, activating.
enum EditCommands {
    static let all: [any ShellCommand.Type] = [EditConstraint.self, RemoveItems.self, SetActive.self]
}

/// `cN.constant = N` (the solver's fast path) and `cN.priority = P`.
enum EditConstraint: SessionChange {
    case constant(id: String, value: Double)
    /// `column`: where the priority was typed, for the caret of a refusal.
    case priority(id: String, priority: LayoutPriority, column: Int)

    static let spec = CommandSpec(
        trigger: .property(of: .constraint, members: ["constant", "priority"]), kind: .change, group: .change,
        topic: "constant",
        synopsis: ["cN.constant = NUMBER", "cN.priority = P"],
        summary: ["change a constraint's constant (no new constraint), or an optional",
                  "constraint's priority (optional to optional only, as in UIKit)."],
        examples: ["c3.constant = 40", "c3.priority = 500"],
        overview: ["c3.constant = 20", "c3.priority = 500"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> EditConstraint {
        let id = p.model.resolveConstraint(p.current.identifier!)!
        let member = p.peek(2).identifier!
        p.position = 3
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        if member == "constant" {
            let value = try p.number(what: "the constant")
            try p.expectEnd()
            return .constant(id: id, value: value)
        }
        let column = p.current.column
        let priority = try p.priority()
        try p.expectEnd()
        return .priority(id: id, priority: priority, column: column)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        switch self {
        case .constant(let id, let value): try session.modelChange { try $0.setConstant(id, value) }
        case .priority(let id, let priority, let column):
            do { try session.modelChange { try $0.setPriority(id, priority) } } catch {
                var error = error
                error.column = column
                throw error
            }
        }
        return []
    }
}

/// `remove cN… | VIEW…`: constraints, or views with their subviews and every constraint
/// touching them.
struct RemoveItems: SessionChange {
    var items: [String]

    static let spec = CommandSpec(
        trigger: .words(["remove"]), kind: .change, group: .change, topic: "remove",
        synopsis: ["remove cN… | remove VIEW…"],
        summary: ["forget a constraint, or a view with its subviews and every constraint",
                  "touching them. Several may follow."],
        examples: ["remove c3", "remove card"],
        overview: ["remove c3", "remove a"],
        completeArguments: { context in
            context.session.completableIDs + context.session.model.viewOrder.filter { $0 != LayoutModel.rootName }
        })

    static func parse(_ p: inout LineParser) throws(ShellError) -> RemoveItems {
        RemoveItems(items: try p.constraintsOrViews(allowViews: true))
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let model = session.model
        // Check everything first so a bad item in the list changes nothing.
        for item in items where model.constraint(item) == nil && model.view(item) == nil {
            throw ShellError("there is no constraint or view named \(item)")
        }
        try session.modelChange { model in
            for item in items {
                if model.constraint(item) != nil { try model.removeConstraint(item) }
                else if model.view(item) != nil { try model.removeView(item) }
            }
        }
        return []
    }
}

/// `activate cN…` / `deactivate cN…`: switch constraints on or off without forgetting them.
struct SetActive: SessionChange {
    var ids: [String]
    var active: Bool

    static let spec = CommandSpec(
        trigger: .words(["activate", "deactivate"]), kind: .change, group: .change, topic: "activate",
        aliases: ["deactivate"],
        synopsis: ["activate cN… / deactivate cN…"],
        summary: ["switch constraints on or off without forgetting them."],
        examples: ["deactivate c2", "activate c2"],
        overview: ["deactivate c3", "activate c3"],
        completeArguments: { $0.session.completableIDs })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetActive {
        SetActive(ids: try p.constraintsOrViews(allowViews: false), active: p.first.text == "activate")
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let model = session.model
        // UIKit ignores activating an active constraint; say so rather than print nothing.
        let unchanged = ids.filter { id in model.resolveConstraint(id).flatMap { model.constraint($0)?.isActive } == active }
        try session.modelChange { model in
            for id in ids { try model.setActive(id, active) }
        }
        return unchanged.map { "\($0) is already \(active ? "active" : "inactive")" }
    }
}
