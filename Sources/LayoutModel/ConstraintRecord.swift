public import LayoutVocabulary
internal import Cassowary

/// Everything the model knows about one constraint: what the user said (`spec`), how it was
/// translated for the solver (`expression`, `relation`), and where it lives in the solver
/// (`solverID`). Later tools (explain, exercise) start from here.
public struct ConstraintRecord: Sendable {
    /// Where a constraint comes from.
    public enum Kind: Sendable, Hashable {
        /// Typed by the user or made by a VFL line: ids `c1`, `c2`, …
        case user
        /// `view.width <= intrinsic @hugging` (id `view.hugging.h` / `.v`).
        case hugging(LayoutAttribute.Axis)
        /// `view.width >= intrinsic @resistance` (id `view.resistance.h` / `.v`).
        case resistance(LayoutAttribute.Axis)
        /// Made by UIKit itself for `owner` (the constraints tying a system guide to its owning
        /// view), shown under UIKit's `identifier` (`UIViewSafeAreaLayoutGuide-top`); id
        /// `owner.identifier`. Only the setting that made it changes it.
        /// Indirect: rare, and its two strings would otherwise widen every record.
        indirect case system(identifier: String, owner: String)
        /// An `NSAutoresizingMaskLayoutConstraint` holding `owner`'s frame as its autoresizing
        /// mask says (id `owner.autoresizing.minX` …); printed `h=--& v=--& owner.minX == 20`.
        case autoresizing(AutoresizingMask)
    }

    // Stored in an order that leaves no padding (a record is kept for every constraint, 88
    // bytes; it was 176, then 152, 128 and 96): the spec's fields but its system spacing and
    // multiplier (51 bytes, the one-byte fields last), the four flags in one byte, the sides'
    // layout in four, the eight-byte fields (the kind with the id, the alias, the left side's
    // constant, the system spacing and the multiplier together in one, both sides' terms in
    // one array, the right side's constant), the solver's id in four and the serial in four.
    // Test: `ConstraintRecordLayoutTests`.
    private var specFields: SpecFields

    /// What the user said. Made when read from the fields kept, the system spacing and the
    /// multiplier (nearly always 0 and 1, so kept in the kind's box when they are not).
    public internal(set) var spec: ConstraintSpec {
        get { specFields.spec(systemSpacing: systemSpacing, multiplier: multiplier) }
        set {
            // An id made from the spec (`v.hugging.h`) stays the one it was given: boxed when
            // the spec it was made from changes (`StoredKind` keeps inline only an id that
            // follows from the new spec).
            let idMoves = storedKind.derivesIDFromSpec
                && (newValue.firstItem != specFields.firstItem || newValue.firstAttribute != specFields.firstAttribute)
            if idMoves || newValue.systemSpacing.bitPattern != systemSpacing.bitPattern
                || newValue.multiplier.bitPattern != multiplier.bitPattern {
                let (oldKind, oldName, oldConstant, oldID) = (kind, name, lhsConstant, id)
                specFields = SpecFields(newValue)
                storedKind = StoredKind(oldKind, name: oldName, lhsConstant: oldConstant, systemSpacing: newValue.systemSpacing,
                                        id: oldID, spec: newValue)
            } else {
                specFields = SpecFields(newValue)
            }
        }
    }

    /// The spec's fields the hot paths read, in place: `spec` makes the whole spec (its two
    /// strings retained) for each read.
    var priority: LayoutPriority { specFields.priority }
    var specRelation: LayoutRelation { specFields.relation }
    var firstItem: String { specFields.firstItem }
    var secondItem: String? { specFields.secondItem }
    var firstAttribute: LayoutAttribute { specFields.firstAttribute }
    var secondAttribute: LayoutAttribute? { specFields.secondAttribute }
    var multiplier: Double {
        if case .other(_, _, _, _, let multiplier, _) = storedKind { multiplier } else { 1 }
    }
    /// `spec.resolvedConstant`, computed as it computes it.
    var resolvedConstant: Double { specFields.constant + systemSpacing * ConstraintSpec.systemSpacingPoints }

