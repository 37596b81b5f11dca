import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// A constraint line: the grammar, its canonical text and ids, names as aliases (ConstraintCommands).
@Suite struct ConstraintCommandsTests {
    @Test(arguments: [
        ("a.width >= 100 @750", "a.width >= 100 @750"),
        ("a.width>=100@750", "a.width >= 100 @750"),
        ("a.width = 100", "a.width == 100"),
        ("a . width == 100 @ high", "a.width == 100 @750"),
        ("a.width <= 10 @low", "a.width <= 10 @250"),
        ("a.width == 10 @fittingSize", "a.width == 10 @50"),
        ("a.width == 10 @required", "a.width == 10"),
        ("a.width == 2*b.width", "a.width == 2 * b.width"),
        ("a.width == b.width*2", "a.width == 2 * b.width"),
        ("a.width == b.width/2", "a.width == 0.5 * b.width"),
        ("a.width == b.width / 4 + 3 - 1", "a.width == 0.25 * b.width + 2"),
        ("a.leading == root.leading + 20", "a.leading == root.leading + 20"),
        ("a.top == b.bottom - 8.5", "a.top == b.bottom - 8.5"),
        ("a.centerX == 0.5 * root.centerX", "a.centerX == 0.5 * root.centerX"),
        ("a.height == -b.height + 10", "a.height == -1 * b.height + 10"),
        ("a.width == .5e2", "a.width == 50"),
        ("a.width == 999.5 @999.5", "a.width == 999.5 @999.5"),
    ])
    func constraintGrammar(_ input: String, _ canonical: String) {
        let s = Session()
        run(s, "view a b")
        let r = s.execute(input)
        #expect(r.ok, "\(r.error?.text ?? "")")
        #expect(r.added.map(\.text) == [canonical])
        #expect(r.added.map(\.id) == ["c1"])
    }

    @Test func namesAreAliases() {
        let s = Session()
        run(s, "view a")
        #expect(s.execute("minW: a.width >= 100").renderText().contains("added c1 (minW): a.width >= 100"))
        run(s, "minW.constant = 120")
        #expect(s.model.constraint("c1")?.name == "minW")
        #expect(s.model.constraint("c1")?.text == "a.width >= 120")
        #expect(s.execute("deactivate minW").ok)
        #expect(s.execute("deactivate minW").output == ["c1 is already inactive"])
        #expect(s.model.constraint("c1")?.isActive == false)
        #expect(!s.execute("minW: a.width >= 1").ok)   // name taken
        #expect(s.execute("constraints").output.joined().contains("c1 (minW)"))
    }
}
