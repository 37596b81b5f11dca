import LayoutModel
import LayoutVocabulary

extension BrokenConstraint {
    /// How far the constraint is from holding, said from the side of the view that moved:
    /// `button.width is 359, needs at least 400: short by 41`. When the superview comes first
    /// (`root.trailing == c.trailing + 20`), the numbers are the subview's (`c.trailing is
    /// 486, needs 355: over by 131`), not the superview's edge that nothing moved.
    package var shortfall: String {
        var subject = "\(spec.firstItem).\(spec.firstAttribute.rawValue)"
        var value = got, needed = wanted
        // Values are x; under right-to-left the relation in x is the mirror of the written one.
        var relation = isMirrored ? spec.relation.flipped : spec.relation
        var distance = error
        if secondItemMoved, let second = spec.secondItem, let attribute = spec.secondAttribute, spec.multiplier != 0 {
            // first REL m × second + c  ⇔  second REL′ (first − c) / m, REL′ flipped when m > 0.
            subject = "\(second).\(attribute.rawValue)"
            // Under right-to-left a leading/trailing constant counts leftwards (see the model).
            let constant = isMirrored ? -spec.constant : spec.constant
            value = (wanted - constant) / spec.multiplier
            needed = (got - constant) / spec.multiplier
            distance = error / abs(spec.multiplier)
            if spec.multiplier > 0 { relation = relation.flipped }
        }
        let bound = switch relation {
        case .equal: ""
        case .greaterThanOrEqual: "at least "
        case .lessThanOrEqual: "at most "
        }
        let side = value < needed ? "short by" : "over by"
        return "\(subject) is \(formatValue(value)), needs \(bound)\(formatValue(needed)): \(side) \(formatValue(distance))"
    }
}
