import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import LayoutReport
import LayoutShell

/// `import FILE.storyboard [SCENE]` and `import FILE.xib [N]` on the fixtures: the frames the
/// session solves equal the ones computed by hand (and the ones the fixture stores), the
/// notes say what was read and what IB judged differently, and `lint` points at the lines.
@Suite struct InterfaceBuilderImportTests {
    func imported(_ file: String, _ selection: String? = nil) -> (Session, CommandResult) {
        let session = Session()
        let result = session.execute("import \(Fixtures.path(file))" + (selection.map { " \($0)" } ?? ""))
        return (session, result)
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    @Test func launchScreen() {
        let (session, result) = imported("LaunchScreen.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // iPhone SE (retina4_7): 375x667. The label (68x21, its stored size) is centred:
        // x = (375 - 68) / 2 = 153.5, y = (667 - 21) / 2 = 323. The logo (the image's 100x40)
        // sits 20 above the safe area's bottom, which is the screen's (no home indicator):
        // y = 667 - 20 - 40 = 607, x = (375 - 100) / 2 = 137.5.
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 375, height: 667))
        #expect(frame(session, "myAppLabel") == Frame(x: 153.5, y: 323, width: 68, height: 21))
        #expect(frame(session, "imageView") == Frame(x: 137.5, y: 607, width: 100, height: 40))
        #expect(result.output.contains { $0.contains("2 views, 4 of 4 constraints installed") })
        #expect(!result.output.contains { $0.contains("misplaced") })
        #expect(result.ambiguous.isEmpty)
        // One undo step takes the whole import back.
        _ = session.execute("undo")
        #expect(session.model.viewOrder == ["root"])
    }

