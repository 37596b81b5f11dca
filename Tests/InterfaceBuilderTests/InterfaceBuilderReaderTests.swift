import Foundation
import Testing
import InterfaceBuilder
import LayoutVocabulary
import TestSupport

/// The fixtures, written here by hand in Interface Builder's format (each names its model on
/// line 1).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
}

/// `IBReader`: XML into scenes, views and constraints, with lines; bad input refused with a line.
@Suite struct InterfaceBuilderReaderTests {
    @Test func multipliersInEveryWrittenForm() {
        #expect(IBReader.multiplier("0.5") == 0.5)
        #expect(IBReader.multiplier("1/2") == 0.5)
        #expect(IBReader.multiplier("4:3") == 4.0 / 3.0)
        #expect(IBReader.multiplier("1/4.2") == 1 / 4.2)
        #expect(IBReader.multiplier("4/0") == nil)
        #expect(IBReader.multiplier("half") == nil)
    }

    @Test func storyboardScenesControllersAndConstraints() throws {
        let document = try IBReader.read(Fixtures.text("LoginForm.storyboard"))
        #expect(document.kind == .storyboard)
        #expect(document.device == IBDeviceSetting(id: "retina6_12", landscape: false))
        #expect(document.initialViewController == "Nav-Ct-001")
        #expect(document.scenes.count == 3)
        #expect(document.scenes[0].controller?.view == nil)
        #expect(document.scenes[0].controller?.children == ["Log-Vc-001"])
        let login = try #require(document.scenes[1].controller)
        #expect(login.storyboardIdentifier == "Login")
        #expect(login.className == "LoginViewController")
        #expect(document.scenes[1].title == "Sign In")
        let root = try #require(login.view)
        #expect(root.guides["safeArea"] == "Saf-Ar-001")
        let stack = try #require(root.subviews.first)
        #expect(stack.stack?.vertical == true)
        #expect(stack.stack?.spacing == 12)
        #expect(stack.stack?.distribution == nil)
        #expect(stack.subviews.map(\.element) == ["textField", "textField", "button"])
        #expect(stack.subviews[2].text == "Sign In")
        #expect(document.outlets["Eml-Tf-001"] == "emailField")
        // `firstAttribute="trailingMargin"` without a first item: the owner, the root view.
        let trailing = try #require(root.constraints.last)
        #expect(trailing.firstItem == "Log-Vw-001")
        #expect(trailing.firstAttribute == .trailingMargin)
        #expect(trailing.secondItem == "Stk-Vw-001")
        // Line numbers are the file's (the constraint is on line 58, its `<` in column 29).
        #expect(trailing.line == 58)
        #expect(trailing.column == 29)
    }

    @Test func variationsPlaceholdersAndOldGuides() throws {
        let sizes = try IBReader.read(Fixtures.text("SizeClasses.storyboard"))
        let root = try #require(sizes.scenes.first?.controller?.view)
        #expect(root.variations.map(\.key) == ["heightClass=compact"])
        #expect(root.variations[0].excludedSubviews == ["Siz-Ft-001"])
        let top = try #require(root.constraints.first { $0.id == "Siz-C3-001" })
        #expect(top.constantVariations.map(\.key) == ["heightClass=compact"])
        #expect(top.constantVariations.map(\.constant) == [8])
        let banner = root.subviews[0]
        #expect(banner.variations.map(\.key) == ["default", "heightClass=compact"])
        #expect(banner.variations[1].includedConstraints == ["Siz-C5-001"])

        let old = try IBReader.read(Fixtures.text("OldGuides.storyboard"))
        let controller = try #require(old.scenes.first?.controller)
        #expect(old.device == nil)
        #expect(controller.oldGuides == ["Old-Tg-001": true, "Old-Bg-001": false])
        #expect(controller.view?.subviews[0].constraints.first?.placeholder == true)
    }

