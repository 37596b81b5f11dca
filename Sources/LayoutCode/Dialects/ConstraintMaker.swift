import LayoutVocabulary

/// The maker grammar SnapKit and Masonry share: `make.ATTRS.RELATION(target).MODIFIERS`
/// inside `makeConstraints`/`remakeConstraints`/`updateConstraints`. Each library supplies a
/// `MakerStyle` for where the two differ (target spellings, what a constant means).
struct MakerStyle: Sendable {
    enum Mode { case make, remake, update }

    /// The library's name, for notes.
    let library: String
    /// `makeConstraints` → make, and so on.
    let methods: [String: Mode]
    /// The order a composite's attributes are installed in.
    let order: [LayoutAttribute]
    /// SnapKit sorts `make.top.left` into its fixed order; Masonry keeps the chain's.
    let sortsChains: Bool
    /// SnapKit: `make.centerX.equalTo(20)` relates to the superview's left (top for centerY);
    /// Masonry: to its centerX.
    let constantCenterToEdge: Bool
    /// SnapKit: insets change width and height too (`-(left + right)`); Masonry: only edges.
    let insetsOnSizes: Bool
    /// Reads a target that names an attribute (`x.snp.top`, `x.mas_top`): the item and its
    /// attributes (none: the maker's own).
    let attributeTarget: @Sendable (CodeExpression, LayoutCodeReader) -> (item: CodeItem, attributes: [LayoutAttribute], set: String?)?

    /// The attribute words of `make.…` (composites expand in the library's order).
    static let attributeSets: [String: [LayoutAttribute]] = [
        "left": [.left], "top": [.top], "right": [.right], "bottom": [.bottom], "leading": [.leading], "trailing": [.trailing],
        "width": [.width], "height": [.height], "centerX": [.centerX], "centerY": [.centerY],
        "baseline": [.lastBaseline], "lastBaseline": [.lastBaseline], "firstBaseline": [.firstBaseline],
        "leftMargin": [.leftMargin], "rightMargin": [.rightMargin], "topMargin": [.topMargin], "bottomMargin": [.bottomMargin],
        "leadingMargin": [.leadingMargin], "trailingMargin": [.trailingMargin],
        "centerXWithinMargins": [.centerXWithinMargins], "centerYWithinMargins": [.centerYWithinMargins],
        "edges": [.top, .left, .bottom, .right], "horizontalEdges": [.left, .right], "verticalEdges": [.top, .bottom],
        "directionalEdges": [.top, .leading, .bottom, .trailing], "directionalHorizontalEdges": [.leading, .trailing],
        "directionalVerticalEdges": [.top, .bottom], "size": [.width, .height], "center": [.centerX, .centerY],
        "margins": [.leftMargin, .topMargin, .rightMargin, .bottomMargin],
        "directionalMargins": [.leadingMargin, .topMargin, .trailingMargin, .bottomMargin],
        "centerWithinMargins": [.centerXWithinMargins, .centerYWithinMargins],
    ]

    /// A constant target or modifier: what SnapKit's `ConstraintConstantTarget` and Masonry's
    /// boxed values can be.
    enum Constant {
        case number(Double)
        case insets(EdgeInsets)
        case size(Double, Double)
        case point(Double, Double)
    }

    /// The constant a value gives an attribute (SnapKit's `constraintConstantTargetValueFor`,
    /// Masonry's `setInsets`/`setSizeOffset`/`setCenterOffset`).
    func value(of constant: Constant, for attribute: LayoutAttribute) -> Double {
        switch constant {
        case .number(let value):
            return value
        case .size(let width, let height):
            return attribute == .width ? width : attribute == .height ? height : 0
        case .point(let x, let y):
            if attribute.isSize { return 0 }
            return attribute.axis == .horizontal ? x : y
        case .insets(let insets):
            switch attribute {
            case .left, .leftMargin, .leading, .leadingMargin: return insets.left
            case .top, .topMargin, .firstBaseline: return insets.top
            case .right, .rightMargin, .trailing, .trailingMargin: return -insets.right
            case .bottom, .bottomMargin, .lastBaseline, .baseline: return -insets.bottom
            case .centerX, .centerXWithinMargins: return insetsOnSizes ? (insets.left - insets.right) / 2 : 0
            case .centerY, .centerYWithinMargins: return insetsOnSizes ? (insets.top - insets.bottom) / 2 : 0
            case .width: return insetsOnSizes ? -(insets.left + insets.right) : 0
            case .height: return insetsOnSizes ? -(insets.top + insets.bottom) : 0
            }
        }
    }
}

