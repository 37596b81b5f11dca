import Testing
import TestSupport
import Cassowary
@testable import LayoutModel

/// `VariableOwners` keeps one entry per item and finds a variable's item by binary search: it
/// must answer as a dictionary from every variable id to its item would, for ids between items
/// (the solver's slacks and errors), past the last one, after items go, and through steps taken
/// back and forgotten.
@Suite struct VariableOwnersTests {
    @Test func answersAsADictionaryOfEveryIdWouldThroughRemovalsAndRollbacks() {
        var rng = SplitMix64(seed: 0x0A11_0DD5)
        let solver = Solver()
        var owners = VariableOwners()
        var plain: [Int: String] = [:]
        // Every item listed, by its first variable; and for each open step, what the
        // dictionary and the items were when it opened.
        var items: [(name: String, x: Variable)] = []
        var steps: [(plain: [Int: String], items: [(name: String, x: Variable)])] = []
        var lastID = -1
        for round in 0..<2000 {
            switch rng.below(100) {
            case 0..<45:
                // The solver's own symbols between items: none, a few, or many.
                for _ in 0..<[0, 1, 13, 40][rng.below(4)] { lastID = solver.makeVariable().id }
                let x = solver.makeVariable(), y = solver.makeVariable()
                let width = solver.makeVariable(), height = solver.makeVariable()
                lastID = height.id
                let name = "v\(round)"
                owners.add(name, x: x, y: y, width: width, height: height)
                items.append((name, x))
                for id in x.id...height.id { plain[id] = name }
            case 45..<70:
                guard !items.isEmpty else { continue }
                let item = items[rng.below(items.count)]
                owners.release(x: item.x)
                for id in item.x.id..<(item.x.id + 4) where plain[id] == item.name { plain[id] = nil }
            case 70..<85:
                owners.beginStep()
                steps.append((plain, items))
            case 85..<95:
                guard let opened = steps.popLast() else { continue }
                owners.rollBackStep()
                (plain, items) = opened
            default:
                owners.forgetSteps(keepingNewest: steps.count / 2)
                steps.removeFirst(steps.count - steps.count / 2)
            }
            // Every id at every few rounds (each check reads them all).
            guard round % 4 == 0 || round == 1999 else { continue }
            for id in 0...(lastID + 5) where owners[id] != plain[id] {
                Issue.record("round \(round): variable \(id) owned by \(owners[id] ?? "nobody"), not \(plain[id] ?? "nobody")")
                return
            }
        }
        #expect(plain.count > 100, "the walk kept some items alive")
    }
}
