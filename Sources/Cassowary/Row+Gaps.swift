/// A long row with room inside it: its block cut into segments of `segmentLength` slots, each
/// holding its entries packed at its start and room after them, so that an insert or a delete
/// moves the rest of one segment, not the rest of the row.
///
/// Why: removing a chain's constraints in a random order merges a view's short row into the
/// chain's long row at every removal, inserting views near its front and deleting the marker
/// anywhere behind them; in a packed row the stretch between moved each time, O(N) per removal
/// (docs/performance.md, issue 27, ninth and eleventh passes).
///
/// Only the merges (`RowMerger`), `search`, `coefficient(of:)`, `contains`, `remove`,
/// `addInEitherLayout`, `count` and `forEachRun` know of gaps. Every other reader reads packed
/// rows: the solver lets merges make gaps only inside a run of removals and packs its rows with
/// gaps (`Solver.settle`, `Tableau.settleGaps`) before anything else reads the tableau. Such a
/// row's `start` is `gappedMark` (2³¹), so a reader that was missed reads far past the block
/// and crashes instead of reading slots that hold no entry.
///
/// The block: `segments × segmentLength` slots of symbols and of coefficients (its capacity),
/// then one `Int32` per segment, its entry count. Every segment holds at least one entry (so a
/// search can go by the segments' first symbols); a segment that fills takes room from its
/// neighbours (the smallest aligned window of segments under ¾ full is spread evenly), and a
/// segment that empties is refilled the same way from a window at least ⅛ full; a row outside
/// those densities is laid out anew at ½.
extension Row {
    /// Slots per segment: an edit moves at most this many entries (the replay of the ninth
    /// pass: 1.07 M entries moved at 10 000 views against 277.8 M packed).
    static let segmentLength = 64
    /// `deadCount` of a row with gaps.
    static let gappedMark: UInt32 = 1 << 31

    /// Whether the row is laid out in segments with room inside them.
    @_transparent var isGapped: Bool { deadCount >= Row.gappedMark }

    /// The storage index ranges of the live entries, in order: `liveRange` for a packed row,
    /// one per segment for a row with gaps.
    @inline(__always)
    func forEachRun(_ body: (Range<Int>) throws -> Void) rethrows {
        guard isGapped else { return try body(liveRange) }
        let counts = segmentCounts, length = Row.segmentLength
        for segment in 0..<segmentTotal {
            try body(segment &* length ..< segment &* length &+ Int(counts[segment]))
        }
    }

    // MARK: The block

    private var segmentTotal: Int { storage!.entryCapacity / Row.segmentLength }

    private var segmentCounts: UnsafeMutablePointer<Int32> { Row.counts(of: storage!) }

    private static func counts(of storage: RowStorage) -> UnsafeMutablePointer<Int32> {
        UnsafeMutableRawPointer(storage.coefficients + storage.entryCapacity).assumingMemoryBound(to: Int32.self)
    }

    /// A block of `segments` empty segments (every slot zero, so that dumps are deterministic).
    private static func segmentedStorage(_ segments: Int) -> RowStorage {
        let storage = RowStorage.make(slots: segments * segmentLength, extraWords: segments)
        storage.symbols.update(repeating: 0, count: storage.entryCapacity)
        storage.coefficients.update(repeating: 0, count: storage.entryCapacity)
        counts(of: storage).update(repeating: 0, count: segments)
        return storage
    }

    /// The block made this row's own, copied whole when shared (the trail holds a recorded row).
    private mutating func uniqueSegments() -> RowStorage {
        if isKnownUniquelyReferenced(&storage) { return storage! }
        let old = storage!, segments = segmentTotal
        let fresh = RowStorage.make(slots: old.entryCapacity, extraWords: segments)
        fresh.symbols.update(from: old.symbols, count: old.entryCapacity)
        fresh.coefficients.update(from: old.coefficients, count: old.entryCapacity)
        Row.counts(of: fresh).update(from: Row.counts(of: old), count: segments)
        storage = fresh
        return fresh
    }

    /// Lays out `total` entries, read in order by `entry(k)`, into `storage`'s segments
    /// `first..<first + segments`, spread evenly.
    private static func spread(_ total: Int, into storage: RowStorage, segments first: Int, _ segments: Int,
                               from symbols: UnsafePointer<Symbol>, _ coefficients: UnsafePointer<Double>) {
        let counts = Row.counts(of: storage)
        var read = 0
        for k in 0..<segments {
            let share = total / segments + (k < total % segments ? 1 : 0)
            let at = (first + k) * segmentLength
            (storage.symbols + at).update(from: symbols + read, count: share)
            (storage.coefficients + at).update(from: coefficients + read, count: share)
            counts[first + k] = Int32(share)
            read += share
        }
    }

