import LayoutModel
import LayoutVocabulary

/// Writes a session as layout code to paste into `viewDidLoad`, in Swift or Objective-C:
/// the views (an `IntrinsicSizeView`, declared in the file, for a view with an intrinsic
/// size), guides as `UILayoutGuide`, the hierarchy, `translatesAutoresizingMaskIntoConstraints
/// = false`, margins and content priorities that differ from UIKit's defaults, and every
/// constraint in creation order — anchors where UIKit has them, `NSLayoutConstraint(item:…)`
/// where it does not (margin attributes, a multiplier on a location), priorities as
/// `UILayoutPriority(…)`, names as identifiers. Active constraints go into one
/// `NSLayoutConstraint.activate([...])`; inactive ones are made and left off. `import` reads
/// the file back to the same layout.
struct LayoutCodePrinter {
    /// `snapKit`: Swift whose constraints are SnapKit makers where SnapKit can say them.
    enum Language { case swift, objectiveC, snapKit }

    let model: LayoutModel
    let language: Language
    /// Session name → the UIKit class it was imported as (`origin NAME UILabel`), for views
    /// that `export` can make as that class.
    var classes: [String: String] = [:]
    /// Session name → code name (a session view called `view` or `self` cannot keep its name;
    /// its accessibilityIdentifier keeps it: `keptName`).
    private var codeNames: [String: String] = [:]

    static let reserved: Set<String> = ["view", "self", "super", "let", "var", "in", "for", "if", "else", "class", "struct",
                                        "func", "return", "default", "case", "switch", "while", "do", "repeat", "import",
                                        "id", "nil", "YES", "NO", "true", "false", "int", "float", "double", "long", "new"]

    init(model: LayoutModel, language: Language) {
        self.model = model
        self.language = language
        var used = Set(model.viewOrder)
        for name in model.viewOrder where Self.reserved.contains(name) {
            var candidate = name + "View"
            while used.contains(candidate) { candidate += "_" }
            used.insert(candidate)
            codeNames[name] = candidate
        }
    }

    /// The UIKit view classes `export` makes as themselves when a view was imported as one
    /// and has no intrinsic size here: those sized by their text or image, which `import`
    /// reads back with no size of its own (a note asks for one). Any other class, a custom one
    /// included, is written as a UIView, which the file can always compile; the controls
    /// `import` gives a size (UISwitch…) would gain one if read back as themselves.
    static let madeAsThemselves: Set<String> = ["UILabel", "UIButton", "UIImageView", "UITextField", "UITextView"]

    /// The classes `origins` records for views that are made as themselves.
    static func classes(from origins: [(name: String, text: String)]) -> [String: String] {
        var classes: [String: String] = [:]
        for (name, text) in origins {
            let className = originParts(text).className
            if madeAsThemselves.contains(className) { classes[name] = className }
        }
        return classes
    }

    var swift: Bool { language != .objectiveC }
    var userViews: [ViewInfo] {
        model.viewOrder.compactMap { model.view($0) }.filter { $0.parent != nil && ($0.kind == .view || $0.kind == .guide) }
    }

    /// The whole file.
    func document() -> String {
        let needsIntrinsic = userViews.contains { $0.intrinsicWidth != nil || $0.intrinsicHeight != nil }
        var text = header()
        if needsIntrinsic { text += swift ? Self.swiftIntrinsicClass : Self.objcIntrinsicClass }
        let body = bodyLines().map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        if swift {
            text += "final class LayoutViewController: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n\n"
                + body + "\n    }\n}\n"
        } else {
            text += "@interface LayoutViewController : UIViewController\n@end\n\n@implementation LayoutViewController\n\n"
                + "- (void)viewDidLoad {\n    [super viewDidLoad];\n\n" + body.replacingIndent() + "\n}\n\n@end\n"
        }
        return text
    }

    func header() -> String {
        let word = language == .snapKit ? "snapkit" : swift ? "swift" : "objc"
        var lines = ["// Layout from LayoutLab (`export \(word)`): the body of viewDidLoad is the layout.",
                     "// It was made for a root of \(formatNumber(model.rootWidth))x\(formatNumber(model.rootHeight))"
                        + (model.device.map { " (device \($0.device.name)\($0.landscape ? " landscape" : ""))" } ?? "") + "."]
        let s = model.safeAreaInsets
        if s != EdgeInsets(all: 0) {
            // The bars are the container's, not code to paste: say they are in the numbers.
            let bars = model.bars == .none ? "" : " (the view controller sits under \(model.bars.words == "navigation tab" ? "a navigation bar and a tab bar" : "a \(model.bars.words) bar"))"
            lines.append("// The safe area there: top \(formatNumber(s.top)), left \(formatNumber(s.left)), bottom \(formatNumber(s.bottom)), right \(formatNumber(s.right))\(bars).")
        }
        if model.direction == .rightToLeft { lines.append("// Laid out right to left (semanticContentAttribute = .forceRightToLeft).") }
        let imports = language == .snapKit ? "import UIKit\nimport SnapKit\n\n" : swift ? "import UIKit\n\n" : "#import <UIKit/UIKit.h>\n\n"
        return lines.joined(separator: "\n") + "\n\n" + imports
    }

