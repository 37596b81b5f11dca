public import LayoutVocabulary
/// A UIStackView as the model keeps it: its arranged subviews and the properties its
/// constraints follow. The constraints themselves come from `StackLayout.plan`.
public struct StackView: Sendable, Hashable {
    /// How the arranged views share the length along the axis (`UIStackView.Distribution`).
    public enum Distribution: String, Sendable, Hashable, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How the arranged views line up across the axis (`UIStackView.Alignment`). UIKit's
    /// `top` is `leading` and `bottom` is `trailing` (the same raw values).
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case fill, leading, center, trailing, firstBaseline, lastBaseline

        /// The word for a stack of this axis: `top`/`bottom` in a horizontal stack.
        public func word(for axis: LayoutAttribute.Axis) -> String {
            switch (self, axis) {
            case (.leading, .horizontal): "top"
            case (.trailing, .horizontal): "bottom"
            default: rawValue
            }
        }
    }

    public let name: String
    public internal(set) var axis: LayoutAttribute.Axis
    public internal(set) var arranged: [String]
    public internal(set) var spacing: Double = 0
    /// `setCustomSpacing(_:after:)`: the gap after an arranged view.
    public internal(set) var customSpacing: [String: Double] = [:]
    public internal(set) var distribution: Distribution = .fill
    public internal(set) var alignment: Alignment = .fill
    /// `isLayoutMarginsRelativeArrangement`: the canvas is the stack's margins guide.
    public internal(set) var isLayoutMarginsRelative = false
    /// `isBaselineRelativeArrangement`: in a vertical stack, gaps run from baseline to baseline.
    public internal(set) var isBaselineRelative = false
}

/// The constraints UIKit's `_UIOrderedLayoutArrangement` (distribution, along the axis) and
/// `_UIAlignedLayoutArrangement` (alignment, across it) make for a stack: a pure function of
/// the stack's properties, its arranged views, which of them are hidden and their intrinsic
/// lengths along the axis. Shapes, priorities and identifiers as
/// /work/shared/reference/uikit-generated-constraints.md §1 gives them (kean.blog, kean/Arranged,
/// decompiled UIKitCore); where sources disagree the most recent iOS wins (README, Decisions).
public enum StackLayout {
    /// A spacer guide the plan needs, owned by the stack.
    public struct Guide: Hashable, Sendable {
        public let name: String
        /// UIKit's identifier of the guide (`UISV-alignment-spanner`, `UISV-distributing`).
        public let identifier: String
    }

    public struct Plan: Sendable {
        public var guides: [Guide] = []
        public var constraints: [(identifier: String, spec: ConstraintSpec)] = []
    }

    /// Priorities UIKit uses (the decompiled float bit patterns, reference §1).
    public static let hidingPriority = LayoutPriority(999.999)
    public static let spanningBoundaryPriority = LayoutPriority(999.5)
    public static let spacingHiddenPriority = LayoutPriority(50)
    public static let spanningFitPriority = LayoutPriority(51)
    public static let canvasFitPriority = LayoutPriority(49)
    public static let ambiguitySuppressionPriority = LayoutPriority(25)
    /// The spanning fit of a spanner with no visible item to span (kean/Arranged's 0.001).
    public static let emptySpanningFitPriority = LayoutPriority(0.001)

    /// The identifiers of UIKit's constraints that exist to give way: they pull a size to 0
    /// below everything else, so in a working stack they are broken by design.
    public static let fittingIdentifiers: Set<String> = ["UISV-spanning-fit", "UISV-canvas-fit", "UISV-ambiguity-suppression"]

    public static func alignmentSpannerName(_ stack: String) -> String { "\(stack).alignmentSpanner" }
    public static func orderingSpannerName(_ stack: String) -> String { "\(stack).orderingSpanner" }
    public static func gapName(_ stack: String, _ index: Int) -> String { "\(stack).gap\(index)" }

