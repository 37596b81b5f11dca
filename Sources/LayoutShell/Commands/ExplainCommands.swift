import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Asking why: `explain VIEW.ATTR` and `explain cN`.
enum ExplainCommands {
    static let all: [any ShellCommand.Type] = [Explain.self]
}

/// `explain VIEW.ATTR` (a value: the constraints whose equations fix it, as arithmetic) or
/// `explain ID` (a constraint: holds, broken and what holds it back, or its conflict).
struct Explain: SessionAction {
    enum Subject {
        case value(view: String, attribute: LayoutAttribute)
        case constraint(String)
        /// `explain fit VIEW [width W]`: why `fit` gives what it gives.
        case fit(view: String, width: Double?)
    }

    var subject: Subject

    static let spec = CommandSpec(
        trigger: .words(["explain"]), kind: .inspection, group: .look, topic: "explain",
        synopsis: ["explain VIEW.ATTR", "explain ID", "explain fit VIEW [width W]"],
        summary: ["why a value is what it is: the constraints whose equations fix it,",
                  "as arithmetic you can check (or its range when ambiguous); why a",
                  "constraint is broken: what holds it back, or the conflict it is in;",
                  "what fit VIEW measures, and why."],
        examples: ["explain a.width", "explain c3", "explain fit post.contentView"],
        overview: ["explain a.width", "explain c3"],
        completeArguments: { context in
            guard context.words.count == 1 else { return [] }
            let model = context.session.model
            return model.viewOrder + model.constraintOrder + model.names.keys.sorted()
        })

    static func parse(_ p: inout LineParser) throws(ShellError) -> Explain {
        if p.rest.count > 1, p.rest[0].text == "fit" {
            try p.tokenizeLine()
            p.position = 2
            let (view, width) = try p.fitArguments(usage: "e.g. explain fit row.contentView width 320")
            return Explain(subject: .fit(view: view, width: width))
        }
        let usage = "explain takes one VIEW.ATTR or a constraint id"
        let word = try p.oneArgument(usage, hint: "e.g. explain a.width or explain c3")
        let model = p.model
        if let id = model.resolveConstraint(word.text) { return Explain(subject: .constraint(id)) }
        // The last dot: views may have one (`row.contentView.height`, `root.safeArea.top`).
        guard let dot = word.text.lastIndex(of: ".") else {
            if model.view(word.text) != nil {
                throw ShellError("explain needs one attribute of \(word.text)", hint: "e.g. explain \(word.text).width",
                                 column: word.column + word.text.count)
            }
            if LayoutModel.looksLikeConstraintID(word.text) {
                throw ShellError("there is no constraint \(word.text)", hint: "constraints lists the ids", column: word.column)
            }
            let hint = nearest(word.text, in: model.viewOrder + model.constraintOrder + model.names.keys.sorted())
                .map { "did you mean \($0)?" } ?? "explain a view's attribute (a.width) or a constraint id (c3)"
            throw ShellError("there is no view or constraint named \(word.text)", hint: hint, column: word.column)
        }
        let view = String(word.text[..<dot])
        let name = String(word.text[word.text.index(after: dot)...])
        guard model.view(view) != nil else { throw p.unknownView(view, column: word.column) }
        let attributeColumn = word.column + view.count + 1
        guard let attribute = LayoutAttribute(rawValue: name) else {
            throw ShellError(name.isEmpty ? "explain needs an attribute after \(view)" : "\(name) is not an attribute",
                             hint: LineParser.attributeHint(name) ?? "e.g. explain \(view).width",
                             column: attributeColumn)
        }
        return Explain(subject: .value(view: view, attribute: attribute))
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let model = session.model
        switch subject {
        case .fit(let view, let width):
            try session.measure(view, width: width, into: &result)
        case .value(let view, let attribute):
            let explanation = model.explanation(of: view, attribute: attribute)!
            result.output = model.valueExplanationLines(explanation) + (model.textExplanation(of: view)?.lines(for: view) ?? [])
            if session.keepsJSONDetails {
                var report = ExplanationReport(subject: .value(explanation), texts: [:],
                                               arithmetic: arithmetic(explanation.terms, offset: explanation.offset))
                for term in explanation.terms { report.texts[term.id] = model.constraintText(term.id) }
                result.explanation = report
            }
        case .constraint(let id):
            let explanation = model.explanation(ofConstraint: id)!
            result.output = model.constraintExplanationLines(explanation, origins: session.importedOrigins)
            if session.keepsJSONDetails { result.explanation = Self.report(of: explanation, id: id, in: session) }
        }
        return false
    }

    /// What JSON prints of a constraint's explanation.
    private static func report(of explanation: ConstraintExplanation, id: String, in session: Session) -> ExplanationReport {
        let model = session.model
        var report = ExplanationReport(subject: .constraint(explanation), texts: [:])
        switch explanation.status {
        case .broken(_, let terms, let holders):
            report.arithmetic = arithmetic(terms.filter { $0.id == id } + holders)
            for term in terms { report.texts[term.id] = model.constraintText(term.id) }
        case .conflict(let conflict?):
            report.sentence = model.conflictSentence(conflict)
            report.fix = model.conflictFix(conflict, origins: session.importedOrigins)
            for term in conflict.terms { report.texts[term.id] = model.constraintText(term.id) }
        default:
            break
        }
        return report
    }
}
