import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Script files: `save` writes the history as a script, `load` runs one as a single undo step.
extension Session {
    /// Where a typed file name points: `~/x` in the home directory (as a shell reads it),
    /// a relative name against `directory`.
    func resolve(_ path: String) -> String {
        if let home = homeDirectory, !home.isEmpty, path == "~" || path.hasPrefix("~/") {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") || directory == nil { return path }
        return directory! + "/" + path
    }

    /// The script `save` writes: the history since the last `reset`, one command per line, and
    /// how many commands that is.
    var savedScript: (text: String, commands: Int) {
        let all = history.flatMap { $0 }
        let start = all.lastIndex(of: "reset").map { $0 + 1 } ?? 0
        var text = "# LayoutLab session, written by `save`; `load` or replay it to rebuild the session.\n"
        for line in all[start...] { text += line + "\n" }
        return (text, all.count - start)
    }

    /// Writes the history as a script, atomically (`TextFile.write`): the previous file
    /// survives any failure. Returns the number of commands in the history.
    func save(to path: String) throws(ShellError) -> Int {
        let target = resolve(path)
        let (text, commands) = savedScript
        do throws(FileError) {
            try TextFile.write(text, to: target)
        } catch .isDirectory {
            throw ShellError("\(path) is a directory; save needs a file name, e.g. save \(path.hasSuffix("/") ? path : path + "/")session.lal")
        } catch {
            throw ShellError("cannot write \(path): \(error.reason)")
        }
        return commands
    }

    /// `load FILE` as one undo step: runs the file, records its accepted commands as one step
    /// and fills in what changed. A failing line (or a cancel) leaves the session as it was.
    /// Returns the number of commands recorded.
    /// `fileNameColumn`: where the file name was typed, for the caret when it cannot be read (a
    /// bad line inside the file, or an interrupted load, is no column of the typed line).
    func loadAsOneStep(_ path: String, fileNameColumn: Int? = nil, into result: inout CommandResult) throws(ShellError) -> Int {
        try asOneStep(into: &result, fillsFreshState: true) { () throws(ShellError) in try load(path, fileNameColumn: fileNameColumn) }
    }

    /// Runs lines made for the session (an importer's translation) as one undo step, as `load`
    /// runs a file's. `name` says where they came from in errors.
    /// `fillsFreshState`: an import (not a redo), which may start from a new state when
    /// nothing changed the session yet.
    func runAsOneStep(_ lines: [String], name: String, fillsFreshState: Bool = false, into result: inout CommandResult) throws(ShellError) -> Int {
        try asOneStep(into: &result, fillsFreshState: fillsFreshState) { () throws(ShellError) in try run(lines, name: name) }
    }

    /// Nothing of a failed load stays: its step is rolled back (`asUndoStep`).
    private func asOneStep(into result: inout CommandResult, fillsFreshState: Bool,
                           _ body: () throws(ShellError) -> PackedLines) throws(ShellError) -> Int {
        var lines = PackedLines()
        try asUndoStep(packed: lines, fillsFreshState: fillsFreshState) { () throws(ShellError) in lines = try body() }
        // Let go before the report is collected: the history holds a copy, and a big load's
        // report (a line per constraint added) is its peak.
        let count = lines.count
        lines = PackedLines()
        collectEvents(into: &result)
        return count
    }

    /// Runs a file's lines; returns the accepted commands that changed something. Throws at
    /// the first rejected line, naming it.
    func load(_ path: String, fileNameColumn: Int? = nil) throws(ShellError) -> PackedLines {
        // Checked here, not only for the typed `load`: a file that loads itself recursed
        // until the stack overflowed.
        guard loadDepth < InputLimits.maxLoadDepth else {
            throw ShellError("load is nested too deeply (more than \(InputLimits.maxLoadDepth) files; a file that loads itself?)")
        }
        let target = resolve(path)
        let text: String
        do throws(FileError) { text = try TextFile.read(target) } catch {
            throw ShellError("cannot read \(path): \(error.reason)", column: fileNameColumn)
        }
        loadDepth += 1
        defer { loadDepth -= 1 }
        // Line by line from the text, as a script run reads a file (a line may end in CRLF): an
        // array of the file's lines, a string each, was a third of the peak of loading a big file.
        return try run(Replay.ScriptLines(text), name: path)
    }

    /// Runs a script's lines without reports; returns the accepted commands that changed
    /// something. Throws at the first rejected line, naming it (`name:line: …`).
    func run(_ lines: some Sequence<String>, name path: String) throws(ShellError) -> PackedLines {
        var accepted = PackedLines()
        var number = 0
        for rawLine in lines {
            number += 1
            if let shouldCancel, shouldCancel() {
                throw ShellError("load interrupted at \(path):\(number); nothing was loaded")
            }
            let line: String
            do { line = try sanitize(rawLine) } catch {
                throw ShellError("\(path):\(number): \(error.message)", hint: error.hint)
            }
            if line.isBlank { continue }
            do throws(ShellError) {
                let command = try parse(line)
                if let change = command.asChange {
                    _ = try applyChange(change)
                    accepted.append(line)
                } else if let nested = command as? Load {
                    accepted.append(contentsOf: try load(nested.path))
                } else if type(of: command).spec.kind == .session {
                    throw ShellError("\(type(of: command).spec.words[0]) cannot be used in a loaded file")
                }
                // Inspection commands do nothing in a loaded file.
            } catch {
                // A file that loads itself names its line once, not once per level.
                let place = "\(path):\(number): "
                throw ShellError(error.message.hasPrefix(place) ? error.message : place + error.message, hint: error.hint)
            }
        }
        return accepted
    }
}
