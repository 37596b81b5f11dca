import Testing
import LayoutImport

/// The importers on their own, against `FakeImportContext`: what they take from the context
/// (names taken, numbers, platform) and what they do with the lines its trial refuses.
struct ImporterTests {
    /// A log in iOS 9's shape, written here (modelled on https://github.com/Ramotion/folding-cell/issues/63):
    /// one view held at two heights, UIKit breaking the first.
    static let log = """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600000a1 V:[UIView:0x7f00000b(200)]>",
            "<NSLayoutConstraint:0x600000a2 V:[UIView:0x7f00000b(84)]>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600000a1 V:[UIView:0x7f00000b(200)]>
        """

    @Test func aTextNoImporterReadsIsRefusedNamingEveryFormat() throws {
        let error = #expect(throws: ImportError.self) {
            try ImporterRegistry.translate("hello, world", fileName: "notes.txt", in: FakeImportContext())
        }
        #expect(error?.message == "notes.txt is neither an Interface Builder file, a console log nor layout code LayoutLab can read")
        #expect(error?.hint == "import reads storyboards and xibs, UIKit's \"Unable to simultaneously satisfy constraints\" logs and Swift or Objective-C constraint code")
        // Every registered importer is named, from its own declaration.
        for importer in ImporterRegistry.all { #expect(error?.message.contains(importer.name) == true) }
    }

    @Test func theExtensionChoosesBeforeTheText() {
        #expect(ImporterRegistry.importer(for: Self.log, fileName: "code.swift") == LayoutCodeImporter.self)
        #expect(ImporterRegistry.importer(for: Self.log, fileName: nil) == ConsoleLogImporter.self)
        #expect(ImporterRegistry.importer(for: "view.addSubview(a)", fileName: "x.txt") == LayoutCodeImporter.self)
    }

    /// The log's view is `view`, or `view1` when the session has a `view`; constraint ids
    /// start at the context's next number; the broken constraint comes last.
    @Test func aLogTakesNamesAndNumbersFromTheContext() throws {
        let context = FakeImportContext()
        context.viewNames = ["root", "view"]
        context.nextConstraintNumber = 5
        let script = try ConsoleLogImporter.translate(Self.log, in: context)
        #expect(script.lines == ["view view1", "view1.height == 84", "view1.height == 200", "origin view1 UIView:0x7f00000b",
                                 "origin c5 NSLayoutConstraint:0x600000a2", "origin c6 NSLayoutConstraint:0x600000a1"])
        // The lines were tried on an empty trial, not on the session.
        #expect(context.trials.count == 1 && context.trials[0].taken == Array(script.lines.prefix(3)))
        // What the session then finds is compared with the log through the outcome alone.
        #expect(script.followUp?(ImportOutcome(conflict: (["c5", "c6"], "c6"))) == ["  UIKit broke c6; the session broke c6 too"])
        #expect(script.followUp?(ImportOutcome(conflict: nil)).first?.contains("LayoutLab finds no required conflict") == true)
    }

    @Test func aLineTheTrialRefusesIsSkippedWithTheTrialsReason() throws {
        let context = FakeImportContext()
        context.refuses = { $0.hasSuffix("== 200") ? "too tall" : nil }
        let script = try ConsoleLogImporter.translate(Self.log, in: context)
        // A bare UIView is view1 even alone (`added view view` would read as a command).
        #expect(!script.lines.contains("view1.height == 200") && script.lines.contains("view view1"))
        #expect(script.notes.contains { $0.contains("`view1.height == 200` was refused (too tall): skipped") })
    }

    /// Code is tried on a trial holding the session; a refused line is left out with the
    /// trial's message, and VFL on a macOS session asks for iOS first.
    @Test func codeIsTriedOnTheSessionAsItIs() throws {
        let context = FakeImportContext()
        context.viewNames = ["root", "a"]
        context.platformName = "macos"
        context.refuses = { $0 == "b.width == 20" ? "no" : nil }
        let script = try LayoutCodeImporter.translate("""
            let a = UIView()
            a.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(a)
            a.widthAnchor.constraint(equalToConstant: 20).isActive = true
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]|", options: [], metrics: nil, views: ["a": a]))
            """, in: context)
        // `a` is taken, so the code's `a` is `a2`; its width line is tried as `a2.width == 20`.
        #expect(script.lines == ["view a2", "a2.width == 20", "platform ios", "H:|[a2]|"])
        #expect(script.notes.contains("a is called a2 here (the name is taken)"))
        #expect(context.trials.count == 1 && context.trials[0].taken == script.lines)

        context.refuses = { $0 == "a2.width == 20" ? "no room" : nil }
        let refused = try LayoutCodeImporter.translate("""
            let a = UIView()
            a.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(a)
            a.widthAnchor.constraint(equalToConstant: 20).isActive = true
            """, in: context)
        #expect(refused.lines == ["view a2"])
        #expect(refused.notes.contains("line 4: left out: a2.width == 20 — no room"))
    }

    /// A paste is complete once the format's own end has come: UIKit's closing lines after
    /// the broken constraint, code's closing brace.
    @Test func aPasteIsCompleteWhereItsFormatEnds() {
        var pasted = PastedText()
        for line in Self.log.split(separator: "\n", omittingEmptySubsequences: false) { pasted.append(String(line)) }
        #expect(!pasted.isComplete)
        pasted.append("Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.")
        pasted.append("The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIView.h> may also be helpful.")
        // 9 lines hold words; the one between the list and "Will attempt…" is empty.
        #expect(pasted.isComplete && pasted.filledLineCount == 9)
        var code = PastedText()
        code.append("func f() {")
        code.append("    view.addSubview(a)")
        #expect(!code.isComplete)
        code.append("}")
        #expect(code.isComplete)
    }
}
