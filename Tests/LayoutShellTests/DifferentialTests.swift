import Foundation
import TestSupport
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
@testable import LayoutReport

/// A whole-session differential test: random scripts run through `Session`; every report's JSON
/// is parsed and checked against an independent reference written here — its own model of the
/// hierarchy, ids, attribute geometry (superview frames → common-ancestor coordinates, margins,
/// baselines, RTL mirroring) and constraint errors — and against the text report. Undo and
/// save/load are checked by rebuilding: the state after `undo k` must equal the state k steps
/// earlier, and a saved script loaded into a new session must report the same layout.

/// The reference's own picture of the session.
struct Reference {
    struct View { var parent: String?; var iw: Double?; var ih: Double?; var margins = [8.0, 8, 8, 8]; var hug = [250.0, 250]; var res = [750.0, 750] }
    struct Constraint {
        var a: String, aa: LayoutAttribute, rel: LayoutRelation, b: String?, ba: LayoutAttribute?, m: Double, c: Double, p: Double
        var active = true
    }
    var views: [String: View] = ["root": View(parent: nil)]
    var order = ["root"]
    var constraints: [(id: String, c: Constraint)] = []
    var next = 1
    var rtl = false
    var rootSize = (375.0, 667.0)

    func index(_ id: String) -> Int? { constraints.firstIndex { $0.id == id } }

    func ancestors(_ v: String) -> [String] {
        var result = [v]
        var current = v
        while let p = views[current]?.parent { result.append(p); current = p }
        return result
    }
    func lca(_ a: String, _ b: String) -> String {
        let up = Set(ancestors(b))
        return ancestors(a).first { up.contains($0) } ?? "root"
    }

    /// Implicit constraints as the reference derives them: Auto Layout's floor under every
    /// size but the window's (`v.width >= 0`, `v.height >= 0`, required, named like the
    /// attribute), and the content size constraints of intrinsic sizes.
    var implicit: [(id: String, c: Constraint)] {
        var result: [(String, Constraint)] = []
        for name in order {
            let v = views[name]!
            if name != "root" {
                for attribute in [LayoutAttribute.width, .height] {
                    result.append(("\(name).\(attribute.rawValue)", Constraint(a: name, aa: attribute, rel: .greaterThanOrEqual, b: nil, ba: nil, m: 1, c: 0, p: 1000)))
                }
            }
            if let w = v.iw {
                result.append(("\(name).hugging.h", Constraint(a: name, aa: .width, rel: .lessThanOrEqual, b: nil, ba: nil, m: 1, c: w, p: v.hug[0])))
                result.append(("\(name).resistance.h", Constraint(a: name, aa: .width, rel: .greaterThanOrEqual, b: nil, ba: nil, m: 1, c: w, p: v.res[0])))
            }
            if let h = v.ih {
                result.append(("\(name).hugging.v", Constraint(a: name, aa: .height, rel: .lessThanOrEqual, b: nil, ba: nil, m: 1, c: h, p: v.hug[1])))
                result.append(("\(name).resistance.v", Constraint(a: name, aa: .height, rel: .greaterThanOrEqual, b: nil, ba: nil, m: 1, c: h, p: v.res[1])))
            }
        }
        return result
    }

    /// (got, wanted, error) of a constraint in the given frames (superview coordinates).
    func evaluate(_ c: Constraint, _ frames: [String: [Double]]) -> (Double, Double, Double) {
        func absolute(_ v: String) -> (Double, Double) {
            var x = 0.0, y = 0.0
            for a in ancestors(v) where a != "root" { x += frames[a]![0]; y += frames[a]![1] }
            return (x, y)
        }
        let mirrored = rtl && (c.aa.isDirectional || (c.ba?.isDirectional ?? false))
        let g = c.b.map { lca(c.a, $0) } ?? (views[c.a]!.parent ?? "root")
        func value(_ v: String, _ attr: LayoutAttribute) -> Double {
            let f = frames[v]!
            let w = f[2], h = f[3]
            if attr == .width { return w }
            if attr == .height { return h }
            let origin = absolute(v), gOrigin = absolute(g)
            let x = origin.0 - gOrigin.0, y = origin.1 - gOrigin.1
            let m = views[v]!.margins   // top, left, bottom, right
            var resolved = attr
            switch attr {
            case .leading: resolved = rtl ? .right : .left
            case .trailing: resolved = rtl ? .left : .right
            case .leadingMargin: resolved = rtl ? .rightMargin : .leftMargin
            case .trailingMargin: resolved = rtl ? .leftMargin : .rightMargin
            default: break
            }
            var result: Double
            switch resolved {
            case .left: result = x
            case .right: result = x + w
            case .centerX: result = x + w / 2
            case .leftMargin: result = x + m[1]
            case .rightMargin: result = x + w - m[3]
            case .centerXWithinMargins: result = x + m[1] + (w - m[1] - m[3]) / 2
            case .top: result = y
            case .bottom, .baseline, .lastBaseline: result = y + h
            case .firstBaseline: result = views[v]!.ih.map { y + $0 } ?? y + h
            case .centerY: result = y + h / 2
            case .topMargin: result = y + m[0]
            case .bottomMargin: result = y + h - m[2]
            case .centerYWithinMargins: result = y + m[0] + (h - m[0] - m[2]) / 2
            default: result = .nan
            }
            return result
        }
        // UIKit under right-to-left: edges flip, coordinates do not; the constraint reads in the
        // reading direction (−x), so in x a constant counts leftwards and the relation flips.
        let constant = mirrored ? -c.c : c.c
        let relation = mirrored ? c.rel.flipped : c.rel
        let got = value(c.a, c.aa)
        let wanted = c.b.map { c.m * value($0, c.ba!) + constant } ?? constant
        let error: Double
        switch relation {
        case .equal: error = abs(got - wanted)
        case .greaterThanOrEqual: error = max(0, wanted - got)
        case .lessThanOrEqual: error = max(0, got - wanted)
        }
        return (got, wanted, error)
    }
}

