import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
@testable import LayoutReport

/// Every lesson, replayed, written by `export swift` and by `export snapkit` and read back by `import` into a fresh
/// session, gives the same frames (where not ambiguous), the same broken constraints (by
/// text) and the same ambiguous components. Every lesson does but those in `knownGaps`.
struct LessonExportRoundTripTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    /// Settings of the session's surroundings, not of its layout: the code cannot carry them
    /// (`platform`, `device`, `scale` and the root's size are the screen the code runs on;
    /// `direction` is the app's language; `keyboard` the user's typing), so the fresh session
    /// is given them before `import`.
    static let environmentWords: Set<String> = ["platform", "device", "scale", "root", "direction", "keyboard"]

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
        lines += brokenSnapshot(session.model)
        return lines
    }

    /// What two sessions with the same layout must agree on about broken constraints.
    /// - The required constraints broken to resolve a conflict: which one breaks follows the
    ///   order things were made in (a flag, not a value), so the lists must be equal.
    /// - The optional constraints that do not hold, by text, but only those whose error every
    ///   optimal layout shares: where a value the constraint reads is ambiguous (say two
    ///   constraints at one priority that cannot both hold, so any height between them is
    ///   optimal), which of them counts as broken is the solver's pick of one optimum among
    ///   many, and a different path (an import) may pick another.
    /// - The total error at each priority: the solver minimizes the errors priority by
    ///   priority (highest first), so at the optimum each level's total is the same in every
    ///   optimal layout, ambiguous or not — this still catches a constraint that breaks in one
    ///   session and not in the other.
    static func brokenSnapshot(_ model: LayoutModel) -> [String] {
        let broken = model.brokenConstraints()
        let ambiguity = Dictionary(model.ambiguity().map { ($0.view, Set($0.components)) }, uniquingKeysWith: { a, _ in a })
        var lines = ["broken required " + broken.filter(\.isBrokenRequired).map(\.text).sorted().joined(separator: " | ")]
        let determined = broken.filter { !$0.isBrokenRequired && !readsAmbiguousValue($0.spec, model, ambiguity) }
        lines.append("broken " + determined.map(\.text).sorted().joined(separator: " | "))
        var totals: [String: Double] = [:]
        for constraint in broken {
            totals[constraint.isBrokenRequired ? "required" : formatNumber(constraint.priority), default: 0] += constraint.error
        }
        for (level, total) in totals.sorted(by: { $0.key < $1.key }) where abs(total) > 1e-6 {
            lines.append("error at \(level) " + String(format: "%.4f", total))
        }
        return lines
    }

    /// Whether a value the constraint reads may differ between optimal layouts: a frame
    /// component on its axis of one of its items, or of an ancestor (a frame is in its
    /// superview's coordinates). A stack's spacers are not reported as ambiguous, so their
    /// stack's items stand in for them.
    static func readsAmbiguousValue(_ spec: ConstraintSpec, _ model: LayoutModel, _ ambiguity: [String: Set<FrameComponent>]) -> Bool {
        var axes: [(String, LayoutAttribute)] = [(spec.firstItem, spec.firstAttribute)]
        if let item = spec.secondItem, let attribute = spec.secondAttribute { axes.append((item, attribute)) }
        for (item, attribute) in axes {
            let components: Set<FrameComponent> = attribute.axis == .horizontal ? [.x, .width] : [.y, .height]
            var names: [String] = []
            var current: String? = item
            while let name = current {
                names.append(name)
                if model.view(name)?.kind == .stackSpacer, let stack = model.view(name)?.parent {
                    names += model.view(stack)?.children ?? []
                }
                current = model.view(name)?.parent
            }
            if names.contains(where: { !(ambiguity[$0] ?? []).isDisjoint(with: components) }) { return true }
        }
        return false
    }

    /// Lessons whose round trip is a known gap, with the reason (a test that fails today is
    /// kept out by name, not weakened).
    static let knownGaps: [String: String] = [:]

    /// Each lesson through `export swift` and through `export snapkit`.
    @Test(arguments: try lessonFiles().filter { knownGaps[$0] == nil }, ["swift", "snapkit"])
    func theLessonComesBackTheSame(_ file: String, _ language: String) throws {
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
        #expect(session.execute("export \(language) Lesson.swift").ok)
        let imported = fresh.execute("import Lesson.swift")
        if session.model.viewOrder.count > 1 { #expect(imported.ok, "\(file): \(imported.error?.message ?? "")") }
        #expect(Self.snapshot(fresh) == Self.snapshot(session), "\(file) \(language)")
    }
}
