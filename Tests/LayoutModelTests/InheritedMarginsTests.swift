import Testing
@testable import LayoutModel
import LayoutVocabulary

/// Margins a view takes in from where it lies: its own safe area (`insetsLayoutMarginsFromSafeArea`)
/// and its superview's margins (`preservesSuperviewLayoutMargins`), settled by `layoutText`.
/// Every frame below is worked out by hand in the comment above its check.
@Suite struct InheritedMarginsTests {
    /// Root 375x667; `a` pinned at (x, y) 200x100; `b` in `a` 10x10 at a's top and leading
    /// margins.
    func marginProbe(x: Double = 0, y: Double) throws -> LayoutModel {
        let model = LayoutModel()
        try pinned(model, "a", x, y, 200, 100)
        try model.addView("b", in: "a")
        try model.addConstraint(spec("b", .top, .equal, "a", .topMargin))
        try model.addConstraint(spec("b", .leading, .equal, "a", .leadingMargin))
        try model.addConstraint(spec("b", .width, c: 10))
        try model.addConstraint(spec("b", .height, c: 10))
        return model
    }

    @Test func aViewUnderTheStatusBarMeasuresItsMarginsFromItsSafeArea() throws {
        let model = try marginProbe(y: 0)
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        model.layoutText()
        // a covers the 20 unsafe points at the top: its safe area is 20,0,0,0 and its top
        // margin 8 + 20, so b sits at (8, 28) in a.
        #expect(model.safeAreaInsets(of: "a") == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(model.effectiveMargins(of: "a") == EdgeInsets(top: 28, left: 8, bottom: 8, right: 8))
        #expect(model.frame(of: "b") == Frame(x: 8, y: 28, width: 10, height: 10))
        // Moved 5 down, a covers 15 of them: 8 + 15 = 23.
        try model.setConstant("c2", 5)
        model.layoutText()
        #expect(model.frame(of: "b")?.y == 23)
        // Moved below the status bar, nothing: 8.
        try model.setConstant("c2", 30)
        model.layoutText()
        #expect(model.frame(of: "b")?.y == 8)
        #expect(model.frameDependentInsets(of: "a").isZero)
    }

    @Test func aViewPastTheRootsEdgeTakesTheRootsInsetOnly() throws {
        // a at y -10: UIKit caps its safe area at the root's 20 (not 30), so b is at 8 + 20.
        let model = try marginProbe(y: -10)
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        model.layoutText()
        #expect(model.safeAreaInsets(of: "a").top == 20)
        #expect(model.frame(of: "b")?.y == 28)
    }

    @Test func theSidesAndTheBottomCountToo() throws {
        // A landscape notch of 44 at the left and a home indicator of 21 at the bottom; a at
        // (20, 600) 200x100 in a 375x667 root covers 24 of the left band and 100 + 600 - (667
        // - 21) = 54 of the bottom one.
        let model = try marginProbe(x: 20, y: 600)
        try model.setSafeArea(EdgeInsets(top: 0, left: 44, bottom: 21, right: 0))
        model.layoutText()
        #expect(model.safeAreaInsets(of: "a") == EdgeInsets(top: 0, left: 24, bottom: 21, right: 0))
        #expect(model.effectiveMargins(of: "a") == EdgeInsets(top: 8, left: 32, bottom: 29, right: 8))
        #expect(model.frame(of: "b") == Frame(x: 32, y: 8, width: 10, height: 10))
    }

    @Test func turningInsetsFromTheSafeAreaOffKeepsTheOwnMarginsButNotTheGuide() throws {
        let model = try marginProbe(y: 0)
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        try model.setInsetsMarginsFromSafeArea("a", false)
        // a's safe-area guide still reads its safe area: 20 down, 80 high.
        try model.addView("c", in: "a")
        try model.addConstraint(spec("c", .top, .equal, "a.safeArea", .top))
        model.layoutText()
        #expect(model.frame(of: "b")?.y == 8)
        #expect(model.frame(of: "a.safeArea") == Frame(x: 0, y: 20, width: 200, height: 80))
        #expect(model.frame(of: "c")?.y == 20)
        try model.setInsetsMarginsFromSafeArea("a", true)
        model.layoutText()
        #expect(model.frame(of: "b")?.y == 28)
    }

    @Test func theRootCanStopInsettingItsMarginsToo() throws {
        let model = LayoutModel()
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(model.effectiveMargins(of: "root").top == 28)
        try model.setInsetsMarginsFromSafeArea("root", false)
        #expect(model.effectiveMargins(of: "root").top == 8)
    }

    @Test func aViewPreservingItsSuperviewsMarginsKeepsClearOfThem() throws {
        // Root margins 30; a at x 10 reaches 20 into the root's left margin and lies on its
        // top one (30): its margins become 30,20,8,8 and b sits at (20, 30).
        let model = try marginProbe(x: 10, y: 0)
        try model.setMargins("root", EdgeInsets(all: 30))
        try model.setPreservesSuperviewMargins("a", true)
        model.layoutText()
        #expect(model.frameDependentInsets(of: "a").superviewMargins == EdgeInsets(top: 30, left: 20, bottom: 0, right: 0))
        #expect(model.effectiveMargins(of: "a") == EdgeInsets(top: 30, left: 20, bottom: 8, right: 8))
        #expect(model.frame(of: "b") == Frame(x: 20, y: 30, width: 10, height: 10))
        // A margin of its own larger than the reach wins: 40 at the left.
        try model.setMargins("a", EdgeInsets(top: 8, left: 40, bottom: 8, right: 8))
        model.layoutText()
        #expect(model.frame(of: "b") == Frame(x: 40, y: 30, width: 10, height: 10))
    }

