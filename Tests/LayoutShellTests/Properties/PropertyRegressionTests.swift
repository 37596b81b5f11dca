import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
@testable import LayoutReport

/// Sessions the whole-session properties found, kept with their lines.
struct PropertyRegressionTests {
    /// Seed 608: after `st1.alignment = trailing` the stack's new `UISV-canvas-fit` gives way
    /// (`st1.width >= 20` holds it). Reports leave fitting constraints out by design (README,
    /// "Stack views"); the incremental report equals a full read that does the same, and
    /// `constraints` still marks the fitting constraint broken.
    @Test func aStacksFittingConstraintThatGivesWayIsNotReportedAndIsListed() {
        let session = Session()
        var last: CommandResult?
        for line in ["view v1 intrinsic 50x10", "stack st1 v st1m0", "H:[v1][st1(>=20)]", "view v2", "st1.alignment = trailing"] {
            last = session.execute(line)
            #expect(last!.ok, "\(line)")
        }
        let model = session.model
        #expect(model.brokenConstraints().map(\.id) == ["st1.UISV-canvas-fit.1"])
        #expect(last!.broken.isEmpty)
        #expect(last!.broken == model.brokenConstraints().filter { !model.givesWayByDesign($0.id) })
        #expect(session.execute("constraints").renderText(width: 200).contains("st1.UISV-canvas-fit.1"))
    }

    /// A view's accessibilityIdentifier names it; one that is not a name leaves the variable's.
    @Test func importNamesAViewByItsAccessibilityIdentifier() {
        let session = Session()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-ax-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        session.directory = directory.path
        let code = """
            let titleLabel = UILabel()
            titleLabel.accessibilityIdentifier = "title"
            titleLabel.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(titleLabel)
            let button = UIButton()
            button.accessibilityIdentifier = "login.button"
            button.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(button)
            NSLayoutConstraint.activate([
                titleLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                button.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 8),
            ])
            """
        try? code.write(to: directory.appendingPathComponent("Login.swift"), atomically: true, encoding: .utf8)
        let result = session.execute("import Login.swift")
        #expect(result.ok)
        #expect(session.model.viewOrder == ["root", "title", "button"])
        let text = result.renderText(width: 200)
        #expect(text.contains("titleLabel is called title here (its accessibilityIdentifier)"))
        #expect(text.contains("button's accessibilityIdentifier \"login.button\" is not a name LayoutLab accepts"))
    }

    /// A view called `view` is exported as `viewView` and comes back as `view`.
    @Test func aViewCalledViewComesBackByName() {
        let session = Session()
        for line in ["view view", "view.width == 30", "view.leading == root.leading + 4"] { #expect(session.execute(line).ok) }
        let code = LayoutCodePrinter(model: session.model, language: .swift).document()
        #expect(code.contains("viewView.accessibilityIdentifier = \"view\""))
        let objc = LayoutCodePrinter(model: session.model, language: .objectiveC).document()
        #expect(objc.contains("viewView.accessibilityIdentifier = @\"view\";"))
    }
}
