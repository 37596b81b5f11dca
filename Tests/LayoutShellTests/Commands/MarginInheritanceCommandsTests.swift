import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `VIEW.preservesSuperviewMargins` and `VIEW.insetsMarginsFromSafeArea` (SetMarginInheritance, forms of `margins`):
/// the words, the notes, undo and save. Frames are worked out by hand in the comments.
@Suite struct MarginInheritanceCommandsTests {
    /// a pinned at the root's top-left corner, 200x100; b 10x10 at a's top and leading margins.
    static let probe = """
        view a
        view b in a
        a.top == root.top
        a.leading == root.leading + 10
        a.width == 200
        a.height == 100
        b.top == a.topMargin
        b.leading == a.leadingMargin
        b.width == 10
        b.height == 10
        """

    @Test func theSafeAreaRaisesASubviewsMarginsAndTheReportSaysWhy() {
        let s = Session()
        run(s, Self.probe)
        #expect(frame(s, "b") == Frame(x: 8, y: 8, width: 10, height: 10))
        // 20 unsafe points at the top: a covers them all, so its top margin is 8 + 20.
        let r = s.execute("safearea 20,0,0,0")
        #expect(r.ok)
        #expect(r.output.contains("a's margins are now 28,8,8,8 (were 8,8,8,8): its safe area 20,0,0,0"))
        #expect(frame(s, "b") == Frame(x: 8, y: 28, width: 10, height: 10))
        // The guide constraints the layout rewrote are the margins' business, not listed.
        #expect(!r.renderText().contains("changed a.UIView-topMargin-guide-constraint"))
        let off = s.execute("a.insetsMarginsFromSafeArea = false")
        #expect(off.output == ["a.insetsMarginsFromSafeArea is now false (was true)", "a's margins are now 8,8,8,8 (were 28,8,8,8)"])
        #expect(frame(s, "b")?.y == 8)
        #expect(s.execute("undo").ok)
        #expect(frame(s, "b")?.y == 28)
    }

    @Test func preservingTheSuperviewsMarginsIsOneUndoableStep() {
        let s = Session()
        run(s, Self.probe + "\nroot.margins = 30")
        // a lies 10 from the root's left edge and on its top one: the root's margins reach
        // 20 and 30 into it, so b moves to (20, 30).
        let r = s.execute("a.preservesSuperviewMargins = true")
        #expect(r.output == ["a.preservesSuperviewMargins is now true (was false)",
                             "a's margins are now 30,20,8,8 (were 8,8,8,8): root's margins reach 30,20,0,0 into it"])
        #expect(frame(s, "b") == Frame(x: 20, y: 30, width: 10, height: 10))
        // Moving a moves its margins with it: 30 from the left edge, no reach there.
        #expect(s.execute("c2.constant = 30").ok)
        #expect(frame(s, "b") == Frame(x: 8, y: 30, width: 10, height: 10))
        #expect(s.execute("undo 2").ok)
        #expect(frame(s, "b") == Frame(x: 8, y: 8, width: 10, height: 10))
        #expect(s.model.view("a")?.preservesSuperviewMargins == false)
    }

    @Test func UIKitsNamesAreAcceptedToo() {
        let s = Session()
        run(s, Self.probe + "\nroot.margins = 30")
        #expect(s.execute("a.preservesSuperviewLayoutMargins = true").ok)
        #expect(s.model.view("a")?.preservesSuperviewMargins == true)
        #expect(s.execute("a.insetsLayoutMarginsFromSafeArea = false").ok)
        #expect(s.model.view("a")?.insetsMarginsFromSafeArea == false)
    }

    @Test func aSavedSessionKeepsTheSettings() throws {
        let s = Session()
        run(s, Self.probe + "\nroot.margins = 30\nsafearea 20,0,0,0\na.preservesSuperviewMargins = true")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("margins-\(UUID().uuidString).lal").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(s.execute("save \(file)").ok)
        let t = Session()
        #expect(t.execute("load \(file)").ok)
        // Root margins 30 + safe area 20 reach 50 into a at the top; 20 at the left.
        #expect(frame(t, "b") == Frame(x: 20, y: 50, width: 10, height: 10))
        #expect(frame(t, "b") == frame(s, "b"))
    }

    @Test func aViewsSafeAreaIsAConstraintItem() {
        let s = Session()
        run(s, Self.probe + "\nsafearea 30,0,0,0\nview c in a\nc.top == a.safeArea.top")
        #expect(frame(s, "a.safeArea") == Frame(x: 0, y: 30, width: 200, height: 70))
        #expect(frame(s, "c")?.y == 30)
        // UIKit's constraint follows the setting, not an edit.
        let r = s.execute("a.UIViewSafeAreaLayoutGuide-top.constant = 5")
        #expect(!r.ok)
    }

    @Test(arguments: [
        ("root.preservesSuperviewMargins = true", 1, "the root has no superview"),
        ("a.preservesSuperviewMargins = maybe", 31, "is true or false"),
        ("a.insetsMarginsFromSafeArea true", 29, "'='"),
        ("zz.insetsMarginsFromSafeArea = false", 1, "zz"),
    ])
    func badInputNamesTheColumnAndChangesNothing(_ line: String, _ column: Int, _ words: String) {
        let s = Session()
        run(s, Self.probe)
        let before = s.model.undoableStateDump()
        let r = s.execute(line)
        #expect(!r.ok)
        #expect(r.error?.column == column, "\(line)")
        #expect(r.error?.text.contains(words) == true, "\(r.error?.text ?? "")")
        #expect(s.model.undoableStateDump() == before)
    }

    @Test func completionAndHelpKnowTheWords() {
        let s = Session()
        run(s, "view alpha")
        #expect(s.completions(line: "alpha.preservesS", cursor: 16).candidates.contains("preservesSuperviewMargins"))
        #expect(s.completions(line: "alpha.insetsM", cursor: 13).candidates == ["insetsMarginsFromSafeArea"])
        // The root has no superview: it can stop insetting its margins, not preserve any.
        #expect(s.completions(line: "root.insetsM", cursor: 12).candidates == ["insetsMarginsFromSafeArea"])
        #expect(s.completions(line: "root.pres", cursor: 9).candidates.isEmpty)
        // A form of the margins topic: `help margins` and UIKit's name lead to it.
        for topic in ["margins", "preservesSuperviewMargins", "insetsLayoutMarginsFromSafeArea"] {
            let help = s.execute("help \(topic)")
            #expect(help.ok && help.output.joined(separator: "\n").contains("VIEW.insetsMarginsFromSafeArea = true|false"), "\(topic)")
        }
    }
}
