import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
@testable import LayoutReport

// The shell's words for the model's reasons. These checks lived in LayoutModelTests while the
// model wrote its own messages; the model's tests now check the reasons.

@Suite struct LayoutErrorWords {
    func words(_ spec: ConstraintSpec) -> (message: String, hint: String?) {
        let model = LayoutModel()
        try? model.addView("a")
        try? model.addView("b")
        do {
            try model.validate(spec)
            Issue.record("accepted \(spec)")
            return ("", nil)
        } catch {
            return (error.message, error.hint)
        }
    }

    func spec(_ a: String, _ aa: LayoutAttribute, _ rel: LayoutRelation = .equal, _ b: String? = nil, _ ba: LayoutAttribute? = nil,
              m: Double = 1, c: Double = 0, p: Double = 1000) -> ConstraintSpec {
        ConstraintSpec(firstItem: a, firstAttribute: aa, relation: rel, secondItem: b, secondAttribute: ba,
                       multiplier: m, constant: c, priority: LayoutPriority(p))
    }

    func rejects(_ s: ConstraintSpec, _ fragment: String, hint: String? = nil) {
        let (message, actualHint) = words(s)
        #expect(message.contains(fragment), "\(message)")
        if let hint { #expect(actualHint?.contains(hint) == true, "\(actualHint ?? "nil")") }
    }

    @Test func legalityRules() {
        rejects(spec("a", .left, c: 20), "a location cannot equal a constant", hint: "write a.left == root.left + 20")
        rejects(spec("a", .centerY, .greaterThanOrEqual, c: -5), "a location cannot equal a constant", hint: "a.centerY >= root.centerY - 5")
        rejects(spec("a", .left, .equal, "b", .top), "different axes", hint: "a.left == b.left")
        rejects(spec("a", .leading, .equal, "b", .right), "leading/trailing", hint: "a.leading == b.trailing")
        rejects(spec("a", .leftMargin, .equal, "b", .trailingMargin), "leading/trailing", hint: "a.leadingMargin == b.trailingMargin")
        rejects(spec("a", .width, .equal, "b", .left), "invalid pairing")
        rejects(spec("a", .left, .equal, "b", .left, m: 0, c: 5), "multiplier of 0", hint: "write a.left == root.left + 5")
        rejects(spec("a", .width, .equal, "b", .width, m: 0, c: 5), "multiplier of 0", hint: "a.width == 5")
        rejects(spec("a", .width, c: 1e308), "too large")
        rejects(spec("a", .width, c: .infinity), "finite")
        rejects(spec("a", .width, .equal, "b", .width, m: 1e300), "multiplier")
        rejects(spec("a", .width, .equal, "zz", .width), "no view named zz", hint: "add it first: view zz")
    }

    /// One reason, one wording: a priority out of range reads the same in a constraint, in
    /// `c1.priority = …`, in `a.hugging.h = …` and from the shell's own parser.
    @Test func priorityOutOfRangeHasOneWording() {
        let expected = "priority 1001 is outside (0, 1000]; use a number above 0 and at most 1000, or required (1000), high (750), low (250), fittingSize (50)"
        #expect(ShellError(LayoutError.priorityOutOfRange(1001), column: nil).text == expected)
        let (message, hint) = words(spec("a", .width, c: 5, p: 1001))
        #expect("\(message); \(hint ?? "")" == expected)
        let session = Session()
        for line in ["view a intrinsic 10x10", "a.width == 5 @1001", "a.width == 5 @500", "c1.priority = 1001", "a.hugging.h = 1001"] {
            let result = session.execute(line)
            if line.contains("1001") { #expect(result.error?.text == expected, "\(line)") }
        }
    }
}

@Suite struct ReportWords {
    @Test func solvedValues() throws {
        #expect(cleanValue(19.999999999997) == 20)
        #expect(formatValue(-1e-12) == "0")
        #expect("\(EdgeInsets(all: 8))" == "8")
        #expect("\(EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))" == "8,16,8,16")
    }
}