    /// `ConstraintSpec` without its system spacing and multiplier: 51 bytes (the spec's 67 less
    /// sixteen).
    private struct SpecFields: Sendable {
        var firstItem: String
        var secondItem: String?
        var constant: Double
        var priority: LayoutPriority
        var firstAttribute: LayoutAttribute
        var relation: LayoutRelation
        var secondAttribute: LayoutAttribute?

        init(_ spec: ConstraintSpec) {
            firstItem = spec.firstItem
            secondItem = spec.secondItem
            constant = spec.constant
            priority = spec.priority
            firstAttribute = spec.firstAttribute
            relation = spec.relation
            secondAttribute = spec.secondAttribute
        }

        func spec(systemSpacing: Double, multiplier: Double) -> ConstraintSpec {
            var spec = ConstraintSpec(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
                                      secondItem: secondItem, secondAttribute: secondAttribute,
                                      multiplier: multiplier, constant: constant, priority: priority)
            spec.systemSpacing = systemSpacing
            return spec
        }
    }

    /// `isActive`, `isBroken`, `readsLeftward` and `sidesMerged`, a bit each (four `Bool`s
    /// took a byte each).
    private var flags = ByteFlags(Flag.active)
    /// Which of `sideTerms` are the left side's: a bit mask when `sidesMerged`, else a count
    /// (at most 32 terms are merged; a count beyond 32 bits would need a hierarchy that deep).
    private var storedSideBits: UInt32 = 0
    /// The kind, the id unless it follows from the kind and the spec (`c12`, `v.hugging.h`,
    /// `v.autoresizing.minX`), the alias when there is one, the left side's constant when it is
    /// not 0 and the spec's system spacing when it is not 0.
    private var storedKind: StoredKind
    /// Both sides' terms in one array, laid out as `sidesMerged` says. A constraint between two
    /// items kept one heap block for each side and a third, their combination, for the solver
    /// (two of a chain's five constraints per view); now it keeps the one it shares with the
    /// solver. With one side empty this is the other side's own array, shared as it was.
    private var sideTerms: [Term] = []
    private(set) var rhsConstant = 0.0
    /// The solver's id + 1 while installed (active), else 0: four bytes where a
    /// `ConstraintID?` took nine.
    private var solverCode: UInt32 = 0
    private let storedSerial: Int32

    private enum Flag {
        static let active: UInt8 = 1
        static let broken: UInt8 = 2
        static let readsLeftward: UInt8 = 4
        static let sidesMerged: UInt8 = 8
    }

    public internal(set) var isActive: Bool {
        get { flags[Flag.active] }
        set { flags[Flag.active] = newValue }
    }
    /// A required constraint that took part in a conflict and now sits at the internal priority
    /// above every optional one (`Strength.optional(1000)`); it is retried after every change.
    public internal(set) var isBroken: Bool {
        get { flags[Flag.broken] }
        set { flags[Flag.broken] = newValue }
    }
    /// Leading/trailing under right-to-left: `lhs` and `rhs` are −x (positions counted in the
    /// reading direction), so the relation holds as written; `values` turn them back into x.
    public internal(set) var readsLeftward: Bool {
        get { flags[Flag.readsLeftward] }
        set { flags[Flag.readsLeftward] = newValue }
    }
    /// Whether `sideTerms` is the solver's expression `lhs − rhs` itself: the sides' variables
    /// are apart, so each entry is one side's term, the left side's as it is and the right
    /// side's times −1 (exact both ways), bit i of `sideBits` set where entry i is the left
    /// side's. Else `sideTerms` is the left side's terms and then the right side's, the first
    /// `sideBits` of them the left side's.
    private var sidesMerged: Bool { flags[Flag.sidesMerged] }
    private var sideBits: Int { Int(storedSideBits) }

