import LayoutVocabulary

/// Turns parsed pieces into constraints the way `-[NSLayoutConstraintParser finishConstraint]`
/// does: which view is the first item, which attributes meet, what `-` resolves to, and the
/// alignment constraints that wait until the end of the line.
struct Emitter {
    let options: VisualFormatOptions
    let spacing: VisualFormatParser.StandardSpacing
    let views: (String) -> VisualFormatParser.ViewInfo?
    var isHorizontal = true
    private(set) var constraints: [ConstraintSpec] = []
    private var alignment: [ConstraintSpec] = []

    init(options: VisualFormatOptions, spacing: VisualFormatParser.StandardSpacing,
         views: @escaping (String) -> VisualFormatParser.ViewInfo?) {
        self.options = options
        self.spacing = spacing
        self.views = views
    }

    /// A view's own predicate: its width (H) or height (V), against a constant or against the same
    /// attribute of another view.
    func sizeConstraint(of view: String, _ predicate: Predicate) -> ConstraintSpec {
        let attribute: LayoutAttribute = isHorizontal ? .width : .height
        return ConstraintSpec(
            firstItem: view, firstAttribute: attribute, relation: predicate.relation,
            secondItem: predicate.view, secondAttribute: predicate.view == nil ? nil : attribute,
            constant: predicate.constant, priority: LayoutPriority(predicate.priority))
    }

    /// Size constraints are held back until the connection into their view is emitted.
    mutating func flush(_ sizes: [ConstraintSpec]) { constraints += sizes }

    /// Apple collects alignment constraints on the side and appends them after everything else.
    mutating func appendAlignment() { constraints += alignment }

    /// Emits the constraints of one connection between `left` and `right` (nil = the `|`), and
    /// records the alignment constraints for the pair. `index` is where Apple's caret stands
    /// when it finishes the connection: just after the right view, or after the closing `|`.
    mutating func finishConnection(_ predicates: [Predicate], left: String?, right: String?,
                                   at index: Int) throws(VisualFormatError) {
        if isHorizontal && options.spacesBaselines {
            throw VisualFormatError(.baselineSpacingInHorizontalLayout, at: index)
        }
        // Apple makes the LATER view the first item (`b.leading == a.trailing + 8`), except
        // right-to-left, where the earlier view is the first item and edges swap sides.
        let (first, second) = isHorizontal && options.isRightToLeft ? (left, right) : (right, left)
        let container = first == nil || second == nil ? try superview(of: left ?? right, at: index) : ""
        for (offset, predicate) in predicates.enumerated() {
            let margins = predicate.isStandardSpace && spacing.superviewEdgeUsesLayoutMargins
            var spec = ConstraintSpec(
                firstItem: first ?? container, firstAttribute: leadingSideAttribute(isView: first != nil, margins: margins),
                relation: predicate.relation,
                secondItem: second ?? container,
                secondAttribute: trailingSideAttribute(isView: second != nil, margins: margins),
                constant: predicate.constant, priority: LayoutPriority(predicate.priority))
            if predicate.isStandardSpace {
                // With margins (iOS), Apple's legacy-SDK path moves the superview side to the
                // margin attribute and drops the space to 0; between siblings it stays 8.
                let touchesSuperview = first == nil || second == nil
                spec.constant = touchesSuperview
                    ? (margins ? 0 : spacing.toSuperviewEdge) : spacing.betweenSiblings
            }
            constraints.append(spec)
            if offset == 0, let first, let second {
                try addAlignment(first: first, second: second, at: index)
            }
        }
    }

    /// The superview that `|` stands for: that of the view next to it (`findContainerView`).
    /// Looked up only when the connection touches `|`; a line without `|` needs no superview.
    private func superview(of view: String?, at index: Int) throws(VisualFormatError) -> String {
        guard let view, let superview = views(view)?.superview else {
            throw VisualFormatError(.noSuperview, at: index)
        }
        return superview
    }

    /// The attribute of the connection's first item: the edge facing the previous item.
    /// For the superview (`...-|`) it is the far edge, or its margin when `margins`.
    private func leadingSideAttribute(isView: Bool, margins: Bool) -> LayoutAttribute {
        let absolute = options.usesAbsoluteDirection
        switch (isHorizontal, isView) {
        case (true, true): return absolute ? .left : .leading
        case (true, false):
            return absolute ? (margins ? .rightMargin : .right) : (margins ? .trailingMargin : .trailing)
        case (false, true): return options.spacesBaselines ? .firstBaseline : .top
        case (false, false): return margins ? .bottomMargin : .bottom
        }
    }

    /// The attribute of the connection's second item: the edge facing the next item.
    /// For the superview (`|-...`) it is the near edge, or its margin when `margins`.
    private func trailingSideAttribute(isView: Bool, margins: Bool) -> LayoutAttribute {
        let absolute = options.usesAbsoluteDirection
        switch (isHorizontal, isView) {
        case (true, true): return absolute ? .right : .trailing
        case (true, false):
            return absolute ? (margins ? .leftMargin : .left) : (margins ? .leadingMargin : .leading)
        case (false, true): return options.spacesBaselines ? .lastBaseline : .bottom
        case (false, false): return margins ? .topMargin : .top
        }
    }

    /// `second.X == first.X` for each alignment bit, in attribute-number order. The pair is
    /// written second-item first, i.e. earlier view first (`find.top == findNext.top`), and a
    /// bit on the line's own axis is refused.
    private mutating func addAlignment(first: String, second: String, at index: Int) throws(VisualFormatError) {
        for attribute in options.alignmentAttributes {
            let horizontalAttribute = attribute.axis == .horizontal
            if horizontalAttribute == isHorizontal {
                throw VisualFormatError(isHorizontal ? .alignmentOnHorizontalEdgeInHorizontalLayout
                                                     : .alignmentOnVerticalEdgeInVerticalLayout, at: index)
            }
            alignment.append(ConstraintSpec(firstItem: second, firstAttribute: attribute, relation: .equal,
                                            secondItem: first, secondAttribute: attribute))
        }
    }
}