/// One maker statement as read, before it becomes constraints.
struct MakerDescription {
    enum Target {
        /// A bare constant (`equalTo(20)`): the superview for a location, nothing for a size.
        case none
        case superview
        case item(CodeItem, attributes: [LayoutAttribute], set: String?)
    }

    var attributes: [LayoutAttribute] = []
    var set: String?
    var relation = LayoutRelation.equal
    var target = Target.none
    var constant = MakerStyle.Constant.number(0)
    var multiplier = 1.0
    var priority = LayoutPriority.required
    var label: String?
}

extension LayoutCodeReader {
    /// Reads a maker call whose receiver is `receiver` (none: `self`), or lists it when the
    /// receiver is not a view.
    mutating func readMaker(_ style: MakerStyle, _ mode: MakerStyle.Mode, receiver: [CodeToken], parameter: String, body: [CodeNode],
                            tokens: [CodeToken]) {
        var parser = CodeExpressionParser(receiver)
        let expression = receiver.isEmpty ? CodeExpression.name("self") : parser.expression()
        guard let owner = item(expression), owner.guide == nil else {
            skip(tokens, .unsupportedItem(expression.sourceText), inLibrary: true)
            return
        }
        readMaker(style, mode: mode, owner: owner, parameter: parameter, body: body)
    }

    /// Reads a maker block for `owner` (`v.snp.makeConstraints { make in … }`).
    mutating func readMaker(_ style: MakerStyle, mode: MakerStyle.Mode, owner: CodeItem, parameter: String, body: [CodeNode]) {
        prepareForLayout(owner)
        if mode == .remake { removeLibraryConstraints(of: owner) }
        // SnapKit's update makes when the view has none yet; so does Masonry's.
        let updating = mode == .update && !(libraryConstraints[owner.description] ?? []).isEmpty
        readClosure(body) { reader, tokens in
            // `self.top = make.top.equalTo(x).constraint`: the statement's value is kept.
            var variable: String?
            var parser = CodeExpressionParser(tokens)
            var expression = parser.expression()
            if let token = parser.current, token.is("=") {
                parser.index += 1
                variable = expression.withoutSelf.sourceText
                expression = parser.expression()
            }
            switch reader.makerStatement(style, expression, parameter: parameter, owner: owner, updating: updating, variable: variable) {
            case .layout: break
            case .skipped(let reason): reader.skip(tokens, reason == .notLayout ? .unrecognized : reason, inLibrary: true)
            }
        }
    }

