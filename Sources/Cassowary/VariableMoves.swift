/// For each basic user variable, as exact ambiguity last worked it out: its change along the two
/// sampled directions of the optimal face (`along`), and the sum of the magnitudes that went into
/// it (`magnitude`, the scale for deciding that a change is only rounding). Indexed by the
/// variable's place among the user variables (`Tableau.valueIndex`).
///
/// Most variables of a layout do not move: a view's y and height in a row of views, every
/// variable of a layout that is not ambiguous. So each variable has a 4-byte place, 0 while both
/// of its vectors are zero (bit for bit), and only the others keep their 32 bytes in `entries`:
/// two plain arrays of vectors were 128 bytes a view, resident at every report's peak.
struct VariableMoves {
    /// For each variable, 1 + its index in `entries`, or 0 when it does not move.
    private var places: [UInt32] = []
    private var entries: [Move] = []
    /// Indices of `entries` no variable holds any longer, reused first.
    private var vacant: [UInt32] = []

    struct Move {
        var along: SIMD2<Double>
        var magnitude: SIMD2<Double>
        static let zero = Move(along: .zero, magnitude: .zero)

        /// Whether both vectors are +0 in every lane: a −0 is kept, so that reading gives back
        /// the bits written.
        var isZero: Bool {
            (along.x.bitPattern | along.y.bitPattern | magnitude.x.bitPattern | magnitude.y.bitPattern) == 0
        }
    }

    /// How many variables the table holds.
    var count: Int { places.count }
    /// How many variables have a move kept (for tests).
    var movingCount: Int { entries.count - vacant.count }

    @inline(__always) subscript(index: Int) -> Move {
        let place = places[index]
        return place == 0 ? .zero : entries[Int(place &- 1)]
    }

    /// Keeps `move` as variable `index`'s.
    @inline(__always) mutating func set(_ index: Int, _ move: Move) {
        let place = places[index]
        if place != 0 {
            if move.isZero {
                places[index] = 0
                vacant.append(place &- 1)
            } else {
                entries[Int(place &- 1)] = move
            }
        } else if !move.isZero {
            places[index] = keep(move)
        }
    }

    private mutating func keep(_ move: Move) -> UInt32 {
        if let index = vacant.popLast() {
            entries[Int(index)] = move
            return index &+ 1
        }
        entries.append(move)
        return UInt32(entries.count)
    }

    /// Room for `count` more variables, none of them moving.
    mutating func append(notMoving count: Int) {
        places.append(contentsOf: repeatElement(0, count: count))
    }

    mutating func reserveCapacity(_ capacity: Int) { places.reserveCapacity(capacity) }
    var capacity: Int { places.capacity }

    /// Forgets the variables from `count` on.
    mutating func removeLast(from count: Int) {
        guard places.count > count else { return }
        for place in places[count...] where place != 0 { vacant.append(place &- 1) }
        places.removeLast(places.count - count)
        if vacant.count == entries.count {
            entries.removeAll(keepingCapacity: true)
            vacant.removeAll(keepingCapacity: true)
        }
    }
}
