import Foundation
import Testing
import InterfaceBuilder
import LayoutModel
import LayoutVocabulary
import LayoutReport
import LayoutShell

/// A static table (`dataMode="static"`, a settings screen) imported: every cell a real cell of
/// the session in its section, where Interface Builder stored it; built-in styles' labels
/// placed as UIKit's `layoutSubviews` places them; custom cells' constraints solved.
///
/// StaticSettings.storyboard: a grouped table, the root (375x667, iPhone 8, 2x), section
/// "Sound" (a Default-style cell, a Value1-style cell) and section "About" with a footer (a
/// custom 60-point cell with two labels, a custom cell with a disclosure indicator).
@Suite struct StaticCellTests {
    func imported() -> (Session, CommandResult) {
        let session = Session()
        return (session, session.execute("import \(Fixtures.path("StaticSettings.storyboard"))"))
    }

    func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

    @Test func everyCellIsACellWhereIBStoredIt() {
        let (session, result) = imported()
        #expect(result.ok, "\(result.error?.message ?? "")")
        for name in ["ringtoneCell", "volumeCell", "nameCell", "licencesCell"] {
            #expect(session.model.isCell(name), "\(name)")
            #expect(session.model.view(name)?.parent == LayoutModel.rootName, "\(name)")
        }
        // The rows sit where the file stored them: the grouped header with its title above the
        // first (55.5), the second under it (55.5 + 44), the second section's header and the
        // first one's spacing above the third (199), the fourth under it (199 + 60).
        #expect(frame(session, "ringtoneCell") == Frame(x: 0, y: 55.5, width: 375, height: 44))
        #expect(frame(session, "volumeCell") == Frame(x: 0, y: 99.5, width: 375, height: 44))
        #expect(frame(session, "nameCell") == Frame(x: 0, y: 199, width: 375, height: 60))
        // The disclosure indicator takes the row's right end: the cell is as wide as the
        // content view IB stored (341).
        #expect(frame(session, "licencesCell") == Frame(x: 0, y: 259, width: 341, height: 44))
        // Content views one separator (half a point at 2x) shorter than their rows.
        #expect(frame(session, "volumeCell.contentView") == Frame(x: 0, y: 0, width: 375, height: 43.5))
        #expect(frame(session, "nameCell.contentView") == Frame(x: 0, y: 0, width: 375, height: 59.5))
        #expect(!result.output.contains { $0.contains("misplaced") })
        #expect(result.output.contains("  14 views, 8 of 8 constraints installed; `names` shows each name's IB id"))
    }

    /// Default and Value1 labels have no constraints: at first where the file has them.
    @Test func builtInStylesLabelsStartAtTheirStoredFrames() {
        let (session, _) = imported()
        // Default: the text label across the row, 16 in from each side: 375 - 32 = 343.
        #expect(frame(session, "ringtoneLabel") == Frame(x: 16, y: 0, width: 343, height: 43.5))
        // Value1: the text on the left, the detail ending 16 from the right: 375 - 16 - 36 = 323;
        // both centred in 43.5: (43.5 - 20.5) / 2 = 11.5.
        #expect(frame(session, "volumeLabel") == Frame(x: 16, y: 11.5, width: 59, height: 20.5))
        #expect(frame(session, "v80Label") == Frame(x: 323, y: 11.5, width: 36, height: 20.5))
        #expect(session.model.constraintRecords(touching: "volumeLabel").allSatisfy { $0.id.hasPrefix("volumeLabel.autoresizing") })
    }

    /// When the row changes size, the style's labels move as `layoutSubviews` moves them: the
    /// Value1 detail keeps its 16 to the right edge, the Default text stretches, both stay
    /// centred; a second `undo` step each.
    @Test func builtInStylesLabelsFollowTheRow() {
        let (session, _) = imported()
        _ = session.execute("cell volumeCell width 320")
        // 320 - 16 - 36 = 268; the text label stays on the left.
        #expect(frame(session, "v80Label") == Frame(x: 268, y: 11.5, width: 36, height: 20.5))
        #expect(frame(session, "volumeLabel")?.x == 16)
        _ = session.execute("cell volumeCell height 64")
        // Content 63.5 high: centred, (63.5 - 20.5) / 2 = 21.5.
        #expect(frame(session, "volumeLabel") == Frame(x: 16, y: 21.5, width: 59, height: 20.5))
        #expect(frame(session, "v80Label") == Frame(x: 268, y: 21.5, width: 36, height: 20.5))
        _ = session.execute("cell ringtoneCell width 320")
        // 320 - 32 = 288 wide, still from 16.
        #expect(frame(session, "ringtoneLabel") == Frame(x: 16, y: 0, width: 288, height: 43.5))
        _ = session.execute("undo")
        _ = session.execute("undo")
        _ = session.execute("undo")
        #expect(frame(session, "v80Label") == Frame(x: 323, y: 11.5, width: 36, height: 20.5))
        #expect(frame(session, "ringtoneLabel")?.width == 343)
    }

