import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport

/// The session's undoable state is declared once (`SessionState`): these tests fail when a
/// stored property is added to `Session` without saying whether undo takes it back, and when a
/// checkpoint or a reset misses part of the state.
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
        "undoSteps": "how to take each history step back",
        "redoSteps": "the steps undone, for redo: history, not state",
        "homeDirectory": "where ~ resolves: set by the driver, not by a line",
        "shown": "what the reports showed, to say what changed since: derived from the model",
        "checkpointedSteps": "which history steps keep a checkpoint",
        "directory": "where relative paths resolve: set by the driver, not by a line",
        "shouldCancel": "the driver's Ctrl-C hook",
        "lessons": "where help finds lessons: set by the driver",
        "playsLessons": "whether `lesson N` may play here (an interactive prompt): set by the driver",
        "lessonRequest": "the lesson `lesson N` asked the driver to play next: a request, not state",
        "exerciseRound": "which other optimum `exercise` shows next; any change resets it",
        "pasted": "lines collected after `paste`, not yet a change",
        "exercisedShown": "what the last report showed, to mark frames that move back",
        "pendingChanges": "whether a report is owed for changes made with reports off",
        "loadDepth": "how deep `load` nests while it runs",
        "reportState": "the last report, kept current from the model (reloaded after undo)",
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
        let set = Mirror(reflecting: Self.everythingSet().state).children
        let fresh = Dictionary(uniqueKeysWithValues: Mirror(reflecting: SessionState()).children.map { ($0.label!, Self.dumped($0.value)) })
        for child in set {
            // Were one left at its starting value, a checkpoint that missed it would still pass.
            #expect(Self.dumped(child.value) != fresh[child.label!], "set \(child.label!) in everythingSet()")
        }
    }

    @Test func aCheckpointHoldsEveryFieldAndStaysApart() {
        let session = Self.everythingSet()
        let before = Self.dumped(session.state)
        let checkpoint = session.checkpoint()
        #expect(Self.dumped(checkpoint) == before)
        // No object is shared: the model is copied, not referenced.
        for (mine, theirs) in zip(Mirror(reflecting: session.state).children, Mirror(reflecting: checkpoint).children)
        where type(of: mine.value) is AnyClass {
            let shared = ObjectIdentifier(mine.value as AnyObject) == ObjectIdentifier(theirs.value as AnyObject)
            #expect(!shared, "\(mine.label!) is shared with the checkpoint")
        }
        run(session, """
            view c
            metric pad = 4
            platform ios
            origin b UIView:0x7f9
            """)
        #expect(Self.dumped(checkpoint) == before)
        session.takeBack(to: checkpoint)
        #expect(Self.dumped(session.state) == before)
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
