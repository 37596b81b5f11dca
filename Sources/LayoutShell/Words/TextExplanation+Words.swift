import LayoutModel
import LayoutVocabulary

extension TextExplanation {
    /// `message: text 600x20, at width 279: ceil(600 / 279) = 3 lines × 20 = 60 high, 279 wide`.
    func lines(for view: String) -> [String] {
        let w = formatNumber(text.lineWidth), h = formatNumber(text.lineHeight), at = formatNumber(layoutWidth)
        var head = "\(view)'s text: \(w) points on one line, lines \(h) high"
        if text.maxLines > 0 { head += ", at most \(text.maxLines) lines" }
        let source = text.preferredMaxLayoutWidth != nil ? "its preferredMaxLayoutWidth \(at)" : "its width \(at)"
        var count: String
        if text.lineWidth <= 0 {
            count = "no text, no lines"
        } else if layoutWidth <= 0 {
            count = "no width to wrap in: 1 line"
        } else {
            count = "ceil(\(w) / \(at)) = \(uncappedLines) line\(uncappedLines == 1 ? "" : "s")"
            if uncappedLines != lines { count += ", capped at \(lines)" }
        }
        var result = [head,
                      "  at \(source): \(count); intrinsic size \(formatNumber(intrinsicWidth))x\(formatNumber(intrinsicHeight))"
                      + " (width min(\(w), \(at)), height \(lines) × \(h))"]
        if outcome.converged {
            result.append("  a fixed point of UIKit's two passes (the width, then the height for that width)")
        } else {
            result.append("  no fixed point: after \(LayoutModel.maxTextPasses) passes the text's height still changes its width")
        }
        return result
    }

    /// For the report, when a change re-wrapped the text: `3 lines at 279, intrinsic 279x60`.
    var summary: String {
        "\(lines) line\(lines == 1 ? "" : "s") at \(formatNumber(layoutWidth)), intrinsic \(formatNumber(intrinsicWidth))x\(formatNumber(intrinsicHeight))"
    }
}
