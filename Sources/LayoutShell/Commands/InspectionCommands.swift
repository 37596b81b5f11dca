import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Looking at the layout: frames, constraints, and the diagnostics still to come. The
/// pictures (`draw`, `svg`) are PictureCommands.
enum InspectionCommands {
    static let all: [any ShellCommand.Type] = [ShowFrames.self, ListConstraints.self, ListBroken.self, ListAmbiguity.self]
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
    var exact = false

    static let spec = CommandSpec(
        trigger: .words(["frames"]), kind: .inspection, group: .look, topic: "frames",
        synopsis: ["frames [--exact] [VIEW]"],
        summary: ["the frames (x, y, width, height in the superview's coordinates) of",
                  "every view and guide, or of VIEW and its subviews; rounded to the",
                  "pixels of the scale when one is set, unless --exact."],
        examples: ["frames card", "frames --exact"],
        overview: ["frames"],
        completeArguments: { $0.session.model.viewOrder + ["--exact"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowFrames {
        var q = p
        let exact = q.rest.first?.text == "--exact"
        if exact { q.dropFirstArgument() }
        if let word = q.rest.first, word.text.hasPrefix("-") {
            throw ShellError("frames has one option, --exact, not \(word.text)", column: word.column)
        }
        return ShowFrames(view: try optionalView(q), exact: exact)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = session.model.frameListing(view, exact: exact)
        result.carriesWholeState = true
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
        overview: ["constraints"],
        completeArguments: { $0.session.model.viewOrder })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListConstraints {
        ListConstraints(view: try optionalView(p))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        // Only JSON prints the rows as data: a text report makes its lines without them.
        if session.keepsJSONDetails {
            let rows = session.model.constraintRows(view)
            result.output = session.model.constraintListing(rows, view: view)
            result.constraintRows = rows
        } else {
            result.output = session.model.constraintListing(view)
        }
        return false
    }
}

/// `broken [VIEW]`: every broken constraint (of VIEW's subtree), the ones reports no longer
/// repeat included.
struct ListBroken: SessionAction {
    var view: String?

    static let spec = CommandSpec(
        trigger: .words(["broken"]), kind: .inspection, group: .look, topic: "broken",
        synopsis: ["broken [VIEW]"],
        summary: ["every broken optional constraint (and required one broken in a",
                  "conflict), then the views stretched or compressed as their hugging,",
                  "resistance or a fitting size allows; reports after an input show",
                  "only the new or changed ones."],
        examples: ["broken", "broken card"],
        overview: ["broken"],
        completeArguments: { $0.session.model.viewOrder })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListBroken {
        ListBroken(view: try optionalView(p))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = session.brokenListing(view)
        return false
    }
}

/// `ambiguous [VIEW]`: every ambiguous view (of VIEW's subtree) with why.
struct ListAmbiguity: SessionAction {
    var view: String?

    static let spec = CommandSpec(
        trigger: .words(["ambiguous"]), kind: .inspection, group: .look, topic: "ambiguous",
        synopsis: ["ambiguous [VIEW]"],
        summary: ["every ambiguous view, which of x, y, width, height, and why; reports",
                  "after an input show only the new or changed ones."],
        examples: ["ambiguous", "ambiguous card"],
        overview: ["ambiguous"],
        completeArguments: { $0.session.model.viewOrder })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListAmbiguity {
        ListAmbiguity(view: try optionalView(p))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        result.output = session.ambiguityListing(view)
        return false
    }
}