    @Test func traitKeys() {
        let compactHeight = IBTraits(key: "heightClass=compact")
        #expect(compactHeight == IBTraits(widthCompact: nil, heightCompact: true))
        #expect(IBTraits(key: "heightClass=regular-widthClass=compact") == IBTraits(widthCompact: true, heightCompact: false))
        #expect(IBTraits(key: "default") == nil)
        let phoneLandscape = IBTraits(widthCompact: true, heightCompact: true)
        #expect(compactHeight?.applies(on: phoneLandscape) == true)
        #expect(compactHeight?.applies(on: IBTraits(widthCompact: true, heightCompact: false)) == false)
    }

    /// Each refusal names the problem, and the line when one is at fault.
    @Test(arguments: [
        ("not xml at all", 1, "not well-formed XML: no XML element starts the text"),
        ("", 1, "the file is empty"),
        ("\n  \r\n\t\n", 1, "the file is empty"),
        ("<?xml version=\"1.0\"?>\n", 2, "not well-formed XML: the document ends too early"),
        ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n", 2, "not an Interface Builder file"),
        // Xcode 4's xibs: an archive of objects, which Xcode 5 rewrites as a <document>.
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">\n<data/>\n</archive>\n", 2,
         "a xib in the format of Xcode 4 and older (<archive>)"),
        ("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects>\n<view id=\"a\">\n", 4, "not well-formed XML: the document ends too early"),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n<!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">\n]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">&lol2;</document>\n", 2, "declares a DTD"),
        // The fuzzer's find: a malformed declaration and NUL bytes crashed inside the parser.
        ("`<?le?><!D\u{0}\u{0}e|-by hand or& le?><!D\u{0}\u{0}", 1, "NUL byte"),
        ("<?xml version=\"1.0\"?>\n<!D e|-b>\n<document/>\n", 2, "declares a DTD"),
        ("<?xml version=\"1.0\"?>\n<!ELEMENT document ANY>\n<document/>\n", 2, "declares a DTD"),
        // The fuzzer's find: a processing instruction without data crashed inside the parser.
        ("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<?x?></document>\n", 3, "processing instruction"),
        ("<l<?x?>", 1, "processing instruction"),
        ("<?xml-\u{AD}\u{AD}?><!-- x ? -->", 1, "processing instruction"),
    ])
    func badInput(text: String, line: Int, message: String) {
        #expect {
            _ = try IBReader.read(text)
        } throws: { error in
            guard let error = error as? IBReadError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    /// A storyboard over 10 MB (a big app's Main.storyboard) reads whole: the platform's parser,
    /// handed such a file at once, stopped at its end with an internal error.
    @Test(.tags(.slow), .skippedInFastTier) func aStoryboardOverTenMegabytesReads() throws {
        let scene = { (n: Int) in
            """
                    <scene sceneID="S\(n)"><objects><viewController id="C\(n)" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="V\(n)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <subviews><label opaque="NO" text="Row \(n)" translatesAutoresizingMaskIntoConstraints="NO" id="L\(n)"><rect key="frame" x="16" y="20" width="100" height="21"/></label></subviews>
                            <constraints><constraint firstItem="L\(n)" firstAttribute="leading" secondItem="V\(n)" secondAttribute="leading" constant="16" id="K\(n)"/></constraints>
                        </view>
                    </viewController></objects></scene>

            """
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n    <scenes>\n"
        var count = 0
        while text.utf8.count < 10_500_000 {
            text += scene(count)
            count += 1
        }
        text += "    </scenes>\n</document>\n"
        let document = try IBReader.read(text)
        #expect(document.scenes.count == count)
        #expect(document.scenes.last?.controller?.view?.constraints.count == 1)
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let depth = IBLimits.maxDepth + 10
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">" + String(repeating: "<view>", count: depth)
            + String(repeating: "</view>", count: depth) + "</document>"
        #expect(throws: IBReadError.self) { _ = try IBReader.read(text) }
    }
}
