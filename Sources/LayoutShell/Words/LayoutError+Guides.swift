import LayoutModel
import LayoutVocabulary
import LayoutReport

// The words of layout guides, devices and pixels: the refusals (how a device reads in the
// `device` listing is in Device+Words.swift).

extension LayoutError {
    /// The refusals about guides, the safe area, devices and the scale.
    var guideAndScreenWords: (message: String, hint: String?) {
        switch self {
        case .guideCannotHaveSubviews(let guide):
            ("\(guide) is a layout guide, which is never a superview", "add the view to the guide's owner and constrain it to the guide")
        case .guideHasNoIntrinsicSize(let guide):
            ("\(guide) is a layout guide: it has no content, so no intrinsic size or content priorities", "constrain its width and height instead")
        case .guideHasNoMargins(let guide):
            ("\(guide) is a layout guide: it has no margins, margins guide or safe area", "use its edges, or its owner's margins")
        case .guideHasNoAttribute(let guide, let attribute):
            ("\(guide) is a layout guide, which has no \(attribute.rawValue)",
             "a guide has left right top bottom leading trailing width height centerX centerY")
        case .rootHasNoSuperview:
            ("the root has no superview, so no superview margins to preserve", "set it on a subview; the root's margins are root.margins inside the safe area")
        case .systemGuideNotRemovable(let guide):
            ("\(guide) belongs to its view (UIKit makes it) and cannot be removed", "remove the constraints that name it instead")
        case .systemConstraintNotEditable(let id, let identifier, let owner) where identifier.hasPrefix("UISV-"):
            ("\(id) is UIKit's own '\(identifier)': stack \(owner) makes it from its properties and arranged views",
             "change the stack: \(owner).spacing, \(owner).distribution, \(owner).alignment, VIEW.hidden, stack \(owner) add|remove VIEW")
        case .systemConstraintNotEditable(let id, _, let owner) where id.hasPrefix("\(owner).autoresizing."):
            ("\(id) is an NSAutoresizingMaskLayoutConstraint: \(owner)'s frame and autoresizing mask make it",
             "change \(owner).autoresizing = …, or stop it: \(owner).translatesAutoresizingMask = false")
        case .systemConstraintNotEditable(let id, let identifier, let owner):
            ("\(id) is UIKit's own '\(identifier)': it changes with \(owner)'s \(identifier.hasPrefix("UIViewSafeArea") ? "safe area" : "margins")",
             identifier.hasPrefix("UIViewSafeArea")
                ? (owner == LayoutModel.rootName ? "set it with safearea T,L,B,R" : "it follows the part of the root's safe area \(owner) covers; set that with safearea T,L,B,R")
                : "set it with \(owner).margins = T,L,B,R")
        case .negativeSafeArea:
            ("a safe-area inset cannot be negative", "e.g. safearea 59,0,34,0")
        case .unknownDevice(let name):
            ("there is no device named \(name)", "device alone lists them")
        case .unsupportedScale(let scale):
            ("the scale \(formatNumber(scale)) is not a screen scale", "write scale 1, 2 or 3 (or scale off for exact frames)")
        default:
            (message, hint)
        }
    }
}
