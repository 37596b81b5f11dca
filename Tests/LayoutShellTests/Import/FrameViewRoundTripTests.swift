import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import LayoutCode
import LayoutImport
@testable import LayoutShell
@testable import LayoutReport

/// Views that keep their autoresizing mask (`view NAME frame …`) come back from `export` the
/// same when their superview's size has changed since they were made: the root resized, the
/// superview sized by constraints made after them. UIKit makes the mask's constraints from the
/// frame and the superview's size when the code runs, so the export writes each side as the
/// function of the superview's bounds the session's constraints are.
struct FrameViewRoundTripTests {
    /// The session's lines, exported in a language and imported into a fresh session with the
    /// same root: both snapshots (frames, ambiguity, broken constraints by text).
    static func roundTrip(_ lines: [String], _ language: LayoutCodePrinter.Language) throws -> (before: [String], after: [String], code: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Session()
        session.directory = directory.path
        for line in lines {
            let result = session.execute(line, report: false)
            #expect(result.ok, "\(line): \(result.error?.message ?? "")")
        }
        let file = language == .swift ? "Layout.swift" : "Layout.m"
        #expect(session.execute("export \(language == .swift ? "swift" : "objc") \(file)").ok)
        let fresh = Session()
        fresh.directory = directory.path
        _ = fresh.execute("root \(formatNumber(session.model.rootWidth))x\(formatNumber(session.model.rootHeight))", report: false)
        let imported = fresh.execute("import \(file)")
        #expect(imported.ok, "\(imported.error?.message ?? "")")
        let code = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return (LessonExportRoundTripTests.snapshot(session), LessonExportRoundTripTests.snapshot(fresh), code)
    }

    static let languages: [LayoutCodePrinter.Language] = [.swift, .objectiveC]

    /// The root resized after the views were made, with each kind of mask.
    @Test(arguments: languages, ["none", "flexibleWidth", "flexibleLeftMargin flexibleRightMargin",
                                 "flexibleLeftMargin flexibleWidth", "flexibleWidth flexibleRightMargin flexibleHeight",
                                 "flexibleTopMargin flexibleHeight flexibleBottomMargin", "flexibleLeftMargin flexibleWidth flexibleRightMargin"])
    func theRootResizedAfterAFrameViewWasMade(_ language: LayoutCodePrinter.Language, _ mask: String) throws {
        let (before, after, _) = try Self.roundTrip(["view banner frame 20,30,100,44", "banner.autoresizing = \(mask)",
                                                     "view label", "label.top == banner.bottom + 8", "label.leading == banner.leading",
                                                     "label.trailing == root.trailing - 12", "label.height == 20", "root 500x800"], language)
        #expect(after == before)
        #expect(before.contains { $0.hasPrefix("banner 20") || $0.hasPrefix("banner ") })
    }

    /// A flexible width made at 375 and read at 500: the exported side is `view.bounds.width - 275`.
    @Test func aFlexibleWidthIsWrittenAsTheRootsWidthLessItsMargins() throws {
        let (_, _, swift) = try Self.roundTrip(["view bar frame 20,0,100,44", "bar.autoresizing = flexibleWidth", "root 500x800"], .swift)
        #expect(swift.contains("let bar = UIView(frame: CGRect(x: 20, y: 0, width: view.bounds.width - 275, height: 44))"))
        let (_, _, objc) = try Self.roundTrip(["view bar frame 20,0,100,44", "bar.autoresizing = flexibleWidth", "root 500x800"], .objectiveC)
        #expect(objc.contains("initWithFrame:CGRectMake(20, 0, self.view.bounds.size.width - 275, 44)"))
    }

    /// A frame view in a superview that constraints size, made before they do (the superview
    /// was 0 by 0 then) or after (the import makes every view before any constraint, so the
    /// superview is 0 by 0 when the code reads its bounds).
    @Test(arguments: languages, ["flexibleWidth", "flexibleLeftMargin flexibleRightMargin flexibleHeight", "none"])
    func aNestedFrameViewWhoseSuperviewIsSizedByConstraints(_ language: LayoutCodePrinter.Language, _ mask: String) throws {
        let card = ["view card", "card.leading == root.leading + 16", "card.top == root.top + 40", "card.width == 240", "card.height == 120"]
        let icon = ["view icon frame 8,8,40,40 in card", "icon.autoresizing = \(mask)"]
        for lines in [[card[0]] + icon + card.dropFirst(), card + icon, card + icon + ["card.width == 300 @999", "root 420x700"]] {
            let (before, after, _) = try Self.roundTrip(lines, language)
            #expect(after == before, "\(lines)")
        }
    }

    /// A frame view inside a frame view, both resized with the root.
    @Test(arguments: languages)
    func aFrameViewInsideAFrameView(_ language: LayoutCodePrinter.Language) throws {
        let (before, after, _) = try Self.roundTrip(["view outer frame 10,10,200,300", "outer.autoresizing = flexibleWidth flexibleHeight",
                                                     "view inner frame 20,20,50,50 in outer", "inner.autoresizing = flexibleLeftMargin flexibleTopMargin",
                                                     "root 600x900"], language)
        #expect(after == before)
    }

    /// The mask's constraints lose to nothing but conflict with the user's: the same ones break,
    /// with the same text, though the frame solved now is not the mask's.
    @Test(arguments: languages)
    func aBrokenMaskConstraintComesBackBroken(_ language: LayoutCodePrinter.Language) throws {
        let (before, after, _) = try Self.roundTrip(["view box frame 0,0,50,50", "box.autoresizing = flexibleWidth flexibleRightMargin",
                                                     "root 400x700", "box.width == 120"], language)
        #expect(after == before)
        #expect(before.last != "broken ")
    }

    /// The reader reads arithmetic on bounds in both languages; the importer works it out from
    /// the session's sizes where the view is made.
    @Test func boundsArithmeticIsRead() throws {
        let swift = LayoutCodeReader.read("let a = UIView(frame: CGRect(x: 0.5 * view.bounds.width - 32, y: 8, width: view.frame.size.width / 2, height: (view.bounds.height - 10) * 2))\nview.addSubview(a)")
        let sides = try #require(swift.view("a")?.frame)
        #expect(sides[0] == CodeLength(constant: -32, terms: [.init(view: LayoutCodeReader.rootName, isWidth: true, factor: 0.5)]))
        #expect(sides[2] == CodeLength(constant: 0, terms: [.init(view: LayoutCodeReader.rootName, isWidth: true, factor: 0.5)]))
        #expect(sides[3] == CodeLength(constant: -20, terms: [.init(view: LayoutCodeReader.rootName, isWidth: false, factor: 2)]))
        let objc = LayoutCodeReader.read("UIView *a = [[UIView alloc] initWithFrame:CGRectMake(10, 10, CGRectGetWidth(self.view.bounds) - 20, 44)];\n[self.view addSubview:a];")
        #expect(objc.view("a")?.frame?[2] == CodeLength(constant: -20, terms: [.init(view: LayoutCodeReader.rootName, isWidth: true, factor: 1)]))
        let script = try LayoutCodeImporter.translate("let a = UIView(frame: CGRect(x: 10, y: 10, width: view.bounds.width - 20, height: 44))\nview.addSubview(a)", in: Session())
        #expect(script.lines.first == "view a frame 10,10,\(formatNumber(Session().model.rootWidth - 20)),44")
    }
}
