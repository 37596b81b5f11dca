// fuzz-seeds: scripts
// fuzz-options: -max_len=4096
import LayoutShell

/// A byte string as a whole session: its lines run one by one in a fresh session (undo,
/// remove, reset and everything else mixed in as the input says), each report rendered as
/// text and JSON; a rejected line must change nothing. Lines `%%` split the input: what
/// follows each is an in-memory file (f1.lal, f2.lal, …) that `load` can read, written to a
/// private directory on tmpfs (/dev/shm), never to the disk. File commands naming a path
/// outside that directory are skipped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let sections = Replay.lines(of: Harness.text(data, size)).split(separator: "%%", omittingEmptySubsequences: false)
    let sandbox = Sandbox.directory
    for (index, file) in sections.dropFirst().enumerated() {
        Sandbox.write(file.joined(separator: "\n"), to: "f\(index + 1).lal")
    }
    defer { Sandbox.clear() }
    let session = Session()
    session.directory = sandbox
    for line in sections.first ?? [] {
        if Sandbox.touchesFiles(line) && line.contains("/") { continue }
        Harness.run(line, in: session)
        if session.isFinished { break }
    }
    return 0
}
