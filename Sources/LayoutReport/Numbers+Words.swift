import LayoutModel
import LayoutVocabulary

// How a solved value reads. The model hands out the solver's values exactly; a report shows
// them without the solver's floating-point noise, so 19.999999999997 reads as 20.

/// A value as reports show it: solver noise (`Tolerance.displayNoise`) is snapped to the
/// nearest millionth (so 19.999999999997 shows as 20) and -0 becomes 0.
public func cleanValue(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    let snapped = (value * Tolerance.displayStepsPerPoint).rounded() / Tolerance.displayStepsPerPoint
    let result = Tolerance.isDisplayNoise(value, snapped) ? snapped : value
    return result == 0 ? 0 : result
}

/// A number that came from the user or from a constraint (a constant, a multiplier, a weight
/// in explained arithmetic) in its shortest exact form, without the solver's noise: a reader
/// must be able to redo the arithmetic, so 0.5625 stays 0.5625.
public func formatExact(_ value: Double) -> String { formatNumber(cleanValue(value)) }

/// A solved value (a frame's x, a broken constraint's wanted/got/error) as text reports show
/// it: at most three decimals, trailing zeros dropped (`33.333`, `20.5`, `20`). Numbers the
/// user wrote go through `formatNumber` untouched, and JSON keeps full precision.
public func formatValue(_ value: Double) -> String {
    let value = cleanValue(value)
    // Past 1e12 a thousandth is below a Double's resolution: the shortest form is exact enough.
    guard value.isFinite, abs(value) < 1e12 else { return formatNumber(value) }
    let thousandths = Int64((abs(value) * 1000).rounded())
    // Below a thousandth, still not zero (a conflict off by 3e-5): two significant digits,
    // so it never reads as "off by 0".
    if thousandths == 0 { return value == 0 ? "0" : tiny(value) }
    let whole = thousandths / 1000, fraction = thousandths % 1000
    // Whole points, the common case, without joining strings.
    if fraction == 0 { return value < 0 ? "-" + String(whole) : String(whole) }
    let sign = value < 0 ? "-" : ""
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return sign + String(whole) + "." + digits
}

/// A value below a thousandth in two significant digits (`0.000033`, `-0.0005`).
private func tiny(_ value: Double) -> String {
    var scale = 1.0, decimals = 0
    while abs(value) * scale < 10 && decimals < 12 { scale *= 10; decimals += 1 }
    let digits = Int64((abs(value) * scale).rounded())
    var text = String(digits)
    text = String(repeating: "0", count: max(0, decimals - text.count)) + text
    let cut = text.index(text.endIndex, offsetBy: -decimals)
    var fraction = String(text[cut...])
    while fraction.last == "0" { fraction.removeLast() }
    let whole = text[..<cut].isEmpty ? "0" : String(text[..<cut])
    return (value < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
}

/// `1 command`, `3 commands`: a count with its noun in the number it needs (nouns that add
/// an `s`).
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// `a, b, c`, or the first screenful (`CommandResult.constraintLinesCap`) and `, … and N more`:
/// a report names what a change touched, and on a long chain that is thousands of items
/// (the listing commands name them all).
package func screenful(_ items: some Collection<String>) -> String {
    let cap = CommandResult.constraintLinesCap
    let shown = items.prefix(cap).joined(separator: ", ")
    return items.count > cap ? shown + ", … and \(items.count - cap) more" : shown
}