    /// The solver's id while installed (active), else nil.
    var solverID: ConstraintID? {
        get { solverCode == 0 ? nil : ConstraintID(id: Int(solverCode) - 1) }
        set {
            guard let newValue else { solverCode = 0; return }
            // The solver numbers its constraints from 0 and reuses none: four billion is far
            // beyond any session (each is a constraint made, kept in memory by the solver).
            precondition(newValue.id >= 0 && newValue.id < Int(UInt32.max), "solver constraint id beyond 32 bits")
            solverCode = UInt32(newValue.id + 1)
        }
    }

    /// `c3`, or `label.hugging.h` for an implicit one. Made when read for the kinds whose id
    /// follows from the kind and the spec (a user constraint's number is kept in the kind).
    public var id: String {
        switch storedKind {
        case .user(let number): Self.userID(number)
        case .hugging(let axis): LayoutModel.implicitID(specFields.firstItem, hugging: true, axis)
        case .resistance(let axis): LayoutModel.implicitID(specFields.firstItem, hugging: false, axis)
        case .autoresizing: LayoutModel.autoresizingID(specFields.firstItem, Self.autoresizingAttribute(specFields.firstAttribute) ?? "")
        case .other(_, _, _, _, _, let id): id
        }
    }

    /// `cN` for a user constraint's number, written straight into a small string (at most 11
    /// bytes, kept inline: no allocation).
    static func userID(_ number: UInt32) -> String {
        String(unsafeUninitializedCapacity: 11) { buffer in
            var digits = 1
            var rest = number / 10
            while rest > 0 { digits += 1; rest /= 10 }
            buffer[0] = 0x63  // "c"
            var value = number
            var index = digits
            while index > 0 {
                buffer[index] = 0x30 + UInt8(value % 10)
                value /= 10
                index -= 1
            }
            return digits + 1
        }
    }

    /// The name an autoresizing constraint's id gives the frame's field its spec sets
    /// (`LayoutModel.autoresizingSpec`), or nil for an attribute no such spec has.
    static func autoresizingAttribute(_ attribute: LayoutAttribute) -> String? {
        switch attribute {
        case .left: "minX"
        case .top: "minY"
        case .width: "width"
        case .height: "height"
        default: nil
        }
    }

    /// Left side (the first item's attribute) and right side (`m × second + c`) as linear
    /// expressions over the solver's variables, in the closest common ancestor's coordinates.
    /// Reading a side of a constraint with terms on both copies its terms out: readers that
    /// only evaluate use `sideValues`.
    var lhs: Expression {
        get {
            if sidesMerged { return Expression(sideTerms.indices.filter { sideBits >> $0 & 1 == 1 }.map { sideTerms[$0] }, constant: lhsConstant) }
            return Expression(sideBits == sideTerms.count ? sideTerms : Array(sideTerms[..<sideBits]), constant: lhsConstant)
        }
        set { setSides(newValue, rhs) }
    }
    var rhs: Expression {
        get {
            if sidesMerged {
                let terms = sideTerms.indices.filter { sideBits >> $0 & 1 == 0 }.map { Term(sideTerms[$0].variable, -1 * sideTerms[$0].coefficient) }
                return Expression(terms, constant: rhsConstant)
            }
            return Expression(sideBits == 0 ? sideTerms : Array(sideTerms[sideBits...]), constant: rhsConstant)
        }
        set { setSides(lhs, newValue) }
    }
    /// Both sides' terms (every variable the constraint names; the right side's negated when
    /// merged).
    var allSideTerms: [Term] { sideTerms }

