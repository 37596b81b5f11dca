import Foundation
import Testing

extension Tag {
    /// A test that runs thousands of random cases or huge inputs (oracle systems, random
    /// sessions, differential scripts, 10 000-view layouts). CI runs it; the fast tier
    /// (`LAYOUTLAB_FAST_TESTS=1 swift test`, docs/development.md) does not.
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Off in the fast tier: when `LAYOUTLAB_FAST_TESTS` is set. Goes with `.tags(.slow)`, so
    /// Xcode's tag filter and the command line agree (this toolchain's `swift test` cannot
    /// skip by tag).
    public static var skippedInFastTier: Self {
        .enabled(if: ProcessInfo.processInfo.environment["LAYOUTLAB_FAST_TESTS"] == nil,
                 "a slow test, and LAYOUTLAB_FAST_TESTS is set")
    }
}
