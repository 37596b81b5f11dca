import LayoutModel

/// The display layer's precision policy: how reports and pictures hide the solver's rounding
/// from a reader. Comparisons of the model's numbers (weights, tight sides) use the model's
/// `Tolerance.nearlyEqual`; these are the rules that exist only because a person reads the
/// result.
extension Tolerance {
    /// Reports show values on a grid of a millionth of a point: enough digits for any
    /// multiplier a user types (9/16 = 0.5625), and coarse enough that solver rounding
    /// (19.999999999997) lands on the value meant.
    package static let displayStepsPerPoint = 1e6

    /// The smallest step of that grid, as a value: a number below it would snap to 0, so it
    /// is shown as it is instead.
    package static let displayStep = 1e-6

    /// How far a value may be from the grid for the grid point to be shown instead. Solver
    /// rounding on everyday layouts is about 1e-12; a real value a user gave is on the grid
    /// or at least a tenth of a step away. Larger, and 0.1234567 would show as 0.123457 (a
    /// number a reader cannot redo); smaller, and noise from long chains would show as
    /// 19.99999999.
    package static let displayNoise = 1e-7

    /// Whether `value` should be shown as `snapped`, its nearest grid point.
    @inline(__always) package static func isDisplayNoise(_ value: Double, _ snapped: Double) -> Bool {
        abs(snapped - value) < displayNoise
    }

    /// A certificate multiplier at or below this proves nothing and is left out of a conflict
    /// sentence. The solver already drops multipliers below its own zero (1e-8); this only
    /// keeps a sentence from naming a member whose weight came out as rounding of 0.
    package static let provesNothing = 1e-12

    /// How close, in points, a subview's side must be to its superview's for a picture to draw
    /// them on the same line. Frames come from the solver a rounding error apart from the
    /// value meant; a real inset is at least a pixel (1/3 point). Larger, and an inset of a
    /// hair would be drawn flush; smaller, and a flush subview would be drawn one cell inside.
    package static let flush = 1e-6
}
