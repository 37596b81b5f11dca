#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

/// Script files: `save` writes the history as a script, `load` runs one as a single undo step.
extension Session {
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || directory == nil { return path }
        return directory! + "/" + path
    }

    /// The script `save` writes: the history since the last `reset`, one command per line.
    var savedScript: (text: String, commands: Int) {
        let all = history.flatMap { $0 }
        let start = all.lastIndex(of: "reset").map { $0 + 1 } ?? 0
        var text = "# LayoutLab session, written by `save`; `load` or replay it to rebuild the session.\n"
        for line in all[start...] { text += line + "\n" }
        return (text, all.count)
    }

    /// Writes the history as a script, atomically: a temporary file in the same directory,
    /// flushed, then renamed over the target. The previous file survives any failure. Returns
    /// the number of commands in the history.
    func save(to path: String) throws(ShellError) -> Int {
        let target = resolve(path)
        let (text, commands) = savedScript
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
        return commands
    }

    /// `load FILE` as one undo step: runs the file, records its accepted commands as one step
    /// and fills in what changed. A failing line (or a cancel) leaves the session as it was.
    /// Returns the number of commands recorded.
    func loadAsOneStep(_ path: String, into result: inout CommandResult) throws(ShellError) -> Int {
        let lines: [String]
        do {
            lines = try load(path)
        } catch {
            // Nothing of a failed load stays.
            rebuild()
            _ = model.takeEvents()
            throw error
        }
        recordStep(lines, inverse: nil)
        collectEvents(into: &result)
        return lines.count
    }

    /// Runs a file's lines; returns the accepted commands that changed something. Throws at
    /// the first rejected line, naming it.
    func load(_ path: String) throws(ShellError) -> [String] {
        // Checked here, not only for the typed `load`: a file that loads itself recursed
        // until the stack overflowed.
        guard loadDepth < InputLimits.maxLoadDepth else {
            throw ShellError("load is nested too deeply (more than \(InputLimits.maxLoadDepth) files; a file that loads itself?)")
        }
        let target = resolve(path)
        guard let text = readFile(target) else {
            throw ShellError("cannot read \(path): \(String(cString: strerror(errno)))")
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
            if line.isBlank { continue }
            do throws(ShellError) {
                let command = try parse(line)
                if let change = command as? any SessionChange {
                    _ = try change.apply(to: self)
                    accepted.append(line)
                } else if let nested = command as? Load {
                    accepted += try load(nested.path)
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
}
