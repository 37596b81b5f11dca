#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What was being done to a file when it failed.
public enum FileOperation: String, Hashable, Sendable {
    case read
    case write
}

/// Why a file could not be read or written. Every case names the path it was given (callers
/// resolve relative paths before, and may word the message with the path the user typed and
/// `reason`); `description` is the whole thing as one line: `cannot write out.lal: Permission
/// denied`.
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed with `errno` (its `strerror` text is the reason).
    case system(path: String, operation: FileOperation, errno: Int32)
    /// The path names a directory (or ends in `/`) where a file was needed.
    case isDirectory(path: String, operation: FileOperation)
    /// The target of a write exists and is not a regular file (a device, a pipe, a socket);
    /// renaming a file over it would replace it instead of writing to it.
    case notRegularFile(path: String)
    /// The file holds more than `limit` bytes, the most the reader accepts.
    case tooLarge(path: String, limit: Int)

    public var path: String {
        switch self {
        case .system(let path, _, _), .isDirectory(let path, _), .notRegularFile(let path),
             .tooLarge(let path, _):
            path
        }
    }

    public var operation: FileOperation {
        switch self {
        case .system(_, let operation, _), .isDirectory(_, let operation): operation
        case .notRegularFile: .write
        case .tooLarge: .read
        }
    }

    /// The system's error number, for `.system`; nil for the checks made here.
    public var errorNumber: Int32? {
        if case .system(_, _, let code) = self { return code }
        return nil
    }

    /// Why, in a few words and without the path: `strerror`'s text for a failed system call
    /// (`Permission denied`), else `it is a directory`, `it is not a regular file`,
    /// `it is larger than 256 MiB`.
    public var reason: String {
        switch self {
        case .system(_, _, let code): String(cString: strerror(code))
        case .isDirectory: "it is a directory"
        case .notRegularFile: "it is not a regular file"
        case .tooLarge(_, let limit): "it is larger than \(TextFile.describeSize(limit))"
        }
    }

    /// `cannot read PATH: REASON` or `cannot write PATH: REASON`, on one line.
    public var description: String {
        "cannot \(operation.rawValue) \(path): \(reason)"
    }
}

/// Reading and writing whole text files, the one way every part of LayoutLab does it.
///
/// `write` is atomic: the new contents go to a temporary file in the target's directory, which
/// is flushed to the disk and renamed over the target, so a reader sees either the old file or
/// the new one, never a part, and the old file survives any failure (full disk, read-only
/// directory, a crash). `read` refuses directories and files over a size limit, so a
/// mistaken path cannot exhaust memory.
///
/// Paths are used as given: a relative path is taken from the process's current directory,
/// so callers with a directory of their own resolve paths first.
public enum TextFile {
    /// The most `read` accepts unless told otherwise: 256 MiB.
    public static let defaultReadLimit = 256 << 20

    /// Permission bits of a file `write` creates, before the umask: rw-r--r--.
    public static let defaultNewFileMode: mode_t = 0o644

    // MARK: Reading

