import Foundation
import Testing
import InterfaceBuilder
@testable import LayoutShell

/// `layoutlab lint` on Interface Builder files, as CI reads it: findings sorted by place, once
/// however many screens share them, conflicts named by the file's ids, every element the
/// import leaves out a warning, and real columns in a file written on one line.
@Suite struct InterfaceBuilderLintTests {
    /// A scene written here by hand (iPhone SE, 375x667): `box` is stored at y 100 but pinned
    /// 20 below the top (misplaced); leading 20, trailing 20 and width 400 cannot all hold on
    /// any screen narrower than 440; one constraint names a view that is not there, one
    /// repeats another's id, one is a placeholder (removed at build time, by design).
    static let scene = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="Lnt-Vc-001">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="Lnt-Sc-001">
                    <objects>
                        <viewController id="Lnt-Vc-001" customClass="LintViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Lnt-Rt-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Lnt-Bx-001" userLabel="box">
                                        <rect key="frame" x="20" y="100" width="335" height="50"/>
                                    </view>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="Lnt-Sa-001"/>
                                <constraints>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="top" secondItem="Lnt-Rt-001" secondAttribute="top" constant="20" id="Lnt-K1-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="height" constant="50" id="Lnt-K2-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="height" constant="50" id="Lnt-K2-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="width" secondItem="Lnt-Zz-999" secondAttribute="width" id="Lnt-K3-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="centerY" secondItem="Lnt-Rt-001" secondAttribute="centerY" placeholder="YES" id="Lnt-K4-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="leading" secondItem="Lnt-Rt-001" secondAttribute="leading" constant="20" id="Lnt-K5-001"/>
                                    <constraint firstAttribute="trailing" secondItem="Lnt-Bx-001" secondAttribute="trailing" constant="20" id="Lnt-K6-001"/>
                                    <constraint firstItem="Lnt-Bx-001" firstAttribute="width" constant="400" id="Lnt-K7-001"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// The 1-based line of the first line holding `needle`, and the column of that line's `<`.
    func place(of needle: String, in text: String) -> (line: Int, column: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { $0.contains(needle) }!
        return (index + 1, lines[index].prefix { $0 != "<" }.count + 1)
    }

    @Test func findingsAreSortedByLineAndColumn() {
        let report = Lint.check(path: "Lint.storyboard", text: Self.scene, screens: [])
        #expect(report.unreadable == nil)
        let places = report.findings.map { [$0.line, $0.column] }
        #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
        // The conflict is found first but its constraint comes last in the file.
        #expect(report.findings.first?.message.hasPrefix("misplaced: box:") == true, "\(report.findings.map(\.text))")
        #expect(report.findings.last?.severity == .error)
    }

    @Test func conflictMembersAreNamedByTheirIBIds() throws {
        let report = Lint.check(path: "Lint.storyboard", text: Self.scene, screens: [])
        let conflict = try #require(report.findings.first { $0.severity == .error })
        let k5 = place(of: "id=\"Lnt-K5-001\"", in: Self.scene), k6 = place(of: "id=\"Lnt-K6-001\"", in: Self.scene)
        let k7 = place(of: "id=\"Lnt-K7-001\"", in: Self.scene)
        #expect(conflict.line == k7.line && conflict.column == k7.column)
        #expect(conflict.message.contains("box.leading == root.leading + 20 (Lnt-K5-001, line \(k5.line))"), "\(conflict.message)")
        #expect(conflict.message.contains("(Lnt-K6-001, line \(k6.line))"))
        #expect(conflict.message.contains("box.width == 400 (Lnt-K7-001, line \(k7.line))"))
        #expect(conflict.message.contains("root.width == 375 (the window's size)"))
        #expect(conflict.message.hasSuffix("; Lnt-K7-001 is broken"))
        // No session ids (c1 …), no report's column padding.
        #expect(conflict.message.range(of: #"\bc[0-9]+\b"#, options: .regularExpression) == nil, "\(conflict.message)")
        #expect(!conflict.message.contains("  "))
    }

