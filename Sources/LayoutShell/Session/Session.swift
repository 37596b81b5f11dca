import LayoutImport
import LayoutModel
import LayoutVocabulary
import LayoutReport

/// One LayoutLab session: the model, the VFL metrics, the platform, the undo history, and the
/// session language on top. The executable feeds it lines; nothing here touches a terminal.
///
/// This file holds the state and the execution of a line; the history and undo, script files,
/// report building and listings live in the `Session+…` files beside it, and each command in
/// Commands/.
public final class Session {
    /// Everything undo takes back, declared once (`SessionState`).
    var state = SessionState()
    public var model: LayoutModel { state.model }
    public var metrics: [String: Double] { state.metrics }
    /// Metric names in definition order.
    public var metricNames: [String] { state.metricNames }
    public var platform: Platform { state.platform }
    /// True after `quit`.
    public private(set) var isFinished = false
    /// Accepted commands that changed the session; each entry is one undo step. Empty when
    /// `keepsHistory` is off.
    public internal(set) var history = LineHistory()
    /// Whether accepted commands go into `history`: off only for a script run in which no
    /// command reads it (no `undo`, `save` or import; the driver decides, `Replay.readsHistory`),
    /// where it would be a second copy of every line of the script.
    public var keepsHistory = true
    /// Steps undone since the last change, the next one to redo last.
    var redoSteps = LineHistory()
    /// How to take back each of the latest history entries (`undoDepth` and up to a batch more),
    /// newest last.
    var undoSteps: [UndoStep] = []
    /// How many of the latest steps `undo` can take back: `keptSteps`, or 0 for a script run
    /// that has no `undo` in it (the driver decides): then no step keeps its trail once the
    /// next batch is recorded, and the trail stays as small as one batch of lines wrote.
    public var undoDepth = Session.keptSteps
    /// While a step runs: the state a `reset` in it replaced (`resetState`).
    var replacedState: SessionState?
    /// Relative `save`/`load` paths are resolved against this directory (nil: the process's).
    public var directory: String?
    /// What `~` in a file name stands for (the executable passes `$HOME`; nil: `~` is a name).
    public var homeDirectory: String?
    /// Whether results carry what only the JSON report prints: `explain`'s texts of every
    /// constraint it names (thousands on a long chain, where the text shows a screenful).
    /// Drivers that print text turn it off.
    public var keepsJSONDetails = true
    /// Asked between the lines of a `load`; returning true (e.g. after Ctrl-C) stops the load,
    /// which then changes nothing, like any failing line.
    public var shouldCancel: (() -> Bool)?
    /// Where `help lessons` finds the lessons (the executable decides; nil: it says it found
    /// none).
    public var lessons: LessonLibrary?
    /// Whether `lesson N` can play here: only the interactive shell reads a lesson's steps.
    public var playsLessons = false
    /// The lesson `lesson N` asked the shell to play.
    public internal(set) var lessonRequest: Lesson?

    /// How many times `exercise` ran since the last input that changed the layout: which of
    /// the other optimal layouts it shows next (0: the solver's own).
    var exerciseRound = 0

    /// While `paste` collects lines (up to the empty line that ends them), the lines so far;
    /// nil otherwise.
    var pasted: PastedText?
    /// True between `paste` and the empty line that ends what is pasted: the shell shows a
    /// different prompt, and lines are collected, not run.
    public var isPasting: Bool { pasted != nil }

    /// Where imported views and constraints came from (`origin NAME TEXT`), in order: what
    /// `names` prints.
    public var origins: [(name: String, text: String)] { state.origins }

    /// The frames the last `exercise` showed, until the next report that shows the solver's
    /// layout again (which then marks the views that went back as changed).
    var exercisedShown: [(name: String, frame: Frame)]?

    /// Something changed while reports were off (`report: false`).
    var pendingChanges = false
    var loadDepth = 0
    /// Frames, broken constraints and ambiguity as the last report showed them, kept current
    /// incrementally.
    var reportState = ReportState()
    /// The broken constraints and ambiguity the reader has been shown (`ReportNews.swift`).
    var shown = ShownDiagnostics()

    public init() {
        _ = reportState.update(from: model)
        shown.note(reportState.delta)
    }

