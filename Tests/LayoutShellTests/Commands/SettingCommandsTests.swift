import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Settings: `platform`, hugging, resistance, margins, `direction` (SettingCommands).
@Suite struct SettingCommandsTests {
    @Test func platformIOSUsesMargins() {
        let s = Session()
        run(s, "view a\nplatform ios\nroot.margins = 16\nH:|-[a]-|")
        #expect(frame(s, "a")?.x == 16)
        #expect(frame(s, "a")?.width == 343)
    }

    /// A session starts as iOS (UIKit's rule since iOS 8), and `reset` goes back to it.
    @Test func theDefaultPlatformIsIOS() {
        let s = Session()
        #expect(s.platform == .ios)
        run(s, "view a")
        let r = s.execute("H:|-[a]-|")
        #expect(r.added.map(\.text) == ["a.leading == root.leadingMargin", "root.trailingMargin == a.trailing"])
        #expect(frame(s, "a")?.x == 8 && frame(s, "a")?.width == 359)
        run(s, "platform macos\nreset")
        #expect(s.platform == .ios)
    }

    /// `platform macos` gives the 20-point edges to VFL typed after it; lines typed before
    /// keep the constraints they made, and the note says so.
    @Test func platformAppliesToVFLTypedFromThenOn() {
        let s = Session()
        run(s, "view a b\nH:|-[a]-|")
        let switched = s.execute("platform macos")
        #expect(switched.output == ["platform macos: |- and -| are 20 from the superview's edge; 8 between views",
                                    "(for VFL typed from now on; constraints already made keep their spacing)"])
        #expect(frame(s, "a")?.x == 8)
        let r = s.execute("H:|-[b]-|")
        #expect(r.added.map(\.text) == ["b.leading == root.leading + 20", "root.trailing == b.trailing + 20"])
        #expect(frame(s, "a")?.x == 8 && frame(s, "b")?.x == 20 && frame(s, "b")?.width == 335)
    }

    @Test func huggingResistanceMargins() {
        let s = Session()
        run(s, "view l intrinsic 120x21\nl.width == 100 @700")
        #expect(frame(s, "l")?.width == 120)
        let r = s.execute("l.resistance.h = 600")
        #expect(r.ok && frame(s, "l")?.width == 100)
        #expect(r.broken.map(\.id) == ["l.resistance.h"])
        #expect(r.renderText(width: 200).contains("broken l.resistance.h: l.width >= 120 @600 -- l.width is 100, needs at least 120: short by 20"))
        run(s, "l.hugging.v = 251\nl.resistance.v = 1000")
        #expect(s.model.view("l")?.huggingV.rawValue == 251)
        #expect(s.model.constraint("l.resistance.v")?.text == "l.height >= 21")
        run(s, "view m\nm.leading == root.leadingMargin\nm.top == root.topMargin\nroot.margins = 8,16,8,16")
        #expect(frame(s, "m")?.x == 16 && frame(s, "m")?.y == 8)
        #expect(!s.execute("root.margins = 1,2,3").ok)
    }

    @Test func direction() {
        let s = Session()
        run(s, "view a\na.leading == root.leading + 20\na.width == 50\ndirection rtl")
        #expect(frame(s, "a")?.x == 305)
        run(s, "direction ltr")
        #expect(frame(s, "a")?.x == 20)
        #expect(!s.execute("direction up").ok)
    }
}
