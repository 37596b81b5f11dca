// fuzz-seeds: files Tests/InterfaceBuilderTests/Fixtures/*.storyboard Tests/InterfaceBuilderTests/Fixtures/*.xib examples/storyboards/*.storyboard
// fuzz-options: -max_len=16384
@testable import LayoutShell

/// The Interface Builder importer, end to end: the bytes read as a storyboard or xib (as
/// `import FILE.storyboard` reads one: XML, then IB's elements), the initial scene translated
/// and run as one step, the report rendered both ways. A file that cannot be read must change
/// nothing; an import must be taken back whole by one `undo`. The first byte picks a fresh
/// session or the fixture one, and whether the text is read as a storyboard or a xib.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let name = data[0] & 2 == 0 ? "fuzz.storyboard" : "fuzz.xib"
    Harness.importRoundTrip(Harness.text(data + 1, size - 1), fileName: name, intoFixture: data[0] & 1 == 1)
    return 0
}
