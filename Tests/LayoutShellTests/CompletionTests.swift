import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

@Suite struct Completions {
    @Test func completesWhatTheSessionKnows() {
        let s = Session()
        run(s, "view alpha beta\nminW: alpha.width >= 1\nmetric pad = 3")
        #expect(s.completions(line: "con", cursor: 3).candidates == ["constraints"])
        #expect(s.completions(line: "al", cursor: 2).candidates == ["alpha"])
        #expect(s.completions(line: "alpha.wi", cursor: 8) == (6, ["width"]))
        #expect(s.completions(line: "alpha.hu", cursor: 8).candidates == ["hugging"])
        #expect(s.completions(line: "alpha.hugging.", cursor: 14).candidates == ["h", "v"])
        #expect(s.completions(line: "c1.", cursor: 3).candidates == ["constant", "priority"])
        #expect(s.completions(line: "remove ", cursor: 7).candidates.contains("minW"))
        #expect(s.completions(line: "alpha.width == be", cursor: 17).candidates == ["beta"])
        #expect(s.completions(line: "alpha.width == 3 @hi", cursor: 20).candidates == ["high"])
        #expect(s.completions(line: "H:[alpha] alignAllT", cursor: 19).candidates.contains("alignAllTop"))
        #expect(s.completions(line: "H", cursor: 1).candidates.contains("H:"))
        #expect(s.completions(line: "help fr", cursor: 7).candidates == ["frames"])
    }

    /// A directory of the test's own (not the machine's /tmp, which may hold anything, or be a
    /// link): `things/` and `tall.lal`, which both start with `t`, and `other.lal`, which does not.
    private func fileTree() throws -> String {
        let dir = NSTemporaryDirectory() + "layoutlab-complete-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/things", withIntermediateDirectories: true)
        for name in ["tall.lal", "other.lal"] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data()))
        }
        return dir
    }

    /// Every command that takes a file name completes it there, and only there.
    @Test func fileNamesCompleteAfterEveryCommandThatTakesOne() throws {
        let dir = try fileTree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = Session()
        let both = [dir + "/tall.lal", dir + "/things/"]
        for command in ["save", "load", "import", "svg", "export swift", "export objc", "export snapkit"] {
            let line = command + " " + dir + "/t"
            #expect(s.completions(line: line, cursor: line.count) == (command.count + 1, both), "\(line)")
        }
        // A name with a dot in it is still the one argument being typed.
        let dotted = "save \(dir)/tall."
        #expect(s.completions(line: dotted, cursor: dotted.count).candidates == [dir + "/tall.lal"])
        // Relative names read against the session's directory; `/` alone lists everything.
        s.directory = dir
        #expect(s.completions(line: "load t", cursor: 6).candidates == ["tall.lal", "things/"])
        #expect(s.completions(line: "save \(dir)/", cursor: 6 + dir.count).candidates == [dir + "/other.lal"] + both)
        // `export`'s first argument is the language, not a file; nor is a second file name.
        #expect(s.completions(line: "export s", cursor: 8).candidates == ["snapkit", "swift"])
        #expect(s.completions(line: "save x t", cursor: 8).candidates.isEmpty)
        // With a home directory, `~/` lists it.
        s.homeDirectory = dir
        #expect(s.completions(line: "save ~/t", cursor: 8).candidates == ["~/tall.lal", "~/things/"])
    }
}
