#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the executable asks the system about itself: where its file is (to find the lessons
/// installed beside it) and how to end at once. Linux and macOS answer differently; the
/// difference stays in this file.
enum RunningProcess {
    /// The running executable's real path (symbolic links resolved), or nil.
    static func executablePath() -> String? {
        #if os(Linux)
        return realPath("/proc/self/exe")
        #else
        // macOS has no /proc: dyld knows the path (possibly through a symbolic link).
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return realPath(String(cString: buffer))
        #endif
    }

    /// `path` with symbolic links, `.` and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Ends the process with `status` (the C library's exit: buffers flushed, no unwinding).
    static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
