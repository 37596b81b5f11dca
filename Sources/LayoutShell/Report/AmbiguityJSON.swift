import LayoutModel

extension CommandResult {
    /// The `ambiguity` key: one object per explained view and reason, `{"view", "values",
    /// "reason", "constraints", "range", "message"}` — the components the reason covers, its
    /// kind, the constraint ids it names, `[low, high]` (null where unbounded; null for the
    /// kinds that leave the value free) and the report's words. For the views the text report
    /// explains: the first `frameLinesCap` ambiguous views.
    var ambiguityJSON: String {
        var objects: [String] = []
        for item in explainedAmbiguity {
            for explanation in item.explanations ?? [] {
                let range = explanation.reason.range.map { range in
                    "[" + [range.low, range.high].map { $0.map { jsonNumber(cleanValue($0)) } ?? "null" }.joined(separator: ",") + "]"
                } ?? "null"
                objects.append("{\"view\":\(jsonString(item.view)),\"values\":["
                    + explanation.components.map { jsonString($0.rawValue) }.joined(separator: ",")
                    + "],\"reason\":\(jsonString(explanation.reason.kindName)),\"constraints\":["
                    + explanation.reason.constraints.map(jsonString).joined(separator: ",")
                    + "],\"range\":\(range),\"message\":\(jsonString(explanation.sentence))}")
            }
        }
        return "[" + objects.joined(separator: ",") + "]"
    }
}
