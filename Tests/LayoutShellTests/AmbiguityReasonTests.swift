import Foundation
import LayoutModel
import LayoutVocabulary
import LayoutShell
import ShellTestSupport
import Testing
@testable import LayoutReport

/// Ambiguity with its reason, and `exercise`, on real sessions.
@Suite struct AmbiguityReasonTests {
    func ambiguityLines(_ result: CommandResult) -> [String] {
        // Unwrapped: the report wraps at the width given.
        result.renderText(width: 1000).split(separator: "\n").filter { $0.hasPrefix("ambiguous: ") }.map(String.init)
    }

    func json(_ result: CommandResult) throws -> [String: Any] {
        try jsonObject(result.renderJSON())
    }

    @Test func equalPrioritiesDisagreeOverAnInterval() throws {
        let s = session("view a\na.top == root.top\na.height == 20\na.width == 50\na.left == root.left @500")
        let r = s.execute("a.left == root.left + 10 @500")
        #expect(ambiguityLines(r) == ["ambiguous: a (x): c4 and c5 (both @500) disagree; any x from 0 to 10 is optimal"])
        let entry = try #require((try json(r)["ambiguity"] as? [[String: Any]])?.first)
        #expect(entry["view"] as? String == "a" && entry["values"] as? [String] == ["x"])
        #expect(entry["reason"] as? String == "disagreement" && entry["constraints"] as? [String] == ["c4", "c5"])
        #expect(entry["range"] as? [Double] == [0, 10])
        // Moving the second end moves the interval; a third priority settles it.
        #expect(ambiguityLines(s.execute("c5.constant = 30")).first?.hasSuffix("any x from 0 to 30 is optimal") == true)
        #expect(ambiguityLines(s.execute("a.left == root.left + 4 @501")).isEmpty)
    }

    @Test func twoLabelsInARowTieOnHugging() throws {
        let s = session("view label intrinsic 50x20\nview field intrinsic 80x20\nV:|-[label]\nV:|-[field]")
        let r = s.execute("H:|-[label]-[field]-|")
        let lines = ambiguityLines(r)
        #expect(lines.count == 2)
        #expect(lines[0] == "ambiguous: label (width): label.hugging.h and field.hugging.h tie at 250: raise one (any width from 50 to 271 is optimal)")   // iOS: 375 - 8 - 8 - 8 - 80 = 271
        #expect(lines[1].hasPrefix("ambiguous: field (x): label.hugging.h and field.hugging.h tie at 250: raise one"))
        let entries = try #require(try json(r)["ambiguity"] as? [[String: Any]])
        #expect(entries.allSatisfy { $0["reason"] as? String == "content-tie" })
        // Raising one settles it: nothing is ambiguous, and exercise says so.
        #expect(ambiguityLines(s.execute("label.hugging.h = 251")).isEmpty)
        #expect(s.execute("exercise").output == ["exercise: nothing is ambiguous; the solver's layout is the only optimal one."])
    }

