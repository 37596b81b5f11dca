import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// Why a view's stored frame differs from the solved one, where the file itself tells: the
/// words that finish a "misplaced" note for a view IB did not mark misplaced, so that a user
/// reads the cause (IB's canvas, the Xcode that saved the file, a stale save) rather than a
/// bare difference. Worked out once, from the translation, before the scene is solved.
struct MisplacementCauses: Sendable {
    /// One cause, and the largest difference it accounts for (nil: any): a stored frame that
    /// breaks a constraint by half a point does not account for a view 200 points off.
    struct Cause: Sendable {
        var words: String
        var accountsFor: Double?
    }

    /// Session view name → the cause of its difference.
    var byView: [String: Cause] = [:]
    /// A cause for the whole scene: its stored frames break one of its own constraints, or an
    /// image view's stored size is not its image's (said of a view only when nothing more
    /// specific applies to it).
    var scene: Cause?

    /// The cause of a view's difference (its largest, in points), if one accounts for it.
    func cause(of view: String, difference: Double) -> String? {
        [byView[view], scene].compactMap { $0 }.first { cause in cause.accountsFor.map { difference <= $0 } ?? true }?.words
    }
}

extension InterfaceBuilderComparison {
    static func causes(of translation: InterfaceBuilderTranslation) -> MisplacementCauses {
        var causes = MisplacementCauses()
        let frames = StoredFrames(root: translation.root)
        func set(_ name: String, _ words: String) { causes.byView[name] = MisplacementCauses.Cause(words: words) }
        // The most specific cause last, so that it wins.
        if let words = xcode26Cause(translation) {
            for name in translation.viewOrder { set(name, words) }
        }
        if translation.document.isAppKit {
            for (name, view) in translation.views { if let words = appKitCause(view) { set(name, words) } }
        }
        for (name, words) in hiddenArrangedCauses(translation) { set(name, words) }
        let images = imageCauses(translation)
        for (name, words) in images { set(name, words) }
        // A stale frame accounts for a difference up to twice the break (a centre off by half a
        // point is a size off by one), and the rounding.
        let broken = brokenByStoredFrames(translation, frames: frames)
        for (id, constraint, error) in broken {
            let words = "its stored frame is stale: the file's own frames break \(id) (line \(constraint.line)) by \(points(error)) (IB saved it without updating the frames)"
            for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 }) {
                guard let name = translation.names[item] else { continue }
                if causes.byView[name] == nil || causes.byView[name]!.words.hasPrefix("saved by Xcode 26") {
                    causes.byView[name] = MisplacementCauses.Cause(words: words, accountsFor: 2 * error + tolerance)
                }
            }
        }
        if let (id, constraint, error) = broken.max(by: { $0.error < $1.error }) {
            causes.scene = MisplacementCauses.Cause(
                words: "the scene's stored frames are stale: they break \(id) (line \(constraint.line)) by \(points(error)) (IB saved it without updating the frames)",
                accountsFor: 2 * error + tolerance)
        } else if let (name, _) = images.first {
            causes.scene = MisplacementCauses.Cause(words: "the image view \(name) is stored at another size than its image's, and the views around it follow it")
        }
        for (name, words) in baselineCauses(translation) where causes.byView[name] == nil { set(name, words) }
        return causes
    }

    static func points(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(formatNumber(rounded)) point\(rounded == 1 ? "" : "s")"
    }

    /// A file saved by Xcode 26: its canvas shows iOS 26's bars and insets, which LayoutLab
    /// knows for one screen only (an iPhone 11 without bars, `insetsOfItsXcode`).
    static func xcode26Cause(_ translation: InterfaceBuilderTranslation) -> String? {
        guard let tools = translation.document.toolsVersion.flatMap({ Double($0) }), tools >= InterfaceBuilderTranslation.xcode26ToolsVersion,
              !translation.document.isAppKit, let controller = translation.controller else { return nil }
        let bars = InterfaceBuilderTranslation.bars(of: controller, in: translation.document)
        if bars.navigation || bars.tab {
            return "saved by Xcode 26 (tools version \(translation.document.toolsVersion!)): the bars it simulates for iOS 26 are not known here"
        }
        guard !InterfaceBuilderTranslation.xcode26InsetsKnown(width: translation.root.frame?.width, height: translation.root.frame?.height) else { return nil }
        return "saved by Xcode 26 (tools version \(translation.document.toolsVersion!)): the safe area it shows on this screen is not known here (only an iPhone 11's)"
    }

    /// AppKit views whose frame and alignment rectangle differ by insets no file here shows
    /// cleanly: a scroll view's clip and document views, circular buttons.
    static func appKitCause(_ view: IBView) -> String? {
        let what: String
        switch view.element {
        case "clipView": what = "a scroll view's clip view"
        case "textView": what = "a text view in a scroll view"
        default:
            guard view.appKitCell?.bezelStyle == "circular" else { return nil }
            what = "a circular button"
        }
        return "an AppKit file: the insets AppKit puts round \(what) are not simulated"
    }

    /// The arranged views (with what they hold) and the stack itself, of every stack with a
    /// hidden arranged view: Interface Builder's canvas lays hidden arranged views out, UIKit
    /// (and the session) collapse them.
    static func hiddenArrangedCauses(_ translation: InterfaceBuilderTranslation) -> [(String, String)] {
        var result: [(String, String)] = []
        for stack in translation.root.flattened() where stack.stack != nil {
            let arranged = stack.subviews.filter { translation.names[$0.id ?? ""] != nil }
            guard let hidden = arranged.first(where: \.hidden), let hiddenName = translation.names[hidden.id ?? ""] else { continue }
            let words = "IB's canvas keeps the space of hidden arranged views (\(hiddenName), line \(hidden.line)); at run time UIKit collapses them, as LayoutLab does"
            for view in [stack] + arranged.flatMap({ $0.flattened() }) {
                guard let name = translation.names[view.id ?? ""] else { continue }
                result.append((name, view.hidden && arranged.contains { $0.id == view.id }
                    ? "it is a hidden arranged view: IB's canvas keeps its space; at run time UIKit collapses it, as LayoutLab does" : words))
            }
        }
        return result
    }

    /// Image views IB stored at another size than their image's in `<resources>` (which the
    /// session takes as the intrinsic size): where constraints leave the size to the image,
    /// the two disagree.
    static func imageCauses(_ translation: InterfaceBuilderTranslation) -> [(String, String)] {
        translation.viewOrder.compactMap { name in
            guard let view = translation.views[name], view.element == "imageView", let image = view.image,
                  let size = translation.document.imageSizes[image], let frame = view.frame,
                  abs(size.width - frame.width) > tolerance || abs(size.height - frame.height) > tolerance else { return nil }
            return (name, "its image \"\(image)\" is \(formatNumber(size.width))x\(formatNumber(size.height)) in the file's resources (the intrinsic size LayoutLab gives it), but IB stored the view \(formatNumber(frame.width))x\(formatNumber(frame.height))")
        }
    }

    /// Views placed by a baseline constraint: IB stores no font metrics, so the session puts
    /// a baseline at the bottom edge of its view.
    static func baselineCauses(_ translation: InterfaceBuilderTranslation) -> [(String, String)] {
        let baselines: Set<LayoutAttribute> = [.baseline, .lastBaseline, .firstBaseline]
        var result: [(String, String)] = []
        for (id, constraint) in translation.constraintSources.sorted(by: { $0.value.line < $1.value.line })
        where baselines.contains(constraint.firstAttribute) || constraint.secondAttribute.map(baselines.contains) == true {
            let words = "it is placed by a baseline (\(id), line \(constraint.line)), and IB stores no font metrics: LayoutLab puts a baseline at the bottom edge of its view"
            for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 }) {
                if let name = translation.names[item] { result.append((name, words)) }
            }
        }
        return result
    }

    /// The required constraints installed on this screen that the file's own stored frames
    /// break by half a point or more, with the error: IB saved those frames without
    /// "Update Frames", so a difference there is the file's. Only constraints between views
    /// with stored frames, on edges, centres and sizes (guides, margins, baselines and system
    /// spacing are not stored), and none with a scroll view, whose edges are its content's.
    /// - Complexity: O(constraints × depth of the view tree).
    static func brokenByStoredFrames(_ translation: InterfaceBuilderTranslation, frames: StoredFrames)
        -> [(id: String, constraint: IBConstraint, error: Double)] {
        let installed = Set(translation.root.flattened().flatMap { translation.installedConstraints(of: $0) }.compactMap(\.id))
        let rtl = translation.root.forcesRightToLeft
        var result: [(String, IBConstraint, Double)] = []
        for (id, constraint) in translation.constraintSources where constraint.priority >= 1000 && !(constraint.symbolic && !constraint.hasConstant) {
            guard let ibID = constraint.id, installed.contains(ibID), !translation.touchesViewNotInstalledHere(constraint) else { continue }
            let items = [constraint.firstItem] + (constraint.secondItem.map { [$0] } ?? [])
            guard items.allSatisfy({ frames.isComparable($0) }) else { continue }
            let origin = frames.commonAncestorOrigin(of: items)
            guard let first = frames.value(of: constraint.firstItem, constraint.firstAttribute, from: origin, rtl: rtl) else { continue }
            var target = constraint.constant
            if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
                guard let value = frames.value(of: second, attribute, from: origin, rtl: rtl) else { continue }
                target += constraint.multiplier * value
            }
            let error: Double
            switch constraint.relation {
            case .equal: error = abs(first - target)
            case .greaterThanOrEqual: error = max(0, target - first)
            case .lessThanOrEqual: error = max(0, first - target)
            }
            // Half a point and more: pixel rounding at 2x moves an edge by a quarter at most.
            if error >= tolerance - 1e-9 { result.append((id, constraint, error)) }
        }
        return result.sorted { $0.1.line < $1.1.line }
    }
}

