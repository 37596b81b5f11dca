import CEditLine
import LayoutShell
import LayoutVocabulary

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An interactive line reader on top of libedit: emacs-style editing, a
/// prompt, tab completion through a `complete` function, and a persistent
/// history file. Use it only when standard input is a terminal; piped input
/// must never go through libedit.
///
/// Ctrl-C cancels the line being typed and shows a fresh prompt; it never
/// ends the process, before, during or after `readLine()`. Ctrl-D on an empty
/// line makes `readLine()` return nil.
///
/// While a line is read the terminal's bracketed paste is on (`ESC[?2004h`, off again
/// with `ESC[?2004l` once the line is read, as readline does, so commands and the user's
/// shell never see it): the terminal then wraps a paste in `ESC[200~` … `ESC[201~`, and a
/// paste of several lines comes back from `read` as one `.paste` event instead of lines
/// run one by one.
final class LineEditor {
    private let el: OpaquePointer
    private let hist: OpaquePointer
    private let completion: (_ line: String, _ cursor: Int) -> Completion
    /// The prompt as libedit asks for it on every redisplay (it keeps no copy).
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    private let history: HistoryFile?
    private var previousSIGINT = sigaction()
    /// Whether to ask the terminal for bracketed paste (a terminal on stdout, not `TERM=dumb`).
    private let bracketsPastes: Bool
    /// A paste of several lines read by the `ESC[200~` binding, until `read` returns it.
    private var pendingPaste: String?

    /// Returns nil when libedit cannot set up the terminal; the caller can
    /// then read plain lines instead.
    ///
    /// - Parameters:
    ///   - programName: the name libedit looks up in `~/.editrc` sections.
    ///   - prompt: printed before each line; plain text (no escape sequences).
    ///   - historyPath: the history file, or nil for no persistent history.
    ///   - complete: asked for candidates when the user presses Tab, with the line and
    ///     the cursor's offset in it (in Characters).
    init?(programName: String = "layoutlab", prompt: String, historyPath: String?,
          complete: @escaping (_ line: String, _ cursor: Int) -> Completion) {
        // Without a UTF-8 LC_CTYPE, libedit silently drops non-ASCII input.
        // Containers and CI often have no locale set at all; C.UTF-8 then
        // still lets the user type UTF-8 without changing any other category.
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
            if current == "C" || current == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
        }

        guard let hist = LineEditor.makeHistory() else { return nil }
        guard let el = el_init(programName, cel_stdin(), cel_stdout(), cel_stderr()) else {
            history_end(hist)
            return nil
        }
        self.el = el
        self.hist = hist
        self.completion = complete
        self.promptBuffer = strdup(prompt)
        self.history = historyPath.map { HistoryFile(path: $0) }
        self.bracketsPastes = isatty(fileno(cel_stdout())) == 1 && Terminal.environment("TERM") != "dumb"

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
        cel_add_fn(el, "layoutlab-paste", "Read a bracketed paste as one input", lineEditorPaste)
        // libedit reads `\e` as ESC in a key sequence.
        cel_bind(el, "\\e[200~", "layoutlab-paste")
        // The user's ~/.editrc (or $EDITRC) may rebind keys, as in other libedit programs.
        el_source(el, nil)

