/// Stack views: `addArrangedSubview`, `insertArrangedSubview(_:at:)`, `setCustomSpacing(_:after:)`,
/// and the properties `axis`, `spacing`, `distribution`, `alignment`,
/// `isLayoutMarginsRelativeArrangement`, `isBaselineRelativeArrangement` (Objective-C's
/// setters too). A stack made with `UIStackView(arrangedSubviews:)` is read where views are
/// made (`LayoutCodeReader.viewConstruction`), which adds its views through this dialect.
enum StackViewDialect: LayoutCodeDialect {
    static let marks = ["addArrangedSubview", "UIStackView"]

    /// Objective-C setters of stack properties, read as assignments.
    static let setters: Set<String> = ["setAxis", "setSpacing", "setDistribution", "setAlignment",
                                       "setLayoutMarginsRelativeArrangement", "setBaselineRelativeArrangement"]

    static func perform(_ call: CodeCall, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        switch call.method {
        case "addArrangedSubview", "insertArrangedSubview":
            return reader.addArranged(call)
        case "setCustomSpacing":
            return reader.setCustomSpacing(call)
        case let setter where call.isMessage && setters.contains(setter):
            return reader.assignSetter(call)
        default:
            return nil
        }
    }

    static func assign(_ property: String, _ value: CodeExpression, view index: Int, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        switch property {
        case "isLayoutMarginsRelativeArrangement", "layoutMarginsRelativeArrangement",
             "isBaselineRelativeArrangement", "baselineRelativeArrangement":
            return reader.setArrangement(property, value, at: index)
        case "axis", "spacing", "distribution", "alignment":
            guard reader.code.views[index].kind == .stack else { return .skipped(.notLayout) }
            return reader.setStackProperty(property, value, at: index)
        default:
            return nil
        }
    }
}

extension LayoutCodeReader {
    /// The parent becomes a stack (when the code had not said so), the child one of its
    /// arranged views, which UIKit lays out without autoresizing constraints.
    fileprivate mutating func addArranged(_ call: CodeCall) -> Outcome {
        guard let (childIndex, parentIndex) = addChild(call.values.first, to: call.owner, line: call.line) else { return .skipped(.unrecognized) }
        guard let parentIndex else { return .layout }
        let child = code.views[childIndex].name
        if code.views[parentIndex].kind != .stack {
            code.views[parentIndex].kind = .stack
            code.views[parentIndex].stack = CodeStack()
        }
        if !code.views[parentIndex].stack!.arranged.contains(child) { code.views[parentIndex].stack!.arranged.append(child) }
        code.views[childIndex].isArranged = true
        code.views[childIndex].translatesAutoresizingMask = false
        return .layout
    }

    /// `stack.setCustomSpacing(20, after: a)`, `[stack setCustomSpacing:20 afterView:a]`.
    fileprivate mutating func setCustomSpacing(_ call: CodeCall) -> Outcome {
        let values = call.values
        guard let owner = call.owner, let stackItem = item(owner), let stackIndex = viewIndex(of: stackItem, line: call.line),
              code.views[stackIndex].kind == .stack, values.count == 2, let spacing = number(values[0]),
              let after = item(values[1]), after.guide == nil else { return .skipped(.unrecognized) }
        code.views[stackIndex].stack!.customSpacing.removeAll { $0.view == after.view }
        code.views[stackIndex].stack!.customSpacing.append(CodeCustomSpacing(view: after.view, spacing: spacing))
        code.views[stackIndex].settingsLine = call.line
        return .layout
    }

    fileprivate mutating func setArrangement(_ property: String, _ value: CodeExpression, at index: Int) -> Outcome {
        guard index >= 0, code.views[index].kind == .stack, let on = bool(value) else { return .skipped(.notLayout) }
        code.views[index].settingsLine = currentLine
        if property.contains("Margins") {
            code.views[index].stack!.isLayoutMarginsRelativeArrangement = on
        } else {
            code.views[index].stack!.isBaselineRelativeArrangement = on
        }
        return .layout
    }

    fileprivate mutating func setStackProperty(_ property: String, _ value: CodeExpression, at index: Int) -> Outcome {
        if property != "axis" { code.views[index].settingsLine = currentLine }
        switch property {
        case "axis":
            guard let axis = axis(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].stack!.axis = axis == .horizontal ? .horizontal : .vertical
        case "spacing":
            guard let spacing = number(value) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].stack!.spacing = spacing
        case "distribution":
            guard let word = enumWord(value, prefixes: ["UIStackViewDistribution", "NSStackViewDistribution"]) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].stack!.distribution = word
        default:
            guard let word = enumWord(value, prefixes: ["UIStackViewAlignment", "NSLayoutAttribute"]) else { return .skipped(.unknownValue(value.sourceText)) }
            code.views[index].stack!.alignment = word
        }
        return .layout
    }
}
