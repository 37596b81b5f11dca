// Exact ambiguity keeps each symbol's step as a one-byte code (zero, the symbol's own sample, or
// a number kept aside) instead of the step itself. The verdicts depend on those steps bit for
// bit, so these check that every step reads back with the bits it was set with, the codes'
// borderline cases included, and that forgetting symbols forgets their numbers.

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

    @Test func forgottenSymbolsTakeTheirStepsAlong() {
        var state = Self.state(symbols: 6)
        state.setStep(1, SIMD2(2, 2))
        state.setStep(4, SIMD2(5, 5))
        state.setStep(5, DirectionCone.sample(Symbol(5)))
        state.shrink(to: 3, values: 0)
        #expect(state.stepCodes.count == 3)
        #expect(Set(state.solvedSteps.keys) == [1])
        #expect(state.step(1) == SIMD2(2, 2))
    }
}
