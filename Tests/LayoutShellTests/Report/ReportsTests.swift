import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

@Suite struct Reports {
    /// The report state is kept incrementally per model; a `reset` inside a loaded file makes a
    /// new model whose views look like the old ones, and nothing of the old one may linger.
    @Test func aResetInsideALoadLeavesNothingOfTheOldLayout() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-reset-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "reset\nview a\n".write(toFile: dir + "/again.lal", atomically: true, encoding: .utf8)
        let s = Session()
        s.directory = dir
        let before = run(s, "view a\na.width == 10 @500\na.width == 20 @400").last!
        #expect(before.broken.map(\.id) == ["c2"])
        let r = s.execute("load again.lal")
        #expect(r.ok)
        #expect(r.broken.isEmpty, "\(r.broken)")
        #expect(r.ambiguous.map(\.view) == ["a"] && r.ambiguous[0].components == [.x, .y, .width, .height])
        #expect(r.frames.map(\.frame) == s.model.frames().map(\.frame))
    }

    /// A load is one step: a constraint its lines touch several times is reported by what the
    /// step did to it in the end, whatever the number of other constraints it adds.
    @Test func aLoadReportsEachConstraintByWhatItDidInTheEnd() throws {
        let dir = NSTemporaryDirectory() + "layoutlab-settled-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = [
            "a.width == 30", "c3.constant = 40",      // made and changed: added as it ends
            "b.height == 5", "remove c4",             // made and removed: nothing
            "c1.constant = 11", "c1.constant = 12",   // changed twice: one change from 10
            "c2.constant = 21", "c2.constant = 20",   // back to where it began: nothing
        ] + (0..<50).map { "view v\($0)\nv\($0).width == \($0)" }
        try script.joined(separator: "\n").write(toFile: dir + "/steps.lal", atomically: true, encoding: .utf8)
        let s = Session()
        s.directory = dir
        run(s, "view a b\na.width == 10\nb.width == 20")
        let r = s.execute("load steps.lal")
        #expect(r.ok, "\(r.error?.text ?? "")")
        // The settled ones come after those touched once.
        #expect(r.added.map(\.id) == (5...54).map { "c\($0)" } + ["c3"])
        #expect(r.added.last == ConstraintLine(id: "c3", text: "a.width == 40"))
        #expect(r.removed.isEmpty, "\(r.removed)")
        #expect(r.changed.map { [$0.id, $0.before, $0.text] } == [["c1", "a.width == 10", "a.width == 12"]])
    }

    @Test func jsonHasExactlyTheDesignKeys() throws {
        let s = Session()
        run(s, "view a")
        let r = s.execute("a.width >= 100 @750")
        let object = try jsonObject(r.renderJSON())
        for key in ["line", "input", "ok", "error", "added", "frames", "broken", "ambiguous", "conflict"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["input"] as? String == "a.width >= 100 @750")
        #expect((object["added"] as? [[String: Any]])?.first?["constraint"] as? String == "a.width >= 100 @750")
        #expect((object["frames"] as? [String: Any])?.keys.sorted() == ["a", "root"])
        #expect((object["ambiguous"] as? [String: [String]])?["a"] == ["x", "y", "width", "height"])
        #expect(object["conflict"] is NSNull)
        let bad = s.execute("a.left == \"20\\")
        let badObject = try jsonObject(bad.renderJSON())
        #expect(badObject["ok"] as? Bool == false)
        #expect(badObject["input"] as? String == "a.left == \"20\\")
        #expect((badObject["error"] as? [String: Any])?["column"] as? Int == 11)
        let conflict = s.execute("a.width == 10\n".trimmingCharacters(in: .newlines))
        _ = conflict
        let c = s.execute("a.width == 20")
        let cObject = try jsonObject(c.renderJSON())
        #expect((cObject["conflict"] as? [String: Any])?["broken"] as? String == "c3")
        #expect((cObject["conflict"] as? [String: Any])?["constraints"] as? [String] == ["c2", "c3"])
    }

    @Test func jsonEscaping() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é ✓ \u{2028}"
        let json = JSONValue.string(text).serialized
        let back = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
        #expect(back == [text])
    }

    @Test func framesCapPastTwelveViews() {
        let s = Session()
        run(s, "view " + (0..<30).map { "v\($0)" }.joined(separator: " "))
        let r = s.execute("root 100x100")
        // Nothing moved: no frame lines except the root's change.
        #expect(r.changedFrames == ["root"])
        let all = s.execute("H:|" + (0..<30).map { "[v\($0)(3)]" }.joined() + "|")
        #expect(all.ok, "\(all.error?.text ?? "")")
        let text = all.renderText()
        #expect(text.contains("more frames changed"))
        #expect(all.frames.count == 31)
    }

    @Test func conflictWordsALearnerFollows() {
        let s = Session()
        run(s, "view a")
        run(s, "a.width == 100")
        let text = s.execute("a.width == 200").renderText(width: 200)
        #expect(text.contains("Unable to simultaneously satisfy constraints"))
        #expect(text.contains("Will attempt to recover by breaking c2: a.width == 200"))
        #expect(text.contains("broken (required, in conflict) c2: a.width == 200 -- a.width is 100, needs 200: short by 100"))
        let repaired = s.execute("remove c1")
        #expect(repaired.repaired.map(\.id) == ["c2"])
        #expect(repaired.renderText().contains("holds again c2"))
    }

    @Test func colourOnlyWhenAsked() {
        let s = Session()
        let r = s.execute("view a")
        #expect(!r.renderText(color: false).contains("\u{1B}"))
        #expect(r.renderText(color: true).contains("\u{1B}["))
    }
}
