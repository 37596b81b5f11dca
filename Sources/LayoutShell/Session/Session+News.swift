import LayoutVocabulary
import LayoutModel
import LayoutReport

extension Session {
    /// Splits the report's broken constraints and ambiguity into what the reader has not seen
    /// (printed) and what they have (counted), and remembers what gets printed.
    ///
    /// A view's ambiguity is looked at again (explained, compared by its words) when its
    /// components or its frame changed, a constraint touching it changed, or it is among the
    /// first views every report explains; otherwise it is as it was shown.
    ///
    /// Only what may differ from what was shown is looked at — the pending ids and views of
    /// `shown`, the views that moved or that a changed constraint touches, the explained ones
    /// (or everything, when `shown.pendingAll`); the rest is counted as unchanged.
    /// `changedPositions`, when known, are the places of `result.changedFrameList` in the report
    /// state's frames.
    /// - Complexity: O(k log k) for k such entries, lines built for the `brokenCap` printed and
    ///   at most `ambiguityCap` explanations beyond the ones the report already has.
    func fillNews(_ result: inout CommandResult, changedPositions: [Int]?) {
        var news = DiagnosticNews()
        let all = shown.pendingAll

        // Broken: the entries to look at, by their place in the list; the others pending are gone.
        var brokenMarks: [Int] = []
        var brokenOutside: [String] = []
        if all {
            brokenMarks = Array(result.broken.indices)
            let current = Set(result.broken.map(\.id))
            brokenOutside = shown.broken.keys.filter { !current.contains($0) }
        } else {
            for id in shown.pendingBroken {
                if let serial = model.constraint(id)?.serial, let index = reportState.brokenIndex(of: id, serial: serial) {
                    brokenMarks.append(index)
                } else {
                    brokenOutside.append(id)
                }
            }
            brokenMarks.sort()
        }
        news.brokenUnchanged = result.broken.count - brokenMarks.count
        for index in brokenMarks {
            let item = result.broken[index]
            if shown.broken[item.id] == item {
                news.brokenUnchanged += 1
                continue
            }
            if news.broken.count < ShownDiagnostics.brokenCap {
                news.broken.append(model.brokenLine(item))
            } else {
                // Counted in `… and N more`: heard of, and heard again when it changes.
                news.brokenMore += 1
            }
            shown.broken[item.id] = item
        }
        // Only what is still there and on holds now: a removed or deactivated constraint has
        // its own line, and so has a required one that holds again (`holds again`).
        let repaired = Set(result.repaired.map(\.id))
        let gone = brokenOutside.filter { shown.broken[$0] != nil }
        news.brokenGone = gone.filter { id in
            !repaired.contains(id) && model.constraint(id)?.isActive == true
        }.sortedByKey { SerialOrder(serial: model.constraint($0)?.serial ?? .max, id: $0) }
        for id in gone { shown.broken[id] = nil }

        // Views whose reason may have changed though their frame did not: those a changed
        // constraint touches. The first views are explained for every report anyway.
        var touched = Set<String>()
        for id in result.added.ids + result.removed.ids + result.changed.map(\.id) {
            if let record = model.constraint(id) { touched.formUnion(record.items) }
        }
        // Each entry to look at, by its place in the list, and whether it moved or was touched.
        var marks: [(index: Int, fresh: Bool)] = []
        var outside: [String] = []
        if all {
            let moved = Set(result.changedFrames)
            marks = result.ambiguous.indices.map { ($0, moved.contains(result.ambiguous[$0].view) || touched.contains(result.ambiguous[$0].view)) }
            let now = Set(result.ambiguous.map(\.view))
            outside = shown.ambiguity.keys.filter { !now.contains($0) }
        } else {
            let state = reportState  // one copy, not one per look-up
            func mark(_ view: String, fresh: Bool) -> Bool {
                guard let serial = model.view(view)?.serial,
                      let index = state.ambiguityIndex(of: view, serial: serial) else { return false }
                marks.append((index, fresh))
                return true
            }
            for view in shown.pendingAmbiguity where !mark(view, fresh: false) { outside.append(view) }
            for view in touched { _ = mark(view, fresh: true) }
            if let changedPositions {
                for place in changedPositions {
                    if let index = state.ambiguityIndex(atPlace: place) { marks.append((index, true)) }
                }
            } else {
                for entry in result.changedFrameList { _ = mark(entry.name, fresh: true) }
            }
            marks.append(contentsOf: result.explainedAmbiguity.indices.map { ($0, false) })
            marks.sort { $0.index < $1.index || ($0.index == $1.index && $0.fresh && !$1.fresh) }
            // One per place, fresh when any of its marks is.
            var unique: [(index: Int, fresh: Bool)] = []
            for mark in marks where unique.last?.index != mark.index { unique.append(mark) }
            marks = unique
        }
        news.ambiguityUnchanged = result.ambiguous.count - marks.count
        for (index, fresh) in marks {
            let item = result.ambiguous[index]
            let before = shown.ambiguity[item.view]
            let known = index < result.explainedAmbiguity.count && result.explainedAmbiguity[index].view == item.view
                ? result.explainedAmbiguity[index] : nil
            if let before, before.components == item.components, !fresh {
                // As shown, unless the words the report has anyway say otherwise.
                if let known, !before.text.isEmpty, known.text != before.text {} else {
                    news.ambiguityUnchanged += 1
                    continue
                }
            }
            guard news.ambiguity.count < ShownDiagnostics.ambiguityCap else {
                // Counted in `… and N more`: the reader knows of it, and hears again when it changes.
                news.ambiguityMore += 1
                // Unchanged when it was shown with these components (a view that only moved).
                if before?.components != item.components { shown.ambiguity[item.view] = (item.components, "") }
                continue
            }
            var report = known ?? item
            if report.explanations == nil { report.explanations = model.explanations(of: item.view) }
            let text = report.text
            if before?.text == text {
                news.ambiguityUnchanged += 1
                continue
            }
            news.ambiguity.append(report)
            shown.ambiguity[item.view] = (item.components, text)
        }
        // A view that went away is said so by `removed view`, not here.
        news.ambiguityGone = outside.compactMap { view in
            shown.ambiguity[view] == nil ? nil : model.view(view).map { (serial: $0.serial, view: view) }
        }.sorted { $0.serial < $1.serial }.map(\.view)
        for view in outside { shown.ambiguity[view] = nil }
        shown.settle()
        result.news = news
    }

