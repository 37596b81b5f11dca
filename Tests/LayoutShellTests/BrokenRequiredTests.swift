import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// What a broken required constraint does (issue 25, part 2; README, Decisions): like UIKit's
/// engine, which keeps its error in the objective at priority 1100, it still pulls above every
/// optional constraint.
@Suite struct BrokenRequiredTests {
    /// Margins 8: a and b share 375 − 8 − 8 − 8 = 351. a.width == 500 cannot hold and is broken,
    /// but it still outranks b's resistance (750): a takes all 351, b is crushed to 0 at 8 + 351
    /// + 8 = 367. Were the broken constraint gone, b's resistance would keep it at 100, a 251.
    @Test func aBrokenRequiredConstraintStillPullsAboveEveryOptionalOne() {
        let s = Session()
        let results = run(s, """
        view a
        view b intrinsic 100x20
        H:|-[a]-[b]-|
        a.width == 500
        """)
        #expect(results.last?.conflicts.first?.broken == "c4")
        #expect(frame(s, "a")?.x == 8 && frame(s, "a")?.width == 351)
        #expect(frame(s, "b")?.x == 367 && frame(s, "b")?.width == 0)
        #expect(s.model.brokenConstraints().map(\.id) == ["b.resistance.h", "c4"])
        // It holds again as soon as the others allow: on a window of 8 + 500 + 8 + 100 + 8.
        _ = s.execute("root 624x667")
        #expect(frame(s, "a")?.width == 500 && frame(s, "b")?.width == 100)
        #expect(s.model.brokenConstraints().isEmpty)
    }
}
