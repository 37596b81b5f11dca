import Testing
import LayoutVocabulary
@testable import VisualFormat

/// One format and the constraints Apple returns for it, in Apple's order.
struct Example: Sendable, CustomTestStringConvertible {
    var format: String
    var options: VisualFormatOptions = []
    var metrics: [String: Double] = [:]
    var spacing: VisualFormatParser.StandardSpacing = .macOS
    var hierarchy = Hierarchy(["a", "b", "c", "button", "textField", "purpleBox", "topField", "bottomField",
                               "maroonView", "blueView", "button1", "button2", "flexibleButton",
                               "find", "findNext", "findField", "box", "inner"],
                              parents: ["inner": "box"])
    var expected: [ConstraintSpec]
    var testDescription: String { format + (options.isEmpty ? "" : " [\(options.rawValue)]") }
}

/// Every example of the Auto Layout Guide appendix and of facts §1.2/§1.4–1.5.
let examples: [Example] = [
    // Auto Layout Guide, "Visual Format Language" appendix.
    Example(format: "[button]-[textField]", expected: [c("textField", .leading, "button", .trailing, 8)]),
    Example(format: "[button(>=50)]", expected: [c("button", .width, .greaterThanOrEqual, 50)]),
    Example(format: "|-50-[purpleBox]-50-|", expected: [
        c("purpleBox", .leading, "root", .leading, 50), c("root", .trailing, "purpleBox", .trailing, 50)]),
    Example(format: "V:[topField]-10-[bottomField]", expected: [c("bottomField", .top, "topField", .bottom, 10)]),
    Example(format: "[maroonView][blueView]", expected: [c("blueView", .leading, "maroonView", .trailing, 0)]),
    Example(format: "[button(100@20)]", expected: [c("button", .width, .equal, 100, priority: 20)]),
    Example(format: "[button1(==button2)]", expected: [c("button1", .width, "button2", .width)]),
    Example(format: "[flexibleButton(>=70,<=100)]", expected: [
        c("flexibleButton", .width, .greaterThanOrEqual, 70), c("flexibleButton", .width, .lessThanOrEqual, 100)]),
    Example(format: "|-[find]-[findNext]-[findField(>=20)]-|", expected: [
        c("find", .leading, "root", .leading, 20), c("findNext", .leading, "find", .trailing, 8),
        c("findField", .leading, "findNext", .trailing, 8), c("findField", .width, .greaterThanOrEqual, 20),
        c("root", .trailing, "findField", .trailing, 20)]),
    // The README's example: the superview by name, later view first.
    Example(format: "H:|-[a]-[b]-|", expected: [
        c("a", .leading, "root", .leading, 20), c("b", .leading, "a", .trailing, 8), c("root", .trailing, "b", .trailing, 20)]),
    // facts §1.4, BennyKJohnson's AlignAllTop example: alignment last, earlier view first.
    Example(format: "|-[find]-[findNext]-[findField(>=20@500)]-|", options: .alignAllTop, expected: [
        c("find", .leading, "root", .leading, 20), c("findNext", .leading, "find", .trailing, 8),
        c("findField", .leading, "findNext", .trailing, 8), c("findField", .width, .greaterThanOrEqual, 20, priority: 500),
        c("root", .trailing, "findField", .trailing, 20),
        c("find", .top, "findNext", .top), c("findNext", .top, "findField", .top)]),
    // Direction table, facts §1.4.
    Example(format: "|-[find]-[findNext]-|", options: .directionLeftToRight, expected: [
        c("find", .left, "root", .left, 20), c("findNext", .left, "find", .right, 8), c("root", .right, "findNext", .right, 20)]),
    Example(format: "|-[find]-[findNext]-|", options: .directionRightToLeft, expected: [
        c("root", .right, "find", .right, 20), c("find", .left, "findNext", .right, 8), c("findNext", .left, "root", .left, 20)]),
    Example(format: "|-[find]-[findNext]-|", options: .directionLeadingToTrailing, expected: [
        c("find", .leading, "root", .leading, 20), c("findNext", .leading, "find", .trailing, 8),
        c("root", .trailing, "findNext", .trailing, 20)]),
    Example(format: "V:|-[find]-[findNext]-|", options: .directionRightToLeft, expected: [
        c("find", .top, "root", .top, 20), c("findNext", .top, "find", .bottom, 8), c("root", .bottom, "findNext", .bottom, 20)]),
    Example(format: "V:|-[find]-[findNext]-|", options: .directionLeftToRight, expected: [
        c("find", .top, "root", .top, 20), c("findNext", .top, "find", .bottom, 8), c("root", .bottom, "findNext", .bottom, 20)]),
    // Right-to-left also swaps the alignment pair (Apple passes the pair in first/second order).
    Example(format: "[a][b]", options: [.directionRightToLeft, .alignAllTop], expected: [
        c("a", .left, "b", .right, 0), c("b", .top, "a", .top)]),
    // Baseline-to-baseline spacing (V only): first baseline below, last baseline above.
    Example(format: "V:|-[a]-[b]-|", options: .spacingBaselineToBaseline, expected: [
        c("a", .firstBaseline, "root", .top, 20), c("b", .firstBaseline, "a", .lastBaseline, 8),
        c("root", .bottom, "b", .lastBaseline, 20)]),
    Example(format: "V:[a]-12-[b]", options: [.spacingBaselineToBaseline, .alignAllLeading], expected: [
        c("b", .firstBaseline, "a", .lastBaseline, 12), c("a", .leading, "b", .leading)]),
    // Connection predicates: relation and priority as written, lists, negatives, bare forms.
    Example(format: "[a]-(>=8@750)-[b]", expected: [c("b", .leading, .greaterThanOrEqual, "a", .trailing, 8, priority: 750)]),
    Example(format: "[a]-(>=8,<=20)-[b]", expected: [
        c("b", .leading, .greaterThanOrEqual, "a", .trailing, 8), c("b", .leading, .lessThanOrEqual, "a", .trailing, 20)]),
    Example(format: "[a]-(-10)-[b]", expected: [c("b", .leading, "a", .trailing, -10)]),
    Example(format: "[a]->=0-[b]", expected: [c("b", .leading, .greaterThanOrEqual, "a", .trailing, 0)]),
    Example(format: "V:[a]-0@999-[b]", expected: [c("b", .top, "a", .bottom, 0, priority: 999)]),
    Example(format: "[a]-<=-5-[b]", expected: [c("b", .leading, .lessThanOrEqual, "a", .trailing, -5)]),
    Example(format: "|-(>=0)-[a]-(0@750)-|", expected: [
        c("a", .leading, .greaterThanOrEqual, "root", .leading, 0), c("root", .trailing, "a", .trailing, 0, priority: 750)]),
    // Metrics in constants and priorities; metrics are looked up before views.
    Example(format: "|-pad-[a(w@p)]-pad-|", metrics: ["pad": 12, "w": 80, "p": 500], expected: [
        c("a", .leading, "root", .leading, 12), c("a", .width, .equal, 80, priority: 500), c("root", .trailing, "a", .trailing, 12)]),
    Example(format: "[a(b)]", metrics: ["b": 30], expected: [c("a", .width, .equal, 30)]),
    Example(format: "V:[a(>=b@750)]", expected: [c("a", .height, .greaterThanOrEqual, "b", .height, 0, priority: 750)]),
    // Flush views with sizes: connection first, then the view's own predicates, closing bar last.
    Example(format: "V:|[a(10)][b(20)]|", expected: [
        c("a", .top, "root", .top), c("a", .height, .equal, 10), c("b", .top, "a", .bottom),
        c("b", .height, .equal, 20), c("root", .bottom, "b", .bottom)]),
    // Alignment: per adjacent pair, one per option in attribute-number order (top before bottom),
    // never against the superview.
    Example(format: "[a][b]-[c]", options: [.alignAllBottom, .alignAllTop, .alignAllCenterY], expected: [
        c("b", .leading, "a", .trailing), c("c", .leading, "b", .trailing, 8),
        c("a", .top, "b", .top), c("a", .bottom, "b", .bottom), c("a", .centerY, "b", .centerY),
        c("b", .top, "c", .top), c("b", .bottom, "c", .bottom), c("b", .centerY, "c", .centerY)]),
    Example(format: "H:|[a]|", options: .alignAllTop, expected: [c("a", .leading, "root", .leading), c("root", .trailing, "a", .trailing)]),
    Example(format: "V:[a][b]", options: [.alignAllLeft, .alignAllRight, .alignAllLeading, .alignAllTrailing, .alignAllCenterX], expected: [
        c("b", .top, "a", .bottom), c("a", .left, "b", .left), c("a", .right, "b", .right), c("a", .leading, "b", .leading),
        c("a", .trailing, "b", .trailing), c("a", .centerX, "b", .centerX)]),
    Example(format: "[a][b]", options: [.alignAllBaseline, .alignAllFirstBaseline], expected: [
        c("b", .leading, "a", .trailing), c("a", .lastBaseline, "b", .lastBaseline), c("a", .firstBaseline, "b", .firstBaseline)]),
    // `|` means the neighbouring view's own superview, by name.
    Example(format: "|-[inner]-|", expected: [c("inner", .leading, "box", .leading, 20), c("box", .trailing, "inner", .trailing, 20)]),
    // Numbers as strtod reads them, fractional priorities.
    Example(format: "[a(1e2@999.5)]", expected: [c("a", .width, .equal, 100, priority: 999.5)]),
    Example(format: "[a(-.5)]", expected: [c("a", .width, .equal, -0.5)]),
    Example(format: "[a(0x10)]", expected: [c("a", .width, .equal, 16)]),
    // A lone view and a flush pair produce no or one constraint.
    Example(format: "[a]", expected: []),
    // iOS (`platform ios`): `|-` and `-|` go to the superview's margins, constant 0; explicit
    // spaces and flush edges do not.
    Example(format: "H:|-[a]-[b]-|", spacing: .iOS, expected: [
        c("a", .leading, "root", .leadingMargin), c("b", .leading, "a", .trailing, 8), c("root", .trailingMargin, "b", .trailing)]),
    Example(format: "V:|-[a]-|", spacing: .iOS, expected: [c("a", .top, "root", .topMargin), c("root", .bottomMargin, "a", .bottom)]),
    Example(format: "|-[a]-|", options: .directionLeftToRight, spacing: .iOS, expected: [
        c("a", .left, "root", .leftMargin), c("root", .rightMargin, "a", .right)]),
    Example(format: "|-[a]-|", options: .directionRightToLeft, spacing: .iOS, expected: [
        c("root", .rightMargin, "a", .right), c("a", .left, "root", .leftMargin)]),
    Example(format: "|-20-[a][b]|", spacing: .iOS, expected: [
        c("a", .leading, "root", .leading, 20), c("b", .leading, "a", .trailing), c("root", .trailing, "b", .trailing)]),
    // Custom standard-spacing numbers are honoured.
    Example(format: "|-[a]-[b]", spacing: .init(betweenSiblings: 6, toSuperviewEdge: 16), expected: [
        c("a", .leading, "root", .leading, 16), c("b", .leading, "a", .trailing, 6)]),
]

@Test(arguments: examples)
func producesApplesConstraintsInApplesOrder(_ example: Example) throws {
    let specs = try VisualFormatParser.parse(example.format, options: example.options, metrics: example.metrics,
                                             spacing: example.spacing, views: example.hierarchy.lookup)
    #expect(specs.map(render) == example.expected.map(render))
    #expect(specs == example.expected)
}

@Test func parseLineReadsOptionsAfterTheFirstSpace() throws {
    let hierarchy = Hierarchy(["a", "b"])
    let specs = try VisualFormatParser.parseLine("H:|-[a]-[b]-|  alignAllTop directionLeftToRight", views: hierarchy.lookup)
    #expect(specs == [c("a", .left, "root", .left, 20), c("b", .left, "a", .right, 8), c("root", .right, "b", .right, 20),
                      c("a", .top, "b", .top)])
}

@Test func aFailingLineProducesNothing() {
    let hierarchy = Hierarchy(["a"])
    #expect(throws: VisualFormatError.self) { try VisualFormatParser.parse("|-[a]-[nope]", views: hierarchy.lookup) }
}
