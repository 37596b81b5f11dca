#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the executable needs to know about the terminal it runs in: whether
/// the standard streams are terminals, how wide the screen is, and whether
/// colour is wanted. Nothing below `layoutlab` touches the terminal, so the
/// engine gets these facts handed to it instead of asking for them.
enum Terminal {
    /// True when standard input is a terminal; only then does the shell use
    /// libedit and print a prompt (piped input never goes through libedit).
    static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

    /// True when standard output is a terminal.
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The width reports should wrap to: the window's columns when stdout is
    /// a terminal, else `$COLUMNS`, else 80. Read it again after a resize; it
    /// is cheap.
    static var width: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        // stdout may be redirected while the user still sits at a terminal.
        if ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment("COLUMNS"), let n = Int(columns), n > 0 {
            return n
        }
        return 80
    }

    /// The terminal's rows, for pictures that should fit the screen: the window's when stdout
    /// or stdin is a terminal, else `$LINES`, else nil (a pipe has no height).
    static var height: Int? {
        var size = winsize()
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 {
            return Int(size.ws_row)
        }
        if let lines = environment("LINES"), let n = Int(lines), n > 0 { return n }
        return nil
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (to any
    /// value, even empty: README, "The interactive shell": "never with `NO_COLOR` set").
    static var colorEnabled: Bool {
        stdoutIsTTY && environment("NO_COLOR") == nil
    }

    /// An environment variable, or nil when unset.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
