import LayoutVocabulary
import LayoutModel

/// What the reader has been shown of the broken constraints and the ambiguity, so a report
/// after an input says only what is new or changed and counts the rest: a label stretched by
/// design, or a half-built screen's ambiguity, is said once, not after every line.
///
/// What a report counted past its cap (`… and 8 more`) counts as shown too: it comes back
/// when it changes, not after every input.
package struct ShownDiagnostics {
    /// Each broken constraint as last printed (its line follows from it), by id: compared,
    /// not its words, so a report builds lines only for what it prints.
    package var broken: [String: BrokenConstraint] = [:]
    /// Each ambiguous view as last printed: its components, and its line (empty when it was
    /// only counted).
    package var ambiguity: [String: (components: [FrameComponent], text: String)] = [:]
    /// The ids and views whose entry above may not match the report state's lists (new,
    /// changed or gone there since the last news): every other constraint of the broken list
    /// has its entry, equal, and every other view of the ambiguous list its entry with the
    /// same components; nothing outside the lists has one. A report then looks only at
    /// these and at the views that moved, not at every broken constraint and ambiguous view.
    package private(set) var pendingBroken: Set<String> = []
    package private(set) var pendingAmbiguity: Set<String> = []
    /// True while the entries are not known to match the lists but for the pending ones (a
    /// new session, `reset`, a listing that marked what it printed): the next report reads
    /// the lists whole.
    package var pendingAll = true

    /// The most new or changed broken constraints a report prints one by one.
    package static let brokenCap = 8
    /// The most new or changed ambiguous views a report explains one by one (about three
    /// lines each once wrapped): with the frames, a screenful.
    package static let ambiguityCap = 4

    package init() {}

    /// Notes what an update of the report state changed of its lists.
    package mutating func note(_ delta: StateDelta) {
        if pendingAll { return }
        for item in delta.broken { pendingBroken.insert(item.id) }
        pendingBroken.formUnion(delta.unbroken)
        for item in delta.ambiguous { pendingAmbiguity.insert(item.view) }
        pendingAmbiguity.formUnion(delta.unambiguous)
    }

    /// The entries match the lists again (a report looked at everything pending).
    package mutating func settle() {
        pendingAll = false
        pendingBroken = []
        pendingAmbiguity = []
    }
}

/// The news part of a report: what the text report prints of the broken constraints and the
/// ambiguity after an input.
public struct DiagnosticNews: Sendable {
    /// New or changed broken constraints (all of them in a whole-layout report).
    public package(set) var broken: [BrokenLine] = []
    /// New or changed ones past the cap.
    public package(set) var brokenMore = 0
    /// Still broken as last shown.
    public package(set) var brokenUnchanged = 0
    /// Ids shown broken before that hold now.
    public package(set) var brokenGone: [String] = []
    /// New or changed ambiguous views, explained.
    public package(set) var ambiguity: [AmbiguityReport] = []
    public package(set) var ambiguityMore = 0
    public package(set) var ambiguityUnchanged = 0
    /// Views shown ambiguous before that are not now.
    public package(set) var ambiguityGone: [String] = []

    package init() {}
}