    // MARK: - viewDidLoad

    func bodyLines() -> [String] {
        var lines: [String] = []
        for view in userViews {
            let name = code(view.name)
            if view.kind == .guide {
                lines.append(swift ? "let \(name) = UILayoutGuide()" : "UILayoutGuide *\(name) = [[UILayoutGuide alloc] init];")
                lines += keptName(view.name, property: "identifier")
                lines.append(swift ? "\(item(view.parent!)).addLayoutGuide(\(name))" : "[\(item(view.parent!)) addLayoutGuide:\(name)];")
                continue
            }
            // A cell's content view comes with the cell (`row.contentView`).
            if isContentView(view.name) { continue }
            if let cell = model.cells[view.name], let state = model.autoresizing[view.name] {
                // A table or collection view sets the cell's frame, and pins its content view to
                // it (UIView-Encapsulated-Layout-*); here the frame is set by hand.
                let f = frameSides(of: view.name, state)
                let type = cell.style == .table ? "UITableViewCell" : "UICollectionViewCell"
                lines.append(swift ? "let \(name) = \(type)(frame: CGRect(x: \(f[0]), y: \(f[1]), width: \(f[2]), height: \(f[3])))"
                                   : "\(type) *\(name) = [[\(type) alloc] initWithFrame:CGRectMake(\(f.joined(separator: ", ")))];")
                lines += keptName(view.name, property: "accessibilityIdentifier")
                lines.append(swift ? "\(item(view.parent!)).addSubview(\(name))" : "[\(item(view.parent!)) addSubview:\(name)];")
                continue
            }
            if let stack = model.stacks[view.name] {
                lines.append(swift ? "let \(name) = UIStackView()" : "UIStackView *\(name) = [[UIStackView alloc] init];")
                let axis = stack.axis == .horizontal ? "horizontal" : "vertical"
                lines.append(swift ? "\(name).axis = .\(axis)" : "\(name).axis = UILayoutConstraintAxis\(axis.capitalizedFirst);")
                lines += keptName(view.name, property: "accessibilityIdentifier")
            } else if let state = model.autoresizing[view.name] {
                // It keeps translatesAutoresizingMaskIntoConstraints = true: UIKit pins this frame.
                let f = frameSides(of: view.name, state)
                lines.append(swift ? "let \(name) = UIView(frame: CGRect(x: \(f[0]), y: \(f[1]), width: \(f[2]), height: \(f[3])))"
                                   : "UIView *\(name) = [[UIView alloc] initWithFrame:CGRectMake(\(f.joined(separator: ", ")))];")
                lines += keptName(view.name, property: "accessibilityIdentifier")
                if !state.mask.isEmpty {
                    let names = state.mask.names
                    lines.append(swift ? "\(name).autoresizingMask = [\(names.map { "." + $0 }.joined(separator: ", "))]"
                                       : "\(name).autoresizingMask = \(names.map { "UIViewAutoresizing" + $0.capitalizedFirst }.joined(separator: " | "));")
                }
                lines.append(swift ? "\(item(view.parent!)).addSubview(\(name))" : "[\(item(view.parent!)) addSubview:\(name)];")
                continue
            } else if view.intrinsicWidth != nil || view.intrinsicHeight != nil {
                let w = view.intrinsicWidth.map(formatNumber) ?? (swift ? "UIView.noIntrinsicMetric" : "UIViewNoIntrinsicMetric")
                let h = view.intrinsicHeight.map(formatNumber) ?? (swift ? "UIView.noIntrinsicMetric" : "UIViewNoIntrinsicMetric")
                lines.append(swift ? "let \(name) = IntrinsicSizeView(width: \(w), height: \(h))"
                                   : "IntrinsicSizeView *\(name) = [[IntrinsicSizeView alloc] initWithIntrinsicSize:CGSizeMake(\(w), \(h))];")
            } else {
                let type = model.isScrollView(view.name) ? "UIScrollView" : classes[view.name] ?? "UIView"
                lines.append(swift ? "let \(name) = \(type)()" : "\(type) *\(name) = [[\(type) alloc] init];")
            }
            if model.stacks[view.name] == nil { lines += keptName(view.name, property: "accessibilityIdentifier") }
            lines.append(swift ? "\(name).translatesAutoresizingMaskIntoConstraints = false" : "\(name).translatesAutoresizingMaskIntoConstraints = NO;")
            // An arranged view is added by its stack (addArrangedSubview), below.
            guard model.arrangedIn[view.name] == nil else { continue }
            lines.append(swift ? "\(item(view.parent!)).addSubview(\(name))" : "[\(item(view.parent!)) addSubview:\(name)];")
        }
        let stacks = stackLines()
        lines += stacks.before
        for name in model.viewOrder {
            guard let view = model.view(name), view.kind == .view else { continue }
            lines += settings(of: view)
        }
        lines += constraintLines()
        if !stacks.after.isEmpty {
            lines.append("")
            lines.append("// Set after the constraints, as in the session: UIKit remakes the stack's constraints, and those break.")
            lines += stacks.after
        }
        return lines
    }

