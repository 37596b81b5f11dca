import Testing
@testable import LayoutModel
import LayoutVocabulary

/// Guides, effective margins and one-change settings, on the model alone.
@Suite struct GuidesTests {
    func conflicts(_ model: LayoutModel) -> [Conflict] {
        model.takeEvents().compactMap { if case .conflict(let c) = $0 { c } else { nil } }
    }

    /// The walk a big report reads the first rows by gives the outline's own first entries and
    /// its length: guides before the other children, each subtree before the next sibling.
    @Test func theOutlineHeadIsTheOutlinesFirstEntries() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b", in: "a")
        try model.addGuide("g1", in: "a")
        try model.addView("c", in: "b")
        try model.addGuide("g2")
        try model.addView("d")
        try model.addGuide("g3", in: "b")
        try model.addView("e", in: "a")
        let outline = model.outline()
        #expect(outline.count > 8)
        for limit in [0, 1, 3, 5, outline.count, outline.count + 4] {
            let walk = model.outlineHead(limit: limit)
            #expect(walk.count == outline.count)
            #expect(walk.head.map(\.name) == outline.prefix(limit).map(\.name), "limit \(limit)")
            #expect(walk.head.map(\.level) == outline.prefix(limit).map(\.level), "limit \(limit)")
        }
    }

    @Test func aRedundantPairToTheMarginsNeverConflicts() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addConstraint(spec("a", .leading, .equal, "root", .leadingMargin))
        try model.addConstraint(spec("a", .leading, .equal, "root", .leadingMargin))
        try model.addConstraint(spec("a", .leading, .equal, "root.margins", .leading))
        _ = model.takeEvents()
        try model.setMargins("root", EdgeInsets(all: 30))
        #expect(conflicts(model).isEmpty)
        try model.setSafeArea(EdgeInsets(top: 0, left: 10, bottom: 0, right: 0))
        #expect(conflicts(model).isEmpty)
        model.setDevice(Device.named("iPhone15ProMax")!, landscape: true)
        #expect(conflicts(model).isEmpty)
        #expect(abs(model.frame(of: "a")!.x - (59 + 20)) < 1e-9)
        #expect(model.brokenConstraints().isEmpty)
    }

    @Test func requiredContentPrioritiesFollowANewIntrinsicSize() throws {
        let model = LayoutModel()
        try model.addView("l", intrinsicWidth: 100, intrinsicHeight: 20)
        try model.setHugging("l", .horizontal, .required)
        try model.setResistance("l", .horizontal, .required)
        _ = model.takeEvents()
        try model.setIntrinsicSize("l", width: 50, height: 20)
        #expect(conflicts(model).isEmpty)
        #expect(model.frame(of: "l")?.width == 50)
    }

    @Test func effectiveMarginsOfTheRoot() throws {
        let model = LayoutModel()
        #expect(model.effectiveMargins(of: "root") == EdgeInsets(all: 8))
        try model.setSafeArea(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(model.effectiveMargins(of: "root") == EdgeInsets(top: 28, left: 8, bottom: 8, right: 8))
        model.setDevice(Device.named("iPad")!, landscape: false)
        #expect(model.effectiveMargins(of: "root") == EdgeInsets(top: 24, left: 20, bottom: 20, right: 20))
        try model.setMargins("root", EdgeInsets(top: 5, left: 30, bottom: 0, right: 4))
        #expect(model.effectiveMargins(of: "root") == EdgeInsets(top: 29, left: 30, bottom: 20, right: 20))
    }

    @Test func rootSideMarginsFollowTheScreenWidthOnPhones() {
        // A compact width in portrait on every phone; the root's side margins are 16 below 414
        // points of width and 20 from 414 on (UIKit's systemMinimumLayoutMargins), as on an iPad.
        let model = LayoutModel()
        for (name, side) in [("iPhoneSE", 16.0), ("iPhone15", 16), ("iPhone8Plus", 20), ("iPhone11", 20), ("iPhone15ProMax", 20), ("iPad", 20)] {
            model.setDevice(Device.named(name)!, landscape: false)
            let margins = model.effectiveMargins(of: "root")
            #expect(margins.left == side && margins.right == side, "\(name)")
        }
    }

    @Test func systemGuideNames() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addGuide("g")
        #expect(LayoutModel.systemGuide("root.safeArea")! == ("root", .safeAreaGuide))
        #expect(LayoutModel.systemGuide("a.margins")! == ("a", .marginsGuide))
        #expect(LayoutModel.systemGuide("a.width") == nil)
        // Every view has a safe area (the part of the root's it covers).
        try model.checkItem("a.safeArea")
        #expect(throws: LayoutError.guideHasNoMargins("g")) { try model.checkItem("g.safeArea") }
        #expect(throws: LayoutError.guideHasNoMargins("g")) { try model.checkItem("g.margins") }
        #expect(throws: LayoutError.unknownView("b")) { try model.checkItem("b.margins") }
        #expect(throws: LayoutError.guideCannotHaveSubviews("g")) { try model.addView("x", in: "g") }
        // Nothing was made by the checks.
        #expect(model.view("a.margins") == nil && model.view("root.safeArea") == nil)
    }
}
