// Exact ambiguity keeps each symbol's step as a one-byte code (zero, the symbol's own sample, or
// a number kept aside) instead of the step itself. The verdicts depend on those steps bit for
// bit, so these check that every step reads back with the bits it was set with, the codes'
// borderline cases included, and that forgetting symbols forgets their numbers. The code shares
// its byte with the symbol's four flags: each is set and read without touching the others.

@testable import Cassowary
import Testing

@Suite struct AmbiguityStateTests {
    static func state(symbols: Int) -> AmbiguityState {
        var state = AmbiguityState()
        state.grow(to: [SymbolKind](repeating: .error, count: symbols))
        return state
    }

    static func bits(_ step: SIMD2<Double>) -> [UInt64] { [step.x.bitPattern, step.y.bitPattern] }

    @Test func everyStepReadsBackBitForBit() {
        var state = Self.state(symbols: 8)
        let sample = DirectionCone.sample(Symbol(3))
        let steps: [(Symbol, SIMD2<Double>)] = [
            (0, .zero),
            (1, SIMD2(-0.0, 0)),          // a −0 is not the zero code
            (2, SIMD2(0.25, -3)),         // a solved step
            (3, sample),                  // its own sample
            (4, sample),                  // another symbol's sample is a number for this one
            (5, SIMD2(sample.x, 0)),      // half a sample
        ]
        for (symbol, step) in steps { state.setStep(symbol, step) }
        for (symbol, step) in steps {
            #expect(Self.bits(state.step(Int(symbol))) == Self.bits(step), "step of \(symbol)")
        }
        // Only −0, the solved step, the other symbol's sample and the half sample are numbers.
        #expect(Set(state.solvedSteps.keys) == [1, 2, 4, 5])
        // Overwritten by a coded step, a number goes.
        state.setStep(2, .zero)
        state.setStep(4, DirectionCone.sample(Symbol(4)))
        #expect(Set(state.solvedSteps.keys) == [1, 5])
        #expect(Self.bits(state.step(4)) == Self.bits(DirectionCone.sample(Symbol(4))))
        #expect(state.step(2) == .zero && state.step(6) == .zero)
    }

    @Test func flagsAndStepsShareAByteWithoutTouchingEachOther() {
        typealias Flag = AmbiguityState.Flag
        let flags = [Flag.free, Flag.ambiguous, Flag.degenerate, Flag.constrained]
        var state = Self.state(symbols: 16)
        // Symbol s has flag k when bit k of s is set, and a solved, sampled or zero step by s % 3.
        func step(_ symbol: Int) -> SIMD2<Double> {
            [SIMD2(Double(symbol) + 0.5, -1), DirectionCone.sample(Symbol(symbol)), .zero][symbol % 3]
        }
        for symbol in 0..<16 {
            state.setStep(Symbol(symbol), step(symbol))
            for (k, flag) in flags.enumerated() { state.set(flag, symbol, symbol >> k & 1 == 1) }
            // A step set again after the flags leaves them as they are.
            state.setStep(Symbol(symbol), step(symbol))
        }
        // Each flag cleared and set again on its own leaves the others and the step.
        state.set(Flag.degenerate, 15, false)
        #expect(!state.has(Flag.degenerate, 15) && state.has(Flag.constrained, 15))
        state.set(Flag.degenerate, 15, true)
        for symbol in 0..<16 {
            for (k, flag) in flags.enumerated() {
                #expect(state.has(flag, symbol) == (symbol >> k & 1 == 1), "flag \(k) of \(symbol)")
            }
            #expect(Self.bits(state.step(symbol)) == Self.bits(step(symbol)), "step of \(symbol)")
            #expect(state.isFree[symbol] == state.has(Flag.free, symbol))
            #expect(state.isAmbiguous[symbol] == state.has(Flag.ambiguous, symbol))
        }
        state.shrink(to: 5, values: 0)
        #expect(state.symbolCount == 5 && state.has(Flag.constrained, 0) == false && state.has(Flag.free, 3))
    }

    @Test func forgottenSymbolsTakeTheirStepsAlong() {
        var state = Self.state(symbols: 6)
        state.setStep(1, SIMD2(2, 2))
        state.setStep(4, SIMD2(5, 5))
        state.setStep(5, DirectionCone.sample(Symbol(5)))
        state.shrink(to: 3, values: 0)
        #expect(state.symbolBits.count == 3)
        #expect(Set(state.solvedSteps.keys) == [1])
        #expect(state.step(1) == SIMD2(2, 2))
    }
}
