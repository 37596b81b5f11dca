import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// A conflict imported from a console log, said in the log's terms: which members UIKit made,
/// where SnapKit says the app made the others, and a `fix:` that can work.
struct LogConflictWordsTests {
    func importing(_ name: String) -> (Session, CommandResult) {
        let session = Session()
        session.directory = ConsoleLogImporterTests.fixtures
        return (session, session.execute("import \(name)"))
    }

    /// realm-tasks#31: an image view in a cell kept its autoresizing mask (c1 `midX == 14.5`,
    /// c2 `width == 26`) and the app pins its left edge 8 from the cell's (c4). No priority of
    /// the app's reaches UIKit's mask: the fix is the flag.
    @Test func forgottenAutoresizingFlagIsTheFix() throws {
        let (_, result) = importing("26-realm-tasks-31.log")
        let conflict = try #require(result.conflicts.first)
        let marked = conflict.constraints.filter { $0.text.hasSuffix("(autoresizing mask h=--& v=--&)") }.map(\.id)
        #expect(marked == ["c1", "c2"])
        #expect(conflict.constraints.first { $0.id == "c4" }?.text == "imageView.left == cell.left + 8")
        let fix = try #require(conflict.fix)
        #expect(fix.contains("imageView.translatesAutoresizingMaskIntoConstraints = false"))
        #expect(fix.contains("remove c1 c2") && !fix.contains("@999") && !fix.contains("optional"))
        // Removing what the flag would remove leaves the app's 8 points: 8 from the cell's left.
        let session = importing("26-realm-tasks-31.log").0
        #expect(session.execute("remove c1 c2").ok)
        #expect(session.model.frame(of: "imageView")?.x == 8)
    }

    /// munki#1241: the mask of a table's cell holds the column's width (194): the mask is
    /// right, so the member is marked but the fix is not the flag.
    @Test func aContainerSizedByItsMaskKeepsTheOrdinaryFix() throws {
        let (_, result) = importing("13-munki-1241.log")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.constraints.first { $0.id == "c3" }?.text == "itemCell.width == 194   (autoresizing mask h=--& v=-&-)")
        #expect(conflict.fix?.hasPrefix("make c6 optional") == true)
    }

    @Test func snapKitLocationInNamesAndMembers() throws {
        let (session, result) = importing("06-unstoppable-wallet-1731.log")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.constraints.map(\.text) == ["button.bottom == gradientView.bottom - 32   (@BackupWordsController.swift#62)",
                                                     "button.bottom == gradientView.bottom - 24   (@BackupWordsController.swift#61)"])
        let names = session.execute("names")
        #expect(names.output.contains("  c2            SnapKit.LayoutConstraint:0x600000c7e820@BackupWordsController.swift#61"))
        // The address is still the address; a saved session keeps the location.
        #expect(names.names?.first { $0.name == "c2" }?.id == "0x600000c7e820")
        let replay = Session()
        for line in session.savedScript.text.split(separator: "\n") { _ = replay.execute(String(line)) }
        #expect(replay.execute("names").output == names.output)
    }

    /// A bare UIView is `view1` even alone: `added view view` reads as a command.
    @Test func bareViewIsNumbered() throws {
        let (_, result) = importing("01-folding-cell-63.log")
        #expect(result.viewsAdded == ["view1"])
        #expect(result.conflicts.first?.constraints.map(\.text) == ["view1.height == 84", "view1.height == 200"])
    }

    /// `a.width == -16` is a mistake, not a wish to make optional.
    @Test func negativeSizeIsCalledWrong() throws {
        let session = Session()
        _ = session.execute("view a")
        let result = session.execute("a.width == -16")
        let fix = try #require(result.conflicts.first?.fix)
        #expect(fix == "no size can be negative: the constant -16 of c1 (a.width) is wrong")
        // Between two views a negative constant is an ordinary offset: the ordinary fix.
        _ = session.execute("view b")
        _ = session.execute("b.width == 10")
        let offset = session.execute("b.width == a.width + 20")
        #expect(offset.conflicts.first?.fix?.contains("optional") == true)
    }

    /// A constraint whose two sides are the same quantity: the sentence has no empty list of
    /// others, and the fix does not offer a priority.
    @Test func selfContradictionReadsWhole() throws {
        let session = Session()
        _ = session.execute("view b")
        let result = session.execute("b.top == b.top + 20")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.sentence == "b.top - b.top is always 0, but c1 wants 20")
        #expect(conflict.fix == "c1 can never hold, as b.top - b.top is always 0: remove c1 or change one of its sides")
    }
}
