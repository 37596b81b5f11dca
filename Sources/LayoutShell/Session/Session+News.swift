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
    /// - Complexity: O(broken + ambiguous) dictionary look-ups; lines are built for the
    ///   `brokenCap` printed, and at most `ambiguityCap` explanations beyond the ones the report
    ///   already has.
    func fillNews(_ result: inout CommandResult, explained: [String: AmbiguityReport]) {
        var news = DiagnosticNews()
        var current = Set<String>()
        for item in result.broken {
            current.insert(item.id)
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
        let gone = shown.broken.keys.filter { !current.contains($0) }
        news.brokenGone = gone.filter { id in
            !repaired.contains(id) && model.constraint(id)?.isActive == true
        }.sorted(by: idOrder)
        for id in gone { shown.broken[id] = nil }

        // Views whose reason may have changed though their frame did not: those a changed
        // constraint touches. The first views are explained for every report anyway.
        let moved = Set(result.changedFrames)
        var touched = Set<String>()
        for id in result.added.map(\.id) + result.removed.map(\.id) + result.changed.map(\.id) {
            if let record = model.constraint(id) { touched.formUnion(record.items) }
        }
        var ambiguousNow = Set<String>()
        for item in result.ambiguous {
            ambiguousNow.insert(item.view)
            let before = shown.ambiguity[item.view]
            let known = explained[item.view]
            if let before, before.components == item.components, !moved.contains(item.view), !touched.contains(item.view) {
                // As shown, unless the words the report has anyway say otherwise.
                if let known, !before.text.isEmpty, known.text != before.text {} else {
                    news.ambiguityUnchanged += 1
                    continue
                }
            }
            guard news.ambiguity.count < ShownDiagnostics.ambiguityCap else {
                // Counted in `… and N more`: the reader knows of it, and hears again when it changes.
                news.ambiguityMore += 1
                shown.ambiguity[item.view] = (item.components, before?.components == item.components ? before!.text : "")
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
        news.ambiguityGone = shown.ambiguity.keys.filter { !ambiguousNow.contains($0) && model.view($0) != nil }
            .sorted { (model.view($0)?.serial ?? 0) < (model.view($1)?.serial ?? 0) }
        for view in shown.ambiguity.keys where !ambiguousNow.contains(view) { shown.ambiguity[view] = nil }
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
    func markShown(broken items: [BrokenConstraint]) {
        shown.broken = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func markShown(ambiguity reports: [AmbiguityReport]) {
        shown.ambiguity = Dictionary(reports.map { ($0.view, ($0.components, $0.text)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Ids in the order they were made; ids gone from the model after them, by name.
    private func idOrder(_ a: String, _ b: String) -> Bool {
        switch (model.constraint(a)?.serial, model.constraint(b)?.serial) {
        case let (x?, y?): return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a < b
        }
    }
}
