import Foundation
import Testing
import LayoutVocabulary
@testable import LayoutCode

/// The fixtures: layout code written here, each modelled on a public repository's (its address
/// on the file's first line), exercising the same constructs.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}

/// A constraint as a test writes it: `label.leading == root.leading + 12 @750`, or the VFL.
func describe(_ constraint: CodeConstraint) -> String {
    var text: String
    switch constraint.form {
    case .anchors(let first, let relation, let second, let multiplier, let constant, let system):
        text = "\(first.item).\(first.attribute.rawValue) \(relation.rawValue) "
        if let second {
            text += (multiplier != 1 ? "\(formatNumber(multiplier)) * " : "") + "\(second.item).\(second.attribute.rawValue)"
            if system != 0 { text += " + \(formatNumber(system)) * system" }
            if constant != 0 { text += " + \(formatNumber(constant))" }
        } else {
            text += formatNumber(constant)
        }
    case .visualFormat(let format, let options, let metrics, let views):
        text = format + options.map { " " + $0 }.joined()
            + metrics.keys.sorted().map { " \($0)=\(formatNumber(metrics[$0]!))" }.joined()
            + views.keys.sorted().map { " \($0)→\(views[$0]!)" }.joined()
    }
    if !constraint.priority.isRequired { text += " @\(formatNumber(constraint.priority.rawValue))" }
    if let identifier = constraint.identifier { text = identifier + ": " + text }
    if !constraint.isActive { text += " (inactive)" }
    return text
}

func describe(_ view: CodeView) -> String {
    var text = view.name + " in " + (view.superview ?? "-")
    if view.kind == .stack { text += " stack" }
    if view.kind == .layoutGuide { text += " guide" }
    if view.isArranged { text += " arranged" }
    if view.translatesAutoresizingMask { text += " autoresizing" }
    return text
}

struct FixtureReadingTests {
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var language: LayoutCode.Language
        var views: [String]
        var constraints: [String]
        var skippedLayoutLines: [Int] = []
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(file: "RobotCheck.swift.txt", language: .swift, views: ["label in root"], constraints: [
            "label.leading == root.leading + 12", "label.top == root.top + 12",
            "label.trailing == root.trailing + -12", "label.bottom == root.bottom + 12"]),
        Case(file: "UIControlsPart2.swift.txt", language: .swift, views: ["firstName in root"], constraints: [
            "firstName.leading == root.leading + 100", "firstName.top == root.top + 100"]),
        Case(file: "AdvancedAutoLayout.swift.txt", language: .swift, views: ["yellowView in -"], constraints: [
            "yellowView.height == 200", "yellowView.width == 200", "yellowView.leading == 1000 * root.leading + 16",
            "yellowView.top == root.safeArea.top + 16"]),
        Case(file: "HelloPutInCenter.swift.txt", language: .swift, views: ["redView in root"], constraints: [
            "redView.centerX == root.centerX", "redView.centerY == root.centerY", "redView.width == 100", "redView.height == 100"]),
        Case(file: "CleanArchitecture.swift.txt", language: .swift, views: ["title in root"], constraints: [
            "title.leading == root.safeArea.leading + 16", "title.trailing == root.safeArea.trailing + 16",
            "title.top == root.safeArea.top + 16"]),
        Case(file: "HelloSafeArea.swift.txt", language: .swift, views: ["view1 in root"], constraints: [
            "view1.top == root.safeArea.top", "view1.width == 300", "view1.height == 100", "view1.centerX == root.centerX"]),
        Case(file: "Tuber.swift.txt", language: .swift, views: ["view1 in root"], constraints: [
            "view1.top == root.safeArea.top", "view1.bottom == root.safeArea.bottom", "view1.left == root.safeArea.left",
            "view1.right == root.safeArea.right"]),
        Case(file: "StudyStackView.swift.txt", language: .swift,
             views: ["stackView in root stack", "button1 in stackView arranged", "button2 in stackView arranged"], constraints: [
            "stackView.top == root.safeArea.top", "stackView.leading == root.safeArea.leading",
            "stackView.trailing == root.safeArea.trailing", "button1.width == 200", "button1.height == 44"]),
        Case(file: "Tracker.swift.txt", language: .swift, views: ["label in root"], constraints: [
            "label.centerX == root.centerX", "label.centerY == root.centerY"]),
        Case(file: "DrawingInUIView.swift.txt", language: .swift, views: ["mv in root"], constraints: [
            "H:|-25-[v]-25-| v→mv", "V:[v(150)] v→mv", "mv.centerY == root.centerY"]),
        Case(file: "iPhoneXSupport.m.txt", language: .objectiveC, views: ["headerView in -"], constraints: [
            "headerView.leading == root.safeArea.leading", "headerView.trailing == root.safeArea.trailing",
            "headerView.top == root.safeArea.top", "headerView.bottom == root.safeArea.bottom"]),
        Case(file: "Nyxian.m.txt", language: .objectiveC, views: ["label in root"], constraints: [
            "label.top == root.top", "label.bottom == root.bottom", "label.leading == root.leading", "label.trailing == root.trailing"]),
        Case(file: "TestAuto.m.txt", language: .objectiveC, views: ["sView in root", "navView in root"], constraints: [
            "sView.left == root.left", "sView.right == root.right", "sView.height == 20",
            "H:|-0-[navView]-0-| navView→navView", "V:|-20-[navView(44)] navView→navView"]),
    ]

    @Test(arguments: cases)
    func readsTheFixture(_ fixture: Case) throws {
        let code = LayoutCodeReader.read(try Fixtures.text(fixture.file))
        #expect(code.language == fixture.language)
        #expect(code.views.map(describe) == fixture.views)
        #expect(code.constraints.map(describe) == fixture.constraints)
        // No line that names an anchor or a constraint is skipped in these snippets.
        #expect(code.skipped.filter(\.mentionsLayout).map(\.line) == fixture.skippedLayoutLines)
    }

    @Test func theStackFixtureKeepsTheStackProperties() throws {
        let code = LayoutCodeReader.read(try Fixtures.text("StudyStackView.swift.txt"))
        let stack = try #require(code.view("stackView")?.stack)
        #expect(stack.axis == .vertical && stack.spacing == 10 && stack.alignment == "center" && stack.distribution == "fill")
        #expect(stack.arranged == ["button1", "button2"])
    }
}