    /// The values of the two sides, each summed in its own terms' order from its constant, as
    /// an `Expression`'s would be; read in place.
    func sideValues(_ value: (Variable) -> Double) -> (lhs: Double, rhs: Double) {
        var left = lhsConstant, right = rhsConstant
        if sidesMerged {
            let bits = sideBits
            for index in sideTerms.indices {
                let term = sideTerms[index]
                if bits >> index & 1 == 1 {
                    left += term.coefficient * value(term.variable)
                } else {
                    right += -1 * term.coefficient * value(term.variable)
                }
            }
        } else {
            let split = sideBits
            for index in sideTerms.indices {
                let term = sideTerms[index]
                if index < split { left += term.coefficient * value(term.variable) } else { right += term.coefficient * value(term.variable) }
            }
        }
        return (left, right)
    }

    /// Sets both sides at once: one array made (none when a side has no terms), merged with
    /// the other side as the solver will be handed it when their variables are apart.
    mutating func setSides(_ lhs: Expression, _ rhs: Expression) {
        lhsConstant = lhs.constant
        rhsConstant = rhs.constant
        if let merged = Self.merge(lhs.terms, rhs.terms) {
            sideTerms = merged.terms
            setSideBits(merged.leftBits, merged: true)
        } else if rhs.terms.isEmpty {
            sideTerms = lhs.terms
            setSideBits(lhs.terms.count, merged: false)
        } else if lhs.terms.isEmpty {
            sideTerms = rhs.terms
            setSideBits(0, merged: false)
        } else {
            var joined: [Term] = []
            joined.reserveCapacity(lhs.terms.count + rhs.terms.count)
            joined.append(contentsOf: lhs.terms)
            joined.append(contentsOf: rhs.terms)
            sideTerms = joined
            setSideBits(lhs.terms.count, merged: false)
        }
    }

    private mutating func setSideBits(_ bits: Int, merged: Bool) {
        storedSideBits = UInt32(bits)
        flags[Flag.sidesMerged] = merged
    }

    /// `combine(lhs, 1, rhs, -1)`'s terms, with which entries are the left side's, when both
    /// sides have terms, at most 32 between them, each merged (`isMerged`) with finite
    /// coefficients, and no variable in both: then each sum `combine` makes is one scaled
    /// coefficient added to 0, which is that coefficient (none is zero), and the right side's
    /// coefficients come back exactly as −1 × −1 × c. Else nil.
    static func merge(_ left: [Term], _ right: [Term]) -> (terms: [Term], leftBits: Int)? {
        guard !left.isEmpty, !right.isEmpty, left.count + right.count <= 32,
              isMerged(left), isMerged(right),
              left.allSatisfy({ $0.coefficient.isFinite }), right.allSatisfy({ $0.coefficient.isFinite }) else { return nil }
        var terms: [Term] = []
        terms.reserveCapacity(left.count + right.count)
        var bits = 0, l = 0, r = 0
        while l < left.count || r < right.count {
            if r == right.count || (l < left.count && left[l].variable < right[r].variable) {
                bits |= 1 << terms.count
                terms.append(Term(left[l].variable, 0 + 1 * left[l].coefficient))
                l += 1
            } else if l == left.count || right[r].variable < left[l].variable {
                terms.append(Term(right[r].variable, 0 + -1 * right[r].coefficient))
                r += 1
            } else {
                return nil
            }
        }
        return (terms, bits)
    }

