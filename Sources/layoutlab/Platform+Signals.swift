import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Ctrl-C while the shell runs: the one signal LayoutLab handles itself (libedit follows
// SIGWINCH and restores the terminal on the others, EL_SIGNAL). The C library names the
// handler's field differently on each platform; that difference stays in this file.

/// Set by the SIGINT handler. A signal handler may touch nothing but lock-free atomics, and an
/// immutable global `Atomic` is the one piece of global state Swift 6 accepts for that (it is
/// why Package.swift asks for macOS 15). `InterruptSignal.install()` touches it first, so its
/// lazy initialization never runs inside the handler.
private let interruptFlag = Atomic<Bool>(false)

/// The SIGINT handler the line editor installs while it lives, and the flag it sets.
enum InterruptSignal {
    /// Installs the handler and returns the action it replaced (give it to `restore`). No
    /// SA_RESTART: an interrupted read() must return, so el_gets gives up the line.
    static func install() -> sigaction {
        clear()
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in interruptFlag.store(true, ordering: .relaxed) }
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in interruptFlag.store(true, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        return previous
    }

    /// Puts back the action `install` replaced.
    static func restore(_ previous: sigaction) {
        var previous = previous
        sigaction(SIGINT, &previous, nil)
    }

    /// Forgets a Ctrl-C pressed before now.
    static func clear() {
        interruptFlag.store(false, ordering: .relaxed)
    }

    /// True (once) if Ctrl-C was pressed since the last call or `clear()`.
    static func take() -> Bool {
        interruptFlag.exchange(false, ordering: .relaxed)
    }
}
