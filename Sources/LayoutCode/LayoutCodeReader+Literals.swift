import LayoutVocabulary

/// Literal values: numbers, booleans, priorities, axes, insets,
/// rectangles, and the views a constructor makes.
extension LayoutCodeReader {
    func number(_ expression: CodeExpression) -> Double? {
        switch expression {
        case .number(let value): return value.isFinite ? value : nil
        case .negative(let inner): return number(inner).map { -$0 }
        case .name(let name): return numbers[name]
        case .member(.name("self")?, let name): return numbers[name]
        case .member(.name(let variable)?, let side) where sizeVariables[variable] != nil && (side == "width" || side == "height"):
            let size = sizeVariables[variable]!
            return side == "width" ? size.width : size.height
        case .member(.name(let variable)?, let side) where insetVariables[variable] != nil:
            let insets = insetVariables[variable]!
            return ["top": insets.top, "left": insets.left, "bottom": insets.bottom, "right": insets.right,
                    "leading": insets.left, "trailing": insets.right][side]
        case .binary(let left, let op, let right):
            guard let a = number(left), let b = number(right) else { return nil }
            switch op {
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            case "/": return b == 0 ? nil : a / b
            default: return nil
            }
        case .call(.name(let type), let arguments) where ["CGFloat", "Double", "Float", "Int", "NSNumber"].contains(type) && arguments.count == 1:
            return arguments[0].value.flatMap { number($0) }
        case .call(.member(_, "init"), let arguments) where arguments.count == 1 && arguments[0].label == nil:
            return arguments[0].value.flatMap { number($0) }
        default: return nil
        }
    }

    func bool(_ expression: CodeExpression) -> Bool? {
        switch expression {
        case .name("true"), .name("YES"), .number(1): return true
        case .name("false"), .name("NO"), .number(0): return false
        default: return nil
        }
    }

    static let priorityNames: [String: Double] = [
        "required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50,
        "dragThatCanResizeScene": 510, "sceneSizeStaysPut": 500, "dragThatCannotResizeScene": 490,
        "dragThatCanResizeWindow": 510, "windowSizeStayPut": 500, "dragThatCannotResizeWindow": 490,
        "UILayoutPriorityRequired": 1000, "UILayoutPriorityDefaultHigh": 750, "UILayoutPriorityDefaultLow": 250,
        "UILayoutPriorityFittingSizeLevel": 50, "NSLayoutPriorityRequired": 1000, "NSLayoutPriorityDefaultHigh": 750,
        "NSLayoutPriorityDefaultLow": 250, "NSLayoutPriorityFittingSizeCompression": 50,
    ]

    /// `.defaultHigh`, `UILayoutPriority(999)`, `UILayoutPriority(rawValue: 250)`, `.required - 1`,
    /// `UILayoutPriorityDefaultLow + 1`, a number. Only priorities Apple accepts, (0, 1000].
    func priority(_ expression: CodeExpression) -> LayoutPriority? {
        guard let value = priorityValue(expression), LayoutPriority.isValid(value) else { return nil }
        return LayoutPriority(value)
    }

    private func priorityValue(_ expression: CodeExpression) -> Double? {
        switch expression {
        case .member(_, let name): return Self.priorityNames[name]
        case .name(let name): return Self.priorityNames[name] ?? numbers[name]
        case .call(let callee, let arguments) where arguments.count == 1:
            if case .member(_, "init") = callee {} else if case .name(let type) = callee, type.hasSuffix("Priority") || type == "Float" {} else { return nil }
            return arguments[0].value.flatMap { priorityValue($0) }
        case .binary(let left, let op, let right):
            guard let a = priorityValue(left), let b = priorityValue(right) else { return nil }
            return op == "+" ? a + b : op == "-" ? a - b : nil
        default: return number(expression)
        }
    }

    /// `.horizontal`, `NSLayoutConstraint.Axis.vertical`, `UILayoutConstraintAxisHorizontal`.
    func axis(_ expression: CodeExpression) -> LayoutAttribute.Axis? {
        switch enumWord(expression, prefixes: ["UILayoutConstraintAxis", "NSLayoutConstraintOrientation", "NSUserInterfaceLayoutOrientation"]) {
        case "horizontal": .horizontal
        case "vertical": .vertical
        default: nil
        }
    }

