import Foundation
import Testing
import LayoutModel
@testable import LayoutShell

/// Real view classes: `import` records the class of each view the code makes (`origin NAME
/// CLASS`), `names` lists it, and `export` makes a label a label again.
struct ViewClassTests {
    static let code = """
        override func viewDidLoad() {
            super.viewDidLoad()
            let title = UILabel()
            let toggle = UISwitch()
            let avatar = AvatarView()
            title.translatesAutoresizingMaskIntoConstraints = false
            toggle.translatesAutoresizingMaskIntoConstraints = false
            avatar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(title)
            view.addSubview(toggle)
            view.addSubview(avatar)
            title.text = "Hello"
            NSLayoutConstraint.activate([
                title.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
                title.widthAnchor.constraint(equalToConstant: 200),
                title.heightAnchor.constraint(equalToConstant: 21),
                toggle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
                toggle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                avatar.topAnchor.constraint(equalTo: toggle.bottomAnchor, constant: 8),
                avatar.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                avatar.widthAnchor.constraint(equalToConstant: 40),
                avatar.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
        """

    static func imported(_ text: String, ext: String = "swift") -> Session {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("classes-\(UUID().uuidString).\(ext)")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let session = Session()
        let result = session.execute("import \(url.path)")
        #expect(result.ok, "\(result.error?.message ?? "")")
        return session
    }

    @Test func namesListEachViewsClass() {
        let session = Self.imported(Self.code)
        let result = session.execute("names")
        let classes = Dictionary(uniqueKeysWithValues: (result.names ?? []).map { ($0.name, $0.className) })
        #expect(classes == ["title": "UILabel", "toggle": "UISwitch", "avatar": "AvatarView"])
        #expect(result.output.contains { $0.contains("title") && $0.contains("UILabel") })
    }

    @Test(arguments: ["swift", "objc", "snapkit"])
    func exportMakesALabelALabelAndReadsBackTheSame(_ language: String) throws {
        let session = Self.imported(Self.code)
        let ext = language == "objc" ? "m" : "swift"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("classes-export-\(UUID().uuidString).\(ext)")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(session.execute("export \(language) \(url.path)").ok)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(language == "objc" ? "UILabel *title = [[UILabel alloc] init];" : "let title = UILabel()"))
        // The switch keeps the size import gave it (51 x 31) as today; the custom class, which
        // the file does not declare, is a UIView.
        #expect(!text.contains("AvatarView"))
        let back = Self.imported(text, ext: ext)
        // title: (16, 20) 200 x 21; toggle under it at y 20 + 21 + 8 = 49, 51 x 31; avatar at
        // y 49 + 31 + 8 = 88, 40 x 40.
        for (name, expected) in ["title": Frame(x: 16, y: 20, width: 200, height: 21),
                                 "toggle": Frame(x: 16, y: 49, width: 51, height: 31),
                                 "avatar": Frame(x: 16, y: 88, width: 40, height: 40)] {
            #expect(session.model.frame(of: name) == expected, "\(name)")
            #expect(back.model.frame(of: name) == expected, "\(language): \(name)")
        }
        let classes = Dictionary(uniqueKeysWithValues: (back.execute("names").names ?? []).map { ($0.name, $0.className) })
        #expect(classes["title"] == "UILabel")
    }
}
