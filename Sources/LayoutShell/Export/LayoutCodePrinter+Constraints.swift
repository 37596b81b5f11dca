import LayoutModel
import LayoutVocabulary

/// The constraints of an export: one expression each, anchors where UIKit has them.
extension LayoutCodePrinter {
    static let anchorNames: [LayoutAttribute: String] = [
        .leading: "leadingAnchor", .trailing: "trailingAnchor", .left: "leftAnchor", .right: "rightAnchor",
        .top: "topAnchor", .bottom: "bottomAnchor", .width: "widthAnchor", .height: "heightAnchor",
        .centerX: "centerXAnchor", .centerY: "centerYAnchor", .firstBaseline: "firstBaselineAnchor",
        .lastBaseline: "lastBaselineAnchor",
    ]

    func constraintLines() -> [String] {
        let records = model.constraintRecords().filter { $0.kind == .user }
        guard !records.isEmpty else { return [] }
        if language == .snapKit { return snapKitLines(records) }
        var lines = [""]
        var active: [String] = []
        for record in records {
            let expression = self.expression(record.spec)
            let needsVariable = !record.spec.priority.isRequired || record.name != nil || !record.isActive
            guard needsVariable else { active.append(expression); continue }
            let variable = record.id
            lines.append(swift ? "let \(variable) = \(expression)" : "NSLayoutConstraint *\(variable) = \(expression);")
            if !record.spec.priority.isRequired {
                lines.append(swift ? "\(variable).priority = \(priority(record.spec.priority))" : "\(variable).priority = \(priority(record.spec.priority));")
            }
            if let name = record.name {
                lines.append(swift ? "\(variable).identifier = \"\(name)\"" : "\(variable).identifier = @\"\(name)\";")
            }
            if record.isActive {
                active.append(variable)
            } else {
                lines.append("// \(variable) is inactive (LayoutLab: deactivate \(record.id)): made, not activated.")
            }
        }
        guard !active.isEmpty else { return lines }
        lines.append(swift ? "NSLayoutConstraint.activate([" : "[NSLayoutConstraint activateConstraints:@[")
        lines += active.map { "    " + $0 + "," }
        if !swift { lines[lines.count - 1].removeLast() }
        lines.append(swift ? "])" : "]];")
        return lines
    }

    /// `export snapkit`: each constraint in creation order, as a maker
    /// (`a.snp.makeConstraints { make in make.top.equalTo(b.snp.bottom).offset(8) }`) where
    /// SnapKit can say it, else as an anchor made and activated on the spot, so the order —
    /// which decides what breaks in a conflict — stays the session's. Root and the system
    /// guides are never a maker's view, nor a view that keeps its autoresizing mask (SnapKit
    /// would turn its autoresizing constraints off).
    func snapKitLines(_ records: [ConstraintRecord]) -> [String] {
        var lines = [""]
        // Consecutive makers of one view share a block.
        var block: (view: String, makers: [String])?
        func flush() {
            guard let open = block else { return }
            lines.append("\(open.view).snp.makeConstraints { make in")
            lines += open.makers.map { "    " + $0 }
            lines.append("}")
            block = nil
        }
        for record in records {
            let spec = record.spec
            if let maker = snapKitMaker(spec, name: record.name), record.isActive {
                let view = item(spec.firstItem)
                if block?.view != view { flush() }
                block = (view, (block?.makers ?? []) + [maker])
                continue
            }
            flush()
            let variable = record.id
            lines.append("let \(variable) = \(expression(spec))")
            if !spec.priority.isRequired { lines.append("\(variable).priority = \(priority(spec.priority))") }
            if let name = record.name { lines.append("\(variable).identifier = \"\(name)\"") }
            if record.isActive {
                lines.append("\(variable).isActive = true")
            } else {
                lines.append("// \(variable) is inactive (LayoutLab: deactivate \(record.id)): made, not activated.")
            }
        }
        flush()
        return lines
    }

    /// `make.ATTR.RELATION(target)…` for a constraint SnapKit says exactly; nil when it cannot
    /// (root, a system guide, a frame view or a cell's content view first, a system spacing,
    /// the old `baseline`, a location to a constant).
    func snapKitMaker(_ spec: ConstraintSpec, name: String?) -> String? {
        // A maker turns its view's autoresizing constraints off: not for a view that keeps them
        // (a cell's content view keeps its own: the cell pins it).
        guard spec.firstItem != LayoutModel.rootName, LayoutModel.systemGuide(spec.firstItem) == nil, spec.systemSpacing == 0,
              model.autoresizing[spec.firstItem] == nil, !isContentView(spec.firstItem),
              spec.firstAttribute != .baseline, spec.secondAttribute != .baseline else { return nil }
        let relation = spec.relation == .equal ? "equalTo" : spec.relation == .greaterThanOrEqual ? "greaterThanOrEqualTo" : "lessThanOrEqualTo"
        var text = "make.\(spec.firstAttribute.rawValue)."
        if let secondItem = spec.secondItem, let secondAttribute = spec.secondAttribute {
            text += "\(relation)(\(item(secondItem)).snp.\(secondAttribute.rawValue))"
            if spec.multiplier != 1 { text += ".multipliedBy(\(formatNumber(spec.multiplier)))" }
            if spec.constant != 0 { text += ".offset(\(formatNumber(spec.constant)))" }
        } else {
            guard spec.firstAttribute.isSize else { return nil }
            text += "\(relation)(\(formatNumber(spec.constant)))"
        }
        if !spec.priority.isRequired { text += ".priority(\(formatNumber(spec.priority.rawValue)))" }
        if let name { text += ".labeled(\"\(name)\")" }
        return text
    }

