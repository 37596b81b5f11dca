public import LayoutVocabulary
/// A device whose screen a session's root can take (`device NAME [landscape]`): its size in
/// points, its screen scale, its safe-area insets and whether its width is a regular size class
/// (which decides the view controller's system minimum margins), per orientation.
///
/// Values are UIKit's for a full-screen view controller with the status bar shown where the
/// system shows it (iPhones hide it in landscape), no navigation or tab bar. Sources and the
/// uncertain ones: README, "Decisions".
public struct Device: Sendable, Hashable {
    public let name: String
    /// What it is, for the listing (`iPhone SE (2nd and 3rd generation)`).
    public let title: String
    public let width: Double
    public let height: Double
    public let scale: Double
    public let portraitSafeArea: EdgeInsets
    public let landscapeSafeArea: EdgeInsets
    public let regularWidthInPortrait: Bool
    public let regularWidthInLandscape: Bool
    /// The ids Interface Builder writes for it (`<device id="retina4_7">`).
    public var interfaceBuilderIDs: [String] = []

    /// The root's size in an orientation.
    public func size(landscape: Bool) -> (width: Double, height: Double) {
        landscape ? (height, width) : (width, height)
    }

    public func safeArea(landscape: Bool) -> EdgeInsets {
        landscape ? landscapeSafeArea : portraitSafeArea
    }

    /// `UIViewController.systemMinimumLayoutMargins` (leading and trailing in left and right):
    /// 0 at the top and bottom, 16 on the sides in a compact width, 20 in a regular one, and 20
    /// on a phone 414 points wide or wider in portrait (a compact width: UIKit goes by the
    /// screen's width there, as Interface Builder's stored frames on Plus and Max phones show).
    public func systemMinimumMargins(landscape: Bool) -> EdgeInsets {
        let side = Self.rootSideMargin(width: size(landscape: landscape).width,
                                       regularWidth: landscape ? regularWidthInLandscape : regularWidthInPortrait, landscape: landscape)
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }

    /// The root's side margin on a screen of this width and width class (see
    /// `systemMinimumMargins`).
    public static func rootSideMargin(width: Double, regularWidth: Bool, landscape: Bool) -> Double {
        regularWidth || (!landscape && width >= 414) ? 20 : 16
    }

