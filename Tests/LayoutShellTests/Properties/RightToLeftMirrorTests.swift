import Foundation
import TestSupport
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// Under right-to-left a layout written with leading and trailing is the mirror image of the
/// same layout in left-to-right: every view's x is its superview's width minus its LTR right
/// edge, and nothing else changes. Random sessions (nested views with and without intrinsic
/// sizes, guides, margins and their guides, the safe area, VFL, stacks, inequalities at every
/// priority) that name no absolute horizontal position (left, right, autoresizing masks,
/// asymmetric left/right insets, a centerX constant, a multiplier on a horizontal position:
/// those are meant not to flip) are replayed twice, LTR and RTL from the start, and once more
/// flipped at the end; every value that is not ambiguous must mirror, and the same required
/// constraints must be broken.
@Suite struct RightToLeftMirrorTests {
    /// Sessions per run (about 20 s of CPU in a debug build, hence `.slow`), in chunks that run
    /// in parallel; LAYOUTLAB_RTL_SESSIONS=100000 for a longer search.
    static let sessions = Int(ProcessInfo.processInfo.environment["LAYOUTLAB_RTL_SESSIONS"] ?? "") ?? 1_000
    static let chunks = 4

    @Test(.tags(.slow), arguments: 0..<chunks)
    func rightToLeftIsTheMirrorImage(chunk: Int) {
        var failures: [String] = []
        var compared = 0, conflicts = 0, skippedLoose = 0
        let seeds = Array(stride(from: chunk, to: Self.sessions, by: Self.chunks))
        for seed in seeds {
            var maker = MirrorSessionMaker(seed: UInt64(seed))
            let script = maker.script()
            let ltr = Session(), rtl = Session()
            _ = rtl.execute("direction rtl", report: false)
            for line in script {
                let a = ltr.execute(line, report: false), b = rtl.execute(line, report: false)
                if a.ok != b.ok { failures.append("seed \(seed): `\(line)` ok \(a.ok) in LTR, \(b.ok) in RTL"); break }
            }
            if !ltr.model.brokenConstraints().filter(\.isBrokenRequired).isEmpty { conflicts += 1 }
            // The same session flipped afterwards (`setDirection`) lands on the same layout.
            let flipped = Session()
            for line in script { _ = flipped.execute(line, report: false) }
            _ = flipped.execute("direction rtl", report: false)
            // UIKit ties a system guide by left and right: when its owner is narrower than its
            // insets, the right tie gives way in both directions, and what hangs on it with it.
            let broken = [ltr, rtl, flipped].flatMap { $0.model.brokenConstraints() }.filter(\.isBrokenRequired)
            if broken.contains(where: { $0.id.hasSuffix("Margin-guide-constraint") || $0.id.contains("UIViewSafeAreaLayoutGuide-") }) { continue }
            if [ltr.model, rtl.model, flipped.model].contains(where: Self.placesMarginsByALooseX) { skippedLoose += 1; continue }
            var problems = mirrorProblems(ltr.model, rtl.model)
            problems += mirrorProblems(ltr.model, flipped.model).map { "after the flip: " + $0 }
            compared += ltr.model.viewOrder.count
            if !problems.isEmpty {
                failures.append("seed \(seed): " + problems.prefix(3).joined(separator: "; ")
                                + "\n    " + script.joined(separator: "\n    "))
            }
            if failures.count >= 10 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
        // The sessions are not trivial: many views, and some required conflicts.
        #expect(compared > seeds.count * 4)
        #expect(conflicts > seeds.count / 50)
        // About one session in eight in 1 000 (a third have a safe area).
        #expect(skippedLoose < seeds.count / 5, "\(skippedLoose) of \(seeds.count) sessions left out")
    }

    /// Whether a view takes margins from where it lies (its safe area: the sessions' left and
    /// right insets are equal, so a mirrored layout has mirrored ones) while its x, or an
    /// ancestor's, is ambiguous: the solver leaves such a view where it likes in each
    /// direction, not at mirrored places, and its margins, and what hangs on them, follow.
    static func placesMarginsByALooseX(_ model: LayoutModel) -> Bool {
        model.frameDependentMarginViews.contains { name in
            guard !model.frameDependentInsets(of: name).isZero else { return false }
            var current: String? = name
            while let view = current, view != LayoutModel.rootName {
                let loose = model.ambiguousComponents(of: view)
                if loose.contains(.x) || loose.contains(.width) { return true }
                current = model.view(view)?.parent
            }
            return false
        }
    }

    static func isLoose(_ model: LayoutModel, _ name: String, _ component: FrameComponent) -> Bool {
        let attribute: LayoutAttribute = switch component {
        case .x: .left
        case .y: .top
        case .width: .width
        case .height: .height
        }
        return model.explanation(of: name, attribute: attribute)?.isAmbiguous ?? true
    }

    /// Differences between `ltr` mirrored in each superview and `rtl`, on values that neither
    /// session calls ambiguous.
    func mirrorProblems(_ ltr: LayoutModel, _ rtl: LayoutModel) -> [String] {
        var problems: [String] = []
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
        let brokenLTR = Set(ltr.brokenConstraints().filter(\.isBrokenRequired).map(\.id))
        let brokenRTL = Set(rtl.brokenConstraints().filter(\.isBrokenRequired).map(\.id))
        if brokenLTR != brokenRTL { problems.append("broken \(brokenLTR.sorted()) in LTR, \(brokenRTL.sorted()) in RTL") }
        for name in ltr.viewOrder where name != LayoutModel.rootName {
            guard let a = ltr.frame(of: name), let b = rtl.frame(of: name), let parent = ltr.views[name]?.parent,
                  let superFrame = ltr.frame(of: parent) else { problems.append("\(name) missing"); continue }
            var loose = Set(ltr.ambiguousComponents(of: name) + rtl.ambiguousComponents(of: name))
            // A stack's spacers are constrained on the stack's axis only (ambiguity leaves them out).
            if ltr.views[name]?.kind == .stackSpacer {
                for component in [FrameComponent.x, .y, .width, .height] where Self.isLoose(ltr, name, component) || Self.isLoose(rtl, name, component) {
                    loose.insert(component)
                }
            }
            let parentLoose = Set(ltr.ambiguousComponents(of: parent) + rtl.ambiguousComponents(of: parent))
            // A guide's frame is in its owner's coordinates, whose width is the owner's own.
            // UIKit ties its system guides by left and right: when the owner is narrower than
            // its insets, the guide gives way on the right in both directions.
            if let kind = ltr.views[name]?.kind, kind == .safeAreaGuide || kind == .marginsGuide {
                let insets = kind == .safeAreaGuide ? ltr.safeAreaInsets : ltr.effectiveMargins(of: parent)
                if superFrame.width < insets.left + insets.right + 1e-9 { continue }
            }
            let mirroredX = superFrame.width - a.x - a.width
            if !loose.contains(.x), !loose.contains(.width), !parentLoose.contains(.width), !close(mirroredX, b.x) {
                problems.append("\(name).x is \(b.x) in RTL, the mirror of LTR \(a) in \(superFrame.width) is \(mirroredX)")
            }
            if !loose.contains(.y), !close(a.y, b.y) { problems.append("\(name).y \(a.y) vs \(b.y)") }
            if !loose.contains(.width), !close(a.width, b.width) { problems.append("\(name).width \(a.width) vs \(b.width)") }
            if !loose.contains(.height), !close(a.height, b.height) { problems.append("\(name).height \(a.height) vs \(b.height)") }
        }
        return problems
    }
}

extension Tag {
    /// A test that takes more than a few seconds in a debug build.
    @Tag static var slow: Self
}

/// Random sessions without absolute horizontal positions (see `RightToLeftMirrorTests`).
struct MirrorSessionMaker {
    var rng: SplitMix64
    var views: [String] = ["root"]
    var guides: [String] = []
    var parents: [String: String] = [:]
    var counter = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed &+ 0x5EED_0025) }

    mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + rng.below(range.count) }

    mutating func script() -> [String] {
        var lines = ["root \(number(200...420))x\(number(300...700))"]
        if rng.chance(30) { let side = number(0...40); lines.append("safearea \(number(0...60)),\(side),\(number(0...34)),\(side)") }
        for _ in 0..<number(4...14) { lines += nextLine().split(separator: "\n").map(String.init) }
        return lines
    }

    /// A new name, its superview and its line.
    mutating func newView() -> String {
        counter += 1
        let name = "v\(counter)"
        let parent = rng.chance(60) ? "root" : rng.pick(views)
        parents[name] = parent
        views.append(name)
        let size = rng.chance(50) ? " intrinsic \(number(0...150))x\(number(0...40))" : ""
        return "view \(name)" + (parent == "root" ? "" : " in \(parent)") + size
    }

    mutating func nextLine() -> String {
        let nonRoot = views.filter { $0 != "root" }
        switch rng.below(100) {
        case 0..<22: return newView()
        case 22..<27:
            counter += 1
            let name = "g\(counter)", owner = rng.chance(60) ? "root" : rng.pick(views)
            guides.append(name)
            parents[name] = owner
            return "guide \(name)" + (owner == "root" ? "" : " in \(owner)")
        case 27..<32 where !nonRoot.isEmpty:
            let view = rng.pick(nonRoot)
            if rng.chance(50) { return "\(view).directionalMargins = \(number(0...16)),\(number(0...24)),\(number(0...16)),\(number(0...24))" }
            let side = number(0...20)
            return "\(view).margins = \(number(0...16)),\(side),\(number(0...16)),\(side)"
        case 32..<42 where nonRoot.count >= 2:
            // A VFL line between siblings.
            let first = rng.pick(nonRoot)
            let siblings = nonRoot.filter { parents[$0] == parents[first] && $0 != first }
            guard let second = siblings.isEmpty ? nil : rng.pick(siblings) else { return constraintLine() }
            let axis = rng.chance(70) ? "H:" : "V:"
            let space = rng.pick(["-", "-8-", "", "-(>=8)-", "-(<=20)-", "-(==12@750)-", "-(>=4@250)-"])
            let size = rng.pick(["", "(==\(first))", "(>=20)", "(44@750)", "(<=80)"])
            let bars = rng.chance(60)
            let edge = rng.pick(["-", "-(>=0)-", "-(>=16@750)-", ""])
            return "\(axis)\(bars ? "|\(edge)" : "")[\(first)]\(space)[\(second)\(size)]\(bars ? "\(edge)|" : "")"
        case 42..<48:
            // A stack of views that exist (they move in) or new ones.
            counter += 1
            let stack = "s\(counter)"
            var members: [String] = []
            var lines: [String] = []
            for _ in 0..<number(2...4) {
                lines.append(newView())
                members.append(views.last!)
            }
            let owner = rng.chance(70) ? "root" : rng.pick(nonRoot.isEmpty ? ["root"] : nonRoot)
            parents[stack] = owner
            views.append(stack)
            for member in members { parents[member] = stack }
            lines.append("stack \(stack)" + (owner == "root" ? "" : " in \(owner)") + " \(rng.pick(["h", "h", "v"])) " + members.joined(separator: " "))
            lines.append("\(stack).spacing = \(number(0...12))")
            lines.append("\(stack).distribution = \(rng.pick(["fill", "fillEqually", "equalSpacing", "equalCentering", "fillProportionally"]))")
            lines.append("\(stack).alignment = \(rng.pick(["fill", "leading", "center", "trailing"]))")
            if rng.chance(30) { lines.append("\(stack).marginsRelative = true") }
            lines.append("H:|\(rng.pick(["", "-", "-(>=0)-"]))[\(stack)]\(rng.pick(["", "-", "-(>=0)-"]))|")
            return lines.joined(separator: "\n")
        default:
            return constraintLine()
        }
    }

    /// An item in constraints: a view, a guide, a margins guide or the safe area.
    mutating func item() -> String {
        let roll = rng.below(100)
        if roll < 12, !guides.isEmpty { return rng.pick(guides) }
        if roll < 20 { return "\(rng.pick(views)).margins" }
        if roll < 25 { return "root.safeArea" }
        return rng.pick(views)
    }

    mutating func constraintLine() -> String {
        let first = rng.chance(80) || guides.isEmpty ? rng.pick(views.filter { $0 != "root" } + ["root"]) : rng.pick(guides)
        let relation = rng.pick(["==", ">=", "<=", ">="])
        let priority = rng.pick(["", "", "", " @750", " @250", " @999", " @500"])
        let constant = number(-30...60)
        let signed = constant < 0 ? " - \(-constant)" : " + \(constant)"
        switch rng.below(100) {
        case 0..<45:
            // Horizontal positions: at least one leading/trailing, multiplier 1.
            let directional = ["leading", "trailing", "leadingMargin", "trailingMargin"]
            let either = directional + ["centerX", "centerXWithinMargins"]
            var a = rng.pick(either), b = rng.pick(either)
            if !directional.contains(a) && !directional.contains(b) { b = rng.pick(directional) }
            if rng.chance(20) { a = rng.pick(directional) }
            let second = item()
            // Guides have no margins of their own.
            if guides.contains(first) { a = a.replacingOccurrences(of: "Margin", with: "").replacingOccurrences(of: "WithinMargins", with: "") }
            if second.contains(".") || guides.contains(second) {
                b = b.replacingOccurrences(of: "WithinMargins", with: "").replacingOccurrences(of: "Margin", with: "")
            }
            return "\(first).\(a) \(relation) \(second).\(b)\(signed)\(priority)"
        case 45..<50:
            // Without leading or trailing only an equality mirrors (`>=` on centerX means rightwards).
            return "\(first).centerX == \(item()).centerX\(priority)"
        case 50..<65:
            let size = rng.pick(["width", "height"])
            if rng.chance(40) { return "\(first).\(size) \(relation) \(max(0, constant))\(priority)" }
            let m = rng.pick(["", "0.5 * ", "2 * ", "1.5 * "])
            return "\(first).\(size) \(relation) \(m)\(item()).\(rng.pick(["width", "height"]))\(signed)\(priority)"
        default:
            let vertical = ["top", "bottom", "centerY", "topMargin", "bottomMargin", "firstBaseline", "lastBaseline"]
            let second = item()
            var a = rng.pick(vertical), b = rng.pick(vertical)
            if guides.contains(first), a.contains("Margin") { a = "top" }
            if second.contains(".") || guides.contains(second), b.contains("Margin") { b = "bottom" }
            let m = rng.chance(20) ? rng.pick(["0.5 * ", "2 * "]) : ""
            return "\(first).\(a) \(relation) \(m)\(second).\(b)\(signed)\(priority)"
        }
    }
}