    /// The left side's constant: 0 but for an attribute a margin, half a margin or an intrinsic
    /// height places (`leftMargin`, `centerXWithinMargins`, `firstBaseline`), so kept in the
    /// kind's box when it is not +0.
    private(set) var lhsConstant: Double {
        get { if case .other(_, _, let constant, _, _, _) = storedKind { constant } else { 0 } }
        set { if newValue.bitPattern != lhsConstant.bitPattern { storedKind = StoredKind(kind, name: name, lhsConstant: newValue, systemSpacing: systemSpacing, id: id, spec: spec) } }
    }
    /// The spec's system spacings, kept in the kind's box when not +0.
    private var systemSpacing: Double {
        if case .other(_, _, _, let spacing, _, _) = storedKind { spacing } else { 0 }
    }
    /// Creation order; implicit constraints share the counter so ordering by it is stable.
    public var serial: Int { Int(storedSerial) }
    /// The user's alias (`minW` in `minW: a.width >= 100`).
    public internal(set) var name: String? {
        get { if case .other(_, let name, _, _, _, _) = storedKind { name } else { nil } }
        set { storedKind = StoredKind(kind, name: newValue, lhsConstant: lhsConstant, systemSpacing: systemSpacing, id: id, spec: spec) }
    }
    public internal(set) var kind: Kind {
        get { storedKind.kind }
        set { storedKind = StoredKind(newValue, name: name, lhsConstant: lhsConstant, systemSpacing: systemSpacing, id: id, spec: spec) }
    }

    /// `Kind`, the id, the alias, the left side's constant, the spec's system spacing and its
    /// multiplier in eight bytes: the common kinds unnamed, with a constant and a spacing of +0,
    /// a multiplier of 1 and the id their kind and spec give, inline (a user constraint's number
    /// in four bytes, the mask as a byte, its six flags, so that every payload leaves spare bits
    /// for the case), anything else (an alias, a constant, UIKit's own constraint, a mask with
    /// bits beyond UIKit's six, an id of another form, a system spacing, another multiplier) in
    /// a box with the id. `Kind` holds the mask's `Int` and takes nine, sixteen with padding,
    /// and the id, the alias, the constant, the spacing and the multiplier were sixteen, eight,
    /// eight, eight and eight more though most constraints have none of them but a multiplier
    /// of 1 and an id that follows from the rest.
    private enum StoredKind: Sendable {
        /// `cN`, N here.
        case user(UInt32)
        /// Id `LayoutModel.implicitID(spec.firstItem, …)`.
        case hugging(LayoutAttribute.Axis)
        case resistance(LayoutAttribute.Axis)
        /// Id `LayoutModel.autoresizingID(spec.firstItem, …)` of the spec's first attribute.
        case autoresizing(UInt8)
        /// Boxed: UIKit's own constraints, wide masks, ids of another form, and every kind with
        /// an alias, a left side's constant or a system spacing other than +0, or a multiplier
        /// other than 1.
        indirect case other(Kind, name: String?, lhsConstant: Double, systemSpacing: Double, multiplier: Double, id: String)

        init(_ kind: Kind, name: String?, lhsConstant: Double = 0, systemSpacing: Double, id: String, spec: ConstraintSpec) {
            guard name == nil, lhsConstant.bitPattern == 0, systemSpacing.bitPattern == 0,
                  spec.multiplier.bitPattern == Self.inlineMultiplier.bitPattern,
                  let inline = Self.inline(kind, id: id, spec: spec) else {
                self = .other(kind, name: name, lhsConstant: lhsConstant, systemSpacing: systemSpacing,
                              multiplier: spec.multiplier, id: id)
                return
            }
            self = inline
        }

        /// The multiplier of every inline kind (a −1 or a 2 goes in the box).
        static let inlineMultiplier = 1.0

        /// The inline form of `kind` when `id` is the one it and `spec` give, else nil.
        private static func inline(_ kind: Kind, id: String, spec: ConstraintSpec) -> StoredKind? {
            switch kind {
            case .user:
                // `number` reads only `cN` written the one way (no leading zero).
                guard let number = ConstraintTable.number(id), let small = UInt32(exactly: number) else { return nil }
                return .user(small)
            case .hugging(let axis):
                return id == LayoutModel.implicitID(spec.firstItem, hugging: true, axis) ? .hugging(axis) : nil
            case .resistance(let axis):
                return id == LayoutModel.implicitID(spec.firstItem, hugging: false, axis) ? .resistance(axis) : nil
            case .system:
                return nil
            case .autoresizing(let mask):
                guard let byte = UInt8(exactly: mask.rawValue), let attribute = ConstraintRecord.autoresizingAttribute(spec.firstAttribute),
                      id == LayoutModel.autoresizingID(spec.firstItem, attribute) else { return nil }
                return .autoresizing(byte)
            }
        }

