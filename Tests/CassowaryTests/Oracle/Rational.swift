// Exact rational arithmetic for the test oracle.
//
// The oracle must not share any numerics with the solver under test, and it must be exact:
// a Double-based reference would have the same rounding blind spots as the code it checks.
// Int64 numerators/denominators are plenty for the small systems the property test builds;
// every operation detects overflow instead of wrapping, so a too-large system is reported as
// `.overflow` by the oracle rather than producing a wrong "truth".

/// Raised by `Rational` arithmetic when an intermediate result does not fit in Int64.
struct RationalOverflow: Error {}

/// An exact rational number `numerator / denominator`, always in lowest terms with a positive
/// denominator, so equality is structural and comparison is cheap.
///
/// All arithmetic `throws(RationalOverflow)`: the oracle turns that into an `.overflow` outcome.
struct Rational: Hashable, CustomStringConvertible, Sendable {
    private(set) var numerator: Int64
    private(set) var denominator: Int64

    static let zero = Rational(integer: 0)
    static let one = Rational(integer: 1)

    init(integer: Int64) {
        numerator = integer
        denominator = 1
    }

    /// Builds `n / d` in lowest terms. Throws on `d == 0` (treated as overflow: it can only come
    /// from a bug) or when normalising the sign would overflow (`Int64.min`).
    init(_ n: Int64, _ d: Int64) throws(RationalOverflow) {
        guard d != 0 else { throw RationalOverflow() }
        if d == 1 {
            numerator = n
            denominator = 1
            return
        }
        var n = n, d = d
        if d < 0 {
            guard n != .min, d != .min else { throw RationalOverflow() }
            n = -n
            d = -d
        }
        let g = Rational.gcd(n.magnitude, d.magnitude)
        numerator = n / Int64(g)
        denominator = d / Int64(g)
    }

    /// Converts a Double exactly, or returns nil when it is not a dyadic rational with a small
    /// enough denominator (the test generator only produces integers and halves, so nil means
    /// the generator and the oracle disagree about what they exchange).
    init?(exactly value: Double) {
        guard value.isFinite else { return nil }
        var scaled = value
        var den: Int64 = 1
        // Multiplying by 2 is exact in binary floating point, so this loop is exact.
        while scaled != scaled.rounded(.towardZero) {
            guard den < (1 << 20) else { return nil }
            scaled *= 2
            den *= 2
        }
        guard let n = Int64(exactly: scaled), let r = try? Rational(n, den) else { return nil }
        self = r
    }

    var isZero: Bool { numerator == 0 }
    var isPositive: Bool { numerator > 0 }
    var isNegative: Bool { numerator < 0 }

    var doubleValue: Double { Double(numerator) / Double(denominator) }

    var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }

    // MARK: checked Int64 helpers

    private static func mul(_ a: Int64, _ b: Int64) throws(RationalOverflow) -> Int64 {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        if o { throw RationalOverflow() }
        return r
    }

    private static func add(_ a: Int64, _ b: Int64) throws(RationalOverflow) -> Int64 {
        let (r, o) = a.addingReportingOverflow(b)
        if o { throw RationalOverflow() }
        return r
    }

    // MARK: arithmetic

    func negated() throws(RationalOverflow) -> Rational {
        guard numerator != .min else { throw RationalOverflow() }
        var r = self
        r.numerator = -numerator
        return r
    }

    func adding(_ o: Rational) throws(RationalOverflow) -> Rational {
        if o.numerator == 0 { return self }
        if numerator == 0 { return o }
        if denominator == 1 && o.denominator == 1 {
            return Rational(integer: try Rational.add(numerator, o.numerator))
        }
        // Divide by gcd of the denominators first to keep intermediates small.
        let g = Int64(Rational.gcd(denominator.magnitude, o.denominator.magnitude))
        let da = denominator / g, db = o.denominator / g
        let n = try Rational.add(try Rational.mul(numerator, db), try Rational.mul(o.numerator, da))
        let d = try Rational.mul(try Rational.mul(da, db), g)
        return try Rational(n, d)
    }

    func subtracting(_ o: Rational) throws(RationalOverflow) -> Rational {
        try adding(try o.negated())
    }

    func multiplied(by o: Rational) throws(RationalOverflow) -> Rational {
        if numerator == 0 || o.numerator == 0 { return .zero }
        if denominator == 1 && o.denominator == 1 {
            return Rational(integer: try Rational.mul(numerator, o.numerator))
        }
        // Cross-cancel before multiplying so that intermediates stay as small as the result.
        let g1 = Int64(Rational.gcd(numerator.magnitude, o.denominator.magnitude))
        let g2 = Int64(Rational.gcd(o.numerator.magnitude, denominator.magnitude))
        let n = try Rational.mul(numerator / g1, o.numerator / g2)
        let d = try Rational.mul(denominator / g2, o.denominator / g1)
        return try Rational(n, d)
    }

    func divided(by o: Rational) throws(RationalOverflow) -> Rational {
        guard o.numerator != 0 else { throw RationalOverflow() }
        guard o.numerator != .min else { throw RationalOverflow() }
        let inv = try Rational(o.denominator, o.numerator)
        return try multiplied(by: inv)
    }

    /// Exact comparison: a/b < c/d  ⇔  a·d < c·b (denominators are positive).
    static func compare(_ a: Rational, _ b: Rational) throws(RationalOverflow) -> Int {
        if a.denominator == b.denominator {
            return a.numerator < b.numerator ? -1 : (a.numerator == b.numerator ? 0 : 1)
        }
        // Signs decide most comparisons without multiplying.
        let sa = a.numerator.signum(), sb = b.numerator.signum()
        if sa != sb { return sa < sb ? -1 : 1 }
        let l = try mul(a.numerator, b.denominator)
        let r = try mul(b.numerator, a.denominator)
        return l < r ? -1 : (l == r ? 0 : 1)
    }
}
