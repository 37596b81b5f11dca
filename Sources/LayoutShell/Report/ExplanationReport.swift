import LayoutModel

/// What `explain` found, for the JSON report (the text report prints its lines as output):
/// the model's explanation with the texts of the constraints it names and the derived words.
public struct ExplanationReport: Sendable {
    public enum Subject: Sendable {
        case value(ValueExplanation)
        case constraint(ConstraintExplanation)
    }

    public var subject: Subject
    /// Constraint text by id, for every id the explanation names (the window's size included).
    public var texts: [String: String]
    /// `offset + Σ multiplier × constant` written out (value), or the error's (broken constraint).
    public var arithmetic: String?
    /// A conflict's sentence and fix.
    public var sentence: String?
    public var fix: String?
}

extension ExplanationReport {
    /// The `explanation` object of the JSON report (README, "JSON").
    func json() -> String {
        func terms(_ items: [ExplanationTerm]) -> String {
            "[" + items.map {
                "{\"id\":\(jsonString($0.id)),\"constraint\":\(jsonString(texts[$0.id] ?? $0.id)),\"multiplier\":\(jsonNumber($0.multiplier)),\"constant\":\(jsonNumber($0.constant)),\"priority\":\(jsonNumber($0.priority))}"
            }.joined(separator: ",") + "]"
        }
        func strings(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ",") + "]" }
        func optional(_ value: Double?) -> String { value.map { jsonNumber(cleanValue($0)) } ?? "null" }
        var fields: [String] = []
        switch subject {
        case .value(let e):
            fields.append("\"kind\":\"value\"")
            fields.append("\"view\":\(jsonString(e.view))")
            fields.append("\"attribute\":\(jsonString(e.attribute.rawValue))")
            fields.append("\"value\":\(jsonNumber(cleanValue(e.value)))")
            fields.append("\"offset\":\(jsonNumber(e.offset))")
            fields.append("\"ambiguous\":\(e.isAmbiguous)")
            fields.append("\"range\":[\(optional(e.lower)),\(optional(e.upper))]")
            fields.append("\"terms\":\(terms(e.terms))")
            fields.append("\"free\":\(strings(e.freeComponents.map { "\($0.view).\($0.component.rawValue)" }))")
            fields.append("\"loose\":\(strings(e.looseConstraints))")
        case .constraint(let e):
            fields.append("\"kind\":\"constraint\"")
            fields.append("\"id\":\(jsonString(e.id))")
            fields.append("\"constraint\":\(jsonString(e.text))")
            fields.append("\"priority\":\(jsonNumber(e.priority))")
            fields.append("\"got\":\(jsonNumber(cleanValue(e.got)))")
            fields.append("\"wanted\":\(jsonNumber(cleanValue(e.wanted)))")
            switch e.status {
            case .inactive:
                fields.append("\"status\":\"inactive\"")
            case .holds(let tight):
                fields.append("\"status\":\"holds\"")
                fields.append("\"tight\":\(tight)")
            case .broken(let error, let all, let holders):
                fields.append("\"status\":\"broken\"")
                fields.append("\"error\":\(jsonNumber(cleanValue(error)))")
                fields.append("\"terms\":\(terms(all))")
                fields.append("\"held_back_by\":\(strings(holders.map(\.id)))")
            case .conflict(let conflict):
                fields.append("\"status\":\"conflict\"")
                if let conflict {
                    fields.append("\"conflict\":{\"constraints\":\(strings(conflict.members)),\"broken\":\(jsonString(conflict.target)),"
                                  + "\"terms\":\(terms(conflict.terms)),\"shortfall\":\(jsonNumber(cleanValue(conflict.shortfall)))}")
                } else {
                    fields.append("\"conflict\":null")
                }
            }
        }
        fields.append("\"arithmetic\":" + (arithmetic.map(jsonString) ?? "null"))
        fields.append("\"sentence\":" + (sentence.map(jsonString) ?? "null"))
        fields.append("\"fix\":" + (fix.map(jsonString) ?? "null"))
        return "{" + fields.joined(separator: ",") + "}"
    }
}