    /// The stack's constraints, in the order UIKit makes them: distribution first, then alignment.
    /// `hidden` holds the hidden arranged views; `intrinsicLength` an arranged view's intrinsic
    /// length along the axis (nil: none); `marginsGuide` the name of the stack's margins guide.
    public static func plan(_ stack: StackView, hidden: Set<String>, intrinsicLength: (String) -> Double?,
                            marginsGuide: String) -> Plan {
        var plan = Plan()
        let canvas = stack.isLayoutMarginsRelative ? marginsGuide : stack.name
        distribute(stack, hidden: hidden, intrinsicLength: intrinsicLength, canvas: canvas, into: &plan)
        align(stack, hidden: hidden, canvas: canvas, into: &plan)
        return plan
    }

    private static func spec(_ first: String, _ a1: LayoutAttribute, _ relation: LayoutRelation = .equal,
                             _ second: String? = nil, _ a2: LayoutAttribute? = nil, multiplier: Double = 1,
                             constant: Double = 0, priority: LayoutPriority = .required) -> ConstraintSpec {
        ConstraintSpec(firstItem: first, firstAttribute: a1, relation: relation, secondItem: second,
                       secondAttribute: second == nil ? nil : (a2 ?? a1), multiplier: multiplier, constant: constant, priority: priority)
    }

    // MARK: - Distribution (along the axis)

