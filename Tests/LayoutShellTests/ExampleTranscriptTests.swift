import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// The lessons in examples/ are transcripts: each command's expected report sits under it on
/// `#> ` lines. Set LAYOUTLAB_UPDATE_EXAMPLES=1 to rewrite them (like `--check --update`).
@Suite struct ExampleTranscripts {
    static var examplesDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
    }

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory)) ?? []).filter { $0.hasSuffix(".lal") }.sorted()
    }

    @Test func examplesMatchTheirExpectedOutput() throws {
        #expect(!Self.files.isEmpty)
        for file in Self.files {
            let path = Self.examplesDirectory + "/" + file
            let script = try String(contentsOfFile: path, encoding: .utf8)
            let session = Session()
            session.directory = Self.examplesDirectory
            let check = Replay.check(script, name: file, session: session)
            if ProcessInfo.processInfo.environment["LAYOUTLAB_UPDATE_EXAMPLES"] == "1" {
                try check.updated.write(toFile: path, atomically: true, encoding: .utf8)
            } else {
                #expect(check.ok, Comment(rawValue: check.report))
            }
        }
    }
}