    /// One `make.…` statement: its constraints made (or updated), or why not.
    mutating func makerStatement(_ style: MakerStyle, _ expression: CodeExpression, parameter: String, owner: CodeItem,
                                 updating: Bool, variable: String?) -> Outcome {
        guard let (root, links) = Self.chain(expression), root == parameter || root == "make" || root == "$0" else {
            return .skipped(.unrecognized)
        }
        var description = MakerDescription()
        var index = 0
        var hasComposite = false
        // The attributes: `make.top.left`, `make.edges`, with `.and`/`.with` between.
        while index < links.count, links[index].arguments == nil {
            let name = links[index].name
            if let set = MakerStyle.attributeSets[name] {
                description.attributes += set.filter { !description.attributes.contains($0) }
                description.set = description.set == nil ? name : "mixed"
                hasComposite = hasComposite || set.count > 1
            } else if name != "and" && name != "with" {
                return .skipped(.unrecognized)
            }
            index += 1
        }
        guard !description.attributes.isEmpty else { return .skipped(.unrecognized) }
        // SnapKit installs a description's attributes in one fixed order; Masonry a chain's
        // in the chain's order and a composite's in its fixed order.
        if hasComposite || style.sortsChains {
            description.attributes = style.order.filter { description.attributes.contains($0) }
        }
        // The relation and its target.
        guard index < links.count, let relationLink = Optional(links[index]), relationLink.arguments != nil else {
            return .skipped(.unrecognized)
        }
        var word = relationLink.name.replacingPrefix("mas_", with: "")
        if word.hasSuffix("Superview") {
            word = String(word.dropLast("Superview".count))
            description.target = .superview
        } else {
            guard let value = relationLink.values.first else { return .skipped(.unrecognized) }
            switch makerTarget(style, value) {
            case .success(let target, let constant):
                description.target = target
                if let constant { description.constant = constant }
            case .failure(let reason):
                return .skipped(reason)
            }
        }
        guard let relation = AnchorDialect.relationWords.first(where: { $0.0 == word })?.1 else { return .skipped(.unrecognized) }
        description.relation = relation
        index += 1
        // The modifiers.
        while index < links.count {
            let link = links[index]
            let value = link.values.first
            switch link.name {
            case "with", "and", "constraint", "key", "mas_key":
                break
            case "offset", "valueOffset", "mas_offset":
                guard let value, let constant = makerConstant(value) else { return .skipped(.unknownValue(value?.sourceText ?? link.name)) }
                description.constant = constant
            case "inset":
                // A number for every side, or insets (SnapKit's `ConstraintInsetTarget`).
                if let value, let amount = number(value) {
                    description.constant = .insets(EdgeInsets(all: amount))
                } else if let value, case .insets(let insets)? = makerConstant(value) {
                    description.constant = .insets(insets)
                } else {
                    return .skipped(.unknownValue(value?.sourceText ?? link.name))
                }
            case "insets", "sizeOffset", "centerOffset", "directionalInsets":
                guard let value, let constant = makerConstant(value) else { return .skipped(.unknownValue(value?.sourceText ?? link.name)) }
                description.constant = constant
            case "multipliedBy", "dividedBy":
                guard let value, let amount = number(value), amount != 0 else { return .skipped(.unknownValue(value?.sourceText ?? link.name)) }
                description.multiplier = link.name == "dividedBy" ? 1 / amount : amount
            case "priority":
                guard let value, let priority = makerPriority(value) else { return .skipped(.unknownValue(value?.sourceText ?? link.name)) }
                description.priority = priority
            case "priorityRequired", "priorityHigh", "priorityMedium", "priorityLow":
                description.priority = LayoutPriority(["priorityRequired": 1000, "priorityHigh": 750, "priorityMedium": 500, "priorityLow": 250][link.name]!)
            case "labeled":
                guard case .string(let text)? = value else { return .skipped(.unknownValue(value?.sourceText ?? link.name)) }
                description.label = text
            default:
                return .skipped(.unrecognized)
            }
            index += 1
        }
        return installMaker(style, description, owner: owner, updating: updating, variable: variable)
    }

    enum MakerTarget {
        case success(MakerDescription.Target, MakerStyle.Constant?)
        case failure(CodeSkippedLine.Reason)
    }

    /// What `equalTo(…)` names: a constant, an item, or an item's attribute.
    func makerTarget(_ style: MakerStyle, _ value: CodeExpression) -> MakerTarget {
        if let constant = makerConstant(value) { return .success(.none, constant) }
        if let (item, attributes, set) = style.attributeTarget(value, self) {
            return .success(.item(item, attributes: attributes, set: set), nil)
        }
        if case .member(_, let name) = value, ["superview", "readableContentGuide", "keyboardLayoutGuide"].contains(name), item(value) == nil {
            return .failure(.unsupportedItem(value.sourceText))
        }
        guard let item = item(value) else { return .failure(.unknownValue(value.sourceText)) }
        return .success(.item(item, attributes: [], set: nil), nil)
    }