    /// The contents of the file at `path`, as UTF-8 (invalid sequences become U+FFFD rather
    /// than failing: no input may stop the shell).
    ///
    /// - Throws: `.isDirectory` for a directory, `.tooLarge` when the file holds more than
    ///   `limit` bytes (checked before reading a regular file, while reading anything else),
    ///   `.system` when opening or reading fails (`ENOENT`, `EACCES`, …).
    public static func read(_ path: String, limit: Int = defaultReadLimit) throws(FileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path: path, operation: .read, errno: errno) }
        defer { close(fd) }
        return try read(descriptor: fd, name: path, limit: limit)
    }

    /// The rest of an open file, pipe or terminal (standard input is descriptor 0), as UTF-8.
    /// `name` is what errors call it (`-` for standard input, say). The descriptor stays open.
    ///
    /// - Throws: as `read(_:limit:)`.
    public static func read(descriptor fd: Int32, name: String, limit: Int = defaultReadLimit) throws(FileError) -> String {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(path: name, operation: .read, errno: errno) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory(path: name, operation: .read) }
        var bytes: [UInt8] = []
        if type == S_IFREG {
            if status.st_size > limit { throw .tooLarge(path: name, limit: limit) }
            bytes.reserveCapacity(Int(status.st_size))
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(path: name, operation: .read, errno: errno)
            }
            if n == 0 { break }
            // A file that grew since fstat, or a pipe, is held to the limit as it comes.
            if bytes.count + n > limit { throw .tooLarge(path: name, limit: limit) }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Writing

    /// Replaces the file at `path` with `text`, atomically (see `write(to:newFileMode:contents:)`).
    public static func write(_ text: String, to path: String, newFileMode: mode_t = defaultNewFileMode) throws(FileError) {
        try write(to: path, newFileMode: newFileMode) { fd in
            var utf8 = text
            return utf8.withUTF8 { writeAll(fd, $0) }
        }
    }

    /// Replaces the file at `path` with what `contents` writes to the descriptor it is given,
    /// atomically:
    ///
    /// 1. a directory (or a path ending in `/`) is refused, and so is an existing target that
    ///    is not a regular file; a symbolic link is followed, so the file it points to is
    ///    replaced and the link stays;
    /// 2. a new temporary file is made beside the target (same directory, so the rename
    ///    cannot cross file systems), named `.NAME.tmp-…`;
    /// 3. `contents` writes to it; it returns false, with `errno` set, when it fails;
    /// 4. the file gets the existing target's permission bits (and, where allowed, its owner
    ///    and group); a new file gets `newFileMode` minus the umask;
    /// 5. the file is fsync'ed and closed, renamed over the target, and the directory is
    ///    fsync'ed so the rename itself survives a crash.
    ///
    /// On any failure before the rename the temporary file is removed and the target is left
    /// as it was. A failed fsync of the directory after the rename is not reported: the new
    /// contents are in place by then, and some file systems cannot sync a directory.
    /// Replacing a file this way gives it a new inode: hard links to the old one keep the old
    /// contents, and extended attributes and ACLs are not carried over.
    ///
    /// - Throws: `.isDirectory`, `.notRegularFile`, or `.system` with the errno of the step
    ///   that failed (`EACCES` or `EROFS` for a read-only directory, `ENOSPC`, …).
    public static func write(to path: String, newFileMode: mode_t = defaultNewFileMode,
                             contents: (_ descriptor: Int32) -> Bool) throws(FileError) {
        func failure(_ code: Int32) -> FileError { .system(path: path, operation: .write, errno: code) }
        if path.isEmpty { throw failure(ENOENT) }
        if path.hasSuffix("/") { throw .isDirectory(path: path, operation: .write) }

        // What is being replaced: the file a symbolic link points to, and its mode.
        var target = path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists {
            let type = existing.st_mode & S_IFMT
            if type == S_IFDIR { throw .isDirectory(path: path, operation: .write) }
            if type != S_IFREG { throw .notRegularFile(path: path) }
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) {
                target = String(cString: real)
                free(real)
            }
        } else if errno != ENOENT {
            throw failure(errno)
        }

        let (directory, base) = split(target)
        let (fd, temp) = try createTemporary(in: directory, base: base, mode: newFileMode, path: path)
        var isOpen = true
        func abandon(_ code: Int32) -> FileError {
            if isOpen { close(fd) }
            unlink(temp)
            return failure(code)
        }

        // The mode the kernel gave the new file (newFileMode minus the umask): `contents` may
        // change it (libedit's history writer sets 0600), so it is set again below.
        var created = stat()
        guard fstat(fd, &created) == 0 else { throw abandon(errno) }
        errno = 0
        guard contents(fd) else { throw abandon(errno == 0 ? EIO : errno) }
        if exists {
            // Best effort: only root may give a file away; a group may not be allowed either.
            if existing.st_uid != created.st_uid || existing.st_gid != created.st_gid {
                _ = fchown(fd, existing.st_uid, existing.st_gid)
            }
            guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw abandon(errno) }
        } else {
            guard fchmod(fd, created.st_mode & 0o7777) == 0 else { throw abandon(errno) }
        }
        guard fsync(fd) == 0 else { throw abandon(errno) }
        isOpen = false
        guard close(fd) == 0 else { throw abandon(errno) }
        guard rename(temp, target) == 0 else { throw abandon(errno) }
        syncDirectory(directory)
    }

    // MARK: Helpers

    /// Writes all of `bytes`, going on after short writes and signals. False with errno set
    /// on failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// `path`'s directory ("." for a bare name, "/" for a name right under the root) and
    /// last component.
    static func split(_ path: String) -> (directory: String, base: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }

    /// Creates `DIRECTORY/.BASE.tmp-XXXXXXXX` exclusively (never an existing file, never
    /// through a symbolic link), open for writing.
    private static func createTemporary(in directory: String, base: String, mode: mode_t,
                                        path: String) throws(FileError) -> (Int32, String) {
        // Long names would push the temporary name past NAME_MAX.
        let stem = base.utf8.count <= 200 ? base : "layoutlab"
        let prefix = (directory.hasSuffix("/") ? directory : directory + "/") + "." + stem + ".tmp-"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            let temp = prefix + suffix
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if fd >= 0 { return (fd, temp) }
            if errno != EEXIST { throw .system(path: path, operation: .write, errno: errno) }
        }
        throw .system(path: path, operation: .write, errno: EEXIST)
    }

    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// `256 MiB`, `64 KiB`, `1000 bytes`.
    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}

/// Listing a directory, the one way LayoutLab does it (lessons, file-name completion): the C
/// library's `dirent` differs between Linux and macOS (`d_name` holds 256 bytes on one, 1 024
/// on the other), so it is read in this one place.
public enum Directory {
    /// The names in `path` (without `.` and `..`), in the order the system gives them; empty
    /// when the directory cannot be read.
    public static func names(in path: String) -> [String] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // A name is at most NAME_MAX (255) bytes and a NUL on both systems.
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// True when `path` is a directory (a symbolic link to one counts).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

// `read` and `write` are the C functions; inside `TextFile` the names are its own.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
