import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import LayoutReport
import LayoutShell

/// A storyboard's prototype cells imported as the session's cells, where Interface Builder
/// drew them, and one picked alone by its reuse identifier.
@Suite struct PrototypeCellTests {
    func imported(_ selection: String? = nil) -> (Session, CommandResult) {
        let session = Session()
        let result = session.execute("import \(Fixtures.path("Prototypes.storyboard"))" + (selection.map { " \($0)" } ?? ""))
        return (session, result)
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    @Test func tableViewControllerWithTwoPrototypes() {
        let (session, result) = imported()
        #expect(result.ok, "\(result.error?.message ?? "")")
        // The table is the root (375x667 on the iPhone SE). Under its 60-point header and the
        // 28-point section header the first row starts at 88; the second under it, at 88 + 44.
        #expect(frame(session, "titleCell") == Frame(x: 0, y: 88, width: 375, height: 44))
        #expect(frame(session, "messageCell") == Frame(x: 0, y: 132, width: 375, height: 80))
        #expect(session.model.isCell("titleCell") && session.model.isCell("messageCell"))
        // Content views one separator (half a point at 2x) shorter than their rows.
        #expect(frame(session, "titleCell.contentView") == Frame(x: 0, y: 0, width: 375, height: 43.5))
        #expect(frame(session, "messageCell.contentView") == Frame(x: 0, y: 0, width: 375, height: 79.5))
        // The title on the content view's leading margin (16), centred: (43.5 - 20.5) / 2 = 11.25,
        // 11.5 on the 2x pixel grid, as IB stored it. The sender on the top margin (11); the
        // preview 8 below it: 11 + 21 + 8.
        #expect(frame(session, "titleLabel") == Frame(x: 16, y: 11.5, width: 100, height: 20.5))
        #expect(frame(session, "senderLabel") == Frame(x: 16, y: 11, width: 120, height: 21))
        #expect(frame(session, "previewLabel") == Frame(x: 16, y: 40, width: 200, height: 18))
        #expect(!result.output.contains { $0.contains("misplaced") })
        #expect(result.output.contains("    messageCell  MessageCell  reuse identifier Message  375x80"))
        #expect(result.output.contains("  line 15: tableView's tableHeaderView is left out: UIKit places it outside Auto Layout"))
        #expect(result.output.contains { $0.contains("cells TitleCell, Message") })
        let names = session.execute("names", report: false)
        #expect(names.names?.contains { $0.name == "titleCell" && $0.id == "Pro-C1-001" && $0.origin.contains("reuse identifier TitleCell") } == true)
        #expect(names.names?.contains { $0.name == "messageCell.contentView" && $0.id == "Pro-Cv-002" } == true)
    }

    /// A self-sizing row: the content's height, 11 + 21 + 8 + 18 + 11 = 69, plus the separator;
    /// the row keeps its place in the table.
    @Test func prototypeSizesItselfInPlace() {
        let (session, _) = imported()
        _ = session.execute("cell messageCell height fit")
        #expect(frame(session, "messageCell") == Frame(x: 0, y: 132, width: 375, height: 69.5))
        _ = session.execute("undo")
        #expect(frame(session, "messageCell")?.height == 80)
    }

    @Test func collectionViewWithOnePrototype() {
        let (session, result) = imported("Photos")
        #expect(result.ok, "\(result.error?.message ?? "")")
        // The collection view fills the safe area (from 20 under the status bar); the cell at
        // the section inset, 10,10, 100x120; the thumbnail (80x80) centred, 8 from the top:
        // x = (100 - 80) / 2 = 10.
        #expect(frame(session, "collectionView") == Frame(x: 0, y: 20, width: 375, height: 647))
        #expect(frame(session, "photoCell") == Frame(x: 10, y: 10, width: 100, height: 120))
        #expect(session.model.cells["photoCell"]?.style == .collection)
        #expect(frame(session, "photoCell.contentView") == Frame(x: 0, y: 0, width: 100, height: 120))
        #expect(frame(session, "imageView") == Frame(x: 10, y: 8, width: 80, height: 80))
        #expect(!result.output.contains { $0.contains("misplaced") })
        // The first scene's table header is that scene's business, not this one's.
        #expect(!result.output.contains { $0.contains("tableHeaderView") })
    }

    /// `import FILE REUSEID`: the prototype alone, as a xib's cell is, at the top left.
    @Test func onePrototypeAloneByItsReuseIdentifier() {
        let (session, result) = imported("Message")
        #expect(result.ok, "\(result.error?.message ?? "")")
        #expect(result.output.first?.hasPrefix("imported prototype cell Message (MessageCell) of scene 1") == true)
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 375, height: 80))
        #expect(frame(session, "messageCell") == Frame(x: 0, y: 0, width: 375, height: 80))
        #expect(frame(session, "previewLabel") == Frame(x: 16, y: 40, width: 200, height: 18))
        #expect(session.model.view("titleCell") == nil)
        let missing = session.execute("import \(Fixtures.path("Prototypes.storyboard")) NoSuchCell")
        #expect(missing.error?.message.contains("no prototype cell that reuse identifier") == true)
    }

    /// `cell … at X,Y in VIEW` by hand: a row inside a table view; refused on an existing cell.
    @Test func cellCommandPlacesARowInAView() {
        let session = Session()
        _ = session.execute("view table frame 0,0,320,480")
        let made = session.execute("cell row width 320 height 44 at 0,28 in table")
        #expect(made.ok, "\(made.error?.message ?? "")")
        #expect(session.model.view("row")?.parent == "table")
        #expect(frame(session, "row") == Frame(x: 0, y: 28, width: 320, height: 44))
        let moved = session.execute("cell row at 0,0")
        #expect(moved.error?.message == "row is already a cell: a table places its rows")
        // Without a width, the row is as wide as its table (320), not the root (375).
        _ = session.execute("cell second at 0,72 in table")
        #expect(frame(session, "second") == Frame(x: 0, y: 72, width: 320, height: 44))
        let nowhere = session.execute("cell other in nowhere")
        #expect(nowhere.error != nil && session.model.view("other") == nil)
    }
}