    /// The case an enum value names, lowercased first letter: `.fillEqually`,
    /// `UIStackView.Distribution.fillEqually`, `UIStackViewDistributionFillEqually`.
    func enumWord(_ expression: CodeExpression, prefixes: [String]) -> String? {
        switch expression {
        case .member(_, let name): return name.prefix(1).lowercased() + name.dropFirst()
        case .name(let name):
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) && name.count > $0.count }) else { return nil }
            let word = name.dropFirst(prefix.count)
            return word.prefix(1).lowercased() + word.dropFirst()
        default: return nil
        }
    }

    /// An autoresizing mask as UIKit's option names: `[.flexibleWidth, .flexibleHeight]`,
    /// `.flexibleWidth`, `[]`, `UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight`,
    /// `UIViewAutoresizingNone`; nil for anything else.
    func autoresizingMask(_ expression: CodeExpression) -> [String]? {
        let names = ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight", "flexibleBottomMargin"]
        switch expression {
        case .array(let elements):
            var mask: [String] = []
            for element in elements {
                guard let part = autoresizingMask(element) else { return nil }
                mask += part
            }
            return mask
        case .binary(let left, "|", let right):
            guard let a = autoresizingMask(left), let b = autoresizingMask(right) else { return nil }
            return a + b
        case .number(0):
            return []
        default:
            guard let word = enumWord(expression, prefixes: ["UIViewAutoresizing", "NSView"]) else { return nil }
            if word == "none" { return [] }
            return names.contains(word) ? [word] : nil
        }
    }

    /// `UIEdgeInsets(top:left:bottom:right:)`, `UIEdgeInsetsMake(t, l, b, r)`,
    /// `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)`, `.zero`.
    /// A size: `CGSize(width: 8, height: 10)`, `CGSizeMake(8, 10)`, or a variable holding one.
    func sizeValue(_ expression: CodeExpression) -> (width: Double, height: Double)? {
        switch expression {
        case .name(let name), .member(.name("self")?, let name): return sizeVariables[name]
        case .call(.name(let type), let arguments) where type.hasPrefix("CGSize") && arguments.count == 2,
             .call(.member(.name(let type)?, "init"), let arguments) where type.hasPrefix("CGSize") && arguments.count == 2,
             .call(.member(nil, let type), let arguments) where type == "init" && arguments.first?.label == "width" && arguments.count == 2:
            guard let width = arguments[0].value.flatMap({ number($0) }), let height = arguments[1].value.flatMap({ number($0) }) else { return nil }
            return (width, height)
        default: return nil
        }
    }

    func insets(_ expression: CodeExpression) -> EdgeInsets? {
        switch expression {
        case .member(_, "zero"), .name("UIEdgeInsetsZero"), .name("NSDirectionalEdgeInsetsZero"):
            return EdgeInsets(all: 0)
        case .name(let name) where insetVariables[name] != nil:
            return insetVariables[name]
        case .call(_, let arguments) where arguments.count == 4:
            let values = arguments.compactMap { $0.value.flatMap { number($0) } }
            guard values.count == 4 else { return nil }
            return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        case .call(_, let arguments) where arguments.count == 1 && arguments[0].label == "all":
            return arguments[0].value.flatMap { number($0) }.map { EdgeInsets(all: $0) }
        default:
            return nil
        }
    }

    /// `CGRect(x:y:width:height:)`, `CGRectMake(…)`, `.zero`: x, y, width, height.
    func rect(_ expression: CodeExpression) -> [CodeLength]? {
        switch expression {
        case .member(_, "zero"), .name("CGRectZero"): return Array(repeating: CodeLength(constant: 0), count: 4)
        case .call(_, let arguments) where arguments.count == 4:
            let values = arguments.compactMap { $0.value.flatMap { length($0) } }
            return values.count == 4 ? values : nil
        default: return nil
        }
    }

    /// A number, or arithmetic on views' bounds sizes: `view.bounds.width`,
    /// `view.bounds.size.width`, `view.frame.width`, `CGRectGetWidth(self.view.bounds)`.
    func length(_ expression: CodeExpression) -> CodeLength? {
        if let value = number(expression) { return CodeLength(constant: value) }
        switch expression {
        case .negative(let inner):
            return length(inner)?.scaled(-1)
        case .binary(let left, let op, let right):
            switch op {
            case "+", "-":
                guard let a = length(left), let b = length(right) else { return nil }
                return a + (op == "+" ? b : b.scaled(-1))
            case "*":
                if let factor = number(left), let b = length(right) { return b.scaled(factor) }
                if let factor = number(right), let a = length(left) { return a.scaled(factor) }
                return nil
            case "/":
                guard let divisor = number(right), divisor != 0, let a = length(left) else { return nil }
                return a.divided(by: divisor)
            default:
                return nil
            }
        case .call(.name(let function), let arguments) where arguments.count == 1:
            guard let argument = arguments[0].value else { return nil }
            if ["CGFloat", "Double", "Float"].contains(function) { return length(argument) }
            guard function == "CGRectGetWidth" || function == "CGRectGetHeight", let owner = rectOwner(argument) else { return nil }
            return CodeLength(constant: 0, terms: [CodeLength.Term(view: owner, isWidth: function == "CGRectGetWidth", factor: 1)])
        case .member(let base?, let side) where side == "width" || side == "height":
            var rectangle = base
            if case .member(let inner?, "size") = base { rectangle = inner }
            guard let owner = rectOwner(rectangle) else { return nil }
            return CodeLength(constant: 0, terms: [CodeLength.Term(view: owner, isWidth: side == "width", factor: 1)])
        default:
            return nil
        }
    }

    /// The view whose size `VIEW.bounds` or `VIEW.frame` gives.
    private func rectOwner(_ expression: CodeExpression) -> String? {
        guard case .member(let base?, let name) = expression, name == "bounds" || name == "frame",
              let owner = item(base), owner.guide == nil else { return nil }
        return owner.view
    }

    /// What a view constructor makes.
    struct Construction {
        var className: String
        var frame: [CodeLength]?
        var arranged: [CodeExpression]?
        var intrinsic: (Double?, Double?)?
        var contentSet: [String] = []
        /// PureLayout's constructors (`newAutoLayout()`, `init(forAutoLayout:)`) turn
        /// translatesAutoresizingMaskIntoConstraints off.
        var forAutoLayout = false
    }

    /// `UILabel()`, `UIView(frame: …)`, `UIStackView(arrangedSubviews: […])`,
    /// `IntrinsicSizeView(width: 120, height: 21)`, `[[UIView alloc] init…]`, `[UILabel new]`.
    func viewConstruction(_ expression: CodeExpression) -> Construction? {
        var className: String
        var arguments: [(String, CodeExpression?)] = []
        switch expression {
        case .call(.name(let name), let list), .call(.member(.name(let name)?, "init"), let list):
            className = name
            arguments = list.map { ($0.label ?? "", $0.value) }
        case .message(.message(.name(let name), [CodeArgument(label: "alloc", value: nil)]), let parts):
            guard parts.first?.label?.hasPrefix("init") == true else { return nil }
            className = name
            var selector = String(parts[0].label!.dropFirst(4))
            selector = selector.replacingPrefix("With", with: "")
            selector = selector.prefix(1).lowercased() + selector.dropFirst()
            arguments = parts.map { ($0.label ?? "", $0.value) }
            if !arguments.isEmpty { arguments[0].0 = selector }
        case .message(.name(let name), [CodeArgument(label: "new", value: nil)]):
            className = name
        case .call(.member(.name(let name)?, "newAutoLayout"), _), .message(.name(let name), [CodeArgument(label: "newAutoLayoutView", value: nil)]):
            // PureLayout's `UIView.newAutoLayout()`, `[UIView newAutoLayoutView]`: a view with
            // translatesAutoresizingMaskIntoConstraints off.
            className = name
            arguments = [("forAutoLayout", .other)]
        default:
            return nil
        }
        guard Self.isViewClass(className) || className == "IntrinsicSizeView" else { return nil }
        var made = Construction(className: className)
        for (label, value) in arguments {
            guard let value else { continue }
            switch label {
            case "image", "named": made.contentSet.append("image")
            case "style", "activityIndicatorStyle":
                if value.sourceText.lowercased().contains("large") { made.contentSet.append("large") }
            case "frame": made.frame = rect(value)
            case "forAutoLayout": made.forAutoLayout = true
            case "arrangedSubviews": made.arranged = viewList(value)
            case "intrinsicSize":
                if case .call(_, let size) = value, size.count == 2 {
                    made.intrinsic = (size[0].value.flatMap { intrinsicSide($0) }, size[1].value.flatMap { intrinsicSide($0) })
                }
            case "width": made.intrinsic = (intrinsicSide(value), made.intrinsic?.1 ?? nil)
            case "height": made.intrinsic = (made.intrinsic?.0 ?? nil, intrinsicSide(value))
            default: break
            }
        }
        return made
    }

    /// A side of an intrinsic size: a number, or nil for `UIView.noIntrinsicMetric`.
    func intrinsicSide(_ expression: CodeExpression) -> Double? {
        guard let value = number(expression), value >= 0 else { return nil }
        return value
    }

    mutating func apply(_ construction: Construction, to index: Int) {
        if construction.className == "UIStackView" || construction.className == "NSStackView", code.views[index].stack == nil {
            code.views[index].kind = .stack
            code.views[index].stack = CodeStack()
        }
        if let frame = construction.frame { code.views[index].frame = frame }
        if construction.forAutoLayout {
            code.views[index].translatesAutoresizingMask = false
            code.views[index].setsAutoresizingMask = true
        }
        code.views[index].contentSet += construction.contentSet
        if let intrinsic = construction.intrinsic {
            code.views[index].hasIntrinsicSize = true
            code.views[index].intrinsicWidth = intrinsic.0
            code.views[index].intrinsicHeight = intrinsic.1
        }
        for element in construction.arranged ?? [] {
            let name = code.views[index].name
            _ = perform(CodeCall(method: "addArrangedSubview", owner: .name(name), values: [element], labels: [nil], line: code.views[index].line))
        }
    }
}

extension CodeConstraint {
    /// `c.constant = N` on an anchor constraint (a system spacing is replaced, as UIKit does).
    mutating func setConstant(_ value: Double) {
        guard case .anchors(let first, let relation, let second, let multiplier, _, _) = form else { return }
        form = .anchors(first: first, relation: relation, second: second, multiplier: multiplier, constant: value, systemSpacing: 0)
    }
}
