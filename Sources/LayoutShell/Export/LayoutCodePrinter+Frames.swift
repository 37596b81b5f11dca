import LayoutModel
import LayoutVocabulary

/// The frame of a view that keeps its autoresizing mask, written so that UIKit (and `import`)
/// makes the same NSAutoresizingMaskLayoutConstraints from it.
///
/// Each of those constraints is a linear function of the superview's size S taken when they
/// were made: `minX == m × S + k`, `width == m × S + k` (m the share of the superview's
/// growth that part takes; 0 for a fixed part). A frame given as plain numbers only holds at
/// the size the superview had then, which is gone once the root is resized or the
/// superview's constraints size it; and the frame solved now is no answer either, since a
/// conflict may have broken the mask's constraints. So each side is written as the function
/// itself, `0.5 * view.bounds.width - 32`: UIKit (and `import`) reads the superview's bounds
/// when the line runs and makes, from that frame and that size, constraints with the same
/// shares and constants.
extension LayoutCodePrinter {
    /// x, y, width, height as code.
    func frameSides(of view: String, _ state: AutoresizingState) -> [String] {
        let created = [state.frame.x, state.frame.y, state.frame.width, state.frame.height]
        let ids = ["minX", "minY", "width", "height"].map { "\(view).autoresizing.\($0)" }
        return ids.enumerated().map { index, id in
            guard let spec = model.constraint(id)?.spec else { return formatNumber(created[index]) }
            return side(spec)
        }
    }

    /// One constraint's right-hand side: `k`, or `m × superview.bounds.<size> + k`.
    private func side(_ spec: ConstraintSpec) -> String {
        guard let parent = spec.secondItem, let attribute = spec.secondAttribute, attribute.isSize else {
            // `minX == superview.left + k` (a fixed margin) or `width == k` (a fixed size).
            return formatNumber(spec.constant)
        }
        let size = attribute == .width ? "width" : "height"
        let bounds = swift ? "\(item(parent)).bounds.\(size)" : "\(item(parent)).bounds.size.\(size)"
        var text = spec.multiplier == 1 ? bounds : "\(formatNumber(spec.multiplier)) * \(bounds)"
        if spec.constant > 0 { text += " + \(formatNumber(spec.constant))" }
        if spec.constant < 0 { text += " - \(formatNumber(-spec.constant))" }
        return text
    }
}
