import Foundation
import Testing
import LayoutImport

/// The Interface Builder importer without the shell: the lines it writes for the table-cell
/// fixture, and what it does with a line the session refuses.
@Suite struct InterfaceBuilderImporterTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../InterfaceBuilderTests/Fixtures/TableCell.xib").standardized.path

    @Test func tableCellLines() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let script = try InterfaceBuilderImporter.translate(text, in: FakeImportContext())
        #expect(script.kind == "view 1 (ContactCell) of a xib")
        // The cell is the root at its stored size; no device command for a view that is not a
        // controller's, but the device's scale.
        #expect(script.lines.prefix(2) == ["root 320x44", "scale 2"])
        // The cell is the session's cell (its content view pinned to it, less the separator),
        // with Xcode 9's content-view margins.
        #expect(script.lines.contains("cell contactCell width 320 height 44"))
        #expect(script.lines.contains("contactCell.contentView.margins = 11,16,11,16"))
        #expect(script.lines.contains("view avatarView in contactCell.contentView intrinsic 40x40"))
        // IB's symbolic spacing keeps the constant it stored (8 between siblings).
        #expect(script.lines.contains("janeAppleseedLabel.leading == avatarView.trailing + 8"))
        #expect(script.lines.contains("origin c5 NSLayoutConstraint:Cel-C5-001"))
        #expect(script.needsLayout)
    }

    @Test func aRefusedLineIsLeftOutWithItsLine() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let context = FakeImportContext()
        context.refuses = { $0.hasPrefix("janeAppleseedLabel.centerY") ? "no" : nil }
        let script = try InterfaceBuilderImporter.translate(text, in: context)
        #expect(!script.lines.contains { $0.hasPrefix("janeAppleseedLabel.centerY") })
        #expect(script.notes.contains { $0.contains("line 33: left out: janeAppleseedLabel.centerY == contactCell.contentView.centerY — no") })
        #expect(script.notes.first == "  3 views, 4 of 5 constraints installed; `names` shows each name's IB id")
        // The ids follow the constraints taken: the fifth one read is c4.
        #expect(script.lines.contains("origin c4 NSLayoutConstraint:Cel-C5-001"))
    }
}
