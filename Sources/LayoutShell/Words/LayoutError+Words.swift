import LayoutModel
import LayoutVocabulary
import LayoutReport

// How a refusal of the model reads: what is wrong in plain words, and a hint that shows the
// legal way to write it in the session language. The model only says which rule was broken.

extension LayoutError {
    /// What is wrong, in plain words.
    public var message: String { words.message }

    /// The legal way to write it, or nil when there is nothing to add.
    public var hint: String? { words.hint }

    private var words: (message: String, hint: String?) {
        switch self {
        case .unknownView(let view):
            ("there is no view named \(view)", "add it first: view \(view)")
        case .unknownConstraint(let id):
            ("there is no constraint \(id)", nil)
        case .invalidViewName(let name):
            ("'\(name)' is not a valid view name", "names are C identifiers: a letter or _, then letters, digits, _")
        case .rootAlreadyExists:
            ("root already exists: it is the window", nil)
        case .viewExists(let name):
            ("there is already a view named \(name)", nil)
        case .viewNameLooksLikeConstraintID(let name):
            ("\(name) looks like a constraint id", "choose another view name, e.g. \(name)View")
        case .viewNameIsConstraintName(let name, let constraint):
            ("\(name) is already the name of constraint \(constraint)", nil)
        case .invalidConstraintName(let name):
            ("'\(name)' is not a valid constraint name", "names are C identifiers")
        case .constraintNameLooksLikeID(let name):
            ("\(name) looks like a constraint id", "choose a name such as minWidth")
        case .constraintNameTaken(let name, let id):
            ("the name \(name) is already taken by \(id)", nil)
        case .constraintNameIsView(let name):
            ("\(name) is already a view", nil)

        case .notFinite(let quantity, let value):
            ("\(quantity.words) must be a finite number, not \(formatNumber(value))", nil)
        case .tooLarge(let quantity, let value):
            ("\(quantity.words) \(formatNumber(value)) is too large", "the limit is ±1e9 points")
        case .priorityOutOfRange(let value):
            Self.priorityOutOfRange(value)
        case .multiplierOutOfRange(let multiplier):
            ("the multiplier \(formatNumber(multiplier)) is out of range", "use a multiplier whose size is between 1e-6 and 1e6")
        case .negativeRootSize:
            ("the root size cannot be negative", "e.g. root 375x667")
        case .negativeIntrinsicSize:
            ("an intrinsic size cannot be negative", "write - for no intrinsic size")
        case .precisionLost(let constraint, let violation):
            ("the numbers are too far apart to solve exactly: this leaves \(constraint) off by \(formatValue(violation))",
             "multipliers and constants of very different sizes (1e-6 next to 1e6, 1e-9 next to 1e9) lose precision; bring them closer")

        case .locationEqualsConstant(let spec, let superview):
            ("a location cannot equal a constant: \(spec.firstAttribute.rawValue) only makes sense relative to another view",
             Self.relativeToSuperview(spec, superview))
        case .zeroMultiplierOnLocation(let spec, let superview):
            ("a multiplier of 0 makes a location equal a constant", Self.relativeToSuperview(spec, superview))
        case .zeroMultiplierIgnoresSecondItem(let spec):
            ("a multiplier of 0 ignores \(spec.secondText)",
             "write \(spec.firstText) \(spec.relation.rawValue) \(formatNumber(spec.constant))")
        case .sizeRelatedToLocation(let spec):
            sizeRelatedToLocation(spec)
        case .locationsOnDifferentAxes(let spec):
            locationsOnDifferentAxes(spec)
        case .directionalRelatedToAbsolute(let spec):
            directionalRelatedToAbsolute(spec)
        case .priorityChangeAcrossRequired(let id, let old, let new):
            priorityChangeAcrossRequired(id, old, new)

        case .implicitConstraintNotRemovable(let id, let view):
            ("\(id) comes from \(view)'s intrinsic size and cannot be removed", "change its priority instead, e.g. \(id) = 1")
        case .implicitConstraintAlwaysActive(let id):
            ("\(id) comes from an intrinsic size and is always active", nil)
        case .implicitConstantFromIntrinsicSize(let id, let view):
            ("\(id) takes its constant from the intrinsic size", "use view \(view) intrinsic WxH")
        case .rootHasNoIntrinsicSize:
            ("the root view has no intrinsic size; its size is set with root WxH", nil)
        case .noIntrinsicSizeToChange(let view):
            ("there is no view named \(view) with an intrinsic size to change", nil)
        case .noText(let view):
            ("\(view) has no wrapping text; preferredMaxLayoutWidth applies to text", "first: view \(view) text WxH")
        case .rootNotRemovable:
            ("the root view cannot be removed", "use reset to start over")

        case .guideCannotHaveSubviews, .guideHasNoIntrinsicSize, .guideHasNoMargins, .guideHasNoAttribute,
             .rootHasNoSuperview, .systemGuideNotRemovable, .systemConstraintNotEditable, .negativeSafeArea,
             .unknownDevice, .unsupportedScale:
            guideAndScreenWords

        case .notAStack, .arrangedTwice, .notArranged, .arrangedIndexOutOfRange, .rootCannotBeArranged,
             .guideCannotBeArranged, .arrangedContainsStack, .baselineAlignmentInVerticalStack, .rootCannotHide,
             .notTranslatingAutoresizingMask, .rootHasNoAutoresizing, .arrangedViewCannotTranslate:
            stackAndAutoresizingWords

        case .notACell, .notAScrollView, .keyboardOnlyOnRoot, .contentViewNotRemovable, .negativeLength, .guideCannotFit,
             .viewCannotBeUninstalled:
            cellScrollAndKeyboardWords
        }
    }

