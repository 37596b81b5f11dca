import Testing
import LayoutVocabulary
@testable import LayoutCode

/// Each dialect on its own statement: the constraint it reads carries the statement's line,
/// and the dialects' marks are what makes a text look like layout code.
struct DialectTests {
    /// One constraint per dialect, each on its own line (lines 3 to 6), activated where made.
    static let code = """
        let a = UIView()
        view.addSubview(a)
        a.widthAnchor.constraint(equalToConstant: 40).isActive = true
        NSLayoutConstraint(item: a, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 30).isActive = true
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]", options: [], metrics: nil, views: ["a": a]))
        let stack = UIStackView()
        stack.addArrangedSubview(a)
        stack.spacing = 6
        """

    @Test func everyDialectReadsItsConstraintOnItsOwnLine() {
        let read = LayoutCodeReader.read(Self.code)
        // `describe` writes a VFL constraint with its views dictionary (key → item).
        #expect(read.constraints.map(describe) == ["a.width == 40", "a.height == 30", "H:|-[a] a→a"])
        #expect(read.constraints.map(\.line) == [3, 4, 5])
        #expect(read.view("stack")?.stack?.arranged == ["a"])
        #expect(read.view("stack")?.stack?.spacing == 6)
        #expect(read.view("stack")?.settingsLine == 8)
    }

    /// Objective-C's setters reach the stack dialect as assignments.
    @Test func objectiveCSettersReachTheStackDialect() {
        let read = LayoutCodeReader.read("UIStackView *s = [[UIStackView alloc] init];\n[s setSpacing:4];\n[s setAxis:UILayoutConstraintAxisVertical];")
        #expect(read.view("s")?.stack?.spacing == 4)
        #expect(read.view("s")?.stack?.axis == .vertical)
    }

    @Test func eachDialectsMarksMakeLayoutCode() {
        for dialect in LayoutCodeReader.dialects {
            for mark in dialect.marks { #expect(LayoutCodeReader.looksLikeLayoutCode("x = \(mark)"), "\(dialect): \(mark)") }
        }
        #expect(!LayoutCodeReader.looksLikeLayoutCode("let x = 1"))
    }
}
