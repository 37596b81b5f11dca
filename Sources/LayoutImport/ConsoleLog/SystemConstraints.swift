import ConsoleLog

/// What UIKit or AppKit made a constraint for, read from its class and identifier, and how the
/// importer brings it into the session. This is the one place that decides: when the model
/// learns autoresizing-mask views (`view X frame …`) and stack views, their cases change here.
enum SystemConstraint: Equatable {
    /// The size a container gives a view it manages (`UIView-Encapsulated-Layout-Width`).
    case encapsulatedSize(String)
    /// An `NSAutoresizingMaskLayoutConstraint` (`h=--& v=--&`): the view's frame and mask.
    case autoresizing(mask: String?)
    /// A `UIStackView` constraint (`UISV-spacing`, `UISV-canvas-connection`, …).
    case stackView(String)
    /// `_UITemporaryLayoutWidth` / `Height`: a size UIKit sets while it measures a view.
    case temporarySize(String)
    /// The top/bottom layout guides of iOS 7–10 (`_UILayoutSupportConstraint`).
    case layoutSupport
    /// A side of the safe-area guide (`UIViewSafeAreaLayoutGuide-top`).
    case safeArea(side: String)
    /// A side of the layout-margins guide (`UIView-topMargin-guide-constraint`).
    case marginsGuide(side: String)
    /// Another identifier UIKit or Interface Builder uses (`IB_Baseline_Baseline`, …).
    case otherSystem(String)

    init?(_ constraint: LogConstraint) {
        let identifier = constraint.identifier ?? ""
        if constraint.className == "NSAutoresizingMaskLayoutConstraint" {
            self = .autoresizing(mask: constraint.autoresizingMask)
        } else if identifier.hasPrefix("UIView-Encapsulated-Layout-") {
            self = .encapsulatedSize(identifier)
        } else if identifier.hasPrefix("UISV-") {
            self = .stackView(identifier)
        } else if identifier.hasPrefix("_UITemporaryLayout") {
            self = .temporarySize(identifier)
        } else if constraint.className == "_UILayoutSupportConstraint" {
            self = .layoutSupport
        } else if identifier.hasPrefix("UIViewSafeAreaLayoutGuide-") {
            self = .safeArea(side: String(identifier.dropFirst("UIViewSafeAreaLayoutGuide-".count)))
        } else if identifier.hasPrefix("UIView-"), identifier.hasSuffix("Margin-guide-constraint") {
            self = .marginsGuide(side: String(identifier.dropFirst("UIView-".count).dropLast("Margin-guide-constraint".count)))
        } else if identifier.hasPrefix("IB_") || identifier.hasPrefix("NSStackView") || identifier.hasPrefix("UIView-") {
            self = .otherSystem(identifier)
        } else {
            return nil
        }
    }

    /// The note for the ordinary required constraint that stands in for it.
    var standIn: String? {
        switch self {
        case .encapsulatedSize(let id):
            return "'\(id)' is the size a container (table, collection, navigation) gives the view; here an ordinary required constraint"
        case .autoresizing(let mask):
            return "an autoresizing-mask constraint (\(mask ?? "mask not printed")): translatesAutoresizingMaskIntoConstraints was on; here an ordinary required constraint holding the frame the log shows (a log gives the constraints, not the mask, so the view is not remade as `view NAME frame`)"
        case .stackView(let id):
            return "'\(id)' is made by a UIStackView; here an ordinary constraint (a log shows a stack's constraints, not its properties, so the stack is not remade as `stack`)"
        case .temporarySize(let id):
            return "'\(id)' is a size UIKit sets while it measures a view; here an ordinary required constraint"
        case .layoutSupport:
            return "_UILayoutSupportConstraint pins the old top/bottom layout guide (a view here)"
        case .otherSystem(let id):
            return "'\(id)' is made by UIKit or Interface Builder; here an ordinary constraint"
        case .safeArea, .marginsGuide:
            return nil
        }
    }
}
