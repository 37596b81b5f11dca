import Testing
@testable import LayoutModel

/// `ConstraintSlots` keeps up to three slots inline and more in an array: whatever holds them,
/// it must read as the array of its appends would (order, membership, a set of them) and dump
/// as its slots (the undo tests compare dumps).
@Suite struct ConstraintSlotsTests {
    @Test func readsAsTheArrayOfItsAppends() {
        var slots = ConstraintSlots()
        var array: [Int32] = []
        // 0 is a slot like any other: the inline places it does not fill must not count.
        #expect(!slots.contains(0))
        for slot: Int32 in [7, 0, 7, 3, 12, 5, 0, 40] {
            slots.append(slot)
            array.append(slot)
            #expect(Array(slots) == array)
            for probe: Int32 in [0, 3, 5, 7, 12, 40, 41] { #expect(slots.contains(probe) == array.contains(probe)) }
            var set = Set<Int32>([99])
            slots.insertAll(into: &set)
            #expect(set == Set(array + [99]))
            var text = "", expected = ""
            dump(slots, to: &text)
            dump(array, to: &expected)
            #expect(text.split(separator: "\n").dropFirst().elementsEqual(expected.split(separator: "\n").dropFirst()))
        }
        #expect(MemoryLayout<ConstraintSlots>.stride == 16)
    }
}
