import CEditLine
import Testing
@testable import layoutlab

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The history file under the line editor: libedit's format, written through `TextFile.write`.
@Suite struct HistoryFileTests {
    /// A history as the line editor makes it, holding `lines`.
    private func history(_ lines: [String] = []) throws -> OpaquePointer {
        let hist = try #require(LineEditor.makeHistory())
        for line in lines { cel_history_enter(hist, line) }
        return hist
    }

    /// The entries, oldest first.
    private func lines(in hist: OpaquePointer) -> [String] {
        var result: [String] = []
        var entry = cel_history_last(hist)
        while let e = entry {
            result.append(String(cString: e))
            entry = cel_history_prev(hist)
        }
        return result
    }

    /// Collects what the history file warns about.
    private final class Warnings: @unchecked Sendable {
        var lines: [String] = []
    }

    @Test func roundTripsEntriesWithSpacesBackslashesAndUnicode() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("history")
        let typed = ["view a b", "a.width >= 100 @750", "H:|-[a]-8-[b(==a)]-|",
                     "# tab\there, back\\slash", "view größe"]
        let hist = try history(typed); defer { history_end(hist) }
        let warnings = Warnings()
        HistoryFile(path: path, warn: { warnings.lines.append($0) }).save(from: hist)
        #expect(warnings.lines == [])
        #expect(text(at: path)?.hasPrefix("_HiStOrY_V2_\n") == true)
        #expect(mode(of: path) == 0o600, "a new history is private")
        #expect(entries(scratch.path) == ["history"])

        let loaded = try history(); defer { history_end(loaded) }
        HistoryFile(path: path, warn: { warnings.lines.append($0) }).load(into: loaded)
        #expect(lines(in: loaded) == typed)
        #expect(warnings.lines == [])
    }

    @Test func keepsTheModeOfAnExistingHistory() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("history")
        putText("_HiStOrY_V2_\nold\n", at: path, mode: 0o644)
        let hist = try history(["old", "new"]); defer { history_end(hist) }
        HistoryFile(path: path, warn: { Issue.record("unexpected warning: \($0)") }).save(from: hist)
        // libedit sets 0600 on what it writes; the writer puts the file's own mode back.
        #expect(mode(of: path) == 0o644)
        #expect(text(at: path) == "_HiStOrY_V2_\nold\nnew\n")
    }

    @Test func keepsTheNewestEntriesUpToTheLimitAndNoRepeats() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("history")
        let limit = Int(LineEditor.historyLimit)
        let typed = (1...(limit + 50)).map { "view v\($0)" } + ["again", "again"]
        let hist = try history(typed); defer { history_end(hist) }
        HistoryFile(path: path).save(from: hist)

        let loaded = try history(); defer { history_end(loaded) }
        HistoryFile(path: path).load(into: loaded)
        let got = lines(in: loaded)
        #expect(got.count == limit)
        #expect(got.last == "again")
        #expect(got.first == "view v52")
        #expect(got.filter { $0 == "again" }.count == 1)
    }

    @Test func aForeignOrBinaryFileIsNeitherLoadedNorOverwritten() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("history")
        var generator = SplitMix(seed: 7)
        let garbage = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) } + [0, 0, 0xFF]
        putBytes(garbage, at: path, mode: 0o600)

        let warnings = Warnings()
        let file = HistoryFile(path: path, warn: { warnings.lines.append($0) })
        let hist = try history(); defer { history_end(hist) }
        file.load(into: hist)
        #expect(lines(in: hist) == [])
        #expect(warnings.lines == ["layoutlab: \(path) is not a libedit history file; history will not be saved"])
        #expect(!file.writable)

        cel_history_enter(hist, "view a")
        file.save(from: hist)
        #expect(bytes(at: path) == garbage)
        #expect(entries(scratch.path) == ["history"])
        #expect(warnings.lines.count == 1)
    }

    @Test func aFailedSaveLeavesTheOldHistoryAndWarnsOnce() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        try #require(readOnlyDirectoriesWork(in: scratch), "cannot make a read-only directory here")
        let dir = scratch.file("home")
        mkdir(dir, 0o755)
        let path = dir + "/history"
        let old = "_HiStOrY_V2_\nview\\040a\n"
        putText(old, at: path, mode: 0o644)
        chmod(dir, 0o555)

        let warnings = Warnings()
        let file = HistoryFile(path: path, warn: { warnings.lines.append($0) })
        let hist = try history(); defer { history_end(hist) }
        file.load(into: hist)
        #expect(lines(in: hist) == ["view a"])
        cel_history_enter(hist, "view b")
        asOrdinaryUser {
            file.save(from: hist)
            file.save(from: hist)
        }
        #expect(warnings.lines == ["layoutlab: history not saved: cannot write \(path): Permission denied"])
        #expect(!file.writable)
        #expect(text(at: path) == old)
        #expect(entries(dir) == ["history"])
    }

    @Test func aDirectoryInPlaceOfTheHistoryIsReportedNotReplaced() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("history")
        mkdir(path, 0o755)
        let warnings = Warnings()
        let file = HistoryFile(path: path, warn: { warnings.lines.append($0) })
        let hist = try history(["view a"]); defer { history_end(hist) }
        file.save(from: hist)
        #expect(warnings.lines == ["layoutlab: history not saved: cannot write \(path): it is a directory"])
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
    }
}

/// A small deterministic generator, so a failing test fails the same way again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
