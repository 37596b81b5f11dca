import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `frames`, `constraints`, `broken`, `ambiguous` (InspectionCommands).
@Suite struct InspectionCommandsTests {
    @Test func inspection() {
        let s = Session()
        run(s, "view card\nview a in card")
        let f = s.execute("frames card")
        #expect(f.output.count == 3 && f.output[1].contains("card") && f.output[2].contains("a"))
        #expect(!s.execute("frames nope").ok)
        // draw and svg: Pictures/DrawTests and SVGTests; explain: ExplainTests; exercise: AmbiguityReasonTests.
        for word in [String]() {
            let r = s.execute(word)
            #expect(r.ok && r.output.count == 1 && r.output[0].contains("not yet available"))
        }
        #expect(s.execute("constraints").output == ["no constraints yet"])
    }
}
