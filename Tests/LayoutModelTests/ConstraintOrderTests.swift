import Testing
import TestSupport
@testable import LayoutModel

/// `ConstraintOrder` leaves holes where ids are removed, squeezes them out past a share, and
/// finds places in a cache it drops on a rollback: whatever it holds inside, it must list the
/// ids as a plain array would, through steps taken back and forgotten.
@Suite struct ConstraintOrderTests {
    @Test func listsTheIdsAsAPlainArrayWouldThroughRemovalsAndRollbacks() {
        // Removals as often as additions, in bursts that leave more holes than ids (so the
        // list is squeezed), with steps opened, taken back and forgotten in between.
        var rng = SplitMix64(seed: 0xC0DE_0DE5)
        var order = ConstraintOrder()
        var plain: [String] = []
        // Each open step, what the plain list was when it opened.
        var steps: [[String]] = []
        var next = 0
        for _ in 0..<6000 {
            switch rng.below(100) {
            case 0..<40:
                let id = "c\(next)"
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
            #expect(order.ids == plain)
            if order.ids != plain { return }
        }
        // Removing an id that is not there changes nothing.
        let before = order.ids
        order.remove("absent")
        #expect(order.ids == before)
        // The undo tests compare dumps: the mirror lists the ids, never the holes.
        #expect(Mirror(reflecting: order).children.count == plain.count)
    }
}
