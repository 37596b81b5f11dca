import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The listings of `broken` and `ambiguous`, which mark what the reader has seen (the
/// session's report state); `frames` and `constraints` are the model's (LayoutReport,
/// LayoutModel+Listings.swift).
extension Session {
    /// `broken [view]`: the failures first, then the stretches, as reports write them. The
    /// reader has seen them all now: reports go on from here.
    func brokenListing(_ view: String?) -> [String] {
        var items = model.reportedBroken()
        if let view {
            let subtree = Set(model.subtree(of: view))
            items = items.filter { model.constraint($0.id)?.items.contains(where: subtree.contains) ?? false }
        }
        let lines = items.map(model.brokenLine)
        if view == nil { markShown(broken: items) }
        if lines.isEmpty { return [view.map { "nothing broken in \($0)" } ?? "nothing broken"] }
        let failures = lines.filter { !$0.isStretch }, stretches = lines.filter(\.isStretch)
        var output = failures.map(\.line)
        if !stretches.isEmpty {
            if !failures.isEmpty { output.append("sized as UIKit sizes views (not failures):") }
            output += stretches.map(\.line)
        }
        return output
    }

    /// `ambiguous [view]`: every ambiguous view with why.
    /// - Complexity: one explanation (a question to the solver) per ambiguous view.
    func ambiguityListing(_ view: String?) -> [String] {
        var items = reportState.ambiguous
        if let view {
            let subtree = Set(model.subtree(of: view))
            items = items.filter { subtree.contains($0.view) }
        }
        let explained = items.map { item in
            var report = item
            report.explanations = model.explanations(of: item.view)
            return report
        }
        let texts = explained.map(\.text)
        if view == nil { markShown(ambiguity: explained, texts: texts) }
        if texts.isEmpty { return [view.map { "nothing in \($0) is ambiguous" } ?? "nothing is ambiguous"] }
        return texts.map { "ambiguous: " + $0 }
    }
}