/// Makes a random script line by line, keeping the reference up to date with what it expects
/// the session to accept.
struct ScriptMaker {
    var rng: SplitMix64
    var ref = Reference()
    var viewCounter = 0
    let locationsH: [LayoutAttribute] = [.left, .right, .centerX, .leftMargin, .rightMargin, .centerXWithinMargins]
    let locationsD: [LayoutAttribute] = [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin]
    let locationsV: [LayoutAttribute] = [.top, .bottom, .centerY, .topMargin, .bottomMargin, .centerYWithinMargins, .baseline, .firstBaseline, .lastBaseline]

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    /// The line and whether the reference expects it to be accepted.
    mutating func nextLine() -> (String, Bool) {
        let nonRoot = ref.order.filter { $0 != "root" }
        let roll = Double.random(in: 0..<1, using: &rng)
        if nonRoot.count < 2 || (roll < 0.08 && nonRoot.count < 4) {
            viewCounter += 1
            let name = "v\(viewCounter)"
            let parent = chance(0.4) ? pick(ref.order) : "root"
            var line = "view \(name)" + (parent == "root" ? "" : " in \(parent)")
            var view = Reference.View(parent: parent)
            if chance(0.4) {
                view.iw = chance(0.7) ? Double(pick([20, 50, 120])) : nil
                view.ih = chance(0.7) ? Double(pick([10, 21, 44])) : nil
                line += " intrinsic \(view.iw.map(formatNumber) ?? "-")x\(view.ih.map(formatNumber) ?? "-")"
            }
            ref.views[name] = view
            ref.order.append(name)
            return (line, true)
        }
        let userIDs = ref.constraints.map(\.id)
        if roll < 0.62 || userIDs.isEmpty {
            return makeConstraint(nonRoot)
        }
        if roll < 0.68 {
            let id = pick(userIDs)
            let k = Double(Int.random(in: -20...200, using: &rng))
            ref.constraints[ref.index(id)!].c.c = k
            return ("\(id).constant = \(formatNumber(k))", true)
        }
        if roll < 0.72 {
            let id = pick(userIDs)
            ref.constraints.remove(at: ref.index(id)!)
            return ("remove \(id)", true)
        }
        if roll < 0.77 {
            let id = pick(userIDs)
            let i = ref.index(id)!
            let active = !ref.constraints[i].c.active
            ref.constraints[i].c.active = active
            return ("\(active ? "activate" : "deactivate") \(id)", true)
        }
        if roll < 0.81 {
            let w = Double(pick([375, 320, 200, 600])), h = Double(pick([667, 480, 300]))
            ref.rootSize = (w, h)
            return ("root \(formatNumber(w))x\(formatNumber(h))", true)
        }
        if roll < 0.84 {
            ref.rtl.toggle()
            return ("direction \(ref.rtl ? "rtl" : "ltr")", true)
        }
        if roll < 0.88 {
            let v = pick(ref.order)
            let values = (0..<4).map { _ in Double(pick([0, 4, 8, 16])) }
            ref.views[v]!.margins = values
            return ("\(v).margins = \(values.map(formatNumber).joined(separator: ","))", true)
        }
        if roll < 0.92 {
            let v = pick(nonRoot)
            let axis = Int.random(in: 0...1, using: &rng)
            let hugging = chance(0.5)
            let p = Double(pick([1, 249, 251, 700, 751, 1000]))
            if hugging { ref.views[v]!.hug[axis] = p } else { ref.views[v]!.res[axis] = p }
            return ("\(v).\(hugging ? "hugging" : "resistance").\(axis == 0 ? "h" : "v") = \(formatNumber(p))", true)
        }
        if roll < 0.95, nonRoot.count > 2 {
            // Remove a view with its subviews and every constraint touching them.
            let v = pick(nonRoot)
            let doomed = Set(ref.order.filter { ref.ancestors($0).contains(v) })
            ref.order.removeAll { doomed.contains($0) }
            for d in doomed { ref.views[d] = nil }
            ref.constraints.removeAll { doomed.contains($0.c.a) || ($0.c.b.map { doomed.contains($0) } ?? false) }
            return ("remove \(v)", true)
        }
        // A deliberately illegal line.
        let v = pick(nonRoot)
        return (pick(["\(v).left == 20", "\(v).left == root.top", "\(v).leading == root.left", "\(v).width == root.left",
                      "\(v).width == 0 * root.width", "\(v).width == 5 @0", "\(v).width == 1e308", "\(v).nope == 1"]), false)
    }

