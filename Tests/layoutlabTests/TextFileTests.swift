import LayoutShell
import Testing
@testable import LayoutReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `TextFile.write`: the one atomic writer (`save`, `--check --update`, the history file).
@Suite struct AtomicWriterTests {
    @Test func writesANewFileWithTheDefaultModeMinusTheUmask() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("new.lal")
        try TextFile.write("view a\n", to: path)
        #expect(text(at: path) == "view a\n")
        #expect(mode(of: path) == 0o644 & ~currentUmask())
        #expect(entries(scratch.path) == ["new.lal"], "no temporary file left behind")
    }

    @Test func aNewFileGetsTheModeAskedFor() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("private")
        try TextFile.write("x", to: path, newFileMode: 0o600)
        #expect(mode(of: path) == 0o600)
        // The umask applies (usually 022, so 0666 gives 0644), and contents that change the
        // mode on the way (libedit sets 0600) do not get the last word.
        let shared = scratch.file("shared")
        try TextFile.write(to: shared, newFileMode: 0o666) { fd in fchmod(fd, 0o600) == 0 }
        #expect(mode(of: shared) == 0o666 & ~currentUmask())
    }

    @Test func replacesAFileKeepingItsMode() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("s.lal")
        putText("old contents, longer than the new ones\n", at: path, mode: 0o640)
        try TextFile.write("new\n", to: path)
        #expect(text(at: path) == "new\n")
        #expect(mode(of: path) == 0o640)

        // An executable, group-writable mode (not one the umask would give) survives too.
        chmod(path, 0o775)
        try TextFile.write("newer\n", to: path)
        #expect(text(at: path) == "newer\n")
        #expect(mode(of: path) == 0o775)
        #expect(entries(scratch.path) == ["s.lal"])
    }

    @Test func replacesWhatASymbolicLinkPointsAtAndKeepsTheLink() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let real = scratch.file("real")
        let link = scratch.file("link")
        putText("old", at: real, mode: 0o600)
        #expect(symlink(real, link) == 0)
        try TextFile.write("new", to: link)
        #expect(isSymbolicLink(link))
        #expect(text(at: real) == "new")
        #expect(mode(of: real) == 0o600)
        #expect(entries(scratch.path) == ["link", "real"])
    }

    @Test func writesEmptyAndLargeContents() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("f")
        try TextFile.write("", to: path)
        #expect(bytes(at: path) == [])
        let big = String(repeating: "a.width >= 100 @750\n", count: 100_000)
        try TextFile.write(big, to: path)
        #expect(text(at: path) == big)
    }

    @Test func failsOnAReadOnlyDirectoryLeavingTheOldFileAndNoTemporaryFile() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        try #require(readOnlyDirectoriesWork(in: scratch), "cannot make a read-only directory here")
        let dir = scratch.file("ro")
        mkdir(dir, 0o755)
        let path = dir + "/s.lal"
        putText("precious\n", at: path, mode: 0o644)
        chmod(dir, 0o555)

        let error = asOrdinaryUser { () -> FileError? in
            do throws(FileError) { try TextFile.write("replacement\n", to: path) } catch { return error }
            return nil
        }
        #expect(error == .system(path: path, operation: .write, errno: EACCES))
        #expect(error?.description == "cannot write \(path): Permission denied")
        #expect(text(at: path) == "precious\n")
        #expect(entries(dir) == ["s.lal"])
    }

    @Test func aFailureWhileWritingRemovesTheTemporaryFileAndKeepsTheOldOne() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("s.lal")
        putText("precious\n", at: path)
        #expect(throws: FileError.system(path: path, operation: .write, errno: ENOSPC)) {
            try TextFile.write(to: path) { fd in
                // Half the contents, then the disk is full.
                _ = "half".withCString { write(fd, $0, 4) }
                errno = ENOSPC
                return false
            }
        }
        #expect(text(at: path) == "precious\n")
        #expect(entries(scratch.path) == ["s.lal"])
    }

    @Test func refusesADirectory() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let dir = scratch.file("out")
        mkdir(dir, 0o755)
        putText("inside", at: dir + "/keep")
        #expect(throws: FileError.isDirectory(path: dir, operation: .write)) {
            try TextFile.write("x", to: dir)
        }
        #expect(entries(dir) == ["keep"])
        // A trailing slash names a directory even before it exists.
        #expect(throws: FileError.isDirectory(path: scratch.file("new/"), operation: .write)) {
            try TextFile.write("x", to: scratch.file("new/"))
        }
        #expect(FileError.isDirectory(path: "out", operation: .write).description
                == "cannot write out: it is a directory")
        #expect(entries(scratch.path) == ["out"])
    }

    @Test func refusesAPipeOrDeviceInsteadOfReplacingIt() throws {
        // A named pipe in a scratch directory stands for any special file (a device such as
        // /dev/null, which a broken writer running as root would replace).
        let scratch = Scratch(); defer { scratch.remove() }
        let fifo = scratch.file("fifo")
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileError.notRegularFile(path: fifo)) {
            try TextFile.write("x", to: fifo)
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(entries(scratch.path) == ["fifo"])
        #expect(FileError.notRegularFile(path: "fifo").description == "cannot write fifo: it is not a regular file")
    }

    @Test func aMissingDirectoryIsASystemError() {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("no/such/dir/s.lal")
        #expect(throws: FileError.system(path: path, operation: .write, errno: ENOENT)) {
            try TextFile.write("x", to: path)
        }
        #expect(FileError.system(path: "a", operation: .write, errno: ENOENT).reason == "No such file or directory")
    }
}

/// `TextFile.read`: the one reader, with a size limit.
@Suite struct ReaderTests {
    @Test func readsAFileAndRepairsInvalidUTF8() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("s.lal")
        putBytes(Array("view a\n".utf8) + [0xFF, 0x0A], at: path)
        #expect(try TextFile.read(path) == "view a\n\u{FFFD}\n")
    }

    @Test func holdsAFileToTheLimit() throws {
        let scratch = Scratch(); defer { scratch.remove() }
        let path = scratch.file("s.lal")
        putText(String(repeating: "x", count: 100), at: path)
        #expect(try TextFile.read(path, limit: 100).count == 100)
        #expect(throws: FileError.tooLarge(path: path, limit: 99)) {
            try TextFile.read(path, limit: 99)
        }
        #expect(FileError.tooLarge(path: "big.lal", limit: TextFile.defaultReadLimit).description
                == "cannot read big.lal: it is larger than 256 MiB")
    }

    @Test func holdsAPipeToTheLimitAsItReads() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = "0123456789".withCString { write(ends[1], $0, 10) }
        close(ends[1])
        #expect(throws: FileError.tooLarge(path: "-", limit: 9)) {
            try TextFile.read(descriptor: ends[0], name: "-", limit: 9)
        }
    }

    @Test func readsAPipeWithinTheLimit() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = "view a\n".withCString { write(ends[1], $0, 7) }
        close(ends[1])
        #expect(try TextFile.read(descriptor: ends[0], name: "-", limit: 7) == "view a\n")
    }

    @Test func refusesADirectoryAndNamesAMissingFile() {
        let scratch = Scratch(); defer { scratch.remove() }
        #expect(throws: FileError.isDirectory(path: scratch.path, operation: .read)) {
            try TextFile.read(scratch.path)
        }
        let missing = scratch.file("missing.lal")
        #expect(throws: FileError.system(path: missing, operation: .read, errno: ENOENT)) {
            try TextFile.read(missing)
        }
        #expect(FileError.system(path: "missing.lal", operation: .read, errno: ENOENT).description
                == "cannot read missing.lal: No such file or directory")
    }
}
