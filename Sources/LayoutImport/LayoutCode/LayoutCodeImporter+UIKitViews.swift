import LayoutCode
import LayoutModel
import LayoutVocabulary

/// Stack views and views that keep their autoresizing mask, in the session's syntax:
/// `stack NAME [in SUPER] h|v a b c`, `s.spacing = 8`, `s.distribution = fillEqually`,
/// `s.alignment = center`, and `view NAME frame X,Y,W,H` (a view whose frame UIKit pins with
/// autoresizing constraints). All of that syntax is written here and nowhere else in the
/// importer.
extension LayoutCodeTranslation {
    mutating func emitStack(_ view: CodeView, as name: String, place: String) {
        let stack = view.stack ?? CodeStack()
        // A stack arranged in this one is made first, on its own, so that this stack's line
        // takes it in as it is (a stack line makes plain views of names it has not seen).
        for member in stack.arranged where names[member] == nil {
            guard let inner = code.view(member), inner.kind == .stack else { continue }
            emitStack(inner, as: claim(member), place: "")
        }
        // The arranged views are made by the stack line itself.
        let arranged = stack.arranged.map { claim($0) }
        add("stack \(name)\(place) \(stack.axis == .horizontal ? "h" : "v")" + arranged.map { " " + $0 }.joined(), view.line)
        // The stack line makes its views plain: their intrinsic sizes follow it.
        for (codeName, sessionName) in zip(stack.arranged, arranged) {
            guard let member = code.view(codeName), member.hasIntrinsicSize else { continue }
            add("view \(sessionName) intrinsic \(Self.intrinsicSize(of: member))", member.line)
        }
    }

    /// Arranged subviews are made by their stack's line.
    func isMadeByStack(_ view: CodeView) -> Bool {
        view.isArranged && view.superview.flatMap { code.view($0) }?.kind == .stack
    }

    /// The stacks and hidden views whose settings the session needs, in the order the code
    /// last sets them.
    func stackSettingViews() -> [CodeView] {
        let views = code.views.filter { ($0.kind == .stack && $0.stack != nil) || $0.isHidden }
        return views.enumerated().sorted { ($0.element.settingsLine ?? $0.element.line, $0.offset) < ($1.element.settingsLine ?? $1.element.line, $1.offset) }
            .map(\.element)
    }

    /// A stack's properties that differ from UIKit's defaults, or a view's `isHidden`.
    mutating func emitSettings(of view: CodeView) {
        guard let name = names[view.name] else { return }
        if view.kind == .stack, let stack = view.stack {
            if stack.spacing != 0 { add("\(name).spacing = \(formatNumber(stack.spacing))", view.line) }
            if stack.distribution != "fill" { add("\(name).distribution = \(stack.distribution)", view.line) }
            if stack.alignment != "fill" { add("\(name).alignment = \(stack.alignment)", view.line) }
            if stack.isLayoutMarginsRelativeArrangement { add("\(name).marginsRelative = true", view.line) }
            if stack.isBaselineRelativeArrangement { add("\(name).baselineRelative = true", view.line) }
            for custom in stack.customSpacing {
                guard let after = names[custom.view] else { continue }
                add("\(name).spacingAfter.\(after) = \(formatNumber(custom.spacing))", view.line)
            }
        }
        if view.isHidden { add("\(name).hidden = true", view.line) }
    }

    /// A view made in the code that never sets `translatesAutoresizingMaskIntoConstraints =
    /// false`: UIKit pins its frame (zero unless the code gives one) with required
    /// constraints, which fight the code's own — the classic bug. A side that reads a view's
    /// bounds (`view.bounds.width - 40`) is worked out from that view's size in the session at
    /// this point, as UIKit reads it when the line runs.
    mutating func emitAutoresizingView(_ view: CodeView, as name: String, place: String) {
        let frame = (view.frame ?? Array(repeating: CodeLength(constant: 0), count: 4))
            .map { formatNumber(value(of: $0, line: view.line)) }.joined(separator: ",")
        add("view \(name) frame \(frame)\(place)", view.line)
        if let mask = view.autoresizingMask, !mask.isEmpty { add("\(name).autoresizing = \(mask.joined(separator: " "))", view.line) }
        note("\(name) keeps translatesAutoresizingMaskIntoConstraints = true, so UIKit pins its frame (\(frame)) with constraints; set it to false in the code (\(name).translatesAutoresizingMask = false here)")
    }

    /// A frame side's value now: its views' sizes as the session has them at this point of the
    /// import (a view not made yet is 0 by 0, as a new `UIView()` is).
    mutating func value(of length: CodeLength, line: Int) -> Double {
        var total = length.constant
        for term in length.terms {
            guard let sessionName = names[term.view], let frame = scratch.size(of: sessionName) else {
                note("line \(line): \(term.view) is not made yet here, so its bounds are read as 0")
                continue
            }
            total += term.factor * (term.isWidth ? frame.width : frame.height)
        }
        return total
    }
}