    @Test func loginFormWithStackAndSafeArea() {
        let (session, result) = imported("LoginForm.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // The initial controller is a navigation controller: its root scene (2) is imported,
        // and the scenes are listed.
        #expect(result.output.contains { $0.contains("* 2  LoginViewController  id Login") })
        #expect(result.output.contains { $0.contains("1  UINavigationController") && $0.contains("no view of its own") })
        // iPhone 14 (retina6_12): 390x844, status bar 47 + navigation bar 44 = a safe area
        // from y = 91. The stack: 20 below it (y = 111), on the root's margins (16 on a
        // compact width): x = 16, width = 390 - 32 = 358; height = 34 + 12 + 34 + 12 + 35 = 127.
        #expect(frame(session, "root.safeArea") == Frame(x: 0, y: 91, width: 390, height: 844 - 91 - 34))
        #expect(frame(session, "stackView") == Frame(x: 16, y: 111, width: 358, height: 127))
        #expect(frame(session, "emailField") == Frame(x: 0, y: 0, width: 358, height: 34))
        #expect(frame(session, "passwordField") == Frame(x: 0, y: 46, width: 358, height: 34))
        #expect(frame(session, "signInButton") == Frame(x: 0, y: 92, width: 358, height: 35))
        #expect(!result.output.contains { $0.contains("misplaced") })
    }

    @Test func scenesByIdentifierClassAndNumber() {
        let (byIdentifier, first) = imported("LoginForm.storyboard", "Welcome")
        #expect(first.ok)
        // No bars over this scene: the safe area starts under the status bar (47); the label
        // (114 x 20.333) is centred: x = (390 - 114) / 2 = 138, y = (844 - 20.333) / 2.
        #expect(frame(byIdentifier, "welcomeBackLabel")?.x == 138)
        #expect(abs((frame(byIdentifier, "welcomeBackLabel")?.y ?? 0) - (844 - 20.333333333333332) / 2) < 1e-9)
        let (_, byClass) = imported("LoginForm.storyboard", "WelcomeViewController")
        #expect(byClass.ok)
        let (_, byNumber) = imported("LoginForm.storyboard", "3")
        #expect(byNumber.ok)
        let (container, refused) = imported("LoginForm.storyboard", "1")
        #expect(!refused.ok)
        #expect(refused.error?.message.contains("has no view of its own") == true)
        #expect(container.model.viewOrder == ["root"])
        let (_, missing) = imported("LoginForm.storyboard", "9")
        #expect(missing.error?.message == "there is no scene 9: the storyboard has 3 (1 to 3)")
    }

    /// Xcode 16's iPhone 16 Pro (`retina6_3`, 402x874): the scene takes that screen, with its
    /// 62-point top.
    @Test func anIPhone16ProScene() throws {
        let text = try Fixtures.text("LoginForm.storyboard")
            .replacingOccurrences(of: "retina6_12", with: "retina6_3")
            .replacingOccurrences(of: "width=\"390\" height=\"844\"", with: "width=\"402\" height=\"874\"")
        let (session, result) = Fixtures.imported(text: text, "Welcome")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(session.model.device?.device.name == "iPhone16Pro")
        #expect(session.model.safeAreaInsets.top == 62)
        // The label is centred on the 402x874 root: x = (402 - 114) / 2 = 144.
        #expect(frame(session, "welcomeBackLabel")?.x == 144)
    }

    /// Tab after a storyboard's name offers its scenes: numbers, identifiers, classes.
    @Test func completionOffersTheScenes() {
        let session = Session()
        let line = "import \(Fixtures.path("LoginForm.storyboard")) "
        let all = session.completions(line: line, cursor: line.count).candidates
        #expect(all == ["1", "2", "3", "Login", "LoginViewController", "UINavigationController", "Welcome", "WelcomeViewController"])
        let partial = line + "Welc"
        #expect(session.completions(line: partial, cursor: partial.count).candidates == ["Welcome", "WelcomeViewController"])
        let xib = "import \(Fixtures.path("Misplaced.xib")) "
        #expect(session.completions(line: xib, cursor: xib.count).candidates == ["1", "2", "Badge", "Card", "UIView"])
        let missing = "import /no/such/file.storyboard "
        #expect(session.completions(line: missing, cursor: missing.count).candidates.isEmpty)
    }

    /// A scene without a view says where the view is: the scenes a container holds, or the
    /// storyboard a reference stands for.
    @Test func scenesWithoutAViewSayWhereItIs() throws {
        let reference = """
                <scene sceneID="Ref-Sc-001">
                    <objects>
                        <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="Privacy" id="Ref-Vc-001" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
            """
        let text = try Fixtures.text("LoginForm.storyboard").replacingOccurrences(of: "    </scenes>", with: reference)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Ref-\(UUID().uuidString).storyboard")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let listed = Session().execute("import \(file.path)")
        #expect(listed.output.contains { $0.contains("4  UIViewControllerPlaceholder  a reference to Settings.storyboard (Privacy)") }, "\(listed.output)")
        let refused = Session().execute("import \(file.path) 4")
        #expect(refused.error?.message == "scene 4 is a reference to the scene Privacy of Settings.storyboard: its view is there")
        #expect(refused.error?.hint == "import Settings.storyboard Privacy")
        let container = Session().execute("import \(file.path) 1")
        #expect(container.error?.hint == "it holds scene 2: import FILE 2")
    }

    /// Names come from what a view shows: a title in capitals is a word (favouritesLabel), a
    /// styled label's fragments are its text, an Xcode 13 button's configuration its title.
    @Test func namesFromWhatViewsShow() {
        let (session, result) = imported("Names.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        let names = session.execute("names", report: false).names?.map(\.name) ?? []
        #expect(names.contains("favouritesLabel") && names.contains("welcomeBackLabel") && names.contains("signInButton"), "\(names)")
    }

    /// A xib's top-level view by its label or class; a scene or view named in the wrong case
    /// is refused with the name it was likely meant to be.
    @Test func pickingByNameAndNearMisses() {
        let (byLabel, badge) = imported("Misplaced.xib", "Badge")
        #expect(badge.ok, "\(badge.error?.message ?? "")")
        #expect(badge.output.first?.contains("view 2 (UIView) of a xib") == true)
        #expect(byLabel.model.viewOrder.count > 1)
        let (_, lower) = imported("Misplaced.xib", "badge")
        #expect(lower.error?.message == "no top-level view of the xib has the class or label badge")
        #expect(lower.error?.hint == "did you mean `Badge`?")
        let (_, scene) = imported("LoginForm.storyboard", "welcome")
        #expect(scene.error?.hint == "did you mean `Welcome`?")
        let (_, number) = imported("LoginForm.storyboard", "9")
        #expect(number.error?.hint == "import FILE alone lists them")
    }

    /// An error about the scene picked points at the scene word; one about the file, at its name.
    @Test func importErrorsPointAtTheWordAtFault() {
        let path = Fixtures.path("LoginForm.storyboard")
        let sceneColumn = "import \(path) ".count + 1
        for selection in ["9", "Nope", "1"] {
            let result = Session().execute("import \(path) \(selection)")
            #expect(result.error?.column == sceneColumn, "\(selection): \(result.error?.message ?? "accepted")")
        }
        let xib = Fixtures.path("Misplaced.xib")
        #expect(Session().execute("import \(xib) 7").error?.column == "import \(xib) ".count + 1)
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("Broken-\(UUID().uuidString).storyboard")
        try? "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes>"
            .write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        let truncated = Session().execute("import \(broken.path) 1")
        #expect(truncated.error != nil)
        #expect(truncated.error?.column == 8, "\(truncated.error?.message ?? "accepted")")
    }

    @Test func tableCellXib() {
        let (session, result) = imported("TableCell.xib")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // The cell is the session's cell in a 320x44 root; its content view is half a point
        // shorter (the separator at 2x): 320x43.5. The avatar (the image's 40x40) 16 from the
        // leading edge, centred: y = (43.5 - 40) / 2 = 1.75. The label 8 after it (x = 16 +
        // 40 + 8 = 64), centred: y = (43.5 - 20.5) / 2 = 11.5.
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 320, height: 44))
        #expect(frame(session, "contactCell") == Frame(x: 0, y: 0, width: 320, height: 44))
        #expect(frame(session, "contactCell.contentView") == Frame(x: 0, y: 0, width: 320, height: 43.5))
        #expect(session.model.isCell("contactCell"))
        #expect(frame(session, "avatarView") == Frame(x: 16, y: 1.75, width: 40, height: 40))
        #expect(!result.output.contains { $0.contains("misplaced") })
        #expect(frame(session, "janeAppleseedLabel") == Frame(x: 64, y: 11.5, width: 120, height: 20.5))
        let names = session.execute("names", report: false)
        #expect(names.names?.contains { $0.name == "avatarView" && $0.id == "Cel-Iv-001" && $0.className == "UIImageView" } == true)
        #expect(names.names?.contains { $0.name == "contactCell" && $0.id == "Cel-Tv-001" && $0.className == "ContactCell" } == true)
    }

