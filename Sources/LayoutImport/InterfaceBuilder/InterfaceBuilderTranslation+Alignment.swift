import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// Controls whose frame reaches past their alignment rectangle, which is what constraints
/// place. IB stores frames; the translation makes each such stored frame its alignment
/// rectangle, so the session's frames, the sizes taken as intrinsic and the frames compared
/// are all alignment rectangles. Every inset here was read off stored frames against their
/// constraints in real files (README, "Decisions").
extension InterfaceBuilderTranslation {
    /// UIKit: a slider stored 285x31 is 281x30 to Auto Layout, 2 points in at the sides and 1
    /// above the bottom; a switch stored 51 wide is 49, its right edge 2 points in; a
    /// segmented control stored 32 high is 31, its bottom a point up (so a stack puts the next
    /// view at 31).
    static let uiKitAlignmentInsets: [String: IBInsets] = [
        "slider": IBInsets(top: 0, left: 2, bottom: 1, right: 2),
        "switch": IBInsets(top: 0, left: 0, bottom: 0, right: 2),
        "segmentedControl": IBInsets(top: 0, left: 0, bottom: 1, right: 0),
    ]

    /// AppKit, by the control's cell (insets counted from the top, after flipping): a label (a
    /// text field without a border) reaches 2 points past its text at each side; a push button
    /// (`bezelStyle="rounded"`) stored 32 high is a 21-point bezel, 4 below its frame's top and
    /// 7 above its bottom, 6 in at each side, and from Xcode 12 (macOS 11's controls) a
    /// 20-point one, 5 below the top, 7 in at the sides; a check box or radio button 2 in at
    /// the left (its box); a horizontal slider 2 in all round. A bordered text field is its frame.
    static func appKitAlignmentInsets(of view: IBView, toolsVersion: Double?) -> IBInsets? {
        guard let cell = view.appKitCell else { return nil }
        switch (view.element, cell.type, cell.bezelStyle) {
        case ("textField", _, _) where !cell.bordered:
            return IBInsets(top: 0, left: 2, bottom: 0, right: 2)
        case ("button", "check", _), ("button", "radio", _):
            return IBInsets(top: 0, left: 2, bottom: 0, right: 0)
        case ("button", _, "rounded"):
            if let toolsVersion, toolsVersion >= xcode12ToolsVersion { return IBInsets(top: 5, left: 7, bottom: 7, right: 7) }
            return IBInsets(top: 4, left: 6, bottom: 7, right: 6)
        case ("slider", _, _):
            guard let frame = view.frame, frame.width > frame.height else { return nil }
            return IBInsets(top: 2, left: 2, bottom: 2, right: 2)
        default:
            return nil
        }
    }

    /// The tree with each control's stored frame made its alignment rectangle.
    static func alignmentFrames(_ view: IBView, in document: IBDocument) -> IBView {
        var view = view
        let insets = document.isAppKit ? appKitAlignmentInsets(of: view, toolsVersion: document.toolsVersion.flatMap { Double($0) })
            : uiKitAlignmentInsets[view.element]
        if let insets, let frame = view.frame {
            view.frame = IBRect(x: frame.x + insets.left, y: frame.y + insets.top,
                                width: frame.width - insets.left - insets.right, height: frame.height - insets.top - insets.bottom)
        }
        view.subviews = view.subviews.map { alignmentFrames($0, in: document) }
        return view
    }
}
