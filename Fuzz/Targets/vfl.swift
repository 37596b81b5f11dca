// fuzz-seeds: vfl
// fuzz-options: -max_len=512
import VisualFormat

/// `VisualFormatParser.parseLine`: a VFL format and its option words, with a few views
/// (nested, so `|` has two meanings) and metrics. The first byte picks the standard spacing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let spacing: VisualFormatParser.StandardSpacing = data[0] & 1 == 0 ? .macOS : .iOS
    let line = Harness.text(data + 1, size - 1)
    let views: [String: VisualFormatParser.ViewInfo] = [
        "root": .init(superview: nil), "a": .init(superview: "root"), "b": .init(superview: "root"),
        "c": .init(superview: "a"), "view": .init(superview: "root"), "label": .init(superview: "a"),
    ]
    let metrics = ["pad": 20.0, "p": 750, "neg": -8, "big": 1e9, "tiny": 1e-9]
    _ = try? VisualFormatParser.parseLine(line, metrics: metrics, spacing: spacing) { views[$0] }
    return 0
}
