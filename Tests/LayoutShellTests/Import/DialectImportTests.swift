import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("LayoutCodeTests/Fixtures")

private func frame(_ session: Session, _ name: String) -> [Double] {
    guard let f = session.model.frame(of: name) else { return [] }
    return [f.x, f.y, f.width, f.height].map { ($0 * 10000).rounded() / 10000 }
}

private func userConstraints(_ session: Session) -> Int {
    session.model.constraintOrder.filter { session.model.constraint($0)?.kind == .user }.count
}

/// Imports a text written to a scratch file (`import FILE`, as a user would).
private func importing(_ text: String, _ ext: String = "swift") -> (Session, CommandResult) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID().uuidString).\(ext)")
    try? text.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let session = Session()
    return (session, session.execute("import \(url.path)"))
}

/// SnapKit, Masonry, PureLayout and TinyConstraints code, read as each library lays it out.
/// Root is 375 x 667 with no safe-area insets; every frame is worked out by hand in its
/// comment (subviews' frames are in their superview's coordinates).
struct DialectImportTests {
    @Test(arguments: [
        // header: top = safe top + 10; horizontalEdges inset 20 → x 20, width 375 − 40 = 335;
        // height = 0.5 × 335. avatar: 80 × 60 centred in 335 × 167.5 → (127.5, 53.75).
        // badge: width 40 @750 loses to <= 30; height 30 / 2; top/right inset 8 → x 335 − 8 − 30.
        // footer: remade onto the safe area's leading/trailing/bottom, height 50 updated to 64.
        ("SnapKitViewController.swift.txt", 17, ["header": [20, 10, 335, 167.5], "avatar": [127.5, 53.75, 80, 60],
                                                 "badge": [297, 8, 30, 15], "footer": [0, 603, 375, 64]]),
        // bubble: edges inset (6, 40, 6, 12) → 40, 6, 375 − 52, 667 − 12. dot: 12 × 12, its
        // trailing 8 before bubble's leading (x 40 − 8 − 12), centred on bubble's y (333.5 − 6).
        ("SnapKitCell.swift.txt", 8, ["bubble": [40, 6, 323, 655], "dot": [20, 327.5, 12, 12]]),
        // panel: top = safe top + padding.top 20; left/right insets 16 → width 343; height
        // 0.25 × 667. icon: 50 × 30 centred in 343 × 166.75. bar (remade): below panel + 10 =
        // 196.75; centerX on root's (Masonry: a constant centre relates to the superview's
        // centre); width 120 @600 under <= 171.5; height 44 updated to 48.
        ("MasonryViewController.m.txt", 13, ["panel": [16, 20, 343, 166.75], "icon": [146.5, 68.375, 50, 30],
                                              "bar": [127.5, 196.75, 120, 48]]),
        // thumb: top/left 12, 64 × 64. line: from 12 + 64 + 10 to 375 − 12; bottom 667, height 1.
        ("MasonryCell.m.txt", 9, ["thumb": [12, 12, 64, 64], "line": [86, 666, 277, 1]]),
        // banner: top 0, leading 10, trailing −10 (bottom excluded), height 120. photo: 16
        // below, centred, width 0.5 × 375 and as high. caption: width 300 @250 under <= 200;
        // 8 below photo (136 + 187.5 + 8); leading 20; height 30.
        ("PureLayoutViewController.m.txt", 14, ["banner": [10, 0, 355, 120], "photo": [93.75, 136, 187.5, 187.5],
                                                "caption": [20, 331.5, 200, 30]]),
        // avatar: 44 × 44, leading 16, centred vertically ((667 − 44) / 2). name: from 16 + 44 + 12
        // to 375 − 16, top 10, half avatar's height.
        ("PureLayoutCell.swift.txt", 8, ["avatar": [16, 311.5, 44, 44], "name": [72, 10, 287, 22]]),
        // video: safe area's top/left/right, height 375 × 9 / 16. controls: 12 below, 24 in from
        // each side, height 60. play: 44 × 44 (its width @250 loses), centred in 327 × 60.
        ("TinyConstraintsViewController.swift.txt", 14, ["video": [0, 0, 375, 210.9375], "controls": [24, 222.9375, 327, 60],
                                                         "play": [141.5, 8, 44, 44]]),
        // icon: edges but right inset 8, width 60. label: 8 after icon to 8 before root's trailing
        // (trailingToSuperview turns its offset around); height 40 @750 capped at 30; centred on
        // icon (8 + 325.5 − 15).
        ("TinyConstraintsCell.swift.txt", 10, ["icon": [8, 8, 60, 651], "label": [76, 318.5, 291, 30]]),
        // loadView's `view = UIView()` is root. cardView: 16 below the top layout guide (the
        // safe area's top, 0 here), 16 in from each side → 343 wide, 200 high. stripView: in
        // cardView's margins (10, 12, -, 12) → 12, 10, 343 − 24, and badgeSize.height 16.
        // footerView: 24 below cardView (16 + 200 + 24), badgeSize 24 × 16, centred
        // ((375 − 24) / 2); its bottom at most 8 above the safe area's (256 + 16 <= 659).
        ("PureLayoutLoadView.swift.txt", 13, ["cardView": [16, 16, 343, 200], "stripView": [12, 10, 319, 16],
                                              "footerView": [175.5, 240, 24, 16]]),
        // Root is the view class. startMark: markSize 6 × 12, 4 in from the left, centred on
        // 333.5 (y 327.5). endMark: 4 in from the right (375 − 4 − 6). line: from 10 to 365,
        // height 12 / 4, centred (333.5 − 1.5).
        ("TinyConstraintsMetricView.swift.txt", 12, ["startMark": [4, 327.5, 6, 12], "endMark": [365, 327.5, 6, 12],
                                                     "line": [10, 332, 355, 3]]),
    ] as [(String, Int, [String: [Double]])])
    func importsTheFixture(_ file: String, _ constraints: Int, _ frames: [String: [Double]]) throws {
        let session = Session()
        let result = session.execute("import \(fixtures.appendingPathComponent(file).path)")
        #expect(result.ok, "\(result.error?.message ?? "")")
        let text = result.output.joined(separator: "\n")
        // Nothing skipped, nothing left out, no view left to its autoresizing mask.
        #expect(!text.contains("skipped") && !text.contains("left out") && !text.contains("translatesAutoresizing"), "\(text)")
        #expect(userConstraints(session) == constraints)
        for (view, expected) in frames { #expect(frame(session, view) == expected, "\(view)") }
    }

    /// Issue 24: both branches of `if #available` were read, so every constraint came twice.
    /// tabBarView: the safe area's top (0 here), full width, 44 high. pageView: from
    /// tabBarView's bottom (44) to the safe area's bottom (667), full width. panel: the safe
    /// area's top and bottom, the root's sides.
    @Test func onlyTheNewestSystemsBranchIsImported() {
        let session = Session()
        let result = session.execute("import \(fixtures.appendingPathComponent("AvailabilitySnapKit.swift.txt").path)")
        #expect(result.ok && session.model.brokenConstraints().isEmpty)
        #expect(userConstraints(session) == 8)
        #expect(frame(session, "tabBarView") == [0, 0, 375, 44] && frame(session, "pageView") == [0, 44, 375, 623])
        let skipped = result.output.filter { $0.hasPrefix("line ") && $0.contains("runs only before") }
        #expect(skipped.map { $0.prefix(while: { $0 != ":" }) } == ["line 16", "line 25", "line 27", "line 30", "line 34"])
        let objc = Session()
        let masonry = objc.execute("import \(fixtures.appendingPathComponent("AvailabilityMasonry.m.txt").path)")
        #expect(masonry.ok && userConstraints(objc) == 4 && frame(objc, "panel") == [0, 0, 375, 667])
        #expect(masonry.output.contains { $0.hasPrefix("line 19: skipped (the else branch runs only before iOS 11.0)") })
    }

    @Test func aLineOfAMakerThatIsNotReadIsListedWithItsLine() {
        let (_, result) = importing("""
            view.addSubview(box)
            box.snp.makeConstraints { make in
                make.top.equalTo(someGuide()).offset(8)
                make.width.height.equalTo(40)
            }
            """)
        #expect(result.ok)
        #expect(result.output.contains { $0.hasPrefix("line 3: skipped") && $0.contains("someGuide()") })
    }

    @Test func updatingAConstraintTheMakerNeverMadeIsListed() {
        // SnapKit stops on it ("could not find existing matching constraint to update").
        let (session, result) = importing("""
            view.addSubview(box)
            box.snp.makeConstraints { $0.width.equalTo(40) }
            box.snp.updateConstraints { $0.height.equalTo(30) }
            """)
        #expect(result.output.contains { $0.hasPrefix("line 3: skipped") })
        #expect(userConstraints(session) == 1)
    }

    @Test func aConstantTargetRelatesToTheSuperviewLikeTheLibrary() {
        // SnapKit: `centerX.equalTo(20)` is centerX == superview.left + 20 → x = 20 − 5.
        let (snap, _) = importing("""
            view.addSubview(box)
            box.snp.makeConstraints { make in
                make.centerX.equalTo(20)
                make.top.equalTo(30)
                make.size.equalTo(10)
            }
            """)
        #expect(frame(snap, "box") == [15, 30, 10, 10])
        // Masonry: `centerX.equalTo(@20)` is centerX == superview.centerX + 20 → 187.5 + 20 − 5.
        let (masonry, _) = importing("""
            [self.view addSubview:box];
            [box mas_makeConstraints:^(MASConstraintMaker *make) {
                make.centerX.equalTo(@20);
                make.top.equalTo(@30);
                make.width.height.equalTo(@10);
            }];
            """, "m")
        #expect(frame(masonry, "box") == [202.5, 30, 10, 10])
    }

    @Test func aKeptConstraintIsDeactivatedAndItsPriorityChanged() {
        let (session, _) = importing("""
            view.addSubview(box)
            var top: Constraint?
            box.snp.makeConstraints { make in
                top = make.top.equalToSuperview().offset(10).constraint
                make.top.equalToSuperview().offset(50).priority(.low)
                make.leading.equalToSuperview()
                make.size.equalTo(20)
            }
            top?.deactivate()
            """)
        // The required top is gone; the low one places it at 50.
        #expect(frame(session, "box") == [0, 50, 20, 20])
    }

    @Test func aViewClassUsesItsOwnGuidesAndALocalViewIsALocal() {
        // `safeAreaLayoutGuide.topAnchor` without self is root's; `let view = UIView()` is a
        // view of its own, added to `self.view`.
        let (session, result) = importing("""
            let view = UIView()
            self.view.addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 12),
                view.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
                view.widthAnchor.constraint(equalToConstant: 100),
                view.heightAnchor.constraint(equalToConstant: 50),
            ])
            """)
        #expect(result.ok)
        #expect(frame(session, "view") == [8, 12, 100, 50])
    }

    @Test func aRunTimeMetricIsReadOrAskedFor() {
        // `view.bounds.width / 3` is root's width now (375 / 3); `cellHeight * scale` is asked for.
        let (session, result) = importing("""
            view.addSubview(a)
            let views = ["a": a]
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|[a(w)]", options: [], metrics: ["w": view.bounds.width / 3], views: views))
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:|[a(h)]", options: [], metrics: ["h": cellHeight * scale], views: views))
            """)
        #expect(result.ok)
        #expect(session.metrics["w"] == 125)
        #expect(frame(session, "a")[2] == 125)
        #expect(result.output.contains { $0.hasPrefix("line 4: left out: V:|[a(h)]") && $0.contains("metric h = …") })
    }

    @Test func pureLayoutFlipsBottomAndTrailingInsets() {
        // Bottom inset 20 is bottom == superview.bottom − 20; `>=` turns into `<=` there.
        let (session, _) = importing("""
            view.addSubview(box)
            box.autoPinEdge(toSuperviewEdge: .bottom, withInset: 20)
            box.autoPinEdge(toSuperviewEdge: .trailing, withInset: 30, relation: .greaterThanOrEqual)
            box.autoSetDimensions(to: CGSize(width: 10, height: 10))
            NSLayoutConstraint.autoSetPriority(.defaultLow) {
                box.autoPinEdge(toSuperviewEdge: .leading, withInset: 500)
            }
            """)
        // The low leading 500 pushes right until trailing <= 375 − 30 holds: x = 345 − 10.
        #expect(frame(session, "box") == [335, 637, 10, 10])
    }
}
