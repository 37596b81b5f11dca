import Foundation
import LayoutVocabulary
import Testing
@testable import ConsoleLog

/// The reader on every real log under Fixtures/ (sources in each file's first line).
struct ConsoleLogReaderTests {
    /// file → (reports, constraints listed in the first report, items, has a broken constraint, traces)
    static let expected: [String: (reports: Int, listed: Int, items: Int, broken: Bool, traces: Int)] = [
        "01-folding-cell-63.log": (1, 2, 1, true, 0), "02-swift2byexample-7.log": (1, 4, 3, true, 0),
        "03-masonry-415.log": (2, 0, 0, false, 0), "04-apptentive-178.log": (1, 5, 3, true, 0),
        "05-firefox-ios-27523.log": (1, 2, 1, true, 0), "06-unstoppable-wallet-1731.log": (1, 2, 2, true, 0),
        "07-unstoppable-wallet-707.log": (1, 3, 2, true, 0), "08-colo-12.log": (1, 4, 2, true, 0),
        "09-tagflowexample-8.log": (1, 3, 2, true, 0), "10-lsyevernote-5.log": (1, 7, 4, false, 0),
        "11-kvnprogress-6.log": (1, 5, 3, false, 0), "12-bmatest-50.log": (1, 5, 3, true, 0),
        "13-munki-1241.log": (1, 6, 3, true, 0), "14-heliport-246.log": (1, 3, 2, true, 0),
        "15-autopkgr-196.log": (1, 9, 5, false, 0), "16-macvim-20.log": (1, 7, 4, false, 0),
        "17-datetimepicker-17.log": (1, 4, 3, true, 0), "18-wtfautolayout-10.log": (1, 15, 9, false, 0),
        "19-wtfautolayout-2.log": (1, 7, 3, false, 0), "20-wtfautolayout-13.log": (1, 5, 3, false, 0),
        "21-wtfautolayout-papertrail1.log": (1, 5, 5, false, 0), "22-wtfautolayout-18.log": (1, 8, 5, false, 0),
        "23-tabman-249.log": (0, 0, 2, false, 2), "24-tinyconstraints-7.log": (0, 0, 8, false, 1),
        "25-fdtake-122.log": (1, 1, 1, true, 0), "26-realm-tasks-31.log": (1, 4, 3, true, 0),
    ]

