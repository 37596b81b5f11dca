import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Where a view's margins come from besides its own: `VIEW.preservesSuperviewMargins` and
/// `VIEW.insetsMarginsFromSafeArea`.
enum MarginInheritanceCommands {
    static let all: [any ShellCommand.Type] = [SetMarginInheritance.self]
}

/// `VIEW.preservesSuperviewMargins = true|false` (`preservesSuperviewLayoutMargins`) and
/// `VIEW.insetsMarginsFromSafeArea = true|false` (`insetsLayoutMarginsFromSafeArea`); UIKit's
/// own names are accepted too.
struct SetMarginInheritance: SessionChange {
    enum Setting: Sendable {
        case preservesSuperviewMargins, insetsMarginsFromSafeArea

        var word: String { self == .preservesSuperviewMargins ? "preservesSuperviewMargins" : "insetsMarginsFromSafeArea" }
    }

    var view: String
    var setting: Setting
    var value: Bool

    static let members: [String: Setting] = [
        "preservesSuperviewMargins": .preservesSuperviewMargins, "preservesSuperviewLayoutMargins": .preservesSuperviewMargins,
        "insetsMarginsFromSafeArea": .insetsMarginsFromSafeArea, "insetsLayoutMarginsFromSafeArea": .insetsMarginsFromSafeArea,
    ]

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["preservesSuperviewMargins", "insetsMarginsFromSafeArea",
                                                "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea"]),
        kind: .change, group: .contentSize, topic: "preservesSuperviewMargins",
        aliases: ["insetsMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea"],
        synopsis: ["VIEW.preservesSuperviewMargins = true|false", "VIEW.insetsMarginsFromSafeArea = true|false"],
        summary: ["where a view's margins come from besides its own (VIEW.margins).",
                  "preservesSuperviewMargins (default false): on each edge, at least the part",
                  "of the superview's margin that reaches into the view.",
                  "insetsMarginsFromSafeArea (default true): the margins are measured from",
                  "the part of the screen the safe area leaves the view (own margin + the",
                  "view's safe-area inset). Both follow the view's frame after each change."],
        examples: ["card.preservesSuperviewMargins = true", "banner.insetsMarginsFromSafeArea = false"],
        overview: ["a.preservesSuperviewMargins = true"],
        completeArguments: { _ in ["true", "false"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetMarginInheritance {
        let member = p.peek(2).identifier!
        let setting = members[member]!
        let head = p.current.identifier!
        let (view, value, _) = try p.viewSwitch(member, rootError: setting == .preservesSuperviewMargins ? .rootHasNoSuperview : nil,
                                                guideNote: "which has no margins", example: setting == .preservesSuperviewMargins)
        precondition(view == head)
        return SetMarginInheritance(view: view, setting: setting, value: value)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let old = session.model.view(view).map { setting == .preservesSuperviewMargins ? $0.preservesSuperviewMargins : $0.insetsMarginsFromSafeArea }
        try session.modelChange { model in
            switch setting {
            case .preservesSuperviewMargins: try model.setPreservesSuperviewMargins(view, value)
            case .insetsMarginsFromSafeArea: try model.setInsetsMarginsFromSafeArea(view, value)
            }
        }
        return ["\(view).\(setting.word) is now \(value)" + (old.map { " (was \($0))" } ?? "")]
    }
}
