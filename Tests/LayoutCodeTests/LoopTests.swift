import Testing
import LayoutVocabulary
@testable import LayoutCode

/// Loops: over a literal array of views the body runs once per view; over a range or a
/// computed collection the reader cannot know how often it runs, so a loop that does layout is
/// listed as not run (it was read once: one view of several, without a word).
struct LoopTests {
    @Test func aLoopOverARangeIsListedNotReadOnce() {
        let code = LayoutCodeReader.read("""
            let title = UIView()
            view.addSubview(title)
            title.topAnchor.constraint(equalTo: view.topAnchor, constant: 20).isActive = true
            for i in 0..<3 {
                let dot = UIView()
                view.addSubview(dot)
                dot.widthAnchor.constraint(equalToConstant: 10).isActive = true
            }
            for v in [title] {
                v.heightAnchor.constraint(equalToConstant: 30).isActive = true
            }
            """)
        // The range loop (line 4) makes nothing; the loop over [title] runs once for title.
        #expect(code.constraints.map(describe) == ["title.top == root.top + 20", "title.height == 30"])
        #expect(!code.views.contains { $0.name == "dot" })
        #expect(code.skipped.contains {
            $0.line == 4 && $0.mentionsLayout
                && $0.reason == .notRun("a loop is run here only over a literal array of views; write its views out")
        })
    }

    /// A loop that does no layout (colours, text) is not listed and changes nothing.
    @Test func aLoopWithoutLayoutIsNotListed() {
        let code = LayoutCodeReader.read("""
            let a = UIView()
            view.addSubview(a)
            a.widthAnchor.constraint(equalToConstant: 10).isActive = true
            for i in 0..<3 {
                print(i)
            }
            """)
        #expect(code.constraints.map(describe) == ["a.width == 10"])
        #expect(!code.skipped.contains { $0.mentionsLayout })
    }
}
