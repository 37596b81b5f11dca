import LayoutVocabulary

/// Declarations, assignments and calls: what each layout statement does to the record.
extension LayoutCodeReader {
    /// `let name = value` (or `Type *name = value`, or `name = value`).
    mutating func bind(_ name: String, to value: CodeExpression, line: Int) -> Outcome {
        if let refs = constraintRefs(value, creating: true) {
            constraintVariables[name] = refs
            for ref in refs where made[ref].variable == nil { made[ref].variable = name }
            return .layout
        }
        if let made = viewConstruction(value) {
            let index = declareView(name, className: made.className, line: line)
            code.views[index].isMadeHere = true
            apply(made, to: index)
            return .layout
        }
        if let number = number(value) {
            numbers[name] = number
            return .skipped(.notLayout)
        }
        if let size = sizeValue(value) {
            sizeVariables[name] = size
            return .skipped(.notLayout)
        }
        if case .call = value, let insets = insets(value) {
            insetVariables[name] = insets
            return .skipped(.notLayout)
        }
        if case .dictionary = value {
            dictionaries[name] = value
            return .skipped(.notLayout)
        }
        if case .call(.name("NSDictionaryOfVariableBindings"), _) = value {
            dictionaries[name] = value
            return .skipped(.notLayout)
        }
        if case .array(let elements) = value {
            if elements.isEmpty {
                // `var constraints: [NSLayoutConstraint] = []`, filled later.
                constraintVariables[name] = []
                arrayVariables[name] = []
            } else {
                arrayVariables[name] = elements
            }
            return .skipped(.notLayout)
        }
        if let item = item(value), item.guide != nil || item.view == Self.rootName {
            itemVariables[name] = item
            return .layout
        }
        return .skipped(.notLayout)
    }

