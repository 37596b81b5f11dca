import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

@Suite struct BadInput {
    static let rejected: [(String, Int?)] = [
        ("a.left == 20", 11),
        ("a.left == b.top", 11),
        ("a.leading == b.left", 14),
        ("a.width == b.left", 12),
        ("a.width == 0 * b.width", 12),
        ("a.width == 10 @0", 16),
        ("a.width == 10 @1000.5", 16),
        ("a.width == 10 @-5", 16),
        ("a.width == nan", 12),
        ("a.width == inf", 12),
        ("a.width == 1e308", 12),
        ("a.width == 1e999", 12),
        ("a.width == 2e9", 12),
        ("a.width == b.width * 1e300", 22),
        ("a.width == b.width * 0.0000001", 12),
        ("a.width >> 10", 9),
        ("a.width == 10 + b.width", 17),
        ("a.wdth == 10", 3),
        ("zz.width == 10", 1),
        ("a.width == zz.width", 12),
        ("a.width ==", 11),
        ("a.width == 10 extra", 15),
        ("view a", 6),
        ("view root", 6),
        ("view c1", 6),
        ("view 9x", 6),
        ("view q in nowhere", 11),
        ("root 10x", 9),
        ("root axb", 6),
        ("root -5x10", 6),
        ("root 1e300x10", 6),
        ("c9.constant = 1", 1),
        // A model rule with nothing narrower to point at: the caret marks the command.
        ("c1.priority = 1000", 15),
        ("  c1.priority = required", 17),
        ("a.hugging.x = 1", 10),
        ("a.hugging.h = 0", 15),
        ("a.margins = nan", 13),
        ("metric a = 1", 8),
        ("direction sideways", 11),
        ("undo 0", 6),
        ("frobnicate", 1),
        ("a.width == 10 é", 15),
        ("a.width == 10\u{01}", 14),
        ("a.width == 10\u{0}", 14),
    ]

    @Test func rejectedLinesChangeNothing() {
        for (line, column) in Self.rejected {
            let s = Session()
            run(s, "view a b\na.width == 5 @500")
            let before = fingerprint(s)
            let r = s.execute(line)
            #expect(!r.ok, "accepted: \(line)")
            #expect(r.error?.column == column, "\(line): column \(String(describing: r.error?.column)), \(r.error?.text ?? "")")
            #expect(fingerprint(s) == before, "\(line) changed the session")
            // The message is one line where it fits (it wraps at words to narrower widths).
            let text = r.renderText(width: 1000)
            #expect(text.split(separator: "\n").count == (column == nil ? 1 : 3), "\(text)")
            #expect(text.split(separator: "\n").last!.hasPrefix("error"))
        }
    }

    @Test func locationConstantHint() {
        let s = Session()
        run(s, "view a")
        let r = s.execute("a.left == 20")
        #expect(r.error?.text == "a location cannot equal a constant: left only makes sense relative to another view; write a.left == root.left + 20")
        #expect(r.renderText(width: 1000) == "a.left == 20\n          ^\nerror at column 11: " + r.error!.text)
    }

    @Test func hugeAndBinaryLines() {
        let s = Session()
        let long = String(repeating: "a", count: InputLimits.maxLineLength + 1)
        let r = s.execute(long)
        #expect(!r.ok && r.error?.column == InputLimits.maxLineLength + 1)
        #expect(r.renderText().count < 1000)
        // A line at the limit is read; a megabyte-long word is shortened where an error names it.
        let word = s.execute(String(repeating: "a", count: InputLimits.maxLineLength))
        #expect(!word.ok && word.error?.column == 1)
        #expect(word.renderText().count < 1000)
        #expect(word.error!.text.count < 200)
        let binary = String(decoding: (0..<512).map { UInt8($0 % 256) }, as: UTF8.self)
        #expect(!s.execute(binary).ok)
        let deep = "view a" + String(repeating: " in a", count: 1000)
        #expect(!s.execute(deep).ok)
        let parens = "H:" + String(repeating: "(", count: 1000)
        #expect(!s.execute(parens).ok)
        #expect(s.model.viewOrder == ["root"])
    }

    @Test func aThousandDeepNestingWorks() {
        let s = Session()
        var script = "view v0\n"
        for i in 1..<1000 { script += "view v\(i) in v\(i - 1)\n" }
        run(s, script)
        #expect(s.execute("v999.leading == root.leading + 7").ok)
        #expect(s.execute("remove v0").ok)
        #expect(s.model.viewOrder == ["root"])
    }
}

/// A frame's x and y, which every report shows, are not attributes: the error says which
/// attribute they are, in constraints and in `explain`.
@Suite struct FrameWordsAreNotAttributes {
    @Test(arguments: [("a.x == 5", 3, "left (or leading)"), ("a.y >= 20", 3, "top"), ("explain a.y", 11, "top"),
                      ("explain a.x", 11, "left (or leading)"), ("a.w == 5", 3, "width")])
    func theHintNamesTheAttribute(line: String, column: Int, attribute: String) {
        let session = Session()
        _ = session.execute("view a")
        let result = session.execute(line)
        #expect(result.error?.column == column)
        #expect(result.error?.hint?.hasSuffix("did you mean \(attribute)?") == true, "\(result.error?.hint ?? "accepted")")
        #expect(session.model.constraintOrder.isEmpty)
    }
}
