import Foundation
@testable import LayoutShell
@testable import LayoutReport

extension Fixtures {
    /// Imports `text` (a fixture changed for one test) as a file with the extension `ext`, with
    /// `selection` after its name when given, into a new session; the file is gone afterwards.
    static func imported(text: String, ext: String = "storyboard", _ selection: String? = nil) -> (Session, CommandResult) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Fixture-\(UUID().uuidString).\(ext)")
        try? text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = Session()
        return (session, session.execute("import \(file.path)" + (selection.map { " \($0)" } ?? "")))
    }
}