        /// Whether the id is made from the spec (and so would change with it).
        var derivesIDFromSpec: Bool {
            switch self {
            case .hugging, .resistance, .autoresizing: true
            case .user, .other: false
            }
        }

        var kind: Kind {
            switch self {
            case .user: .user
            case .hugging(let axis): .hugging(axis)
            case .resistance(let axis): .resistance(axis)
            case .autoresizing(let byte): .autoresizing(AutoresizingMask(rawValue: Int(byte)))
            case .other(let kind, _, _, _, _, _): kind
            }
        }
    }
    /// The canonical text (README, "Constraints"). Made when asked for, not kept: kept, it was a
    /// string of its own for every constraint; a report asks only for the broken ones it lists.
    public var text: String { Self.text(spec, mask: autoresizingMask) }

    /// A user constraint `c<number>` (`id`), its number handed in by the caller that made the
    /// id from it (`addConstraint`) rather than read back out of it.
    init(userNumber number: Int, id: String, serial: Int, name: String? = nil, spec: ConstraintSpec) {
        // A serial counts the model's items and constraints ever made: far below 2³¹.
        self.storedSerial = Int32(serial)
        if name == nil, spec.systemSpacing.bitPattern == 0,
           spec.multiplier.bitPattern == StoredKind.inlineMultiplier.bitPattern, let small = UInt32(exactly: number) {
            self.storedKind = .user(small)
        } else {
            self.storedKind = StoredKind(.user, name: name, systemSpacing: spec.systemSpacing, id: id, spec: spec)
        }
        self.specFields = SpecFields(spec)
    }

    init(id: String, serial: Int, kind: Kind, name: String? = nil, spec: ConstraintSpec) {
        // A serial counts the model's items and constraints ever made: far below 2³¹.
        self.storedSerial = Int32(serial)
        self.storedKind = StoredKind(kind, name: name, systemSpacing: spec.systemSpacing, id: id, spec: spec)
        self.specFields = SpecFields(spec)
    }

    /// The canonical text; an autoresizing constraint in UIKit's form: the mask, then the
    /// frame's `minX`/`minY` against a constant or the superview's size.
    static func text(_ spec: ConstraintSpec, mask: AutoresizingMask?) -> String {
        guard let mask else { return spec.canonicalText }
        var shown = spec
        var attribute = spec.firstAttribute.rawValue
        if spec.firstAttribute == .left { attribute = "minX" }
        if spec.firstAttribute == .top { attribute = "minY" }
        if let second = spec.secondAttribute, second.isLocation {
            // `minX == 20   (names: '|':superview)`: the superview's own edge is its origin.
            shown.secondItem = nil
            shown.secondAttribute = nil
        }
        let rest = shown.canonicalText.drop { $0 != " " }
        return "\(mask.printed) \(spec.firstItem).\(attribute)\(rest)"
    }

    /// `lhs − rhs`, the expression handed to the solver as `expression REL 0`.
    ///
    /// Against a constant (`a.width >= 20`, three of a chain's five constraints per view) the
    /// terms are `lhs`'s own array, shared with the solver's copy, instead of a new one merged
    /// from it (a heap block per constraint, kept by the solver for as long as the constraint):
    /// the combination would give the same bits, each coefficient times 1 added to 0, when the
    /// terms are merged already (ascending variables, none zero), which is checked. The
    /// constant is computed as `combine` computes it.
    var expression: Expression {
        if sidesMerged || (sideBits == sideTerms.count && Self.isMerged(sideTerms)) {
            return Expression(sideTerms, constant: 1 * lhsConstant + -1 * rhsConstant)
        }
        return combine(sideTerms[..<sideBits], lhsConstant, 1, sideTerms[sideBits...], rhsConstant, -1)
    }

