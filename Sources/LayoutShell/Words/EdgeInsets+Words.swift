import LayoutModel
import LayoutVocabulary

// Insets as the session language writes them. A conformance rather than a property so that
// every `\(insets)` in a report reads the same, wherever it is interpolated.
extension EdgeInsets: CustomStringConvertible {
    /// `8` when all four sides agree, else `top,left,bottom,right` — the session language's form.
    public var description: String {
        if top == left && left == bottom && bottom == right { return formatNumber(top) }
        return [top, left, bottom, right].map(formatNumber).joined(separator: ",")
    }
}
