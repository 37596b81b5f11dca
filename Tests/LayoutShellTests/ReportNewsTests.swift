import LayoutShell
@testable import LayoutReport
import Testing

/// A report after an input says what changed: a newcomer building a 20-view screen line by line
/// sees at most a screenful (24 lines of 80 columns, the prompt's line included) per input.
@Suite struct ReportNewsTests {
    /// A profile screen as a newcomer types it: views first, then constraints one by one.
    static let profileScreen = """
        device iPhone15
        view header avatar name subtitle follow
        view bio intrinsic 300x60
        view statsRow posts followers following
        view postsLabel followersLabel followingLabel intrinsic 60x18
        view grid cell1 cell2 cell3 cell4
        view footer badge
        H:|-[avatar(64)]-[name]-|
        V:|-[avatar(64)]
        name.top == avatar.top
        H:|-[bio]-|
        V:[avatar]-12-[bio]
        H:|-[statsRow]-|
        V:[bio]-[statsRow(44)]
        H:|[posts][followers(==posts)][following(==posts)]| alignAllTop alignAllBottom
        V:|[posts]|
        name.height == 21
        H:|-[header]-|
        V:|[header(40)]
        """

    /// Widening the root of a squeezed 30-view chain settles every width at once: the report
    /// names a screenful of what holds and is settled now, and counts the rest (it named all
    /// thousand views of a 1 000-view chain on one line).
    @Test func whatAChangeSettlesIsNamedAScreenfulAtATime() {
        let s = Session()
        var lines = ["root 1800x600", "view " + (0..<30).map { "v\($0)" }.joined(separator: " ")]
        for i in 0..<30 {
            lines.append(i == 0 ? "v0.left == root.left" : "v\(i).left == v\(i - 1).right + 8")
            lines += ["v\(i).width >= 20", "v\(i).width == 100 @1", "v\(i).top == root.top", "v\(i).height == 44"]
        }
        lines.append("v29.right <= root.right")
        for line in lines { #expect(s.execute(line).ok, "\(line)") }
        let text = s.execute("root 10000x600").renderText(width: 80)
        let cap = CommandResult.constraintLinesCap
        let settled = (0..<cap).map { "v\($0)" }.joined(separator: ", ") + ", … and \(30 - cap) more"
        #expect(text.replacingOccurrences(of: "\n    ", with: " ").contains("no longer ambiguous: " + settled), "\(text)")
        #expect(!text.contains("v\(cap),"), "\(text)")
    }

    @Test func aTwentyViewScreenShowsAScreenfulPerInput() {
        let s = Session()
        var tallest = 0
        for line in Self.profileScreen.split(separator: "\n") {
            let result = s.execute(String(line))
            #expect(result.ok, "\(line)")
            let lines = result.renderText(width: 80).split(separator: "\n", omittingEmptySubsequences: false).count
            tallest = max(tallest, lines)
            #expect(lines + 1 <= 24, "\(line) printed \(lines) lines")
        }
        #expect(s.model.viewOrder.count == 21)   // root and 20 views
        #expect(tallest > 10)
        // Everything is still there on demand: one line per ambiguous view (unwrapped), one
        // row per view in the frame table (after its header).
        let ambiguousViews = s.currentState().ambiguous.count
        #expect(ambiguousViews > 4)
        #expect(s.execute("ambiguous").output.count == ambiguousViews)
        #expect(s.execute("frames").output.filter { !$0.hasPrefix("  (") }.count == s.model.viewOrder.count + 1)
    }
}