    // MARK: - Executing a line

    /// Runs one line and returns its report. A rejected line changes nothing.
    ///
    /// With `report: false` the state part of the result (frames, broken constraints,
    /// ambiguity — the expensive part: exact ambiguity asks the solver) is left empty; use it
    /// for every line but the last under `--final`. Frame changes in the next full report are
    /// then counted since the last full report. With `changes: false` as well, the list of
    /// what the line itself changed (constraints added, removed or changed, conflicts) is left
    /// empty too: `--final` prints none of it, and wording each added constraint was 4% of it.
    ///
    /// - Complexity: the line's own change (for a constraint, the solver's incremental
    ///   `addConstraint`), then with `report` the report's diff of changed values and one
    ///   ambiguity question to the solver per ambiguous view.
    public func execute(_ line: String, lineNumber: Int = 0, report: Bool = true, changes: Bool = true) -> CommandResult {
        var result = CommandResult(line: lineNumber, input: line)
        if pasted != nil { return collectPasted(line, result: result, report: report) }
        let text: String
        do {
            text = try sanitize(line)
        } catch {
            result.ok = false
            result.error = error
            if report { fillState(&result, mutated: false) }
            return result
        }
        if text.isBlank {
            result.isSilent = true
            return result
        }
        var mutated = false
        do {
            var parser = LineParser(session: self, line: text)
            let command = try parser.parse()
            mutated = try run(command, text: text, result: &result, changes: report || changes)
        } catch {
            // The caret goes under the token at fault; an error no column is at fault for (an
            // interrupted load, a failing disk) has none.
            result.ok = false
            result.error = error
            _ = model.takeEvents()
            mutated = false
        }
        if mutated { exerciseRound = 0 }
        if report {
            fillState(&result, mutated: mutated || pendingChanges)
            pendingChanges = false
        } else {
            if mutated { pendingChanges = true }
            result.layout = mutated ? .changes : .none
            // Past the share of the layout where the next report reloads anyway, what the lines
            // change need not be kept for it (`--final` kept every constraint's id to the end).
            // Looked at once some 256 are kept: emptied at every line, the set cost more than
            // the line's own bookkeeping.
            if model.changedConstraintCount > 256, reportState.reloadsAnyway(from: model) {
                reportState.needsReload = true
                model.forgetChangedConstraintsBeforeReload()
            }
        }
        if let exercised = result.exercisedFrames { exercisedShown = exercised }
        return result
    }

    /// A line after `paste`: kept, or the end of what is pasted, which imports it. An empty
    /// line ends the paste when the importer calls the text complete (a log's closing lines,
    /// code's last brace), and two in a row do unless code still has a bracket open (a
    /// function's empty lines are its own: the rest must never run as commands); an empty
    /// line inside a log or a function is kept.
    private func collectPasted(_ line: String, result: CommandResult, report: Bool) -> CommandResult {
        var result = result
        guard line.isBlank, (pasted!.endsWithEmptyLine && !pasted!.isOpen) || pasted!.isComplete else {
            pasted!.append(line)
            // An IB document ends at `</document>`: what follows is a command again.
            if pasted!.endsNow { return finishPaste(result: result, report: report) }
            result.isSilent = true
            return result
        }
        return finishPaste(result: result, report: report)
    }

    /// Imports what `paste` collected (the paste then ends), filling in the report.
    func finishPaste(result: CommandResult, report: Bool) -> CommandResult {
        var result = result
        let collected = pasted!
        pasted = nil
        if collected.isEmpty {
            result.output = ["nothing was pasted; nothing imported"]
            return result
        }
        var mutated = false
        do throws(ShellError) {
            try importText(collected.text, fileName: nil, into: &result)
            mutated = true
        } catch {
            result.ok = false
            result.error = error
        }
        if report {
            fillState(&result, mutated: mutated || pendingChanges)
            pendingChanges = false
        } else if mutated {
            pendingChanges = true
            result.layout = .changes
        }
        return result
    }

