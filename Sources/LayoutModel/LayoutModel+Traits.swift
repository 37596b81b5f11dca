internal import LayoutVocabulary

/// Size-class variants on the model: reading a varying property's value now and setting it,
/// through the same calls `cN.constant = …`, `deactivate cN` and `STACK.axis = …` make. Which
/// variants exist and the session's traits are kept by the session (they are undone with it);
/// the model only knows constraints and stacks.
extension LayoutModel {
    /// The property's value as the model has it; nil when the target is gone or is not of
    /// the property's kind (a constraint's `axis`).
    public func traitValue(of target: String, _ property: TraitVariant.Property) -> TraitVariant.Value? {
        // Whether a view is installed is known to whoever keeps it while it is out (the
        // session): the model only knows the views it has.
        if property.ofView { return views[target] != nil ? .flag(true) : nil }
        if property.ofStack {
            guard let stack = stacks[target] else { return nil }
            switch property {
            case .axis: return .axis(stack.axis)
            case .spacing: return .number(stack.spacing)
            default: return .alignment(stack.alignment)
            }
        }
        guard let record = constraints[target] else { return nil }
        return property == .active ? .flag(record.isActive) : .number(record.spec.constant)
    }

    /// Gives the property a value; nothing happens when it already has it or the target is
    /// gone (a removed constraint keeps its variants, harmlessly).
    public func setTraitValue(_ value: TraitVariant.Value, of target: String, _ property: TraitVariant.Property) throws(LayoutError) {
        guard let now = traitValue(of: target, property), now != value else { return }
        switch (property, value) {
        case (.active, .flag(let on)): try setActive(target, on)
        case (.constant, .number(let number)): try setConstant(target, number)
        case (.axis, .axis(let axis)): try setStackAxis(target, axis)
        case (.spacing, .number(let number)): try setStackSpacing(target, number)
        case (.alignment, .alignment(let alignment)): try setAlignment(target, alignment)
        default: return
        }
    }
}
