import Testing
@testable import LayoutModel
import LayoutVocabulary
import TestSupport

/// A report re-checks only the constraints whose variables moved, ambiguity asks whether a
/// variable is unconstrained, and the precision check asks `constraintIDs(naming:)`, all through
/// the constraints touching the variable's owner plus those that name it from afar (an
/// ancestor's position, a scroll view's content area), which `constraintsByForeignVariable`
/// keeps. Whatever the hierarchy, every installed constraint whose expression names a variable
/// must be among them.
@Suite struct ConstraintsNamingVariableTests {
    /// The ids of the installed constraints whose expressions name a variable that the index
    /// does not lead back to them, each with the variable's owner.
    static func missed(in model: LayoutModel) -> [String] {
        var missed: [String] = []
        for id in model.constraintOrder {
            guard let record = model.constraints[id], record.solverID != nil else { continue }
            for term in record.expression.terms where !model.constraintIDs(naming: term.variable).contains(id) {
                let owner = term.variable.id < model.variableOwners.count ? model.variableOwners[term.variable.id] ?? "?" : "?"
                missed.append("\(id) (\(record.spec)) names a variable of \(owner)")
            }
        }
        return missed
    }

    /// Cousins two levels down: their positions are read in the root, so each constraint names
    /// their parents' positions too, variables of neither item.
    @Test func constraintsBetweenCousinsAreFoundByTheirAncestorsVariables() throws {
        let model = LayoutModel()
        try model.addView("p")
        try model.addView("q")
        try model.addView("a", in: "p")
        try model.addView("b", in: "q")
        let id = try model.addConstraint(spec("a", .left, .equal, "b", .right, c: 8))
        let p = try #require(model.view("p")), a = try #require(model.view("a"))
        #expect(model.constraintIDs(naming: p.x).contains(id))
        #expect(model.constraintIDs(naming: a.x).contains(id))
        #expect(model.constraintIDs(naming: p.width).isEmpty)
        #expect(Self.missed(in: model).isEmpty)
    }

    /// A random history of nested views, scroll views, stacks and guides, constraints between
    /// any two of them, removals, moves into stacks, direction changes and rollbacks: after
    /// every step each installed constraint is found from each variable it names.
    @Test(arguments: 0..<6) func everyConstraintIsFoundFromEachVariableItNames(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let model = LayoutModel()
        var items = ["root"], views = ["root"], scrolls: [String] = []
        let attributes: [LayoutAttribute] = [.left, .right, .top, .bottom, .width, .height, .centerX, .centerY,
                                             .leading, .trailing, .leadingMargin, .topMargin]
        for step in 0..<160 {
            let roll = Int.random(in: 0..<100, using: &random)
            let rollBack = roll % 11 == 0
            if rollBack { model.beginStep() }
            do {
                switch roll {
                case 0..<25:
                    let name = "v\(step)", parent = views.randomElement(using: &random)!
                    if roll % 5 == 0 {
                        try model.addScrollView(name, in: parent)
                        scrolls.append(name)
                        items.append("\(name).\(LayoutModel.contentGuideMember)")
                    } else {
                        try model.addView(name, in: parent)
                    }
                    views.append(name); items.append(name)
                case 25..<75:
                    let first = items.randomElement(using: &random)!, second = items.randomElement(using: &random)!
                    let attribute = attributes.randomElement(using: &random)!
                    let other = attribute.axis == .horizontal
                        ? [LayoutAttribute.left, .right, .centerX, .leading].randomElement(using: &random)!
                        : [LayoutAttribute.top, .bottom, .centerY].randomElement(using: &random)!
                    let sizeOther: LayoutAttribute = attribute == .width ? .width : .height
                    let relation: LayoutRelation = roll % 3 == 0 ? .greaterThanOrEqual : .equal
                    _ = try model.addConstraint(spec(first, attribute, relation, second,
                                                     attribute == .width || attribute == .height ? sizeOther : other,
                                                     c: Double(roll), p: roll % 2 == 0 ? 1000 : 500))
                case 75..<82:
                    if let id = model.constraintOrder.randomElement(using: &random) { try model.removeConstraint(id) }
                case 82..<88:
                    if views.count > 1 {
                        let name = views[Int.random(in: 1..<views.count, using: &random)]
                        try model.removeView(name)
                    }
                case 88..<94:
                    let name = "s\(step)", parent = views.randomElement(using: &random)!
                    let arranged = views.filter { $0 != "root" }.shuffled(using: &random).prefix(2)
                    try model.addStack(name, in: parent, axis: roll % 2 == 0 ? .horizontal : .vertical, arranged: Array(arranged))
                    views.append(name); items.append(name)
                default:
                    model.setDirection(model.direction == .leftToRight ? .rightToLeft : .leftToRight)
                }
            } catch {
                // A step the model refuses (a removed item, a cycle) changes nothing.
            }
            if rollBack { model.rollBackStep() }
            // Names of removed items stay in the lists: a step naming one is refused.
            let missed = Self.missed(in: model)
            #expect(missed.isEmpty, "seed \(seed), step \(step): \(missed.prefix(3))")
            if !missed.isEmpty { return }
        }
    }
}