    /// A number, `CGSize`, `CGPoint` or insets (`@20`, `@(20)`, `CGSizeMake(10, 20)`,
    /// `UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)`, `MASBoxValue(…)`).
    func makerConstant(_ value: CodeExpression) -> MakerStyle.Constant? {
        if let number = number(value) { return .number(number) }
        if case .name = value, let size = sizeValue(value) { return .size(size.width, size.height) }
        switch value {
        case .call(.name(let type), let arguments), .call(.member(.name(let type)?, "init"), let arguments):
            let numbers = arguments.compactMap { $0.value.flatMap { number($0) } }
            if ["MASBoxValue", "NSNumber", "CGFloat", "Double", "Float", "Int"].contains(type), let inner = arguments.first?.value {
                return makerConstant(inner)
            }
            if type.hasPrefix("CGSize"), numbers.count == 2, arguments.count == 2 { return .size(numbers[0], numbers[1]) }
            if type.hasPrefix("CGPoint"), numbers.count == 2, arguments.count == 2 { return .point(numbers[0], numbers[1]) }
            if type.contains("EdgeInsets"), let insets = insets(value) { return .insets(insets) }
            if type == "NSValue" || type == "MASBoxValue", let inner = arguments.first?.value { return makerConstant(inner) }
            return nil
        case .message(.name("NSValue"), let parts):
            return parts.first?.value.flatMap { makerConstant($0) }
        case .member(.name(let type)?, "zero") where type.hasPrefix("CGSize"): return .size(0, 0)
        case .member(.name(let type)?, "zero") where type.hasPrefix("CGPoint"): return .point(0, 0)
        case .member(_, "zero"), .name("UIEdgeInsetsZero"): return .insets(EdgeInsets(all: 0))
        case .call(.member(nil, "init"), let arguments):
            // `.init(top: 8, left: 8, bottom: 8, right: 8)`.
            if arguments.count == 4, let insets = insets(value) { return .insets(insets) }
            return nil
        default:
            return insets(value).map { .insets($0) }
        }
    }

    /// `.high`, `.low`, `.medium`, `.required`, `ConstraintPriority(…)`, `MASLayoutPriorityDefaultHigh`, a number.
    func makerPriority(_ value: CodeExpression) -> LayoutPriority? {
        let names: [String: Double] = ["high": 750, "low": 250, "medium": 500, "required": 1000,
                                       "MASLayoutPriorityRequired": 1000, "MASLayoutPriorityDefaultHigh": 750,
                                       "MASLayoutPriorityDefaultMedium": 500, "MASLayoutPriorityDefaultLow": 250,
                                       "MASLayoutPriorityFittingSizeLevel": 50]
        switch value {
        case .member(_, let name) where names[name] != nil: return LayoutPriority(names[name]!)
        case .name(let name) where names[name] != nil: return LayoutPriority(names[name]!)
        case .binary(let left, let op, let right):
            guard let base = makerPriority(left), let amount = number(right) else { return priority(value) }
            let result = op == "+" ? base.rawValue + amount : op == "-" ? base.rawValue - amount : .nan
            return LayoutPriority.isValid(result) ? LayoutPriority(result) : nil
        case .call(.name("ConstraintPriority"), let arguments) where arguments.count == 1:
            return arguments[0].value.flatMap { makerPriority($0) }
        default: return priority(value)
        }
    }

    /// Turns a description into constraints as the library does, one per attribute, and
    /// installs them (or, updating, changes the constants of the matching ones).
    mutating func installMaker(_ style: MakerStyle, _ description: MakerDescription, owner: CodeItem, updating: Bool,
                               variable: String?) -> Outcome {
        var pending: [CodeConstraint] = []
        for attribute in description.attributes {
            var secondItem: CodeItem?
            var secondAttribute = attribute
            switch description.target {
            case .none:
                if !attribute.isSize {
                    guard let parent = superviewItem(of: owner) else { return .skipped(.unsupportedItem("superview of \(owner) (it is added to none before this line)")) }
                    secondItem = parent
                    if style.constantCenterToEdge, attribute == .centerX || attribute == .centerY {
                        secondAttribute = attribute == .centerX ? .left : .top
                    }
                }
            case .superview:
                guard let parent = superviewItem(of: owner) else { return .skipped(.unsupportedItem("superview of \(owner) (it is added to none before this line)")) }
                secondItem = parent
            case .item(let item, let attributes, let set):
                secondItem = item
                secondAttribute = Self.makerToAttribute(from: attribute, fromSet: description.set, to: attributes, toSet: set)
            }
            let constant = style.value(of: description.constant, for: secondItem == nil ? attribute : secondAttribute)
            var constraint = CodeConstraint(form: .anchors(first: CodeAnchor(owner, attribute), relation: description.relation,
                                                           second: secondItem.map { CodeAnchor($0, secondAttribute) },
                                                           multiplier: secondItem == nil ? 1 : description.multiplier,
                                                           constant: constant, systemSpacing: 0), line: currentLine)
            constraint.priority = description.priority
            constraint.identifier = description.label
            pending.append(constraint)
        }
        var refs: [Int] = []
        for constraint in pending {
            if updating {
                guard let ref = matchingLibraryConstraint(constraint, owner: owner) else {
                    return .skipped(.unsupportedItem("a constraint to update (\(style.library) finds none like it on \(owner) and stops)"))
                }
                if case .anchors(_, _, _, _, let constant, _) = constraint.form { made[ref].setConstant(constant) }
                refs.append(ref)
            } else {
                refs.append(install(constraint, for: owner))
            }
        }
        if let variable {
            constraintVariables[variable] = refs
            for ref in refs where made[ref].variable == nil { made[ref].variable = variable }
        }
        return .layout
    }

