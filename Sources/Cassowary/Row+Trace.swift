#if ROWTRACE
import Foundation

/// A diagnostic, compiled only with `-Xswiftc -DROWTRACE`: writes the structural edits of long
/// rows, one line each, to the file named by the environment variable `ROWTRACE` (rows of at
/// least `ROWTRACE_MIN` entries, default 1 000). `Benchmarks/row_layout_replay.py` replays such
/// a trace on the packed row and on a row with gaps and counts the entries each layout moves,
/// so that a layout can be judged on the solver's real edits without being wired into every
/// reader first (docs/performance.md, "Issue 27, ninth pass").
///
/// Lines, positions counted from the first live entry:
/// - `A count p:k p:k …` — `Row.applyEdits` on a row of `count` entries: `k` = 1 inserts
///   before the entry at `p`, −1 deletes it (updates are left out);
/// - `R count low span written` — `Row.replaceEntries`: the `span` entries from `low` replaced
///   by `written` (only when the two differ).
enum RowTrace {
    static let minimum = Int(ProcessInfo.processInfo.environment["ROWTRACE_MIN"] ?? "") ?? 1_000
    nonisolated(unsafe) static let file: UnsafeMutablePointer<FILE>? =
        ProcessInfo.processInfo.environment["ROWTRACE"].flatMap { fopen($0, "w") }

    static func edits(count: Int, start: Int, _ n: Int, positions: UnsafePointer<Int>, kinds: UnsafePointer<Row.EditKind>) {
        guard let file, count >= minimum else { return }
        var line = "A \(count)"
        for k in 0..<n where kinds[k] != .update { line += " \(positions[k] - start):\(kinds[k].rawValue)" }
        fputs(line + "\n", file)
    }

    static func replace(count: Int, start: Int, _ range: Range<Int>, written: Int) {
        guard let file, count >= minimum, range.count != written else { return }
        fputs("R \(count) \(range.lowerBound - start) \(range.count) \(written)\n", file)
    }
}
#endif
