import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import LayoutReport
import LayoutShell

/// A scene in a navigation controller keeps its bar through `device` (issue 23): the import
/// writes `bars navigation` after the `device` line, and every later screen adds the bar's
/// height to its own insets. LoginForm is an iPhone 12 (390x844, safe area 47,0,34,0) whose
/// stack hangs 20 below the safe area's top, between the root's margins (16 inside the safe
/// area's sides: UIKit's system minimum in a compact width).
@Suite struct InterfaceBuilderBarsTests {
    func imported() -> (Session, CommandResult) {
        let session = Session()
        return (session, session.execute("import \(Fixtures.path("LoginForm.storyboard"))"))
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    @Test func theImportWritesTheBarsNotTheirSum() {
        let (session, result) = imported()
        #expect(result.ok, "\(result.error?.message ?? "")")
        let lines = session.history.flatMap { $0 }
        #expect(lines.contains("bars navigation"))
        #expect(!lines.contains { $0.hasPrefix("safearea") })
        #expect(session.model.bars == Bars(navigation: true))
        // 47 + 44 = 91; the stack at 91 + 20 = 111, x 16, 390 - 2 * 16 = 358 wide.
        #expect(session.model.safeAreaInsets == EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        #expect(frame(session, "stackView") == Frame(x: 16, y: 111, width: 358, height: 127))
    }

    @Test func theSameDeviceAgainKeepsTheBar() {
        let (session, _) = imported()
        let before = frame(session, "stackView")
        #expect(session.execute("device iPhone12").ok)
        #expect(session.model.safeAreaInsets.top == 91)
        #expect(frame(session, "stackView") == before)
    }

    @Test func landscapeGivesTheCompactBarAndUndoComesBack() {
        let (session, _) = imported()
        let result = session.execute("device iPhone12 landscape")
        #expect(result.ok)
        // Landscape: the status bar is hidden, the bar is 32 (compact height): top 0 + 32;
        // the sides 47 from the sensor housing, 21 at the bottom. Margins 47 + 16 = 63 at
        // each side: the stack at x 63, 844 - 2 * 63 = 718 wide, y 32 + 20 = 52.
        #expect(session.model.safeAreaInsets == EdgeInsets(top: 32, left: 47, bottom: 21, right: 47))
        #expect(frame(session, "stackView") == Frame(x: 63, y: 52, width: 718, height: 127))
        #expect(result.output.joined(separator: " ").contains("navigation bar 32 over the screen's 0,47,21,47"))
        #expect(session.execute("undo").ok)
        #expect(session.model.safeAreaInsets == EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        #expect(frame(session, "stackView") == Frame(x: 16, y: 111, width: 358, height: 127))
        // Another phone: its own status bar (59 on an iPhone 15) under the same bar.
        #expect(session.execute("device iPhone15").ok)
        #expect(frame(session, "stackView") == Frame(x: 16, y: 59 + 44 + 20, width: 393 - 32, height: 127))
    }

    @Test func theAnyCanvasKeepsItsStatusBarApartFromTheBar() throws {
        // LoginForm as Xcode 7 saved it: no <device>, the 600x600 Any/Any canvas, a 20-point
        // status bar, the stack stored 20 + 44 + 20 = 84 down and 20 in (the canvas's margin).
        let text = try Fixtures.text("LoginForm.storyboard")
            .replacingOccurrences(of: "    <device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>\n", with: "")
            .replacingOccurrences(of: "width=\"390\" height=\"844\"", with: "width=\"600\" height=\"600\"")
            .replacingOccurrences(of: "x=\"16\" y=\"111\" width=\"358\"", with: "x=\"20\" y=\"84\" width=\"560\"")
        let (session, result) = Fixtures.imported(text: text)
        #expect(result.ok, "\(result.error?.message ?? "")")
        let lines = session.history.flatMap { $0 }
        #expect(lines.contains("safearea 20,0,0,0") && lines.contains("bars navigation"))
        #expect(frame(session, "stackView") == Frame(x: 20, y: 84, width: 560, height: 127))
        // On a phone the status bar is the phone's, the bar stays: 59 + 44 + 20 = 123.
        #expect(session.execute("device iPhone15").ok)
        #expect(frame(session, "stackView") == Frame(x: 16, y: 123, width: 361, height: 127))
    }

    @Test func saveAndLoadKeepTheBars() throws {
        let (session, _) = imported()
        #expect(session.execute("device iPhoneSE landscape").ok)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("login.lal").path
        #expect(session.execute("save \(path)").ok)
        let loaded = Session()
        #expect(loaded.execute("load \(path)").ok)
        #expect(loaded.model.bars == Bars(navigation: true))
        // iPhone SE landscape: no status bar, the bar 32: the stack at 32 + 20 = 52, x 16,
        // 667 - 32 = 635 wide.
        #expect(loaded.model.safeAreaInsets == EdgeInsets(top: 32, left: 0, bottom: 0, right: 0))
        #expect(frame(loaded, "stackView") == Frame(x: 16, y: 52, width: 635, height: 127))
        // The bar goes on with the loaded session's next device.
        #expect(loaded.execute("device iPhoneSE").ok)
        #expect(frame(loaded, "stackView") == Frame(x: 16, y: 20 + 44 + 20, width: 343, height: 127))
    }
}
