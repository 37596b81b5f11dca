public import LayoutVocabulary
/// The bars a view controller sits under (`bars navigation tab`): a navigation controller's
/// bar at the top, a tab bar controller's at the bottom. UIKit adds their heights to the
/// safe area of the controllers' content, over the screen's own insets, so they are kept
/// apart from those: a `device` change swaps the screen's insets and keeps the bars.
public struct Bars: Sendable, Hashable {
    public var navigation: Bool
    public var tab: Bool

    public init(navigation: Bool = false, tab: Bool = false) {
        self.navigation = navigation
        self.tab = tab
    }

    public static let none = Bars()

    /// The bars' words as the session language writes them: `navigation tab`, `none`.
    public var words: String {
        let named = [navigation ? "navigation" : nil, tab ? "tab" : nil].compactMap { $0 }
        return named.isEmpty ? "none" : named.joined(separator: " ")
    }
}

extension Bars {
    /// A navigation bar's height: 44, or 32 where the height is compact (an iPhone in
    /// landscape). `device` nil (a bare window): 44.
    public static func navigationHeight(device: Device?, landscape: Bool) -> Double {
        guard let device else { return 44 }
        return device.traits(landscape: landscape).height == .compact ? 32 : 44
    }

    /// A tab bar's height: 49 on every screen (the importer's number; docs/decisions.md says
    /// why landscape phones keep it too).
    public static let tabHeight = 49.0

    /// How far the bars push the safe area in at the top and the bottom on that screen.
    public func insets(device: Device?, landscape: Bool) -> EdgeInsets {
        EdgeInsets(top: navigation ? Self.navigationHeight(device: device, landscape: landscape) : 0,
                   left: 0, bottom: tab ? Self.tabHeight : 0, right: 0)
    }
}

extension LayoutModel {
    /// What the bars add to the root's safe area on the current screen.
    public var barInsets: EdgeInsets {
        bars.insets(device: device?.device, landscape: device?.landscape ?? false)
    }

    /// The root's safe area without the bars: the device's (or `safearea`'s) insets.
    public var screenSafeArea: EdgeInsets {
        let bars = barInsets
        return EdgeInsets(top: safeAreaInsets.top - bars.top, left: safeAreaInsets.left,
                          bottom: safeAreaInsets.bottom - bars.bottom, right: safeAreaInsets.right)
    }

    /// `bars …`: the root sits under these bars: its safe area is the screen's insets plus
    /// their heights (and its margins, which lie inside it, move too). One change of the solver.
    public func setBars(_ newBars: Bars) {
        let screen = screenSafeArea
        bars = newBars
        let added = barInsets
        safeAreaInsets = EdgeInsets(top: screen.top + added.top, left: screen.left,
                                    bottom: screen.bottom + added.bottom, right: screen.right)
        var ids = updateGuideTies(of: Self.rootName, .safeAreaGuide)
        ids.formUnion(updateGuideTies(of: Self.rootName, .marginsGuide))
        ids.formUnion(updateGuideTies(of: Self.rootName, .keyboardGuide))
        ids.formUnion(marginDependents(of: Self.rootName))
        applyAsOneChange(ids)
    }
}