    /// The attribute a maker relates `from` to (SnapKit's `Constraint.init`): the same one,
    /// unless the target names others; edges to margins pair side by side.
    static func makerToAttribute(from: LayoutAttribute, fromSet: String?, to: [LayoutAttribute], toSet: String?) -> LayoutAttribute {
        guard let first = to.first else { return from }
        if fromSet == toSet || to.contains(from) && to.count > 1 { return from }
        let margins: [LayoutAttribute: LayoutAttribute] = [.left: .leftMargin, .right: .rightMargin, .top: .topMargin, .bottom: .bottomMargin,
                                                           .leading: .leadingMargin, .trailing: .trailingMargin]
        if let margin = margins[from], to.contains(margin) { return margin }
        if let edge = margins.first(where: { $0.value == from })?.key, to.contains(edge) { return edge }
        return first
    }

    /// The library constraint on `owner` an update changes: same items, attributes, relation,
    /// multiplier and priority (SnapKit's `==` on `LayoutConstraint`, Masonry's
    /// `layoutConstraintSimilarTo:`).
    func matchingLibraryConstraint(_ constraint: CodeConstraint, owner: CodeItem) -> Int? {
        guard case .anchors(let first, let relation, let second, let multiplier, _, _) = constraint.form else { return nil }
        return (libraryConstraints[owner.description] ?? []).last { ref in
            guard made[ref].isActive, made[ref].priority == constraint.priority,
                  case .anchors(let f, let r, let s, let m, _, _) = made[ref].form else { return false }
            return f == first && r == relation && s == second && m == multiplier
        }
    }

    /// A constraint a maker made and the code kept (`top = make.top.equalTo(x).constraint`),
    /// changed later: `activate`/`deactivate` (`install`/`uninstall`), a new `offset`,
    /// `inset`, `insets` or `priority`. nil: `name` holds no library constraint.
    mutating func changeKept(_ style: MakerStyle, _ name: String, _ change: String, _ value: CodeExpression?) -> Outcome? {
        guard let refs = constraintVariables[name], !refs.isEmpty,
              refs.allSatisfy({ ref in libraryConstraints.values.contains { $0.contains(ref) } }) else { return nil }
        switch change {
        case "activate", "deactivate", "install", "uninstall":
            for ref in refs { setActive(ref, change == "activate" || change == "install") }
            return .layout
        case "priority":
            guard let value, let priority = makerPriority(value) else { return .skipped(.unknownValue(value?.sourceText ?? change)) }
            for ref in refs { made[ref].priority = priority }
            return .layout
        case "offset", "inset", "insets", "sizeOffset", "centerOffset":
            var constant: MakerStyle.Constant?
            if let value {
                constant = change == "inset" ? number(value).map { .insets(EdgeInsets(all: $0)) } : makerConstant(value)
            }
            guard let constant else { return .skipped(.unknownValue(value?.sourceText ?? change)) }
            for ref in refs {
                guard case .anchors(let first, _, let second, _, _, _) = made[ref].form else { continue }
                made[ref].setConstant(style.value(of: constant, for: second?.attribute ?? first.attribute))
            }
            return .layout
        default:
            return .skipped(.unrecognized)
        }
    }
}
