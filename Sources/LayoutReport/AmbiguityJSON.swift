import LayoutModel
import LayoutVocabulary

extension CommandResult {
    /// The `ambiguity` key: one object per explained view and reason, `{"view", "values",
    /// "reason", "constraints", "range", "message"}` — the components the reason covers, its
    /// kind, the constraint ids it names, `[low, high]` (null where unbounded; null for the
    /// kinds that leave the value free) and the report's words. For the views the text report
    /// explains: the first `frameLinesCap` ambiguous views.
    package var ambiguityJSON: JSONValue {
        var objects: [JSONValue] = []
        for item in explainedAmbiguity {
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
