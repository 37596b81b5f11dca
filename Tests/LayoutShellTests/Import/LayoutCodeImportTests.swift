import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import TestSupport
import LayoutImport
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("LayoutCodeTests/Fixtures")

private func fixture(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
}

/// Imports a text as `paste` does (ended by two empty lines, complete or not) and returns the
/// session and the report.
private func imported(_ text: String, into session: Session = Session()) -> (Session, CommandResult) {
    _ = session.execute("paste")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.allSatisfy(\.isWhitespace) {
        _ = session.execute(String(line))
    }
    let result = session.execute("")
    return (session, session.isPasting ? session.execute("") : result)
}

private func frame(_ session: Session, _ name: String) -> [Double] {
    let f = session.model.frame(of: name)!
    return [f.x, f.y, f.width, f.height].map { ($0 * 1000).rounded() / 1000 }
}

struct LayoutCodeImportTests {
    /// Every fixture into a fresh session, with frames checked by hand (root 375x667, no safe area).
    @Test(arguments: [
        ("RobotCheck.swift.txt", "label", [12.0, 12, 351, 667]),
        ("UIControlsPart2.swift.txt", "firstName", [100, 100, 0, 0]),
        ("AdvancedAutoLayout.swift.txt", "yellowView", [16, 16, 200, 200]),
        ("HelloPutInCenter.swift.txt", "redView", [137.5, 283.5, 100, 100]),
        ("CleanArchitecture.swift.txt", "title", [16, 16, 375, 0]),
        ("HelloSafeArea.swift.txt", "view1", [37.5, 0, 300, 100]),
        ("Tuber.swift.txt", "view1", [0, 0, 375, 667]),
        ("Tracker.swift.txt", "label", [187.5, 333.5, 0, 0]),
        ("DrawingInUIView.swift.txt", "mv", [25, 258.5, 325, 150]),
        ("iPhoneXSupport.m.txt", "headerView", [0, 0, 375, 667]),
        ("Nyxian.m.txt", "label", [0, 0, 375, 667]),
        ("TestAuto.m.txt", "navView", [0, 20, 375, 44]),
        ("StudyStackView.swift.txt", "stackView", [0, 0, 375, 54]),   // a real stack now: 44 + 10 + the empty button2
    ])
    func importsTheFixture(_ file: String, _ view: String, _ expected: [Double]) throws {
        let (session, result) = imported(try fixture(file))
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(frame(session, view) == expected)
        // One undo takes the whole import back.
        _ = session.execute("undo")
        #expect(session.model.viewOrder == ["root"])
    }

    @Test func theSecondViewOfTestAutoAndItsVFL() throws {
        let (session, _) = imported(try fixture("TestAuto.m.txt"))
        #expect(frame(session, "sView") == [0, 0, 375, 20])
        #expect(session.platform == .ios)
    }

    @Test func notesListSkippedLayoutLinesAndRenames() {
        let session = Session()
        _ = session.execute("view label")
        let (_, result) = imported("""
            let label = UILabel()
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            label.anchor(top: view.topAnchor)
            label.widthAnchor.constraint(equalToConstant: 10).isActive = true
            label.heightAnchor.constraint(equalToConstant: 10)
            """, into: session)
        #expect(result.ok)
        #expect(result.output.contains("label is called label2 here (the name is taken)"))
        #expect(result.output.contains("line 4: skipped: label.anchor(top: view.topAnchor)"))
        #expect(result.output.contains("never activated, so left out: the constraint on line 6"))
        #expect(session.model.frame(of: "label2")!.width == 10)
    }

    /// `translatesAutoresizingMaskIntoConstraints` left true: the view keeps its frame, with a note.
    @Test func aViewThatKeepsItsAutoresizingMaskIsNamed() throws {
        let code = "let box = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))\nview.addSubview(box)\nbox.widthAnchor.constraint(equalToConstant: 100).isActive = true"
        let script = try LayoutCodeImporter.translate(code, in: Session())
        #expect(script.lines == ["view box frame 0,0,50,50", "box.width == 100"])
        #expect(script.notes.contains { $0.hasPrefix("box keeps translatesAutoresizingMaskIntoConstraints = true") })
    }

