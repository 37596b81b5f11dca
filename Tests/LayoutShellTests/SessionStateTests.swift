import Testing
import LayoutModel
import LayoutVocabulary
import LayoutReport
import UndoTrail
@testable import LayoutShell
import ShellTestSupport

/// The session's undoable state is declared once (`SessionState`) and trailed: these tests
/// fail when a stored property is added to `Session` or `SessionState` without saying whether
/// undo takes it back, and when a rolled-back step or a reset misses part of the state.
@Suite struct SessionStateTests {
    /// Every stored property of a value, recursively, as `dump` prints it (objects numbered
    /// in the order met, so two equal graphs print the same).
    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// Like `dumped`, but with the entries of dictionaries and sets sorted: two equal
    /// dictionaries built apart may iterate in different orders.
    static func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(describing: value) }
        let parts = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + canonical($0.value) }
        let unordered = mirror.displayStyle == .dictionary || mirror.displayStyle == .set
        return "(" + (unordered ? parts.sorted() : parts).joined(separator: ", ") + ")"
    }

    /// `Session`'s stored properties outside `state`, each with why undo leaves it alone.
    static let outsideUndo: [String: String] = [
        "isFinished": "quit ends the session; nothing after it runs",
        "history": "the undo history itself",
        "undoSteps": "how to take each kept history step back",
        "replacedState": "while a step runs, the state a reset in it replaced: undo history, not state",
        "redoSteps": "the steps undone, for redo: history, not state",
        "homeDirectory": "where ~ resolves: set by the driver, not by a line",
        "shown": "what the reports showed, to say what changed since: derived from the model",
        "directory": "where relative paths resolve: set by the driver, not by a line",
        "shouldCancel": "the driver's Ctrl-C hook",
        "keepsJSONDetails": "whether the driver prints JSON: set by the driver, not by a line",
        "lessons": "where help finds lessons: set by the driver",
        "playsLessons": "whether `lesson N` may play here (an interactive prompt): set by the driver",
        "lessonRequest": "the lesson `lesson N` asked the driver to play next: a request, not state",
        "exerciseRound": "which other optimum `exercise` shows next; any change resets it",
        "pasted": "lines collected after `paste`, not yet a change",
        "exercisedShown": "what the last report showed, to mark frames that move back",
        "pendingChanges": "whether a report is owed for changes made with reports off",
        "loadDepth": "how deep `load` nests while it runs",
        "reportState": "the last report, kept current from the model (reloaded after undo)",
        "undoDepth": "how many steps undo keeps: set by the driver for a script run, not by a line",
        "keepsHistory": "whether the history is kept: set by the driver for a script run, not by a line",
    ]

    @Test func everyStoredPropertyIsStateOrNamedOutsideUndo() {
        let labels = Mirror(reflecting: Session()).children.map { $0.label ?? "?" }
        for label in labels where label != "state" {
            #expect(Self.outsideUndo[label] != nil,
                    "Session.\(label) is neither in SessionState nor in outsideUndo: decide whether undo takes it back")
        }
        #expect(labels.contains("state"))
        // A name that is gone from Session must go from the list too.
        for name in Self.outsideUndo.keys { #expect(labels.contains(name), "\(name) is no longer a property of Session") }
    }

    @Test func everyFieldOfTheStateIsTrailed() {
        for child in Mirror(reflecting: SessionState()).children {
            #expect(child.value is any TrailRecording, "SessionState.\(child.label!) is not trailed: undo would miss it")
        }
    }

    /// The state as text: the model's undoable fields and the settings, in an order that does
    /// not depend on how dictionaries were built.
    static func stateDump(_ state: SessionState) -> String {
        state.model.undoableStateDump() + LayoutModel.canonical(state.settings)
    }

    /// A session in which every field of `SessionState` differs from a fresh one's.
    static func everythingSet() -> Session {
        let session = Session()
        run(session, """
            view a b d
            metric pad = 20
            platform macos
            origin a UILabel:0x7f8
            H:|-pad-[a]-[b]-|
            traits width=compact
            vary c1.constant = 4 for height=compact
            vary d.installed = false for width=compact
            """)
        return session
    }

    @Test func theTestSessionSetsEveryField() {
        let set = Mirror(reflecting: Self.everythingSet().state.settings).children
        let fresh = Dictionary(uniqueKeysWithValues: Mirror(reflecting: SessionState().settings).children.map { ($0.label!, Self.dumped($0.value)) })
        for child in set {
            // Were one left at its starting value, a checkpoint that missed it would still pass.
            #expect(Self.dumped(child.value) != fresh[child.label!], "set \(child.label!) in everythingSet()")
        }
    }

    @Test func undoTakesBackEveryField() {
        let session = Self.everythingSet()
        let before = Self.stateDump(session.state)
        run(session, """
            view c
            metric pad = 4
            platform ios
            origin b UIView:0x7f9
            traits width=regular
            vary c1.constant = 8 for width=regular
            """)
        #expect(Self.stateDump(session.state) != before)
        #expect(session.execute("undo 6").ok)
        #expect(Self.stateDump(session.state) == before)
    }

    /// A refused step is rolled back: nothing of it stays, down to the solver's bits.
    @Test func aRefusedStepLeavesTheStateAsItWas() {
        let session = Self.everythingSet()
        let before = Self.stateDump(session.state)
        var result = CommandResult(line: 0, input: "")
        // Three lines taken, the fourth refused: the load-like step goes back whole.
        do {
            _ = try session.runAsOneStep(["view q", "q.width == 5", "metric m = 3", "q.nothing == 1"], name: "test", into: &result)
            Issue.record("the step should have been refused")
        } catch {}
        #expect(Self.stateDump(session.state) == before)
        // Refused by the precision check after the solver took it (internals.md's example).
        let strained = Session()
        run(strained, """
            view a b c d
            b.trailing <= 1e6 * c.trailing + 100
            c.centerX <= 1e1 * a.trailing @1
            c.centerX == 1e6 * b.leading
            d.leading >= 2.5e-6 * b.leading + 1e9 @750
            """)
        let strainedBefore = Self.stateDump(strained.state)
        #expect(strained.execute("a.centerX >= d.leading + 100 @1").error?.message.hasPrefix("the numbers are too far apart") == true)
        #expect(Self.stateDump(strained.state) == strainedBefore)
    }

    @Test func resetLeavesAFreshState() {
        let session = Self.everythingSet()
        _ = session.execute("reset")
        // Field by field; the model's too, but its solver's working buffers (which a report
        // fills) only through the frames it solves to.
        func fields(_ state: SessionState) -> [String] {
            Mirror(reflecting: state).children.filter { $0.label != "model" }.map { Self.canonical($0.value) }
                + Mirror(reflecting: state.model).children.filter { $0.label != "solver" }.map { "\($0.label!): " + Self.canonical($0.value) }
                + [Self.canonical(state.model.frames())]
        }
        let after = fields(session.state), fresh = fields(SessionState())
        #expect(after == fresh, "\(after.difference(from: fresh))")
        _ = session.execute("undo")
        #expect(session.metrics == ["pad": 20] && session.platform == .macos && session.origins.count == 1)
    }
}
