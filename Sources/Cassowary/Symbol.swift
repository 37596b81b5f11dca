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

/// The length an array indexed by symbol id grows to when `index` is past its end: a quarter
/// more, not double. Such arrays (a dense objective row, the marks of a set of symbols) are
/// filled with zeros up to that length, every page of them touched, and span every symbol:
/// doubling left up to half of each resident and unused at the peak of a large layout.
@inline(__always) func grownLength(toHold index: Int, from count: Int) -> Int {
    max(index + 1, count + count / 4 + 64)
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
