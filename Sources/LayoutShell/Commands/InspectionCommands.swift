import LayoutModel

/// Looking at the layout: frames, constraints, and the diagnostics still to come.
enum InspectionCommands {
    static let all: [any ShellCommand.Type] = [ShowFrames.self, ListConstraints.self,
                                               Draw.self, Explain.self, WriteSVG.self]
}

/// Reads `[VIEW]`: nothing, or the name of an existing view.
private func optionalView(_ p: LineParser) throws(ShellError) -> String? {
    if p.rest.count > 1 { throw ShellError("\(p.first.text) takes at most one view name", column: p.rest[1].column) }
    guard let name = p.rest.first else { return nil }
    guard p.model.view(name.text) != nil else { throw p.unknownView(name.text, column: name.column) }
    return name.text
}

/// `frames [VIEW]`: the frame table of every view, or of VIEW's subtree.
struct ShowFrames: SessionAction {
    var view: String?

    static let spec = CommandSpec(
        trigger: .words(["frames"]), kind: .inspection, group: .look, topic: "frames",
        synopsis: ["frames [VIEW]"],
        summary: ["the frames (x, y, width, height in the superview's coordinates) of",
                  "every view, or of VIEW and its subviews."],
        examples: ["frames card"],
        overview: ["frames [view]"],
        completeArguments: { $0.session.model.viewOrder })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowFrames {
        ShowFrames(view: try optionalView(p))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = session.frameListing(view)
        return false
    }
}

/// `constraints [VIEW]`: every constraint with its id, name and state.
struct ListConstraints: SessionAction {
    var view: String?

    static let spec = CommandSpec(
        trigger: .words(["constraints"]), kind: .inspection, group: .look, topic: "constraints",
        synopsis: ["constraints [VIEW]"],
        summary: ["every constraint with its id, name and state (inactive, broken:",
                  "wanted, got, error)."],
        examples: ["constraints label"],
        overview: ["constraints [view]"],
        completeArguments: { $0.session.model.viewOrder })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListConstraints {
        ListConstraints(view: try optionalView(p))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = session.constraintListing(view)
        return false
    }
}

/// A command the language reserves for the diagnostics tools; it says so and does nothing.
protocol PlannedCommand: SessionAction {
    init()
}

extension PlannedCommand {
    static func parse(_ p: inout LineParser) throws(ShellError) -> Self { Self() }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = ["\(Self.spec.words[0]) is not yet available: it comes with the diagnostics tools (draw, explain, exercise, svg)."]
        return false
    }
}

/// `draw [VIEW]`: the layout as a box picture in the terminal (planned).
struct Draw: PlannedCommand {
    static let spec = CommandSpec(
        trigger: .words(["draw"]), kind: .inspection, group: .look, topic: "draw",
        synopsis: ["draw"], summary: ["the layout as a box picture."],
        examples: ["draw"], overview: ["draw"], plannedWith: "the diagnostics tools")
}

/// `explain VIEW.ATTR`: the constraints that determine a value (planned).
struct Explain: PlannedCommand {
    static let spec = CommandSpec(
        trigger: .words(["explain"]), kind: .inspection, group: .look, topic: "explain",
        synopsis: ["explain VIEW.ATTR"], summary: ["the constraints that determine a value."],
        examples: ["explain a.width"], overview: ["explain a.width"], plannedWith: "the diagnostics tools")
}

/// `svg FILE`: the layout as an SVG picture (planned).
struct WriteSVG: PlannedCommand {
    static let spec = CommandSpec(
        trigger: .words(["svg"]), kind: .inspection, group: .look, topic: "svg",
        synopsis: ["svg FILE"], summary: ["the layout as an SVG picture."],
        examples: ["svg layout.svg"], overview: ["svg FILE"], plannedWith: "the diagnostics tools")
}
