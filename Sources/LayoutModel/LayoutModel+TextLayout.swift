public import LayoutVocabulary
internal import Cassowary

/// Text whose height depends on its width: a `UILabel` with `numberOfLines` 0 (or N), a
/// `UITextView` that does not scroll. No fonts: the text is `lineWidth` points wide on one
/// line and each line is `lineHeight` high; lines are counted by points, so at width w it takes
/// ceil(lineWidth / w) lines (at most `maxLines` when that is not 0).
public struct WrappingText: Sendable, Hashable {
    public var lineWidth: Double
    public var lineHeight: Double
    /// `numberOfLines`: 0 is unlimited.
    public var maxLines: Int
    /// `preferredMaxLayoutWidth`: when set, the width the lines are counted at, whatever width
    /// the view gets.
    public var preferredMaxLayoutWidth: Double?

    public init(lineWidth: Double, lineHeight: Double, maxLines: Int = 0, preferredMaxLayoutWidth: Double? = nil) {
        self.lineWidth = lineWidth
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.preferredMaxLayoutWidth = preferredMaxLayoutWidth
    }

    /// The lines at `width`. Empty text has none; a width of 0 or less wraps nothing (UIKit's
    /// first pass, before a label has a width, lays the text out on one line).
    public func lines(atWidth width: Double) -> Int {
        guard lineWidth > 0 else { return 0 }
        guard width > 0 else { return 1 }
        // A width a rounding error short of an exact fit must not add a line.
        let exact = (lineWidth / width - Tolerance.relative).rounded(.up)
        let lines = exact >= Double(Int.max / 2) ? Int.max / 2 : max(1, Int(exact))
        return maxLines > 0 ? min(lines, maxLines) : lines
    }

    /// The width the lines are counted at when the view is `width` wide.
    public func layoutWidth(forViewWidth width: Double) -> Double { preferredMaxLayoutWidth ?? width }

    /// `intrinsicContentSize` when the view is `width` wide: as wide as the text or the width
    /// used, whichever is less, and as high as its lines.
    public func intrinsicSize(forViewWidth width: Double) -> (width: Double, height: Double) {
        let used = layoutWidth(forViewWidth: width)
        return (min(lineWidth, max(0, used)), Double(lines(atWidth: used)) * lineHeight)
    }
}

/// How the last text layout ended: UIKit's two passes (width first, then the height for that
/// width) repeated until no text view's intrinsic size changes.
public struct TextLayoutOutcome: Sendable, Hashable {
    /// A text view whose width kept changing: the last widths it took.
    public struct Cycle: Sendable, Hashable {
        public var view: String
        public var widths: [Double]
    }
    /// Solves after the first (0 when nothing had to change).
    public var passes = 0
    /// False when the sizes still changed after the last pass allowed (no fixed point).
    public var converged = true
    public var cycle: [Cycle] = []
    /// Views whose frame-dependent margins (safe area, preserved superview margins) still
    /// changed after the last pass allowed.
    public var marginCycle: [String] = []
    /// The views whose margins the passes moved, with their margins before, in the order the
    /// passes first moved them (superviews first).
    public var marginsBefore: [(view: String, margins: EdgeInsets)] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.passes == b.passes && a.converged == b.converged && a.cycle == b.cycle && a.marginCycle == b.marginCycle
            && a.marginsBefore.map(\.view) == b.marginsBefore.map(\.view) && a.marginsBefore.map(\.margins) == b.marginsBefore.map(\.margins)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(passes)
        hasher.combine(converged)
        hasher.combine(cycle)
        hasher.combine(marginCycle)
        for entry in marginsBefore { hasher.combine(entry.view); hasher.combine(entry.margins) }
    }
}

/// Why a text view has its intrinsic height, for `explain`.
public struct TextExplanation: Sendable, Hashable {
    public var text: WrappingText
    /// The view's width now, and the width the lines are counted at (`preferredMaxLayoutWidth`
    /// when set).
    public var viewWidth: Double
    public var layoutWidth: Double
    public var lines: Int
    /// Before the `numberOfLines` cap.
    public var uncappedLines: Int
    public var intrinsicWidth: Double
    public var intrinsicHeight: Double
    public var outcome: TextLayoutOutcome
}

extension LayoutModel {
    /// The most solves `layoutText` makes: UIKit settles in two; more means the widths depend on
    /// the heights in a way that may never settle.
    public static let maxTextPasses = 8

    /// Views with wrapping text, in creation order.
    public var textViews: [String] { textViewNames.isEmpty ? [] : viewOrder.filter { textViewNames.contains($0) } }

    /// `view NAME text WxH [lines N]`: gives a view wrapping text (on an existing view, changes
    /// it), then lays the text out.
    public func setText(_ name: String, _ text: WrappingText) throws(LayoutError) {
        guard let info = views[name], name != Self.rootName else { throw .noIntrinsicSizeToChange(name) }
        if info.kind.isGuide { throw .guideHasNoIntrinsicSize(name) }
        for value in [text.lineWidth, text.lineHeight] + (text.preferredMaxLayoutWidth.map { [$0] } ?? []) {
            try Self.checkMagnitude(value, .intrinsicSize)
            if value < 0 { throw .negativeIntrinsicSize }
        }
        guard text.maxLines >= 0 else { throw .negativeIntrinsicSize }
        let eventMark = events.count
        views[name]!.text = text
        textViewNames.insert(name)
        // The first pass knows no width yet: the text on one line (or at its preferred width).
        let first = text.intrinsicSize(forViewWidth: text.preferredMaxLayoutWidth ?? text.lineWidth)
        try setIntrinsicSize(name, width: first.width, height: first.height)
        layoutText(eventsSince: eventMark)
    }