    /// A container view shows the scene it embeds: the child's views inside the container,
    /// its constraints to its root and safe area made to the container. A text view that
    /// does not scroll is wrapping text; a view beside the controller is left out, with a note.
    @Test func containerViewEmbedsItsScene() {
        let (session, result) = imported("Container.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // iPhone SE: the panel under the 20-point status bar, 375 wide, 200 high: 0,20,375,200.
        // Inside it the label (its stored 50x21) centred: (375 - 50) / 2 = 162.5, (200 - 21) / 2
        // = 89.5; the notes 16 from each side (343 wide), 8 below the label: 89.5 + 21 + 8 =
        // 118.5, one line of its stored 33.
        #expect(frame(session, "panel") == Frame(x: 0, y: 20, width: 375, height: 200))
        #expect(frame(session, "childLabel") == Frame(x: 162.5, y: 89.5, width: 50, height: 21))
        #expect(frame(session, "notes") == Frame(x: 16, y: 118.5, width: 343, height: 33))
        #expect(session.model.textViews.contains("notes"))
        #expect(result.output.contains { $0.contains("3 views, 9 of 9 constraints installed") })
        #expect(result.output.contains { $0.contains("line 13: the container view shows scene 2 (ChildViewController)") })
        #expect(result.output.contains { $0.contains("line 32: a UIView beside the controller's view, not in it") })
        #expect(!result.output.contains { $0.contains("misplaced") })
        #expect(session.model.view("badge") == nil)
    }

    @Test func scrollViewWithAStack() {
        // Both scenes: iPhone SE (retina4_7), 375x667, status bar 20. The scroll view fills the
        // screen below it: 0,20,375,647. The stack is pinned to the content's four edges and is
        // as wide as the frame (375); its height is 3 x 300 + 2 x 10 = 920, so the content is
        // 375x920 and the panels, in content coordinates, are at y 0, 310 and 620.
        for (scene, style) in [("Guides", "the content and frame guides"), ("Edges", "the scroll view's own edges")] {
            let (session, result) = imported("ScrollStack.storyboard", scene)
            #expect(result.ok, "\(result.error?.message ?? "")")
            #expect(session.model.isScrollView("scrollView"), "\(style)")
            #expect(frame(session, "scrollView") == Frame(x: 0, y: 20, width: 375, height: 647), "\(style)")
            #expect(frame(session, "stackView") == Frame(x: 0, y: 0, width: 375, height: 920), "\(style)")
            #expect(frame(session, "header") == Frame(x: 0, y: 0, width: 375, height: 300), "\(style)")
            #expect(frame(session, "body") == Frame(x: 0, y: 310, width: 375, height: 300), "\(style)")
            #expect(frame(session, "footer") == Frame(x: 0, y: 620, width: 375, height: 300), "\(style)")
            let content = session.model.contentSize(of: "scrollView")
            #expect(content?.width == 375 && content?.height == 920, "\(style)")
            #expect(!result.output.contains { $0.contains("misplaced") || $0.contains("read as a plain view") }, "\(style)")
            #expect(result.ambiguous.isEmpty, "\(style)")
        }
        // The fixed-frame scroll view is held at its stored frame, and the note says so.
        let (_, edges) = imported("ScrollStack.storyboard", "Edges")
        #expect(edges.output.contains { $0.contains("held at 0,20,375,647") })
    }

    @Test func sizeClassVariations() {
        let (session, result) = imported("SizeClasses.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // iPhone SE in landscape: 667x375, compact width and height. The compact height
        // installs the 50-point height (not the 100 of Any) and the top constant 8 (not 20);
        // the footer is not installed there, with its three constraints.
        #expect(frame(session, "banner") == Frame(x: 0, y: 8, width: 667, height: 50))
        #expect(session.model.view("footer") == nil)
        #expect(result.output.contains { $0.contains("1 view, 4 of 4 constraints installed") })
        // The footer stays in the session, out of the hierarchy here: `device` and `traits` bring it back.
        #expect(result.output.contains { $0.contains("footer is installed for some size classes only (true for any, false for height=compact): not installed on this screen") })
    }

    /// The size classes stay in the session: `device` and `traits` re-apply the scene's
    /// variations (the stack's axis and spacing, the top constant), each one undo step.
    @Test func sizeClassesAreReappliedByDeviceAndTraits() {
        let (session, result) = imported("AdaptiveStack.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // iPhone SE portrait (compact width, regular height): the stack is vertical, spacing
        // 10, 20 below the safe area's top (20): 16,40, 375 - 32 = 343 wide, 50 + 10 + 50 high.
        #expect(frame(session, "pair") == Frame(x: 16, y: 40, width: 343, height: 110))
        #expect(frame(session, "second") == Frame(x: 0, y: 60, width: 343, height: 50))
        #expect(!result.output.contains { $0.contains("misplaced") })
        // Landscape: compact height, so horizontal, spacing 20, top 8 on a safe area that
        // starts at 0: 667 - 32 = 635 wide, each (635 - 20) / 2 = 307.5, the second at 327.5.
        _ = session.execute("device iPhoneSE landscape")
        #expect(frame(session, "pair") == Frame(x: 16, y: 8, width: 635, height: 50))
        #expect(frame(session, "second") == Frame(x: 327.5, y: 0, width: 307.5, height: 50))
        _ = session.execute("undo")
        #expect(frame(session, "second") == Frame(x: 0, y: 60, width: 343, height: 50))
        // The same classes by hand, on the portrait screen: 343 wide, each (343 - 20) / 2 =
        // 161.5; top 20 + 8.
        _ = session.execute("traits height=compact")
        #expect(frame(session, "pair") == Frame(x: 16, y: 28, width: 343, height: 50))
        #expect(frame(session, "second") == Frame(x: 181.5, y: 0, width: 161.5, height: 50))
        #expect(session.execute("vary").output.contains("  pair.axis = h   (v for any, h for height=compact)"))
    }

    /// Constraints installed only in other size classes are made, inactive, and come in when
    /// the traits change: the banner's 50-point height replaces its 100 in a compact height.
    @Test func constraintsOfOtherSizeClassesWaitInactive() {
        let (session, result) = imported("SizeClasses.storyboard")
        // The 50-point height, and the footer's three constraints (out with the footer here).
        #expect(result.output.contains { $0.contains("4 of 4 constraints installed; 4 more for other size classes") })
        // Landscape iPhone SE: compact height, the 50 (the 100 is made, inactive).
        #expect(frame(session, "banner")?.height == 50)
        _ = session.execute("traits height=regular")
        // Regular height: 100 high, 20 below the safe area's top (0 on this 667x375 screen).
        #expect(frame(session, "banner") == Frame(x: 0, y: 20, width: 667, height: 100))
        // And the footer is installed again, with its three constraints (sides and bottom).
        #expect(session.model.constraintRecords(touching: "footer").filter { !$0.isImplicit }.count == 3)
    }

    @Test func oldGuidesAndPlaceholders() {
        let (session, result) = imported("OldGuides.storyboard")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // Xcode 6–7's Any/Any canvas, 600x600: the top layout guide ends under the 20-point
        // status bar, the root's margins are 20 (a screen that wide keeps 20, as real Xcode 7
        // files store). The label: 8 below the guide (y = 28), on the leading margin (x = 20).
        // The footer: height 44 on the bottom guide (y = 600 - 44).
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 600, height: 600))
        #expect(frame(session, "notesLabel") == Frame(x: 20, y: 28, width: 120, height: 21))
        #expect(frame(session, "view") == Frame(x: 0, y: 556, width: 600, height: 44))
        // The placeholder width (200) is left out, with a note; the label keeps its 120.
        #expect(result.output.contains { $0.contains("1 placeholder left out") })
        #expect(result.output.contains { $0.contains("line 22: a placeholder constraint") })
    }

    @Test func misplacedAndAmbiguousJudgedAsXcodeWould() {
        let (session, result) = imported("Misplaced.xib")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // box: leading 20, top 20, 100x50, so 20,20,100,50; the file (marked misplaced) has y 40.
        #expect(frame(session, "box") == Frame(x: 20, y: 20, width: 100, height: 50))
        #expect(result.output.contains("  misplaced: box: the file has 20,40,100,50, the constraints give 20,20,100,50 (Update Frames in Xcode); IB marked it misplaced too"))
        // floater has no vertical position: ambiguous, as IB says; not called misplaced.
        #expect(result.output.contains { $0.hasPrefix("  ambiguous: floater (y)") && $0.hasSuffix("IB marked it ambiguous too") })
        #expect(!result.output.contains { $0.contains("misplaced: floater") })
        // pinned: IB marked it ambiguous, but top 50 below box (20 + 50 + 50 = 120) and bottom
        // 20 above the root's (200 - 20) fix it: 20,120,280,60.
        #expect(frame(session, "pinned") == Frame(x: 20, y: 120, width: 280, height: 60))
        #expect(result.output.contains("  pinned: IB marked it ambiguous, but LayoutLab finds its frame determined by its constraints"))
    }

    @Test func secondTopLevelViewWithAConflict() {
        let (session, result) = imported("Misplaced.xib", "2")
        #expect(result.ok)
        // 10 + width + 10 == 200 and width == 200 cannot both hold.
        #expect(result.conflicts.count == 1)
        #expect(session.model.viewOrder.count == 2)
    }

    @Test func lintPointsAtTheLines() throws {
        let path = Fixtures.path("Misplaced.xib")
        let report = Lint.check(path: path, text: try Fixtures.text("Misplaced.xib"), screens: [])
        #expect(report.unreadable == nil)
        #expect(report.scenes == 2)
        let texts = report.findings.map(\.text)
        // The box element is on line 11, indented 16 (its `<` in column 17).
        #expect(texts.contains { $0.hasPrefix("\(path):11:17: warning: misplaced: box:") })
        // The conflict points at the constraint that breaks (D5, line 56).
        let conflict = try #require(report.findings.first { $0.severity == .error })
        #expect(conflict.line == 56)
        #expect(conflict.context == "view 2 (UIView)")
    }

    @Test func lintOnOtherDevices() throws {
        let path = Fixtures.path("LoginForm.storyboard")
        let report = Lint.check(path: path, text: try Fixtures.text("LoginForm.storyboard"),
                                screens: [Lint.Screen(device: "iPhoneSE", landscape: false), Lint.Screen(device: "iPad", landscape: true)])
        // Two scenes with views, each on its own screen and the two asked for: nothing wrong.
        #expect(report.scenes == 2)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.text))")
    }

    /// On another screen a xib's table cell is a row as wide as that screen (its height its
    /// own): a label that needs 300 points fits a 414-point row, not a 320-point one.
    @Test func lintLaysACellOutAsARowOfTheScreen() throws {
        let text = try Fixtures.text("TableCell.xib")
            .replacingOccurrences(of: "width=\"320\"", with: "width=\"414\"")
            .replacingOccurrences(of: "<constraint firstItem=\"Cel-Lb-001\" firstAttribute=\"centerY\"",
                                  with: "<constraint firstItem=\"Cel-Lb-001\" firstAttribute=\"width\" relation=\"greaterThanOrEqual\" constant=\"300\" id=\"Cel-C6-001\"/>\n<constraint firstItem=\"Cel-Lb-001\" firstAttribute=\"centerY\"")
        #expect(text.contains("Cel-C6-001"))
        let path = Fixtures.path("TableCell.xib")
        // 16 + 40 + 8 + 300 + 16 = 380: over 320, within 414 and an iPad's 820. (The file's own
        // screen, an iPhone SE, keeps the row IB stored, 414.)
        #expect(Lint.check(path: path, text: text, screens: []).findings.filter { $0.severity == .error }.isEmpty)
        let narrow = Lint.check(path: path, text: text, screens: [Lint.Screen(device: "iPhoneSE1", landscape: false)])
        #expect(narrow.findings.contains { $0.severity == .error && $0.message.contains("== 320") }, "\(narrow.findings.map(\.text))")
        let wide = Lint.check(path: path, text: text, screens: [Lint.Screen(device: "iPad", landscape: false)])
        #expect(!wide.findings.contains { $0.severity == .error }, "\(wide.findings.map(\.text))")
    }

    /// Each screen `--devices` names gets its own size classes: the footer, left out in a
    /// compact height, is there in portrait and on iPads, where nothing gives it a height.
    @Test func lintReappliesSizeClassesPerDevice() throws {
        let path = Fixtures.path("SizeClasses.storyboard")
        let screens = ["iPhoneSE", "iPad"].flatMap { [Lint.Screen(device: $0, landscape: false), Lint.Screen(device: $0, landscape: true)] }
        let report = Lint.check(path: path, text: try Fixtures.text("SizeClasses.storyboard"), screens: screens)
        // The same finding on three screens: printed once, naming them.
        #expect(report.findings.map(\.screens) == [["iPhoneSE", "iPad", "iPad landscape"]])
        #expect(report.findings.map(\.context) == ["on iPhoneSE, iPad, iPad landscape"])
        #expect(report.findings.allSatisfy { $0.message.hasPrefix("ambiguous: footer (y, height)") && $0.line == 33 })
    }

    @Test func unreadableFilesSayWhy() {
        let report = Lint.check(path: "Broken.storyboard", text: "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n", screens: [])
        #expect(report.unreadable?.hasPrefix("line ") == true)
        let session = Session()
        let result = session.execute("import \(Fixtures.path("LoginForm.storyboard")) Nowhere")
        #expect(!result.ok)
        #expect(session.model.viewOrder == ["root"])
    }
}
