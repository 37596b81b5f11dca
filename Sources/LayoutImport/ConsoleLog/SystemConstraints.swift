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
        self.init(className: constraint.className, identifier: constraint.identifier, mask: constraint.autoresizingMask)
    }

    init?(className: String, identifier: String?, mask: String?) {
        let identifier = identifier ?? ""
        if className == "NSAutoresizingMaskLayoutConstraint" {
            self = .autoresizing(mask: mask)
        } else if identifier.hasPrefix("UIView-Encapsulated-Layout-") {
            self = .encapsulatedSize(identifier)
        } else if identifier.hasPrefix("UISV-") {
            self = .stackView(identifier)
        } else if identifier.hasPrefix("_UITemporaryLayout") {
            self = .temporarySize(identifier)
        } else if className == "_UILayoutSupportConstraint" {
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

/// What a log constraint was, read back from the `origin cN …` line the importer wrote
/// (`NSAutoresizingMaskLayoutConstraint:0x… h=--& v=--&`, `SnapKit.LayoutConstraint:0x…@File.swift#88`,
/// `NSLayoutConstraint:0x… 'UIView-Encapsulated-Layout-Width'`): lets a conflict's member list
/// say which members UIKit made and where the app made the others.
public struct LogConstraintOrigin: Equatable, Sendable {
    /// The `h=--& v=--&` of an autoresizing-mask constraint; nil for any other.
    public var autoresizingMask: String?
    /// UIKit's or Interface Builder's identifier when UIKit made it (`UIView-Encapsulated-Layout-Width`).
    public var systemIdentifier: String?
    /// SnapKit's `ViewController.swift#88`.
    public var location: String?

    /// The origin line's text for a log constraint; `init(originText:)` reads it back.
    static func text(of constraint: LogConstraint) -> String {
        // `#` starts a comment in a session line: the origin line keeps `File.swift:88`, and
        // `shown` gives SnapKit's `#88` back.
        let location = constraint.location.map { "@" + $0.replacingLast("#", with: ":") } ?? ""
        var text = "\(constraint.className):\(constraint.address ?? "?")" + location
        if constraint.className == "NSAutoresizingMaskLayoutConstraint" { text += " " + (constraint.autoresizingMask ?? "h=? v=?") }
        return text + (constraint.identifier.map { " '\($0)'" } ?? "")
    }

    /// Nil when the text is not a log constraint's origin or says nothing worth marking.
    public init?(originText: String) {
        let words = originText.split(separator: " ", maxSplits: 1)
        guard let head = words.first, let colon = head.firstIndex(of: ":"), head[colon...].hasPrefix(":0x") else { return nil }
        let className = String(head[..<colon])
        let rest = words.count > 1 ? words[1] : ""
        if let at = head.firstIndex(of: "@") { location = String(head[head.index(after: at)...]).replacingLast(":", with: "#") }
        var identifier: String?
        if let open = rest.firstIndex(of: "'"), rest.hasSuffix("'"), rest.index(after: open) < rest.endIndex {
            identifier = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
        }
        let mask = rest.hasPrefix("h=") ? String(rest.prefix(11)) : nil
        switch SystemConstraint(className: className, identifier: identifier, mask: mask) {
        case .autoresizing(let mask)?: autoresizingMask = mask ?? "h=? v=?"
        case _?: systemIdentifier = identifier ?? className
        case nil: break
        }
        if autoresizingMask == nil && systemIdentifier == nil && location == nil { return nil }
    }

    /// An origin line's text as the log printed it (`…@File.swift#88`), for `names`.
    public static func shown(_ originText: String) -> String {
        let words = originText.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard let head = words.first, head.contains(":0x"), let at = head.firstIndex(of: "@") else { return originText }
        let fixed = head[..<at] + String(head[at...]).replacingLast(":", with: "#")
        return words.count > 1 ? fixed + " " + words[1] : String(fixed)
    }

    /// The words a conflict's member list adds after the constraint (`autoresizing mask h=--& v=--&`).
    public var mark: String {
        if let autoresizingMask { return "autoresizing mask \(autoresizingMask)" }
        if let systemIdentifier { return "system constraint '\(systemIdentifier)'" }
        return "@" + (location ?? "")
    }
}

private extension String {
    /// `File.swift#88` ↔ `File.swift:88`: only the last one, so a path's own characters stay.
    func replacingLast(_ old: Character, with new: Character) -> String {
        guard let index = lastIndex(of: old) else { return self }
        var copy = self
        copy.replaceSubrange(index...index, with: String(new))
        return copy
    }
}
