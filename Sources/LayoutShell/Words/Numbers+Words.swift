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

/// A solved value (a frame's x, a broken constraint's wanted/got/error) as text reports show
/// it: at most three decimals, trailing zeros dropped (`33.333`, `20.5`, `20`). Numbers the
/// user wrote go through `formatNumber` untouched, and JSON keeps full precision.
public func formatValue(_ value: Double) -> String {
    let value = cleanValue(value)
    // Past 1e12 a thousandth is below a Double's resolution: the shortest form is exact enough.
    guard value.isFinite, abs(value) < 1e12 else { return formatNumber(value) }
    let thousandths = Int64((abs(value) * 1000).rounded())
    if thousandths == 0 { return "0" }
    let sign = value < 0 ? "-" : ""
    let whole = thousandths / 1000, fraction = thousandths % 1000
    if fraction == 0 { return sign + String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return sign + String(whole) + "." + digits
}
