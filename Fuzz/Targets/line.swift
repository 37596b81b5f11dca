// fuzz-seeds: lines
// fuzz-options: -max_len=512
import LayoutShell

/// One line of the session language (`LineParser`, then the command), run in a small
/// session; its report is rendered as text and JSON. A rejected line must change nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = Harness.text(data, size)
    // File commands stay out of this target (the session target covers them, in a sandbox).
    if Sandbox.touchesFiles(line) { return 0 }
    Harness.run(line, in: Harness.fixtureSession())
    return 0
}