    mutating func makeConstraint(_ nonRoot: [String]) -> (String, Bool) {
        let a = pick(nonRoot)
        let priority = chance(0.5) ? 1000.0 : Double(pick([750, 500, 250, 100]))
        let rel = pick(LayoutRelation.allCases)
        var c: Reference.Constraint
        if chance(0.3) {
            let aa: LayoutAttribute = chance(0.5) ? .width : .height
            if chance(0.5) {
                c = .init(a: a, aa: aa, rel: rel, b: nil, ba: nil, m: 1, c: Double(Int.random(in: 0...300, using: &rng)), p: priority)
            } else {
                let b = pick(ref.order)
                c = .init(a: a, aa: aa, rel: rel, b: b, ba: chance(0.7) ? aa : (aa == .width ? .height : .width),
                          m: pick([1, 1, 0.5, 2]), c: Double(Int.random(in: -20...60, using: &rng)), p: priority)
            }
        } else {
            let family = Int.random(in: 0...2, using: &rng)
            let pool = [locationsH, locationsD, locationsV][family]
            let b = pick(ref.order.filter { $0 != a })
            c = .init(a: a, aa: pick(pool), rel: rel, b: b, ba: pick(pool), m: chance(0.8) ? 1 : pick([0.5, 2]),
                      c: Double(Int.random(in: -30...100, using: &rng)), p: priority)
        }
        let spec = ConstraintSpec(firstItem: c.a, firstAttribute: c.aa, relation: c.rel, secondItem: c.b, secondAttribute: c.ba,
                                  multiplier: c.m, constant: c.c, priority: LayoutPriority(c.p))
        ref.constraints.append(("c\(ref.next)", c))
        ref.next += 1
        return (spec.canonicalText, true)
    }
}

struct DifferentialFailure: Error, CustomStringConvertible {
    var description: String
}

