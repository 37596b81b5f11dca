/// How far a constraint's own equation is from holding at the current solution, recomputed from
/// the constraint as it was given: the check that the solution the tableau carries still
/// answers the constraints, whatever rounding did on the way.
///
/// The tableau is kept in doubles. On well-scaled layouts its rounding is far below anything
/// visible, but multipliers from 1e-6 to 1e6 together with constants up to 1e9 make solution
/// values whose rounding alone (1e9 × 1e-16, grown through pivots) exceeds what a constraint
/// between views of a few points may be off by. No pivot rule removes that, so the caller asks.
public struct Residual: Equatable, Sendable {
    /// By how much the constraint fails: 0 when it holds (an inequality on the right side of its
    /// bound counts as holding).
    public var violation: Double
    /// The size of the numbers the constraint adds up: the constant plus every term's magnitude
    /// at the current solution (at least 1). A violation is judged relative to it.
    public var scale: Double

    /// Whether the violation is within `tolerance` relative to the scale.
    public func holds(within tolerance: Double) -> Bool { violation <= tolerance * scale }
}

extension Solver {
    /// The residual of a constraint this solver holds, at the current solution.
    ///
    /// - Precondition: this solver holds `id`.
    public func residual(of id: ConstraintID) -> Residual {
        settle()
        guard let record = constraints[id.id] else { preconditionFailure("unknown constraint \(id.id)") }
        var sum = record.expression.constant
        var scale = abs(sum)
        for term in record.expression.terms {
            let part = term.coefficient * value(of: term.variable)
            sum += part
            scale += abs(part)
        }
        let violation: Double = switch record.relation {
        case .equal: abs(sum)
        case .greaterThanOrEqual: max(0, -sum)
        case .lessThanOrEqual: max(0, sum)
        }
        return Residual(violation: violation, scale: max(1, scale))
    }

    /// The variables whose value changed since the last `takeChangedVariables`, without taking
    /// them: what a check after a change looks at before the report reads them.
    public func changedVariables() -> [Variable] {
        settle()
        if !tableau.changes.valueSeeds.isEmpty { tableau.refreshValues() }
        return tableau.changes.changedExternals.variables
    }
}