    /// The whole layout's broken constraints and ambiguity (`--final`): everything, a
    /// screenful of each at most, nothing counted as unchanged.
    func wholeNews(_ result: CommandResult) -> DiagnosticNews {
        var news = DiagnosticNews()
        let cap = CommandResult.constraintLinesCap
        news.broken = result.broken.prefix(cap).map(model.brokenLine)
        news.brokenMore = max(0, result.broken.count - cap)
        news.ambiguity = result.explainedAmbiguity
        news.ambiguityMore = result.ambiguous.count - result.explainedAmbiguity.count
        return news
    }

    /// Everything broken and ambiguous, printed (the whole-layout report, `broken`,
    /// `ambiguous`): the reader has now seen all of it.
    /// The entries are then the listing's, not known to match the report state's lists: the
    /// next report reads those whole.
    func markShown(broken items: [BrokenConstraint]) {
        shown.broken = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        shown.pendingAll = true
    }

    /// `texts` are the reports' `text`, in the same order: the listing has just written them,
    /// and on a long chain writing them again cost as much as the listing itself.
    func markShown(ambiguity reports: [AmbiguityReport], texts: [String]) {
        var seen: [String: (components: [FrameComponent], text: String)] = [:]
        seen.reserveCapacity(reports.count)
        for (report, text) in zip(reports, texts) where seen[report.view] == nil { seen[report.view] = (report.components, text) }
        shown.ambiguity = seen
        shown.pendingAll = true
    }
}