struct LanguageFormTests {
    func read(_ text: String) -> LayoutCode { LayoutCodeReader.read(text) }

    @Test func prioritiesIdentifiersAndVariables() {
        let code = read("""
            let a = UIView(), b = UIView()
            let c = a.widthAnchor.constraint(greaterThanOrEqualTo: b.widthAnchor, multiplier: 0.5, constant: 4)
            c.priority = .required - 1
            c.identifier = "minW"
            let d = b.heightAnchor.constraint(lessThanOrEqualToConstant: 30); d.priority = UILayoutPriority(rawValue: 250 + 1)
            let e = a.topAnchor.constraint(equalToSystemSpacingBelow: b.bottomAnchor, multiplier: 2)
            e.priority = UILayoutPriority(999)
            NSLayoutConstraint.activate([c, d, e])
            let never = a.leftAnchor.constraint(equalTo: b.leftAnchor)
            """)
        #expect(code.constraints.map(describe) == [
            "minW: a.width >= 0.5 * b.width + 4 @999", "b.height <= 30 @251", "a.top == b.bottom + 2 * system @999",
            "a.left == b.left (inactive)"])
    }

    /// A scroll view's content and frame guides and the keyboard guide are items of their
    /// view, as the safe area is (what `export swift` writes for lessons 20 and 21).
    @Test func scrollAndKeyboardGuidesAreItemsOfTheirView() {
        let code = read("""
            let list = UIScrollView()
            let s = UIView()
            list.addSubview(s)
            NSLayoutConstraint.activate([
                s.topAnchor.constraint(equalTo: list.contentLayoutGuide.topAnchor),
                s.widthAnchor.constraint(equalTo: list.frameLayoutGuide.widthAnchor),
                s.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -16),
                s.leadingAnchor.constraint(equalTo: self.view.keyboardLayoutGuide.leadingAnchor),
            ])
            """)
        #expect(code.constraints.map(describe) == [
            "s.top == list.contentLayoutGuide.top", "s.width == list.frameLayoutGuide.width",
            "s.bottom == root.keyboardLayoutGuide.top + -16", "s.leading == root.keyboardLayoutGuide.leading"])
    }

    @Test func objectiveCSpellings() {
        let code = read("""
            UILabel *title = [UILabel new];
            [title setTranslatesAutoresizingMaskIntoConstraints:NO];
            [self.view addSubview:title];
            NSLayoutConstraint *w = [title.widthAnchor constraintGreaterThanOrEqualToConstant:100];
            w.priority = UILayoutPriorityDefaultHigh;
            [w setActive:YES];
            [title setContentHuggingPriority:UILayoutPriorityRequired forAxis:UILayoutConstraintAxisVertical];
            self.view.layoutMargins = UIEdgeInsetsMake(8, 16, 8, 16);
            [NSLayoutConstraint activateConstraints:@[[title.leadingAnchor constraintEqualToSystemSpacingAfterAnchor:self.view.layoutMarginsGuide.leadingAnchor multiplier:1]]];
            """)
        #expect(code.views.map(describe) == ["title in root"])
        #expect(code.constraints.map(describe) == ["title.width >= 100 @750", "title.leading == root.margins.leading + 1 * system"])
        #expect(code.contentPriorities == [CodeContentPriority(view: "title", kind: .hugging, axis: .vertical, priority: .required, line: 7)])
        #expect(code.margins == [CodeMargins(view: "root", insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16), isDirectional: false, line: 8)])
    }

    @Test func forEachOverALiteralArrayAndClosureProperties() {
        let code = read("""
            lazy var titleLabel: UILabel = {
                let label = UILabel()
                label.translatesAutoresizingMaskIntoConstraints = false
                return label
            }()
            let icon = UIImageView()
            override func viewDidLoad() {
                [titleLabel, icon].forEach { view.addSubview($0) }
                [icon].forEach { v in
                    v.translatesAutoresizingMaskIntoConstraints = false
                }
                let constraints = [titleLabel.topAnchor.constraint(equalTo: icon.bottomAnchor, constant: 8)]
                constraints.forEach { $0.isActive = true }
            }
            """)
        #expect(code.views.map(describe) == ["titleLabel in root", "icon in root"])
        #expect(code.constraints.map(describe) == ["titleLabel.top == icon.bottom + 8"])
    }

    @Test func skippedLinesThatMentionLayoutAreListedWithTheirNumbers() {
        let code = read("""
            let a = UIView()
            view.addSubview(a)
            a.backgroundColor = .red
            a.anchor(top: view.topAnchor, padding: 8)
            a.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor).isActive = true
            """)
        #expect(code.skipped.filter(\.mentionsLayout).map(\.line) == [4, 5])
        #expect(code.skipped.first { $0.line == 3 }?.mentionsLayout == false)
    }

    @Test func badInputNeverCrashes() {
        let nasty = [
            "NSLayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: ((((",
            "]]]]))))}}}}} [[[[ {{{{ a.topAnchor",
            String(repeating: "[", count: 100_000),
            String(repeating: "(", count: 50_000) + String(repeating: ")", count: 50_000),
            "\"unterminated \\( string", "/* unterminated comment", "@\"", "#import", "\\",
            String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }, as: UTF8.self),
        ]
        for text in nasty { _ = LayoutCodeReader.read(text) }
        // 300 000 nested blocks overflowed the stack (found by pasting); past 200 levels the
        // braces stay inside a statement. Layout code at the bottom of 150 blocks still reads.
        _ = LayoutCodeReader.read(String(repeating: "{", count: 300_000) + String(repeating: "}", count: 300_000))
        let deep = String(repeating: "if true {\n", count: 150)
            + "a.widthAnchor.constraint(equalToConstant: 10).isActive = true\n" + String(repeating: "}\n", count: 150)
        #expect(LayoutCodeReader.read(deep).constraints.count == 1)
        // A megabyte of real code reads (and each line is one constraint).
        let line = "a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8).isActive = true\n"
        let big = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
        let code = LayoutCodeReader.read(big)
        #expect(code.constraints.count == 1_000_000 / line.utf8.count + 1)
    }

    @Test func theTokenizerKeepsLinesThroughCommentsAndStrings() {
        let tokens = CodeTokenizer.tokenize("a /* x\ny */ b \"s\\\"t\" // c\n#import <x>\n8.0f")
        #expect(tokens.map(\.text) == ["a", "b", "s\\\"t", "8.0f"])
        #expect(tokens.map(\.line) == [1, 2, 2, 4])
    }
}