    /// `VIEW.preferredMaxLayoutWidth = P` (nil: unset, the width the view gets).
    public func setPreferredMaxLayoutWidth(_ name: String, _ width: Double?) throws(LayoutError) {
        guard var text = views[name]?.text else { throw .noText(name) }
        text.preferredMaxLayoutWidth = width
        try setText(name, text)
    }

    /// UIKit's two-pass layout of wrapping text, repeated to a fixed point: give every text view
    /// its one-line size and solve (the widths), give it the size of its text at the width it
    /// got and solve again (the heights), and so on until no intrinsic size changes, or
    /// `maxTextPasses` solves. Call after any change; it costs one walk of the views when no
    /// view has text. `systemLayoutSizeFitting`-style callers can use it as is.
    ///
    /// The same passes settle the margins that depend on frames (a view's safe area, the
    /// superview margins it preserves, `LayoutModel+InheritedMargins.swift`): each pass brings
    /// them up to date with the solution too, and the layout is done when neither the text nor
    /// the margins change. Unlike text, margins start from the last layout's, not from zero:
    /// they settle in one pass when nothing moves, and an edit costs no extra solve.
    /// - Complexity: at most `maxTextPasses` + 1 re-solves of the text views' size constraints
    ///   and of the constraints that read the changed margins.
    @discardableResult
    public func layoutText() -> TextLayoutOutcome { layoutText(eventsSince: events.count) }

    @discardableResult
    func layoutText(eventsSince eventMark: Int) -> TextLayoutOutcome {
        let names = textViews
        let marginViews = frameDependentMarginViews
        guard !names.isEmpty || !marginViews.isEmpty else { lastTextLayout = TextLayoutOutcome(); return lastTextLayout }
        // Every layout starts as UIKit's first pass does, from the text on one line (or at its
        // preferred width), so the result is the same whatever came before (rotating back and
        // forth, undo, a replay) rather than whichever fixed point the last layout sat in.
        for name in names {
            guard let info = views[name], let text = info.text else { continue }
            let first = text.intrinsicSize(forViewWidth: text.preferredMaxLayoutWidth ?? text.lineWidth)
            if first.width != info.intrinsicWidth || first.height != info.intrinsicHeight {
                try? setIntrinsicSize(name, width: first.width, height: first.height)
            }
        }
        var widths: [String: [Double]] = [:]
        var outcome = TextLayoutOutcome(passes: 0, converged: false, cycle: [])
        var rewrittenTies = Set<String>()
        for pass in 0...Self.maxTextPasses {
            var changed = false
            if !marginViews.isEmpty {
                let margins = layOutFrameDependentMargins(marginViews, apply: pass < Self.maxTextPasses, marginsBefore: &outcome.marginsBefore)
                rewrittenTies.formUnion(margins.guideTies)
                if !margins.views.isEmpty { changed = true }
                if pass == Self.maxTextPasses { outcome.marginCycle = margins.views }
            }
            for name in names {
                guard let info = views[name], let text = info.text else { continue }
                let width = solver.value(of: info.width)
                widths[name, default: []].append(width)
                let size = text.intrinsicSize(forViewWidth: width)
                guard size.width != info.intrinsicWidth || size.height != info.intrinsicHeight else { continue }
                if pass == Self.maxTextPasses { changed = true; continue }
                try? setIntrinsicSize(name, width: size.width, height: size.height)
                changed = true
            }
            outcome.passes = pass
            if !changed { outcome.converged = true; break }
        }
        if !outcome.converged && !names.isEmpty {
            outcome.cycle = names.compactMap { name in
                guard let seen = widths[name], Set(seen.suffix(4)).count > 1 else { return nil }
                return TextLayoutOutcome.Cycle(view: name, widths: Array(seen.suffix(4)))
            }
        }
        // The intrinsic sizes are the text's business: the report says what the text did, not
        // each content-size constraint the passes rewrote.
        let textSet = Set(names)
        let mark = min(eventMark, events.count)
        // Likewise the margins: the guide constraints the passes rewrote are the margins'
        // business, which the caller reports by view.
        events = Array(events[..<mark]) + events[mark...].filter { event in
            guard case .changed(let id, let before) = event else { return true }
            if rewrittenTies.contains(id) { return false }
            return !(before.isContentSize && textSet.contains(before.spec.firstItem))
        }
        lastTextLayout = outcome
        return outcome
    }

    /// Why `name`'s text has its size (nil when it has no text).
    public func textExplanation(of name: String) -> TextExplanation? {
        guard let info = views[name], let text = info.text else { return nil }
        let width = solver.value(of: info.width)
        let used = text.layoutWidth(forViewWidth: width)
        let uncapped = WrappingText(lineWidth: text.lineWidth, lineHeight: text.lineHeight).lines(atWidth: used)
        let size = text.intrinsicSize(forViewWidth: width)
        return TextExplanation(text: text, viewWidth: width, layoutWidth: used, lines: text.lines(atWidth: used),
                               uncappedLines: uncapped, intrinsicWidth: size.width, intrinsicHeight: size.height,
                               outcome: lastTextLayout)
    }
}
