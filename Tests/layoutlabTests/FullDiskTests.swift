import CEditLine
import LayoutShell
import Testing
@testable import layoutlab
@testable import LayoutReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A really full disk: a 64 KiB tmpfs filled to the last byte, then `save`, `svg`,
/// `--check --update` and the history file try to replace a file on it. Each fails with the
/// system's reason and leaves the old file as it was, with no temporary file beside it.
/// Mounting needs root (CAP_SYS_ADMIN); where it is refused the suite says so and checks
/// nothing (the simulated ENOSPC in TextFileTests still runs everywhere).
@Suite(.serialized) struct FullDiskTests {
    /// A mounted, nearly full tmpfs and a small file on it that must survive.
    final class FullDisk {
        let scratch = Scratch()
        var path: String { scratch.path }
        let mounted: Bool

        init() {
            #if os(Linux)
            mounted = mount("tmpfs", scratch.path, "tmpfs", 0, "size=64k") == 0
            #else
            // Darwin's mount(2) takes other arguments and has no tmpfs: nothing to check there.
            mounted = false
            #endif
        }

        /// Writes `old` to `name`, then fills the file system with a filler until it refuses.
        func prepare(_ name: String, old: String) {
            putText(old, at: scratch.file(name))
            let fd = open(scratch.file("filler"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let block = [UInt8](repeating: 0x2A, count: 512)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            // One byte at a time for the last partial block.
            var byte: UInt8 = 0x2A
            while write(fd, &byte, 1) > 0 {}
            close(fd)
        }

        deinit {
            if mounted { umount2(scratch.path, Int32(MNT_DETACH)) }
            scratch.remove()
        }
    }

    private final class Warnings: @unchecked Sendable {
        var lines: [String] = []
    }

    static let old = "# the previous contents, which must survive\nview a\n"

    /// A session big enough not to fit in what is left.
    static func bigSession(in directory: String) -> Session {
        let session = Session()
        session.directory = directory
        _ = session.execute("view " + (0..<400).map { "view\($0)" }.joined(separator: " "), report: false)
        return session
    }

    @Test func saveOnAFullDiskKeepsTheOldFile() throws {
        let disk = FullDisk()
        try #require(disk.mounted, "cannot mount a tmpfs here (not root?)")
        disk.prepare("s.lal", old: Self.old)
        let result = Self.bigSession(in: disk.path).execute("save s.lal")
        #expect(result.error?.message == "cannot write s.lal: No space left on device")
        #expect(text(at: disk.scratch.file("s.lal")) == Self.old)
        #expect(entries(disk.path) == ["filler", "s.lal"])
    }

    @Test func svgOnAFullDiskKeepsTheOldFile() throws {
        let disk = FullDisk()
        try #require(disk.mounted, "cannot mount a tmpfs here (not root?)")
        disk.prepare("p.svg", old: Self.old)
        let result = Self.bigSession(in: disk.path).execute("svg p.svg")
        #expect(result.error?.message.contains("No space left on device") == true)
        #expect(text(at: disk.scratch.file("p.svg")) == Self.old)
        #expect(entries(disk.path) == ["filler", "p.svg"])
    }

    @Test func checkUpdateOnAFullDiskKeepsTheScript() throws {
        let disk = FullDisk()
        try #require(disk.mounted, "cannot mount a tmpfs here (not root?)")
        // A script whose expected output is missing: --update would make it much longer.
        let script = (0..<200).map { "view v\($0)" }.joined(separator: "\n") + "\n"
        disk.prepare("lesson.lal", old: script)
        let status = CheckDriver(update: true).run(files: [disk.scratch.file("lesson.lal")])
        #expect(status == 2)
        #expect(text(at: disk.scratch.file("lesson.lal")) == script)
        #expect(entries(disk.path) == ["filler", "lesson.lal"])
    }

    @Test func theHistoryFileOnAFullDiskKeepsItsEntries() throws {
        let disk = FullDisk()
        try #require(disk.mounted, "cannot mount a tmpfs here (not root?)")
        let old = "_HiStOrY_V2_\nold\n"
        disk.prepare("history", old: old)
        let hist = try #require(LineEditor.makeHistory())
        defer { history_end(hist) }
        for i in 0..<2_000 { cel_history_enter(hist, "view a\(i) in some_long_parent_name_\(i)") }
        let warnings = Warnings()
        HistoryFile(path: disk.scratch.file("history"), warn: { warnings.lines.append($0) }).save(from: hist)
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.contains("No space left on device") == true)
        #expect(text(at: disk.scratch.file("history")) == old)
        #expect(entries(disk.path) == ["filler", "history"])
    }
}