    /// `target = value`: a property of a constraint, view or stack view.
    mutating func assign(_ target: CodeExpression, _ value: CodeExpression, line: Int) -> Outcome {
        guard case .member(let owner?, let property) = target else {
            if case .name(let name) = target {
                // `view = UIView()` in `loadView` gives the controller its root view; only a
                // declaration (`let view = …`) makes a local called `view`.
                if name == "view", viewIndex[name] == nil, viewConstruction(value) != nil { return .skipped(.notLayout) }
                return bind(name, to: value, line: line)
            }
            return .skipped(.notLayout)
        }
        switch property {
        case "isActive", "active":
            guard let refs = constraintRefs(owner, creating: true), let on = bool(value) else { return .skipped(.unrecognized) }
            for ref in refs { setActive(ref, on) }
            return .layout
        case "priority":
            guard let refs = constraintRefs(owner, creating: true) else { return .skipped(.unrecognized) }
            guard let priority = priority(value) else { return .skipped(.unknownValue(value.sourceText)) }
            for ref in refs { made[ref].priority = priority }
            return .layout
        case "identifier" where !isLayoutGuide(owner):
            guard let refs = constraintRefs(owner, creating: true), case .string(let identifier) = value else { return .skipped(.unrecognized) }
            for ref in refs { made[ref].identifier = identifier }
            return .layout
        case "constant":
            guard let refs = constraintRefs(owner, creating: false) else { return .skipped(.unrecognized) }
            guard let number = number(value) else { return .skipped(.unknownValue(value.sourceText)) }
            for ref in refs { made[ref].setConstant(number) }
            return .layout
        default:
            break
        }
        // Root and a cell's content view take margins, nothing else the code sets here.
        let isContainer = item(owner).map { $0.view == Self.rootName || CodeCell.cell(ofContentView: $0.view) != nil } ?? false
        guard let item = item(owner), item.guide == nil,
              !isContainer || ["layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea"].contains(property),
              let index = isContainer ? -1 : viewIndex(of: item, line: line) else {
            return .skipped(.notLayout)
        }
        for dialect in Self.dialects {
            if let outcome = dialect.assign(property, value, view: index, reader: &self) { return outcome }
        }
        switch property {
        case "translatesAutoresizingMaskIntoConstraints":
            guard index >= 0, let on = bool(value) else { return .skipped(.unrecognized) }
            code.views[index].translatesAutoresizingMask = on
            code.views[index].setsAutoresizingMask = true
            return .layout
        case "layoutMargins", "directionalLayoutMargins":
            guard let insets = insets(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.margins.append(CodeMargins(view: item.view, insets: insets, isDirectional: property == "directionalLayoutMargins", line: line))
            return .layout
        case "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea":
            // Where the margins come from: kept with the margins, in the order the code sets them.
            guard let on = bool(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.marginSources.append(CodeMarginSource(view: item.view, preserves: property == "preservesSuperviewLayoutMargins", isOn: on, line: line))
            return .layout
        case "frame":
            guard let rect = rect(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].frame = rect
            return .layout
        case "text", "attributedText", "font", "image", "title":
            // Not layout, but what the view's intrinsic size would come from: the import says so.
            if index >= 0, !code.views[index].contentSet.contains(property) { code.views[index].contentSet.append(property) }
            return .skipped(.notLayout)
        case "accessibilityIdentifier", "identifier":
            // A view's accessibilityIdentifier, a guide's identifier: the name `import` gives it.
            guard index >= 0, case .string(let identifier) = value else { return .skipped(.notLayout) }
            code.views[index].identifier = identifier
            return .layout
        case "isHidden", "hidden":
            guard index >= 0, let hidden = bool(value) else { return .skipped(.unrecognized) }
            code.views[index].isHidden = hidden
            code.views[index].settingsLine = line
            return .layout
        case "autoresizingMask":
            guard index >= 0, let mask = autoresizingMask(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].autoresizingMask = mask
            return .layout
        default:
            return .skipped(.notLayout)
        }
    }

    /// Whether an expression names a layout guide the code made (`UILayoutGuide()`, `addLayoutGuide`).
    func isLayoutGuide(_ expression: CodeExpression) -> Bool {
        guard let item = item(expression), item.guide == nil, let index = viewIndex[item.view] else { return false }
        return code.views[index].kind == .layoutGuide
    }

    /// `parent.addSubview(child)` and its kin: the child's superview set, both declared when
    /// first seen; nil when either is not a view the code names (owner nil: the code's `self`).
    mutating func addChild(_ value: CodeExpression?, to owner: CodeExpression?, line: Int) -> (child: Int, parent: Int?)? {
        let parent = owner.flatMap { item($0) } ?? (owner == nil ? CodeItem(Self.rootName) : nil)
        guard let parent, parent.guide == nil, let value, let child = item(value), child.guide == nil,
              child.view != Self.rootName, let childIndex = viewIndex(of: child, line: line) else { return nil }
        let parentIndex = viewIndex(of: parent, line: line)
        code.views[childIndex].superview = parent.view
        return (childIndex, parentIndex)
    }

    /// `constraints += [...]`.
    mutating func append(to target: CodeExpression, _ value: CodeExpression) -> Outcome {
        guard case .name(let name) = target.withoutSelf, let refs = constraintRefs(value, creating: true) else { return .skipped(.notLayout) }
        constraintVariables[name, default: []] += refs
        return .layout
    }

    mutating func setActive(_ ref: Int, _ on: Bool) {
        if made[ref].isActive == on { return }
        made[ref].isActive = on
        made[ref].activationLine = on ? currentLine : nil
        if on { activationOrder.append(ref) } else { activationOrder.removeAll { $0 == ref } }
    }

    /// A statement that is a call or an Objective-C message.
    mutating func call(_ expression: CodeExpression, line: Int) -> Outcome {
        switch expression {
        case .call(let callee, let arguments):
            let values = arguments.compactMap(\.value)
            var outcome = Outcome.skipped(.notLayout)
            switch callee {
            case .member(let owner?, let method):
                outcome = perform(CodeCall(method: method, owner: owner, values: values, labels: arguments.map(\.label), line: line))
            case .name(let method):
                outcome = perform(CodeCall(method: method, owner: nil, values: values, labels: arguments.map(\.label), line: line))
            default:
                break
            }
            if outcome != .layout, constraintRefs(expression, creating: true) != nil { return .layout }
            return outcome
        case .message(let receiver, let parts):
            guard let selector = parts.first?.label else { return .skipped(.notLayout) }
            let values = parts.compactMap(\.value)
            let message = CodeCall(method: selector, owner: receiver, values: values, labels: [], line: line, isMessage: true)
            for dialect in Self.dialects {
                if let outcome = dialect.perform(message, reader: &self) { return outcome }
            }
            switch selector {
            case "activateConstraints", "deactivateConstraints":
                return perform(CodeCall(method: selector == "activateConstraints" ? "activate" : "deactivate", owner: receiver, values: values, labels: [], line: line))
            case "addConstraint", "addConstraints", "addSubview", "insertSubview", "addLayoutGuide",
                 "setContentHuggingPriority", "setContentCompressionResistancePriority":
                return perform(CodeCall(method: selector, owner: receiver, values: values, labels: [], line: line))
            case "setText", "setFont", "setImage", "setTitle", "setAttributedText":
                let property = String(selector.dropFirst(3))
                return assign(.member(receiver, property.prefix(1).lowercased() + property.dropFirst()), values.first ?? .other, line: line)
            case "setActive":
                return assign(.member(receiver, "isActive"), values.first ?? .other, line: line)
            case "setPriority", "setIdentifier", "setConstant", "setTranslatesAutoresizingMaskIntoConstraints", "setLayoutMargins",
                 "setDirectionalLayoutMargins", "setHidden", "setAutoresizingMask", "setAccessibilityIdentifier",
                 "setPreservesSuperviewLayoutMargins", "setInsetsLayoutMarginsFromSafeArea":
                return assignSetter(message)
            default:
                if constraintRefs(expression, creating: true) != nil { return .layout }
                return .skipped(.notLayout)
            }
        default:
            if constraintRefs(expression, creating: true) != nil { return .layout }
            return .skipped(.notLayout)
        }
    }

    /// `[receiver setProperty:value]` as `receiver.property = value`.
    mutating func assignSetter(_ message: CodeCall) -> Outcome {
        let property = String(message.method.dropFirst(3))
        return assign(.member(message.owner, property.prefix(1).lowercased() + property.dropFirst()), message.values.first ?? .other, line: message.line)
    }

    /// `owner.method(values…)` (owner nil: the code's `self`): a dialect's call, or one every
    /// dialect shares (activation, the view hierarchy, content priorities).
    mutating func perform(_ call: CodeCall) -> Outcome {
        for dialect in Self.dialects {
            if let outcome = dialect.perform(call, reader: &self) { return outcome }
        }
        let (method, owner, values, line) = (call.method, call.owner, call.values, call.line)
        switch method {
        case "activate", "deactivate", "addConstraint", "addConstraints", "activateConstraints", "deactivateConstraints":
            // (`activateConstraints` is Swift 2's spelling.)
            guard let value = values.first, let refs = constraintRefs(value, creating: true) else { return .skipped(.unrecognized) }
            for ref in refs { setActive(ref, !method.hasPrefix("deactivate")) }
            return .layout
        case "addSubview", "insertSubview", "addLayoutGuide":
            guard let (childIndex, _) = addChild(values.first, to: owner, line: line) else { return .skipped(.unrecognized) }
            if method == "addLayoutGuide" { code.views[childIndex].kind = .layoutGuide }
            return .layout
        case "setContentHuggingPriority", "setContentCompressionResistancePriority":
            guard let owner, let item = item(owner), item.guide == nil, item.view != Self.rootName, values.count == 2,
                  let priority = priority(values[0]), let axis = axis(values[1]) else { return .skipped(.unrecognized) }
            _ = viewIndex(of: item, line: line)
            code.contentPriorities.append(CodeContentPriority(view: item.view, kind: method.contains("Hugging") ? .hugging : .compressionResistance,
                                                              axis: axis, priority: priority, line: line))
            return .layout
        case "setTitle", "setImage", "setAttributedTitle":
            // `button.setTitle("Go", for: .normal)`: what the button's size would come from.
            guard let owner, let item = item(owner), item.guide == nil, let index = viewIndex(of: item, line: line) else { return .skipped(.notLayout) }
            let word = method.contains("Image") ? "image" : "title"
            if !code.views[index].contentSet.contains(word) { code.views[index].contentSet.append(word) }
            return .skipped(.notLayout)
        case "forEach":
            // `views.forEach(view.addSubview)`, `constraints.forEach { … }` is a block.
            guard let owner, let function = values.first, case .member(let target, let name) = function, let elements = viewList(owner) else {
                return .skipped(.unrecognized)
            }
            var outcome = Outcome.skipped(.unrecognized)
            for element in elements where perform(CodeCall(method: name, owner: target, values: [element], labels: [nil], line: line)) == .layout { outcome = .layout }
            return outcome
        case "append":
            guard let owner, case .name(let name) = owner.withoutSelf, let value = values.first,
                  let refs = constraintRefs(value, creating: true) else { return .skipped(.notLayout) }
            constraintVariables[name, default: []] += refs
            return .layout
        default:
            return .skipped(.notLayout)
        }
    }
}

extension CodeExpression {
    /// `self.x` as `x`.
    var withoutSelf: CodeExpression {
        if case .member(.name("self")?, let name) = self { return .name(name) }
        return self
    }

    /// A short rendering for notes (`padding * scale`).
    public var sourceText: String {
        switch self {
        case .name(let name): return name
        case .number(let value): return formatNumber(value)
        case .string(let text): return "\"\(text)\""
        case .member(let base, let name): return (base?.sourceText ?? "") + "." + name
        case .call(let callee, let arguments):
            return callee.sourceText + "(" + arguments.map { ($0.label.map { $0 + ": " } ?? "") + ($0.value?.sourceText ?? "") }.joined(separator: ", ") + ")"
        case .message(let receiver, let parts):
            return "[" + receiver.sourceText + " " + parts.map { $0.label! + ($0.value.map { ":" + $0.sourceText } ?? "") }.joined(separator: " ") + "]"
        case .array(let elements): return "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
        case .dictionary(let pairs): return "[" + pairs.map { $0.0.sourceText + ": " + $0.1.sourceText }.joined(separator: ", ") + "]"
        case .binary(let left, let op, let right): return left.sourceText + " " + op + " " + right.sourceText
        case .negative(let value): return "-" + value.sourceText
        case .other: return "…"
        }
    }
}