    private static func distribute(_ stack: StackView, hidden: Set<String>, intrinsicLength: (String) -> Double?,
                                   canvas: String, into plan: inout Plan) {
        let horizontal = stack.axis == .horizontal
        let leading: LayoutAttribute = horizontal ? .leading : .top
        let trailing: LayoutAttribute = horizontal ? .trailing : .bottom
        let length: LayoutAttribute = horizontal ? .width : .height
        let center: LayoutAttribute = horizontal ? .centerX : .centerY
        let items = stack.arranged
        let visible = items.filter { !hidden.contains($0) }
        func add(_ identifier: String, _ spec: ConstraintSpec) { plan.constraints.append((identifier, spec)) }

        // Canvas connections: the first and last visible views, or, with none, the ordering spanner.
        let spanner = orderingSpannerName(stack.name)
        if let first = visible.first, let last = visible.last {
            add("UISV-canvas-connection", spec(canvas, leading, .equal, first, leading))
            add("UISV-canvas-connection", spec(last, trailing, .equal, canvas, trailing))
        } else {
            plan.guides.append(Guide(name: spanner, identifier: "UISV-ordering-spanner"))
            add("UISV-canvas-connection", spec(canvas, leading, .equal, spanner, leading))
            add("UISV-canvas-connection", spec(spanner, trailing, .equal, canvas, trailing))
            add("UISV-spanning-fit", spec(spanner, length, constant: 0, priority: emptySpanningFitPriority))
        }

        // Spacing: visible neighbours directly (hidden views skipped); each hidden view tied at
        // 50 to its neighbours by half the gap (0 at the outer end of the visible run).
        let weakSpacing = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        let relation: LayoutRelation = weakSpacing ? .greaterThanOrEqual : .equal
        let baselines = stack.isBaselineRelative && !horizontal
        func gap(_ from: String, _ to: String) {
            let fromHidden = hidden.contains(from), toHidden = hidden.contains(to)
            var constant = stack.customSpacing[from] ?? stack.spacing
            if to == visible.first || from == visible.last { constant = 0 }
            else if fromHidden || toHidden { constant /= 2 }
            let toAttribute: LayoutAttribute = baselines && !toHidden ? .firstBaseline : leading
            let fromAttribute: LayoutAttribute = baselines && !fromHidden ? .lastBaseline : trailing
            if fromHidden || toHidden {
                add("UISV-spacing-hidden", spec(to, toAttribute, relation, from, fromAttribute, constant: constant, priority: spacingHiddenPriority))
            } else {
                add("UISV-spacing", spec(to, toAttribute, relation, from, fromAttribute, constant: constant))
            }
        }
        if visible.isEmpty {
            for item in items {
                add("UISV-spacing-hidden", spec(item, leading, .equal, spanner, trailing, priority: spacingHiddenPriority))
            }
        } else if items.count > 1 {
            var index = 0
            while index < items.count {
                let item = items[index]
                if !hidden.contains(item) {
                    var next = index + 1
                    while next < items.count {
                        gap(item, items[next])
                        if !hidden.contains(items[next]) { break }
                        next += 1
                    }
                    index = next
                } else {
                    if let after = items[(index + 1)...].first(where: { !hidden.contains($0) }) { gap(item, after) }
                    index += 1
                }
            }
        }

        switch stack.distribution {
        case .fill:
            break
        case .fillEqually:
            matchLengths(visible, length, priorityAt: { _ in .required }, into: &plan)
        case .fillProportionally:
            let lengths = visible.map { intrinsicLength($0).flatMap { $0 > 0 ? $0 : nil } }
            if lengths.allSatisfy({ $0 == nil }) {
                // No intrinsic length to share out by: the views are made equal.
                matchLengths(visible, length, priorityAt: { _ in .required }, into: &plan)
                break
            }
            let total = lengths.reduce(stack.spacing * Double(visible.count - 1)) { $0 + ($1 ?? 0) }
            for (index, item) in visible.enumerated() {
                guard let own = lengths[index], total > 0, own / total > 0 else {
                    add("UISV-fill-proportionally", spec(item, length, constant: 0))
                    continue
                }
                let multiplier = own / total
                let priority = multiplier == 1 ? LayoutPriority.required : LayoutPriority(Double(max(999 - index, 751)))
                add("UISV-fill-proportionally", spec(item, length, .equal, canvas, length, multiplier: multiplier, priority: priority))
            }
        case .equalSpacing, .equalCentering:
            var gaps: [String] = []
            for index in visible.indices.dropLast() {
                let previous = visible[index], next = visible[index + 1]
                let name = gapName(stack.name, index + 1)
                plan.guides.append(Guide(name: name, identifier: "UISV-distributing"))
                gaps.append(name)
                if stack.distribution == .equalCentering {
                    add("UISV-distributing-edge", spec(name, leading, .equal, previous, center))
                    add("UISV-distributing-edge", spec(name, trailing, .equal, next, center))
                } else {
                    add("UISV-distributing-edge", spec(name, leading, .equal, previous, baselines ? .lastBaseline : trailing))
                    add("UISV-distributing-edge", spec(name, trailing, .equal, next, baselines ? .firstBaseline : leading))
                }
            }
            let centering = stack.distribution == .equalCentering
            matchLengths(gaps, length, priorityAt: { index in
                centering ? LayoutPriority(Double(max(150 - index, 50))) : .required
            }, into: &plan)
        }

        for item in items where hidden.contains(item) {
            add("UISV-hiding", spec(item, length, constant: 0, priority: hidingPriority))
        }
        if weakSpacing && !items.isEmpty {
            add("UISV-canvas-fit", spec(stack.name, length, constant: 0, priority: canvasFitPriority))
        }
    }

    /// `itemN.length == item0.length` for N > 0 (`UISV-fill-equally`).
    private static func matchLengths(_ items: [String], _ length: LayoutAttribute,
                                     priorityAt: (Int) -> LayoutPriority, into plan: inout Plan) {
        guard let first = items.first else { return }
        for (index, item) in items.enumerated().dropFirst() {
            plan.constraints.append(("UISV-fill-equally", spec(item, length, .equal, first, length, priority: priorityAt(index))))
        }
    }

    // MARK: - Alignment (across the axis)

