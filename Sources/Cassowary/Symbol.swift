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

/// How much of a coefficient may be left after a cancellation for it still to count as zero,
/// relative to the larger of the two numbers that cancelled.
let cancellation = 1.0e-11

/// Whether an accumulated coefficient (`x`, with `y` the sum of the magnitudes of its parts)
/// is what rounding left of parts that cancel exactly.
@inline(__always) func isCancellation(_ sum: SIMD2<Double>) -> Bool {
    abs(sum.x) <= cancellation * sum.y
}

/// `a + b` as a coefficient: zero when it is what rounding left of an exact cancellation.
///
/// The tolerance is relative: a coefficient is dropped only when it is tiny next to the numbers
/// that produced it, never for being small on its own. Multipliers from 1e-6 to 1e6 make true
/// coefficients of 1e-12 and 1e12; an absolute cut at 1e-8 dropped the small ones, and the
/// variables they multiply (up to 1e15) carried the loss into the solution.
@inline(__always) func coefficientSum(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    // Only parts of opposite sign and of nearly the same size cancel, and then |a| is the
    // larger up to a factor 1 + 1e-11: one magnitude is enough (this runs for every merged
    // coefficient of every pivot).
    return abs(sum) <= cancellation * abs(a) ? 0 : sum
}

/// The position of a row in the tableau's row storage (`Tableau.rows`, `Tableau.basics`).
///
/// Symbols and slots are both dense `Int32` ids, and the tableau maps between them at every
/// step (`slotOfBasic`, `basics`, the column index); a type of its own makes the compiler reject
/// one where the other is meant. A slot outlives the row in it: a freed slot is reused by the
/// next row placed, so column entries may name a slot whose row no longer holds the symbol.
struct Slot: Equatable {
    var raw: Int32

    @inline(__always) init(_ raw: Int32) { self.raw = raw }
    @inline(__always) init(_ index: Int) { raw = Int32(index) }

    /// No slot: what `slotOfBasic` holds for a nonbasic symbol.
    static let none = Slot(Int32(-1))

    @inline(__always) var index: Int { Int(raw) }
    @inline(__always) var exists: Bool { raw >= 0 }
}