/// A scene's stored frames in the root's coordinates, with each view's chain of superviews,
/// for evaluating the file's constraints on the file's own frames.
struct StoredFrames {
    private var frames: [String: IBRect] = [:]
    private var ancestors: [String: [String]] = [:]
    private var scrollViews: Set<String> = []

    init(root: IBView) {
        guard let id = root.id else { return }
        frames[id] = IBRect(x: 0, y: 0, width: root.frame?.width ?? 0, height: root.frame?.height ?? 0)
        ancestors[id] = []
        walk(root, id: id)
    }

    private mutating func walk(_ view: IBView, id: String) {
        guard let origin = frames[id] else { return }
        for subview in view.subviews {
            guard let subID = subview.id, let frame = subview.frame, !subview.storedFrameIsElsewhere else { continue }
            frames[subID] = IBRect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
            ancestors[subID] = ancestors[id, default: []] + [id]
            if subview.element == "scrollView" { scrollViews.insert(subID) }
            walk(subview, id: subID)
        }
    }

    /// A view with a stored frame, not a scroll view (whose edges in a constraint are its
    /// content's, which the file does not store).
    func isComparable(_ id: String) -> Bool { frames[id] != nil && !scrollViews.contains(id) }

    /// Where the closest common ancestor of the items starts: a constraint is read in its
    /// coordinates (matters for multipliers on positions).
    func commonAncestorOrigin(of items: [String]) -> (x: Double, y: Double) {
        let chains = items.map { (ancestors[$0] ?? []) + [$0] }
        var common: String?
        for (index, id) in (chains.first ?? []).enumerated() where chains.allSatisfy({ $0.count > index && $0[index] == id }) { common = id }
        // Two siblings: their superview; one view with itself: its superview.
        if Set(items).count == 1 { common = ancestors[items[0]]?.last ?? common }
        let frame = common.flatMap { frames[$0] }
        return (frame?.x ?? 0, frame?.y ?? 0)
    }

    /// An attribute's value on a stored frame, nil for those the file does not store.
    func value(of id: String, _ attribute: LayoutAttribute, from origin: (x: Double, y: Double), rtl: Bool) -> Double? {
        guard let frame = frames[id] else { return nil }
        let x = frame.x - origin.x, y = frame.y - origin.y
        switch attribute {
        case .left: return x
        case .right: return x + frame.width
        case .leading: return rtl ? x + frame.width : x
        case .trailing: return rtl ? x : x + frame.width
        case .top: return y
        case .bottom: return y + frame.height
        case .width: return frame.width
        case .height: return frame.height
        case .centerX: return x + frame.width / 2
        case .centerY: return y + frame.height / 2
        default: return nil
        }
    }
}
