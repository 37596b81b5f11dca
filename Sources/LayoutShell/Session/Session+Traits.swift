import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The session's trait collection and the variants that follow it: a device or `traits`
/// change re-applies every variant, so an imported scene's constraints are installed and its
/// constants, stack axes, spacings and alignments set as its `<variation>`s say for the new
/// size classes.
extension Session {
    /// The size classes in force: those set by hand, else the device's, else Any/Any.
    var traits: TraitCollection {
        if let set = state.traits { return set }
        guard let device = model.device else { return .any }
        return device.device.traits(landscape: device.landscape)
    }

    /// Where the traits come from, for `traits`.
    var traitsSource: String {
        if state.traits != nil { return "set by hand" }
        guard let device = model.device else { return "no device: `device NAME` or `traits width=… height=…` sets them" }
        return "from \(device.device.name) \(device.landscape ? "landscape" : "portrait")"
    }

    /// Records a rule (the property's present value becomes its Any/Any value when it had
    /// none) and applies what the rules now give.
    func addVariant(target: String, property: TraitVariant.Property, value: TraitVariant.Value, for pattern: TraitCollection) throws(ShellError) -> [String] {
        if let index = state.variants.firstIndex(where: { $0.target == target && $0.property == property }) {
            state.variants[index].set(value, for: pattern)
        } else {
            var variant = TraitVariant(target: target, property: property, rules: [])
            if pattern != .any, let now = traitValue(of: target, property) { variant.set(now, for: .any) }
            variant.set(value, for: pattern)
            state.variants.append(variant)
        }
        return try applyVariants()
    }

    /// Gives every varying property its value under the present traits: constraints leave
    /// before others come in (an alternative never meets the one it replaces), alignments turn
    /// before axes (a baseline alignment only fits a horizontal stack). Returns a note naming
    /// what changed.
    /// - Complexity: one solver change per property whose value changes.
    @discardableResult
    func applyVariants() throws(ShellError) -> [String] {
        let traits = self.traits
        func rank(_ variant: TraitVariant, _ value: TraitVariant.Value) -> Int {
            switch (variant.property, value) {
            case (.active, .flag(false)): return 0
            case (.alignment, _): return 1
            case (.active, .flag(true)): return 3
            default: return 2
            }
        }
        // Views leave and come back first: a view that returns brings its constraints, whose
        // own variants are read after.
        let (installed, installNotes) = try applyInstallations(under: traits)
        let wanted = state.variants.compactMap { variant -> (TraitVariant, TraitVariant.Value)? in
            guard !variant.property.ofView, let value = variant.value(under: traits), let now = model.traitValue(of: variant.target, variant.property), now != value else { return nil }
            return (variant, value)
        }
        for (variant, value) in wanted.sorted(by: { rank($0.0, $0.1) < rank($1.0, $1.1) }) {
            try modelChange { try $0.setTraitValue(value, of: variant.target, variant.property) }
        }
        guard !wanted.isEmpty || !installed.isEmpty else { return installNotes }
        let names = (installed + wanted.map { "\($0.0.target).\($0.0.property.rawValue)" }).joined(separator: ", ")
        return ["for \(traits.words): \(names) changed (`vary` lists every variant)"] + installNotes
    }

    /// A value as `vary` writes it.
    static func words(_ value: TraitVariant.Value) -> String {
        switch value {
        case .flag(let on): return on ? "true" : "false"
        case .number(let number): return formatNumber(number)
        case .axis(let axis): return axis == .horizontal ? "h" : "v"
        case .alignment(let alignment): return alignment.rawValue
        }
    }
}
