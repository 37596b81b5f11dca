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

    /// Has the C library map every block of 128 KiB or more on its own and give it back to the
    /// system when it is freed, as it does at first. Left to itself, glibc raises that threshold
    /// to the size of each mapped block freed (up to 32 MiB), so once a big array has grown
    /// by copying, the next ones come from the heap: the reserved half of a doubled array is
    /// then resident as soon as it is reused, and the old buffers stay as holes. A big layout's
    /// rows, columns, per-symbol arrays and the trail all grow that way (issue 27: `--final`
    /// on a 10 000-view chain peaks 3.6 MB lower, on 100 000 views 19 MB). macOS's allocator
    /// maps large blocks by itself.
    static func mapLargeBlocks() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out <malloc.h>: `mallopt` is looked up by name, and
        // M_MMAP_THRESHOLD is -3 there.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallocOption.self)(-3, 128 * 1024)
        #endif
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
