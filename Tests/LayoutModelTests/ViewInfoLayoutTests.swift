import Testing
import LayoutVocabulary
@testable import LayoutModel
import Cassowary

/// `ViewInfo` keeps its depth and serial in four bytes and its wrapping text in a box: each must
/// read back exactly as it was set, and the record must stay as small as it was made (the views'
/// table keeps one per bucket).
@Suite struct ViewInfoLayoutTests {
    @Test func readsBackWhatWasSet() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b", in: "a", intrinsicWidth: 30)
        let root = try #require(model.view("root")), a = try #require(model.view("a")), b = try #require(model.view("b"))
        #expect((root.depth, a.depth, b.depth) == (0, 1, 2))
        #expect(root.serial == 0 && a.serial > 0 && b.serial > a.serial)
        #expect(b.intrinsicWidth == 30 && b.intrinsicHeight == nil && b.text == nil)
        let text = WrappingText(lineWidth: 300, lineHeight: 20, maxLines: 3, preferredMaxLayoutWidth: 120)
        try model.setText("b", text)
        #expect(model.view("b")?.text == text)
        var info = b
        info.text = text
        info.depth = 1 << 20
        #expect(info.text == text && info.depth == 1 << 20)
        info.text = nil
        #expect(info.text == nil)
        // The settings few views change read back one by one, the others at their defaults.
        info.huggingH = LayoutPriority(300)
        info.resistanceV = LayoutPriority(999)
        info.margins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(info.huggingH == LayoutPriority(300) && info.huggingV == .defaultLow)
        #expect(info.resistanceH == .defaultHigh && info.resistanceV == LayoutPriority(999))
        #expect(info.margins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4) && info.text == nil)
        info.huggingH = .defaultLow
        info.resistanceV = .defaultHigh
        info.margins = .standard
        #expect(info.huggingH == .defaultLow && info.resistanceV == .defaultHigh && info.margins == .standard)
        // A copy keeps its own text: the box is never written in place.
        var copy = info
        copy.text = WrappingText(lineWidth: 1, lineHeight: 2)
        #expect(info.text == nil && copy.text == WrappingText(lineWidth: 1, lineHeight: 2))
    }

    @Test func staysSmall() {
        #expect(MemoryLayout<ViewInfo>.stride == 80)
    }

    /// The settings kept as flags and the intrinsic sizes (a flag each for whether it is set)
    /// read back each on its own, whatever the others are.
    @Test func flagsReadBack() {
        var info = ViewInfo(name: "v", parent: "root", kind: .view, depth: 1, serial: 7,
                            x: Variable(id: 40), y: Variable(id: 41), width: Variable(id: 42), height: Variable(id: 43))
        #expect(!info.marginsAreDirectional && !info.preservesSuperviewMargins && info.insetsMarginsFromSafeArea && !info.isHidden)
        #expect(info.intrinsicWidth == nil && info.intrinsicHeight == nil)
        let sizes: [Double?] = [nil, 0, -0.0, 12.5, .infinity]
        for bits in 0..<16 {
            for (index, size) in sizes.enumerated() {
                info.marginsAreDirectional = bits & 1 != 0
                info.preservesSuperviewMargins = bits & 2 != 0
                info.insetsMarginsFromSafeArea = bits & 4 != 0
                info.isHidden = bits & 8 != 0
                info.intrinsicWidth = size
                info.intrinsicHeight = sizes[(index + bits) % sizes.count]
                #expect(info.marginsAreDirectional == (bits & 1 != 0) && info.preservesSuperviewMargins == (bits & 2 != 0))
                #expect(info.insetsMarginsFromSafeArea == (bits & 4 != 0) && info.isHidden == (bits & 8 != 0))
                #expect(info.intrinsicWidth?.bitPattern == size?.bitPattern)
                #expect(info.intrinsicHeight?.bitPattern == sizes[(index + bits) % sizes.count]?.bitPattern)
            }
        }
        info.intrinsicWidth = .nan
        #expect(info.intrinsicWidth?.isNaN == true && info.x.id == 40 && info.depth == 1 && info.serial == 7)
    }

    /// Only `x` is kept: the other three variables are the ids after it, as they were made.
    @Test func readsBackItsVariables() throws {
        let info = ViewInfo(name: "v", parent: "root", kind: .view, depth: 1, serial: 7,
                            x: Variable(id: 40), y: Variable(id: 41), width: Variable(id: 42), height: Variable(id: 43))
        #expect([info.x.id, info.y.id, info.width.id, info.height.id] == [40, 41, 42, 43])
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b", in: "a")
        for name in ["root", "a", "b"] {
            let view = try #require(model.view(name))
            #expect(model.variableOwners.item(holding: view.width) == model.variableOwners.item(holding: view.x))
            #expect(view.height.id == view.x.id + 3)
        }
    }
}
