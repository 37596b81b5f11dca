import LayoutModel

// How a solved value reads. The model hands out the solver's values exactly; a report shows
// them without the solver's floating-point noise, so 19.999999999997 reads as 20.

/// A value as reports show it: solver noise below 1e-7 is snapped to the nearest multiple of
/// 1e-6 (so 19.999999999997 shows as 20) and -0 becomes 0.
public func cleanValue(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    let snapped = (value * 1e6).rounded() / 1e6
    let result = abs(snapped - value) < 1e-7 ? snapped : value
    return result == 0 ? 0 : result
}

/// A solved value (a frame's x, a broken constraint's wanted/got/error) in its shortest form,
/// without solver noise. Numbers the user wrote go through `formatNumber` untouched.
public func formatValue(_ value: Double) -> String { formatNumber(cleanValue(value)) }
