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
