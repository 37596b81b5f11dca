import LayoutModel
import LayoutVocabulary
import LayoutReport

// The words of cells, scroll views and the keyboard: their refusals.

extension LayoutError {
    /// The refusals about cells, scroll views and the keyboard.
    var cellScrollAndKeyboardWords: (message: String, hint: String?) {
        switch self {
        case .notACell(let view):
            ("\(view) is not a cell", "make one with cell NAME [table|collection] [width W] [height H]")
        case .notAScrollView(let view):
            ("\(view) is not a scroll view, so it has no content or frame layout guide", "make one with scroll NAME [in SUPER]")
        case .keyboardOnlyOnRoot(let view):
            ("only the root has a keyboard layout guide, not \(view)", "use root.keyboard; show the keyboard with keyboard HEIGHT")
        case .contentViewNotRemovable(let view):
            ("\(view) is its cell's content view and goes only with the cell", "remove the cell, or the views in it")
        case .negativeLength(let quantity, let value):
            ("\(quantity.words) cannot be negative (\(formatNumber(value)))", "use 0 or more")
        case .guideCannotFit(let guide):
            ("\(guide) is a layout guide, which has no content to fit", "fit the view that owns it")
        case .viewCannotBeUninstalled(let view, let holding):
            (view == holding ? "\(view) cannot be uninstalled: it is a stack or one of its arranged views, a cell, a scroll view or a guide"
                             : "\(view) cannot be uninstalled: it holds \(holding), a stack or arranged view, a cell, a scroll view or a guide",
             "uninstall plain views (hidden = true hides a stack's arranged view)")
        default:
            (message, hint)
        }
    }
}
