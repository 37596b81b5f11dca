import Testing
@testable import UndoTrail
import TestSupport

/// `SmallSet` (an array while small, a `Set` past its limit) must hold exactly what a `Set`
/// given the same insertions and removals holds, on both sides of the limit; and a
/// `TrailedMultimap` of them must roll back to each step's start.
@Suite struct SmallSetTests {
    @Test func holdsWhatASetHolds() {
        var generator = SplitMix64(seed: 18)
        for round in 0..<200 {
            // Few members in some rounds, many (past the limit) in others.
            let range = round % 2 == 0 ? 8 : 3 * SmallSet<Int>.arrayLimit
            var small = SmallSet<Int>(), model = Set<Int>()
            for _ in 0..<120 {
                let member = generator.below(range)
                if generator.below(3) == 0 {
                    small.remove(member)
                    model.remove(member)
                } else {
                    #expect(small.insert(member) == model.insert(member).inserted)
                }
                #expect(small.count == model.count)
                #expect(small.contains(member) == model.contains(member))
            }
            #expect(Set(small) == model)
            #expect(Array(small).count == model.count)
        }
        let literal: SmallSet = ["a", "b", "a"]
        #expect(literal.count == 2 && Set(literal) == ["a", "b"])
    }

    @Test func aMultimapOfThemRollsBack() {
        var map = TrailedMultimap<String, Int>()
        func contents() -> [String: Set<Int>] { map.elements.mapValues { Set($0) } }
        for member in 0..<5 { map.insert(member, into: "view") }
        var snapshots: [[String: Set<Int>]] = []
        for step in 0..<4 {
            snapshots.append(contents())
            map.beginStep()
            // Each step grows "root" past the limit, or takes members out, or drops a key.
            for member in 0..<(SmallSet<Int>.arrayLimit + 3) { map.insert(step * 100 + member, into: "root") }
            map.remove(step, from: "view")
            map.remove(3 - step, from: "root")
            if step == 2 { map.removeValue(forKey: "view") }
        }
        for step in (0..<4).reversed() {
            map.rollBackStep()
            #expect(contents() == snapshots[step])
        }
    }
}