    /// Whether `terms` are as `combine` leaves them: variables strictly ascending, no zero
    /// coefficient.
    static func isMerged(_ terms: [Term]) -> Bool {
        var index = 0
        while index < terms.count {
            if terms[index].coefficient == 0 { return false }
            if index > 0 && !(terms[index - 1].variable < terms[index].variable) { return false }
            index += 1
        }
        return true
    }
    var relation: Relation {
        switch specFields.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
    /// Made by the model, not typed: intrinsic-size and UIKit's own constraints.
    public var isImplicit: Bool {
        switch storedKind {
        case .user: false
        case .hugging, .resistance, .autoresizing: true
        case .other(let kind, _, _, _, _, _): kind != .user
        }
    }
    /// A constraint from an intrinsic content size (hugging or compression resistance).
    public var isContentSize: Bool {
        switch storedKind {
        case .hugging, .resistance: true
        case .user, .autoresizing: false
        case .other(let kind, _, _, _, _, _):
            switch kind {
            case .hugging, .resistance: true
            default: false
            }
        }
    }
    /// An `NSAutoresizingMaskLayoutConstraint`.
    public var isAutoresizing: Bool { autoresizingMask != nil }
    /// The mask of an autoresizing constraint, else nil.
    var autoresizingMask: AutoresizingMask? {
        switch storedKind {
        case .autoresizing(let byte): AutoresizingMask(rawValue: Int(byte))
        case .user, .hugging, .resistance: nil
        case .other(let kind, _, _, _, _, _): if case .autoresizing(let mask) = kind { mask } else { nil }
        }
    }
    /// UIKit's identifier for a constraint UIKit makes itself, else nil.
    public var identifier: String? {
        if case .other(.system(let identifier, _), _, _, _, _, _) = storedKind { return identifier }
        return nil
    }
    /// The views a constraint touches.
    public var items: [String] { [specFields.firstItem] + (specFields.secondItem.map { [$0] } ?? []) }
}

/// `a·x + b·y` for expressions, merging terms of the same variable (sorted by variable).
/// - Complexity: O(n log n) in the terms. Each variable's scaled coefficients are added up in
///   the order they come (x's terms, then y's, from 0), so the sums are bit for bit those of a
///   dictionary keyed by variable, which this replaces: hashing there was 5% of a `--final`.
func combine(_ x: Expression, _ a: Double, _ y: Expression, _ b: Double) -> Expression {
    combine(x.terms[...], x.constant, a, y.terms[...], y.constant, b)
}

/// `combine` of two expressions given as terms and constant (a record's sides, in place).
/// - Complexity: O(n log n) in the terms.
func combine(_ xTerms: ArraySlice<Term>, _ xConstant: Double, _ a: Double,
             _ yTerms: ArraySlice<Term>, _ yConstant: Double, _ b: Double) -> Expression {
    var scaled: [(variable: Variable, order: Int, coefficient: Double)] = []
    scaled.reserveCapacity(xTerms.count + yTerms.count)
    for term in xTerms { scaled.append((term.variable, scaled.count, a * term.coefficient)) }
    for term in yTerms { scaled.append((term.variable, scaled.count, b * term.coefficient)) }
    scaled.sort { ($0.variable, $0.order) < ($1.variable, $1.order) }
    var terms: [Term] = []
    terms.reserveCapacity(scaled.count)
    var index = 0
    while index < scaled.count {
        let variable = scaled[index].variable
        var sum = 0.0
        while index < scaled.count, scaled[index].variable == variable {
            sum += scaled[index].coefficient
            index += 1
        }
        if sum != 0 { terms.append(Term(variable, sum)) }
    }
    return Expression(terms, constant: a * xConstant + b * yConstant)
}
