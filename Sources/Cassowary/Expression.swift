/// An unknown of the layout system. Made by `Solver.makeVariable()`; the id is dense, so callers
/// can index arrays by it.
public struct Variable: Hashable, Comparable, Sendable {
    public let id: Int
    /// Public for a client that keeps one variable of several made in a row and finds the
    /// others from its id (the layout model keeps a view's `x`, and its `y`, width and height
    /// are the next three).
    public init(id: Int) { self.id = id }
    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.id < rhs.id }
}

/// `coefficient × variable`, one summand of an `Expression`.
public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient × variable + constant`. A constraint compares one with zero.
public struct Expression: Sendable {
    public var terms: [Term]
    public var constant: Double
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
}

/// How a constraint's expression compares with zero: `expression REL 0`.
public enum Relation: Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// How much a constraint matters. Required constraints must hold. Optional ones are satisfied in
/// strict priority order: no amount of error at a lower strength ever buys any error at a higher one.
public enum Strength: Hashable, Comparable, Sendable {
    case optional(Double)
    case required

    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        switch (lhs, rhs) {
        case let (.optional(a), .optional(b)): return a < b
        case (.optional, .required): return true
        case (.required, _): return false
        }
    }
}

/// A handle to a constraint held by a `Solver`.
public struct ConstraintID: Hashable, Comparable, Sendable {
    public let id: Int
    /// Public for a client that stores ids compactly (the layout model keeps one in four bytes
    /// in every constraint record) and makes them again from the number it kept.
    public init(id: Int) { self.id = id }
    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.id < rhs.id }
}

/// Thrown when a required constraint cannot hold together with the required constraints already
/// in the solver. The solver is left as it was.
public struct UnsatisfiableConstraint: Error, Sendable {
    /// The other required constraints which, together with the offending one (the one being added,
    /// or whose constant was being set), form a minimal unsatisfiable set: without any one member
    /// the rest can be satisfied (checked member by member for up to 200 members; a larger set
    /// is the solver's proof as found). Sorted by id.
    public let conflicting: [ConstraintID]
}
