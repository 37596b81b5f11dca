// fuzz-seeds: files Tests/ConsoleLogTests/Fixtures/*.log examples/logs/*.log
// fuzz-options: -max_len=8192
@testable import LayoutShell

/// The console-log importer, end to end: the bytes read as a UIKit or AppKit log (as
/// `import FILE.log` reads one), translated and run as one step into a session, the report
/// rendered both ways. An import that fails must change nothing; one that succeeds must be
/// taken back whole by one `undo`. The first byte picks a fresh session or the fixture one
/// (names already taken, views nested), so renaming and superviews are exercised too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConsoleLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    Harness.importRoundTrip(Harness.text(data + 1, size - 1), fileName: "fuzz.log", intoFixture: data[0] & 1 == 1)
    return 0
}
