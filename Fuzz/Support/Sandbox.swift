#if canImport(Glibc)
import Glibc
#endif

/// Where the session target's files live: a directory of this process's own on tmpfs
/// (/dev/shm), so `save`, `svg` and `load` never touch the disk and never leave it.
enum Sandbox {
    /// The commands that name a file.
    static let fileWords = ["save", "load", "svg", "import", "export"]

    /// True when the line could be a file command (conservatively: it mentions one's word).
    static func touchesFiles(_ line: String) -> Bool {
        let lower = line.lowercased()
        return fileWords.contains { lower.contains($0) }
    }

    static let directory: String = {
        let path = "/dev/shm/layoutlab-fuzz-\(getpid())"
        mkdir(path, 0o700)
        // Relative paths that do not go through the session's directory land here too.
        precondition(chdir(path) == 0, "cannot enter \(path)")
        return path
    }()

    static func write(_ text: String, to name: String) {
        let fd = open(directory + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        var text = text
        _ = text.withUTF8 { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Removes every file the last input made.
    static func clear() {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(directory + "/" + name) }
        }
    }
}