    /// Runs a parsed command, filling in the "what changed" part of the report. Returns
    /// whether the layout may have changed.
    private func run(_ command: any ShellCommand, text: String, result: inout CommandResult, changes: Bool) throws(ShellError) -> Bool {
        if let action = command.asAction {
            return try action.run(in: self, result: &result)
        }
        guard let change = command.asChange else {
            preconditionFailure("\(type(of: command)) is neither a SessionChange nor a SessionAction")
        }
        let notes = try asUndoStep([text]) { () throws(ShellError) in try applyChange(change) }
        if changes { collectEvents(into: &result) } else { _ = model.takeEvents() }  // nothing will print them
        result.output = notes
        return change.changesLayout
    }

    /// Applies a change, then lays wrapping text out to its fixed point (UIKit's two passes):
    /// any change may give a text view another width. The notes say when there is no fixed point.
    func applyChange(_ change: any SessionChange) throws(ShellError) -> [String] {
        let before = Dictionary(uniqueKeysWithValues: model.textViews.map { ($0, model.textExplanation(of: $0)?.summary) })
        var notes = try change.apply(to: self)
        if before.isEmpty && model.textViews.isEmpty && model.frameDependentMarginViews.isEmpty { return notes }
        let outcome = model.layoutText()
        notes += marginNotes(outcome.marginsBefore)
        // What the text did, where its size changed (the content-size constraints it rewrote
        // are not listed one by one).
        for name in model.textViews {
            guard let now = model.textExplanation(of: name)?.summary, before[name] != now else { continue }
            notes.append("\(name) wraps to \(now)" + ((before[name] ?? nil).map { " (was \($0))" } ?? ""))
        }
        if !outcome.marginCycle.isEmpty {
            notes.append("margins have no fixed point after \(LayoutModel.maxTextPasses) passes: they move the views they belong to ("
                         + outcome.marginCycle.joined(separator: ", ") + "); the last pass is shown")
        }
        if !outcome.converged && !outcome.cycle.isEmpty || !outcome.converged && outcome.marginCycle.isEmpty {
            let cycles = outcome.cycle.map { "\($0.view) goes \($0.widths.map(formatNumber).joined(separator: ", "))" }
            notes.append("text has no fixed point after \(LayoutModel.maxTextPasses) passes: its height changes its width"
                         + (cycles.isEmpty ? "" : " (\(cycles.joined(separator: "; ")))") + "; the last pass is shown")
        }
        return notes
    }

    /// Refuses a change that carried a frame past Double's range (±inf or NaN: multipliers
    /// that compound along a chain); the step it is part of is then rolled back.
    func refuseOverflow() throws(ShellError) {
        guard !model.changedFramesAreFinite else { return }
        throw ShellError("this makes a frame too large to compute (beyond ±1.8e308)",
                         hint: "multipliers compound along a chain of constraints; make them smaller")
    }

    /// Refuses a change after which the solution, computed in doubles, leaves a required
    /// constraint off by more than its size allows (numbers too far apart to solve exactly).
    func refuseImprecision() throws(ShellError) {
        do throws(LayoutError) { try model.checkPrecision() } catch {
            throw ShellError(error, column: nil)
        }
    }

    /// Reads one line of a script or the history into a command (no report).
    func parse(_ line: String) throws(ShellError) -> any ShellCommand {
        var parser = LineParser(session: self, line: line)
        return try parser.parse()
    }

    // MARK: - State changes the commands make

    /// Runs a change of the model, wording its error. The model changes nothing when it throws.
    func modelChange(_ body: (LayoutModel) throws -> Void) throws(ShellError) {
        do { try body(model) } catch let error as LayoutError { throw ShellError(error, column: nil) } catch {
            preconditionFailure("the model throws only LayoutError, not \(error)")
        }
    }

    func setMetric(_ name: String, _ value: Double) {
        if state.metrics[name] == nil { state.metricNames.append(name) }
        state.metrics[name] = value
    }

    func setPlatform(_ platform: Platform) {
        state.platform = platform
    }

    func finish() {
        isFinished = true
    }

    /// Constraint ids and names a user may type (implicit intrinsic-size constraints have
    /// their own ids but cannot be removed or switched off).
    var completableIDs: [String] {
        model.constraintRecords().filter { !$0.isImplicit }.map(\.id) + model.names.keys.sorted()
    }
}
