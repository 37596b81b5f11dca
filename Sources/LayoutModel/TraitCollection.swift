public import LayoutVocabulary

/// A size class, as `UIUserInterfaceSizeClass` has them.
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact, regular
}

/// The two size classes of a trait collection, each possibly unspecified (`nil`: Interface
/// Builder's "Any"). As the session's traits, nil means no device decided it; as the pattern of
/// a `TraitVariant`, nil matches either class.
public struct TraitCollection: Sendable, Hashable {
    public var width: SizeClass?
    public var height: SizeClass?

    public init(width: SizeClass? = nil, height: SizeClass? = nil) {
        self.width = width
        self.height = height
    }

    /// Any width, any height: what a pattern without `for` stands for.
    public static let any = TraitCollection()

    /// Whether a variant written for `self` applies under `traits`.
    public func matches(_ traits: TraitCollection) -> Bool {
        (width == nil || width == traits.width) && (height == nil || height == traits.height)
    }

    /// How many classes the pattern names: the more, the later it wins (as in Interface Builder,
    /// where `wC hR` overrides `hR`, which overrides Any).
    public var specificity: Int { (width == nil ? 0 : 1) + (height == nil ? 0 : 1) }

    /// `width=compact height=regular` (the spelling `traits` and `vary … for` read), `any`
    /// when neither is named.
    public var words: String {
        let parts = [width.map { "width=\($0.rawValue)" }, height.map { "height=\($0.rawValue)" }].compactMap { $0 }
        return parts.isEmpty ? "any" : parts.joined(separator: " ")
    }
}

extension Device {
    /// The size classes UIKit gives a full-screen view controller on this screen: a regular
    /// width where the device table says so, a compact height on phones in landscape.
    public func traits(landscape: Bool) -> TraitCollection {
        let regularWidth = landscape ? regularWidthInLandscape : regularWidthInPortrait
        let isPad = name.hasPrefix("iPad")
        return TraitCollection(width: regularWidth ? .regular : .compact, height: !isPad && landscape ? .compact : .regular)
    }
}

/// One property of a constraint or a stack that takes another value in some size classes
/// (Xcode's "Vary for Traits": a constraint installed only in compact height, a constant per
/// width class, a stack's axis). The first rule is the value in Any/Any; under given traits
/// the most specific matching rule wins, the later one between equals.
public struct TraitVariant: Sendable, Hashable {
    /// What varies.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        /// A constraint's `isActive` (Interface Builder's "Installed" box).
        case active
        case constant
        /// A stack's axis, spacing and alignment.
        case axis, spacing, alignment
        /// Whether a view is in the hierarchy (Interface Builder's "Installed" box on a view).
        case installed

        /// Whether a stack (rather than a constraint) has it.
        public var ofStack: Bool { self == .axis || self == .spacing || self == .alignment }
        /// Whether a view (rather than a constraint or a stack) has it.
        public var ofView: Bool { self == .installed }
    }

    /// A value a property takes.
    public enum Value: Sendable, Hashable {
        case flag(Bool)
        case number(Double)
        case axis(LayoutAttribute.Axis)
        case alignment(StackView.Alignment)
    }

    public struct Rule: Sendable, Hashable {
        public var pattern: TraitCollection
        public var value: Value
        public init(pattern: TraitCollection, value: Value) {
            self.pattern = pattern
            self.value = value
        }
    }

    /// A constraint id (`c3`), a stack's or a view's name.
    public var target: String
    public var property: Property
    public var rules: [Rule]

    public init(target: String, property: Property, rules: [Rule]) {
        self.target = target
        self.property = property
        self.rules = rules
    }

    /// The value under `traits`: the most specific matching rule's, the last among equals.
    public func value(under traits: TraitCollection) -> Value? {
        var best: Rule?
        for rule in rules where rule.pattern.matches(traits) {
            if best == nil || rule.pattern.specificity >= best!.pattern.specificity { best = rule }
        }
        return best?.value
    }

    /// Adds a rule; one for the same pattern is replaced.
    public mutating func set(_ value: Value, for pattern: TraitCollection) {
        if let index = rules.firstIndex(where: { $0.pattern == pattern }) {
            rules[index].value = value
        } else {
            rules.append(Rule(pattern: pattern, value: value))
        }
    }
}
