import Testing
@testable import layoutlab

/// How Tab lists several candidates (`completionList`), and what the engine offers.
@Suite struct CompletionListTests {
    @Test func fillsColumnsTopToBottomAndFitsTheWidth() {
        // Widest is 7, so columns are 9 wide: 3 fit in 30, giving 2 rows.
        let list = completionList(["alpha", "beta", "delta", "epsilon", "gamma"], width: 30)
        #expect(list == """
            alpha    delta    gamma
            beta     epsilon

            """)
    }

    @Test func oneColumnWhenTheWidestDoesNotFitTwice() {
        let words = ["leadingMargin", "trailingMargin", "centerXWithinMargins"]
        #expect(completionList(words, width: 30) == words.map { $0 + "\n" }.joined())
        // Even narrower than one candidate: still one a line, nothing cut.
        #expect(completionList(words, width: 5) == words.map { $0 + "\n" }.joined())
    }

    @Test func oneRowWhenEverythingFits() {
        #expect(completionList(["h", "v"], width: 80) == "h  v\n")
        #expect(completionList(["width", "height", "top"], width: 80) == "width   height  top\n")
    }

    @Test func eightyColumnsOfViewNames() {
        let names = (1...30).map { "view\($0)" }   // widest 6 -> columns of 8, 10 across
        let lines = completionList(names, width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)            // 3 rows and the final newline
        #expect(lines[0] == "view1   view4   view7   view10  view13  view16  view19  view22  view25  view28")
        #expect(lines[2] == "view3   view6   view9   view12  view15  view18  view21  view24  view27  view30")
        #expect(lines.allSatisfy { $0.count <= 80 && !$0.hasSuffix(" ") })
    }

    @Test func longListsStopAtTheLimit() {
        let names = (1...205).map { "c\($0)" }
        let list = completionList(names, width: 80)
        #expect(list.hasSuffix("… and 5 more\n"))
        #expect(!list.contains("c201"))
        #expect(list.contains("c200"))
        #expect(completionList(names, width: 80, limit: 10).hasSuffix("… and 195 more\n"))
    }

    @Test func nothingForNoCandidates() {
        #expect(completionList([], width: 80) == "")
    }
}

@Suite struct EngineCompletionTests {
    private func engine(_ lines: String...) -> ShellEngine {
        let engine = ShellEngine(color: false)
        for line in lines { _ = engine.execute(line) }
        return engine
    }

    private func complete(_ engine: ShellEngine, _ line: String) -> Completion {
        engine.complete(line: line, cursor: line.count)
    }

    @Test func aViewAtTheStartOfALineComesWithItsDot() {
        let shell = engine("view alpha beta")
        #expect(complete(shell, "al") == Completion(replaceFrom: 0, candidates: ["alpha."]))
        // Inside a constraint's right-hand side it does not: an operator may follow.
        let rhs = complete(shell, "beta.width == al")
        #expect(rhs.candidates == ["alpha"])
        #expect(rhs.replaceFrom == 14)
    }

    @Test func huggingAndResistanceWantTheirAxis() {
        let shell = engine("view alpha")
        #expect(complete(shell, "alpha.hu").candidates == ["hugging."])
        #expect(complete(shell, "alpha.res").candidates == ["resistance."])
    }

    @Test func noSpaceInsideAVisualFormatButAfterIt() {
        let shell = engine("view alpha beta")
        let inside = complete(shell, "H:|-[al")
        #expect(inside.candidates == ["alpha"])
        #expect(!inside.spaceAfter)
        #expect(complete(shell, "view gam").spaceAfter)
    }

    @Test func theEngineRunsLinesAndQuits() {
        let shell = engine()
        #expect(shell.execute("view a").contains("added view a"))
        #expect(!shell.isFinished)
        _ = shell.execute("quit")
        #expect(shell.isFinished)
    }
}

/// What a bracketed paste becomes in the line editor (`pastedInput`).
@Suite struct PastedInputTests {
    @Test func oneLineIsEditedAsIfTyped() {
        #expect(pastedInput("a.width == 10") == .insert("a.width == 10"))
        // A terminal never runs a pasted line on its own: its line end is dropped.
        #expect(pastedInput("a.width == 10\r") == .insert("a.width == 10"))
        #expect(pastedInput("view a\n") == .insert("view a"))
    }

    @Test func severalLinesAreOneInput() {
        #expect(pastedInput("view a\rview b") == .event("view a\rview b"))
        #expect(pastedInput("view a\n\nview b\n") == .event("view a\n\nview b\n"))
        #expect(pastedInput("}\r\n{") == .event("}\r\n{"))
    }
}
