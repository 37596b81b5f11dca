import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `VIEW.preservesSuperviewMargins = true|false` (`preservesSuperviewLayoutMargins`) and
/// `VIEW.insetsMarginsFromSafeArea = true|false` (`insetsLayoutMarginsFromSafeArea`); UIKit's
/// own names are accepted too. A form of the `margins` topic (`SetMargins.read`), where the
/// help and completion come from.
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

    static let spec = SetMargins.spec

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
        let marginsBefore = session.model.effectiveMargins(of: view)
        try session.modelChange { model in
            switch setting {
            case .preservesSuperviewMargins: try model.setPreservesSuperviewMargins(view, value)
            case .insetsMarginsFromSafeArea: try model.setInsetsMarginsFromSafeArea(view, value)
            }
        }
        var notes = ["\(view).\(setting.word) is now \(value)" + (old.map { " (was \($0))" } ?? "")]
        // What the setting changes at once, with the insets of the last layout (the layout
        // after it reports what moves with the frames).
        let marginsNow = session.model.effectiveMargins(of: view)
        if marginsNow != marginsBefore {
            notes.append("\(view)'s margins are now \(SetMargins.describe(marginsNow)) (were \(SetMargins.describe(marginsBefore)))")
        }
        return notes
    }
}
