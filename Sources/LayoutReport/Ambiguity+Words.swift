import LayoutModel
import LayoutVocabulary

/// The ambiguity line of a report, in words a learner follows, with the constraints by id:
/// `c: no vertical constraints`, `a (width): only its leading edge is pinned (c1); add a width
/// or a trailing constraint`, `a (x): c1 and c2 (both @500) disagree; any x from 0 to 10 is
/// optimal`.
extension AmbiguityReport {
    /// One line for the view: each reason with the components it covers, `; ` between them.
    /// Without explanations (past the report's cap), the view and its components.
    package var text: String {
        // Interface Builder's words for a scroll view whose content guide has no size.
        if let (scroll, kind) = LayoutModel.systemGuide(view), kind == .contentGuide,
           components.contains(.width) || components.contains(.height) {
            return "\(scroll): scrollable content size is ambiguous: " + viewText
        }
        return viewText
    }

    private var viewText: String {
        guard let explanations, !explanations.isEmpty else { return "\(view) (\(components.map(\.rawValue).joined(separator: ", ")))" }
        let unconstrained = explanations.compactMap { item -> LayoutAttribute.Axis? in
            if case .noConstraints(let axis) = item.reason { return axis }
            return nil
        }
        if unconstrained.count == 2 { return "\(view): no constraints" }
        // Appended in place, not joined from pieces: `ambiguous` writes one of these per view.
        var text = ""
        text.reserveCapacity(160)
        for (index, item) in explanations.enumerated() {
            if index > 0 { text += "; " }
            text += view
            if case .noConstraints = item.reason {
                text += ": "
            } else {
                text += " ("
                for (position, component) in item.components.enumerated() {
                    if position > 0 { text += ", " }
                    text += component.rawValue
                }
                text += "): "
            }
            text += item.sentence
        }
        return text
    }
}

extension AmbiguityReport.Explanation {
    /// The reason alone, without the view.
    package var sentence: String {
        switch reason {
        case .noConstraints(let axis):
            return "no \(axis == .horizontal ? "horizontal" : "vertical") constraints"
        case .missing(let axis, let pinned, let by, let freeViews):
            return missingSentence(axis, pinned, by, freeViews)
        case .disagreement(_, let priorities, let range):
            let ids = names(constraints.map(\.label))
            let strengths: String
            if Set(priorities).count == 1 {
                let p = "@\(formatNumber(priorities[0]))"
                strengths = constraints.count == 1 ? "(\(p))" : constraints.count == 2 ? "(both \(p))" : "(all \(p))"
            } else {
                strengths = "(" + zip(constraints, priorities).map { "\($0.id) @\(formatNumber($1))" }.joined(separator: ", ") + ")"
            }
            let verb = constraints.count == 1 ? "is as far from holding at every value" : "disagree"
            return "\(ids) \(strengths) \(verb); \(rangeWords(range))"
        case .contentTie(_, let priority, let range):
            return "\(names(constraints.map(\.label))) tie at \(formatNumber(priority)): raise one (\(rangeWords(range)))"
        case .largeFace(let limit, let view):
            // Every view of a squeezed chain says this: appended in place, without the arrays
            // of names that `names` joins.
            var text = ""
            text.reserveCapacity(160)
            text += "it moves on a large optimal face (over "
            text += String(limit)
            text += " constraints), too large to explain in a report; "
            for (index, component) in components.enumerated() {
                if index > 0 { text += index == components.count - 1 ? " and " : ", " }
                text += "`explain "
                text += view
                switch component {
                case .x: text += ".left`"
                case .y: text += ".top`"
                case .width: text += ".width`"
                case .height: text += ".height`"
                }
            }
            text += components.count == 1 ? " gives its range" : " give the ranges"
            return text
        case .inequalities(_, let range):
            if constraints.isEmpty { return "only inequalities limit it; \(rangeWords(range))" }
            let listed = names(constraints.map { "\($0.label) (\($0.text))" })
            return "only \(listed) \(constraints.count == 1 ? "limits" : "limit") it; \(rangeWords(range))"
        }
    }

    /// What the value may be: `any x from 0 to 10 is optimal`.
    private func rangeWords(_ range: ValueRange) -> String {
        let what = components.count == 1 ? components[0].rawValue : "value"
        switch (range.low, range.high) {
        case let (low?, high?): return "any \(what) from \(formatValue(low)) to \(formatValue(high)) is optimal"
        case let (low?, nil): return "any \(what) from \(formatValue(low)) up is optimal"
        case let (nil, high?): return "any \(what) up to \(formatValue(high)) is optimal"
        case (nil, nil): return "any \(what) is optimal"
        }
    }

    private func missingSentence(_ axis: LayoutAttribute.Axis, _ pinned: [AxisFeature], _ by: [String],
                                 _ freeViews: [String]) -> String {
        let horizontal = axis == .horizontal
        let leftToRight = direction == .leftToRight
        let minEdge = horizontal ? (leftToRight ? "leading" : "trailing") : "top"
        let maxEdge = horizontal ? (leftToRight ? "trailing" : "leading") : "bottom"
        let size = horizontal ? "width" : "height"
        let ids = by.isEmpty ? "" : " (\(by.joined(separator: ", ")))"
        let follows = freeViews.isEmpty ? "" : "; it moves with \(names(freeViews)), which \(freeViews.count == 1 ? "is" : "are") free \(horizontal ? "horizontally" : "vertically")"
        switch pinned.first {
        case .minEdge?: return "only its \(minEdge) edge is pinned\(ids); add a \(size) or a \(maxEdge) constraint\(follows)"
        case .maxEdge?: return "only its \(maxEdge) edge is pinned\(ids); add a \(size) or a \(minEdge) constraint\(follows)"
        case .center?: return "only its center is pinned\(ids); add a \(size)\(follows)"
        case .size?: return "only its \(size) is pinned\(ids); add a \(minEdge) or \(maxEdge) constraint\(follows)"
        case nil:
            if freeViews.isEmpty { return "neither an edge nor its \(size) is pinned\(ids); add a \(minEdge) and a \(size) constraint" }
            return "nothing pins it\(ids)\(follows)"
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
package func names(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension AmbiguityReason {
    /// The reason's kind as JSON names it.
    package var kindName: String {
        switch self {
        case .noConstraints: "no-constraints"
        case .missing: "missing"
        case .disagreement: "disagreement"
        case .contentTie: "content-tie"
        case .inequalities: "inequalities"
        case .largeFace: "large-face"
        }
    }
}