    @Test func customCellsConstraintsAreSolved() {
        let (session, _) = imported()
        // The name on the leading margin (16), centred in 59.5: (59.5 - 20.5) / 2 = 19.5; the
        // value on the trailing margin: 375 - 16 - 98 = 261, centred with the name.
        #expect(frame(session, "nameLabel") == Frame(x: 16, y: 19.5, width: 42, height: 20.5))
        #expect(frame(session, "adaLovelaceLabel") == Frame(x: 261, y: 19.5, width: 98, height: 20.5))
        // Beside the accessory the content view's trailing margin is its own 8, not the
        // table's 16: the label pinned to both margins is 341 - 16 - 8 = 317, its stored width.
        #expect(frame(session, "licencesLabel") == Frame(x: 16, y: 11.5, width: 317, height: 20.5))
        #expect(session.model.view("licencesCell.contentView")?.margins == EdgeInsets(top: 11, left: 16, bottom: 11, right: 8))
    }

    /// Names from the text a row shows, else its outlet; `names` (text and JSON) and the notes
    /// say which section each cell is in.
    @Test func namesAndNotesSayTheSection() {
        let (session, result) = imported()
        #expect(result.output.contains { $0.contains("  * 1  SettingsViewController  id Settings  \"Settings\"  14 views  static cells 4 in 2 sections") })
        #expect(result.output.contains("    section 1 \"Sound\": ringtoneCell, volumeCell"))
        #expect(result.output.contains("    section 2 \"About\" (footer \"Version 1.0\"): nameCell, licencesCell"))
        #expect(result.output.contains { $0.contains("2 of them built-in styles (Default 1, Value1 1)") })
        #expect(result.output.contains { $0.contains("1 of them with an accessory") })
        let names = session.execute("names", report: false)
        #expect(names.output.contains("  volumeCell                UITableViewCell:Set-C2-001 section 1 \"Sound\""))
        #expect(names.names?.contains { $0.name == "licencesCell" && $0.id == "Set-C4-001" && $0.origin.hasSuffix("section 2 \"About\"") } == true)
        #expect(names.names?.contains { $0.name == "nameCell.contentView" && $0.id == "Set-Cv-003" } == true)
        let json = names.renderJSON()
        #expect(json.contains("\"name\":\"volumeCell\"") && json.contains("\"id\":\"Set-C2-001\"") && json.contains("section 1 \\\"Sound\\\""))
    }

    @Test func undoTakesTheWholeTableBack() {
        let (session, result) = imported()
        #expect(result.ok)
        let undone = session.execute("undo")
        #expect(undone.ok)
        #expect(session.model.viewOrder == [LayoutModel.rootName])
        #expect(session.model.cells.isEmpty)
        #expect(frame(session, "root") == Frame(x: 0, y: 0, width: 375, height: 667))
    }

    /// The reader: sections in order with their titles, each cell knowing its section, the
    /// style's parts by id.
    @Test func readerKeepsSectionsAndStyles() throws {
        let document = try IBReader.read(try Fixtures.text("StaticSettings.storyboard"))
        let table = try #require(document.scenes.first?.controller?.view)
        #expect(table.sections.map(\.headerTitle) == ["Sound", "About"])
        #expect(table.sections.map(\.footerTitle) == [nil, "Version 1.0"])
        #expect(table.sections.map(\.cellCount) == [2, 2])
        #expect(table.subviews.map(\.staticSection) == [0, 0, 1, 1])
        #expect(table.subviews[1].styleParts == IBCellStyleParts(style: "Value1", textLabel: "Set-L2-001", detailTextLabel: "Set-L3-001"))
        #expect(table.subviews[2].styleParts == nil)
        #expect(table.subviews.allSatisfy { $0.isRowInItsTable && !$0.isPrototype })
    }

    /// Xcode 8's `frameInset` (a frame as insets in the superview's) is read as the frame.
    @Test func frameInsetIsAFrame() throws {
        // modelled on https://github.com/kharrison/CodeExamples/blob/main/AutoLayout/AutoLayout/Base.lproj/Main.storyboard
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="11201" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <objects>
                <view contentMode="scaleToFill" id="Ins-Vw-001">
                    <rect key="frame" x="0.0" y="0.0" width="342" height="63"/>
                    <subviews>
                        <view contentMode="scaleToFill" id="Ins-Vw-002">
                            <frame key="frameInset" minX="15" maxY="3" width="300"/>
                            <subviews>
                                <label text="In" id="Ins-Lb-001">
                                    <frame key="frameInset" maxX="10" minY="5" width="40" height="20"/>
                                </label>
                            </subviews>
                        </view>
                        <view contentMode="scaleToFill" id="Ins-Vw-003">
                            <frame key="frameInset" width="inf" height="10"/>
                        </view>
                    </subviews>
                </view>
            </objects>
        </document>
        """
        let document = try IBReader.read(text)
        let outer = try #require(document.topLevel.first?.view?.subviews.first)
        // x from minX, the height the rest of 63 less maxY 3: 60.
        #expect(outer.frame == IBRect(x: 15, y: 0, width: 300, height: 60))
        // x from the right: 300 - 10 - 40 = 250.
        #expect(outer.subviews.first?.frame == IBRect(x: 250, y: 5, width: 40, height: 20))
        // `inf` is no length: no frame, as a `<rect>` with one.
        #expect(document.topLevel.first?.view?.subviews.last?.frame == nil)
    }
}