    /// Stack views: the translation's lines.
    @Test func stackViewsTranslate() throws {
        let script = try LayoutCodeImporter.translate(try fixture("StudyStackView.swift.txt"), in: Session())
        #expect(script.lines.prefix(4) == ["stack stackView v button1 button2", "stackView.spacing = 10", "stackView.alignment = center",
                                           "stackView.top == root.safeArea.top"])
    }

    @Test func badInputChangesNothing() {
        for text in ["NSLayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: ((((", "let x = 1\nprint(x)",
                     "view.addSubview(\u{0}\u{1}binary)", String(repeating: "[", count: 200_000) + "addSubview"] {
            let session = Session()
            _ = session.execute("view a")
            let (after, result) = imported(text, into: session)
            if after.isPasting {
                // A bracket is still open: no empty line ends the paste (issue 24); Ctrl-C drops it.
                #expect(text.contains("(((") || text.hasPrefix("[["))
                #expect(after.cancelPaste() != nil)
            } else {
                #expect(!result.ok)
            }
            #expect(after.model.viewOrder == ["root", "a"])
            #expect(after.history.count == 1)
        }
    }

    @Test func aRefusedLineIsLeftOutWithANote() throws {
        let script = try LayoutCodeImporter.translate("""
            let a = UIView()
            a.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(a)
            NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 20).isActive = true
            a.widthAnchor.constraint(equalToConstant: 20).isActive = true
            """, in: Session())
        #expect(script.lines == ["view a", "a.width == 20"])
        #expect(script.notes.contains { $0.hasPrefix("line 4: left out: a.left == 20") })
    }
}

