import LayoutModel
import LayoutVocabulary

extension CommandResult {
    /// The `ambiguity` key: one object per explained view and reason, `{"view", "values",
    /// "reason", "constraints", "range", "message"}` — the components the reason covers, its
    /// kind, the constraint ids it names, `[low, high]` (null where unbounded; null for the
    /// kinds that leave the value free) and the report's words. For the views the text report
    /// explains: the first `frameLinesCap` ambiguous views, and the new or changed ones the
    /// report explains; only those among `views` when given (a per-input object's).
    package func ambiguityJSON(views: Set<String>?) -> JSONValue {
        var objects: [JSONValue] = []
        var explained = explainedAmbiguity
        if views != nil {
            var seen = Set(explained.map(\.view))
            for item in news?.ambiguity ?? [] where seen.insert(item.view).inserted { explained.append(item) }
        }
        for item in explained where views?.contains(item.view) ?? true {
            for explanation in item.explanations ?? [] {
                let range = explanation.reason.range.map { range in
                    JSONValue.array([range.low, range.high].map(JSONValue.solved))
                } ?? .null
                objects.append(.object([
                    JSONMember("view", .string(item.view)),
                    JSONMember("values", .strings(explanation.components.map(\.rawValue))),
                    JSONMember("reason", .string(explanation.reason.kindName)),
                    JSONMember("constraints", .strings(explanation.reason.constraints)),
                    JSONMember("range", range),
                    JSONMember("message", .string(explanation.sentence)),
                ]))
            }
        }
        return .array(objects)
    }
}