    /// The table `device` lists, smallest first. The older and larger screens are there for
    /// Interface Builder files (`interfaceBuilderIDs`: the ids of `<device id=…>`); their
    /// insets are those of the iOS version each Xcode shows them with (README, "Decisions").
    public static let all: [Device] = [
        Device(name: "iPhone4s", title: "iPhone 4s (3.5-inch)", width: 320, height: 480, scale: 2,
               portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               landscapeSafeArea: EdgeInsets(all: 0),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina3_5"]),
        Device(name: "iPhoneSE1", title: "iPhone SE (1st generation), iPhone 5s (4-inch)", width: 320, height: 568, scale: 2,
               portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               landscapeSafeArea: EdgeInsets(all: 0),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina4_0"]),
        Device(name: "iPhoneSE", title: "iPhone SE (2nd, 3rd generation), iPhone 8", width: 375, height: 667, scale: 2,
               portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               landscapeSafeArea: EdgeInsets(all: 0),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina4_7"]),
        Device(name: "iPhone8Plus", title: "iPhone 8 Plus (5.5-inch)", width: 414, height: 736, scale: 3,
               portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               landscapeSafeArea: EdgeInsets(all: 0),
               regularWidthInPortrait: false, regularWidthInLandscape: true, interfaceBuilderIDs: ["retina5_5"]),
        Device(name: "iPhoneX", title: "iPhone X, XS, 11 Pro", width: 375, height: 812, scale: 3,
               portraitSafeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina5_9", "retina5_8"]),
        Device(name: "iPhone12", title: "iPhone 12, 13, 14", width: 390, height: 844, scale: 3,
               portraitSafeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina6_12", "retina6_1"]),
        Device(name: "iPhone15", title: "iPhone 15, 15 Pro (Dynamic Island)", width: 393, height: 852, scale: 3,
               portraitSafeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina6_12"]),
        Device(name: "iPhone16Pro", title: "iPhone 16 Pro (Dynamic Island)", width: 402, height: 874, scale: 3,
               portraitSafeArea: EdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
               regularWidthInPortrait: false, regularWidthInLandscape: false, interfaceBuilderIDs: ["retina6_3"]),
        Device(name: "iPhone11", title: "iPhone XR, XS Max, 11, 11 Pro Max", width: 414, height: 896, scale: 2,
               portraitSafeArea: EdgeInsets(top: 48, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 48, bottom: 21, right: 48),
               regularWidthInPortrait: false, regularWidthInLandscape: true, interfaceBuilderIDs: ["retina6_1", "retina6_5"]),
        Device(name: "iPhone12ProMax", title: "iPhone 12, 13 Pro Max, 14 Plus", width: 428, height: 926, scale: 3,
               portraitSafeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
               regularWidthInPortrait: false, regularWidthInLandscape: true, interfaceBuilderIDs: ["retina6_7", "retina6_72"]),
        Device(name: "iPhone15ProMax", title: "iPhone 15 Plus, 15 Pro Max (Dynamic Island)", width: 430, height: 932, scale: 3,
               portraitSafeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
               regularWidthInPortrait: false, regularWidthInLandscape: true, interfaceBuilderIDs: ["retina6_7", "retina6_72"]),
        Device(name: "iPhone16ProMax", title: "iPhone 16 Pro Max (Dynamic Island)", width: 440, height: 956, scale: 3,
               portraitSafeArea: EdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
               landscapeSafeArea: EdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
               regularWidthInPortrait: false, regularWidthInLandscape: true, interfaceBuilderIDs: ["retina6_9"]),
        Device(name: "iPad9_7", title: "iPad (9.7-inch), iPad mini", width: 768, height: 1024, scale: 2,
               portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               landscapeSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
               regularWidthInPortrait: true, regularWidthInLandscape: true, interfaceBuilderIDs: ["ipad9_7", "ipad7_9"]),
        Device(name: "iPad", title: "iPad (10th generation)", width: 820, height: 1180, scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               landscapeSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               regularWidthInPortrait: true, regularWidthInLandscape: true, interfaceBuilderIDs: ["ipad10_9rounded", "ipad10_2"]),
        Device(name: "iPadPro11", title: "iPad Pro 11-inch, iPad Air", width: 834, height: 1194, scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               landscapeSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               regularWidthInPortrait: true, regularWidthInLandscape: true, interfaceBuilderIDs: ["ipad11_0rounded", "ipad11"]),
        Device(name: "iPadPro12_9", title: "iPad Pro 12.9-inch", width: 1024, height: 1366, scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               landscapeSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
               regularWidthInPortrait: true, regularWidthInLandscape: true, interfaceBuilderIDs: ["ipad12_9rounded", "ipad12_9"]),
    ]

    /// The device an Interface Builder file was saved for: its `<device id>` and the size of
    /// the root IB stored (one id names several screens across Xcode versions: `retina6_1`
    /// was 414x896 and is 390x844). Nil when no device has that size.
    public static func forInterfaceBuilder(id: String?, width: Double, height: Double) -> Device? {
        let portrait = (min(width, height), max(width, height))
        let sized = all.filter { $0.width == portrait.0 && $0.height == portrait.1 }
        if let id, let named = sized.first(where: { $0.interfaceBuilderIDs.contains(id) }) { return named }
        return sized.first
    }

    /// The device of that name, in any letter case.
    public static func named(_ name: String) -> Device? {
        let wanted = name.lowercased()
        return all.first { $0.name.lowercased() == wanted }
    }
}

/// Settings of the screen: the device, the safe area, the scale.
extension LayoutModel {
    /// `device NAME [landscape]`: the root takes the device's size and safe area (plus the
    /// bars it sits under, at their heights on that screen), becomes a view controller's root
    /// view (its own margins 0, raised to the system minimum), and frames are rounded to the
    /// device's pixels. One change of the solver.
    public func setDevice(_ device: Device, landscape: Bool) {
        let size = device.size(landscape: landscape)
        rootWidth = size.width
        rootHeight = size.height
        self.device = (device, landscape)
        scale = device.scale
        let screen = device.safeArea(landscape: landscape), added = barInsets
        safeAreaInsets = EdgeInsets(top: screen.top + added.top, left: screen.left,
                                    bottom: screen.bottom + added.bottom, right: screen.right)
        systemMinimumMargins = device.systemMinimumMargins(landscape: landscape)
        views[Self.rootName]!.margins = EdgeInsets(all: 0)
        views[Self.rootName]!.marginsAreDirectional = false
        var ids = updateGuideTies(of: Self.rootName, .safeAreaGuide)
        ids.formUnion(updateGuideTies(of: Self.rootName, .marginsGuide))
        ids.formUnion(updateGuideTies(of: Self.rootName, .keyboardGuide))
        ids.formUnion(marginDependents(of: Self.rootName))
        applyAsOneChange(ids, rootSize: size)
    }

    /// `safearea T,L,B,R`: the root's safe-area insets (and so its margins, which lie inside
    /// the safe area), whole: the bars are cleared, since the insets typed already say where
    /// the safe area is (`bars` adds them again on top). One change of the solver.
    public func setSafeArea(_ insets: EdgeInsets) throws(LayoutError) {
        for value in [insets.top, insets.left, insets.bottom, insets.right] {
            try Self.checkMagnitude(value, .safeArea)
            if value < 0 { throw .negativeSafeArea }
        }
        safeAreaInsets = insets
        bars = .none
        var ids = updateGuideTies(of: Self.rootName, .safeAreaGuide)
        ids.formUnion(updateGuideTies(of: Self.rootName, .marginsGuide))
        ids.formUnion(updateGuideTies(of: Self.rootName, .keyboardGuide))
        ids.formUnion(marginDependents(of: Self.rootName))
        applyAsOneChange(ids)
    }

    /// `scale 1|2|3` (or nil: exact frames). Only reports change: the solver's values stay.
    public func setScale(_ newScale: Double?) throws(LayoutError) {
        if let newScale, ![1.0, 2, 3].contains(newScale) { throw .unsupportedScale(newScale) }
        scale = newScale
    }

    // MARK: - Pixels

    /// A value on the pixel grid of `scale`: the nearest pixel, halves up (UIKit's rounding,
    /// README "Decisions"). Solver noise (173.49999999) counts as the value it stands for.
    public static func roundToPixel(_ value: Double, scale: Double) -> Double {
        let scaled = value * scale
        let nearest = scaled.rounded()
        let pixels = Tolerance.isOnPixel(scaled, nearest) ? nearest : (scaled + 0.5).rounded(.down)
        return pixels / scale
    }

    /// A view's frame where UIKit puts it on the screen: each edge, in the root's coordinates,
    /// rounded to the nearest pixel of `scale`, so views that touch stay flush (the edges are
    /// rounded, not the origin and the size); back in the superview's coordinates. The exact
    /// frame when no scale is set.
    public func placedFrame(of name: String) -> Frame? {
        guard let scale, let info = views[name] else { return frame(of: name) }
        let exact = frame(of: name)!
        let parentOrigin = info.parent.map { absoluteOrigin(of: $0) } ?? (x: 0.0, y: 0.0)
        let round = { (value: Double) in Self.roundToPixel(value, scale: scale) }
        let left = round(parentOrigin.x + exact.x), right = round(parentOrigin.x + exact.x + exact.width)
        let top = round(parentOrigin.y + exact.y), bottom = round(parentOrigin.y + exact.y + exact.height)
        return Frame(x: left - round(parentOrigin.x), y: top - round(parentOrigin.y), width: right - left, height: bottom - top)
    }

    /// Every view's placed frame, in creation order (root first).
    public func placedFrames() -> [(name: String, frame: Frame)] {
        scale == nil ? frames() : viewOrder.map { ($0, placedFrame(of: $0)!) }
    }
}
