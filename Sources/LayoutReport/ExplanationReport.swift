import LayoutModel
import LayoutVocabulary

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

    package init(subject: Subject, texts: [String: String], arithmetic: String? = nil, sentence: String? = nil, fix: String? = nil) {
        self.subject = subject
        self.texts = texts
        self.arithmetic = arithmetic
        self.sentence = sentence
        self.fix = fix
    }
}

extension ExplanationReport {
    /// The `explanation` object of the JSON report (README, "JSON").
    package var json: JSONValue {
        func terms(_ items: [ExplanationTerm]) -> JSONValue {
            .array(items.map {
                .object([
                    JSONMember("id", .string($0.id)), JSONMember("constraint", .string(texts[$0.id] ?? $0.id)),
                    JSONMember("multiplier", .number($0.multiplier)), JSONMember("constant", .number($0.constant)),
                    JSONMember("priority", .number($0.priority)),
                ])
            })
        }
        var fields: [JSONMember] = []
        switch subject {
        case .value(let e):
            fields += [
                JSONMember("kind", .string("value")),
                JSONMember("view", .string(e.view)),
                JSONMember("attribute", .string(e.attribute.rawValue)),
                JSONMember("value", .solved(e.value)),
                JSONMember("offset", .number(e.offset)),
                JSONMember("ambiguous", .bool(e.isAmbiguous)),
                JSONMember("range", .array([.solved(e.lower), .solved(e.upper)])),
                JSONMember("terms", terms(e.terms)),
                JSONMember("free", .strings(e.freeComponents.map { "\($0.view).\($0.component.rawValue)" })),
                JSONMember("loose", .strings(e.looseConstraints)),
            ]
        case .constraint(let e):
            fields += [
                JSONMember("kind", .string("constraint")),
                JSONMember("id", .string(e.id)),
                JSONMember("constraint", .string(e.text)),
                JSONMember("priority", .number(e.priority)),
                JSONMember("got", .solved(e.got)),
                JSONMember("wanted", .solved(e.wanted)),
            ]
            switch e.status {
            case .inactive:
                fields.append(JSONMember("status", .string("inactive")))
            case .holds(let tight):
                fields += [JSONMember("status", .string("holds")), JSONMember("tight", .bool(tight))]
            case .broken(let error, let all, let holders):
                fields += [
                    JSONMember("status", .string("broken")),
                    JSONMember("error", .solved(error)),
                    JSONMember("terms", terms(all)),
                    JSONMember("held_back_by", .strings(holders.map(\.id))),
                ]
            case .conflict(let conflict):
                fields.append(JSONMember("status", .string("conflict")))
                fields.append(JSONMember("conflict", conflict.map { conflict in
                    .object([
                        JSONMember("constraints", .strings(conflict.members)),
                        JSONMember("broken", .string(conflict.target)),
                        JSONMember("terms", terms(conflict.terms)),
                        JSONMember("shortfall", .solved(conflict.shortfall)),
                    ])
                } ?? .null))
            }
        }
        fields += [
            JSONMember("arithmetic", .nullable(arithmetic)),
            JSONMember("sentence", .nullable(sentence)),
            JSONMember("fix", .nullable(fix)),
        ]
        return .object(fields)
    }
}
