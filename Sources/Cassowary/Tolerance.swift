/// The solver's precision policy in one place: every number below which the tableau treats a
/// coefficient, a constant or a sampled move as zero, and why it is that number.
///
/// Two kinds of tolerance live here. Absolute ones judge a single number on its own, which is
/// right for pivot choices on layouts in points (a few thousand at most). Relative ones judge
/// a number against the magnitudes that produced it, which is the only sound test once
/// multipliers from 1e-6 to 1e6 meet constants up to 1e9: an absolute cut would then drop true
/// coefficients of 1e-12 or keep rounding noise of 1e-7.
enum Tolerance {
    /// Coefficients and row constants smaller than this count as zero when choosing pivots and
    /// reading signs. Rounding on layouts of a few thousand points stays near 1e-12, far below;
    /// a larger value would call a genuine small slope (a 1e-7 multiplier) flat and pick a
    /// wrong pivot, a smaller one lets noise of 1e-10 look like a direction to move in.
    static let zero = 1.0e-8

    /// Whether `value` is zero for pivoting: strictly inside `±zero`.
    @inline(__always) static func isZero(_ value: Double) -> Bool { value < zero && value > -zero }

    /// Whether `value` is a real negative coefficient or constant (below `-zero`).
    @inline(__always) static func isNegative(_ value: Double) -> Bool { value < -zero }

    /// Whether `value` is a real positive coefficient or constant (above `zero`).
    @inline(__always) static func isPositive(_ value: Double) -> Bool { value > zero }

    /// How much of a sum may be left after its parts cancel, relative to the larger part, for
    /// it still to count as an exact cancellation. Doubles carry about 16 digits and a merge
    /// adds a handful of roundings, so true leftovers of an exact cancellation sit near 1e-15
    /// of the parts; 1e-11 leaves room for that growth. Larger, and real coefficients of 1e-12
    /// next to 1 (a 1e-6 multiplier squared) would vanish; smaller, and a leftover of 5e-23
    /// stays in the row as a fake dependency the next pivot divides by.
    static let cancellation = 1.0e-11

    /// Whether an accumulated coefficient (`x`, with `y` the sum of the magnitudes of its parts)
    /// is what rounding left of parts that cancel exactly.
    @inline(__always) static func isCancellation(_ sum: SIMD2<Double>) -> Bool {
        abs(sum.x) <= cancellation * sum.y
    }

    /// How far a sampled move along the optimal face may be from zero, relative to the
    /// magnitudes summed into it, and still be no move. The samples pass through long chains
    /// of definitions (a 10 000-view chain), each adding a rounding of about 1e-16 of the
    /// running size; 1e-9 stays above that growth. Larger, and a genuine but small freedom
    /// (one view's slack against a thousand-point chain) would read as fixed; smaller, and a
    /// fully determined chain would report noise as ambiguity.
    static let sampledMove = 1.0e-9

    /// Whether a move (`value`) is noise next to the `size` of the moves that made it.
    @inline(__always) static func isNoMove(_ value: Double, size: Double) -> Bool {
        abs(value) <= sampledMove * size
    }

    /// The smallest entry that makes an equality of a direction cone independent of those it
    /// already has. A candidate is reduced against the cone's echelon basis (each row scaled to
    /// a pivot of 1), and an equality that was already implied comes out as rounding of that
    /// reduction, many orders below 1e-7. Larger, and a genuine equality with small entries is
    /// dropped, so the cone allows directions it should not (ambiguity where there is none);
    /// smaller, and a rounding residue becomes an equality that forbids a real direction.
    static let independentDirection = 1.0e-7
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
    return abs(sum) <= Tolerance.cancellation * abs(a) ? 0 : sum
}
