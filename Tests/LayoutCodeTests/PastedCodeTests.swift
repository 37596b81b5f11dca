import Foundation
import Testing
@testable import LayoutCode

/// `PastedCode`: code read line by line as `paste` reads it, on the code in Fixtures/ and
/// on the literals and comments that hide brackets.
@Suite struct PastedCodeTests {
    static let fixtureNames = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)) ?? [])
        .filter { $0.hasSuffix(".txt") }.sorted()

    /// Whether the tokens leave nothing open: the tokenizer drops comments and strings, so this
    /// counts the brackets a second way.
    static func balancedByTokens(_ text: String) -> Bool {
        var depth = 0
        var previous: CodeToken?
        for token in CodeTokenizer.tokenize(text) {
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .punctuation, [")", "]", "}"].contains(token.text) { depth -= 1 }
            if token.kind == .name, previous?.is("@") == true, ["implementation", "interface"].contains(token.text) { depth += 1 }
            if token.kind == .name, previous?.is("@") == true, token.text == "end" { depth -= 1 }
            previous = token
        }
        return depth == 0
    }

    /// At each empty line of each fixture, the text so far is complete exactly when its
    /// brackets balance (counted from the tokens); the whole fixture is complete.
    @Test(arguments: fixtureNames)
    func completeExactlyWhereTheBracketsBalance(_ name: String) throws {
        let text = try Fixtures.text(name)
        // Cutting at an empty line never lands inside a block comment or a multi-line string here.
        #expect(!text.contains("/*") && !text.contains("\"\"\""))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var pasted = PastedCode()
        var insideCuts = 0
        for (index, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace), index > 0 {
                let sofar = lines[..<index].joined(separator: "\n")
                #expect(pasted.isComplete == Self.balancedByTokens(sofar), "\(name): before line \(index + 1)")
                if !pasted.isComplete { insideCuts += 1 }
            }
            pasted.read(line)
        }
        #expect(pasted.isComplete, "\(name) is complete at its end")
        #expect(LayoutCodeReader.isComplete(text))
        // Each fixture with an empty line inside a function is one an early end would cut.
        if text.contains("{\n\n") || text.contains(";\n\n    ") { #expect(insideCuts > 0, "\(name)") }
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() {
        #expect(LayoutCodeReader.isComplete(#"label.text = "{ (["  // } ) ]"#))
        #expect(LayoutCodeReader.isComplete(#"label.text = "\(items.map { "(\($0)" }.joined())""#))
        #expect(LayoutCodeReader.isComplete(##"let s = #"a \( "{ "#"##))
        #expect(LayoutCodeReader.isComplete(#"[label setText:@"{"]; char c = '{';"#))
        #expect(!LayoutCodeReader.isComplete("view.addSubview(label) /* a comment\n{ still the comment"))
        #expect(LayoutCodeReader.isComplete("/* outer /* nested */ still */ f()"))
        #expect(!LayoutCodeReader.isComplete("let s = \"\"\"\n  {\n"))
        #expect(LayoutCodeReader.isComplete("let s = \"\"\"\n  {\n  \"\"\""))
        // An unterminated one-line string ends at its line (the reader skips such a line).
        #expect(LayoutCodeReader.isComplete("let s = \"oops\nf()"))
    }

    @Test func openBlocksAndObjectiveCImplementations() {
        #expect(!LayoutCodeReader.isComplete("override func viewDidLoad() {\n    super.viewDidLoad()\n"))
        #expect(!LayoutCodeReader.isComplete("NSLayoutConstraint.activate([\n    a.topAnchor.constraint(equalTo: b.topAnchor),\n"))
        #expect(!LayoutCodeReader.isComplete("@implementation ViewController\n- (void)viewDidLoad {\n}\n"))
        #expect(LayoutCodeReader.isComplete("@implementation ViewController\n- (void)viewDidLoad {\n}\n@end"))
        #expect(LayoutCodeReader.isComplete("id p = @protocol(UITableViewDelegate);"))
        // A closer with nothing open (a paste that starts inside a function) is ignored.
        #expect(LayoutCodeReader.isComplete("    view.addSubview(a)\n}"))
        #expect(!LayoutCodeReader.isComplete("   \n"))
    }

    @Test func looksLikeCodeLineByLineIsTheReadersTest() throws {
        for name in Self.fixtureNames {
            var pasted = PastedCode()
            var lines: [Substring] = []
            for line in try Fixtures.text(name).split(separator: "\n", omittingEmptySubsequences: false) {
                pasted.read(line)
                lines.append(line)
                #expect(pasted.looksLikeCode == LayoutCodeReader.looksLikeLayoutCode(lines.joined(separator: "\n")), "\(name)")
            }
        }
    }
}
