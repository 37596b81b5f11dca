// fuzz-seeds: files Tests/LayoutCodeTests/Fixtures/*.txt
// fuzz-options: -max_len=8192
@testable import LayoutShell

/// The layout-code importer, end to end: the bytes read as Swift or Objective-C (the first
/// byte picks which, as the file's extension would), translated and run as one step into a
/// session, the report rendered both ways. An import that fails must change nothing; one
/// that succeeds must be taken back whole by one `undo`. The first byte's second bit picks a
/// fresh session or the fixture one, where the code's variable names may already be taken.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let fileName = data[0] & 1 == 0 ? "fuzz.swift" : "fuzz.m"
    Harness.importRoundTrip(Harness.text(data + 1, size - 1), fileName: fileName, intoFixture: data[0] & 2 == 2)
    return 0
}
