import Foundation
import TestSupport
import Testing
import Cassowary
@testable import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Evaluates the arithmetic `explain` prints (`(300 - 20 - 10 - 20) / 2`): numbers, + - * /,
/// parentheses, unary minus. The test's own reading of what a learner would type into a calculator.
func evaluateArithmetic(_ text: String) -> Double? {
    let characters = Array(text.filter { $0 != " " })
    var index = 0
    func number() -> Double? {
        if index < characters.count, characters[index] == "(" {
            index += 1
            let value = sum()
            guard index < characters.count, characters[index] == ")" else { return nil }
            index += 1
            return value
        }
        if index < characters.count, characters[index] == "-" {
            index += 1
            return number().map { -$0 }
        }
        let start = index
        while index < characters.count, characters[index].isNumber || characters[index] == "." || characters[index] == "e" { index += 1 }
        return Double(String(characters[start..<index]))
    }
    func product() -> Double? {
        guard var value = number() else { return nil }
        while index < characters.count, characters[index] == "*" || characters[index] == "/" {
            let op = characters[index]
            index += 1
            guard let right = number() else { return nil }
            value = op == "*" ? value * right : value / right
        }
        return value
    }
    func sum() -> Double? {
        guard var value = product() else { return nil }
        while index < characters.count, characters[index] == "+" || characters[index] == "-" {
            let op = characters[index]
            index += 1
            guard let right = product() else { return nil }
            value = op == "+" ? value + right : value - right
        }
        return value
    }
    let value = sum()
    return index == characters.count ? value : nil
}

/// A view's attribute in its superview's coordinates, computed from its frame, margins and
/// intrinsic height (independently of the model's own attribute code), with the linear form
/// over the view's variables: (x or y coefficient, width or height coefficient, constant).
func attributeForm(_ attribute: LayoutAttribute, of info: ViewInfo, rtl: Bool) -> (position: Double, size: Double, constant: Double) {
    let m = info.margins
    var resolved = attribute
    switch attribute {
    case .leading: resolved = rtl ? .right : .left
    case .trailing: resolved = rtl ? .left : .right
    case .leadingMargin: resolved = rtl ? .rightMargin : .leftMargin
    case .trailingMargin: resolved = rtl ? .leftMargin : .rightMargin
    default: break
    }
    let isRoot = info.parent == nil
    let p = isRoot ? 0.0 : 1.0
    switch resolved {
    case .width, .height: return (0, 1, 0)
    case .left, .top: return (p, 0, 0)
    case .right, .bottom, .baseline, .lastBaseline: return (p, 1, 0)
    case .firstBaseline: return info.intrinsicHeight.map { (p, 0, $0) } ?? (p, 1, 0)
    case .centerX, .centerY: return (p, 0.5, 0)
    case .leftMargin: return (p, 0, m.left)
    case .rightMargin: return (p, 1, -m.right)
    case .topMargin: return (p, 0, m.top)
    case .bottomMargin: return (p, 1, -m.bottom)
    case .centerXWithinMargins: return (p, 0.5, (m.left - m.right) / 2)
    case .centerYWithinMargins: return (p, 0.5, (m.top - m.bottom) / 2)
    default: return (.nan, .nan, .nan)
    }
}

@Suite struct ExplainTests {
    func run(_ lines: [String]) -> (Session, CommandResult) {
        let session = Session()
        var last = CommandResult(line: 0, input: "")
        for line in lines {
            last = session.execute(line)
            #expect(last.ok, "\(line): \(last.error?.text ?? "")")
        }
        return (session, last)
    }

    @Test func aValueDerivedThroughSeveralConstraintsIsCheckableArithmetic() throws {
        let (session, result) = run(["root 300x600", "view a b", "H:|-20-[a]-10-[b(==a)]-20-|", "explain a.width"])
        #expect(result.output.first == "a.width = 125 = (300 - 20 - 10 - 20) / 2  from root.width, c1, c2, c3, c4")
        #expect(result.output.contains("  c3          b.width == a.width"))
        #expect(result.output.contains("  root.width  root.width == 300   (the window's size)"))
        let arithmetic = try #require(result.output.first?.split(separator: "=")[2].split(separator: " from")[0])
        #expect(evaluateArithmetic(String(arithmetic)) == session.model.frame(of: "a")!.width)
        let json = result.renderJSON()
        #expect(json.contains("\"explanation\":{\"kind\":\"value\",\"view\":\"a\",\"attribute\":\"width\",\"value\":125"))
        #expect(json.contains("\"arithmetic\":\"(300 - 20 - 10 - 20) / 2\""))
    }

