/// The model's precision policy in one place: when a solved value counts as holding, tight,
/// on a pixel, or equal to another, and why each margin is the size it is. The solver's own
/// tolerances (pivoting, cancellation) are Cassowary's `Tolerance`; the layers above use these
/// for the model's numbers and add only their display rules.
///
/// The solver computes in doubles. On everyday layouts (points in the thousands, multipliers
/// like 0.5 or 9/16) a solved value is off from the exact one by about 1e-12; layouts with
/// numbers far apart (multipliers near 1e-6 or 1e6, constants near 1e9) are off by far more,
/// and `precision` is the line past which a change is refused.
public enum Tolerance {
    /// How far apart two solved values may be, relative to their size (at least 1), and still
    /// be the same value: an optimum's lower and upper end, a constraint's two sides when it is
    /// tight, two candidate costs. It sits well above everyday rounding (1e-12) and well below
    /// anything a layout distinguishes (a pixel is 1/3 point). Larger, and a view that can move
    /// by a hair would read as fixed; smaller, and rounding alone would make a fixed view
    /// ambiguous or a tight constraint slack.
    public static let relative = 1e-9

    /// The margin `relative` gives a value of magnitude `magnitude` (never below `relative`
    /// itself, so values near 0 are judged in points, not in their own tiny size).
    @inline(__always) public static func margin(_ magnitude: Double) -> Double { relative * max(1, magnitude) }

    /// Whether `value` is `reference` up to rounding, relative to the reference's size.
    @inline(__always) public static func nearlyEqual(_ value: Double, _ reference: Double) -> Bool {
        abs(value - reference) <= margin(abs(reference))
    }

    /// Whether a quantity of size around 1 (a point, a ratio, a weight) is zero up to rounding.
    @inline(__always) public static func isZero(_ value: Double) -> Bool { abs(value) <= relative }

    /// How far a required constraint may be off, relative to the size of its terms (the
    /// constant plus each term's magnitude, at least 1), and still count as holding. Rounding
    /// on layouts whose numbers are far apart grows far past `relative` without anything
    /// being visibly wrong, so this is a thousand times looser; a violation of 1e-6 of the
    /// terms is still far below a pixel for every size a screen shows. Larger, and a change
    /// that really lost a constraint would be accepted; smaller, and legal layouts with
    /// multipliers of 1e-6 would be refused for noise.
    public static let precision = 1e-6

    /// By how many points an active constraint must miss for reports to list it as broken.
    /// Solver noise on a satisfied constraint stays far below it; any real shortfall a user
    /// could set up (a hundredth of a point and up) is above it. Larger, and a constraint
    /// missed by a hundred-thousandth would be called satisfied; smaller, and noise would be
    /// listed as a broken constraint.
    public static let brokenBy = 1e-6

    /// Whether a constraint's error (in points) is a real miss rather than noise.
    @inline(__always) public static func isMissed(by error: Double) -> Bool { error > brokenBy }

    /// How close a value in pixels must be to a whole pixel to be that pixel. The solver's
    /// noise (173.49999999 for 173.5 at 2x) must not decide which way a half rounds; a real
    /// position is a multiple of 1/1000 point at finest, far above this. Larger, and a value a
    /// millionth short of a half would round the wrong way; smaller, and noise would.
    public static let pixel = 1e-6

    /// Whether `pixels` (a value times the screen scale) is `nearest`, its nearest whole pixel.
    @inline(__always) public static func isOnPixel(_ pixels: Double, _ nearest: Double) -> Bool {
        abs(pixels - nearest) < pixel
    }
}