        history?.load(into: hist)
        // The SIGINT handler only sets a flag (Platform+Signals.swift); everything else lives in
        // this instance, reached through libedit's EL_CLIENTDATA.
        previousSIGINT = InterruptSignal.install()
    }

    deinit {
        InterruptSignal.restore(previousSIGINT)
        el_end(el)
        history_end(hist)
        free(promptBuffer)
    }

    /// Shows `prompt` from the next line on (a lesson's prompt gives way to the shell's).
    func setPrompt(_ prompt: String) {
        let old = promptBuffer
        promptBuffer = strdup(prompt)
        free(old)
    }

    /// What `read` got: a line, Ctrl-C, or the end of input.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the text being typed was discarded.
        case interrupt
        /// Ctrl-D on an empty line, or a closed terminal.
        case end
        /// A bracketed paste of several lines, whole (with any text typed before it), its
        /// line ends as the terminal sent them.
        case paste(String)
    }

    /// Reads one line, without its newline. Ctrl-C discards the current line
    /// and starts a new one; returns nil at end of input (Ctrl-D on an empty
    /// line, or a closed terminal). Non-blank lines are trimmed, added to the
    /// history and the history file is saved before this returns, so a crash
    /// later loses nothing.
    func readLine() -> String? {
        while true {
            switch read() {
            case .line(let line): return line
            case .interrupt: continue
            case .end: return nil
            case .paste(let text): return text
            }
        }
    }

    /// Reads one line, or says that Ctrl-C was pressed (after echoing `^C`) or
    /// that input ended. With `remember` false the line stays out of the
    /// history (pasted lines would flood it).
    func read(remember: Bool = true) -> Input {
        InterruptSignal.clear()
        // libedit follows SIGWINCH only inside el_gets; a window resized
        // while a command ran would otherwise leave it wrapping at the old width.
        el_resize(el)
        var count: Int32 = 0
        pendingPaste = nil
        setBracketedPaste(true)
        errno = 0
        let raw = el_gets(el, &count)
        let err = errno
        setBracketedPaste(false)
        // errno alone is no proof: a window resize mid-line leaves a stale
        // EINTR behind even when the line then ends normally or at EOF.
        let interrupted = raw == nil && count == -1 && err == EINTR
        if InterruptSignal.take() || interrupted {
            // Echo off in raw mode means the terminal showed nothing for ^C;
            // show it, as shells do, so the abandoned text is clearly dead.
            fputs("^C\n", cel_stdout())
            fflush(cel_stdout())
            return .interrupt
        }
        if let paste = pendingPaste {
            // Ended by the paste binding, not by Enter: the line has no newline, and may be empty.
            pendingPaste = nil
            return .paste((raw.map { String(cString: $0) } ?? "") + paste)
        }
        guard let raw, count > 0 else { return .end }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if remember { self.remember(line) }
        return .line(line)
    }

    /// The most history entries kept (and saved); older ones are dropped.
    static let historyLimit: Int32 = 1000

    /// A libedit history that keeps the newest `historyLimit` entries and no entry twice in
    /// a row (pressing Enter on a recalled line must not fill it with copies). Free it with
    /// `history_end`.
    static func makeHistory() -> OpaquePointer? {
        guard let hist = history_init() else { return nil }
        cel_history_setsize(hist, historyLimit)
        cel_history_setunique(hist, 1)
        return hist
    }

    /// True (once) if Ctrl-C was pressed since the last call or the last
    /// `readLine()`: long-running commands poll it to stop early.
    static func takeInterrupt() -> Bool {
        InterruptSignal.take()
    }

    private func setBracketedPaste(_ on: Bool) {
        guard bracketsPastes else { return }
        fputs(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l", cel_stdout())
        fflush(cel_stdout())
    }

    /// Reached on `ESC[200~`: reads up to `ESC[201~`. One line goes into the line being
    /// edited, to be edited and entered as if typed; several end the line at once, and `read`
    /// returns them as one `.paste`. A paste cut short (Ctrl-C, end of input) is dropped.
    fileprivate func readPaste() -> UInt8 {
        // An array, not a String: checking its end after every character stays constant time.
        var text: [Unicode.Scalar] = []
        var ended = false
        var ch: wchar_t = 0
        while el_wgetc(el, &ch) == 1 {
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: Int32(ch))) else { continue }
            text.append(scalar)
            if text.count >= pasteEnd.count, text[(text.count - pasteEnd.count)...].elementsEqual(pasteEnd) {
                text.removeLast(pasteEnd.count)
                ended = true
                break
            }
        }
        guard ended else { return UInt8(CC_REFRESH) }
        switch pastedInput(String(String.UnicodeScalarView(text))) {
        case .insert(let line):
            el_insertstr(el, line)
            return UInt8(CC_REFRESH)
        case .event(let whole):
            pendingPaste = whole
            return UInt8(CC_NEWLINE)
        }
    }

    private func remember(_ line: String) {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return }
        cel_history_enter(hist, trimmed)
        history?.save(from: hist)
    }

    // MARK: Callbacks (reached from C; they capture nothing)

    fileprivate static func from(_ el: OpaquePointer?) -> LineEditor? {
        guard let el, let data = cel_get_clientdata(el) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    fileprivate func promptPointer() -> UnsafeMutablePointer<CChar>? { promptBuffer }

    /// False while text is pasted (`paste`): Tab is then a character of the text (logs
    /// and code are indented with tabs), not a request to complete.
    var completes = true

    /// Handles Tab: asks the provider and edits the line. Returns a CC_* code.
    fileprivate func complete() -> UInt8 {
        guard completes else {
            el_insertstr(el, "\t")
            return UInt8(CC_REFRESH)
        }
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
        let answer = completion(line, cursorCharacters)
        let (from, candidates) = (answer.replaceFrom, answer.candidates)
        let fromCharacters = min(max(0, from), cursorCharacters)
        let start = String(line.prefix(fromCharacters)).unicodeScalars.count
        let typed = String(String.UnicodeScalarView(scalars.dropFirst(start).prefix(max(0, cursor - start))))

        switch candidates.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            let word = candidates[0]
            let noSpace = word.hasSuffix(".") || word.hasSuffix(":") || word.hasSuffix("/") || !answer.spaceAfter
            let suffix = noSpace ? "" : " "
            replace(typed, with: word + suffix)
            return UInt8(CC_REFRESH)
        default:
            let common = commonPrefix(candidates)
            if common.unicodeScalars.count > typed.unicodeScalars.count, common.hasPrefix(typed) {
                replace(typed, with: common)
            }
            fputs("\n" + completionList(candidates, width: Terminal.width), cel_stdout())
            fflush(cel_stdout())
            return UInt8(CC_REDISPLAY)
        }
    }

    private func replace(_ typed: String, with text: String) {
        el_deletestr(el, Int32(typed.unicodeScalars.count))
        el_insertstr(el, text)
    }
}