    @Test func everyAttributeKindLeftToRightAndRightToLeft() throws {
        for direction in ["ltr", "rtl"] {
            let (session, _) = run(["root 300x600", "view card", "view a in card intrinsic 50x20", "card.margins = 4,6,8,10",
                                    "a.margins = 2,3,5,7", "direction \(direction)",
                                    "H:|-12-[card]-18-|", "V:|-30-[card(200)]", "H:|-[a]-(>=0)-|", "V:|-[a]"])
            let info = session.model.view("a")!
            let frame = session.model.frame(of: "a")!
            for attribute in LayoutAttribute.allCases {
                let result = session.execute("explain a.\(attribute.rawValue)")
                let e = try #require(session.model.explanation(of: "a", attribute: attribute))
                let form = attributeForm(attribute, of: info, rtl: direction == "rtl")
                let horizontal = attribute.axis == .horizontal
                let expected = form.position * (horizontal ? frame.x : frame.y) + form.size * (horizontal ? frame.width : frame.height) + form.constant
                #expect(abs(e.value - expected) < 1e-9, "\(direction) a.\(attribute): \(e.value) vs \(expected)")
                #expect(!e.isAmbiguous, "\(direction) a.\(attribute)")
                let line = try #require(result.output.first)
                let arithmetic = line.components(separatedBy: " = ").dropFirst(2).first?.components(separatedBy: "  from").first
                    ?? formatValue(e.value)
                let evaluated = try #require(evaluateArithmetic(arithmetic), "\(line)")
                #expect(abs(evaluated - e.value) < 1e-6, "\(line)")
            }
        }
    }

