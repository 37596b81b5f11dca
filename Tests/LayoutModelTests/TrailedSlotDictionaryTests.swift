import Testing
@testable import UndoTrail
import TestSupport

/// `TrailedSlotDictionary` (values in an array, the hash table holding slots) must behave as a
/// `TrailedDictionary` given the same writes: the same entries, and the same state after each
/// rollback. (The order it hands them out in is its key table's; a `Dictionary` seeds each
/// table by its address unless `SWIFT_DETERMINISTIC_HASHING` is set, so two tables agree on
/// order only then: the byte-for-byte comparisons of the shell's output check that.)
@Suite struct TrailedSlotDictionaryTests {
    /// The entries, sorted.
    static func entries(_ table: TrailedSlotDictionary<String, [Int]>) -> [String] { table.map { "\($0.key)=\($0.value)" }.sorted() }
    static func entries(_ table: TrailedDictionary<String, [Int]>) -> [String] { table.map { "\($0.key)=\($0.value)" }.sorted() }

    @Test func matchesATrailedDictionaryThroughStepsAndRollbacks() {
        var generator = SplitMix64(seed: 27)
        for round in 0..<40 {
            var slotted = TrailedSlotDictionary<String, [Int]>()
            var plain = TrailedDictionary<String, [Int]>()
            // Few keys in some rounds (much reuse of slots), many in others (the table grows).
            let range = round % 2 == 0 ? 6 : 300
            var snapshots: [[String]] = []
            for _ in 0..<60 {
                if generator.below(4) == 0 {
                    snapshots.append(Self.entries(plain))
                    slotted.beginStep()
                    plain.beginStep()
                }
                let key = "k\(generator.below(range))"
                let value = generator.below(1000)
                switch generator.below(5) {
                case 0:
                    slotted[key] = nil
                    plain[key] = nil
                case 1 where plain[key] != nil:
                    // A change in place with its own undo.
                    slotted.update(key, undo: { $0.removeLast() }) { $0.append(value) }
                    plain.update(key, undo: { $0.removeLast() }) { $0.append(value) }
                case 2 where plain[key] != nil:
                    slotted[key]![0] = value
                    plain[key]![0] = value
                default:
                    slotted[key] = [value]
                    plain[key] = [value]
                }
                #expect(Self.entries(slotted) == Self.entries(plain))
                #expect(slotted.count == plain.count)
                #expect(slotted[key] == plain[key])
                if let slot = slotted.slotsByKey[key] { #expect(slotted.valuesBySlot[Int(slot)] == plain[key]) } else { #expect(plain[key] == nil) }
                #expect(slotted.valuesBySlot.compactMap { $0 }.count == plain.count)
            }
            while let snapshot = snapshots.popLast() {
                slotted.rollBackStep()
                plain.rollBackStep()
                #expect(Self.entries(plain) == snapshot)
                #expect(Self.entries(slotted) == snapshot)
            }
        }
    }

    @Test func reflectsAsItsEntries() {
        var first = TrailedSlotDictionary<String, Int>()
        var second = TrailedSlotDictionary<String, Int>()
        first["a"] = 1
        first["b"] = 2
        first["a"] = nil
        first["a"] = 3
        // The same entries reached another way: other slots, the same dump.
        second["b"] = 2
        second["a"] = 3
        #expect(String(describing: Mirror(reflecting: first).children.map { "\($0.value)" }.sorted())
            == String(describing: Mirror(reflecting: second).children.map { "\($0.value)" }.sorted()))
        #expect(Mirror(reflecting: first).displayStyle == .dictionary)
    }
}