    /// Copies the live entries of segments `first..<end` to two new buffers (to be freed by the
    /// caller), in order; returns them and their number.
    private func gather(_ first: Int, _ end: Int) -> (UnsafeMutablePointer<Symbol>, UnsafeMutablePointer<Double>, Int) {
        let counts = segmentCounts
        var total = 0
        for segment in first..<end { total += Int(counts[segment]) }
        let symbols = UnsafeMutablePointer<Symbol>.allocate(capacity: max(total, 1))
        let coefficients = UnsafeMutablePointer<Double>.allocate(capacity: max(total, 1))
        copyLive(first, end, to: symbols, coefficients)
        return (symbols, coefficients, total)
    }

    /// Copies the live entries of segments `first..<end`, in order, to `symbols` and
    /// `coefficients`, packed.
    private func copyLive(_ first: Int, _ end: Int, to symbols: UnsafeMutablePointer<Symbol>,
                          _ coefficients: UnsafeMutablePointer<Double>) {
        let storage = storage!, counts = segmentCounts
        var written = 0
        for segment in first..<end {
            let at = segment * Row.segmentLength, n = Int(counts[segment])
            (symbols + written).update(from: storage.symbols + at, count: n)
            (coefficients + written).update(from: storage.coefficients + at, count: n)
            written += n
        }
    }

    /// How many segments hold `count` entries at density ½.
    private static func segmentsAtHalf(_ count: Int) -> Int { max(1, (2 * count + segmentLength - 1) / segmentLength) }

    // MARK: Changing layout

    /// Lays the row out in segments at density ½.
    ///
    /// - Complexity: O(count).
    mutating func makeGapped() {
        precondition(!isGapped && !isEmpty, "only a packed row with entries takes gaps")
        let total = count, fresh = Row.segmentedStorage(Row.segmentsAtHalf(total))
        let storage = storage!
        Row.spread(total, into: fresh, segments: 0, fresh.entryCapacity / Row.segmentLength,
                   from: storage.symbols + start, storage.coefficients + start)
        self.storage = fresh
        storedCount = Row.gappedMark + UInt32(total)
        deadCount = Row.gappedMark
    }

    /// Packs a row with gaps again, in a block of its size (no dead front); nothing on a packed
    /// row (one test).
    ///
    /// - Complexity: O(count).
    @inline(__always)
    mutating func compactGaps() {
        if isGapped { packGaps() }
    }

    @inline(never)
    private mutating func packGaps() {
        let total = count
        if total == 0 {
            storage = nil
        } else {
            let fresh = RowStorage.make(capacity: total)
            copyLive(0, segmentTotal, to: fresh.symbols, fresh.coefficients)
            storage = fresh
        }
        storedCount = UInt32(total)
        deadCount = 0
    }

    /// Lays the entries out anew at density ½ (the row outgrew its segments or thinned out).
    private mutating func relayOut() {
        let (symbols, coefficients, total) = gather(0, segmentTotal)
        defer { symbols.deallocate(); coefficients.deallocate() }
        let fresh = Row.segmentedStorage(Row.segmentsAtHalf(total))
        Row.spread(total, into: fresh, segments: 0, fresh.entryCapacity / Row.segmentLength, from: symbols, coefficients)
        storage = fresh
    }

    /// Spreads the entries of the smallest aligned window of segments around `segment` that,
    /// with `extra` entries more, holds at least `minimum` entries per segment and is at most ¾
    /// full; lays the whole row out anew when none is.
    private mutating func rebalance(around segment: Int, extra: Int, minimum: Int) {
        let segments = segmentTotal, counts = segmentCounts
        var width = 2
        while width < segments {
            let first = segment / width * width, end = min(first + width, segments)
            var total = extra
            for k in first..<end { total += Int(counts[k]) }
            if total >= (end - first) * minimum && total <= (end - first) * Row.segmentLength * 3 / 4 {
                let (symbols, coefficients, n) = gather(first, end)
                defer { symbols.deallocate(); coefficients.deallocate() }
                Row.spread(n, into: uniqueSegments(), segments: first, end - first, from: symbols, coefficients)
                return
            }
            width *= 2
        }
        relayOut()
    }

    // MARK: Reading and writing

    /// Where a symbol is or would go in a row with gaps: its segment, its offset there, and
    /// whether it is there. Valid until the row's next insert or delete.
    struct GapPlace {
        var segment: Int
        var offset: Int
        var found: Bool
        /// The storage index (of the entry when `found`).
        var slot: Int { segment &* Row.segmentLength &+ offset }
    }