    @Test func noVerticalConstraintsAndAMissingSize() {
        let s = session("view a c\nc.leading == root.leading\nc.width == 10")
        let r = s.execute("a.leading == root.leading + 10")
        // c was said when its constraints came and has not changed since: counted, not repeated.
        #expect(ambiguityLines(r) == [
            "ambiguous: a: no vertical constraints; a (width): only its leading edge is pinned (c3); add a width or a trailing constraint",
        ])
        #expect(r.renderText(width: 1000).contains("1 more ambiguous view unchanged: `ambiguous` shows it"))
        #expect(s.execute("ambiguous").output == [
            "ambiguous: a: no vertical constraints; a (width): only its leading edge is pinned (c3); add a width or a trailing constraint",
            "ambiguous: c: no vertical constraints",
        ])
        #expect(ambiguityLines(s.execute("view b")).last == "ambiguous: b: no constraints")
        // In right-to-left the pinned edge (x) is the trailing one.
        let rtl = session("view a\na.top == root.top\na.height == 5\na.left == root.left + 10")
        #expect(ambiguityLines(rtl.execute("direction rtl")) == [
            "ambiguous: a (width): only its trailing edge is pinned (c3); add a width or a leading constraint",
        ])
    }

    @Test func onlyInequalitiesLimitIt() {
        let s = session("view a\na.top == root.top\na.height == 20\na.left == root.left")
        let r = s.execute("a.width >= 100 @750")
        #expect(ambiguityLines(r) == ["ambiguous: a (width): only c4 (a.width >= 100 @750) limits it; any width from 100 up is optimal"])
        let bounded = s.execute("a.width <= 150")
        #expect(ambiguityLines(bounded) == [
            "ambiguous: a (width): only c4 (a.width >= 100 @750) and c5 (a.width <= 150) limit it; any width from 100 to 150 is optimal",
        ])
    }

    @Test func aViewThatFollowsAFreeOne() {
        let s = session("view a b\na.top == root.top\na.height == 20\nb.top == root.top\nb.height == 20\nb.width == 40")
        let r = s.execute("a.leading == b.trailing + 8")
        // a's width is held only by its floor (>= 0): the same reason as its x.
        #expect(ambiguityLines(r).first == "ambiguous: a (x, width): nothing pins it (c6); it moves with b, which is free horizontally")
    }

    @Test func theReportExplainsAScreenful() {
        let s = Session()
        let first = s.execute("view " + (0..<20).map { "v\($0)" }.joined(separator: " ")).renderText(width: 1000)
        #expect(first.split(separator: "\n").filter { $0.hasPrefix("ambiguous: ") }.count == 4)
        #expect(first.contains("… and 16 more ambiguous views (`ambiguous` lists them all)"))
        // Only the view the constraint touched is said again; the 19 others are counted.
        let text = s.execute("v0.width == 10").renderText(width: 1000)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("ambiguous: ") }
        #expect(lines == ["ambiguous: v0 (x): only its width is pinned (c1); add a leading or trailing constraint; v0: no vertical constraints"])
        #expect(text.contains("19 more ambiguous views unchanged: `ambiguous` shows them"))
        #expect(s.execute("ambiguous").output.count == 20)
    }

    /// The squeezed chain of Benchmarks/shell_bench.py with `count` views: every width is in
    /// [20, 100] and equally weak, so the widths trade off along one face of about `count` rows.
    func squeezedChain(_ count: Int) -> Session {
        var lines = ["root \(60 * count)x600", "view " + (0..<count).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<count {
            lines.append(i == 0 ? "v0.left == root.left" : "v\(i).left == v\(i - 1).right + 8")
            lines += ["v\(i).width >= 20", "v\(i).width == 100 @1", "v\(i).top == root.top", "v\(i).height == 44"]
        }
        return session(lines.joined(separator: "\n"))
    }

    @Test func aLargeFaceIsLeftToExplain() throws {
        // 80 views: the face of the widths holds one row per view, more than the report's 64.
        let s = squeezedChain(80)
        let r = s.execute("v79.right <= root.right")
        let lines = ambiguityLines(r)
        #expect(lines.count == 4)
        // v0's x is pinned to the root's left edge: only its width moves.
        #expect(lines.first == "ambiguous: v0 (width): it moves on a large optimal face (over 64 constraints), "
            + "too large to explain in a report; `explain v0.width` gives its range")
        #expect(lines.dropFirst().first == "ambiguous: v1 (x, width): it moves on a large optimal face (over 64 constraints), "
            + "too large to explain in a report; `explain v1.left` and `explain v1.width` give the ranges")
        let entries = try #require(try json(r)["ambiguity"] as? [[String: Any]])
        #expect(entries.count == 12 && entries.allSatisfy { $0["reason"] as? String == "large-face" && $0["range"] is NSNull })
        // explain stays exact: the 80 widths share 60·80 − 8·79 = 4 168 points, 20 to 100 each,
        // so v5's width can take any value from 20 (the others absorb the rest) to 100.
        #expect(s.execute("explain v5.width").output.first?.hasPrefix("v5.width = 20 is ambiguous: any value from 20 to 100 is optimal") == true)
        // Under the limit (20 views) the same chain gets its exact reason.
        let small = squeezedChain(20).execute("v19.right <= root.right")
        #expect(ambiguityLines(small).allSatisfy { $0.contains("(all @1) disagree") })
    }

    @Test func brokenConstraintsAreSaidWhenNewOrChanged() {
        let s = session("view a\na.top == root.top\na.height == 20\na.leading == root.leading")
        let first = s.execute("a.width == 100 @500")
        #expect(first.news?.broken.isEmpty == true)
        // c4 (@500) wins over c5 (@400): c5 is 100 - 60 = 40 off.
        let wish = s.execute("a.width == 60 @400").renderText(width: 1000)
        #expect(wish.contains("broken c5: a.width == 60 @400 -- a.width is 100, needs 60: over by 40"))
        // An input elsewhere: c5 is counted, not repeated.
        let other = s.execute("view b").renderText(width: 1000)
        #expect(!other.contains("broken c5"))
        #expect(other.contains("1 more unchanged: `broken` shows it"))
        // Its numbers change: said again.
        let moved = s.execute("c4.constant = 80").renderText(width: 1000)
        #expect(moved.contains("broken c5: a.width == 60 @400 -- a.width is 80, needs 60: over by 20"))
        // It holds: said once.
        let holds = s.execute("c4.constant = 60").renderText(width: 1000)
        #expect(holds.contains("holds now: c5"))
        #expect(!s.execute("view c").renderText(width: 1000).contains("holds now"))
        #expect(s.execute("broken").output == ["nothing broken"])
    }

    @Test func stretchingByHuggingReadsAsUIKitSaysIt() {
        let s = session("view title intrinsic 120x21\nV:|-[title]")
        // 375 - 8 - 8 = 359 wide for 120 of text: the hugging (250) gives way, as designed.
        let r = s.execute("H:|-[title]-|").renderText(width: 1000)
        #expect(r.contains("stretched title (hugging.h 250): width 359, content 120"))
        #expect(!r.contains("broken"))
        // Squeezed under its text by a wish at 300 (> 250): the resistance at 250 gives way.
        let narrow = session("view title intrinsic 120x21\nV:|-[title]\ntitle.leading == root.leading\ntitle.resistance.h = 250")
        let squeezed = narrow.execute("title.width == 100 @300").renderText(width: 1000)
        #expect(squeezed.contains("compressed title (resistance.h 250): width 100, content 120"))
        // A cell's fitting height: the content holds it off 0.
        let cell = session("view cell\nview label in cell intrinsic 50x21\nV:|[label]|\nH:|[label]|")
        let fit = cell.execute("fit1: cell.height == 0 @50").renderText(width: 1000)
        #expect(fit.contains("fitting size c5 (cell.height == 0 @50): cell.height 21, as small as its content allows"))
        #expect(cell.execute("constraints cell").output.contains { $0.contains("fitting size: cell.height 21, as small as its content allows") })
        #expect(cell.execute("broken").output.contains("fitting size c5 (cell.height == 0 @50): cell.height 21, as small as its content allows"))
    }

    @Test func exerciseVisitsOtherOptimaAndComesBack() throws {
        let s = session("view a\na.top == root.top\na.height == 20\na.width == 50\na.left == root.left @500\na.left == root.left + 10 @500")
        let first = s.execute("exercise")
        #expect(first.ok && first.output.first == "exercise 1 of 1: another optimal layout; only ambiguous values differ")
        #expect(first.output.contains { $0.hasPrefix("* a") && $0.contains("10") })
        // JSON: the frames are the exercised layout.
        let frames = try #require(try json(first)["frames"] as? [String: [String: Double]])
        #expect(frames["a"] == ["x": 10, "y": 0, "width": 50, "height": 20])
        let back = s.execute("exercise")
        #expect(back.output.first == "exercise: back to the solver's layout.")
        #expect(try json(back)["frames"] as? [String: [String: Double]] != frames)
        #expect(s.execute("exercise").output.first?.hasPrefix("exercise 1 of 1") == true)
        // The next ordinary input solves as usual, and exercise starts again.
        let change = s.execute("a.height == 30")
        #expect(change.frames.first { $0.name == "a" }?.frame.x == 0)
        #expect(s.execute("exercise").output.first?.hasPrefix("exercise 1 of 1") == true)
        #expect(!s.execute("exercise now").ok)
    }

    @Test func exerciseMovesFreeViewsBothWays() {
        // No size goes below 0: a width only its floor limits moves one way, up.
        let floored = session("view a\na.top == root.top\na.height == 20\na.left == root.left")
        let up = floored.execute("exercise")
        #expect(up.output.first == "exercise 1 of 1: another optimal layout; only ambiguous values differ")
        #expect(up.exercisedFrames?.first { $0.name == "a" }?.frame == Frame(x: 0, y: 0, width: 20, height: 20))
        // A free x moves both ways, and a width held between 10 and 60 visits both ends.
        let s = session("view a\na.top == root.top\na.height == 20\na.width >= 10\na.width <= 60")
        #expect(s.execute("frames").frames.first { $0.name == "a" }?.frame == Frame(x: 0, y: 0, width: 10, height: 20))
        let one = s.execute("exercise")
        #expect(one.output.first == "exercise 1 of 2: another optimal layout; only ambiguous values differ")
        let first = one.exercisedFrames?.first { $0.name == "a" }?.frame
        let two = s.execute("exercise")
        #expect(two.output.first == "exercise 2 of 2: another optimal layout; only ambiguous values differ")
        let second = two.exercisedFrames?.first { $0.name == "a" }?.frame
        #expect(first?.x == 20 && second?.x == -20)
        #expect(Set([first?.width, second?.width].compactMap { $0 }) == [10, 60])
        #expect([first, second].allSatisfy { $0?.y == 0 && $0?.height == 20 })
        #expect(s.execute("exercise").output.first == "exercise: back to the solver's layout.")
    }
}
