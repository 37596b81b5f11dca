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

    /// An item's constraints on its width (or height) alone share one array of terms, the one
    /// its floor (`width >= 0`) holds: equal terms, not one block per constraint.
    @Test func anItemsSizeConstraintsShareOneArray() throws {
        let model = LayoutModel()
        try model.addView("a")
        let ids = try [
            model.addConstraint(spec("a", .width, .greaterThanOrEqual, c: 20)),
            model.addConstraint(spec("a", .width, .equal, c: 100)),
            model.addConstraint(spec("a", .height, .equal, c: 44)),
        ]
        func base(_ id: String) throws -> UnsafeRawPointer? {
            try #require(model.constraint(id)).lhs.terms.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let info = try #require(model.view("a"))
        #expect(model.constraint(ids[0])!.lhs.terms.map(\.variable) == [info.width])
        #expect(model.constraint(ids[2])!.lhs.terms.map(\.variable) == [info.height])
        #expect(try base(ids[0]) == base(ids[1]))
        #expect(try base(ids[0]) != base(ids[2]))
        let floors = try #require(model.sizeFloors(of: "a"))
        #expect(try base(ids[2]) == floors.heightTerms.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        // The root has no floor: its size constraints get their own terms, as before.
        let root = try model.addConstraint(spec("root", .width, .greaterThanOrEqual, c: 1))
        #expect(model.constraint(root)!.lhs.terms.map(\.variable) == [model.view("root")!.width])
        #expect(model.values(of: ids[1])?.got == 100 && model.values(of: ids[2])?.wanted == 44)
    }
}