    @Test func elementsLeftOutAreWarningsAtTheirPlaces() {
        let report = Lint.check(path: "Lint.storyboard", text: Self.scene, screens: [])
        let dangling = place(of: "Lnt-Zz-999", in: Self.scene)
        let repeated = place(of: "id=\"Lnt-K2-001\"", in: Self.scene)
        let warnings = report.findings.filter { $0.severity == .warning }
        #expect(warnings.contains { $0.line == dangling.line && $0.column == dangling.column
                && $0.message == "constraint Lnt-K3-001 left out: it refers to Lnt-Zz-999, which is not a view of this scene" }, "\(warnings.map(\.text))")
        // The second of the two with the same id.
        #expect(warnings.contains { $0.line == repeated.line + 1 && $0.column == repeated.column
                && $0.message.hasPrefix("id Lnt-K2-001 is used again (the <constraint> on line \(repeated.line) has it too)") })
        // A placeholder is removed at build time by design: not a warning.
        let placeholder = place(of: "placeholder=\"YES\"", in: Self.scene)
        #expect(!report.findings.contains { $0.line == placeholder.line })
        #expect(warnings.count == 3)
    }

    /// The file's own screen (iPhoneSE) asked for again, and two more: each finding once, with
    /// the screens it holds on; the conflict, with another window width on each, says "the
    /// window's width".
    @Test func aFindingOnSeveralScreensIsPrintedOnce() throws {
        let screens = [Lint.Screen(device: "iPhoneSE", landscape: false), Lint.Screen(device: "iPhoneSE", landscape: true),
                       Lint.Screen(device: "iPad", landscape: false)]
        let report = Lint.check(path: "Lint.storyboard", text: Self.scene, screens: screens)
        let keys = report.findings.map { "\($0.line):\($0.column):\($0.message)" }
        #expect(Set(keys).count == keys.count, "\(report.findings.map(\.text))")
        let misplaced = try #require(report.findings.first { $0.message.hasPrefix("misplaced: box:") })
        #expect(misplaced.screens == ["iPhoneSE"])
        #expect(misplaced.text.hasSuffix("[on iPhoneSE]"))
        let conflict = try #require(report.findings.first { $0.severity == .error })
        #expect(conflict.screens == ["iPhoneSE", "iPhoneSE landscape", "iPad"])
        #expect(conflict.message.contains("root.width == the window's width;"), "\(conflict.message)")
        let dangling = try #require(report.findings.first { $0.message.contains("Lnt-Zz-999") })
        #expect(dangling.screens.count == 3)
        #expect(report.findings.count == 4)
    }

    @Test func theWindowSizeLeavesTheWordsOfAConflict() {
        #expect(Lint.withoutWindowSize("a; root.width == 393 (the window's size); root.height == 852.5 (the window's size); x")
                == "a; root.width == the window's width; root.height == the window's height; x")
        #expect(Lint.withoutWindowSize("c1 a.width == 10 (the window's size)") == "c1 a.width == 10 (the window's size)")
    }

    /// A file written on one line (minified, generated): each finding at its element's own
    /// column, not the line's first `<`.
    @Test func aOneLineFileGetsRealColumns() throws {
        let oneLine = Self.scene.replacingOccurrences(of: #">\s*\n\s*<"#, with: "><", options: .regularExpression)
        #expect(!oneLine.contains("\n"))
        let report = Lint.check(path: "Lint.storyboard", text: oneLine, screens: [])
        let misplaced = try #require(report.findings.first { $0.message.hasPrefix("misplaced: box:") })
        let conflict = try #require(report.findings.first { $0.severity == .error })
        func column(of needle: String) -> Int {
            let tag = oneLine.range(of: needle)!.lowerBound
            let open = oneLine[..<tag].lastIndex(of: "<")!
            return oneLine.distance(from: oneLine.startIndex, to: open) + 1
        }
        #expect(misplaced.line == 1 && misplaced.column == column(of: "id=\"Lnt-Bx-001\""))
        #expect(conflict.line == 1 && conflict.column == column(of: "id=\"Lnt-K7-001\""))
        // So are the elements left out: the constraint naming a missing view, the repeated id
        // (the second of the two).
        let dangling = try #require(report.findings.first { $0.message.contains("Lnt-Zz-999") })
        #expect(dangling.line == 1 && dangling.column == column(of: "secondItem=\"Lnt-Zz-999\""))
        let repeated = try #require(report.findings.first { $0.message.hasPrefix("id Lnt-K2-001 is used again") })
        let second = oneLine.range(of: "id=\"Lnt-K2-001\"", options: .backwards)!.lowerBound
        #expect(repeated.line == 1 && repeated.column == oneLine.distance(from: oneLine.startIndex, to: oneLine[..<second].lastIndex(of: "<")!) + 1)
        // The reader's own places: a tag that spans lines is at its `<`, not where it ends.
        let spread = Self.scene.replacingOccurrences(of: "<constraint firstItem=\"Lnt-Bx-001\" firstAttribute=\"top\"",
                                                     with: "<constraint\n firstItem=\"Lnt-Bx-001\" firstAttribute=\"top\"")
        let document = try IBReader.read(spread)
        let root = try #require(document.scenes.first?.controller?.view)
        let top = try #require(root.constraints.first { $0.id == "Lnt-K1-001" })
        let expected = place(of: "id=\"Lnt-K1-001\"", in: Self.scene)
        #expect(top.line == expected.line && top.column == expected.column)
    }
}
