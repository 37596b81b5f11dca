import CEditLine
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the SIGINT handler. A signal handler may touch nothing but
/// lock-free atomics, and an immutable global `Atomic` is the one piece of
/// global state Swift 6 accepts for that; everything else lives in the
/// `LineEditor` instance reached through libedit's EL_CLIENTDATA.
private let interruptFlag = Atomic<Bool>(false)

/// An interactive line reader on top of libedit: emacs-style editing, a
/// prompt, tab completion through a `CompletionProvider`, and a persistent
/// history file. Use it only when standard input is a terminal; piped input
/// must never go through libedit.
///
/// Ctrl-C cancels the line being typed and shows a fresh prompt; it never
/// ends the process, before, during or after `readLine()`. Ctrl-D on an empty
/// line makes `readLine()` return nil.
final class LineEditor {
    private let el: OpaquePointer
    private let hist: OpaquePointer
    private let completion: any CompletionProvider
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    private let history: HistoryFile?
    private var previousSIGINT = sigaction()

    /// Returns nil when libedit cannot set up the terminal; the caller can
    /// then read plain lines instead.
    ///
    /// - Parameters:
    ///   - programName: the name libedit looks up in `~/.editrc` sections.
    ///   - prompt: printed before each line; plain text (no escape sequences).
    ///   - historyPath: the history file, or nil for no persistent history.
    ///   - completion: asked for candidates when the user presses Tab.
    init?(programName: String = "layoutlab", prompt: String, historyPath: String?,
          completion: any CompletionProvider) {
        // Without a UTF-8 LC_CTYPE, libedit silently drops non-ASCII input.
        // Containers and CI often have no locale set at all; C.UTF-8 then
        // still lets the user type UTF-8 without changing any other category.
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
            if current == "C" || current == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
        }

        guard let hist = history_init() else { return nil }
        guard let el = el_init(programName, cel_stdin(), cel_stdout(), cel_stderr()) else {
            history_end(hist)
            return nil
        }
        self.el = el
        self.hist = hist
        self.completion = completion
        self.promptBuffer = strdup(prompt)
        cel_history_setsize(hist, 1000)
        // Pressing Enter on a recalled line must not fill the history with copies.
        cel_history_setunique(hist, 1)
        self.history = historyPath.map { HistoryFile(path: $0) }

        cel_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
        cel_set_editor(el, "emacs")
        cel_set_hist(el, hist)
        // libedit then restores the terminal on signals, follows window
        // resizes (SIGWINCH) mid-line, and passes SIGINT on to our handler.
        cel_set_signal(el, 1)
        cel_set_prompt(el, lineEditorPrompt)
        cel_add_fn(el, "layoutlab-complete", "Complete the word before the cursor",
                   lineEditorComplete)
        cel_bind(el, "^I", "layoutlab-complete")
        // The user's ~/.editrc (or $EDITRC) may rebind keys, as in other libedit programs.
        el_source(el, nil)

