import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `view NAME frame …`, autoresizing masks under a root resize (hand-computed: the growth of
/// the superview is shared among the flexible parts in proportion to their sizes, as UIKit's
/// logs show: reference §3), and the forgotten-translatesAutoresizingMaskIntoConstraints conflict.
@Suite struct AutoresizingCommandsTests {
    func frame(_ s: Session, _ view: String) -> [Double] {
        let f = s.model.frame(of: view)!
        return [f.x, f.y, f.width, f.height].map { ($0 * 1e6).rounded() / 1e6 }
    }

    @Test func aFrameIsHeldInUIKitsForm() {
        let s = Session()
        let result = s.execute("view a frame 20,30,100,50")
        #expect(result.ok)
        #expect(result.added.map(\.text) == ["h=--& v=--& a.minX == 20", "h=--& v=--& a.width == 100",
                                            "h=--& v=--& a.minY == 30", "h=--& v=--& a.height == 50"])
        #expect(frame(s, "a") == [20, 30, 100, 50])
        #expect(s.model.ambiguity().isEmpty)
    }

    @Test func masksUnderARootResize() {
        let s = Session()
        let results = run(s, """
            view fixed frame 20,30,100,50
            view bar frame 20,100,335,44
            bar.autoresizing = flexibleWidth
            view centered frame 137.5,300,100,50
            centered.autoresizing = flexibleLeftMargin flexibleRightMargin
            view footer frame 0,617,375,50
            footer.autoresizing = flexibleTopMargin flexibleWidth
            view all frame 75,100,150,200
            all.autoresizing = flexibleLeftMargin flexibleWidth flexibleRightMargin flexibleTopMargin flexibleHeight flexibleBottomMargin
            """)
        #expect(results.allSatisfy { $0.ok })
        #expect(s.model.constraint("bar.autoresizing.width")?.text == "h=-&- v=--& bar.width == root.width - 40")
        #expect(s.model.constraint("centered.autoresizing.minX")?.text == "h=&-& v=--& centered.minX == 0.5 * root.width - 50")
        #expect(s.model.constraint("footer.autoresizing.minY")?.text == "h=-&- v=&-- footer.minY == root.height - 50")
        _ = s.execute("root 500x800")
        #expect(frame(s, "fixed") == [20, 30, 100, 50])
        #expect(frame(s, "bar") == [20, 100, 460, 44])
        #expect(frame(s, "centered") == [200, 300, 100, 50])
        #expect(frame(s, "footer") == [0, 750, 500, 50])
        let scaled: [Double] = [100, 100.0 * 800 / 667, 200, 200.0 * 800 / 667]
        let expectedAll = scaled.map { ($0 * 1e6).rounded() / 1e6 }
        #expect(frame(s, "all") == expectedAll)
        // A new mask is made from the frame as it is now.
        _ = s.execute("fixed.autoresizing = flexibleRightMargin")
        _ = s.execute("root 375x667")
        #expect(frame(s, "fixed") == [20, 30, 100, 50])
        #expect(frame(s, "bar") == [20, 100, 335, 44])
    }

    /// The classic mistake: the frame's `minY == 20` against a constraint to the safe area
    /// (reference L6), with UIKit's note, and a fix that names the property.
    @Test func theForgottenTranslatesAutoresizingMaskConflict() {
        let s = Session()
        _ = run(s, "view table frame 0,20,375,600\nsafearea 44,0,34,0")
        let result = s.execute("table.top == root.safeArea.top")
        #expect(result.conflicts.count == 1)
        let conflict = result.conflicts[0]
        #expect(conflict.constraints.map(\.id) == ["table.autoresizing.minY", "root.UIViewSafeAreaLayoutGuide-top", "c1"])
        #expect(conflict.note == "(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)")
        #expect(conflict.fix?.contains("table.translatesAutoresizingMask = false") == true)
        let text = result.renderText(width: 200)
        #expect(text.contains("(Note: If you're seeing NSAutoresizingMaskLayoutConstraints"))
        let explained = s.execute("explain c1").output
        #expect(explained.contains { $0.contains("fix:") && $0.contains("table.translatesAutoresizingMask = false") })
        let fixed = s.execute("table.translatesAutoresizingMask = false")
        #expect(fixed.ok && fixed.repaired.map(\.id) == ["c1"])
        #expect(fixed.removed.count == 4)
        #expect(s.model.frame(of: "table")!.y == 44)
    }

    @Test func arrangingAViewTurnsItsTranslationOff() {
        let s = Session()
        _ = run(s, "view a frame 1,2,3,4\nstack s h a")
        #expect(s.model.autoresizing["a"] == nil)
        #expect(!s.model.constraintRecords().contains { $0.isAutoresizing })
        #expect(!s.execute("a.translatesAutoresizingMask = true").ok)
    }

    @Test func wrongInputsAreRefused() {
        let s = Session()
        _ = run(s, "view a frame 1,2,3,4\nview b")
        for (line, words) in [
            ("view c frame 1,2,3", "four numbers"), ("view c frame 1,2,x,4", "not a number"), ("view c d frame 1,2,3,4", "one view"),
            ("b.autoresizing = flexibleWidth", "does not translate"), ("a.autoresizing = flexibleWide", "flexibleWidth"),
            ("a.autoresizing = none flexibleWidth", "none"), ("remove a.autoresizing.minX", "NSAutoresizingMaskLayoutConstraint"),
            ("root.translatesAutoresizingMask = false", "root"),
        ] {
            let result = s.execute(line)
            #expect(!result.ok, "\(line) was accepted")
            #expect(result.error.map { $0.text.contains(words) } == true, "\(line): \(result.error?.text ?? "")")
        }
        #expect(s.execute("b.translatesAutoresizingMask = true").ok)
        #expect(s.model.constraint("b.autoresizing.minX")?.text == "h=--& v=--& b.minX == 0")
    }
}