/// `export swift|objc` then `import` gives the same layout.
struct ExportRoundTripTests {
    static func randomSession(_ seed: UInt64) -> Session {
        var random = SplitMix64(seed: seed)
        let session = Session()
        var views = ["root"]
        let attributes = ["leading", "trailing", "top", "bottom", "width", "height", "centerX", "centerY", "left", "right",
                          "leadingMargin", "topMargin", "firstBaseline", "lastBaseline"]
        for index in 0..<(2 + random.below(5)) {
            let name = "v\(index)"
            let parent = random.pick(views)
            let intrinsic = random.chance(40) ? " intrinsic \(random.below(120))x\(random.chance(20) ? "-" : String(random.below(40)))" : ""
            _ = session.execute("view \(name)\(parent == "root" ? "" : " in \(parent)")\(intrinsic)", report: false)
            views.append(name)
        }
        if random.chance(40) { _ = session.execute("guide g", report: false); views.append("g") }
        if random.chance(35) {
            // A stack of new views, with its properties; its UISV-* constraints are UIKit's.
            let count = 1 + random.below(3)
            var arranged = (0..<count).map { "s\($0)" }
            if random.chance(50) {
                // A stack arranged in the stack (issue 24: nested stacks lost their views on import).
                _ = session.execute("stack inner \(random.pick(["h", "v"])) i0 i1", report: false)
                if random.chance(50) { _ = session.execute("inner.spacing = \(random.below(20))", report: false) }
                if random.chance(50) { _ = session.execute("inner.alignment = \(random.pick(["leading", "center"]))", report: false) }
                arranged.insert("inner", at: random.below(arranged.count + 1))
                views += ["i0", "i1"]
            }
            _ = session.execute("stack st \(random.pick(["h", "v"])) " + arranged.joined(separator: " "), report: false)
            if random.chance(50) { _ = session.execute("st.spacing = \(random.below(20))", report: false) }
            if random.chance(50) { _ = session.execute("st.distribution = \(random.pick(["fillEqually", "equalSpacing", "equalCentering", "fillProportionally"]))", report: false) }
            if random.chance(50) { _ = session.execute("st.alignment = \(random.pick(["leading", "center", "trailing"]))", report: false) }
            if random.chance(30) { _ = session.execute("st.spacingAfter.s0 = \(random.below(30))", report: false) }
            if random.chance(30) { _ = session.execute("\(random.pick(arranged)).hidden = true", report: false) }
            if random.chance(20) { _ = session.execute("st.marginsRelative = true", report: false) }
            views += ["st"] + arranged
        }
        if random.chance(25) {
            let parent = random.pick(views.filter { $0 != "g" })
            _ = session.execute("view fr frame \(random.below(50)),\(random.below(50)),\(random.below(100)),\(random.below(100))"
                                + (parent == "root" ? "" : " in \(parent)"), report: false)
            if random.chance(50) { _ = session.execute("fr.autoresizing = \(random.pick(["flexibleWidth", "flexibleHeight flexibleLeftMargin", "flexibleTopMargin flexibleBottomMargin"]))", report: false) }
            views.append("fr")
        }
        if random.chance(25) {
            // A cell with a view in its content view (issue 24: export wrote cells import could not read).
            let style = random.chance(30) ? " collection" : ""
            let height = random.chance(50) ? " height \(20 + random.below(80))" : ""
            _ = session.execute("cell cl\(style)\(height)", report: false)
            _ = session.execute("view k in cl.contentView", report: false)
            views += ["cl", "cl.contentView", "k"]
        }
        if random.chance(30) { _ = session.execute("v0.margins = 4,12,4,\(random.below(30))", report: false) }
        if random.chance(30) { _ = session.execute("v1.hugging.h = \(200 + random.below(600))", report: false) }
        for index in 0..<(3 + random.below(12)) {
            let first = random.pick(Array(views.dropFirst()))
            let attribute = random.pick(attributes)
            let relation = random.pick(["==", ">=", "<="])
            let priority = random.chance(30) ? " @\(random.pick([250, 500, 750, 999]))" : ""
            let name = random.chance(15) ? "n\(index): " : ""
            var line: String
            if ["width", "height"].contains(attribute), random.chance(40) {
                line = "\(first).\(attribute) \(relation) \(random.below(200))"
            } else {
                var second = random.pick(views)
                if random.chance(15) { second = "root.safeArea" }
                if random.chance(10) { second = "v0.margins" }
                let sameAxis = attributes.filter { a in
                    let horizontal: Set = ["leading", "trailing", "width", "centerX", "left", "right", "leadingMargin"]
                    return horizontal.contains(a) == horizontal.contains(attribute)
                }
                let multiplier = random.chance(15) ? "\(random.pick(["0.5", "2", "1.5"])) * " : ""
                let constant = random.chance(20) ? " + system" : random.chance(60) ? " + \(random.below(40))" : ""
                line = "\(first).\(attribute) \(relation) \(multiplier)\(second).\(random.pick(sameAxis))\(constant)"
            }
            _ = session.execute(name + line + priority, report: false)
        }
        if random.chance(20), session.model.constraint("c2") != nil { _ = session.execute("deactivate c2", report: false) }
        // A frame view made once its superview has its size, and a root resized after the
        // frame views were made: the code reads the superview's bounds when it runs.
        if random.chance(30) {
            let parent = random.pick(views.filter { $0 != "g" })
            _ = session.execute("view late frame \(random.below(40)),\(random.below(40)),\(random.below(80)),\(random.below(80))"
                                + (parent == "root" ? "" : " in \(parent)"), report: false)
            _ = session.execute("late.autoresizing = \(random.pick(["flexibleWidth flexibleHeight", "flexibleLeftMargin flexibleWidth", "flexibleRightMargin flexibleTopMargin", "none"]))", report: false)
        }
        if random.chance(30) { _ = session.execute("root \(300 + random.below(300))x\(500 + random.below(400))", report: false) }
        return session
    }

    /// Frames, ambiguity and broken constraints. An ambiguous component's value is whichever
    /// optimum the solver's path reached, so only its being ambiguous is compared; UIKit's own
    /// guides appear when a constraint first names them, so they are left out.
    static func snapshot(_ session: Session) -> [String] {
        let model = session.model
        var lines: [String] = []
        for (name, f) in model.frames() where LayoutModel.systemGuide(name) == nil {
            let ambiguous = Set(model.ambiguousComponents(of: name))
            let values = FrameComponent.allCases.map { ambiguous.contains($0) ? "?" : String(format: "%.4f", f[$0] == 0 ? 0 : f[$0]) }
            lines.append("\(name) " + values.joined(separator: " "))
        }
        // Sorted: a stack's internal guides are made when its properties are set, which the
        // code does after all its views.
        lines.sort()
        lines.append("broken \(model.brokenConstraints().count)")
        return lines
    }

