#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under $TMPDIR (or /tmp) for one test, removed with everything in it
/// when the test is done with it (`defer { scratch.remove() }`). Mode 0755, so a file in it
/// can be reached by an ordinary user (see `asOrdinaryUser`).
struct Scratch {
    let path: String

    init() {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/layoutlab-tests.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: made!)
        chmod(path, 0o755)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { removeTree(path) }
}

private func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
        chmod(path, 0o755)
        for name in entries(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// The names in a directory, without `.` and `..`, sorted.
func entries(_ directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// Writes `bytes` to `path` directly (not through the code under test).
func putBytes(_ bytes: [UInt8], at path: String, mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fchmod(fd, mode)
    close(fd)
}

func putText(_ text: String, at path: String, mode: mode_t = 0o644) {
    putBytes(Array(text.utf8), at: path, mode: mode)
}

/// The file's bytes, or nil when it cannot be opened.
func bytes(at path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        result += buffer[0..<n]
    }
    return result
}

func text(at path: String) -> String? {
    bytes(at: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Permission bits of the file (a symbolic link is followed).
func mode(of path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}

func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
}

/// The process's umask, read without changing it (Linux: /proc/self/status).
func currentUmask() -> mode_t {
    #if os(Linux)
    if let status = text(at: "/proc/self/status"),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
       let value = mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8) {
        return value
    }
    #endif
    let mask = umask(0o022)
    umask(mask)
    return mask
}

/// Runs `body` with an ordinary user's file permissions, so a read-only directory is read-only
/// even when the tests run as root (as in containers). Linux: the calling thread's file-system
/// uid becomes `nobody`'s, which also drops root's file capabilities for this thread only; the
/// other tests running at the same time keep theirs. `body` must not suspend (it cannot: it is
/// synchronous), so it stays on this thread. Elsewhere root is not expected and `body` runs as
/// it is.
func asOrdinaryUser<T>(_ body: () throws -> T) rethrows -> T {
    #if os(Linux)
    if geteuid() == 0, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") {
        typealias SetFSUID = @convention(c) (UInt32) -> Int32
        let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
        let previous = setfsuid(65534)
        defer { _ = setfsuid(UInt32(bitPattern: previous)) }
        return try body()
    }
    #endif
    return try body()
}

/// True when `asOrdinaryUser` really makes a 0555 directory unwritable here: the test of a
/// read-only directory is meaningless otherwise, and says so rather than passing.
func readOnlyDirectoriesWork(in scratch: Scratch) -> Bool {
    let dir = scratch.file("probe")
    mkdir(dir, 0o555)
    chmod(dir, 0o555)
    defer { rmdir(dir) }
    return asOrdinaryUser {
        let fd = open(dir + "/x", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd >= 0 { close(fd); unlink(dir + "/x"); return false }
        return errno == EACCES
    }
}
