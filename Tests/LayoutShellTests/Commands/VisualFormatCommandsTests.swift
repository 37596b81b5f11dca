import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// VFL lines: the constraints a line makes, ids in Apple's order (VisualFormatCommands).
@Suite struct VisualFormatCommandsTests {
    @Test func vflLinesMakeSeveralIdsInAppleOrder() {
        let s = Session()
        run(s, "view a b")
        let r = s.execute("H:|-[a]-[b(==a)]-|")
        #expect(r.ok, "\(r.error?.text ?? "")")
        #expect(r.added.map(\.id) == ["c1", "c2", "c3", "c4"])
        #expect(r.added.map(\.text) == ["a.leading == root.leadingMargin", "b.leading == a.trailing + 8",
                                         "b.width == a.width", "root.trailingMargin == b.trailing"])
        #expect(frame(s, "a")?.width == 175.5)
        // Metrics and options.
        run(s, "metric pad = 30")
        let v = s.execute("V:|-pad-[a]-[b] alignAllLeading")
        #expect(v.ok, "\(v.error?.text ?? "")")
        #expect(v.added.map(\.text) == ["a.top == root.top + 30", "b.top == a.bottom + 8", "a.leading == b.leading"])
        // A failing VFL line adds nothing and points at Apple's caret.
        let before = fingerprint(s)
        let bad = s.execute("H:|-[a]-[zz]")
        #expect(!bad.ok && bad.error?.column != nil && bad.error!.message.contains("zz"))
        #expect(fingerprint(s) == before)
    }
}
