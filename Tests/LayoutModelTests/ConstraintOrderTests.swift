import Testing
import TestSupport
@testable import LayoutModel

/// `ListingOrder` (the model's order of constraints, by table slot, and of views, by name)
/// leaves holes where names are removed, squeezes them out past a share, and finds places in a
/// cache it drops on a rollback: whatever it holds inside, it must list the names as a plain
/// array would, through steps taken back and forgotten.
@Suite struct ConstraintOrderTests {
    @Test func listsTheIdsAsAPlainArrayWouldThroughRemovalsAndRollbacks() {
        check { "c\($0)" }
    }

    /// Constraints are listed by slot, whose hole is -1 and whose first name is 0.
    @Test func listsSlotsAsAPlainArrayWouldThroughRemovalsAndRollbacks() {
        check { Int32($0) }
    }

    /// Six thousand random operations on a `ListingOrder` of the names `name(0)`, `name(1)`, …
    private func check<Name: ListingName>(_ name: (Int) -> Name) {
        // Removals as often as additions, in bursts that leave more holes than ids (so the
        // list is squeezed), with steps opened, taken back and forgotten in between.
        var rng = SplitMix64(seed: 0xC0DE_0DE5)
        var order = ListingOrder<Name>()
        var plain: [Name] = []
        // Each open step, what the plain list was when it opened.
        var steps: [[Name]] = []
        var next = 0
        for _ in 0..<6000 {
            switch rng.below(100) {
            case 0..<40:
                let id = name(next)
                next += 1
                order.append(id)
                plain.append(id)
            case 40..<80:
                guard !plain.isEmpty else { continue }
                let id = plain.remove(at: rng.below(plain.count))
                order.remove(id)
            case 80..<84:
                // A stack's reordering: the same ids, some moved together.
                guard plain.count > 2 else { continue }
                let moved = Array(plain.suffix(2))
                plain.removeLast(2)
                plain.insert(contentsOf: moved, at: rng.below(plain.count))
                order.replaceAll(with: plain)
            case 84..<92:
                order.beginStep()
                steps.append(plain)
            case 92..<97:
                guard let opened = steps.popLast() else { continue }
                order.rollBackStep()
                plain = opened
            default:
                order.forgetSteps(keepingNewest: steps.count / 2)
                steps.removeFirst(steps.count - steps.count / 2)
            }
            #expect(order.names == plain)
            if order.names != plain { return }
        }
        // Removing an id that is not there changes nothing.
        let before = order.names
        order.remove(name(next + 1))
        #expect(order.names == before)
        // The undo tests compare dumps: the mirror lists the ids, never the holes.
        #expect(Mirror(reflecting: order).children.count == plain.count)
    }
}