/// Subviews a size class uninstalls: kept in the session, taken out and put back with their
/// constraints when the device or the traits change, one undo step each.
@Suite struct SubviewVariationTests {
    func imported() -> (Session, CommandResult) {
        let session = Session()
        return (session, session.execute("import \(Fixtures.path("SubviewVariations.storyboard"))"))
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    @Test func portraitInstallsTheSubtitleAndNotTheHint() {
        let (session, result) = imported()
        #expect(result.ok, "\(result.error?.message ?? "")")
        // iPhone SE portrait: the title 20 below the safe area (20): y 40, x (375 - 40) / 2 =
        // 167.5; the subtitle 8 under it: y 40 + 21 + 8 = 69, x (375 - 64) / 2 = 155.5.
        #expect(frame(session, "titleLabel") == Frame(x: 167.5, y: 40, width: 40, height: 21))
        #expect(frame(session, "subtitleLabel") == Frame(x: 155.5, y: 69, width: 64, height: 20))
        #expect(session.model.view("turnBackLabel") == nil)
        #expect(session.model.constraint("c5") == nil)
        #expect(result.output.contains { $0.contains("2 views, 4 of 4 constraints installed; 2 more for other size classes") })
        #expect(result.output.contains { $0.contains("turnBackLabel is installed for some size classes only (false for any, true for height=compact): not installed on this screen") })
        #expect(!result.output.contains { $0.contains("misplaced") })
        let names = session.execute("names", report: false).output
        #expect(names.contains { $0.contains("turnBackLabel") && $0.contains("installed false for any, true for height=compact") })
        #expect(names.contains { $0.hasPrefix("  c5 ") && $0.hasSuffix("(not installed now)") })
    }

    @Test func landscapeSwapsTheLabelsWithTheirConstraints() {
        let (session, _) = imported()
        // Landscape: 667x375, no status bar: the title at y 20, x (667 - 40) / 2 = 313.5; the
        // hint 8 under it, y 49, x (667 - 90) / 2 = 288.5; the subtitle gone with c3 and c4.
        _ = session.execute("device iPhoneSE landscape")
        #expect(frame(session, "titleLabel") == Frame(x: 313.5, y: 20, width: 40, height: 21))
        #expect(frame(session, "turnBackLabel") == Frame(x: 288.5, y: 49, width: 90, height: 20))
        #expect(session.model.view("subtitleLabel") == nil)
        #expect(session.model.constraint("c3") == nil && session.model.constraint("c4") == nil)
        #expect(session.model.constraint("c5")?.isActive == true)
        // Back to a regular height by hand: the subtitle returns under its ids, x (667 - 64) / 2.
        _ = session.execute("traits height=regular")
        #expect(frame(session, "subtitleLabel") == Frame(x: 301.5, y: 49, width: 64, height: 20))
        #expect(session.model.constraint("c3")?.spec.secondItem == "titleLabel")
        #expect(session.model.view("turnBackLabel") == nil)
        // One undo step each.
        _ = session.execute("undo")
        #expect(session.model.view("subtitleLabel") == nil && frame(session, "turnBackLabel")?.y == 49)
        _ = session.execute("undo")
        #expect(frame(session, "subtitleLabel") == Frame(x: 155.5, y: 69, width: 64, height: 20))
        #expect(session.model.view("turnBackLabel") == nil)
    }

    /// `vary NAME.installed` by hand, and what it refuses.
    @Test func varyInstalledByHand() {
        let session = Session()
        _ = session.execute("device iPhoneSE")
        _ = session.execute("view box intrinsic 20x20")
        _ = session.execute("view inner in box intrinsic 10x10")
        _ = session.execute("box.top == root.top + 30")
        _ = session.execute("named: inner.left == box.left + 4")
        #expect(session.execute("vary box.installed = false for height=compact").ok)
        _ = session.execute("traits height=compact")
        #expect(session.model.view("box") == nil && session.model.view("inner") == nil)
        #expect(session.model.resolveConstraint("named") == nil)
        _ = session.execute("traits height=regular")
        // Back with its subview, its intrinsic size and the constraint's name.
        #expect(session.model.view("inner")?.parent == "box")
        #expect(session.model.view("inner")?.intrinsicWidth == 10)
        #expect(session.model.resolveConstraint("named") == "c2")
        #expect(frame(session, "box")?.y == 30)
        #expect(session.execute("vary root.installed = false").error?.message == "the root is always installed")
        // A view made under the name of one of its subviews while it is out keeps it out, with
        // a note; the traits change anyway.
        _ = session.execute("traits height=compact")
        _ = session.execute("view inner")
        let back = session.execute("traits height=regular")
        #expect(back.ok && back.output.contains { $0 == "box stays out: there is already a view named inner" })
        _ = session.execute("undo")
        _ = session.execute("undo")
        _ = session.execute("undo")
        #expect(session.model.view("inner")?.parent == "box")
        // One arranged in a stack since stays in, with a note.
        _ = session.execute("view other")
        _ = session.execute("stack column v box other")
        let kept = session.execute("traits height=compact")
        #expect(kept.ok && kept.output.contains { $0.hasPrefix("box stays in: box cannot be uninstalled") })
        #expect(session.model.view("box") != nil)
        _ = session.execute("view a b")
        _ = session.execute("stack pair v a b")
        let refused = session.execute("vary pair.installed = false for height=compact")
        #expect(refused.error?.message == "pair cannot be uninstalled: it is a stack or one of its arranged views, a cell, a scroll view or a guide")
        #expect(!session.execute("vary").output.contains { $0.contains("pair.installed") })
    }
}
