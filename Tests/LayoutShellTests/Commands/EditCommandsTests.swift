import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Changing constraints: `.constant`, `.priority`, `remove`, `activate`, `deactivate` (EditCommands).
@Suite struct EditCommandsTests {
    @Test func constantAndPriorityChanges() {
        let s = Session()
        run(s, "view a\na.width == 100 @500\na.width == 50 @400")
        #expect(frame(s, "a")?.width == 100)
        let r = s.execute("c1.constant = 120")
        #expect(r.changed.map(\.text) == ["a.width == 120 @500"] && r.changed.first?.before == "a.width == 100 @500")
        #expect(frame(s, "a")?.width == 120)
        run(s, "c2.priority = 600")
        #expect(frame(s, "a")?.width == 50)
        let bad = s.execute("c2.priority = 1000")
        #expect(!bad.ok && bad.error!.message == "c2 is optional (@600), and Auto Layout cannot make an installed optional constraint required")
        #expect(bad.error?.column == 15)
        #expect(!s.execute("c2.priority = 0").ok)
        #expect(!s.execute("c2.priority = 5000").ok)
    }

    @Test func removeAndActivate() {
        let s = Session()
        run(s, "view card\nview a in card\ncard.width == 100\na.width == card.width\na.height == 5")
        #expect(s.execute("deactivate c1").ok)
        #expect(s.model.constraint("c1")?.isActive == false)
        #expect(s.execute("constraints").output.first { $0.contains("c1") }!.contains("inactive"))
        #expect(s.execute("activate c1").ok)
        #expect(frame(s, "a")?.width == 100)
        let r = s.execute("remove c3")
        #expect(r.removed.map(\.id) == ["c3"])
        let v = s.execute("remove card")
        #expect(v.viewsRemoved == ["card", "a"])
        #expect(v.removed.map(\.id) == ["c1", "c2"])
        #expect(s.model.viewOrder == ["root"])
        #expect(!s.execute("remove root").ok)
        #expect(!s.execute("remove c99").ok)
    }
}
