import Foundation
import TestSupport
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Undo's one way back, the trail, on seeded random sessions over the whole language
/// (`SessionMaker`: views, constraints, VFL, stacks, guides, devices, imports, reset, undo,
/// garbage). Before each line the session is observed: a structural dump of the model and its
/// solver (every undoable field, `LayoutModel.undoableStateDump`) and of the settings, the
/// frames' bits, the names, the broken and the ambiguous. Then:
/// - a refused line leaves the observation as it was (its step was rolled back);
/// - an accepted step, undone at once, brings back the observation before it, bit for bit;
///   redone, the one after it.
@Suite struct UndoTrailPropertyTests {
    struct Observation: Equatable {
        var state: String
        var frames: [String]
        var names: [String]
        var broken: [String]
        var ambiguous: [String]
    }

    static func observe(_ session: Session) -> Observation {
        let model = session.model
        return Observation(
            state: model.undoableStateDump() + LayoutModel.canonical(session.state.settings),
            frames: model.frames().map { "\($0.name) \($0.frame.x.bitPattern) \($0.frame.y.bitPattern) \($0.frame.width.bitPattern) \($0.frame.height.bitPattern)" },
            names: model.names.map { "\($0.key)=\($0.value)" }.sorted(),
            broken: model.reportedBroken().map { "\($0)" },
            ambiguous: model.ambiguity().map { "\($0.view) \($0.components)" })
    }

    /// One random session; returns the first failure.
    static func run(seed: UInt64, lines: Int, directory: String) -> String? {
        var maker = SessionMaker(seed: seed)
        let session = Session()
        session.directory = directory
        var transcript: [String] = []
        for _ in 0..<lines {
            let line = maker.nextLine(session)
            transcript.append(line)
            let before = observe(session)
            let steps = session.history.count
            let result = session.execute(line, report: Bool.random(using: &maker.rng))
            let place = "seed \(seed), `\(line)`:\n    " + transcript.joined(separator: "\n    ")
            if !result.ok {
                if observe(session) != before { return "a refused line changed the state: \(place)" }
            } else if session.history.count == steps + 1, !line.hasPrefix("redo") {
                let after = observe(session)
                let undone = session.execute("undo", report: Bool.random(using: &maker.rng))
                if !undone.ok { return "undo refused (\(undone.error!.text)): \(place)" }
                let back = observe(session)
                if back != before { return "undo did not bring the state back (\(difference(back, before))): \(place)" }
                let redone = session.execute("redo", report: Bool.random(using: &maker.rng))
                if !redone.ok { return "redo refused (\(redone.error!.text)): \(place)" }
                let again = observe(session)
                if again != after { return "redo did not bring the step back (\(difference(again, after))): \(place)" }
            }
            maker.sync(line, session)
        }
        return nil
    }

    /// Which part of two observations differs, and where the dumps first part.
    static func difference(_ a: Observation, _ b: Observation) -> String {
        if a.state != b.state {
            let index = zip(a.state, b.state).prefix { $0 == $1 }.count
            return "state, from …\(a.state.dropFirst(max(0, index - 80)).prefix(200)) vs …\(b.state.dropFirst(max(0, index - 80)).prefix(200))"
        }
        return [a.frames != b.frames ? "frames" : nil, a.names != b.names ? "names" : nil,
                a.broken != b.broken ? "broken" : nil, a.ambiguous != b.ambiguous ? "ambiguous" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }

    static func check(seeds: Range<UInt64>, lines: Int) throws {
        let directory = try ImportFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for seed in seeds {
            if let failure = run(seed: seed, lines: lines, directory: directory.path) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    @Test func undoTakesEveryStepBackExactly() throws {
        try Self.check(seeds: 0..<10, lines: 12)
    }

    @Test(.tags(.slow), .skippedInFastTier) func undoTakesEveryStepBackExactlyManyTimes() throws {
        try Self.check(seeds: 30..<600, lines: 20)
    }
}
