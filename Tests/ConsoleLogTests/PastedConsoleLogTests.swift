import Testing
@testable import ConsoleLog

/// `PastedConsoleLog`: a log read line by line as `paste` reads it, on every real log in
/// Fixtures/ (sources at the top of each file).
@Suite struct PastedConsoleLogTests {
    /// The fixtures whose stored excerpt reaches UIKit's or AppKit's closing line (or a
    /// trace's legend); the others stop earlier (after the list, after the broken constraint,
    /// in the middle of it), so only a second empty line ends their paste.
    static let endsWhole: Set<String> = [
        "02-swift2byexample-7.log", "03-masonry-415.log", "07-unstoppable-wallet-707.log", "08-colo-12.log",
        "12-bmatest-50.log", "13-munki-1241.log", "23-tabman-249.log", "25-fdtake-122.log",
    ]

    static func lines(_ name: String) -> [Substring] {
        Fixtures.text(name).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// No empty line inside a log ends it: before each empty line that more of the log follows,
    /// the text so far is not complete. At its end it is complete exactly when the excerpt
    /// reaches the log's closing lines.
    @Test(arguments: Fixtures.names)
    func noEmptyLineInsideALogEndsIt(_ name: String) {
        let lines = Self.lines(name)
        let lastContent = lines.lastIndex { !$0.allSatisfy(\.isWhitespace) }!
        var pasted = PastedConsoleLog()
        for (index, line) in lines.enumerated() {
            if index <= lastContent, line.allSatisfy(\.isWhitespace), index > 0 {
                #expect(!pasted.isComplete, "\(name): complete before line \(index + 1), with more of the log to come")
            }
            pasted.read(line)
        }
        #expect(pasted.isComplete == Self.endsWhole.contains(name), "\(name)")
        #expect(ConsoleLogReader.isComplete(Fixtures.text(name)) == Self.endsWhole.contains(name), "\(name)")
    }

    /// Read a line at a time, `looksLikeLog` says what `recognizes` says of the text so far.
    @Test(arguments: Fixtures.names)
    func recognitionLineByLineIsRecognizes(_ name: String) {
        var pasted = PastedConsoleLog()
        var text: [Substring] = []
        for line in Self.lines(name) {
            pasted.read(line)
            text.append(line)
            #expect(pasted.looksLikeLog == ConsoleLogReader.recognizes(text.joined(separator: "\n")), "\(name) after \(text.count) lines")
        }
    }

    @Test func uikitReportEndsAtItsClosingLineNotBefore() {
        let log = """
            Unable to simultaneously satisfy constraints.
            	Probably at least one of the constraints in the following list is one you don't want.
            (
                "<NSLayoutConstraint:0x1 UIView:0x2.width == 10   (active)>",
                "<NSLayoutConstraint:0x3 UIView:0x2.width == 20   (active)>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x3 UIView:0x2.width == 20   (active)>

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
            """
        var pasted = PastedConsoleLog()
        var completeAfter: [Int] = []
        for (index, line) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            pasted.read(line)
            if pasted.isComplete { completeAfter.append(index + 1) }
        }
        #expect(completeAfter == [12])
        // Another log message after the end changes nothing; a new report starts over.
        pasted.read("2024-01-01 12:00:00.000 App[1:2] something else")
        #expect(pasted.isComplete)
        pasted.read("Unable to simultaneously satisfy constraints.")
        #expect(!pasted.isComplete)
    }

    @Test func aBrokenConstraintWrappedOverLinesMustClose() {
        var pasted = PastedConsoleLog()
        for line in ["Unable to simultaneously satisfy constraints:", "(", "\"<NSLayoutConstraint:0x1 UIView:0x2.width == 10>\"", ")",
                     "Will attempt to recover by breaking constraint", "<NSLayoutConstraint:0x1 h=--&"] {
            pasted.read(Substring(line))
        }
        // AppKit's closing line cannot end a description still open.
        #expect(pasted.phase == .brokenConstraint(partial: "<NSLayoutConstraint:0x1 h=--&"))
        pasted.read("UIView:0x2.width == 10>")
        #expect(pasted.phase == .closingLines)
        pasted.read("Set the NSUserDefault NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints to YES to have -[NSWindow visualizeConstraints:] automatically called when this happens.")
        #expect(pasted.isComplete)
    }

    @Test func aTraceEndsAtItsLegend() {
        var pasted = PastedConsoleLog()
        pasted.read("(lldb) po [[UIWindow keyWindow] _autolayoutTrace]")
        #expect(!pasted.isComplete)
        pasted.read("•UIWindow:0x7f - AMBIGUOUS LAYOUT")
        pasted.read("|   *UIView:0x7e- AMBIGUOUS LAYOUT for UIView:0x7e.minX{id: 13}")
        #expect(!pasted.isComplete)
        pasted.read("Legend:")
        #expect(!pasted.isComplete)
        pasted.read("\t* - is laid out with auto layout")
        #expect(pasted.isComplete)
    }

    @Test func textThatIsNoLogIsNeverComplete() {
        #expect(!ConsoleLogReader.isComplete(""))
        #expect(!ConsoleLogReader.isComplete("view a\nview b"))
        // A closing line alone (the end of an earlier report, copied without it) ends nothing.
        #expect(!ConsoleLogReader.isComplete("The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIView.h> may also be helpful."))
    }
}