        history?.load(into: hist)
        installInterruptHandler()
    }

    deinit {
        sigaction(SIGINT, &previousSIGINT, nil)
        el_end(el)
        history_end(hist)
        free(promptBuffer)
    }

    /// The text shown before each line; takes effect at the next redisplay.
    var prompt: String {
        get { promptBuffer.map { String(cString: $0) } ?? "" }
        set {
            // libedit asks the prompt callback every time it draws the
            // prompt and keeps no copy, so the old buffer can go now.
            let old = promptBuffer
            promptBuffer = strdup(newValue)
            free(old)
        }
    }

    /// Reads one line, without its newline. Ctrl-C discards the current line
    /// and starts a new one; returns nil at end of input (Ctrl-D on an empty
    /// line, or a closed terminal). Non-blank lines are trimmed, added to the
    /// history and the history file is saved before this returns, so a crash
    /// later loses nothing.
    func readLine() -> String? {
        while true {
            interruptFlag.store(false, ordering: .relaxed)
            // libedit follows SIGWINCH only inside el_gets; a window resized
            // while a command ran would otherwise leave it wrapping at the old width.
            el_resize(el)
            var count: Int32 = 0
            errno = 0
            let raw = el_gets(el, &count)
            let err = errno
            // errno alone is no proof: a window resize mid-line leaves a stale
            // EINTR behind even when the line then ends normally or at EOF.
            let interrupted = raw == nil && count == -1 && err == EINTR
            if interruptFlag.exchange(false, ordering: .relaxed) || interrupted {
                // Echo off in raw mode means the terminal showed nothing for ^C;
                // show it, as shells do, so the abandoned text is clearly dead.
                fputs("^C\n", cel_stdout())
                fflush(cel_stdout())
                continue
            }
            guard let raw, count > 0 else { return nil }
            var line = String(cString: raw)
            if line.hasSuffix("\n") { line.removeLast() }
            remember(line)
            return line
        }
    }

    /// True (once) if Ctrl-C was pressed since the last call or the last
    /// `readLine()`: long-running commands poll it to stop early.
    static func takeInterrupt() -> Bool {
        interruptFlag.exchange(false, ordering: .relaxed)
    }

    /// The history entries, oldest first.
    var historyEntries: [String] {
        var entries: [String] = []
        var entry = cel_history_last(hist)
        while let e = entry {
            entries.append(String(cString: e))
            entry = cel_history_prev(hist)
        }
        return entries
    }

    private func remember(_ line: String) {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return }
        cel_history_enter(hist, trimmed)
        history?.save(from: hist)
    }

    private func installInterruptHandler() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in interruptFlag.store(true, ordering: .relaxed) }
        #else
        action.__sigaction_u.__sa_handler = { _ in interruptFlag.store(true, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: an interrupted read() must return so el_gets gives up the line.
        action.sa_flags = 0
        sigaction(SIGINT, &action, &previousSIGINT)
    }

    // MARK: Callbacks (reached from C; they capture nothing)

    fileprivate static func from(_ el: OpaquePointer?) -> LineEditor? {
        guard let el, let data = cel_get_clientdata(el) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    fileprivate func promptPointer() -> UnsafeMutablePointer<CChar>? { promptBuffer }

    /// Handles Tab: asks the provider and edits the line. Returns a CC_* code.
    fileprivate func complete() -> UInt8 {
        guard let info = el_wline(el)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.lastchar - info.buffer
        let cursor = info.cursor - info.buffer
        var scalars = String.UnicodeScalarView()
        for i in 0..<length {
            scalars.append(Unicode.Scalar(UInt32(bitPattern: Int32(info.buffer[i]))) ?? "\u{FFFD}")
        }
        // The provider counts Characters (what Swift code indexes by); libedit
        // counts wide characters, i.e. Unicode scalars. Convert both ways.
        let line = String(scalars)
        let cursorCharacters = String(String.UnicodeScalarView(scalars.prefix(cursor))).count
        let (from, candidates) = completion.completions(line: line, cursor: cursorCharacters)
        let fromCharacters = min(max(0, from), cursorCharacters)
        let start = String(line.prefix(fromCharacters)).unicodeScalars.count
        let typed = String(String.UnicodeScalarView(scalars.dropFirst(start).prefix(max(0, cursor - start))))

        switch candidates.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            let word = candidates[0]
            let noSpace = word.hasSuffix(".") || word.hasSuffix(":") || word.hasSuffix("/")
                || !completion.spaceAfterCompletion(line: line, replaceFrom: fromCharacters)
            let suffix = noSpace ? "" : " "
            replace(typed, with: word + suffix)
            return UInt8(CC_REFRESH)
        default:
            let common = commonPrefix(candidates)
            if common.unicodeScalars.count > typed.unicodeScalars.count, common.hasPrefix(typed) {
                replace(typed, with: common)
            }
            printList(candidates)
            return UInt8(CC_REDISPLAY)
        }
    }

    private func replace(_ typed: String, with text: String) {
        el_deletestr(el, Int32(typed.unicodeScalars.count))
        el_insertstr(el, text)
    }

    /// Prints candidates in columns under the line, like a shell does; the
    /// caller's CC_REDISPLAY then redraws the prompt and line below them.
    private func printList(_ candidates: [String]) {
        let limit = 200
        let shown = Array(candidates.prefix(limit))
        let widest = shown.map { $0.count }.max() ?? 0
        let columnWidth = widest + 2
        let columns = max(1, Terminal.width / columnWidth)
        let rows = (shown.count + columns - 1) / columns
        var out = "\n"
        for row in 0..<rows {
            var text = ""
            for column in 0..<columns {
                // Column-major, as ls does: reading down a column stays sorted.
                let index = column * rows + row
                guard index < shown.count else { break }
                let item = shown[index]
                let isLast = column == columns - 1 || (column + 1) * rows + row >= shown.count
                text += isLast ? item : item + String(repeating: " ", count: columnWidth - item.count)
            }
            out += text + "\n"
        }
        if candidates.count > limit {
            out += "… and \(candidates.count - limit) more\n"
        }
        fputs(out, cel_stdout())
        fflush(cel_stdout())
    }
}