    @Test func aBrokenOptionalConstraintNamesWhatHoldsItBack() {
        let (_, result) = run(["view a", "a.width == 100", "wide: a.width >= 150 @500", "explain wide"])
        #expect(result.output == ["c2 (wide): a.width >= 150 @500 is 50 short: held back by c1 a.width == 100 (required)",
                                  "  50 = 150 - 100  from c1, c2"])
        let json = result.renderJSON()
        #expect(json.contains("\"status\":\"broken\",\"error\":50"))
        #expect(json.contains("\"held_back_by\":[\"c1\"]"))
        let (_, holds) = run(["view a", "a.width == 100", "a.width >= 50", "explain c2"])
        #expect(holds.output == ["c2: a.width >= 50 holds with room to spare (100 >= 50)"])
    }

    /// A chain of fixed widths: the left edge of a view far along is a run of one pattern,
    /// written once with its count and still arithmetic that gives the value; a chain of
    /// varied widths is written out.
    @Test func aLongRunOfOnePatternIsWrittenWithItsCount() throws {
        func derivation(_ widths: [Int]) throws -> (value: Double, arithmetic: String) {
            var lines = ["view " + widths.indices.map { "v\($0)" }.joined(separator: " "), "v0.left == root.left"]
            for (i, width) in widths.enumerated() {
                if i > 0 { lines.append("v\(i).left == v\(i - 1).right + 8") }
                lines.append("v\(i).width == \(width)")
            }
            let last = widths.count - 1
            let (_, result) = run(lines + ["explain v\(last).left"])
            let line = try #require(result.output.first { $0.hasPrefix("v\(last).left = ") })
            // `v29.left = 812 = 29 * (20 + 8)  from c1, …`
            let parts = line.components(separatedBy: " = ")
            let arithmetic = try #require(parts.dropFirst(2).first?.components(separatedBy: "  from").first)
            return (try #require(Double(parts[1])), arithmetic)
        }
        let uniform = try derivation(Array(repeating: 20, count: 30))
        #expect(uniform.arithmetic == "29 * (20 + 8)")
        #expect(evaluateArithmetic(uniform.arithmetic) == uniform.value)
        let varied = try derivation((0..<12).map { 10 + $0 })
        #expect(!varied.arithmetic.contains("*"), "\(varied.arithmetic)")
        #expect(evaluateArithmetic(varied.arithmetic) == varied.value)
    }

    /// A squeezed chain of 100 views, every width preferring 100 weakly and at least 20: the
    /// left edge of the middle view may be anywhere its predecessors' widths allow, a face of
    /// more rows than `FaceProgram.boundsFromRows` (the bounded simplexes). The range is the
    /// chain's own arithmetic; the paragraph names a screenful of what it moves with, and the
    /// JSON all of them.
    @Test func aMiddleEdgeOfASqueezedChainHasTheChainsRangeAndAScreenfulOfReasons() {
        let count = 100
        var lines = ["root \(60 * count)x600", "view " + (0..<count).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<count {
            lines.append(i == 0 ? "v0.left == root.left" : "v\(i).left == v\(i - 1).right + 8")
            lines += ["v\(i).width >= 20", "v\(i).width == 100 @1", "v\(i).top == root.top", "v\(i).height == 44"]
        }
        lines.append("v\(count - 1).right <= root.right")
        let (_, result) = run(lines + ["explain v50.left"])
        // On the optimal face every width is within [20, 100] (a width past 100 would add weak
        // error) and they add up to what the gaps leave of the root. Lowest: the 50 before it
        // as narrow as that allows; highest: as wide.
        let total = Double(60 * count - 8 * (count - 1)), before = 50.0, after = Double(count) - before
        let low = max(before * 20, total - after * 100) + before * 8
        let high = min(before * 100, total - after * 20) + before * 8
        let text = result.output.joined(separator: "\n")
        #expect(text.contains("is ambiguous: any value from \(formatValue(low)) to \(formatValue(high)) is optimal"), "\(text.prefix(300))")
        let moves = result.output.drop { !$0.hasPrefix("  it moves with") }.prefix { !$0.hasPrefix("  to pin it") }.joined(separator: " ")
        // A screenful of the minimum widths, then a count, then what they are, once.
        #expect(moves.components(separatedBy: ".width >= 20)").count - 1 == CommandResult.constraintLinesCap, "\(moves.prefix(300))")
        #expect(moves.hasSuffix("… and \(count / 2 - CommandResult.constraintLinesCap) more, none of which need be tight"), "\(moves.suffix(100))")
        let json = result.renderJSON()
        let loose = json.components(separatedBy: "\"loose\":[").dropFirst().first?.prefix { $0 != "]" } ?? ""
        #expect(loose.split(separator: ",").count > CommandResult.constraintLinesCap)
    }

    /// JSON prints the text of every constraint an explanation names; a text report names a
    /// screenful, so a replay printing text does not gather them (a middle edge of a long
    /// chain names thousands).
    @Test func onlyJSONGathersTheTextOfEveryNamedConstraint() throws {
        let script = "view a b\na.left == root.left + 10\nb.left == a.right + 8\na.width == 30\nexplain b.left\n"
        let json = Replay.run(script, options: .init(json: true))
        let last = try #require(json.output.split(separator: "\n").last)
        let explanation = try #require(try jsonObject(last)["explanation"] as? [String: Any])
        let terms = try #require(explanation["terms"] as? [[String: Any]])
        #expect(Set(terms.compactMap { $0["constraint"] as? String }) == ["a.left == root.left + 10", "b.left == a.right + 8", "a.width == 30"])
        #expect(explanation["arithmetic"] as? String == "10 + 8 + 30")

        let session = Session()
        let text = Replay.run(script, options: .init(), session: session)
        #expect(text.output.contains("b.left = 48 = 10 + 8 + 30"), "\(text.output)")
        #expect(!session.keepsJSONDetails)
        let (_, result) = run(["view a b", "a.left == root.left + 10", "b.left == a.right + 8", "a.width == 30", "explain b.left"])
        #expect(result.explanation?.texts.count == 3, "a session keeps them unless a driver says otherwise")
    }

    @Test func aTwoMemberConflictInWords() {
        let (session, result) = run(["view a", "a.width == 50", "a.width == 80"])
        let text = result.renderText(width: 200)
        #expect(text.contains("  why: c1 says a.width is 50 and c2 says 80; both are required"))
        #expect(text.contains("  fix: make c2 optional (it would be 30 off): remove c2, then a.width == 80 @999"))
        #expect(result.renderJSON().contains("\"sentence\":\"c1 says a.width is 50 and c2 says 80; both are required\""))
        let explained = session.execute("explain c2")
        #expect(explained.output.contains("  why: c1 says a.width is 50 and c2 says 80; both are required"))
        // The suggested fix works: the layout is then free of conflicts, and c2 is 30 off.
        _ = session.execute("remove c2")
        let fixed = session.execute("a.width == 80 @999")
        #expect(fixed.conflicts.isEmpty)
        #expect(fixed.broken.map(\.error) == [30])
    }

    @Test func aFourMemberConflictInWords() {
        let (_, result) = run(["view button", "H:|-[button]-|", "V:|-[button]", "button.width == 400"])
        let text = result.renderText(width: 200)
        #expect(text.contains("  why: root.width + c1 + c2 give button.width == 359, but c4 wants 400; all are required"))
        #expect(text.contains("  fix: make c4 optional (it would be 41 off): remove c4, then button.width == 400 @999"))
        // Weights show when they differ: a.width == 2 * b.width, b.width == 100, a.width == 150.
        let (_, weighted) = run(["view a b", "a.width == 2 * b.width", "b.width == 100", "a.width == 150"])
        #expect(weighted.conflicts.first?.sentence == "c1 + 2 * c2 give a.width == 200, but c3 wants 150; all are required")
        // The cheapest to lower is c2: b.width can give 25 where a.width would have to give 50.
        #expect(weighted.conflicts.first?.fix == "make c2 optional (it would be 25 off): remove c2, then b.width == 100 @999")
    }

    @Test func anAmbiguousValueGivesItsRange() {
        let (_, result) = run(["view a", "a.width == 100", "a.leading == root.leading @500", "a.leading == root.leading + 10 @500",
                               "explain a.trailing"])
        #expect(result.output.first == "a.trailing = 100 is ambiguous: any value from 100 to 110 is optimal (this layout has 100)")
        #expect(result.renderJSON().contains("\"ambiguous\":true,\"range\":[100,110]"))
        let (_, free) = run(["view a", "explain a.leading"])
        #expect(free.output.first == "a.leading = 0 is ambiguous: any value at all is optimal (this layout has 0)")
        #expect(free.output.contains("  it moves with a.x (nothing determines it)"))
        let (_, one) = run(["view m", "m.width == 100", "m.leading == root.leading @500", "m.leading == root.leading + 10 @500",
                            "explain m.trailing"])
        #expect(one.output.contains("  it moves with c2 (m.leading == root.leading @500), which need not be tight"), "\(one.output)")
        let (_, two) = run(["view a b", "a.leading == root.leading + 16", "b.leading == a.trailing + 8", "a.width >= 40",
                            "b.width >= 40", "b.trailing <= root.trailing - 16", "explain b.trailing"])
        #expect(two.output.contains("  it moves with c3 (a.width >= 40), c4 (b.width >= 40), neither of which need be tight"),
                "\(two.output)")
    }

    @Test func badInputIsOneErrorWithAColumn() {
        let session = Session()
        _ = session.execute("view a")
        for (line, column) in [("explain", 9), ("explain b.width", 9), ("explain a.wdth", 11), ("explain a", 10),
                               ("explain c9", 9), ("explain a.width c1", 17)] {
            let result = session.execute(line)
            #expect(!result.ok && result.error?.column == column, "\(line): \(result.error?.text ?? "ok")")
        }
    }

    @Test func completionOffersViewsIdsAndAttributes() {
        let session = Session()
        _ = session.execute("view alpha")
        _ = session.execute("wide: alpha.width >= 10")
        #expect(session.completions(line: "explain ", cursor: 8).candidates.contains("alpha"))
        #expect(session.completions(line: "explain w", cursor: 9).candidates == ["wide"])
        #expect(session.completions(line: "explain c", cursor: 9).candidates == ["c1"])
        #expect(session.completions(line: "explain alpha.cen", cursor: 17).candidates == ["centerX", "centerXWithinMargins", "centerY", "centerYWithinMargins"])
    }

    /// Random sessions: every attribute `explain` derives equals the value computed from the
    /// frames; when not ambiguous its arithmetic evaluates to it, its multipliers prove it
    /// (`Σ m × (lhs − rhs) ≡ attribute − value` over the variables), and every constraint it
    /// names is tight; its ambiguity agrees with the solver's exact ambiguity for frame values.
    @Test(.tags(.slow), .skippedInFastTier) func randomSessionsExplainExactly() throws {
        var failures: [String] = []
        var checked = 0
        for seed in 0..<250 {
            var maker = ScriptMaker(rng: SplitMix64(seed: UInt64(seed) &* 6151 &+ 3))
            let session = Session()
            var lines: [String] = []
            for _ in 0..<Int.random(in: 4...14, using: &maker.rng) {
                let before = maker.ref
                let (line, expectedOK) = maker.nextLine()
                lines.append(line)
                _ = session.execute(line)
                if !expectedOK { maker.ref = before }
            }
            let model = session.model
            let rtl = model.direction == .rightToLeft
            for name in model.viewOrder {
                let info = model.view(name)!
                let frame = model.frame(of: name)!
                let ambiguousComponents = model.ambiguousComponents(of: name)
                for attribute in LayoutAttribute.allCases {
                    let e = model.explanation(of: name, attribute: attribute)!
                    let form = attributeForm(attribute, of: info, rtl: rtl)
                    let horizontal = attribute.axis == .horizontal
                    let position = horizontal ? info.x : info.y, size = horizontal ? info.width : info.height
                    let expected = form.position * (horizontal ? frame.x : frame.y) + form.size * (horizontal ? frame.width : frame.height) + form.constant
                    var problems: [String] = []
                    if abs(e.value - expected) > 1e-6 { problems.append("value \(e.value), frames give \(expected)") }
                    let component: FrameComponent? = switch attribute {
                    case .left: .x
                    case .top: .y
                    case .width: .width
                    case .height: .height
                    default: nil
                    }
                    if let component, name != "root", e.isAmbiguous != ambiguousComponents.contains(component) {
                        problems.append("ambiguous \(e.isAmbiguous), solver says \(ambiguousComponents)")
                    }
                    if !e.isAmbiguous && e.looseConstraints.isEmpty && e.freeComponents.isEmpty {
                        let sum = e.terms.reduce(e.offset) { $0 + $1.multiplier * $1.constant }
                        if abs(sum - e.value) > 1e-6 { problems.append("Σ m × constant = \(sum)") }
                        if let printed = evaluateArithmetic(arithmetic(e.terms, offset: e.offset)), abs(printed - e.value) > 1e-3 * max(1, abs(e.value)) {
                            problems.append("arithmetic \(arithmetic(e.terms, offset: e.offset)) = \(printed)")
                        }
                        // The proof: Σ m_i (lhs_i − rhs_i) ≡ attribute − value, variable by variable.
                        var coefficients: [Int: Double] = [:]
                        var constant = 0.0
                        for term in e.terms {
                            let expression: Cassowary.Expression
                            if let record = model.constraint(term.id) { expression = record.expression }
                            else if let implicit = model.implicitConstraint(term.id), let item = model.view(implicit.item) {
                                // The window's size (root.width == 375) or a size floor (v1.width >= 0).
                                let variable = implicit.attribute == .width ? item.width : item.height
                                expression = Cassowary.Expression([Cassowary.Term(variable)], constant: -implicit.constant)
                            } else {
                                problems.append("\(term.id) is neither a constraint nor an implicit one")
                                continue
                            }
                            for t in expression.terms { coefficients[t.variable.id, default: 0] += term.multiplier * t.coefficient }
                            constant += term.multiplier * expression.constant
                        }
                        coefficients[position.id, default: 0] -= form.position
                        coefficients[size.id, default: 0] -= form.size
                        if coefficients.values.contains(where: { abs($0) > 1e-6 }) { problems.append("Σ m × expression leaves \(coefficients)") }
                        if abs(constant - (form.constant - e.value)) > 1e-6 { problems.append("Σ m × constant \(constant)") }
                    }
                    for term in e.terms {
                        if let (got, wanted) = model.values(of: term.id), abs(got - wanted) > 1e-6 {
                            problems.append("\(term.id) is named but not tight (\(got) vs \(wanted))")
                        }
                        if let implicit = model.implicitConstraint(term.id), let size = model.frame(of: implicit.item)?[implicit.attribute == .width ? .width : .height],
                           abs(size - implicit.constant) > 1e-6 {
                            problems.append("\(term.id) is named but not tight (\(size) vs \(implicit.constant))")
                        }
                    }
                    if !problems.isEmpty {
                        failures.append("seed \(seed) \(name).\(attribute): " + problems.joined(separator: "; ") + "\n    " + lines.joined(separator: "\n    "))
                    }
                    checked += 1
                }
            }
            if failures.count > 3 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(3).joined(separator: "\n")))
        #expect(checked > 10000)
    }
}
