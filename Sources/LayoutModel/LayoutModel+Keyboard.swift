internal import LayoutVocabulary
/// The keyboard: `keyboard HEIGHT|off` and the root's `keyboardLayoutGuide`, `root.keyboard`
/// (made on first use, `LayoutModel+Guides.swift`). The guide spans the root's width at its
/// bottom; its top is the keyboard's top while the keyboard is shown, and the safe area's
/// bottom while it is hidden (UIKit's `keyboardLayoutGuide`, docked keyboard). So
/// `button.bottom == root.keyboard.top - 8` keeps a button above the keyboard.
extension LayoutModel {
    /// Shows the keyboard `height` points high (the part over the root), or hides it (nil).
    /// One change of the solver.
    public func setKeyboard(_ height: Double?) throws(LayoutError) {
        if let height {
            try Self.checkMagnitude(height, .keyboardHeight)
            if height < 0 { throw .negativeLength(.keyboardHeight, height) }
            if height > rootHeight { throw .tooLarge(.keyboardHeight, height) }
        }
        keyboardHeight = height
        applyAsOneChange(updateGuideTies(of: Self.rootName, .keyboardGuide))
    }
}
