#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel
import VisualFormat

/// One LayoutLab session: the model, the VFL metrics, the platform, the undo history, and the
/// language of DESIGN §3 on top. The executable feeds it lines; nothing here touches a terminal.
///
/// Undo keeps the list of accepted commands that changed something (one entry per input; a
/// `load` is one entry holding the file's commands) and rebuilds the session from the last
/// `reset` without reports — exact, including ids and broken constraints, because the model is
/// deterministic. `save` writes the same list, so a saved file rebuilds exactly this session.
public final class Session {
    public private(set) var model = LayoutModel()
    public private(set) var metrics: [String: Double] = [:]
    /// Metric names in definition order.
    public private(set) var metricNames: [String] = []
    public private(set) var platform: Platform = .macos
    /// True after `quit`.
    public private(set) var isFinished = false
    /// Accepted commands that changed the session; each entry is one undo step.
    public private(set) var history: [[String]] = []
    /// For each history entry, how to take it back quickly, or nil (then undo rebuilds).
    var inverses: [Inverse?] = []

    /// The quick inverse of an entry that only added views or constraints.
    struct Inverse {
        var constraints: [String]
        var views: [String]
        var mark: LayoutModel.UndoMark
    }
    /// Relative `save`/`load` paths are resolved against this directory (nil: the process's).
    public var directory: String?
    /// Asked between the lines of a `load`; returning true (e.g. after Ctrl-C) stops the load,
    /// which then changes nothing, like any failing line.
    public var shouldCancel: (() -> Bool)?

    /// The seam for the Diagnostics issue: a one-line reason for a view's ambiguity
    /// ("no vertical constraints", "equal-priority constraints disagree: c4, c7"). nil: none.
    public var ambiguityReason: ((LayoutModel, String, [FrameComponent]) -> String?)?

    /// Something changed while reports were off (`report: false`).
    var pendingChanges = false
    var loadDepth = 0
    /// Frames, broken constraints and ambiguity as the last report showed them, kept current
    /// incrementally.
    var reportState = ReportState()

    public init() {
        _ = reportState.update(from: model, reason: nil)
    }

    // MARK: - Executing a line

