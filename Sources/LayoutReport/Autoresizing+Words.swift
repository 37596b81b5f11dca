import LayoutVocabulary
import LayoutModel

// UIKit's note on autoresizing constraints in a conflict, and the advice that goes with it:
// words for a conflict's members, read from the model.

/// UIKit's note, printed when NSAutoresizingMaskLayoutConstraints are among a conflict's members.
package let autoresizingConflictNote = "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)"

extension LayoutModel {
    /// The views whose autoresizing constraints are among these constraints, in order.
    package func autoresizingViews(among ids: [String]) -> [String] {
        var views: [String] = []
        for id in ids {
            guard let record = constraint(id), record.isAutoresizing, !views.contains(record.spec.firstItem) else { continue }
            views.append(record.spec.firstItem)
        }
        return views
    }

    /// What to change when a view's autoresizing constraints fight constraints of the user's.
    package func autoresizingFix(_ views: [String]) -> String? {
        guard !views.isEmpty else { return nil }
        let lines = views.map { "\($0).translatesAutoresizingMask = false" }.joined(separator: ", ")
        let who = views.count == 1 ? "\(views[0]) still translates its autoresizing mask" : "\(views.joined(separator: ", ")) still translate their autoresizing masks"
        return "\(who) into constraints (h=…, v=…), which hold its frame as set; to place it with constraints: \(lines)"
    }
}