    /// The one wording of a priority outside (0, 1000], wherever it was given (a constraint,
    /// `c3.priority = …`, `a.hugging.h = …`): the hint names every spelling a priority has.
    static func priorityOutOfRange(_ value: Double) -> (message: String, hint: String?) {
        ("priority \(formatNumber(value)) is outside (0, 1000]",
         "use a number above 0 and at most 1000, or required (1000), high (750), low (250), fittingSize (50)")
    }

    /// `write a.left == root.left + 20`: the same attribute of the superview, the constant kept.
    private static func relativeToSuperview(_ spec: ConstraintSpec, _ superview: String) -> String {
        let attribute = spec.firstAttribute.rawValue
        return "write \(spec.firstText) \(spec.relation.rawValue) \(superview).\(attribute)\(spec.constantText)"
    }

    private func sizeRelatedToLocation(_ spec: ConstraintSpec) -> (message: String, hint: String?) {
        let a1 = spec.firstAttribute, a2 = spec.secondAttribute ?? a1
        let (size, location) = a1.isSize ? (a1, a2) : (a2, a1)
        let second = spec.secondItem ?? ""
        return ("invalid pairing of attributes: a size (\(size.rawValue)) cannot be related to a location (\(location.rawValue))",
                "relate sizes to sizes (\(spec.firstText) == \(second).\(a1.rawValue)) and locations to locations")
    }

    private func locationsOnDifferentAxes(_ spec: ConstraintSpec) -> (message: String, hint: String?) {
        let a1 = spec.firstAttribute, a2 = spec.secondAttribute ?? a1
        func axis(_ attribute: LayoutAttribute) -> String { attribute.axis == .horizontal ? "horizontal" : "vertical" }
        return ("\(a1.rawValue) is \(axis(a1)) but \(a2.rawValue) is \(axis(a2)): locations on different axes cannot be related",
                "write \(spec.firstText) \(spec.relation.rawValue) \(spec.secondItem ?? "").\(a1.rawValue)\(spec.constantText)")
    }

    private func directionalRelatedToAbsolute(_ spec: ConstraintSpec) -> (message: String, hint: String?) {
        let a1 = spec.firstAttribute, a2 = spec.secondAttribute ?? a1
        let second = spec.secondItem ?? "", relation = spec.relation.rawValue
        // Keep the side the user wrote as leading/trailing; turn the other one into it.
        let fixed = a1.isDirectional
            ? "\(spec.firstText) \(relation) \(second).\(a2.directionalCounterpart.rawValue)"
            : "\(spec.firstItem).\(a1.directionalCounterpart.rawValue) \(relation) \(second).\(a2.rawValue)"
        return ("a leading/trailing attribute cannot be related to a left/right one",
                "use leading/trailing for both or neither: \(fixed)\(spec.constantText)")
    }

    private func priorityChangeAcrossRequired(_ id: String, _ old: LayoutPriority, _ new: LayoutPriority) -> (message: String, hint: String?) {
        if old.isRequired {
            return ("\(id) is required, and Auto Layout cannot make an installed required constraint optional",
                    "remove \(id) and add it again with @\(formatNumber(new.rawValue))")
        }
        return ("\(id) is optional (@\(formatNumber(old.rawValue))), and Auto Layout cannot make an installed optional constraint required",
                "use 999 for \"almost required\" (\(id).priority = 999), or remove \(id) and add it again without a priority")
    }
}

extension LayoutError.Quantity {
    /// The number's name as a message starts with it: "the constant 1e12 is too large".
    var words: String {
        switch self {
        case .constant: "the constant"
        case .rootWidth: "the root width"
        case .rootHeight: "the root height"
        case .margin: "a margin"
        case .intrinsicSize: "an intrinsic size"
        case .safeArea: "a safe-area inset"
        case .cellSize: "a cell's size"
        case .keyboardHeight: "the keyboard's height"
        }
    }
}

private extension ConstraintSpec {
    /// `a.left`
    var firstText: String { "\(firstItem).\(firstAttribute.rawValue)" }
    /// `b.top`, or "" for a constant right-hand side.
    var secondText: String { secondItem.map { "\($0).\(secondAttribute?.rawValue ?? "")" } ?? "" }
    /// ` + 20`, ` - 5`, or "" for 0: how a hint repeats the user's constant.
    var constantText: String {
        constant == 0 ? "" : (constant > 0 ? " + \(formatNumber(constant))" : " - \(formatNumber(-constant))")
    }
}
