import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// The bars Interface Builder draws around a view controller's view, as it infers them: a
/// navigation bar when the controller simulates one or sits in a navigation controller (as its
/// root or pushed from there), a tab bar likewise. They are what moves the safe area in from
/// the device's own insets.
struct SimulatedBars: Equatable {
    var navigation = false
    var tab = false
    /// The view starts below the navigation bar (an opaque bar it does not reach under, or
    /// `edgesForExtendedLayout` without the top): the status bar and the bar cover none of it.
    var rootBelowTop = false
    /// The view ends above the tab bar, likewise: the bar and the home indicator cover none of it.
    var rootAboveBottom = false
}

extension InterfaceBuilderTranslation {
    /// The bars IB shows over a controller's view: its own simulated metrics first, else what
    /// the navigation and tab bar controllers that reach it (relationship segues, then pushes,
    /// transitively) show, with their bars' opacity.
    static func bars(of controller: IBViewController, in document: IBDocument) -> SimulatedBars {
        var navigation = controller.simulatedTopBar.map { $0.contains("NavigationBar") } ?? false
        var tab = controller.simulatedBottomBar.map { $0.contains("TabBar") } ?? false
        var opaqueTop = navigation && controller.opaqueTopBar
        var opaqueBottom = tab && controller.opaqueBottomBar
        if controller.simulatedTopBar == nil || controller.simulatedBottomBar == nil {
            let controllers = Dictionary(document.scenes.compactMap { $0.controller }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            // What a container shows: its children, and what they push, transitively.
            func reached(from start: IBViewController) -> Set<String> {
                var seen = Set<String>()
                var queue = start.children
                while let id = queue.popLast() {
                    guard seen.insert(id).inserted, let next = controllers[id] else { continue }
                    queue += next.pushes + (next.element == "navigationController" ? next.children : [])
                }
                return seen
            }
            // Document order, so that a controller two containers reach takes the first's bars.
            for container in document.scenes.compactMap(\.controller) {
                if container.element == "navigationController", controller.simulatedTopBar == nil, !navigation,
                   reached(from: container).contains(controller.id) {
                    navigation = true
                    opaqueTop = container.opaqueTopBar
                }
                if container.element == "tabBarController", controller.simulatedBottomBar == nil, !tab,
                   reached(from: container).contains(controller.id) {
                    tab = true
                    opaqueBottom = container.opaqueBottomBar
                }
            }
        }
        let underOpaque = controller.extendsUnderOpaqueBars
        return SimulatedBars(navigation: navigation, tab: tab,
                             rootBelowTop: navigation && (!controller.extendsUnderTopBar || (opaqueTop && !underOpaque)),
                             rootAboveBottom: tab && (!controller.extendsUnderBottomBar || (opaqueBottom && !underOpaque)))
    }

    /// The safe area's insets with the bars added: a navigation bar's 44 (32 in an iPhone's
    /// landscape) under the status bar, a tab bar's 49 above the home indicator; nothing at an
    /// edge where the view starts below (ends above) the bars. Returns the insets, the bars'
    /// own share (what an inset read from a stored frame may add to a screen's), and the note
    /// that says what was simulated.
    static func addingBars(_ bars: SimulatedBars, to screen: EdgeInsets, device: Device?, landscape: Bool)
        -> (insets: EdgeInsets, barHeights: (top: Double, bottom: Double), note: String?) {
        var insets = screen
        var heights: (top: Double, bottom: Double) = (0, 0)
        var words: [String] = []
        if bars.navigation {
            heights.top = Bars.navigationHeight(device: device, landscape: landscape)
            if bars.rootBelowTop {
                insets.top = 0
                heights.top = 0
                words.append("an opaque navigation bar (the view starts below it: safe area top 0)")
            } else {
                words.append("a navigation bar (safe area top \(formatNumber(screen.top))+\(formatNumber(heights.top)))")
                insets.top += heights.top
            }
        }
        if bars.tab {
            if bars.rootAboveBottom {
                insets.bottom = 0
                words.append("an opaque tab bar (the view ends above it: safe area bottom 0)")
            } else {
                heights.bottom = Bars.tabHeight
                words.append("a tab bar (safe area bottom \(formatNumber(screen.bottom))+\(formatNumber(Bars.tabHeight)))")
                insets.bottom += Bars.tabHeight
            }
        }
        let note = words.isEmpty ? nil : "simulated as IB shows the scene: " + words.joined(separator: " and ")
        return (insets, heights, note)
    }
}

extension InterfaceBuilderTranslation {
    /// A screen's insets with the session's `bars` on top, as the model adds them.
    static func adding(_ bars: Bars, to screen: EdgeInsets, device: Device, landscape: Bool) -> EdgeInsets {
        let added = bars.insets(device: device, landscape: landscape)
        return EdgeInsets(top: screen.top + added.top, left: screen.left, bottom: screen.bottom + added.bottom, right: screen.right)
    }