/// Candidates laid out in columns for a terminal `width` columns wide, as a shell lists
/// them: column-major (as ls does, so reading down a column stays sorted), each column as
/// wide as the widest candidate plus two spaces, as many columns as fit (at least one), no
/// trailing spaces; at most `limit` candidates, then `… and N more`. Every line ends in a
/// newline. The line editor prints it under the line being edited; libedit then redraws the
/// prompt and the line below it.
func completionList(_ candidates: [String], width: Int, limit: Int = 200) -> String {
    let shown = Array(candidates.prefix(limit))
    let widest = shown.map { $0.count }.max() ?? 0
    let columnWidth = widest + 2
    let columns = max(1, width / columnWidth)
    let rows = (shown.count + columns - 1) / columns
    var out = ""
    for row in 0..<rows {
        var text = ""
        for column in 0..<columns {
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
    return out
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

private func lineEditorPaste(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    LineEditor.from(el)?.readPaste() ?? UInt8(CC_ERROR)
}

/// What ends a bracketed paste.
private let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]

/// What a bracketed paste becomes.
enum PastedInput: Equatable {
    /// One line (its trailing line end dropped): inserted where the cursor is, as if typed.
    case insert(String)
    /// Several lines: one input, read whole.
    case event(String)
}

/// A paste of one line, with or without a line end after it, is edited like typed text (a
/// terminal never runs it by itself); a paste holding a line end before its last
/// character is one input, whole.
func pastedInput(_ text: String) -> PastedInput {
    var body = Substring(text)
    while let last = body.last, last.isNewline { body.removeLast() }
    return body.contains(where: \.isNewline) ? .event(text) : .insert(String(body))
}

private func lineEditorComplete(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    LineEditor.from(el)?.complete() ?? UInt8(CC_ERROR)
}

/// The persistent history: loaded once, then rewritten after every accepted line through
/// `TextFile.write` (a temporary file beside it, fsync'ed, renamed over the old one), so a
/// crash or a full disk never leaves a half-written history. A new history file is private
/// (0600, as libedit and bash make theirs); an existing one keeps its mode, and a symbolic
/// link (dotfile managers) keeps pointing at the replaced file.
///
/// A file that is not a libedit history (a readline one, or anything else) is left alone:
/// history is then not saved. Any failure warns once and stops the saving, so a read-only
/// home does not warn on every line.
final class HistoryFile {
    let path: String
    /// False after a failure, or when the file is not ours.
    private(set) var writable = true
    private let warn: (String) -> Void

    /// - Parameter warn: told each problem, in one line (default: standard error).
    init(path: String, warn: @escaping (String) -> Void = { fputs($0 + "\n", cel_stderr()) }) {
        self.path = path
        self.warn = warn
    }

    /// Adds the file's entries to `hist`. A missing file is an empty history.
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

    /// Replaces the file with `hist`'s entries, in libedit's format.
    func save(from hist: OpaquePointer) {
        guard writable else { return }
        do {
            try TextFile.write(to: path, newFileMode: 0o600) { fd in
                let copy = dup(fd)
                guard copy >= 0 else { return false }
                guard let file = fdopen(copy, "w") else {
                    let code = errno
                    close(copy)
                    errno = code
                    return false
                }
                // libedit ignores its own write errors; the stream remembers them.
                let written = cel_history_save_fp(hist, file) >= 0 && fflush(file) == 0 && ferror(file) == 0
                let code = errno
                let closed = fclose(file) == 0
                if written { return closed }
                errno = code
                return false
            }
        } catch {
            writable = false
            warn("layoutlab: history not saved: \(error)")
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing blanks and line breaks: libedit hands over the
    /// line with its newline, and a pasted block may carry `\r`.
    var trimmingWhitespace: String { String(trimming { $0.isBlank || $0.isNewline }) }
}
