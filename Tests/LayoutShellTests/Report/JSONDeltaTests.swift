import Foundation
import Testing
@testable import LayoutShell
import ShellTestSupport
import LayoutReport

/// `--json`'s per-input objects carry what changed: applied one after another to the first
/// (whole) object they give, after every line, exactly the state `--json --full` prints.
@Suite struct JSONDeltaTests {
    /// Views made and removed, broken constraints that come and go, ambiguity that comes and
    /// goes, undo, a conflict, `exercise` and back, a scale, lines that change nothing.
    static let script = """
        view a b c
        H:|-[a]-[b(==a)]-|
        V:|-[a(40)]-[b(40)]
        a.width >= 400 @750
        help
        c.width == 50
        c.left == root.left
        c.top == a.bottom
        c.height == 10
        a.width <= 100 @500
        remove c
        undo
        exercise
        constraints
        b.top == root.top
        deactivate c4
        view d
        scale 3
        d.width == 10.2
        remove a
        undo
        undo
        frames
        """

    /// The state a tool keeps: frames, broken constraints by id, ambiguous views.
    struct State: Equatable {
        var frames: [String: [String: Double]] = [:]
        var broken: [String: [String: AnyHashable]] = [:]
        var ambiguous: [String: [String]] = [:]

        /// Applies one object: a whole one replaces everything, a per-input one changes it.
        mutating func apply(_ object: [String: Any]) {
            let frames = object["frames"] as? [String: [String: Double]] ?? [:]
            let broken = (object["broken"] as? [[String: Any]] ?? []).map { item in
                (item["id"] as! String, item.mapValues { $0 as! AnyHashable })
            }
            let ambiguous = object["ambiguous"] as? [String: [String]] ?? [:]
            if object["full"] as? Bool == true {
                self = State()
            } else {
                for view in object["views_removed"] as? [String] ?? [] {
                    self.frames[view] = nil
                    self.ambiguous[view] = nil
                }
                for id in object["unbroken"] as? [String] ?? [] { self.broken[id] = nil }
                for view in object["unambiguous"] as? [String] ?? [] { self.ambiguous[view] = nil }
            }
            self.frames.merge(frames) { $1 }
            for (id, item) in broken { self.broken[id] = item }
            self.ambiguous.merge(ambiguous) { $1 }
        }
    }

    static func objects(full: Bool, wholeStateViews: Int = 0) throws -> [[String: Any]] {
        let outcome = Replay.run(script, options: Replay.Options(json: true, full: full, wholeStateViews: wholeStateViews))
        return try outcome.output.split(separator: "\n").map { try jsonObject($0) }
    }

    @Test func changesAppliedInOrderGiveTheWholeState() throws {
        let changes = try Self.objects(full: false)
        let whole = try Self.objects(full: true)
        #expect(changes.count == whole.count && changes.count == Self.script.split(separator: "\n").count)
        var kept = State()
        for (change, full) in zip(changes, whole) {
            kept.apply(change)
            var expected = State()
            expected.apply(full)
            #expect(kept == expected, "after line \(change["line"] ?? "?"): \(change["input"] ?? "")")
        }
        // The first object and `frames`' are whole; a line that changed nothing carries nothing.
        #expect(changes.first?["full"] as? Bool == true)
        #expect(changes.last?["full"] as? Bool == true && changes.last?["input"] as? String == "frames")
        let help = try #require(changes.first { $0["input"] as? String == "help" })
        #expect(help["full"] as? Bool == false)
        #expect((help["frames"] as? [String: Any])?.isEmpty == true)
        #expect((help["broken"] as? [Any])?.isEmpty == true)
    }

    /// The point of it: a line that moves one view of many prints one frame, not all.
    @Test func aLineThatMovesOneViewCarriesOneFrame() throws {
        let views = (0..<(Replay.wholeStateViews + 1)).map { "v\($0)" }
        let lines = ["view " + views.joined(separator: " ")] + views.map { "H:|[\($0)(10)]" } + views.map { "V:|[\($0)(10)]" }
            + ["v7.width == 20"]
        let outcome = Replay.run(lines.joined(separator: "\n"), options: Replay.Options(json: true))
        let last = try jsonObject(try #require(outcome.output.split(separator: "\n").last))
        // v7.width == 20 against H:|[v7(10)]: required against required, v7 keeps one of the
        // two widths; whichever the solver keeps, only v7 can have moved.
        let frames = try #require(last["frames"] as? [String: Any])
        #expect(Set(frames.keys).isSubset(of: ["v7"]))
        #expect(last["full"] as? Bool == false)
    }

    /// A screen-sized session prints the whole state after every line (DESIGN §6: `frames`
    /// holds every view), so a tool reading one object alone sees the whole layout.
    @Test func aSmallSessionPrintsWholeObjects() throws {
        let changes = try Self.objects(full: false, wholeStateViews: Replay.wholeStateViews)
        let whole = try Self.objects(full: true)
        #expect(changes.allSatisfy { $0["full"] as? Bool == true })
        for (change, full) in zip(changes, whole) {
            #expect(NSDictionary(dictionary: change["frames"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: full["frames"] as? [String: Any] ?? [:]))
        }
        let help = try #require(changes.first { $0["input"] as? String == "help" })
        #expect(Set((help["frames"] as? [String: Any] ?? [:]).keys) == ["root", "a", "b", "c"])
    }

    /// `--final`'s object says which line and file it reports.
    @Test func theFinalObjectNamesItsLineAndFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("json-final-\(UUID().uuidString).lal")
        try "view a\n\na.width == 10\n# the end\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let replayer = Replay.Replayer(options: Replay.Options(json: true, final: true))
        replayer.source = file.path
        for (index, line) in Replay.lines(of: try String(contentsOf: file, encoding: .utf8)).enumerated() {
            _ = replayer.feed(line, lineNumber: index + 1)
        }
        let object = try jsonObject(replayer.finish())
        #expect(object["line"] as? Int == 3)
        #expect(object["file"] as? String == file.path)
        #expect(object["full"] as? Bool == true)
    }

    /// A driver that takes long reports in pieces (`Replayer.handOff`) prints the same bytes,
    /// line for line, as one that takes each report whole; pieces come only from long reports.
    @Test func reportsHandedOffInPiecesPrintTheSameBytes() {
        let script = Self.script + "\nview " + (0..<300).map { "v\($0)" }.joined(separator: " ") + "\nconstraints\nframes"
        for options in [Replay.Options(json: true), Replay.Options(json: true, full: true)] {
            let whole = Replay.Replayer(options: options), inPieces = Replay.Replayer(options: options)
            var pieces: [String] = []
            inPieces.handOff = { pieces.append($0) }
            for (index, line) in Replay.lines(of: script).enumerated() {
                let expected = whole.feed(line, lineNumber: index + 1)
                pieces.removeAll()
                let rest = inPieces.feed(line, lineNumber: index + 1)
                #expect(pieces.joined() + rest == expected, "line \(index + 1): \(line)")
                #expect(pieces.allSatisfy { $0.utf8.count >= Replay.Replayer.jsonPiece } && (expected.utf8.count > Replay.Replayer.jsonPiece || pieces.isEmpty))
            }
            #expect(inPieces.finish() == whole.finish())
        }
    }
}