/// A closure-initialized property named earlier in the file (TinyConstraints' MetricView sets
/// `label.textColor` in a `didSet` above `lazy var label: UILabel = { let view = UILabel() … }()`):
/// the closure's view is that property, with its class, not a second view.
struct PropertyNamedBeforeItsClosureTests {
    @Test func theClosuresViewIsTheProperty() {
        let code = LayoutCodeReader.read("""
            var tint: UIColor = .white {
                didSet { label.textColor = tint }
            }
            lazy var label: UILabel = {
                let view = UILabel()
                view.font = UIFont.systemFont(ofSize: 20)
                return view
            }()
            init() {
                addSubview(label)
                label.centerXToSuperview()
            }
            """)
        #expect(code.views.map(\.name) == ["label"])
        #expect(code.view("label")?.className == "UILabel")
        #expect(code.view("label")?.superview == "root")
        #expect(code.view("label")?.contentSet == ["font"])
    }

    /// An outlet the code declares with its class keeps it: a closure's view is not merged into it.
    @Test func aDeclaredViewIsNotReplaced() {
        let code = LayoutCodeReader.read("""
            @IBOutlet var title: UILabel!
            lazy var title: UIView = {
                let made = UIView()
                return made
            }()
            """)
        #expect(code.view("title")?.className == "UILabel")
        #expect(code.view("made")?.className == "UIView")
    }
}