    @Test(arguments: [LayoutCodePrinter.Language.swift, .objectiveC, .snapKit])
    func randomSessionsComeBackTheSame(_ language: LayoutCodePrinter.Language) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = language == .objectiveC ? "Layout.m" : "Layout.swift"
        var checked = 0
        for seed in UInt64(1)...300 {
            let session = Self.randomSession(seed)
            session.directory = directory.path
            let exported = session.execute("export \(language == .swift ? "swift" : language == .snapKit ? "snapkit" : "objc") \(file)")
            #expect(exported.ok)
            let fresh = Session()
            fresh.directory = directory.path
            _ = fresh.execute("root \(formatNumber(session.model.rootWidth))x\(formatNumber(session.model.rootHeight))", report: false)
            let result = fresh.execute("import \(file)")
            if session.model.viewOrder.count == 1 { continue }
            #expect(result.ok, "seed \(seed): \(result.error?.message ?? "")")
            #expect(Self.snapshot(fresh) == Self.snapshot(session), "seed \(seed)")
            checked += 1
        }
        #expect(checked > 250)
    }

    /// Importing into a session that already has `c` and `c1` used to loop for ever: every
    /// `cN` looks like a constraint id.
    @Test func aTakenNameLikeAConstraintIDGetsAnUnderscore() {
        let session = Session()
        _ = session.execute("stack s v a b c")
        _ = session.execute("view c1")
        let (_, result) = imported("let s = UIStackView()\nview.addSubview(s)\nlet c = UIView()\nlet c1 = UIView()\ns.addArrangedSubview(c)\nview.addSubview(c1)\n",
                                   into: session)
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(session.model.view("c_2")?.parent == "s2")
        #expect(session.model.view("c1_2") != nil)
    }

    @Test func exportNeedsALanguageAndAFile() {
        let session = Session()
        #expect(session.execute("export").error?.message == "export needs a language and a file name")
        #expect(session.execute("export kotlin a.kt").error?.message == "export writes swift, objc or snapkit, not kotlin")
        #expect(session.execute("export swift").error?.message == "export swift needs a file name")
    }
}

/// `preservesSuperviewLayoutMargins` and `insetsLayoutMarginsFromSafeArea` in code, and back out
/// through `export`.
struct LayoutCodeMarginSourceTests {
    static let code = """
        let card = UIView()
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(dot)
        card.preservesSuperviewLayoutMargins = true
        view.insetsLayoutMarginsFromSafeArea = false
        NSLayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: view.topAnchor),
            card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            card.widthAnchor.constraint(equalToConstant: 200),
            card.heightAnchor.constraint(equalToConstant: 100),
            dot.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
            dot.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            dot.widthAnchor.constraint(equalToConstant: 4),
            dot.heightAnchor.constraint(equalToConstant: 4),
        ])
        """

    @Test func theCodesSettingsAreReadAndWrittenBack() throws {
        let session = Session()
        // The root's margins 30 inside a safe area of 20 it no longer insets them from: 30.
        _ = session.execute("root.margins = 30")
        _ = session.execute("safearea 20,0,0,0")
        let (_, result) = imported(Self.code, into: session)
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(session.model.view("card")?.preservesSuperviewMargins == true)
        #expect(session.model.view("root")?.insetsMarginsFromSafeArea == false)
        // card at x 10 on the root's top edge: the root's 30 reach 30 at the top, 20 at the
        // left; card's own safe area (20 at the top) adds 20 to its own 8, less than 30.
        #expect(frame(session, "dot") == [20, 30, 4, 4])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("margins-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(session.execute("export swift \(file.path)").ok)
        let exported = try String(contentsOf: file, encoding: .utf8)
        #expect(exported.contains("card.preservesSuperviewLayoutMargins = true"))
        #expect(exported.contains("view.insetsLayoutMarginsFromSafeArea = false"))
    }
}