/// Checks one report against the reference. Returns problems (empty when all is well).
func checkReport(_ result: CommandResult, _ ref: Reference, expectedOK: Bool, expectedIDs: [String]) throws -> [String] {
    var problems: [String] = []
    let json = result.renderJSON()
    guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
        return ["JSON does not parse: \(json)"]
    }
    for key in ["line", "input", "ok", "error", "added", "frames", "broken", "ambiguous", "conflict"] where object[key] == nil {
        problems.append("JSON lacks \(key)")
    }
    let ok = object["ok"] as? Bool ?? false
    if ok != expectedOK { problems.append("ok is \(ok), expected \(expectedOK): \(result.error?.text ?? "")") }
    let added = (object["added"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    if ok && added != expectedIDs { problems.append("added \(added), expected \(expectedIDs)") }

    // Frames: every view the reference knows, in superview coordinates.
    var frames: [String: [Double]] = [:]
    for (name, value) in object["frames"] as? [String: [String: Double]] ?? [:] {
        frames[name] = [value["x"]!, value["y"]!, value["width"]!, value["height"]!]
    }
    if Set(frames.keys) != Set(ref.order) { problems.append("frames for \(frames.keys.sorted()), expected \(ref.order.sorted())"); return problems }
    if frames["root"]! != [0, 0, ref.rootSize.0, ref.rootSize.1] { problems.append("root frame \(frames["root"]!)") }

    // Broken constraints: reported error = recomputed error; every violated one is reported.
    var reported: [String: (error: Double, required: Bool)] = [:]
    for item in object["broken"] as? [[String: Any]] ?? [] {
        reported[item["id"] as! String] = ((item["error"] as! NSNumber).doubleValue, item["required"] as! Bool)
    }
    let all = ref.constraints.filter { $0.c.active } + ref.implicit
    for (id, c) in all {
        let (_, _, error) = ref.evaluate(c, frames)
        if let r = reported[id] {
            if abs(r.error - error) > 1e-6 { problems.append("\(id): reported error \(r.error), recomputed \(error)") }
            if !r.required && error <= 1e-7 { problems.append("\(id) reported broken but holds") }
            if r.required && c.p < 1000 { problems.append("\(id) is optional but reported as broken required") }
        } else {
            if error > 1e-6 { problems.append("\(id) (\(c.p)) is off by \(error) but not reported") }
        }
    }
    let known = Set(all.map(\.id))
    for id in reported.keys where !known.contains(id) { problems.append("\(id) reported broken but unknown or inactive") }

    // Conflicts: the broken member is in the set, is required and now marked broken.
    if let conflict = object["conflict"] as? [String: Any] {
        let members = conflict["constraints"] as! [String]
        let broken = conflict["broken"] as! String
        if !members.contains(broken) { problems.append("conflict's broken \(broken) not among \(members)") }
        // The window's size and the size floors always hold: the one broken is the user's.
        if !ref.constraints.contains(where: { $0.id == broken }) { problems.append("conflict broke \(broken), not a constraint of the script") }
        for id in members where !id.hasPrefix("root.") {
            guard let c = all.first(where: { $0.id == id })?.c else { problems.append("conflict member \(id) unknown"); continue }
            if c.p < 1000 { problems.append("conflict member \(id) is optional") }
        }
        if reported[broken]?.required != true && all.contains(where: { $0.id == broken }) {
            // It may have been repaired within the same command only if it holds.
            if let c = all.first(where: { $0.id == broken })?.c, ref.evaluate(c, frames).2 > 1e-6 {
                problems.append("conflict broke \(broken) but it is not reported broken")
            }
        }
    }

    // Ambiguity (a sound subset of the exact rule): a view whose x (or y) enters no active
    // location constraint, or whose width (height) appears in none and has no intrinsic size,
    // must be reported ambiguous in that component.
    let ambiguous = object["ambiguous"] as? [String: [String]] ?? [:]
    var touched = Set<String>()   // "view.x", "view.width", …
    for (_, c) in ref.constraints where c.active {
        for (item, attr) in [(c.a, c.aa)] + (c.b.map { [($0, c.ba!)] } ?? []) {
            let horizontal = attr.axis == .horizontal
            if attr.isSize {
                touched.insert("\(item).\(attr == .width ? "x-size" : "y-size")")
                continue
            }
            let g = c.b.map { ref.lca(c.a, $0) } ?? (ref.views[c.a]!.parent ?? "root")
            for v in ref.ancestors(item) {
                if v == g { break }
                touched.insert("\(v).\(horizontal ? "x" : "y")")
            }
            // Over-approximate: the item's size, and the ancestor's (mirroring), may enter.
            touched.insert("\(item).\(horizontal ? "x-size" : "y-size")")
            touched.insert("\(g).\(horizontal ? "x-size" : "y-size")")
        }
    }
    for view in ref.order where view != "root" {
        let components = ambiguous[view] ?? []
        for horizontal in [true, false] {
            let axis = horizontal ? "x" : "y"
            let intrinsic = horizontal ? ref.views[view]!.iw : ref.views[view]!.ih
            if !touched.contains("\(view).\(axis)") && !components.contains(axis) {
                problems.append("\(view).\(axis) is free but not reported ambiguous")
            }
            let size = horizontal ? "width" : "height"
            if intrinsic == nil && !touched.contains("\(view).\(axis)-size") && !components.contains(size) {
                problems.append("\(view).\(size) is free but not reported ambiguous")
            }
        }
    }

    // The text report agrees with the JSON: frames (all shown while ≤ 12 views), broken, ambiguous.
    if ok && result.showsLayout {
        let text = result.renderText(width: 200)
        var textFrames: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("  ") || line.hasPrefix("* ") {
            let cells = line.dropFirst(2).split(separator: " ").map(String.init)
            if cells.count == 5, frames[cells[0]] != nil { textFrames[cells[0]] = Array(cells[1...]) }
        }
        for (name, f) in frames {
            let cells = (textFrames[name] ?? []).compactMap(Double.init)
            // Text shows at most three decimals; JSON the full value.
            if cells.count != 4 || zip(cells, f).contains(where: { abs($0 - $1) > 0.0005 + 1e-9 * max(1, abs($1)) }) {
                problems.append("text frame of \(name) \(textFrames[name] ?? []) vs JSON \(f)")
            }
        }
        // Broken and ambiguous: the text prints what is new or changed and counts the rest,
        // so what it prints plus what it counts is what JSON lists.
        let news = try #require(result.news)
        let textLines = Set(text.split(separator: "\n").map(String.init))
        let newsIDs = news.broken.map(\.id)
        if !Set(newsIDs).isSubset(of: Set(reported.keys)) { problems.append("text broken \(newsIDs) not all in JSON \(reported.keys.sorted())") }
        if news.broken.count + news.brokenMore + news.brokenUnchanged != reported.count {
            problems.append("text shows \(news.broken.count) broken, counts \(news.brokenMore + news.brokenUnchanged) more; JSON has \(reported.count)")
        }
        for line in news.broken where !textLines.contains(line.line) { problems.append("text lacks the line `\(line.line)`") }
        // One line per new or changed ambiguous view, saying why for every component: the
        // `ambiguity` entries of the view cover exactly its ambiguous components, and each
        // entry's words are on the view's line.
        let ambiguousLines = result.renderText(width: 100_000).split(separator: "\n").filter { $0.hasPrefix("ambiguous: ") }
        if ambiguousLines.count != news.ambiguity.count { problems.append("text has \(ambiguousLines.count) ambiguity lines, news \(news.ambiguity.count) views") }
        if news.ambiguity.count + news.ambiguityMore + news.ambiguityUnchanged != ambiguous.count {
            problems.append("text shows \(news.ambiguity.count) ambiguous views, counts \(news.ambiguityMore + news.ambiguityUnchanged) more; JSON has \(ambiguous.count)")
        }
        let explained = object["ambiguity"] as? [[String: Any]] ?? []
        for (view, components) in ambiguous where news.ambiguity.contains(where: { $0.view == view }) {
            let line = ambiguousLines.first { $0.hasPrefix("ambiguous: \(view) (") || $0.hasPrefix("ambiguous: \(view):") }
            let entries = explained.filter { $0["view"] as? String == view }
            let covered = entries.flatMap { $0["values"] as? [String] ?? [] }
            if line == nil { problems.append("text lacks ambiguity of \(view)") }
            if covered.sorted() != components.sorted() { problems.append("ambiguity of \(view) explains \(covered), not \(components)") }
            // (A view free on both axes is said once: `c: no constraints`.)
            for entry in entries where !(line?.contains(entry["message"] as? String ?? "?") ?? false)
                && !(entry["reason"] as? String == "no-constraints" && line?.hasSuffix("\(view): no constraints") == true) {
                problems.append("the line of \(view) lacks \(entry["message"] ?? "?")")
            }
        }
    }
    return problems
}

/// The state part of a JSON report (frames, broken, ambiguous), to compare sessions.
func statePart(_ result: CommandResult) -> String {
    let json = result.renderJSON()
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return json }
    let keep = ["frames", "broken", "ambiguous"].map { key -> String in
        let data = try? JSONSerialization.data(withJSONObject: object[key] ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }
    return keep.joined(separator: "\n")
}

/// The part of the state every optimal layout shares: frame components that are not
/// ambiguous, which components are ambiguous, and which required constraints are broken.
func stablePart(_ result: CommandResult) -> String {
    let ambiguous = Dictionary(uniqueKeysWithValues: result.ambiguous.map { ($0.view, Set($0.components)) })
    var parts: [String] = []
    for (name, frame) in result.frames {
        let free = ambiguous[name] ?? []
        let cells = FrameComponent.allCases.map { free.contains($0) ? "?" : formatNumber(frame[$0]) }
        parts.append("\(name) \(cells.joined(separator: " "))")
    }
    parts.append("broken required: \(result.broken.filter(\.isBrokenRequired).map(\.id))")
    return parts.joined(separator: "\n")
}

@Suite(.tags(.slow), .skippedInFastTier) struct Differential {
    /// Scripts per run; LAYOUTLAB_SESSION_SCRIPTS=20000 for a longer search off CI.
    static let scripts = Int(ProcessInfo.processInfo.environment["LAYOUTLAB_SESSION_SCRIPTS"] ?? "") ?? 600

    @Test func randomScriptsAgreeWithTheReference() throws {
        var failures: [String] = []
        let dir = NSTemporaryDirectory() + "layoutlab-diff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var checkedReports = 0
        for seed in 0..<Self.scripts {
            var maker = ScriptMaker(rng: SplitMix64(seed: UInt64(seed) &* 7919 &+ 17))
            let session = Session()
            session.directory = dir
            var lines: [String] = []
            var states: [String] = [stablePart(session.execute("frames"))]
            var previousFrames = session.execute("frames").frames
            let length = Int.random(in: 4...16, using: &maker.rng)
            for _ in 0..<length {
                let before = maker.ref
                let (line, expectedOK) = maker.nextLine()
                lines.append(line)
                let result = session.execute(line, lineNumber: lines.count)
                let expectedIDs = maker.ref.next > before.next ? (before.next..<maker.ref.next).map { "c\($0)" } : []
                if !expectedOK { maker.ref = before }
                var problems = try checkReport(result, maker.ref, expectedOK: expectedOK, expectedIDs: expectedIDs)
                problems += incrementalStateProblems(result, session.model, previousFrames: previousFrames)
                previousFrames = result.frames
                checkedReports += 1
                if !problems.isEmpty {
                    failures.append("seed \(seed), line \(lines.count) `\(line)`:\n  " + problems.joined(separator: "\n  ") + "\n  script:\n    " + lines.joined(separator: "\n    "))
                    break
                }
                if result.ok { states.append(stablePart(result)) }
            }
            if failures.count > 3 { break }
            if !failures.isEmpty { continue }
            // Save and load into a fresh session: the same layout.
            let file = "s\(seed).lal"
            let saved = session.execute("save \(file)")
            let fresh = Session()
            fresh.directory = dir
            let loaded = fresh.execute("load \(file)")
            if !saved.ok || !loaded.ok || statePart(loaded) != statePart(session.execute("frames")) {
                failures.append("seed \(seed): save/load round trip differs (\(saved.error?.text ?? "") \(loaded.error?.text ?? ""))\n    " + lines.joined(separator: "\n    "))
            }
            // Undo k steps: the state k accepted commands ago.
            let k = Int.random(in: 1...max(1, states.count - 1), using: &maker.rng)
            if states.count > k {
                let undone = session.execute("undo \(k)")
                if stablePart(undone) != states[states.count - 1 - k] {
                    failures.append("seed \(seed): undo \(k) does not restore the earlier state\n    " + lines.joined(separator: "\n    "))
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(3).joined(separator: "\n")))
        #expect(checkedReports > 3000)
    }
}

/// Loads (with a `reset` inside, sometimes), undo and ordinary lines mixed at random: whatever
/// replaced the model or changed many things at once, every report's incrementally kept state
/// must equal a full read of the model, and its changed frames those that differ from the
/// previous report.
@Suite(.tags(.slow), .skippedInFastTier) struct IncrementalReports {
    @Test func reportsStayExactAcrossLoadsResetsAndUndo() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-incremental-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var failures: [String] = []
        for seed in 0..<200 {
            var maker = ScriptMaker(rng: SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3))
            let session = Session()
            session.directory = dir
            var previous = session.execute("frames").frames
            var accepted: [String] = []
            var transcript: [String] = []
            for step in 0..<24 {
                let roll = Double.random(in: 0..<1, using: &maker.rng)
                let line: String
                if roll < 0.12 && !accepted.isEmpty {
                    line = "undo \(Int.random(in: 1...2, using: &maker.rng))"
                } else if roll < 0.27 && !accepted.isEmpty {
                    let file = "part\(seed)-\(step).lal"
                    // Either the last few lines again, or the whole session replayed after a
                    // reset without one of its constraints: the same views in a new model.
                    var body = Array(accepted.suffix(4))
                    if maker.chance(0.5) {
                        body = ["reset"] + accepted
                        let droppable = body.indices.filter { !body[$0].hasPrefix("view") && body[$0] != "reset" }
                        if !droppable.isEmpty { body.remove(at: maker.pick(droppable)) }
                    }
                    try (body.joined(separator: "\n") + "\n").write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
                    line = "load \(file)"
                } else {
                    let before = maker.ref
                    let (made, expectedOK) = maker.nextLine()
                    if !expectedOK { maker.ref = before }
                    line = made
                }
                transcript.append(line)
                let result = session.execute(line)
                if result.ok && !line.hasPrefix("undo") && !line.hasPrefix("load") { accepted.append(line) }
                let problems = incrementalStateProblems(result, session.model, previousFrames: previous)
                if !problems.isEmpty {
                    failures.append("seed \(seed), `\(line)`: " + problems.joined(separator: "; ") + "\n    " + transcript.joined(separator: "\n    "))
                    break
                }
                previous = result.frames
            }
            if failures.count >= 3 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    }
}

/// Reports keep their state incrementally (only what the solver says changed is re-read); it
/// must always equal what reading everything anew gives, and the changed frames must be exactly
/// those that differ from the previous report.
func incrementalStateProblems(_ result: CommandResult, _ model: LayoutModel,
                              previousFrames: [(name: String, frame: Frame)]) -> [String] {
    var problems: [String] = []
    // Where reports put the views: the solver's frames, rounded to pixels under `scale`.
    let frames = model.placedFrames()
    // `exercise` shows another optimal layout on purpose; the model keeps the solver's.
    if result.exercisedFrames == nil,
       result.frames.map(\.name) != frames.map(\.name) || result.frames.map(\.frame) != frames.map(\.frame) {
        problems.append("incremental frames \(result.frames) differ from a full read \(frames)")
    }
    // Reports leave out a stack's fitting constraints (they give way by design; README "Stack
    // views"): the full read leaves them out too.
    let broken = model.brokenConstraints().filter { !model.givesWayByDesign($0.id) }
    if result.broken != broken {
        problems.append("incremental broken \(result.broken.map(\.id)) differ from a full read \(broken.map(\.id))")
    }
    let ambiguity = model.ambiguity()
    if result.ambiguous.map(\.view) != ambiguity.map(\.view) || result.ambiguous.map(\.components) != ambiguity.map(\.components) {
        problems.append("incremental ambiguity \(result.ambiguous.map(\.view)) differs from a full read \(ambiguity.map(\.view))")
    }
    // Auto Layout never makes a size negative (the model's size floors); the solver's rounding aside.
    for (name, frame) in frames where frame.width < -1e-7 || frame.height < -1e-7 {
        problems.append("\(name) has a negative size: \(frame)")
    }
    if result.ok && result.showsLayout {
        let before = Dictionary(previousFrames.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let expected = frames.filter { before[$0.name] != $0.frame }.map(\.name)
        if result.changedFrames != expected {
            problems.append("changed frames \(result.changedFrames), but these differ from the last report: \(expected)")
        }
    }
    return problems
}

/// An exact optimality oracle for one view's horizontal problem (at the top level, or inside a
/// pinned container, so multipliers meet nested coordinates). With only x and width free,
/// the lexicographic optimum (required constraints hold; then the sum of errors at the highest
/// priority is least, then the next, …) is reached at a vertex of the arrangement of the
/// constraints' boundary lines (plus a far bounding box), so trying every pairwise
/// intersection finds the optimal error vector, and the spread of x and width over all
/// optimal vertices says exactly whether each is ambiguous.
@Suite(.tags(.slow), .skippedInFastTier) struct SingleViewOptimality {
    static let scripts = 300

    struct Line { var a: Double; var b: Double; var c: Double }   // a·x + b·w + c

    @Test func reportedLayoutsAreLexicographicallyOptimal() throws {
        var failures: [String] = []
        let attributes: [LayoutAttribute] = [.left, .right, .centerX, .leading, .trailing, .leftMargin, .rightMargin,
                                             .leadingMargin, .trailingMargin, .centerXWithinMargins]
        for seed in 0..<Self.scripts {
            var rng = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
            func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
            var ref = Reference()
            var lines: [String] = []
            let width = Double(pick([375, 320, 200, 90]))
            ref.rootSize = (width, 667)
            lines.append("root \(formatNumber(width))x667")
            // Half the time v sits in a container pinned at (bx, 10, bw, 100): constraints to
            // root are then read in root's coordinates, those to box in box's.
            let nested = Bool.random(using: &rng)
            var boxFrame: [Double] = []
            if nested {
                boxFrame = [Double(pick([10, 30, 50])), 10, Double(pick([100, 150, 250])), 100]
                ref.views["box"] = Reference.View(parent: "root")
                ref.order.append("box")
                lines.append("view box")
                for (i, c) in [
                    Reference.Constraint(a: "box", aa: .left, rel: .equal, b: "root", ba: .left, m: 1, c: boxFrame[0], p: 1000),
                    Reference.Constraint(a: "box", aa: .top, rel: .equal, b: "root", ba: .top, m: 1, c: boxFrame[1], p: 1000),
                    Reference.Constraint(a: "box", aa: .width, rel: .equal, b: nil, ba: nil, m: 1, c: boxFrame[2], p: 1000),
                    Reference.Constraint(a: "box", aa: .height, rel: .equal, b: nil, ba: nil, m: 1, c: boxFrame[3], p: 1000),
                ].enumerated() {
                    _ = i
                    ref.constraints.append(("c\(ref.next)", c))
                    ref.next += 1
                    lines.append(ConstraintSpec(firstItem: c.a, firstAttribute: c.aa, relation: c.rel, secondItem: c.b, secondAttribute: c.ba,
                                                multiplier: c.m, constant: c.c, priority: LayoutPriority(c.p)).canonicalText)
                }
            }
            var view = Reference.View(parent: nested ? "box" : "root")
            if Bool.random(using: &rng) { view.iw = Double(pick([40, 120, 300])) }
            view.hug[0] = Double(pick([250, 250, 760, 100]))
            ref.views["v"] = view
            ref.order.append("v")
            lines.append("view v" + (nested ? " in box" : "") + (view.iw.map { " intrinsic \(formatNumber($0))x-" } ?? ""))
            if view.hug[0] != 250 { lines.append("v.hugging.h = \(formatNumber(view.hug[0]))") }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                ref.views["root"]!.margins = [8, Double(pick([0, 16, 20])), 8, Double(pick([0, 10, 30]))]
                lines.append("root.margins = " + ref.views["root"]!.margins.map(formatNumber).joined(separator: ","))
            }
            if Int.random(in: 0..<3, using: &rng) == 0 { ref.rtl = true; lines.append("direction rtl") }
            for _ in 0..<Int.random(in: 2...7, using: &rng) {
                let p = Double(pick([1000, 1000, 750, 500, 500, 250]))
                let rel = pick(LayoutRelation.allCases)
                let other = nested ? pick(["root", "box"]) : "root"
                var c: Reference.Constraint
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    c = .init(a: "v", aa: .width, rel: rel, b: nil, ba: nil, m: 1, c: Double(Int.random(in: 0...400, using: &rng)), p: p)
                case 1:
                    c = .init(a: "v", aa: .width, rel: rel, b: other, ba: .width, m: pick([1, 0.5, 0.25]), c: Double(Int.random(in: -40...40, using: &rng)), p: p)
                default:
                    var aa = pick(attributes), ba = pick(attributes)
                    while (aa.isDirectional && ba.isAbsoluteHorizontalEdge) || (ba.isDirectional && aa.isAbsoluteHorizontalEdge) { ba = pick(attributes); aa = pick(attributes) }
                    c = .init(a: "v", aa: aa, rel: rel, b: other, ba: ba, m: pick([1, 1, 0.5, 2]), c: Double(Int.random(in: -50...150, using: &rng)), p: p)
                }
                ref.constraints.append(("c\(ref.next)", c))
                ref.next += 1
                lines.append(ConstraintSpec(firstItem: c.a, firstAttribute: c.aa, relation: c.rel, secondItem: c.b, secondAttribute: c.ba,
                                            multiplier: c.m, constant: c.c, priority: LayoutPriority(c.p)).canonicalText)
            }
            let session = Session()
            var last: CommandResult? = nil
            for line in lines {
                last = session.execute(line)
                if !last!.ok { failures.append("seed \(seed): rejected \(line): \(last!.error!.text)") }
            }
            guard let result = last, result.ok else { continue }
            if nested, result.frames.first(where: { $0.name == "box" })?.frame != Frame(x: boxFrame[0], y: boxFrame[1], width: boxFrame[2], height: boxFrame[3]) {
                failures.append("seed \(seed): the box is not where its required constraints put it")
            }
            if let problem = check(result, ref, box: nested ? boxFrame : nil) {
                failures.append("seed \(seed): \(problem)\n    " + lines.joined(separator: "\n    "))
            }
            if failures.count > 3 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(3).joined(separator: "\n")))
    }

    func check(_ result: CommandResult, _ ref: Reference, box: [Double]?) -> String? {
        let brokenRequired = Set(result.broken.filter(\.isBrokenRequired).map(\.id))
        let all = ref.constraints + ref.implicit
        let height = ref.rootSize.1
        func frames(_ x: Double, _ w: Double) -> [String: [Double]] {
            var result = ["root": [0, 0, ref.rootSize.0, height], "v": [x, 0, w, 0]]
            if let box { result["box"] = box }
            return result
        }
        func residual(_ c: Reference.Constraint, _ x: Double, _ w: Double) -> Double {
            let (got, wanted, _) = ref.evaluate(c, frames(x, w))
            return got - wanted
        }
        // Priority levels, highest first; broken required constraints sit at 1000 as optional.
        let levels = Array(Set(all.map { brokenRequired.contains($0.id) ? 1000 : $0.c.p }.filter { $0 < 1000 } + (brokenRequired.isEmpty ? [] : [1000]))).sorted(by: >)
        func isRequired(_ item: (id: String, c: Reference.Constraint)) -> Bool { item.c.p >= 1000 && !brokenRequired.contains(item.id) }
        func vector(_ x: Double, _ w: Double) -> [Double]? {
            var sums = Array(repeating: 0.0, count: levels.count)
            for item in all {
                let (_, _, error) = ref.evaluate(item.c, frames(x, w))
                if isRequired(item) {
                    if error > 1e-6 { return nil }
                } else {
                    let level = brokenRequired.contains(item.id) ? 1000 : item.c.p
                    sums[levels.firstIndex(of: level)!] += error
                }
            }
            return sums
        }
        func compare(_ a: [Double], _ b: [Double]) -> Int {
            for (p, q) in zip(a, b) where abs(p - q) > 1e-6 { return p < q ? -1 : 1 }
            return 0
        }
        // Boundary lines of every constraint, and a far box.
        var boundaries: [Line] = []
        for item in all {
            let c0 = residual(item.c, 0, 0)
            boundaries.append(Line(a: residual(item.c, 1, 0) - c0, b: residual(item.c, 0, 1) - c0, c: c0))
        }
        let box = 1e5
        boundaries += [Line(a: 1, b: 0, c: -box), Line(a: 1, b: 0, c: box), Line(a: 0, b: 1, c: -box), Line(a: 0, b: 1, c: box)]
        var vertices: [(Double, Double, [Double])] = []
        for i in 0..<boundaries.count {
            for j in (i + 1)..<boundaries.count {
                let p = boundaries[i], q = boundaries[j]
                let det = p.a * q.b - p.b * q.a
                guard abs(det) > 1e-12 else { continue }
                let x = (-p.c * q.b + q.c * p.b) / det
                let w = (-p.a * q.c + q.a * p.c) / det
                if let v = vector(x, w) { vertices.append((x, w, v)) }
            }
        }
        guard let best = vertices.min(by: { compare($0.2, $1.2) < 0 }) else { return "the oracle finds no feasible layout" }
        guard let frame = result.frames.first(where: { $0.name == "v" })?.frame else { return "no frame for v" }
        guard let reported = vector(frame.x, frame.width) else { return "the reported layout breaks a required constraint" }
        if compare(reported, best.2) != 0 {
            return "reported errors by level \(levels): \(reported), optimum \(best.2) at x \(best.0), width \(best.1)"
        }
        let optimal = vertices.filter { compare($0.2, best.2) == 0 }
        let xs = optimal.map(\.0), ws = optimal.map(\.1)
        let xAmbiguous = xs.max()! - xs.min()! > 1e-6, wAmbiguous = ws.max()! - ws.min()! > 1e-6
        let components = result.ambiguous.first { $0.view == "v" }?.components ?? []
        if components.contains(.x) != xAmbiguous || components.contains(.width) != wAmbiguous {
            return "ambiguity: reported \(components), oracle x \(xAmbiguous) width \(wAmbiguous)"
        }
        if !components.contains(.y) || !components.contains(.height) { return "y and height are free but not reported" }
        return nil
    }
}
