// The trail's containers on their own: random writes in steps, rolled back one or several at a
// time, must give back exactly the contents each step began with (kept here as plain copies).

import TestSupport
import Testing
import UndoTrail

@Suite struct TrailTests {
    @Test func trailedArrayRollsBackToEachStepsStart() {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            var array = TrailedArray<Int>([1, 2, 3])
            var starts: [[Int]] = []
            for _ in 0..<60 {
                switch rng.below(100) {
                case 0..<15:
                    starts.append(array.elements)
                    array.beginStep()
                case 15..<25 where !starts.isEmpty:
                    let count = 1 + rng.below(starts.count)
                    for _ in 0..<count { array.rollBackStep() }
                    let expected = starts[starts.count - count]
                    starts.removeLast(count)
                    #expect(array.elements == expected, "seed \(seed)")
                case 25..<30 where starts.count > 1:
                    array.forgetSteps(keepingNewest: 1)
                    starts.removeFirst(starts.count - 1)
                case 30..<55:
                    array.append(rng.below(1000))
                case 55..<70 where !array.isEmpty:
                    array.removeLast()
                case 70..<75 where !array.isEmpty:
                    array.insert(rng.below(1000), at: rng.below(array.count))
                case 75..<80 where !array.isEmpty:
                    array.remove(at: rng.below(array.count))
                default:
                    if !array.isEmpty { array[rng.below(array.count)] += 1 + rng.below(9) }
                }
            }
            while let expected = starts.popLast() {
                array.rollBackStep()
                #expect(array.elements == expected, "seed \(seed)")
            }
        }
    }

    @Test func trailedDictionaryAndSetRollBackToEachStepsStart() {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            var dictionary = TrailedDictionary<Int, [Int]>()
            var set = TrailedSet<Int>()
            var starts: [([Int: [Int]], Set<Int>)] = []
            for _ in 0..<60 {
                let key = rng.below(8)
                switch rng.below(100) {
                case 0..<15:
                    starts.append((dictionary.elements, set.elements))
                    dictionary.beginStep()
                    set.beginStep()
                case 15..<25 where !starts.isEmpty:
                    let count = 1 + rng.below(starts.count)
                    for _ in 0..<count {
                        dictionary.rollBackStep()
                        set.rollBackStep()
                    }
                    let expected = starts[starts.count - count]
                    starts.removeLast(count)
                    #expect(dictionary.elements == expected.0, "seed \(seed)")
                    #expect(set.elements == expected.1, "seed \(seed)")
                case 25..<45:
                    dictionary[key, default: []].append(rng.below(100))
                case 45..<55:
                    dictionary.removeValue(forKey: key)
                case 55..<60:
                    dictionary[key] = [key]
                case 60..<80:
                    set.insert(key)
                case 80..<95:
                    set.remove(key)
                default:
                    dictionary.removeAll()
                    set.removeAll()
                }
            }
        }
    }

    /// Changes made in place with their own undo (`update`), mixed with writes that keep the
    /// old value, removals and nested steps: each rollback gives back the step's start exactly,
    /// whichever came first in a step.
    @Test func trailedDictionaryUpdatesRollBackByTheirUndo() {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            var dictionary = TrailedDictionary<Int, [Int]>([0: [1], 1: [2, 3]])
            var starts: [[Int: [Int]]] = []
            for _ in 0..<80 {
                let key = rng.below(4)
                switch rng.below(100) {
                case 0..<15:
                    starts.append(dictionary.elements)
                    dictionary.beginStep()
                case 15..<25 where !starts.isEmpty:
                    let count = 1 + rng.below(starts.count)
                    for _ in 0..<count { dictionary.rollBackStep() }
                    let expected = starts[starts.count - count]
                    starts.removeLast(count)
                    #expect(dictionary.elements == expected, "seed \(seed)")
                case 25..<30 where starts.count > 1:
                    dictionary.forgetSteps(keepingNewest: 1)
                    starts.removeFirst(starts.count - 1)
                case 30..<65 where dictionary[key] != nil:
                    let value = rng.below(100)
                    dictionary.update(key, undo: { $0.removeLast() }) { $0.append(value) }
                case 65..<80:
                    dictionary[key, default: []].append(rng.below(100))
                case 80..<90:
                    dictionary.removeValue(forKey: key)
                default:
                    dictionary[key] = [key]
                }
            }
            while let expected = starts.popLast() {
                dictionary.rollBackStep()
                #expect(dictionary.elements == expected, "seed \(seed)")
            }
        }
    }

    /// A value in a step of its own, and what a container made during a step does: nothing to
    /// take back (its owner drops it with the step).
    @Test func trailedValueAndContainersMadeDuringAStep() {
        var value = TrailedValue(1)
        value.beginStep()
        value.value = 2
        value.beginStep()
        value.value = 3
        value.rollBackStep()
        #expect(value.value == 2)
        value.rollBackStep()
        #expect(value.value == 1)

        var late = TrailedArray<Int>()
        late.append(5)
        late.rollBackStep()
        #expect(late.elements == [5])
    }
}
