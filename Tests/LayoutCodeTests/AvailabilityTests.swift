import Testing
import LayoutVocabulary
@testable import LayoutCode

/// `if #available` and its kin: only the branch the newest system runs is read, the other is
/// listed as skipped with its line and the system it runs on (issue 24: both were read, so
/// every constraint came twice and conflicted).
struct AvailabilityTests {
    @Test func theNewestSystemsBranchIsReadInSwift() throws {
        let code = LayoutCodeReader.read(try Fixtures.text("AvailabilitySnapKit.swift.txt"))
        // The maker's `if` branch (line 15), the anchors' first `if` (24), after the guard the
        // `else` of `#unavailable` (37), then the two anchors after it.
        #expect(code.constraints.map(describe) == [
            "tabBarView.top == root.safeArea.top", "tabBarView.left == root.left", "tabBarView.right == root.right",
            "tabBarView.height == 44", "pageView.bottom == root.safeArea.bottom", "pageView.top == tabBarView.bottom",
            "pageView.leading == root.leading", "pageView.trailing == root.trailing",
        ])
        let notRun = code.skipped.compactMap { line -> String? in
            guard case .notRun(let why) = line.reason else { return nil }
            return "\(line.line) \(why)\(line.mentionsLayout ? "" : " (not listed)")"
        }
        #expect(notRun.sorted() == [
            "16 the else branch runs only before iOS 11.0", "25 the else branch runs only before iOS 11",
            "27 the else branch runs only before iOS 11", "30 the guard's else branch runs only before iOS 13",
            "34 this branch runs only before iOS 15",
        ])
    }

    @Test func objectiveCsAvailableReadsTheIfBranch() throws {
        let code = LayoutCodeReader.read(try Fixtures.text("AvailabilityMasonry.m.txt"))
        #expect(code.constraints.map(describe) == [
            "panel.top == root.safeArea.top", "panel.bottom == root.safeArea.bottom", "panel.left == root.left", "panel.right == root.right",
        ])
        #expect(code.skipped.contains { $0.line == 19 && $0.reason == .notRun("the else branch runs only before iOS 11.0") && $0.mentionsLayout })
    }

    /// Any other condition is not the layout's to decide: both branches are read, as before.
    @Test func anOrdinaryIfKeepsBothBranches() {
        let code = LayoutCodeReader.read("""
            let a = UIView()
            view.addSubview(a)
            if compact {
                a.widthAnchor.constraint(equalToConstant: 10).isActive = true
            } else {
                a.heightAnchor.constraint(equalToConstant: 20).isActive = true
            }
            """)
        #expect(code.constraints.map(describe) == ["a.width == 10", "a.height == 20"])
        #expect(!code.skipped.contains { if case .notRun = $0.reason { true } else { false } })
    }

    @Test func theCheckNamesTheFirstPlatform() {
        let tokens = CodeTokenizer.tokenize("if #available(iOS 13.0, macOS 10.15, *)")
        #expect(LayoutCodeReader.availabilityCheck(tokens)?.system == "iOS 13.0")
        #expect(LayoutCodeReader.availabilityCheck(CodeTokenizer.tokenize("if (@available(iOS 11.0, *))"))?.isUnavailable == false)
        #expect(LayoutCodeReader.availabilityCheck(CodeTokenizer.tokenize("if #unavailable(iOS 15)"))?.isUnavailable == true)
        #expect(LayoutCodeReader.availabilityCheck(CodeTokenizer.tokenize("if available(x)")) == nil)
    }
}
