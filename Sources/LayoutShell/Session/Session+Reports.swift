import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Building reports: what an input added, removed and changed (from the model's events, or
/// by comparing before and after what an undo took back), and the state part — frames,
/// broken constraints, ambiguity — every report ends with.
extension Session {
    /// What changed between `before` (the records as they were, of the constraints that
    /// existed) and now, in the same words the event path uses: among `ids` (every id `before`
    /// names must be among them), or among all constraints when nil.
    /// - Complexity: O(ids), or the whole layout without them.
    func diff(from before: RecordsBefore, among ids: Set<String>?, into result: inout CommandResult) {
        let now = ids.map { $0.compactMap(model.constraint).sorted { $0.serial < $1.serial } } ?? model.constraintRecords()
        for record in now where !record.isImplicit {
            if let old = before[record.id] {
                if let change = ChangedConstraint(from: old, to: record) { result.changed.append(change) }
            } else {
                result.added.append(id: record.id, text: record.text, name: record.name)
            }
        }
        for old in before.bySerial() where !old.isImplicit && model.constraint(old.id) == nil {
            result.removed.append(id: old.id, text: old.text)
        }
    }

    /// Reads the model's events since the last call into the report.
    ///
    /// A constraint that several events touched (a step of many lines: an import, a load, a
    /// stack arranging its views) is reported by what the step did to it in the end: added
    /// with its last text, changed from its first state, removed, or nothing when it ends as it
    /// began — not each state in between, which UIKit never shows. So is a view's content-size
    /// priority set in the step that made the view.
    func collectEvents(into result: inout CommandResult) {
        let events = model.takeEvents()
        // Constraints touched more than once, by how many times; -1 once settled.
        var touches = Self.repeatedTouches(in: events)
        var viewsAdded = Set<String>()
        var addedCount = 0
        for event in events {
            if case .viewAdded(let name) = event { viewsAdded.insert(name) }
            if case .added = event { addedCount += 1 }
        }
        // One line for each constraint a step adds, at most: a `load` adds tens of thousands,
        // and the lines' ends grown by doubling held both buffers at the step's peak.
        result.added.reserveCapacity(result.added.count + addedCount)
        // Constraints touched more than once, in the order first touched, with what they were
        // before the step (nil: made in it).
        var settled: [(id: String, before: ConstraintRecord?)] = []
        for event in events {
            if !touches.isEmpty, let id = Self.constraintID(of: event), let count = touches[id] {
                guard count > 0 else { continue }
                touches[id] = -1
                switch event {
                case .removed(let record): settled.append((id, record))
                case .changed(_, let old): settled.append((id, old))
                default: settled.append((id, nil))
                }
                continue
            }
            switch event {
            case .added(let id):
                if let record = model.constraint(id) { result.added.append(id: id, text: record.text, name: record.name) }
            case .removed(let record):
                if record.isContentSize { continue }
                result.removed.append(id: record.id, text: record.text)
            case .changed(let id, let before):
                guard let record = model.constraint(id) else { continue }
                if record.isContentSize, viewsAdded.contains(record.spec.firstItem) { continue }
                // A command that sets what was already there still reports the change it made.
                result.changed.append(ChangedConstraint(from: before, to: record)
                    ?? ChangedConstraint(id: id, text: record.text, before: before.text, what: .constant))
            case .conflict(let conflict):
                // A step of many lines (an import, a load) may meet a conflict that a later
                // line of it ends (a constraint for another size class, deactivated once made):
                // only what still conflicts at the end is reported.
                guard let broken = model.constraint(conflict.broken), broken.isActive, broken.isBroken else { continue }
                let origins = importedOrigins
                let members = conflict.constraints.map { id in
                    ConstraintLine(id: id, text: model.memberText(id, origins: origins))
                }
                var report = ConflictReport(constraints: members, broken: conflict.broken)
                if !model.autoresizingViews(among: conflict.constraints).isEmpty { report.note = autoresizingConflictNote }
                if let certificate = model.conflictExplanation(members: conflict.constraints, broken: conflict.broken) {
                    report.sentence = model.conflictSentence(certificate)
                    report.fix = model.conflictFix(certificate, origins: origins)
                }
                result.conflicts.append(report)
            case .repaired(let id):
                if let record = model.constraint(id) { result.repaired.append(ConstraintLine(id: id, text: record.text)) }
            case .viewAdded(let name):
                result.viewsAdded.append(name)
            case .viewRemoved(let name):
                result.viewsRemoved.append(name)
            }
        }
        for (id, before) in settled {
            let now = model.constraint(id)
            switch (before, now) {
            case (nil, let record?):
                result.added.append(id: id, text: record.text, name: record.name)
            case (let old?, let record?):
                if record.isContentSize, viewsAdded.contains(record.spec.firstItem) { continue }
                if let change = ChangedConstraint(from: old, to: record) { result.changed.append(change) }
            case (let old?, nil):
                if !old.isContentSize { result.removed.append(id: id, text: old.text) }
            case (nil, nil):
                continue
            }
        }
    }

    /// The constraints that two or more of `events` are about, each with how many are.
    ///
    /// Nearly every constraint of a step is touched once. A dictionary counting every id (a
    /// `load` of 50 000 constraints) was a tenth of that step's peak memory; the ids' hashes,
    /// sorted, find the few that may repeat, and only those are counted by name.
    /// - Complexity: O(n log n) in the events.
    private static func repeatedTouches(in events: [ModelEvent]) -> [String: Int] {
        // Each event's id hashed once: in the events' order (0 where there is no id, never
        // read as one), and sorted.
        var hashes: [Int] = []
        var sorted: [Int] = []
        hashes.reserveCapacity(events.count)
        sorted.reserveCapacity(events.count)
        for event in events {
            let hash = constraintID(of: event)?.hashValue
            hashes.append(hash ?? 0)
            if let hash { sorted.append(hash) }
        }
        sorted.sort()
        var shared = Set<Int>()
        for index in sorted.indices.dropFirst() where sorted[index] == sorted[index - 1] { shared.insert(sorted[index]) }
        guard !shared.isEmpty else { return [:] }
        var counts: [String: Int] = [:]
        for (event, hash) in zip(events, hashes) where shared.contains(hash) {
            if let id = constraintID(of: event) { counts[id, default: 0] += 1 }
        }
        return counts.filter { $0.value > 1 }
    }

    /// The constraint an event is about (nil for conflicts and views).
    private static func constraintID(of event: ModelEvent) -> String? {
        switch event {
        case .added(let id), .changed(let id, _): return id
        case .removed(let record): return record.id
        case .conflict, .repaired, .viewAdded, .viewRemoved: return nil
        }
    }

    /// The state part of a report — frames, broken constraints, ambiguity — as it
    /// stands, without running a command (for `--final`'s one report). Shows the whole layout.
    public func currentState(lineNumber: Int = 0, last: Bool = false) -> CommandResult {
        var result = CommandResult(line: lineNumber, input: "")
        fillState(&result, mutated: pendingChanges, keepingShown: !last)
        pendingChanges = false
        result.changedFrameList = []
        result.layout = .whole
        result.news = wholeNews(result)
        return result
    }

    /// `--final`'s one report: the lines the replay rejected, and the whole layout as it
    /// stands (frames, broken constraints, ambiguity), not what the last command
    /// added. Not ok when a line was rejected; its `error` is then the first one.
    /// `last`: no report follows (the driver exits), so what the reader was shown is not kept
    /// for one: every broken constraint of a big layout, kept whole, was at the peak of its
    /// memory. The report is the same.
    public func finalReport(lineNumber: Int, source: String? = nil, rejected: [RejectedLine], last: Bool = false) -> CommandResult {
        var result = currentState(lineNumber: lineNumber, last: last)
        result.sourceFile = source
        result.rejected = rejected
        if let first = rejected.first {
            result.ok = false
            result.error = first.error
        }
        return result
    }

    /// Frames, broken constraints and ambiguity: the state part of every report.
    /// `keepingShown` false: the report's news is not made, nor what it shows noted for the
    /// next one (a whole-layout report that is the last: `currentState` words its own news).
    func fillState(_ result: inout CommandResult, mutated: Bool, keepingShown: Bool = true) {
        var changed: [(name: String, frame: Frame)] = []
        // Where `result.changedFrameList` is in the report state's frames, when known.
        var changedPositions: [Int]?
        var delta: StateDelta?
        if mutated || reportState.needsReload {
            changed = reportState.update(from: model, last: !keepingShown)
            delta = reportState.delta
            shown.note(reportState.delta)
        }
        result.frames = result.exercisedFrames ?? reportState.frames
        result.exactFrames = reportState.exactFrames
        if !model.guideNames.isEmpty { result.guides = model.guides }
        if !model.scrollViews.isEmpty { result.contentSizes = model.contentSizes() }
        result.broken = reportState.broken
        result.texts = model.textViews.compactMap { name in model.textExplanation(of: name).map { (name, $0) } }
        result.ambiguous = reportState.ambiguous
        model.explainAmbiguity(in: &result)
        result.layout = mutated ? .changes : .none
        if mutated {
            // After `exercise` the reader last saw the exercised layout: the views that go back
            // to the solver's frames changed too, as far as the reader can tell.
            var positions: [Int]? = reportState.changedPositions
            if let shown = exercisedShown, result.exercisedFrames == nil {
                let seen = Dictionary(shown.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
                let names = Set(changed.map(\.name))
                changed = reportState.frames.filter { entry in
                    names.contains(entry.name) || (seen[entry.name].map { $0 != entry.frame } ?? false)
                }
                positions = nil
            }
            result.changedFrameList = changed
            changedPositions = positions
            if keepingShown { fillNews(&result, changedPositions: positions) }
        }
        // JSON's per-input object: after `exercise`, an input that changed nothing still puts
        // the solver's layout back in front of the reader.
        let backFromExercise = !mutated && exercisedShown != nil && result.exercisedFrames == nil
        if delta != nil || result.exercisedFrames != nil || backFromExercise {
            var carried = delta ?? StateDelta()
            carried.frames = result.exercisedFrames ?? (backFromExercise ? reportState.frames : changed)
            result.stateDelta = carried
        }
        fillNesting(&result, changedPositions: changedPositions, last: !keepingShown)
        // Any report that shows the solver's layout is the last the reader saw.
        if result.exercisedFrames == nil { exercisedShown = nil }
    }

    /// The rows of the text's frame table (all frames up to `frameLinesCap` views, else the
    /// first changed ones) in tree order with their levels, so that it indents them by nesting.
    /// `last`: no report follows, so the tree order need not be kept for one.
    func fillNesting(_ result: inout CommandResult, changedPositions: [Int]?, last: Bool = false) {
        let cap = CommandResult.frameLinesCap
        result.frameRows = result.frames.count <= cap
            ? reportState.treeOrder(of: result.frames, limit: cap, in: model)
            : reportState.treeOrder(of: result.changedFrameList, positions: changedPositions, limit: cap, in: model, last: last)
    }
}
