import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// `import` on the real logs of Tests/ConsoleLogTests/Fixtures (sources in each file).
struct ConsoleLogImporterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../ConsoleLogTests/Fixtures").standardized.path

    /// Logs whose conflict the session reproduces: the members, and the one broken (UIKit's,
    /// where the log says which). Members like `label.width` are size floors: these logs are
    /// conflicts only because no size may be negative (a content view 0 wide, a cell 0 high).
    static let reproduced: [String: (members: [String], broken: String)] = [
        "01-folding-cell-63.log": (["c1", "c2"], "c2"),
        "02-swift2byexample-7.log": (["c1", "c2", "c3", "c4", "label.width", "showMoreButton.width"], "c4"),
        "04-apptentive-178.log": (["c1", "c2", "c3", "c4", "c5", "view2.height"], "c5"),
        "05-firefox-ios-27523.log": (["c1", "c2"], "c2"),
        "06-unstoppable-wallet-1731.log": (["c1", "c2"], "c2"),
        "07-unstoppable-wallet-707.log": (["c1", "c2", "c3", "label.width"], "c3"),
        "08-colo-12.log": (["c1", "c2", "c3", "c4"], "c4"),
        "09-tagflowexample-8.log": (["c1", "c2", "c3", "techLabel.height"], "c3"),
        "10-lsyevernote-5.log": (["c1", "c2", "c3", "c4", "c5", "c6", "c7", "throughoutMyProfessioTextView.height"], "c7"),
        "11-kvnprogress-6.log": (["c1", "c2", "c3", "c4", "c5", "loadingLabel.width"], "c5"),
        "12-bmatest-50.log": (["c1", "c2", "c3", "c4", "c5"], "c5"),
        "13-munki-1241.log": (["c1", "c2", "c3", "c4", "c5", "c6"], "c6"),
        "14-heliport-246.log": (["c1", "c2", "c3", "visualEffectView.width"], "c3"),
        "16-macvim-20.log": (["c1", "c2", "c3", "c4", "c5", "c6", "c7", "listView.height"], "c7"),
        "17-datetimepicker-17.log": (["c1", "c2", "c3", "c4"], "c4"),
        "18-wtfautolayout-10.log": (["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13",
                                     "ePostaAdresiniMiUnuttButton.height"], "c13"),
        "19-wtfautolayout-2.log": (["c1", "c2", "c3", "c4", "c5", "c6", "c7"], "c7"),
        "20-wtfautolayout-13.log": (["c1", "c2", "c3", "view.UIView-bottomMargin-guide-constraint", "c4"], "c4"),
        "21-wtfautolayout-papertrail1.log": (["root.UIViewSafeAreaLayoutGuide-bottom", "c1", "c2", "c3", "c4"], "c4"),
        "22-wtfautolayout-18.log": (["c1", "stackView.UIView-leftMargin-guide-constraint", "stackView.UIView-rightMargin-guide-constraint",
                                     "c4", "c5", "c6", "pleaseKeepThisKeyInALabel.width"], "c6"),
        "25-fdtake-122.log": (["c1", "view.width"], "c1"),
    ]

    func importing(_ name: String) -> (Session, CommandResult) {
        let session = Session()
        session.directory = Self.fixtures
        return (session, session.execute("import \(name)"))
    }

    @Test(arguments: Array(reproduced.keys).sorted())
    func conflictIsReproduced(_ name: String) throws {
        let (_, result) = importing(name)
        #expect(result.ok, "\(result.error?.message ?? "")")
        let conflict = try #require(result.conflicts.first)
        let want = try #require(Self.reproduced[name])
        #expect(conflict.constraints.map(\.id) == want.members)
        #expect(conflict.broken == want.broken)
        // Where the log says what UIKit broke, the session broke the same. (macvim's excerpt
        // cuts the broken constraint's line in the middle: it does not say.)
        let log = try String(contentsOfFile: Self.fixtures + "/" + name, encoding: .utf8)
        if log.contains("Will attempt to recover by breaking") && name != "16-macvim-20.log" {
            #expect(result.output.contains { $0.hasSuffix(" broke \(want.broken); the session broke \(want.broken) too") })
        }
        #expect(conflict.sentence != nil && conflict.fix != nil)
    }

    /// Every collected log is accounted for: a conflict the session reproduces, an ambiguity
    /// trace, the one whose every entry is `<private>`, or the one whose listed constraints
    /// hold together (AppKit on OS X 10.8: the centers and widths add up exactly, 328 = 328,
    /// so its conflict needs something the log does not show; the note says so).
    @Test func everyLogIsAccountedFor() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0.hasSuffix(".log") }.sorted()
        let traces = ["23-tabman-249.log", "24-tinyconstraints-7.log"]
        let unexplained = ["15-autopkgr-196.log"]
        #expect(Set(names) == Set(Self.reproduced.keys).union(traces).union(unexplained).union(["03-masonry-415.log"]))
        for name in traces {
            let (_, result) = importing(name)
            #expect(result.ok && result.conflicts.isEmpty && !result.ambiguous.isEmpty, "\(name)")
        }
        let (_, autopkgr) = importing(unexplained[0])
        #expect(autopkgr.ok && autopkgr.conflicts.isEmpty)
        #expect(autopkgr.output.contains { $0.contains("AppKit's conflict needs views or constraints the log does not show") })
    }

    @Test func everyReadableFixtureImports() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { $0.hasSuffix(".log") }
        #expect(names.count >= 20)
        for name in names where name != "03-masonry-415.log" {
            let (session, result) = importing(name)
            #expect(result.ok, "\(name): \(result.error?.message ?? "")")
            #expect(!session.origins.isEmpty, "\(name)")
        }
    }

    @Test func namesHierarchyGuidesAndSettings() throws {
        let (session, result) = importing("20-wtfautolayout-13.log")
        #expect(result.ok)
        // The margins guide's constraint became a setting of its owner; the button is inside it.
        #expect(session.history.last!.contains("view1.margins = 8,8,42,8") || session.history.last!.contains("view.margins = 8,8,42,8"))
        #expect(session.model.view("cancelButton") != nil)
        let keyboard = importing("21-wtfautolayout-papertrail1.log")
        // The window owns the safe area: it is the root, and its guide is root.safeArea.
        #expect(keyboard.0.history.last!.contains("safearea 0,0,34,0"))
        #expect(keyboard.0.history.last!.contains("someView.bottom <= root.safeArea.bottom + system"))
        let names = session.execute("names")
        #expect(names.output.contains { $0.contains("cancelButton") && $0.contains("UIButton:0x10f755100'Cancel'") })
    }

    @Test func savedSessionKeepsTheNamesAndUndoTakesAllBack() throws {
        let (session, _) = importing("13-munki-1241.log")
        #expect(session.origins.count == 9)
        let replay = Session()
        for line in session.savedScript.text.split(separator: "\n") { _ = replay.execute(String(line)) }
        #expect(replay.origins.map(\.text) == session.origins.map(\.text))
        #expect(session.execute("undo").ok)
        #expect(session.model.viewOrder == ["root"] && session.origins.isEmpty)
        #expect(session.execute("names").output == ["no imported names (import a console log first)"])
    }

    @Test func badInputChangesNothing() throws {
        let scratch = NSTemporaryDirectory() + "layoutlab-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let session = Session()
        session.directory = scratch
        _ = session.execute("view a")
        let binary = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try binary.write(to: URL(fileURLWithPath: scratch + "/binary.log"))
        try "Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x6000 UIView:0x7fa4.wid".write(toFile: scratch + "/cut.log", atomically: true, encoding: .utf8)
        let munki = try String(contentsOfFile: Self.fixtures + "/13-munki-1241.log", encoding: .utf8)
        try String(repeating: munki, count: 2200).write(toFile: scratch + "/huge.log", atomically: true, encoding: .utf8)
        for file in ["binary.log", "cut.log", "huge.log", "missing.log"] {
            let result = session.execute("import \(file)")
            #expect(!result.ok, "\(file)")
            #expect(session.model.viewOrder == ["root", "a"] && session.history.count == 1, "\(file)")
        }
        #expect(session.execute("import cut.log").error?.message.contains("never ends") == true)
        // The redacted log: a clear error.
        session.directory = Self.fixtures
        #expect(session.execute("import 03-masonry-415.log").error?.message.contains("<private>") == true)
    }
}
