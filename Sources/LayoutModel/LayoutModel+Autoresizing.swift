internal import LayoutVocabulary
internal import Cassowary

/// `UIView.AutoresizingMask`: which of a view's margins and sizes follow its superview's size.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// UIKit's names, in bit order.
    public static let named: [(name: String, mask: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    public var names: [String] { Self.named.filter { contains($0.mask) }.map(\.name) }

    /// How UIKit prints it before an `NSAutoresizingMaskLayoutConstraint`: `h=--& v=--&`, each
    /// triple [min margin][size][max margin], `&` flexible, `-` fixed; an axis with nothing
    /// flexible prints its max margin as flexible (it is the one that gives).
    public var printed: String {
        func triple(_ low: AutoresizingMask, _ size: AutoresizingMask, _ high: AutoresizingMask) -> String {
            let none = !contains(low) && !contains(size) && !contains(high)
            return (contains(low) ? "&" : "-") + (contains(size) ? "&" : "-") + (contains(high) || none ? "&" : "-")
        }
        return "h=" + triple(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            + " v=" + triple(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
    }
}

/// A view that translates its autoresizing mask into constraints: the mask, and the frame and
/// superview size the constraints were made from.
public struct AutoresizingState: Sendable, Hashable {
    public internal(set) var mask: AutoresizingMask
    public internal(set) var frame: Frame
    /// The superview's size when the constraints were made; nil: read it anew.
    var superviewSize: (width: Double, height: Double)? {
        get { superWidth.map { ($0, superHeight ?? 0) } }
        set { superWidth = newValue?.width; superHeight = newValue?.height }
    }
    var superWidth: Double?
    var superHeight: Double?
}

/// `translatesAutoresizingMaskIntoConstraints`: a view placed by its frame and autoresizing
/// mask, held by `NSAutoresizingMaskLayoutConstraint`s (ids `v.autoresizing.minX`, `.width`,
/// `.minY`, `.height`), two per axis, as UIKit makes them from the frame and the superview's
/// size S0: the superview's growth d = S − S0 is shared among the flexible parts (margins and
/// size) in proportion to their sizes at S0 (evenly when those are all 0); an axis with nothing
/// flexible gives it all to its max margin. So `minX == 20`, `width == root.width - 40`
/// (flexible width), `minX == 0.5 * root.width - 32` (both margins flexible): the shapes of
/// UIKit's logs (reference §3).
extension LayoutModel {
    static func autoresizingID(_ view: String, _ attribute: String) -> String { "\(view).autoresizing.\(attribute)" }

    /// `view NAME frame X,Y,W,H [in SUPER]`.
    public func addAutoresizingView(_ name: String, in parent: String = rootName, frame: Frame) throws(LayoutError) {
        for value in [frame.x, frame.y, frame.width, frame.height] { try Self.checkMagnitude(value, .constant) }
        try addView(name, in: parent)
        autoresizing[name] = AutoresizingState(mask: [], frame: frame)
        remakeAutoresizing(name)
    }

    /// `NAME.autoresizing = …`: a new mask; the constraints are made anew from the current frame.
    public func setAutoresizingMask(_ view: String, _ mask: AutoresizingMask) throws(LayoutError) {
        guard views[view] != nil else { throw .unknownView(view) }
        guard autoresizing[view] != nil else { throw .notTranslatingAutoresizingMask(view) }
        autoresizing[view]!.mask = mask
        autoresizing[view]!.frame = autoresizedFrame(of: view) ?? frame(of: view)!
        autoresizing[view]!.superviewSize = nil
        remakeAutoresizing(view)
    }

    /// `NAME.translatesAutoresizingMask = true|false`. Turned on, the view is held where it is now.
    public func setTranslatesAutoresizingMask(_ view: String, _ on: Bool) throws(LayoutError) {
        guard let info = views[view] else { throw .unknownView(view) }
        if view == Self.rootName { throw .rootHasNoAutoresizing }
        if info.kind.isGuide { throw .guideHasNoIntrinsicSize(view) }
        if on && arrangedIn[view] != nil { throw .arrangedViewCannotTranslate(view, stack: arrangedIn[view]!) }
        applyTranslatesAutoresizingMask(view, on)
    }

    func applyTranslatesAutoresizingMask(_ view: String, _ on: Bool) {
        if on {
            guard autoresizing[view] == nil else { return }
            autoresizing[view] = AutoresizingState(mask: [], frame: frame(of: view)!)
            remakeAutoresizing(view)
        } else {
            guard autoresizing[view] != nil else { return }
            autoresizing[view] = nil
            for attribute in ["minX", "width", "minY", "height"] { dropConstraint(Self.autoresizingID(view, attribute)) }
            retryBroken()
        }
    }

    /// The frame a view's autoresizing constraints give it at its superview's current size: its
    /// frame as UIKit keeps it, also while one of them is broken in a conflict (the solved
    /// frame then differs). nil when the view does not translate its mask.
    func autoresizedFrame(of view: String) -> Frame? {
        guard autoresizing[view] != nil, let parent = views[view]?.parent, let superFrame = frame(of: parent) else { return nil }
        func value(_ attribute: String) -> Double? {
            guard let spec = constraints[Self.autoresizingID(view, attribute)]?.spec else { return nil }
            guard let dimension = spec.secondAttribute, spec.secondAttribute == .width || spec.secondAttribute == .height else { return spec.constant }
            return spec.multiplier * (dimension == .width ? superFrame.width : superFrame.height) + spec.constant
        }
        guard let x = value("minX"), let width = value("width"), let y = value("minY"), let height = value("height") else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }

    /// Makes or remakes a view's four autoresizing constraints, as one change of the solver.
    func remakeAutoresizing(_ view: String) {
        guard var state = autoresizing[view], let parent = views[view]?.parent, let superFrame = frame(of: parent) else { return }
        if state.superviewSize == nil {
            state.superviewSize = (superFrame.width, superFrame.height)
            autoresizing[view] = state
        }
        let size = state.superviewSize!
        let specs = [
            ("minX", Self.autoresizingSpec(view, parent, .left, .width, low: state.frame.x, size: state.frame.width, superSize: size.width,
                                           flexible: (state.mask.contains(.flexibleLeftMargin), state.mask.contains(.flexibleWidth), state.mask.contains(.flexibleRightMargin))).position),
            ("width", Self.autoresizingSpec(view, parent, .left, .width, low: state.frame.x, size: state.frame.width, superSize: size.width,
                                            flexible: (state.mask.contains(.flexibleLeftMargin), state.mask.contains(.flexibleWidth), state.mask.contains(.flexibleRightMargin))).size),
            ("minY", Self.autoresizingSpec(view, parent, .top, .height, low: state.frame.y, size: state.frame.height, superSize: size.height,
                                           flexible: (state.mask.contains(.flexibleTopMargin), state.mask.contains(.flexibleHeight), state.mask.contains(.flexibleBottomMargin))).position),
            ("height", Self.autoresizingSpec(view, parent, .top, .height, low: state.frame.y, size: state.frame.height, superSize: size.height,
                                             flexible: (state.mask.contains(.flexibleTopMargin), state.mask.contains(.flexibleHeight), state.mask.contains(.flexibleBottomMargin))).size),
        ]
        var toInstall: [String] = []
        for (attribute, spec) in specs {
            let id = Self.autoresizingID(view, attribute)
            if let record = constraints[id] {
                guard record.spec != spec || record.kind != .autoresizing(state.mask) || record.isBroken else { continue }
                uninstall(id)
                constraints[id]!.spec = spec
                constraints[id]!.kind = .autoresizing(state.mask)
                constraints[id]!.isBroken = false
                brokenRequired.remove(id)
                rebuild(id)
                events.append(.changed(id: id, before: record))
            } else {
                store(ConstraintRecord(id: id, serial: nextSerial(), kind: .autoresizing(state.mask), spec: spec))
            }
            toInstall.append(id)
        }
        for id in toInstall { install(id) }
        retryBroken()
    }

    /// The two constraints of one axis: the position (`minX`) and the size, each
    /// `m × superview.size + k` (just `k` when m is 0).
    static func autoresizingSpec(_ view: String, _ parent: String, _ edge: LayoutAttribute, _ dimension: LayoutAttribute,
                                 low: Double, size: Double, superSize: Double,
                                 flexible: (low: Bool, size: Bool, high: Bool)) -> (position: ConstraintSpec, size: ConstraintSpec) {
        let high = superSize - low - size
        var parts = [(flexible.low, low), (flexible.size, size), (flexible.high || (!flexible.low && !flexible.size), high)]
        let total = parts.filter(\.0).reduce(0) { $0 + $1.1 }
        let count = Double(parts.filter(\.0).count)
        parts = parts.map { ($0.0, $0.0 ? (total != 0 ? $0.1 / total : 1 / count) : 0) }
        let lowShare = parts[0].1, sizeShare = parts[1].1
        let position = lowShare == 0
            ? ConstraintSpec(firstItem: view, firstAttribute: edge, relation: .equal, secondItem: parent, secondAttribute: edge, constant: low)
            : ConstraintSpec(firstItem: view, firstAttribute: edge, relation: .equal, secondItem: parent, secondAttribute: dimension,
                             multiplier: lowShare, constant: low - lowShare * superSize)
        let sizeSpec = sizeShare == 0
            ? ConstraintSpec(firstItem: view, firstAttribute: dimension, relation: .equal, constant: size)
            : ConstraintSpec(firstItem: view, firstAttribute: dimension, relation: .equal, secondItem: parent, secondAttribute: dimension,
                             multiplier: sizeShare, constant: size - sizeShare * superSize)
        return (position, sizeSpec)
    }
}
