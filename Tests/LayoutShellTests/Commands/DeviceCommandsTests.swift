import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// `device`, `scale`, `frames --exact`: devices' screens and UIKit's pixel rounding. Frames are
/// worked out by hand from the device table (README) and UIKit's rules for a view controller's
/// root view: margins = safe area + max(own 0, system minimum 16 or 20).
@Suite struct DeviceCommandsTests {
    /// A view pinned to the safe area vertically and to the margins horizontally, and a guide
    /// inset 10 from the safe area's sides, 44 high at its top.
    static let pinned = """
        view a
        a.top == root.safeArea.top
        a.bottom == root.safeArea.bottom
        a.leading == root.margins.leading
        a.trailing == root.margins.trailing
        guide g
        g.leading == root.safeArea.leading + 10
        g.trailing == root.safeArea.trailing - 10
        g.top == root.safeArea.top
        g.height == 44
        """

    @Test(arguments: [
        // device, landscape, root, a, g
        ("iPhone15", false, Frame(x: 0, y: 0, width: 393, height: 852),
         Frame(x: 16, y: 59, width: 361, height: 759), Frame(x: 10, y: 59, width: 373, height: 44)),
        ("iPhone15", true, Frame(x: 0, y: 0, width: 852, height: 393),
         Frame(x: 75, y: 0, width: 702, height: 372), Frame(x: 69, y: 0, width: 714, height: 44)),
        ("iPhoneSE", false, Frame(x: 0, y: 0, width: 375, height: 667),
         Frame(x: 16, y: 20, width: 343, height: 647), Frame(x: 10, y: 20, width: 355, height: 44)),
        ("iPhoneSE", true, Frame(x: 0, y: 0, width: 667, height: 375),
         Frame(x: 16, y: 0, width: 635, height: 375), Frame(x: 10, y: 0, width: 647, height: 44)),
        ("iPhone15ProMax", true, Frame(x: 0, y: 0, width: 932, height: 430),
         Frame(x: 79, y: 0, width: 774, height: 409), Frame(x: 69, y: 0, width: 794, height: 44)),
        ("iPad", false, Frame(x: 0, y: 0, width: 820, height: 1180),
         Frame(x: 20, y: 24, width: 780, height: 1136), Frame(x: 10, y: 24, width: 800, height: 44)),
    ])
    func framesOnDevices(device: String, landscape: Bool, root: Frame, a: Frame, g: Frame) {
        // Set before and after the constraints: the same layout either way.
        for order in [0, 1] {
            let s = Session()
            let line = "device \(device)" + (landscape ? " landscape" : "")
            if order == 0 { #expect(s.execute(line).ok) }
            run(s, Self.pinned)
            if order == 1 {
                let result = s.execute(line)
                #expect(result.ok && result.conflicts.isEmpty)
            }
            #expect(frame(s, "root") == root)
            #expect(frame(s, "a") == a, "\(line)")
            #expect(frame(s, "g") == g, "\(line)")
            #expect(s.model.brokenConstraints().isEmpty && s.model.ambiguity().isEmpty)
        }
    }

    @Test func deviceAloneListsAndChangesNothing() {
        let s = Session()
        let result = s.execute("device")
        #expect(result.ok && !result.showsLayout)
        #expect(result.output.contains { $0.contains("iPhone15ProMax") && $0.contains("430x932") })
        #expect(s.history.isEmpty)
        #expect(s.execute("device iphone15").ok, "names in any case")
        #expect(s.execute("device").output.last == "the root is now iPhone15 portrait")
        let wrong = s.execute("device iPhone16")
        #expect(!wrong.ok && wrong.renderText().contains("did you mean"))
        #expect(!s.execute("device iPad sideways").ok)
    }

    @Test func deviceIsOneUndoStep() {
        let s = Session()
        run(s, Self.pinned)
        let before = fingerprint(s)
        _ = s.execute("device iPhoneX landscape")
        #expect(s.model.scale == 3 && s.model.safeAreaInsets.left == 44)
        #expect(s.execute("undo").ok)
        #expect(fingerprint(s) == before)
        #expect(s.model.scale == nil && s.model.rootWidth == 375 && s.model.effectiveMargins(of: "root") == EdgeInsets(all: 8))
    }

    /// Three equal views across a root 100 wide: 33.333 each. At 2x each edge goes to the
    /// nearest half point (33.333 → 33.5, 66.667 → 66.5), so the widths differ but the views
    /// stay flush; at 3x the edges already lie on the pixel grid.
    @Test(arguments: [(2.0, [0.0, 33.5, 66.5, 100.0]), (3.0, [0.0, 100.0 / 3, 200.0 / 3, 100.0])] as [(Double, [Double])])
    func roundingKeepsEdgesFlush(scale: Double, edges: [Double]) throws {
        let s = Session()
        run(s, "root 100x50\nview a b c\nH:|[a][b(==a)][c(==a)]|\nV:|[a(10)]\nV:|[b(10)]\nV:|[c(10)]")
        let result = s.execute("scale \(formatNumber(scale))")
        #expect(result.ok)
        let frames = Dictionary(uniqueKeysWithValues: result.frames.map { ($0.name, $0.frame) })
        for (name, (left, right)) in zip(["a", "b", "c"], zip(edges, edges.dropFirst())) {
            let f = try #require(frames[name])
            #expect(abs(f.x - left) < 1e-9 && abs(f.x + f.width - right) < 1e-9, "\(name) at \(scale)x: \(f)")
        }
        // Exact values stay available: frames --exact, and JSON's frames_exact.
        let exact = s.execute("frames --exact").output.joined(separator: "\n")
        #expect(exact.contains("33.333"))   // three decimals in text; JSON has them all
        let json = result.renderJSON()
        #expect(json.contains("\"frames_exact\":{") && json.contains("\"frames\":{"))
        #expect(json.contains("33.33333"))
        // Without a scale frames are exact and JSON has no frames_exact.
        let off = s.execute("scale off")
        #expect(abs(off.frames.first { $0.name == "b" }!.frame.x - 100.0 / 3) < 1e-9)
        #expect(!off.renderJSON().contains("frames_exact"))
    }

    /// Undoing a scale rounds the frames the report shows to the scale it brings back (it
    /// showed the undone scale's rounding until the next change), and the same scale again
    /// changes no frame.
    @Test func undoingAScaleRoundsTheReportedFramesAgain() {
        let s = Session()
        run(s, "view a\na.left == root.left + 10.3\na.width == 20.2\nscale 2")
        func a(_ result: CommandResult) -> Frame? { result.frames.first { $0.name == "a" }?.frame }
        #expect(a(s.execute("scale 3"))?.x == 31.0 / 3)
        let back = s.execute("undo")
        #expect(a(back)?.x == 10.5 && a(back)?.width == 20, "\(back.renderText(width: 80))")
        let exact = s.execute("undo")
        #expect(a(exact).map { abs($0.x - 10.3) < 1e-9 && abs($0.width - 20.2) < 1e-9 } == true, "\(exact.renderText(width: 80))")
        #expect(a(s.execute("redo"))?.x == 10.5)
        #expect(!s.execute("scale 2").renderText(width: 80).contains("*"), "the same scale again moves no frame")
    }

    /// Edges are rounded in the root's coordinates: a nested view keeps its place on the
    /// screen's grid, and the frame is read back relative to its superview's rounded edge.
    @Test func nestedViewsRoundInRootCoordinates() {
        let s = Session()
        run(s, """
            view p
            view q in p
            p.left == root.left + 10.25
            p.top == root.top + 0.2
            p.width == 50.5
            p.height == 20
            q.left == p.left + 0.3
            q.top == p.top + 0.2
            q.width == 10.2
            q.height == 10
            scale 2
            """)
        // p: left 10.25 → 10.5 (halves up), right 60.75 → 61; top 0.2 → 0, bottom 20.2 → 20.
        #expect(s.model.placedFrame(of: "p") == Frame(x: 10.5, y: 0, width: 50.5, height: 20))
        // q: left 10.55 → 10.5, right 20.75 → 21; top 0.4 → 0.5, bottom 10.4 → 10.5.
        #expect(s.model.placedFrame(of: "q") == Frame(x: 0, y: 0.5, width: 10.5, height: 10))
        // Moving p moves q on the grid though q's own values stay: the report shows it.
        let moved = s.execute("c1.constant = 10.5")
        #expect(moved.frames.first { $0.name == "q" }?.frame.x == 0.5)
        _ = s.execute("scale 3")
        // 173.5 at 3x is 173.667 (UIKit's logged systemLayoutSizeFitting result).
        #expect(abs(LayoutModel.roundToPixel(173.5, scale: 3) - 521.0 / 3) < 1e-12)
        #expect(LayoutModel.roundToPixel(173.25, scale: 2) == 173.5)
        #expect(LayoutModel.roundToPixel(950.2, scale: 1) == 950)
    }

    @Test func saveAndLoadRebuildDevicesGuidesAndSafeArea() throws {
        let s = Session()
        run(s, "device iPhone15ProMax landscape\n" + Self.pinned + "\nsafearea 0,59,0,59\nview b in a\nb.leading == a.margins.leading + system\na.directionalMargins = 1,2,3,4\nscale 2\nguide h in a")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("guides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.lal").path
        #expect(s.execute("save \(path)").ok)
        let t = Session()
        #expect(t.execute("load \(path)").ok)
        #expect(fingerprint(t).split(separator: "\n").dropLast() == fingerprint(s).split(separator: "\n").dropLast())
        #expect(t.model.scale == 2 && t.model.safeAreaInsets == s.model.safeAreaInsets)
        #expect(t.model.placedFrames().map(\.frame) == s.model.placedFrames().map(\.frame))
        #expect(t.model.guides == s.model.guides)
    }
}