    /// Where `symbol` is or would go in this row with gaps: binary search over the segments'
    /// first symbols, then inside one segment. The merge writes through the place it returns
    /// (`gappedSet`, `gappedDelete`, `gappedInsert(_:_:at:)`) without searching again.
    @inline(__always)
    func gappedPlace(_ symbol: Symbol) -> GapPlace {
        let storage = storage!, symbols = storage.symbols, counts = segmentCounts, length = Row.segmentLength
        var low = 1, high = segmentTotal
        while low < high {
            let mid = (low &+ high) >> 1
            if symbols[mid &* length] <= symbol { low = mid &+ 1 } else { high = mid }
        }
        let segment = low - 1, base = segment &* length
        var first = base, end = base &+ Int(counts[segment])
        while first < end {
            let mid = (first &+ end) >> 1
            if symbols[mid] < symbol { first = mid &+ 1 } else { end = mid }
        }
        let found = first < base &+ Int(counts[segment]) && symbols[first] == symbol
        return GapPlace(segment: segment, offset: first &- base, found: found)
    }

    /// `search` on a row with gaps: the slot of `symbol`, or −1.
    func gappedSearch(_ symbol: Symbol) -> Int {
        let place = gappedPlace(symbol)
        return place.found ? place.slot : -1
    }

    /// The coefficient at storage index `slot` (from `search`), in either layout.
    @inline(__always) func coefficient(atSlot slot: Int) -> Double { rowStorageCoefficients(storage!)[slot] }

    /// Sets the coefficient of an entry present at slot `slot`.
    mutating func gappedSet(_ slot: Int, _ coefficient: Double) {
        uniqueSegments().coefficients[slot] = coefficient
    }

    /// Inserts `symbol` (absent) with `coefficient`.
    mutating func gappedInsert(_ symbol: Symbol, _ coefficient: Double) {
        gappedInsert(symbol, coefficient, at: gappedPlace(symbol))
    }

    /// Inserts `symbol` (absent) with `coefficient` at `place`, where `gappedPlace` found it
    /// would go (the row unchanged since).
    mutating func gappedInsert(_ symbol: Symbol, _ coefficient: Double, at found: GapPlace) {
        var place = found
        if segmentCounts[place.segment] == Int32(Row.segmentLength) {
            rebalance(around: place.segment, extra: 1, minimum: 1)
            place = gappedPlace(symbol)
        }
        let storage = uniqueSegments(), counts = Row.counts(of: storage)
        let at = place.slot, after = Int(counts[place.segment]) - place.offset
        (storage.symbols + at + 1).update(from: storage.symbols + at, count: after)
        (storage.coefficients + at + 1).update(from: storage.coefficients + at, count: after)
        storage.symbols[at] = symbol
        storage.coefficients[at] = coefficient
        counts[place.segment] += 1
        storedCount += 1
    }

    /// Deletes the entry at slot `slot`. A row left with fewer entries than a segment holds is
    /// packed again.
    mutating func gappedDelete(_ slot: Int) {
        let segment = slot / Row.segmentLength
        let emptied: Bool
        do {
            // The block's reference ends here: `rebalance` must find it unique, or it copies.
            let storage = uniqueSegments(), counts = Row.counts(of: storage)
            let after = segment * Row.segmentLength + Int(counts[segment]) - slot - 1
            (storage.symbols + slot).update(from: storage.symbols + slot + 1, count: after)
            (storage.coefficients + slot).update(from: storage.coefficients + slot + 1, count: after)
            counts[segment] -= 1
            emptied = counts[segment] == 0
        }
        storedCount -= 1
        if count < Row.segmentLength {
            compactGaps()
        } else if emptied {
            rebalance(around: segment, extra: 0, minimum: Row.segmentLength / 8)
        }
    }

    /// `add` on a row in either layout.
    @inline(__always)
    @discardableResult
    mutating func addInEitherLayout(_ symbol: Symbol, _ coefficient: Double) -> Int {
        isGapped ? gappedAdd(symbol, coefficient) : add(symbol, coefficient)
    }

    /// `add` on a row with gaps.
    mutating func gappedAdd(_ symbol: Symbol, _ coefficient: Double) -> Int {
        let i = gappedSearch(symbol)
        if i >= 0 {
            let sum = coefficientSum(storage!.coefficients[i], coefficient)
            if sum == 0 {
                gappedDelete(i)
                return -1
            }
            gappedSet(i, sum)
            return 0
        }
        if coefficient == 0 { return 0 }
        gappedInsert(symbol, coefficient)
        return 1
    }

    /// `remove` on a row with gaps.
    mutating func gappedRemove(_ symbol: Symbol) -> Double {
        let i = gappedSearch(symbol)
        guard i >= 0 else { return 0 }
        let coefficient = storage!.coefficients[i]
        gappedDelete(i)
        return coefficient
    }

    /// The live entries in order and the segments' counts (the slots between are not state).
    var gappedMirror: Mirror {
        var symbols: [Symbol] = [], coefficients: [Double] = []
        forEachRun { run in
            for index in run {
                symbols.append(storage!.symbols[index])
                coefficients.append(storage!.coefficients[index])
            }
        }
        let counts = Array(UnsafeBufferPointer(start: segmentCounts, count: segmentTotal))
        return Mirror(self, children: ["gappedSymbols": symbols, "gappedCoefficients": coefficients, "segmentCounts": counts,
                                       "constant": constant])
    }
}