/// The longest common prefix of `words`, compared by Unicode scalar.
func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first.map({ Array($0.unicodeScalars) }) else { return "" }
    for word in words.dropFirst() {
        var n = 0
        for (a, b) in zip(prefix, word.unicodeScalars) {
            if a != b { break }
            n += 1
        }
        prefix.removeSubrange(n...)
    }
    return String(String.UnicodeScalarView(prefix))
}

private func lineEditorPrompt(_ el: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    LineEditor.from(el)?.promptPointer()
}

private func lineEditorComplete(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    LineEditor.from(el)?.complete() ?? UInt8(CC_ERROR)
}

/// The persistent history: loaded once, then rewritten after every accepted
/// line by writing a temporary file beside it and rename(2)-ing it over the
/// old one, so a crash or a full disk never leaves a half-written history.
final class HistoryFile {
    let path: String
    /// False after a failure, so a read-only home warns once, not on every line.
    private var writable = true

    init(path: String) {
        // Follow a symlinked history (dotfile managers) so rename replaces the
        // target, not the link.
        if let real = realpath(path, nil) {
            self.path = String(cString: real)
            free(real)
        } else {
            self.path = path
        }
    }

    func load(into hist: OpaquePointer) {
        guard access(path, F_OK) == 0 else { return }
        if cel_history_load(hist, path) < 0 {
            var st = stat()
            if stat(path, &st) == 0, st.st_size > 0 {
                // Not ours (e.g. a readline-format file): keep it intact.
                writable = false
                warn("layoutlab: \(path) is not a libedit history file; history will not be saved")
            }
        }
    }

    func save(from hist: OpaquePointer) {
        guard writable else { return }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var template = Array(((directory.isEmpty ? "" : directory) + "/.layoutlab_history.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return fail("cannot create a file in \(directory)", errno) }
        close(fd)
        let temp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard cel_history_save(hist, temp) >= 0 else {
            let err = errno
            unlink(temp)
            return fail("cannot write \(temp)", err)
        }
        // Make the new contents durable before they replace the old file.
        let sync = open(temp, O_RDONLY)
        if sync >= 0 { fsync(sync); close(sync) }
        guard rename(temp, path) == 0 else {
            let err = errno
            unlink(temp)
            return fail("cannot replace \(path)", err)
        }
    }

    private func fail(_ what: String, _ err: Int32) {
        writable = false
        warn("layoutlab: history not saved: \(what): \(String(cString: strerror(err)))")
    }

    private func warn(_ message: String) {
        fputs(message + "\n", cel_stderr())
    }
}
