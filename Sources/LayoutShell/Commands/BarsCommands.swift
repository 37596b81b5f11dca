import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `bars navigation|tab|none…`: the bars the root's view controller sits under, whose heights
/// the safe area adds to the screen's insets (and keeps adding after each `device`).
struct SetBars: SessionChange {
    var bars: Bars

    static let spec = CommandSpec(
        trigger: .words(["bars"]), kind: .change, group: .settings, topic: "bars", aliases: ["navigation", "tabbar"],
        synopsis: ["bars", "bars navigation | tab | navigation tab | none"],
        summary: ["alone: the bars the root sits under. With words: the root's view controller",
                  "is in a navigation controller (a bar 44 high, 32 on a phone in landscape)",
                  "and/or a tab bar controller (49): the safe area is the screen's insets",
                  "plus the bars, again after every device. safearea T,L,B,R clears them."],
        examples: ["bars navigation", "bars navigation tab", "bars none"],
        overview: ["bars navigation"],
        completeArguments: { _ in ["navigation", "tab", "none"] })

    /// `bars` alone is the look; with words it is this change.
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.rest.isEmpty ? ShowBars() : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetBars {
        guard !p.rest.isEmpty else {
            throw ShellError("bars needs navigation, tab or none", hint: "e.g. bars navigation tab", column: p.columnAfterCommand)
        }
        var bars = Bars.none
        var seen: Set<String> = []
        for word in p.rest {
            let text = word.text.lowercased()
            guard ["navigation", "tab", "none"].contains(text) else {
                let hint = nearest(text, in: ["navigation", "tab", "none"]).map { "did you mean \($0)?" } ?? "e.g. bars navigation tab"
                throw ShellError("the bars are navigation, tab or none, not \(word.text)", hint: hint, column: word.column)
            }
            guard seen.insert(text).inserted else { throw ShellError("\(text) is named twice", column: word.column) }
            if text == "none" || seen.contains("none") {
                guard p.rest.count == 1 else { throw ShellError("none stands alone: no other bar goes with it", column: word.column) }
            }
            if text == "navigation" { bars.navigation = true }
            if text == "tab" { bars.tab = true }
        }
        return SetBars(bars: bars)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let model = session.model
        let (oldBars, oldInsets) = (model.bars, model.safeAreaInsets)
        model.setBars(bars)
        return ["bars are now \(bars.words) (were \(oldBars.words)): safe area \(SetMargins.describe(model.safeAreaInsets)) "
                + "(was \(SetMargins.describe(oldInsets)))\(Self.underBars(model))"]
    }

    /// What the bars add to the safe area, for the lines that show it: ` (navigation bar 44,
    /// tab bar 49)`; nothing without bars.
    static func underBars(_ model: LayoutModel) -> String {
        let added = model.barInsets
        let parts = [model.bars.navigation ? "navigation bar \(formatNumber(added.top))" : nil,
                     model.bars.tab ? "tab bar \(formatNumber(added.bottom))" : nil].compactMap { $0 }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")) over the screen's \(SetMargins.describe(model.screenSafeArea)))"
    }
}

/// `bars` alone: the bars the root sits under and what they add to the safe area.
struct ShowBars: SessionAction {
    static let spec = SetBars.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowBars { ShowBars() }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let model = session.model
        result.output = ["bars \(model.bars.words): safe area \(SetMargins.describe(model.safeAreaInsets))\(SetBars.underBars(model))"]
        return false
    }
}
