import LayoutModel
import LayoutVocabulary

// The words of stack views and autoresizing masks: refusals. UIKit's note on autoresizing
// constraints in a conflict, and the advice, are the report's (LayoutReport, Autoresizing+Words.swift).

extension LayoutError {
    /// The refusals about stacks and autoresizing masks.
    var stackAndAutoresizingWords: (message: String, hint: String?) {
        switch self {
        case .notAStack(let name):
            ("\(name) is not a stack view", "make one: stack \(name) h a b c")
        case .arrangedTwice(let name):
            ("\(name) is named twice among the arranged views", "each view is arranged once; the stack is not one of its own")
        case .notArranged(let view, let stack):
            ("\(view) is not an arranged subview of \(stack)", "stack \(stack) add \(view)")
        case .arrangedIndexOutOfRange(let index, let count):
            ("there is no place \(index) among \(count) arranged views", "use 0 to \(count) (0 is the first place)")
        case .rootCannotBeArranged:
            ("the root view cannot be arranged in a stack", nil)
        case .guideCannotBeArranged(let guide):
            ("\(guide) is a layout guide: a stack arranges views", nil)
        case .arrangedContainsStack(let view, let stack):
            ("\(view) contains \(stack): a view cannot be arranged inside itself", nil)
        case .baselineAlignmentInVerticalStack(let stack):
            ("\(stack) is vertical: baseline alignment is for horizontal stacks", "use leading, center, trailing or fill")
        case .rootCannotHide:
            ("the root view cannot be hidden", nil)
        case .notTranslatingAutoresizingMask(let view):
            ("\(view) does not translate its autoresizing mask into constraints", "first \(view).translatesAutoresizingMask = true, or make it with view \(view) frame X,Y,W,H")
        case .rootHasNoAutoresizing:
            ("the root's size is the window's: root WxH sets it", nil)
        case .arrangedViewCannotTranslate(let view, let stack):
            ("\(view) is arranged in \(stack), which turns its translatesAutoresizingMaskIntoConstraints off", "stack \(stack) remove \(view) first")
        default:
            (message, hint)
        }
    }
}