    /// Runs one line and returns its report. A rejected line changes nothing.
    ///
    /// With `report: false` the state part of the result (frames, broken constraints,
    /// ambiguity — the expensive part: exact ambiguity asks the solver) is left empty; use it
    /// for every line but the last under `--final`. Frame changes in the next full report are
    /// then counted since the last full report.
    public func execute(_ line: String, lineNumber: Int = 0, report: Bool = true) -> CommandResult {
        var result = CommandResult(line: lineNumber, input: line)
        let text: String
        do {
            text = try sanitize(line)
        } catch {
            result.ok = false
            result.error = error
            if report { fillState(&result, mutated: false) }
            return result
        }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            result.isSilent = true
            return result
        }
        var mutated = false
        do {
            var parser = LineParser(session: self, line: text)
            let command = try parser.parse()
            mutated = try run(command, text: text, result: &result)
        } catch {
            result.ok = false
            result.error = error
            if error.column == nil {
                // Nothing narrower to point at (a model rule, a file): the caret marks the command.
                result.error!.column = (text.unicodeScalars.firstIndex { $0 != " " && $0 != "\t" })
                    .map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) + 1 }
            }
            _ = model.takeEvents()
            mutated = false
        }
        if report {
            fillState(&result, mutated: mutated || pendingChanges)
            pendingChanges = false
        } else {
            if mutated { pendingChanges = true }
            result.showsLayout = mutated
        }
        return result
    }

    /// The state part of a report — frames, broken constraints, ambiguity, warnings — as it
    /// stands, without running a command (for `--final`'s one report).
    public func currentState(lineNumber: Int = 0) -> CommandResult {
        var result = CommandResult(line: lineNumber, input: "")
        fillState(&result, mutated: pendingChanges)
        pendingChanges = false
        return result
    }

    /// Runs a command, filling in the "what changed" part of the report. Returns whether the
    /// layout may have changed.
    private func run(_ command: Command, text: String, result: inout CommandResult) throws(ShellError) -> Bool {
        switch command {
        case .frames(let view):
            let names = view.map { model.subtree(of: $0) } ?? model.viewOrder
            let rows = names.map { ($0, model.frame(of: $0)!, false) }
            result.output = frameTable(rows, { text, _ in text })
            return false
        case .constraints(let view):
            result.output = constraintListing(view)
            return false
        case .notYetAvailable(let word):
            result.output = ["\(word) is not yet available: it comes with the diagnostics tools (draw, explain, exercise, svg)."]
            return false
        case .help(let topic):
            result.output = try helpText(topic)
            return false
        case .quit:
            isFinished = true
            result.quits = true
            return false
        case .save(let path):
            try save(to: path)
            result.output = ["saved \(history.flatMap { $0 }.count) commands to \(path)"]
            return false
        case .undo(let steps):
            guard !history.isEmpty else { throw ShellError("there is nothing to undo") }
            let count = min(steps, history.count)
            let undone = history.suffix(count).flatMap { $0 }
            let before = snapshot()
            let viewsBefore = model.viewOrder
            let quick = inverses.suffix(count)
            history.removeLast(count)
            inverses.removeLast(count)
            if quick.allSatisfy({ $0 != nil }) {
                // Only additions: take them back, newest first (fast for big sessions).
                for inverse in quick.reversed() {
                    model.undoAdditions(constraints: inverse!.constraints, views: inverse!.views, to: inverse!.mark)
                }
                _ = model.takeEvents()
                reportState.needsReload = true
            } else {
                rebuild()
            }
            diff(from: before, into: &result)
            let viewsAfter = Set(model.viewOrder), oldViews = Set(viewsBefore)
            result.viewsRemoved = viewsBefore.filter { !viewsAfter.contains($0) }
            result.viewsAdded = model.viewOrder.filter { !oldViews.contains($0) }
            let shown = undone.count == 1 ? undone[0] : "\(undone.count) commands"
            let shortfall = count < steps ? " (there \(count == 1 ? "was" : "were") only \(count) to undo)" : ""
            result.output = ["undid \(shown)\(shortfall)"]
            return true
        case .load(let path):
            guard loadDepth < InputLimits.maxLoadDepth else {
                throw ShellError("load is nested too deeply (a file that loads itself?)")
            }
            let before = snapshot()
            var lines: [String] = []
            do {
                lines = try load(path)
            } catch {
                // Nothing of a failed load stays.
                rebuild()
                _ = model.takeEvents()
                throw error
            }
            history.append(lines)
            inverses.append(nil)
            _ = before
            collectEvents(into: &result)
            result.output = ["loaded \(lines.count) commands from \(path)"]
            return true
        default:
            let mark = model.undoMark
            var alreadyInState: [String] = []
            if case .activate(let ids, let active) = command {
                alreadyInState = ids.filter { id in
                    model.resolveConstraint(id).flatMap { model.constraint($0)?.isActive } == active
                }
            }
            try apply(command, text: text)
            history.append([text])
            switch command {
            case .constraint, .visualFormat:
                inverses.append(Inverse(constraints: (mark.nextNumber..<model.nextNumber).map { "c\($0)" }, views: [], mark: mark))
            case .views(let names, _, _, _):
                inverses.append(Inverse(constraints: [], views: names, mark: mark))
            default:
                inverses.append(nil)
            }
            collectEvents(into: &result)
            if let note = note(for: command) { result.output = [note] }
            if case .activate(_, let active) = command {
                // UIKit ignores activating an active constraint; say so rather than print nothing.
                result.output += alreadyInState.map { "\($0) is already \(active ? "active" : "inactive")" }
            }
            switch command {
            case .metric, .platform: return false // the layout cannot have changed
            default: return true
            }
        }
    }

    /// Changes the session state for a mutating command. On a throw nothing has changed.
    func apply(_ command: Command, text: String) throws(ShellError) {
        do {
            switch command {
            case .root(let w, let h):
                try model.setRootSize(width: w, height: h)
            case .views(let names, let parent, let iw, let ih):
                for name in names { try model.addView(name, in: parent, intrinsicWidth: iw, intrinsicHeight: ih) }
            case .setIntrinsic(let view, let w, let h):
                try model.setIntrinsicSize(view, width: w, height: h)
            case .constraint(let spec, let name, let column):
                do { try model.validate(spec) } catch { throw ShellError(error, column: column) }
                try model.addConstraint(spec, name: name)
            case .visualFormat(let line):
                let specs: [ConstraintSpec]
                do {
                    specs = try VisualFormatParser.parseLine(
                        line, metrics: metrics, spacing: platform == .ios ? .iOS : .macOS,
                        views: { [model] name in model.view(name).map { VisualFormatParser.ViewInfo(superview: $0.parent) } })
                } catch {
                    throw ShellError(error.message, hint: error.hint, column: error.column)
                }
                for spec in specs {
                    do { try model.validate(spec) } catch { throw ShellError(error, column: 1) }
                }
                for spec in specs { try model.addConstraint(spec) }
            case .metric(let name, let value):
                if metrics[name] == nil { metricNames.append(name) }
                metrics[name] = value
            case .setConstant(let id, let value):
                try model.setConstant(id, value)
            case .setPriority(let id, let priority):
                try model.setPriority(id, priority)
            case .remove(let items):
                // Check everything first so a bad item in the list changes nothing.
                for item in items where model.constraint(item) == nil && model.view(item) == nil {
                    throw ShellError("there is no constraint or view named \(item)")
                }
                for item in items {
                    if model.constraint(item) != nil { try model.removeConstraint(item) }
                    else if model.view(item) != nil { try model.removeView(item) }
                }
            case .activate(let ids, let active):
                for id in ids { try model.setActive(id, active) }
            case .content(let view, let hugging, let axis, let priority):
                if hugging { try model.setHugging(view, axis, priority) } else { try model.setResistance(view, axis, priority) }
            case .margins(let view, let insets):
                try model.setMargins(view, insets)
            case .direction(let direction):
                model.setDirection(direction)
            case .platform(let p):
                platform = p
            case .reset:
                resetState()
            default:
                break
            }
        } catch let error as LayoutError {
            throw ShellError(error, column: nil)
        } catch let error as ShellError {
            throw error
        } catch {
            throw ShellError("\(error)")
        }
    }

    /// A one-line confirmation for commands whose effect the constraint lists do not show.
    func note(for command: Command) -> String? {
        switch command {
        case .root(let w, let h): "root is now \(formatNumber(w))x\(formatNumber(h))"
        case .direction(let d): d == .rightToLeft ? "direction is now rtl: leading is the right edge, trailing the left" : "direction is now ltr: leading is the left edge, trailing the right"
        case .platform(let p): p == .ios ? "platform ios: VFL's |- and -| go to the superview's layout margins; 8 between views" : "platform macos: VFL's standard space is 20 to the superview's edge, 8 between views"
        case .metric(let name, let value): "metric \(name) = \(formatNumber(value))"
        case .margins(let view, let insets): "\(view).margins = \(insets)"
        case .setIntrinsic(let view, let w, let h):
            w == nil && h == nil ? "\(view) has no intrinsic size now"
                : "\(view)'s intrinsic size is now \(w.map(formatNumber) ?? "-")x\(h.map(formatNumber) ?? "-")"
        case .content(let view, let hugging, let axis, let p):
            "\(view).\(hugging ? "hugging" : "resistance").\(axis == .horizontal ? "h" : "v") = \(formatNumber(p.rawValue))"
                + (model.view(view)?.intrinsic(axis) == nil ? " (no effect until \(view) has an intrinsic \(axis == .horizontal ? "width" : "height"))" : "")
        case .reset: "reset: an empty window again (undo brings the session back)"
        default: nil
        }
    }

    private func resetState() {
        model = LayoutModel()
        metrics = [:]
        metricNames = []
        platform = .macos
    }

    /// Rebuilds the session from the history (after its last `reset`), without reports.
    func rebuild() {
        resetState()
        let start = history.lastIndex(where: { $0.contains("reset") }) ?? 0
        for unit in history[start...] {
            for line in unit {
                var parser = LineParser(session: self, line: line)
                if let command = try? parser.parse() { try? apply(command, text: line) }
            }
        }
        _ = model.takeEvents()
        reportState.needsReload = true
    }

    // MARK: - Files

    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || directory == nil { return path }
        return directory! + "/" + path
    }

    /// Writes the history as a script, atomically: a temporary file in the same directory,
    /// flushed, then renamed over the target. The previous file survives any failure.
    func save(to path: String) throws(ShellError) {
        let target = resolve(path)
        let all = history.flatMap { $0 }
        let start = all.lastIndex(of: "reset").map { $0 + 1 } ?? 0
        var text = "# LayoutLab session, written by `save`; `load` or replay it to rebuild the session.\n"
        for line in all[start...] { text += line + "\n" }
        let slash = target.lastIndex(of: "/")
        // A file right under "/" keeps its temporary file in "/" too (not in the current directory).
        let dir = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var status = stat()
        guard !base.isEmpty, !(stat(target, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR) else {
            throw ShellError("\(path) is a directory; save needs a file name, e.g. save \(path.hasSuffix("/") ? path : path + "/")session.lal")
        }
        let temp = (dir.hasSuffix("/") ? dir : dir + "/") + ".\(base).tmp-\(getpid())"
        guard let file = fopen(temp, "w") else {
            throw ShellError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == bytes.count, flushed, rename(temp, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw ShellError("cannot write \(path): \(reason)")
        }
    }

    /// Runs a file's lines; returns the accepted commands that changed something. Throws at
    /// the first rejected line, naming it.
    func load(_ path: String) throws(ShellError) -> [String] {
        let target = resolve(path)
        guard let text = readFile(target) else {
            throw ShellError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        // Checked here, not only for the typed `load`: a file that loads itself recursed
        // until the stack overflowed.
        guard loadDepth < InputLimits.maxLoadDepth else {
            throw ShellError("load is nested too deeply (more than \(InputLimits.maxLoadDepth) files; a file that loads itself?)")
        }
        loadDepth += 1
        defer { loadDepth -= 1 }
        var accepted: [String] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if let shouldCancel, shouldCancel() {
                throw ShellError("load interrupted at \(path):\(number); nothing was loaded")
            }
            let line: String
            do { line = try sanitize(String(rawLine)) } catch {
                throw ShellError("\(path):\(number): \(error.message)", hint: error.hint)
            }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            do throws(ShellError) {
                var parser = LineParser(session: self, line: line)
                let command = try parser.parse()
                switch command {
                case .undo, .quit, .save:
                    throw ShellError("\(command) cannot be used in a loaded file")
                case .load:
                    if case .load(let inner) = command { accepted += try load(inner) }
                case _ where command.isMutating:
                    try apply(command, text: line)
                    accepted.append(line)
                default:
                    break // inspection commands do nothing in a loaded file
                }
            } catch {
                // A file that loads itself names its line once, not once per level.
                let place = "\(path):\(number): "
                throw ShellError(error.message.hasPrefix(place) ? error.message : place + error.message, hint: error.hint)
            }
        }
        return accepted
    }

    func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > 256 << 20 { errno = EFBIG; return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Reports

    /// id → (text, active) of every constraint, for diffing across a rebuild.
    func snapshot() -> [String: (text: String, active: Bool, serial: Int)] {
        var result: [String: (String, Bool, Int)] = [:]
        for record in model.constraintRecords() { result[record.id] = (record.text, record.isActive, record.serial) }
        return result
    }

    func diff(from before: [String: (text: String, active: Bool, serial: Int)], into result: inout CommandResult) {
        let after = snapshot()
        for record in model.constraintRecords() where !record.isImplicit {
            if let old = before[record.id] {
                if old.text != record.text {
                    result.changed.append(ChangedConstraint(id: record.id, text: record.text, before: old.text, what: "changed"))
                } else if old.active != record.isActive {
                    result.changed.append(ChangedConstraint(id: record.id, text: record.text, before: old.text, what: record.isActive ? "activated" : "deactivated"))
                }
            } else {
                result.added.append(ConstraintLine(id: record.id, text: record.text, name: record.name))
            }
        }
        for (id, old) in before.sorted(by: { $0.value.serial < $1.value.serial }) where after[id] == nil && !id.contains(".") {
            result.removed.append(ConstraintLine(id: id, text: old.text))
        }
    }

    func collectEvents(into result: inout CommandResult) {
        for event in model.takeEvents() {
            switch event {
            case .added(let id):
                if let record = model.constraint(id) { result.added.append(ConstraintLine(id: id, text: record.text, name: record.name)) }
            case .removed(let record):
                if record.isImplicit { continue }
                if let index = result.added.firstIndex(where: { $0.id == record.id }) { result.added.remove(at: index) }
                else { result.removed.append(ConstraintLine(id: record.id, text: record.text)) }
            case .changed(let id, let before):
                guard let record = model.constraint(id) else { continue }
                let what: String
                if before.isActive != record.isActive { what = record.isActive ? "activated" : "deactivated" }
                else if before.spec.priority != record.spec.priority { what = "priority" }
                else { what = "constant" }
                result.changed.append(ChangedConstraint(id: id, text: record.text, before: before.text, what: what))
            case .conflict(let conflict):
                let members = conflict.constraints.map { id in
                    ConstraintLine(id: id, text: model.constraint(id)?.text ?? rootText(id))
                }
                result.conflicts.append(ConflictReport(constraints: members, broken: conflict.broken))
            case .repaired(let id):
                if let record = model.constraint(id) { result.repaired.append(ConstraintLine(id: id, text: record.text)) }
            case .viewAdded(let name):
                result.viewsAdded.append(name)
            case .viewRemoved(let name):
                result.viewsRemoved.append(name)
                reportState.needsReload = true
            }
        }
    }

    func rootText(_ id: String) -> String {
        switch id {
        case "root.width": "root.width == \(formatNumber(model.rootWidth))   (the window's size)"
        case "root.height": "root.height == \(formatNumber(model.rootHeight))   (the window's size)"
        default: id
        }
    }

    /// Frames, broken constraints, ambiguity and warnings: the state part of every report.
    func fillState(_ result: inout CommandResult, mutated: Bool) {
        var changed: [(name: String, frame: Frame)] = []
        if mutated || reportState.needsReload {
            let reason = ambiguityReason.map { reason in { [model] in reason(model, $0, $1) } }
            changed = reportState.update(from: model, reason: reason)
        }
        result.frames = reportState.frames
        result.broken = reportState.broken
        result.ambiguous = reportState.ambiguous
        result.warnings = reportState.warnings
        result.showsLayout = mutated
        if mutated { result.changedFrameList = changed }
    }

    /// `constraints [view]`: every constraint with id, name, text and state.
    func constraintListing(_ view: String?) -> [String] {
        let records = model.constraintRecords(touching: view)
        if records.isEmpty { return [view.map { "no constraints touch \($0)" } ?? "no constraints yet"] }
        let brokenByID = Dictionary(model.brokenConstraints().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let labels = records.map { record in record.name.map { "\(record.id) (\($0))" } ?? record.id }
        let labelWidth = labels.map(\.count).max() ?? 0
        let textWidth = records.map(\.text.count).max() ?? 0
        var lines: [String] = []
        for (record, label) in zip(records, labels) {
            var state = ""
            if !record.isActive { state = "inactive" }
            else if let broken = brokenByID[record.id] {
                state = (record.isBroken ? "BROKEN (required, in conflict): " : "broken: ")
                    + "wanted \(formatValue(broken.wanted)), got \(formatValue(broken.got)), error \(formatValue(broken.error))"
            }
            let line = "  \(label.padding(labelWidth))  \(state.isEmpty ? record.text : record.text.padding(textWidth))\(state.isEmpty ? "" : "  " + state)"
            lines.append(line)
        }
        return lines
    }
}
