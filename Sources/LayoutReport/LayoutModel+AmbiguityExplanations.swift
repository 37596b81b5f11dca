import LayoutModel
import LayoutVocabulary

/// Why views are ambiguous, for the report: the model's reasons, grouped per view, with the
/// texts of the constraints they name.
extension LayoutModel {
    /// Fills in the explanations of the first `CommandResult.frameLinesCap` ambiguous views
    /// (what the text report shows). Each asks the solver about the optimal face, so they are
    /// computed here, per report, for those views only: the incremental report state stays as
    /// cheap as before, and a squeezed chain of thousands of ambiguous views costs a screenful.
    package func explainAmbiguity(in result: inout CommandResult) {
        result.explainedAmbiguity = result.ambiguous.prefix(CommandResult.frameLinesCap).map { item in
            var explained = item
            explained.explanations = explanations(of: item.view)
            return explained
        }
    }

    /// The model's reasons for `view`, components with equal reasons together.
    package func explanations(of view: String) -> [AmbiguityReport.Explanation] {
        var groups: [AmbiguityReport.Explanation] = []
        for item in ambiguityReasons(of: view) {
            if let index = groups.firstIndex(where: { $0.reason == item.reason }) {
                groups[index].components.append(item.component)
                continue
            }
            let lines = item.reason.constraints.map { id in
                ConstraintLine(id: id, text: constraint(id)?.text ?? id, name: constraint(id)?.name)
            }
            groups.append(AmbiguityReport.Explanation(components: [item.component], reason: item.reason,
                                                      constraints: lines, direction: direction))
        }
        return groups
    }
}
