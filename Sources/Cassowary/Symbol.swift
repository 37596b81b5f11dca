/// What a tableau symbol stands for. Symbols are dense `Int32` ids into the solver's arrays.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality: ≥ 0.
    case slack
    /// The error of an optional constraint: ≥ 0, and counted in its strength's objective.
    case error
    /// Marks a required equality: fixed at 0, never chosen to enter the basis.
    case dummy

    /// Restricted symbols must stay ≥ 0; the simplex may pivot them in and out.
    var isRestricted: Bool { self == .slack || self == .error }
}

typealias Symbol = Int32

let noSymbol: Symbol = -1

/// Coefficients and values smaller than this are treated as zero. Layout numbers are points, a few
/// thousand at most, so an absolute tolerance is appropriate.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ value: Double) -> Bool { value < epsilon && value > -epsilon }
