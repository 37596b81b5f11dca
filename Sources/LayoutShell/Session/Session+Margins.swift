import LayoutModel
import LayoutVocabulary

extension Session {
    /// The notes for the margins the layout moved after a change (each view with its margins
    /// before the layout): each view's new margins and what they take in from where the view
    /// lies. The guide constraints the layout rewrote are not listed one by one.
    func marginNotes(_ before: [(view: String, margins: EdgeInsets)]) -> [String] {
        var notes: [String] = []
        for (name, old) in before {
            let now = model.effectiveMargins(of: name)
            guard now != old, let info = model.view(name) else { continue }
            let inputs = model.frameDependentInsets(of: name)
            var reasons: [String] = []
            if info.insetsMarginsFromSafeArea && inputs.safeArea != EdgeInsets(all: 0) {
                reasons.append("its safe area \(SetMargins.describe(inputs.safeArea))")
            }
            if info.preservesSuperviewMargins && inputs.superviewMargins != EdgeInsets(all: 0), let parent = info.parent {
                reasons.append("\(parent)'s margins reach \(SetMargins.describe(inputs.superviewMargins)) into it")
            }
            notes.append("\(name)'s margins are now \(SetMargins.describe(now)) (were \(SetMargins.describe(old)))"
                         + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")))
        }
        return notes
    }
}