    /// One constraint: an anchor expression, or `NSLayoutConstraint(item:…)` when anchors
    /// cannot say it exactly.
    func expression(_ spec: ConstraintSpec) -> String {
        guard let firstAnchor = Self.anchorNames[spec.firstAttribute] else { return itemExpression(spec) }
        let first = item(spec.firstItem) + "." + firstAnchor
        let relation = spec.relation == .equal ? "equalTo" : spec.relation == .greaterThanOrEqual ? "greaterThanOrEqualTo" : "lessThanOrEqualTo"
        guard let secondItem = spec.secondItem, let secondAttribute = spec.secondAttribute else {
            return swift ? "\(first).constraint(\(relation)Constant: \(formatNumber(spec.constant)))"
                         : "[\(first) constraint\(relation.capitalizedFirst)Constant:\(formatNumber(spec.constant))]"
        }
        guard let secondAnchor = Self.anchorNames[secondAttribute] else { return itemExpression(spec) }
        let second = item(secondItem) + "." + secondAnchor
        if spec.systemSpacing != 0 {
            // `constraint(equalToSystemSpacingAfter:multiplier:)` says `first == second + k × system`
            // exactly, for x anchors (after) and y anchors (below), with no constant of its own.
            let isX = spec.firstAttribute.axis == .horizontal && !spec.firstAttribute.isSize
            let isY = spec.firstAttribute.axis == .vertical && !spec.firstAttribute.isSize
            if spec.constant == 0, spec.multiplier == 1, spec.systemSpacing > 0, isX || isY {
                let word = isX ? "After" : "Below"
                return swift ? "\(first).constraint(\(relation)SystemSpacing\(word): \(second), multiplier: \(formatNumber(spec.systemSpacing)))"
                             : "[\(first) constraint\(relation.capitalizedFirst)SystemSpacing\(word)Anchor:\(second) multiplier:\(formatNumber(spec.systemSpacing))]"
            }
            return itemExpression(spec)
        }
        if spec.multiplier != 1 {
            guard spec.firstAttribute.isSize, secondAttribute.isSize else { return itemExpression(spec) }
            return swift ? "\(first).constraint(\(relation): \(second), multiplier: \(formatNumber(spec.multiplier)), constant: \(formatNumber(spec.constant)))"
                         : "[\(first) constraint\(relation.capitalizedFirst)Anchor:\(second) multiplier:\(formatNumber(spec.multiplier)) constant:\(formatNumber(spec.constant))]"
        }
        if spec.constant == 0 {
            return swift ? "\(first).constraint(\(relation): \(second))" : "[\(first) constraint\(relation.capitalizedFirst)Anchor:\(second)]"
        }
        return swift ? "\(first).constraint(\(relation): \(second), constant: \(formatNumber(spec.constant)))"
                     : "[\(first) constraint\(relation.capitalizedFirst)Anchor:\(second) constant:\(formatNumber(spec.constant))]"
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`;
    /// a system spacing goes in as its points (8 each).
    func itemExpression(_ spec: ConstraintSpec) -> String {
        let relation = spec.relation == .equal ? "equal" : spec.relation == .greaterThanOrEqual ? "greaterThanOrEqual" : "lessThanOrEqual"
        let constant = formatNumber(spec.secondItem == nil ? spec.constant : spec.resolvedConstant)
        let secondItem = spec.secondItem.map(item) ?? "nil"
        if swift {
            let secondAttribute = spec.secondAttribute.map { "." + $0.rawValue } ?? ".notAnAttribute"
            return "NSLayoutConstraint(item: \(item(spec.firstItem)), attribute: .\(spec.firstAttribute.rawValue), relatedBy: .\(relation), "
                + "toItem: \(secondItem), attribute: \(secondAttribute), multiplier: \(formatNumber(spec.multiplier)), constant: \(constant))"
        }
        let secondAttribute = "NSLayoutAttribute" + (spec.secondAttribute?.rawValue.capitalizedFirst ?? "NotAnAttribute")
        return "[NSLayoutConstraint constraintWithItem:\(item(spec.firstItem)) attribute:NSLayoutAttribute\(spec.firstAttribute.rawValue.capitalizedFirst) "
            + "relatedBy:NSLayoutRelation\(relation.capitalizedFirst) toItem:\(secondItem) attribute:\(secondAttribute) "
            + "multiplier:\(formatNumber(spec.multiplier)) constant:\(constant)]"
    }

    static let swiftIntrinsicClass = """
        /// A view with a fixed intrinsic content size, standing in for a label or an image view
        /// (LayoutLab's `view NAME intrinsic WxH`; `UIView.noIntrinsicMetric` for no size).
        final class IntrinsicSizeView: UIView {
            private let size: CGSize

            init(width: CGFloat, height: CGFloat) {
                size = CGSize(width: width, height: height)
                super.init(frame: .zero)
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

            override var intrinsicContentSize: CGSize { size }
        }


        """

    static let objcIntrinsicClass = """
        /// A view with a fixed intrinsic content size, standing in for a label or an image view
        /// (LayoutLab's `view NAME intrinsic WxH`; UIViewNoIntrinsicMetric for no size).
        @interface IntrinsicSizeView : UIView
        - (instancetype)initWithIntrinsicSize:(CGSize)size;
        @end

        @implementation IntrinsicSizeView {
            CGSize _size;
        }

        - (instancetype)initWithIntrinsicSize:(CGSize)size {
            if ((self = [super initWithFrame:CGRectZero])) {
                _size = size;
            }
            return self;
        }

        - (CGSize)intrinsicContentSize {
            return _size;
        }

        @end


        """
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
