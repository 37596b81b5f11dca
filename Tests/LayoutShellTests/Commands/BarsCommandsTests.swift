import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
import LayoutReport

/// `bars`: the bars a view controller sits under, added to the device's insets on every
/// screen. A view pinned to the safe area shows where its top and bottom are.
@Suite struct BarsCommandsTests {
    static let pinned = """
        view a
        a.top == root.safeArea.top
        a.bottom == root.safeArea.bottom
        a.leading == root.leading
        a.trailing == root.trailing
        """

    @Test func bothBarsFollowTheDevice() {
        let s = session("device iPhone15\n" + Self.pinned + "\nbars navigation tab")
        // 59 + 44 at the top, 34 + 49 at the bottom: a from 103 to 852 - 83 = 769.
        #expect(s.model.safeAreaInsets == EdgeInsets(top: 103, left: 0, bottom: 83, right: 0))
        #expect(frame(s, "a") == Frame(x: 0, y: 103, width: 393, height: 666))
        #expect(s.execute("device iPhoneSE landscape").ok)
        // No status bar in landscape, a 32-point navigation bar; the tab bar keeps its 49.
        #expect(frame(s, "a") == Frame(x: 0, y: 32, width: 667, height: 375 - 32 - 49))
        #expect(s.execute("device iPad").ok)
        // An iPad keeps the 44-point bar in landscape and portrait: 24 + 44, 20 + 49.
        #expect(frame(s, "a") == Frame(x: 0, y: 68, width: 820, height: 1180 - 68 - 69))
    }

    @Test func barsAloneShowsAndChangesNothing() {
        let s = session("device iPhone15\nbars navigation")
        let before = s.model.undoableStateDump()
        let shown = s.execute("bars")
        #expect(shown.ok && shown.output == ["bars navigation: safe area 103,0,34,0 (navigation bar 44 over the screen's 59,0,34,0)"])
        #expect(s.model.undoableStateDump() == before)
        #expect(s.execute("bars none").ok)
        #expect(s.execute("bars").output == ["bars none: safe area 59,0,34,0"])
    }

    @Test func withoutADeviceTheBarsGoOnTheTypedInsets() {
        let s = session("safearea 20,0,0,0\n" + Self.pinned + "\nbars navigation")
        #expect(frame(s, "a") == Frame(x: 0, y: 64, width: 375, height: 603))
        #expect(s.execute("undo").ok)
        #expect(frame(s, "a") == Frame(x: 0, y: 20, width: 375, height: 647))
    }

    @Test func typedInsetsAreTheWholeSafeAreaAndClearTheBars() {
        let s = session("device iPhone15\n" + Self.pinned + "\nbars navigation")
        let result = s.execute("safearea 100,0,0,0")
        #expect(result.ok)
        #expect(result.output.first?.contains("bars none (were navigation)") == true)
        #expect(s.model.bars == .none && s.model.safeAreaInsets.top == 100)
        // The next device brings its own insets and no bar.
        #expect(s.execute("device iPhone15").ok)
        #expect(frame(s, "a") == Frame(x: 0, y: 59, width: 393, height: 759))
    }

    @Test func tabCompletesTheBars() {
        let s = Session()
        #expect(s.completions(line: "bars ", cursor: 5).candidates == ["navigation", "none", "tab"])
        #expect(s.completions(line: "bars na", cursor: 7).candidates == ["navigation"])
        #expect(s.completions(line: "ba", cursor: 2).candidates == ["bars"])
    }

    @Test func exportSaysTheBarsAreInTheSafeArea() {
        let s = session("device iPhone15\nbars navigation tab\nview a")
        let code = LayoutCodePrinter(model: s.model, language: .swift).document()
        #expect(code.contains("// The safe area there: top 103, left 0, bottom 83, right 0 (the view controller sits under a navigation bar and a tab bar)."))
        #expect(s.execute("bars none").ok)
        #expect(LayoutCodePrinter(model: s.model, language: .swift).document().contains("top 59, left 0, bottom 34, right 0.\n"))
    }

    @Test(arguments: [
        ("bars sideways", 6, "the bars are navigation, tab or none, not sideways"),
        ("bars navigation navigation", 17, "navigation is named twice"),
        ("bars tab none", 10, "none stands alone: no other bar goes with it"),
        ("bars none tab", 6, "none stands alone: no other bar goes with it"),
    ])
    func badWordsChangeNothing(line: String, column: Int, message: String) {
        let s = session("device iPhone15\nbars navigation")
        let before = s.model.undoableStateDump()
        let result = s.execute(line)
        #expect(!result.ok)
        #expect(result.error?.column == column)
        #expect(result.error?.message == message)
        #expect(result.error?.text.contains("\n") == false)
        #expect(s.model.undoableStateDump() == before)
    }
}