    /// Whether a stack's settings came after a constraint they conflict with: one of its own
    /// constraints is a broken required one (the one made last breaks), so the code sets them
    /// after activating the constraints, where UIKit (and `import`) breaks the same one.
    func setsAfterConstraints(_ stack: String) -> Bool {
        model.constraintRecords().contains { record in
            guard record.isBroken, case .system(let identifier, let owner) = record.kind else { return false }
            return owner == stack && identifier.hasPrefix("UISV-")
        }
    }

    /// Each stack's arranged views (`addArrangedSubview`, which also turns their
    /// translatesAutoresizingMaskIntoConstraints off) and the properties that differ from
    /// UIKit's defaults. The stack's own `UISV-*` constraints are not written: UIKit makes them.
    func stackLines() -> (before: [String], after: [String]) {
        var before: [String] = [], after: [String] = []
        var hiddenInStacks = Set<String>()
        for name in model.viewOrder {
            guard let stack = model.stacks[name] else { continue }
            let target = item(name)
            for view in stack.arranged {
                before.append(swift ? "\(target).addArrangedSubview(\(item(view)))" : "[\(target) addArrangedSubview:\(item(view))];")
            }
            var lines: [String] = []
            if stack.spacing != 0 {
                lines.append(swift ? "\(target).spacing = \(formatNumber(stack.spacing))" : "\(target).spacing = \(formatNumber(stack.spacing));")
            }
            if stack.distribution != .fill {
                lines.append(swift ? "\(target).distribution = .\(stack.distribution.rawValue)"
                                   : "\(target).distribution = UIStackViewDistribution\(stack.distribution.rawValue.capitalizedFirst);")
            }
            if stack.alignment != .fill {
                let word = stack.alignment.word(for: stack.axis)
                lines.append(swift ? "\(target).alignment = .\(word)" : "\(target).alignment = UIStackViewAlignment\(word.capitalizedFirst);")
            }
            if stack.isLayoutMarginsRelative {
                lines.append(swift ? "\(target).isLayoutMarginsRelativeArrangement = true" : "\(target).layoutMarginsRelativeArrangement = YES;")
            }
            if stack.isBaselineRelative {
                lines.append(swift ? "\(target).isBaselineRelativeArrangement = true" : "\(target).baselineRelativeArrangement = YES;")
            }
            for view in stack.arranged {
                guard let spacing = stack.customSpacing[view] else { continue }
                lines.append(swift ? "\(target).setCustomSpacing(\(formatNumber(spacing)), after: \(item(view)))"
                                   : "[\(target) setCustomSpacing:\(formatNumber(spacing)) afterView:\(item(view))];")
            }
            for view in stack.arranged where model.view(view)?.isHidden == true {
                hiddenInStacks.insert(view)
                lines.append(hiddenLine(view))
            }
            if setsAfterConstraints(name) { after += lines } else { before += lines }
        }
        // A hidden view outside a stack keeps its place (Auto Layout still places it).
        for name in model.viewOrder where model.view(name)?.isHidden == true && !hiddenInStacks.contains(name) {
            before.append(hiddenLine(name))
        }
        return (before, after)
    }

    func hiddenLine(_ name: String) -> String {
        swift ? "\(item(name)).isHidden = true" : "\(item(name)).hidden = YES;"
    }

