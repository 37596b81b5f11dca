import Foundation
import Testing
import LayoutModel
@testable import LayoutShell

/// Every lesson, replayed, written by `export swift` and read back by `import` into a fresh
/// session, gives the same frames (where not ambiguous), the same broken constraints (by
/// text) and the same ambiguous components. All fourteen lessons do; none is left out.
struct LessonExportRoundTripTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    /// Settings of the session's surroundings, not of its layout: the code cannot carry them
    /// (`platform`, `device`, `scale` and the root's size are the screen the code runs on;
    /// `direction` is the app's language), so the fresh session is given them before `import`.
    static let environmentWords: Set<String> = ["platform", "device", "scale", "root", "direction"]

    static func lessonFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lal") }.sorted()
    }

    /// The lesson's commands: every line that is not a comment or an expected report.
    static func commands(_ file: String) throws -> [String] {
        let text = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
    }

    static func isEnvironment(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard let first = words.first.map(String.init) else { return false }
        // `root 320x480` sets the screen; `root.margins = …` is layout and goes through the code.
        return environmentWords.contains(first) && !first.contains(".")
    }

    static func snapshot(_ session: Session) -> [String] {
        var lines = ExportRoundTripTests.snapshot(session).dropLast().map { $0 }
        lines.append("broken " + session.model.brokenConstraints().map(\.text).sorted().joined(separator: " | "))
        return lines
    }

    /// Lessons whose round trip is a known gap, with the reason (a test that fails today is
    /// kept out by name, not weakened).
    static let knownGaps: [String: String] = [:]

    @Test(arguments: try lessonFiles().filter { knownGaps[$0] == nil })
    func theLessonComesBackTheSame(_ file: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-lesson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Session()
        session.directory = directory.path
        let fresh = Session()
        fresh.directory = directory.path
        for line in try Self.commands(file) {
            // Lines the lesson has rejected on purpose change nothing, so their failing is fine.
            let result = session.execute(line, report: false)
            if result.ok, Self.isEnvironment(line) { _ = fresh.execute(line, report: false) }
        }
        // An `undo` in the lesson may have taken a `root` back: the size it ends with is the one.
        _ = fresh.execute("root \(formatNumber(session.model.rootWidth))x\(formatNumber(session.model.rootHeight))", report: false)
        #expect(fresh.model.direction == session.model.direction && fresh.model.device?.device.name == session.model.device?.device.name, "\(file)")
        #expect(fresh.model.rootWidth == session.model.rootWidth && fresh.model.rootHeight == session.model.rootHeight, "\(file)")
        #expect(session.execute("export swift Lesson.swift").ok)
        let imported = fresh.execute("import Lesson.swift")
        if session.model.viewOrder.count > 1 { #expect(imported.ok, "\(file): \(imported.error?.message ?? "")") }
        #expect(Self.snapshot(fresh) == Self.snapshot(session), "\(file)")
    }
}
