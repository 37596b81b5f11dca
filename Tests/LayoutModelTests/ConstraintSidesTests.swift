import Testing
import LayoutVocabulary
@testable import LayoutModel
@testable import Cassowary

/// A record keeps its two sides in one array, merged into the solver's expression when their
/// variables are apart (`ConstraintRecord.setSides`): whatever the sides, each must read back
/// bit for bit as it was given, evaluate as an `Expression` of its own would, and the
/// expression handed to the solver must be `combine(lhs, 1, rhs, -1)` bit for bit.
@Suite struct ConstraintSidesTests {
    static let spec = ConstraintSpec(firstItem: "a", firstAttribute: .left, relation: .equal, secondItem: "b", secondAttribute: .right)

    /// A small deterministic generator (the sides are drawn from few variables so that they
    /// overlap often, and from coefficients that include zero, −0, infinities and NaN).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func expression() -> Expression {
            let coefficients: [Double] = [1, -1, 0.5, -2.25, 3, 0, -0.0, 1e300, .infinity, -.nan, .nan, 1.0 / 3]
            var terms: [Term] = []
            let count = next(4) == 0 ? next(40) : next(4)
            for _ in 0..<count { terms.append(Term(Variable(id: next(12)), coefficients[next(coefficients.count)])) }
            // Mostly merged (as the model builds them), sometimes not.
            if next(4) != 0 { terms = combine(Expression(terms), 1, Expression(), 0).terms }
            return Expression(terms, constant: [0, -0.0, 8, -3.5][next(4)])
        }
    }

    static func bits(_ expression: Expression) -> [UInt64] {
        expression.terms.flatMap { [UInt64(bitPattern: Int64($0.variable.id)), $0.coefficient.bitPattern] } + [expression.constant.bitPattern]
    }

    static func value(_ expression: Expression, _ values: (Variable) -> Double) -> Double {
        var total = expression.constant
        for term in expression.terms { total += term.coefficient * values(term.variable) }
        return total
    }

    @Test func sidesReadBackEvaluateAndCombineExactly() {
        var generator = Generator(state: 27)
        var mergedCount = 0
        let values: (Variable) -> Double = { 0.1 * Double($0.id) - 0.35 }
        for _ in 0..<4000 {
            let lhs = generator.expression(), rhs = generator.expression()
            var record = ConstraintRecord(id: "c1", serial: 1, kind: .user, spec: Self.spec)
            record.setSides(lhs, rhs)
            #expect(Self.bits(record.lhs) == Self.bits(lhs))
            #expect(Self.bits(record.rhs) == Self.bits(rhs))
            #expect(Self.bits(record.expression) == Self.bits(combine(lhs, 1, rhs, -1)))
            let sides = record.sideValues(values)
            #expect(sides.lhs.bitPattern == Self.value(lhs, values).bitPattern)
            #expect(sides.rhs.bitPattern == Self.value(rhs, values).bitPattern)
            #expect(Set(record.allSideTerms.map(\.variable)) == Set((lhs.terms + rhs.terms).map(\.variable)))
            if ConstraintRecord.merge(lhs.terms, rhs.terms) != nil { mergedCount += 1 }
        }
        // Both layouts were exercised.
        #expect(mergedCount > 200 && mergedCount < 3800)
    }

    /// Merged, the record hands the solver its own array: no block of its own for the solver.
    @Test func apartSidesShareTheSolversArray() {
        var record = ConstraintRecord(id: "c1", serial: 1, kind: .user, spec: Self.spec)
        record.setSides(Expression([Term(Variable(id: 4))]), Expression([Term(Variable(id: 1)), Term(Variable(id: 2))], constant: 8))
        let first = record.expression, second = record.expression
        let shared = first.terms.withUnsafeBufferPointer { a in second.terms.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
        #expect(shared)
        #expect(first.terms.map(\.variable.id) == [1, 2, 4])
        #expect(first.terms.map(\.coefficient) == [-1, -1, 1])
        #expect(first.constant == -8)
    }
}