    /// Margins, where they come from, and content priorities that differ from UIKit's defaults.
    func settings(of view: ViewInfo) -> [String] {
        var lines: [String] = []
        let target = item(view.name)
        if view.margins != .standard || view.marginsAreDirectional {
            let m = view.margins
            let values = [m.top, m.left, m.bottom, m.right].map(formatNumber)
            if view.marginsAreDirectional {
                lines.append(swift ? "\(target).directionalLayoutMargins = NSDirectionalEdgeInsets(top: \(values[0]), leading: \(values[1]), bottom: \(values[2]), trailing: \(values[3]))"
                                   : "\(target).directionalLayoutMargins = NSDirectionalEdgeInsetsMake(\(values.joined(separator: ", ")));")
            } else {
                lines.append(swift ? "\(target).layoutMargins = UIEdgeInsets(top: \(values[0]), left: \(values[1]), bottom: \(values[2]), right: \(values[3]))"
                                   : "\(target).layoutMargins = UIEdgeInsetsMake(\(values.joined(separator: ", ")));")
            }
        }
        if !view.insetsMarginsFromSafeArea {
            lines.append(swift ? "\(target).insetsLayoutMarginsFromSafeArea = false" : "\(target).insetsLayoutMarginsFromSafeArea = NO;")
        }
        guard view.parent != nil else { return lines }
        if view.preservesSuperviewMargins {
            lines.append(swift ? "\(target).preservesSuperviewLayoutMargins = true" : "\(target).preservesSuperviewLayoutMargins = YES;")
        }
        for axis in [LayoutAttribute.Axis.horizontal, .vertical] {
            let axisWord = swift ? (axis == .horizontal ? ".horizontal" : ".vertical")
                                 : (axis == .horizontal ? "UILayoutConstraintAxisHorizontal" : "UILayoutConstraintAxisVertical")
            if view.hugging(axis) != .defaultLow {
                lines.append(swift ? "\(target).setContentHuggingPriority(\(priority(view.hugging(axis))), for: \(axisWord))"
                                   : "[\(target) setContentHuggingPriority:\(priority(view.hugging(axis))) forAxis:\(axisWord)];")
            }
            if view.resistance(axis) != .defaultHigh {
                lines.append(swift ? "\(target).setContentCompressionResistancePriority(\(priority(view.resistance(axis))), for: \(axisWord))"
                                   : "[\(target) setContentCompressionResistancePriority:\(priority(view.resistance(axis))) forAxis:\(axisWord)];")
            }
        }
        return lines
    }

    func code(_ name: String) -> String { codeNames[name] ?? name }

    /// For a view whose session name cannot be its variable's (`view` is the controller's
    /// root in code): the name as its accessibilityIdentifier (a guide's identifier), which
    /// `import` names it by.
    func keptName(_ name: String, property: String) -> [String] {
        guard let codeName = codeNames[name] else { return [] }
        return [swift ? "\(codeName).\(property) = \"\(name)\"" : "\(codeName).\(property) = @\"\(name)\";"]
    }

    /// How the code names an item: `view` for root, `view.safeAreaLayoutGuide`, `a.layoutMarginsGuide`,
    /// `list.contentLayoutGuide`, `view.keyboardLayoutGuide`, `row.contentView`.
    func item(_ name: String) -> String {
        let root = swift ? "view" : "self.view"
        if name == LayoutModel.rootName { return root }
        if let (owner, kind) = LayoutModel.systemGuide(name) {
            let property = switch kind {
            case .safeAreaGuide: ".safeAreaLayoutGuide"
            case .contentGuide: ".contentLayoutGuide"
            case .frameGuide: ".frameLayoutGuide"
            case .keyboardGuide: ".keyboardLayoutGuide"
            default: ".layoutMarginsGuide"
            }
            return item(owner) + property
        }
        if isContentView(name), let cell = model.view(name)?.parent { return item(cell) + ".contentView" }
        return code(name)
    }

    /// Whether a view is a cell's content view (`row.contentView`), which comes with the cell.
    func isContentView(_ name: String) -> Bool {
        model.view(name)?.parent.map { model.cells[$0]?.contentView == name } ?? false
    }

    func priority(_ value: LayoutPriority) -> String {
        swift ? "UILayoutPriority(\(formatNumber(value.rawValue)))" : formatNumber(value.rawValue)
    }
}

extension String {
    /// The Swift body's eight-space indent as Objective-C's four.
    fileprivate func replacingIndent() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? "    " + $0.dropFirst(8) : String($0) }.joined(separator: "\n")
    }
}