    private static func align(_ stack: StackView, hidden: Set<String>, canvas: String, into plan: inout Plan) {
        let horizontal = stack.axis == .horizontal
        let top: LayoutAttribute = horizontal ? .top : .leading
        let bottom: LayoutAttribute = horizontal ? .bottom : .trailing
        let size: LayoutAttribute = horizontal ? .height : .width
        let center: LayoutAttribute = horizontal ? .centerY : .centerX
        let items = stack.arranged
        let visible = items.filter { !hidden.contains($0) }
        let alignment = stack.alignment
        func add(_ identifier: String, _ spec: ConstraintSpec) { plan.constraints.append((identifier, spec)) }

        // "Weak": an inequality (the spanner and the canvas) where the views may fall short.
        let topWeak = [.trailing, .center, .firstBaseline, .lastBaseline].contains(alignment)
        let bottomWeak = [.leading, .center, .firstBaseline, .lastBaseline].contains(alignment)
        let anyWeak = topWeak || bottomWeak
        let usesSpanner = visible.isEmpty || (items.count > 1 && anyWeak)
        let spanner = alignmentSpannerName(stack.name)

        if usesSpanner {
            plan.guides.append(Guide(name: spanner, identifier: "UISV-alignment-spanner"))
            add("UISV-spanning-fit", spec(spanner, size, constant: 0,
                                          priority: visible.isEmpty ? emptySpanningFitPriority : spanningFitPriority))
            for item in visible {
                add("UISV-spanning-boundary", topWeak ? spec(spanner, top, .lessThanOrEqual, item, top)
                    : spec(spanner, top, .equal, item, top, priority: spanningBoundaryPriority))
                add("UISV-spanning-boundary", bottomWeak ? spec(spanner, bottom, .greaterThanOrEqual, item, bottom)
                    : spec(spanner, bottom, .equal, item, bottom, priority: spanningBoundaryPriority))
            }
        }
        var canvasWeak = false
        if !items.isEmpty || usesSpanner {
            let first = visible.isEmpty ? spanner : items[0]
            // Which item each canvas edge holds, and whether loosely (reference §1.4).
            var topItem = first, bottomItem = usesSpanner ? spanner : first
            if usesSpanner && alignment == .center { topItem = spanner }
            if usesSpanner && (alignment == .trailing || alignment == .lastBaseline) { swap(&topItem, &bottomItem) }
            let topCanvasWeak = usesSpanner ? (alignment == .firstBaseline && horizontal && !visible.isEmpty) : topWeak
            let bottomCanvasWeak = usesSpanner ? (alignment == .lastBaseline && horizontal && !visible.isEmpty) : bottomWeak
            canvasWeak = topCanvasWeak || bottomCanvasWeak
            add("UISV-canvas-connection", spec(canvas, top, topCanvasWeak ? .lessThanOrEqual : .equal, topItem, top))
            add("UISV-canvas-connection", bottomCanvasWeak ? spec(canvas, bottom, .greaterThanOrEqual, bottomItem, bottom)
                : spec(bottomItem, bottom, .equal, canvas, bottom))
            if alignment == .center { add("UISV-canvas-connection", spec(canvas, center, .equal, first, center)) }
        }

        let attributes: [LayoutAttribute]
        switch alignment {
        case .fill: attributes = [top, bottom]
        case .leading: attributes = [top]
        case .trailing: attributes = [bottom]
        case .center: attributes = [center]
        case .firstBaseline: attributes = horizontal ? [.firstBaseline] : []
        case .lastBaseline: attributes = horizontal ? [.lastBaseline] : []
        }
        if let first = items.first {
            for attribute in attributes {
                for item in items.dropFirst() { add("UISV-alignment", spec(first, attribute, .equal, item, attribute)) }
            }
        }
        if anyWeak {
            for item in items {
                add("UISV-ambiguity-suppression", spec(item, size, constant: 0, priority: ambiguitySuppressionPriority))
            }
        }
        if canvasWeak && !items.isEmpty {
            add("UISV-canvas-fit", spec(stack.name, size, constant: 0, priority: canvasFitPriority))
        }
    }
}

extension ConstraintSpec {
    /// The items a spec names.
    var items: [String] { [firstItem] + (secondItem.map { [$0] } ?? []) }
}