    @Test func preservedMarginsPassDownAChain() throws {
        // Root margins 30 -> a (at 0,0, preserving) gets 30 -> inner (at 0,0 in a, preserving)
        // gets 30 from a, though it lies 0 from a's edge and a's own margins are 8.
        let model = LayoutModel()
        try model.setMargins("root", EdgeInsets(all: 30))
        try pinned(model, "a", 0, 0, 200, 100)
        try pinned(model, "inner", in: "a", 0, 0, 100, 50)
        try model.addView("dot", in: "inner")
        try model.addConstraint(spec("dot", .leading, .equal, "inner", .leadingMargin))
        try model.addConstraint(spec("dot", .top, .equal, "inner", .topMargin))
        try model.setPreservesSuperviewMargins("a", true)
        try model.setPreservesSuperviewMargins("inner", true)
        let outcome = model.layoutText()
        #expect(outcome.converged && outcome.marginCycle.isEmpty)
        #expect(model.frame(of: "dot")?.x == 30 && model.frame(of: "dot")?.y == 30)
        // Without a in between passing them on, inner sees only a's own 8.
        try model.setPreservesSuperviewMargins("a", false)
        model.layoutText()
        #expect(model.frame(of: "dot")?.x == 8 && model.frame(of: "dot")?.y == 8)
    }

    @Test func aScrollViewsContentTakesNoSafeAreaInset() throws {
        // The scroll view's adjusted content inset keeps its content below the status bar, so
        // a view at the content's top has no safe area: b stays at 8.
        let model = LayoutModel()
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        try model.addScrollView("s")
        try pinned(model, "s", 0, 0, 375, 667)
        try pinned(model, "a", in: "s", 0, 0, 200, 100)
        try model.addView("b", in: "a")
        try model.addConstraint(spec("b", .top, .equal, "a", .topMargin))
        model.layoutText()
        #expect(model.frame(of: "b")?.y == 8)
        #expect(model.safeAreaInsets(of: "s").top == 20)
    }

    @Test func anyViewHasASafeAreaGuide() throws {
        let model = try marginProbe(y: 4)
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
        try model.checkItem("a.safeArea")
        try model.addView("c", in: "a")
        try model.addConstraint(spec("c", .top, .equal, "a.safeArea", .top))
        model.layoutText()
        // 20 - 4 = 16 of a is unsafe: the guide starts 16 down, 84 high.
        #expect(model.frame(of: "a.safeArea") == Frame(x: 0, y: 16, width: 200, height: 84))
        #expect(model.constraint("a.UIViewSafeAreaLayoutGuide-top")?.spec.constant == 16)
        try model.setConstant("c2", 40)
        model.layoutText()
        #expect(model.frame(of: "a.safeArea") == Frame(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func undoTakesTheSettingAndItsMarginsBack() throws {
        let model = try marginProbe(x: 10, y: 0)
        try model.setMargins("root", EdgeInsets(all: 30))
        model.layoutText()
        let before = model.undoableStateDump()
        model.beginStep()
        try model.setPreservesSuperviewMargins("a", true)
        model.layoutText()
        #expect(model.frame(of: "b")?.x == 20)
        model.rollBackStep()
        #expect(model.undoableStateDump() == before)
        #expect(model.frame(of: "b")?.x == 8)
        #expect(model.view("a")?.preservesSuperviewMargins == false)
    }

    @Test func removingAViewForgetsItsMarginSettings() throws {
        let model = try marginProbe(y: 0)
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        try model.setPreservesSuperviewMargins("a", true)
        model.layoutText()
        try model.removeView("a")
        #expect(model.frameDependentMarginViews.isEmpty)
        try pinned(model, "a", 0, 0, 200, 100)
        #expect(model.view("a")?.preservesSuperviewMargins == false)
        #expect(model.frameDependentInsets(of: "a").isZero)
    }

    @Test func anUninstalledViewComesBackWithItsSettings() throws {
        // As in aViewPreservingItsSuperviewsMarginsKeepsClearOfThem: b at (20, 30) while a
        // preserves the root's 30-point margins from x 10, and again once a is back (with its
        // settings) and laid out.
        let model = try marginProbe(x: 10, y: 0)
        try model.setMargins("root", EdgeInsets(all: 30))
        try model.setPreservesSuperviewMargins("a", true)
        try model.setInsetsMarginsFromSafeArea("a", false)
        model.layoutText()
        let stash = try model.uninstallView("a")
        #expect(model.frameDependentMarginViews.isEmpty)
        try model.reinstallView(stash)
        #expect(model.view("a")?.preservesSuperviewMargins == true && model.view("a")?.insetsMarginsFromSafeArea == false)
        model.layoutText()
        #expect(model.frame(of: "b") == Frame(x: 20, y: 30, width: 10, height: 10))
    }

    @Test func guidesAndTheRootRefuseTheSettingsTheyCannotHave() throws {
        let model = LayoutModel()
        try model.addGuide("g")
        #expect(throws: LayoutError.guideHasNoMargins("g")) { try model.setPreservesSuperviewMargins("g", true) }
        #expect(throws: LayoutError.unknownView("x")) { try model.setInsetsMarginsFromSafeArea("x", false) }
    }
}
