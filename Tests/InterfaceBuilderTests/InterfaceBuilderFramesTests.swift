import Foundation
import Testing
import InterfaceBuilder
import LayoutModel
import LayoutVocabulary
import LayoutReport
import LayoutShell

/// The screen a scene is laid out on, as Interface Builder showed it when it stored the
/// frames: the bars it simulates (opaque ones, and `edgesForExtendedLayout`, keep the view out
/// from under them), the root's own layout margins raised to the system minimum, the status
/// bar of the Xcode that saved the file, the Any/Any canvas's margins, and controls whose
/// alignment rectangle is not their frame. Each fixture stores the frames computed here by
/// hand, so an import that agrees reports no misplaced view.
@Suite struct InterfaceBuilderFramesTests {
    func imported(_ file: String, _ selection: String? = nil) -> (Session, CommandResult) {
        let session = Session()
        let result = session.execute("import \(Fixtures.path(file))" + (selection.map { " \($0)" } ?? ""))
        return (session, result)
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    func says(_ result: CommandResult, _ text: String) -> Bool { result.output.contains { $0.contains(text) } }

    @Test func barsReadWithTheirOpacityAndExtendedEdges() throws {
        let document = try IBReader.read(Fixtures.text("OpaqueBars.storyboard"))
        let controllers = document.scenes.compactMap(\.controller)
        let tab = try #require(controllers.first { $0.element == "tabBarController" })
        #expect(tab.opaqueBottomBar && !tab.opaqueTopBar)
        let opaque = try #require(controllers.first { $0.id == "Opq-Nv-001" })
        #expect(opaque.opaqueTopBar)
        let translucent = try #require(controllers.first { $0.id == "Trn-Nv-001" })
        #expect(!translucent.opaqueTopBar)
        let filters = try #require(controllers.first { $0.id == "Flt-Vc-001" })
        #expect(filters.extendsUnderTopBar && !filters.extendsUnderBottomBar && !filters.extendsUnderOpaqueBars)
        let pager = try #require(controllers.first { $0.id == "Pgr-Vc-001" })
        #expect(pager.extendsUnderTopBar && pager.extendsUnderBottomBar)
    }

    @Test func opaqueBarsLeaveNoSafeAreaInset() {
        let (session, result) = imported("OpaqueBars.storyboard", "Pager")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // An iPhone SE (375x667) in a tab bar controller whose tab bar is opaque, in a
        // navigation controller whose bar is opaque: the view starts below the navigation bar
        // (20 + 44 = 64 down) and ends above the tab bar (49 up), 667 - 64 - 49 = 554 tall, as
        // IB stored it; neither bar nor the status bar covers any of it, so the safe area is
        // the whole view and the page view pinned to the old guides fills it.
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 375, height: 554))
        #expect(frame(session, "root.safeArea") == Frame(x: 0, y: 0, width: 375, height: 554))
        #expect(frame(session, "pages") == Frame(x: 0, y: 0, width: 375, height: 554))
        #expect(says(result, "an opaque navigation bar (the view starts below it: safe area top 0)"))
        #expect(says(result, "an opaque tab bar (the view ends above it: safe area bottom 0)"))
        #expect(!says(result, "misplaced"))
    }

    @Test func extendedLayoutIncludesOpaqueBarsReachesUnderThem() throws {
        // The Pager scene again, its controller now `extendedLayoutIncludesOpaqueBars="YES"`:
        // its view reaches under both opaque bars, so they are in its safe area again, the
        // status bar and navigation bar at the top (20 + 44) and the tab bar at the bottom (49).
        let text = try Fixtures.text("OpaqueBars.storyboard").replacingOccurrences(
            of: "<viewController storyboardIdentifier=\"Pager\"", with: "<viewController extendedLayoutIncludesOpaqueBars=\"YES\" storyboardIdentifier=\"Pager\"")
        let (session, result) = Fixtures.imported(text: text, "Pager")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(session.model.safeAreaInsets == EdgeInsets(top: 64, left: 0, bottom: 49, right: 0))
        #expect(says(result, "a navigation bar (safe area top 20+44) and a tab bar (safe area bottom 0+49)"))
    }

    @Test func edgesForExtendedLayoutWithoutTheBottomStopAboveTheTabBar() {
        let (session, result) = imported("OpaqueBars.storyboard", "Filters")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // Under a translucent navigation bar the view reaches the top of the screen: the safe
        // area starts at 20 + 44 = 64. Its `edgesForExtendedLayout` is the top only (and the
        // tab bar is opaque): it ends above the tab bar, 667 - 49 = 618 tall, safe area
        // bottom 0. The stack sits on the top guide: y = 64. Its segmented control is stored
        // 375x32, but its alignment rectangle, which the stack places, is a point shorter
        // (31), so the label (21 high) follows at 31 and the stack is 31 + 21 = 52 high; the
        // results view fills the rest: y = 64 + 52 = 116, height 618 - 116 = 502.
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 375, height: 618))
        #expect(frame(session, "root.safeArea") == Frame(x: 0, y: 64, width: 375, height: 554))
        #expect(frame(session, "stackView") == Frame(x: 0, y: 64, width: 375, height: 52))
        #expect(frame(session, "segmentedControl") == Frame(x: 0, y: 0, width: 375, height: 31))
        #expect(frame(session, "noFiltersLabel") == Frame(x: 0, y: 31, width: 375, height: 21))
        #expect(frame(session, "results") == Frame(x: 0, y: 116, width: 375, height: 502))
        #expect(says(result, "a navigation bar (safe area top 20+44)"))
        #expect(says(result, "an opaque tab bar (the view ends above it: safe area bottom 0)"))
        #expect(!says(result, "misplaced"))
    }

    @Test func rootMarginsRaisedToTheMinimumUnderAnOlderStatusBar() {
        let (session, result) = imported("RootMargins.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // Xcode 11 (tools version 15505) showed an iPhone 11 (414x896) with iOS 13's 44-point
        // status bar: with the navigation bar the safe area starts at 44 + 44 = 88. The root's
        // own margins (top 20, leading 8, trailing 30) are raised at the sides to the 20 a
        // 414-point screen keeps: leading 20, trailing 30. The panel on the margins: x = 20,
        // y = 88 + 20 = 108, width = 414 - 20 - 30 = 364, height 100.
        #expect(session.model.safeAreaInsets == EdgeInsets(top: 88, left: 0, bottom: 34, right: 0))
        #expect(frame(session, "panel") == Frame(x: 20, y: 108, width: 364, height: 100))
        #expect(says(result, "the status bar of an iPhone11 is 44 points in a file saved before Xcode 12"))
        #expect(!says(result, "misplaced"))
    }

    @Test func viewsPreserveTheRootsMarginsAndInsetTheirsFromTheSafeArea() {
        // An iPhone 8 (375x667) under a navigation bar: safe area top 20 + 44 = 64, root
        // margins 0,16,0,16 (inside the safe area: 64,16,0,16). The red view (at 0,64, 375 wide,
        // half of 667 - 64 = 301.5 high) preserves them: the root's 16 reach 16 into it at
        // the sides, so the yellow view on its margins is at 16,8, 375 - 32 = 343 wide. The
        // stack below (at 0,365.5) preserves them too and, with margins and its first view
        // inside them, arranges in its margins: (343 - 8) / 2 = 167.5 each, the second at
        // 16 + 167.5 + 8 = 191.5.
        let (session, result) = imported("PreservedMargins.storyboard", "Margins")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(frame(session, "yellowView") == Frame(x: 16, y: 8, width: 343, height: 285.5))
        #expect(frame(session, "blueView") == Frame(x: 16, y: 8, width: 167.5, height: 285.5))
        #expect(frame(session, "greenView") == Frame(x: 191.5, y: 8, width: 167.5, height: 285.5))
        #expect(session.model.view("redView")?.preservesSuperviewMargins == true)
        #expect(!says(result, "misplaced"))
        // Two headers across the top under the 20-point status bar: the one that insets its
        // margins from its safe area (covering 20 of it) has its title at 8 + 20 = 28; the one
        // with insetsLayoutMarginsFromSafeArea NO at 8.
        let (headers, read) = imported("PreservedMargins.storyboard", "Headers")
        #expect(read.ok, "\(read.error?.message ?? "")")
        #expect(frame(headers, "insetTitle") == Frame(x: 8, y: 28, width: 100, height: 20))
        #expect(frame(headers, "plainTitle") == Frame(x: 8, y: 8, width: 100, height: 20))
        #expect(headers.model.view("plainHeader")?.insetsMarginsFromSafeArea == false)
        #expect(!says(read, "misplaced"))
    }

    @Test func theAnyAnyCanvasKeepsTwentyAtItsSides() {
        let (session, result) = imported("AnyCanvas.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // Xcode 7's 600x600 Any/Any canvas is as wide as a regular screen: the root's side
        // margins are 20. The field sits 16 inside them: x = 20 + 16 = 36, width = 600 - 72 =
        // 528; 32 below the top guide, which ends under the 20-point status bar: y = 52.
        #expect(frame(session, "textToEncodeField") == Frame(x: 36, y: 52, width: 528, height: 30))
        #expect(!says(result, "misplaced"))
    }

    @Test func appKitControlsArePlacedByTheirAlignmentRectangles() throws {
        let document = try IBReader.read(Fixtures.text("AppKitControls.storyboard"))
        let button = try #require(document.scenes.first?.controller?.view?.subviews.first { $0.id == "Mac-Bt-001" })
        #expect(button.appKitCell == IBAppKitCell(element: "buttonCell", type: "push", bezelStyle: "rounded", bordered: true))
        let (session, result) = imported("AppKitControls.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // A 400x200 AppKit view (frames stored from its bottom; here from the top). The bezeled
        // field is its frame: 20,20, 96x22 (stored y = 200 - 20 - 22 = 158). The label's text
        // is 2 in from its frame at each side: stored 13x18 at x 122, it is 9 wide at
        // 96 + 20 + 8 = 124, centred on the field: y = 31 - 9 = 22. The check box (stored 80
        // wide at 139) starts 2 in: 124 + 9 + 8 = 141, 78 wide, y 22. The push button's bezel
        // (Xcode 9: 4 below the frame's top, 7 above its bottom, 6 in at the sides) is
        // 108x21 at 20, 20 + 22 + 20 = 62 (stored 14, 200 - 58 - 32 = 110). The slider, 2 in
        // all round (stored 204x19), 200x15 at 20, 62 + 21 + 12 = 95.
        #expect(frame(session, "countField") == Frame(x: 20, y: 20, width: 96, height: 22))
        #expect(frame(session, "plusLabel") == Frame(x: 124, y: 22, width: 9, height: 18))
        #expect(frame(session, "enabledBox") == Frame(x: 141, y: 22, width: 78, height: 18))
        #expect(frame(session, "resetButton") == Frame(x: 20, y: 62, width: 108, height: 21))
        #expect(frame(session, "volumeSlider") == Frame(x: 20, y: 95, width: 200, height: 15))
        #expect(!says(result, "misplaced"))
    }

    @Test func pushButtonsOfMacOS11AreShorterBezels() throws {
        // The same file saved by Xcode 12 or later: macOS 11's push button bezel is 5 below
        // the frame's top, 7 above its bottom and 7 in at the sides, so the stored 120x32 at
        // 14,58 (from the top) is a 106x20 bezel at 21,63. The constraints still put it 20 in
        // and 20 below the field (62): a point off both ways, which the import reports.
        let text = try Fixtures.text("AppKitControls.storyboard").replacingOccurrences(of: "toolsVersion=\"11542\"", with: "toolsVersion=\"21507\"")
        let (session, result) = Fixtures.imported(text: text)
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(frame(session, "resetButton") == Frame(x: 20, y: 62, width: 106, height: 20))
        #expect(says(result, "misplaced: resetButton: the file has 21,63,106,20, the constraints give 20,62,106,20"))
    }

    @Test func tableCellsBeforeXcode9KeepEightAllRound() {
        let (session, result) = imported("OldTableCell.xib")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // An Xcode 8 cell (tools version 11762), 375x60, its content view 59.5 high (the
        // separator): before iOS 11 its margins were 8 on every side. The switch on the
        // leading and top margins: 8,8 (49 wide to Auto Layout, its stored 51 less the 2 at
        // its right). The label on the trailing and bottom margins: x = 375 - 8 - 100 = 267,
        // y = 59.5 - 8 - 20.5 = 31.
        #expect(frame(session, "toggleCell.contentView") == Frame(x: 0, y: 0, width: 375, height: 59.5))
        #expect(frame(session, "switch") == Frame(x: 8, y: 8, width: 49, height: 31))
        #expect(frame(session, "notificationsLabel") == Frame(x: 267, y: 31, width: 100, height: 20.5))
        #expect(!says(result, "misplaced"))
    }

    @Test func standardSpaceToTheSafeAreaIsNone() {
        let (session, result) = imported("StandardSpacing.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // An iPhone 8 (375x667) with no bars: the safe area is the view below the 20-point
        // status bar. IB stores "standard" (symbolic) spaces to the safe area as 20 or 8, or
        // with no constant, yet lays the views flush against it: the label pinned 20 from
        // both sides is 0,323 and 375 wide (centred: (667 - 21) / 2 = 323), the footer on the
        // bottom "+ 8" ends at 667 (y = 667 - 100 = 567; 16 in from the root's margins), the
        // stack on the top with no constant starts at 20.
        #expect(frame(session, "detail") == Frame(x: 0, y: 323, width: 375, height: 21))
        #expect(frame(session, "footer") == Frame(x: 16, y: 567, width: 343, height: 100))
        #expect(frame(session, "column")?.y == 20)
        #expect(!says(result, "misplaced"))
    }

    @Test func standardSpaceToTheSafeAreaTellsWhereItsEdgeIs() throws {
        // The same scene with the stack stored at y 44 (as Xcode 11 stored scenes whose
        // navigation bar it drew at the top of the screen): its standard space to the safe
        // area is none, so the safe area's top is read from it, 44, a value a screen has.
        let text = try Fixtures.text("StandardSpacing.storyboard").replacingOccurrences(
            of: "<rect key=\"frame\" x=\"0.0\" y=\"20\" width=\"375\" height=\"163\"/>",
            with: "<rect key=\"frame\" x=\"0.0\" y=\"44\" width=\"375\" height=\"163\"/>")
        let (session, result) = Fixtures.imported(text: text)
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(session.model.safeAreaInsets.top == 44)
        #expect(frame(session, "column")?.y == 44)
        #expect(!says(result, "misplaced: column"))
    }

    @Test func centredStackInsideItsMarginsIsMarginRelative() {
        let (session, result) = imported("StandardSpacing.storyboard")
        // The vertical stack sets 8-point layout margins and no layoutMarginsRelativeArrangement,
        // yet IB stored its first view 8 down: it was laid out inside its margins. Across the
        // axis the views are centred, so only the start along the axis tells. The switch's
        // alignment rectangle (49 of its 51 points) is centred in the 375 - 16 = 359 between
        // the margins: x = 8 + (359 - 49) / 2 = 163, y = 8; the box 16 below it at
        // 8 + 31 + 16 = 55, x = 8 + (359 - 100) / 2 = 137.5; the stack is
        // 8 + 31 + 16 + 100 + 8 = 163 tall.
        #expect(says(result, "column has layout margins and its views start inside them"))
        #expect(frame(session, "column") == Frame(x: 0, y: 20, width: 375, height: 163))
        #expect(frame(session, "toggle") == Frame(x: 163, y: 8, width: 49, height: 31))
        #expect(frame(session, "box") == Frame(x: 137.5, y: 55, width: 100, height: 100))
    }

    @Test func arrangedScrollViewSizesItsContentByItsEdgeConstraints() {
        let (session, result) = imported("ArrangedScroll.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // The scroll view is arranged in a stack (28 from the top, 8 from the bottom: 631
        // tall; the heading takes its 20.5, the spacing 8, so the scroll view is 602.5 tall).
        // The edge constraints of the equal-spacing stack inside it are about its content
        // area, so they give the content size and leave the stack its own height,
        // 120 + 8 + 120 = 248 (not 602.5 - 20 = 582.5); the content is 248 + 20 = 268 tall.
        #expect(frame(session, "pager") == Frame(x: 0, y: 28.5, width: 375, height: 602.5))
        #expect(frame(session, "pictures") == Frame(x: 0, y: 0, width: 375, height: 248))
        #expect(frame(session, "star") == Frame(x: 127.5, y: 128, width: 120, height: 120))
        #expect(session.model.contentSize(of: "pager")?.height == 268)
        #expect(!says(result, "misplaced"))
    }
}