    /// Insets without a bare window's bars (no device: 44 and 49), nil when they do not hold
    /// them (an inset read from stored frames left less than a bar).
    static func removing(_ bars: Bars, from insets: EdgeInsets) -> EdgeInsets? {
        let added = bars.insets(device: nil, landscape: false)
        let screen = EdgeInsets(top: insets.top - added.top, left: insets.left, bottom: insets.bottom - added.bottom, right: insets.right)
        return screen.top >= 0 && screen.bottom >= 0 ? screen : nil
    }
}

extension InterfaceBuilderTranslation {
    /// The line that gives a view controller's root view its layout margins: the margins the
    /// file sets, raised at each side to the screen's system minimum (`minimumSide`; nil when a
    /// `device` line already makes the session raise them), as UIKit does while
    /// `viewRespectsSystemMinimumLayoutMargins` is on. Nil when there is nothing to set.
    static func rootMarginsLine(_ custom: IBInsets?, directional: Bool, minimumSide: Double?) -> String? {
        guard custom != nil || minimumSide != nil else { return nil }
        var margins = custom ?? IBInsets(top: 0, left: 0, bottom: 0, right: 0)
        if let minimumSide {
            margins.left = max(margins.left, minimumSide)
            margins.right = max(margins.right, minimumSide)
        }
        let values = [margins.top, margins.left, margins.bottom, margins.right].map(formatNumber).joined(separator: ",")
        return "root.\(directional && custom != nil ? "directionalMargins" : "margins") = \(values)"
    }
}

extension InterfaceBuilderTranslation {
    /// The first tools version of Xcode 12, whose iOS 14 made the status bar of an iPhone XR or
    /// 11 48 points tall; Xcode 10 and 11 show those phones with iOS 12's and 13's 44.
    static let xcode12ToolsVersion = 17000.0
    /// The first tools version of Xcode 26 (Xcode 16 writes 23xxx, Xcode 26.0 24127).
    static let xcode26ToolsVersion = 24000.0

    /// The screen's insets as the Xcode that saved the file showed the device: an iPhone 11's
    /// (414x896) status bar is 44 points before Xcode 12; Xcode 26 shows that phone's top and
    /// bottom insets twice (IQKeyboardManager's storyboards at commit 95c7f44, docs/decisions.md).
    /// Returns the insets and a note when they differ from the device table's.
    static func insetsOfItsXcode(_ insets: EdgeInsets, device: Device?, landscape: Bool, toolsVersion: Double?) -> (EdgeInsets, String?) {
        guard let device, let toolsVersion, !landscape, device.width == 414, device.height == 896, insets.top == 48 else { return (insets, nil) }
        var shown = insets
        if toolsVersion < xcode12ToolsVersion {
            shown.top = 44
            return (shown, "the status bar of an \(device.name) is 44 points in a file saved before Xcode 12 (iOS 13's; 48 from iOS 14)")
        }
        if toolsVersion >= xcode26ToolsVersion, insets.bottom == 34 {
            shown.top = 96
            shown.bottom = 68
            return (shown, "saved by Xcode 26, which shows an \(device.name) with a safe area 96 points from the top and 68 from the bottom (twice iOS 14–18's 48 and 34; its navigation bar starts at 96), as the files it re-saved store")
        }
        return (insets, nil)
    }

    /// Whether LayoutLab knows the safe area Xcode 26 shows on a root of this size: an iPhone
    /// 11's (414x896, portrait), the only screen real Xcode 26 files show it for.
    static func xcode26InsetsKnown(width: Double?, height: Double?) -> Bool { width == 414 && height == 896 }
}
