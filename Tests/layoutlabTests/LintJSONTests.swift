import Foundation
import Testing
@testable import layoutlab

/// `layoutlab lint --json`: each finding is one JSON line a tool can parse, whatever its text
/// holds (quotes, backslashes, line breaks, control characters).
@Suite struct LintJSONTests {
    @Test func aFindingIsOneParsableLine() throws {
        let message = "misplaced: \"title\"\\n\tthe file has 1,2,3,4\u{1}"
        let line = LintCommand.findingObject(path: "a b/Main.storyboard", line: 13, column: 29,
                                             severity: "warning", message: message, context: "scene 1")
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "a b/Main.storyboard")
        #expect(object["line"] as? Int == 13 && object["column"] as? Int == 29)
        #expect(object["severity"] as? String == "warning")
        #expect(object["message"] as? String == message)
        #expect(object["context"] as? String == "scene 1")
    }

    @Test func noContextMeansNoKey() throws {
        let line = LintCommand.findingObject(path: "x.xib", line: 1, column: 1, severity: "error", message: "unreadable", context: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["context"] == nil && object.count == 5)
    }
}