    @Test func everyFixtureHasItsSource() {
        #expect(Fixtures.names.count >= 20)
        for name in Fixtures.names { #expect(Fixtures.text(name).hasPrefix("# source: http"), "\(name)") }
        #expect(Set(Fixtures.names) == Set(Self.expected.keys))
    }

    @Test(arguments: Array(expected.keys).sorted())
    func fixtureCounts(_ name: String) throws {
        let want = try #require(Self.expected[name])
        let log = ConsoleLogReader.read(Fixtures.text(name))
        #expect(log.reports.count == want.reports)
        #expect((log.reports.first?.constraints.count ?? 0) == want.listed)
        #expect(log.items.count == want.items)
        #expect((log.reports.first?.broken != nil) == want.broken)
        #expect(log.traces.count == want.traces)
        #expect(ConsoleLogReader.recognizes(Fixtures.text(name)))
    }

    @Test func equationWithTitlesLegendAndMultipliers() throws {
        let log = ConsoleLogReader.read(Fixtures.text("02-swift2byexample-7.log"))
        let report = try #require(log.reports.first)
        #expect(report.platform == .iOS)
        let spacing = report.constraints[1]
        #expect(spacing.first == LogItem(className: "UIButton", address: "0x7fd94ccb1800", title: "Show More"))
        #expect(spacing.firstAttribute == .layout(.leading) && spacing.secondAttribute == .layout(.trailing))
        #expect(spacing.second?.title == " " && spacing.constant == 8 && spacing.symbolicSpace == .standard(8))
        #expect(report.constraints[3].identifier == "UIView-Encapsulated-Layout-Width" && report.constraints[3].constant == 0)
        #expect(report.broken?.address == "0x7fd94ccb0ff0")
        // The older multiplier style, after the item.
        let old = ConsoleLogReader.read(Fixtures.text("19-wtfautolayout-2.log")).reports[0].constraints[1]
        #expect(old.multiplier == 0.384615 && old.secondAttribute == .layout(.height))
    }

    /// SnapKit prints where the app made a constraint after its address; it is not part of it.
    @Test func snapKitLocationIsKeptApartFromTheAddress() throws {
        let report = ConsoleLogReader.read(Fixtures.text("06-unstoppable-wallet-1731.log")).reports[0]
        #expect(report.constraints[0].address == "0x600000c7e820" && report.constraints[0].location == "BackupWordsController.swift#61")
        #expect(report.broken?.location == "BackupWordsController.swift#61")
        let plain = try ConstraintDescription.parse("<NSLayoutConstraint:0x60000286f660 UIView:0x7fe4bee22240.height == 0>", line: 1)
        #expect(plain.location == nil)
    }

    /// A poster who quoted `"< NSLayoutConstraint:0x…"` with a space after `<` still posted
    /// UIKit's description: the list and the broken constraint read as without the space.
    @Test func straySpaceAfterTheAngleBracketIsRead() throws {
        let original = Fixtures.text("01-folding-cell-63.log")
        let spaced = original.replacingOccurrences(of: "<NSLayoutConstraint", with: "< NSLayoutConstraint")
        #expect(spaced != original)
        let want = ConsoleLogReader.read(original).reports[0]
        let got = try #require(ConsoleLogReader.read(spaced).reports.first)
        #expect(got.constraints.map(\.key) == want.constraints.map(\.key) && got.constraints.count == 2)
        #expect(got.broken?.key == want.broken?.key && got.broken != nil)
        #expect(ConsoleLogReader.read(spaced).notes.isEmpty)
    }

    @Test func debugNamesQuotesInTitlesAndMasks() throws {
        let firefox = ConsoleLogReader.read(Fixtures.text("05-firefox-ios-27523.log")).reports[0].constraints[0]
        #expect(firefox.first.className == "AddressToolbar.lockIcon" && firefox.first.address == "0x106c2b2e0" && firefox.first.isDebugName)
        let munki = ConsoleLogReader.read(Fixtures.text("13-munki-1241.log")).reports[0]
        #expect(munki.platform == .macOS)
        #expect(munki.constraints[3].autoresizingMask == "h=--& v=-&-" && munki.constraints[3].first.address == "0x78b50b000")
        #expect(munki.constraints[1].first.key == "0x78b50b000" && munki.constraints[1].superview?.className == "ItemCell")
        let quoted = try ConstraintDescription.parse("<NSLayoutConstraint:0x6000037dddb0 'UISV-alignment' UILabel:0x7f95b5653eb0'YOU'RE OK'.bottom == UILabel:0x7f95b5653310'Mate'.bottom   (active)>", line: 1)
        #expect(quoted.first.title == "YOU'RE OK" && quoted.second?.title == "Mate" && quoted.isActive == true)
        let midY = try ConstraintDescription.parse("<NSAutoresizingMaskLayoutConstraint:0x60400009cb60 h=--& v=--& UILabel:0x7f927f2021b0'Perfectly centered!'.midY == 0   (active)>", line: 1)
        #expect(midY.firstAttribute == .midY && midY.second == nil && midY.autoresizingMask == "h=--& v=--&")
        let centred = try ConstraintDescription.parse("<NSAutoresizingMaskLayoutConstraint:0x600003e0de00 h=&-& v=&-& UIView:0x13db08780.minX == 0.500507*UIView:0x13d908cf0.width - 32.0324   (active)>", line: 1)
        #expect(centred.multiplier == 0.500507 && centred.constant == -32.0324 && centred.firstAttribute == .minX)
    }

    @Test func visualFormsWithPrioritiesAndDirection() throws {
        let ltr = try ConstraintDescription.parse("<NSLayoutConstraint:0x6000017e8aa0 'UIView-rightMargin-guide-constraint' H:[UILayoutGuide:0x600000d7ea00'UIViewLayoutMarginsGuide']-(22)-|(LTR)   (active, names: '|':UIStackView:0x7fed434775c0 )>", line: 1)
        #expect(ltr.first.className == "UIStackView" && ltr.firstAttribute == .layout(.right) && ltr.constant == 22)
        #expect(ltr.second?.title == "UIViewLayoutMarginsGuide" && ltr.second?.isLayoutGuide == true)
        let fit = try ConstraintDescription.parse("<NSLayoutConstraint:0x1 'UISV-spanning-fit' V:[_UILayoutSpacer:0x7f9cf4849f80'UISV-alignment-spanner'(0@51)]>", line: 1)
        #expect(fit.firstAttribute == .layout(.height) && fit.priority == 51 && fit.second == nil)
        let system = try ConstraintDescription.parse("<_UISystemBaselineConstraint:0x2828051d0 V:|-(>=NSLayoutAnchorConstraintSpace(8))-[UILabel:0x111b35c20]   (active, names: '|':ModuleName.ClassName:0x111b35a60 )>", line: 1)
        #expect(system.relation == .greaterThanOrEqual && system.symbolicSpace == .anchorSystemSpacing(8) && system.second?.shortClassName == "ClassName")
        let gap = try ConstraintDescription.parse("<NSLayoutConstraint:0x1 V:[UIView:0x7f95002902c0]-(>=11)-[App.LineView:0x7f9500290110]   (active)>", line: 1)
        #expect(gap.relation == .greaterThanOrEqual && gap.first.className == "App.LineView" && gap.firstAttribute == .layout(.top))
        let priority = try ConstraintDescription.parse("<NSLayoutConstraint:0x1 UILabel:0x2.width == 0.333333*UIStackView:0x3.width priority:760   (active)>", line: 1)
        #expect(priority.priority == 760 && priority.multiplier == 0.333333)
    }

    @Test func tracesAndRedactedReports() {
        let trace = ConsoleLogReader.read(Fixtures.text("24-tinyconstraints-7.log")).traces[0]
        #expect(trace.entries.map(\.depth) == [0, 1, 2, 3, 4, 5, 4, 5])
        #expect(trace.entries[5].ambiguousAttributes == [.minY, .layout(.height)] && trace.entries[0].isAmbiguous)
        let redacted = ConsoleLogReader.read(Fixtures.text("03-masonry-415.log"))
        #expect(redacted.reports.allSatisfy { $0.constraints.isEmpty && $0.redactedEntries == 2 })
        #expect(redacted.notes.count == 4)
    }

    @Test func badInputIsNotedNeverFatal() {
        // A description cut off mid-way (the stored macvim excerpt) is a note, not a crash.
        let cut = ConsoleLogReader.read(Fixtures.text("16-macvim-20.log"))
        #expect(cut.notes.contains { $0.line == 15 && $0.message.contains("never ends") })
        let garbage = ConsoleLogReader.read("\"<NSLayoutConstraint:0x1 UIView:0x2.width === banana>\",\n(\n[snip]\n)")
        #expect(garbage.reports.isEmpty || garbage.reports[0].constraints.isEmpty)
        #expect(garbage.notes.contains { $0.line == 1 })
        let binary = String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, as: UTF8.self)
        #expect(ConsoleLogReader.read(binary).reports.isEmpty)
        let big = String(repeating: Fixtures.text("13-munki-1241.log"), count: 700)
        #expect(big.utf8.count > 1_000_000)
        let log = ConsoleLogReader.read(big)
        #expect(log.reports.count == 700 && log.items.count == 3)
    }
}
