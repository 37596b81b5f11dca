import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `root` and `view`: the window's size and the forms of `view` (ViewCommands).
@Suite struct ViewCommandsTests {
    @Test func rootResizes() {
        let s = Session()
        #expect(frame(s, "root") == Frame(x: 0, y: 0, width: 375, height: 667))
        let r = s.execute("root 320x480")
        #expect(r.ok && frame(s, "root") == Frame(x: 0, y: 0, width: 320, height: 480))
        #expect(s.model.constraintOrder.isEmpty)
        #expect(r.renderText().contains("root is now 320x480"))
    }

    @Test func viewForms() {
        let s = Session()
        run(s, "view a b c\nview d in b\nview label intrinsic 120x21\nview w intrinsic 50x-\nview h in d intrinsic -x30")
        #expect(s.model.viewOrder == ["root", "a", "b", "c", "d", "label", "w", "h"])
        #expect(s.model.view("d")?.parent == "b")
        #expect(s.model.view("h")?.parent == "d")
        #expect(s.model.view("w")?.intrinsicHeight == nil && s.model.view("w")?.intrinsicWidth == 50)
        #expect(s.model.view("h")?.intrinsicWidth == nil && s.model.view("h")?.intrinsicHeight == 30)
        #expect(frame(s, "label")?.width == 120)
        // Changing an existing view's intrinsic size.
        let changed = s.execute("view label intrinsic 200x21")
        #expect(changed.ok)
        #expect(frame(s, "label")?.width == 200)
        // The report says what changed (it printed only the frames before).
        #expect(changed.renderText().contains("label's intrinsic size is now 200x21"))
        #expect(s.execute("view label intrinsic -x30").renderText().contains("label's intrinsic size is now -x30"))
        #expect(s.execute("view label intrinsic -x-").renderText().contains("label has no intrinsic size now"))
    }
}
