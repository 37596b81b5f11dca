import Testing
@testable import LayoutModel
@testable import Cassowary

/// A constraint against a constant hands the solver its left side's terms, shared, when they
/// are merged already; the expression is bit for bit the merged one either way.
@Suite struct SharedExpressionTests {
    @Test func aConstantRightSideSharesTheLeftSidesTerms() throws {
        let model = LayoutModel()
        try model.addView("a")
        try model.addView("b")
        let constant = try model.addConstraint(spec("a", .width, .greaterThanOrEqual, c: 20))
        let related = try model.addConstraint(spec("b", .left, .equal, "a", .right, c: 8))
        let height = try model.addConstraint(spec("b", .height, .equal, c: 44.5))
        for id in [constant, related, height] {
            let record = try #require(model.constraint(id))
            let shared = record.expression, merged = combine(record.lhs, 1, record.rhs, -1)
            #expect(shared.terms.map(\.variable) == merged.terms.map(\.variable))
            #expect(shared.terms.map(\.coefficient.bitPattern) == merged.terms.map(\.coefficient.bitPattern))
            #expect(shared.constant.bitPattern == merged.constant.bitPattern)
            let sameStorage = shared.terms.withUnsafeBufferPointer { s in record.lhs.terms.withUnsafeBufferPointer { $0.baseAddress == s.baseAddress } }
            #expect(sameStorage == record.rhs.terms.isEmpty, "\(id)")
        }
        // Terms not merged (out of order, or a zero) are merged as before.
        var record = try #require(model.constraint(constant))
        record.lhs = Expression([Term(Variable(id: 5)), Term(Variable(id: 2))])
        #expect(!ConstraintRecord.isMerged(record.lhs.terms))
        #expect(record.expression.terms.map(\.variable.id) == [2, 5])
        record.lhs = Expression([Term(Variable(id: 2), 0), Term(Variable(id: 5))])
        #expect(record.expression.terms.map(\.variable.id) == [5])
    }
}
