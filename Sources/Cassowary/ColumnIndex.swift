/// For each symbol, the slots of the rows that hold it, so that a pivot or a substitution visits
/// only those rows instead of the whole tableau.
///
/// Columns are cleaned lazily: an entry whose row lost the symbol (or whose slot was freed or
/// reused) stays until the column is next compacted or substituted away. Finding the entry to
/// delete eagerly cost a scan of the column at every change, which dominated pivots in long
/// columns. A column may therefore list stale slots, but never misses a row that holds the symbol.
///
/// All columns live in one pool (`pool`), each in a block of its own whose size is a power of
/// two (at least 2), so a symbol keeps where its block starts, its size and how long its column
/// is. A column of its own array was a heap block per column (32 bytes of header and malloc's
/// rounding for the one or two slots most columns of a chain hold: ~300 bytes a view). A block
/// outgrown moves to one twice as large; a column keeps its block as it shrinks, as an array
/// kept its capacity, and an emptied column gives a block under 32 slots back (`keptSizeClass`: a
/// basic symbol has no column until it leaves the basis; long columns, the ones a drag empties
/// and refills, keep theirs). Given-back blocks go on a free list per size and are reused first.
/// Blocks are not split or joined: a drag that shrank long columns and grew them again, with
/// blocks given back by halves, grew the pool at every step.
struct ColumnIndex {
    /// Every column's block, one after another, free blocks among them; from `poolTop` on,
    /// room not handed out yet.
    private(set) var pool: [Slot] = []
    private var poolTop = 0
    /// For each symbol, where its block starts in `pool` (meaningless while its column is empty).
    private(set) var starts: [Int32] = []
    /// For each symbol, how many entries its column has.
    private(set) var counts: [Int32] = []
    /// For each symbol, the size of its block as `k` for 2^k slots; 0 for no block.
    private var sizeClasses: [UInt8] = []
    /// For each block size 2^k, the start of the first free block of that size, or -1; a free
    /// block's first slot holds the start of the next one.
    private var freeHeads = [Int32](repeating: -1, count: 32)
    /// For each symbol, the length at which its column is next compacted: four times its live
    /// length at the last compaction plus 256. Without a limit a drag, merging one long row in
    /// and out of the same few rows step after step, grew every column without end. A tighter
    /// limit (2× + 16) cost a drag-deep step 40% more: every stale entry is checked once by
    /// compaction anyway, and a generous limit lets most columns be emptied by substitution
    /// first, for free.
    ///
    /// One byte a symbol, not four: a limit `4 k + 256` with `k` below 255 is kept as `k`; any
    /// other (a column that kept hundreds of entries) as `largeLimitCode`, its value in
    /// `largeLimits`. No column is compacted below 256 entries, so most checks never read them.
    private var limitCodes: [UInt8] = []
    /// The limits coded `largeLimitCode`, by symbol, ascending (rare: a list, not a table, so
    /// that equal contents look the same to the trail tests' dumps).
    private(set) var largeLimits: [(symbol: Symbol, limit: Int32)] = []
    /// Marks on slots, for compacting columns without a set.
    private var slotMarks: [UInt32] = []
    private var slotMark: UInt32 = 0
    /// The array `take` lends out, kept between substitutions.
    private var taken: [Slot] = []

    /// Makes room for one more symbol, with an empty column.
    @inline(__always)
    mutating func addSymbol() {
        starts.append(0)
        counts.append(0)
        sizeClasses.append(0)
        limitCodes.append(0)
    }

    /// Makes room for `count` more symbols, with empty columns (`Tableau.newSymbols`).
    mutating func addSymbols(_ count: Int) {
        // Arrays filled at once, not `repeatElement` (element by element in a debug build).
        let zeros = [Int32](repeating: 0, count: count)
        starts.append(contentsOf: zeros)
        counts.append(contentsOf: zeros)
        let zeroBytes = [UInt8](repeating: 0, count: count)
        sizeClasses.append(contentsOf: zeroBytes)
        limitCodes.append(contentsOf: zeroBytes)
    }

    /// Reserves room for `capacity` symbols (`Tableau.reserveSymbols`).
    mutating func reserveSymbols(_ capacity: Int) {
        starts.reserveCapacity(capacity)
        counts.reserveCapacity(capacity)
        sizeClasses.reserveCapacity(capacity)
        limitCodes.reserveCapacity(capacity)
    }

    /// Notes every entry of `rows[slots]` as `append` would, row after row, when those rows were
    /// just placed and their symbols' columns are empty: each column is made once at its length
    /// instead of grown entry by entry, and its limit is the one the compactions of those appends
    /// would have left (all entries live, so each kept them all). For a tableau whose trail does
    /// not record (a face program's).
    ///
    /// - Complexity: O(symbols + entries).
    mutating func addEntries(of rows: [Row], in slots: Range<Int>) {
        // The entries counted by symbol, then each column given its block at its length and
        // filled row after row (so each column lists its slots ascending).
        var lengths = [Int32](repeating: 0, count: counts.count)
        for slot in slots {
            rows[slot].withLiveSymbols { symbols in
                for symbol in symbols { lengths[Int(symbol)] &+= 1 }
            }
        }
        for symbol in counts.indices where lengths[symbol] > 0 {
            assert(counts[symbol] == 0, "addEntries: column \(symbol) already holds entries")
            let length = lengths[symbol]
            let sizeClass = Self.sizeClass(holding: length)
            starts[symbol] = allocate(sizeClass)
            sizeClasses[symbol] = sizeClass
            var limit = self.limit(of: Symbol(symbol))
            while length > limit { limit = Self.limit(keeping: limit + 1) }
            setLimit(of: Symbol(symbol), limit)
        }
        let symbolCount = counts.count
        counts.withUnsafeMutableBufferPointer { counts in
        starts.withUnsafeBufferPointer { starts in
        pool.withUnsafeMutableBufferPointer { pool in
            for slot in slots {
                rows[slot].withLiveSymbols { symbols in
                    for symbol in symbols where Int(symbol) < symbolCount {
                        pool[Int(starts[Int(symbol)] &+ counts[Int(symbol)])] = Slot(slot)
                        counts[Int(symbol)] &+= 1
                    }
                }
            }
        }}}
    }

    @inline(__always) func count(of symbol: Symbol) -> Int { Int(counts[Int(symbol)]) }
    @inline(__always) func isEmpty(_ symbol: Symbol) -> Bool { counts[Int(symbol)] == 0 }

    /// `symbol`'s column, to iterate (it holds the pool: nothing may change the index meanwhile,
    /// or the pool is copied).
    @inline(__always) func slots(of symbol: Symbol) -> ColumnSlots {
        let start = Int(starts[Int(symbol)])
        return ColumnSlots(pool: pool, index: start, end: start + Int(counts[Int(symbol)]))
    }

    /// `symbol`'s column as an array (for the trail, and tests).
    func column(_ symbol: Symbol) -> [Slot] {
        let start = Int(starts[Int(symbol)])
        return Array(pool[start..<start + Int(counts[Int(symbol)])])
    }

    /// Runs `body` with the columns as plain buffers (`BorrowedTableau`): only reads.
    @inline(__always)
    func withBuffers<Result>(_ body: (ColumnBuffers) -> Result) -> Result {
        pool.withUnsafeBufferPointer { pool in
        starts.withUnsafeBufferPointer { starts in
        counts.withUnsafeBufferPointer { counts in
            body(ColumnBuffers(pool: pool, starts: starts, counts: counts))
        }}}
    }

    /// Notes that the row in `slot` now holds `symbol`. Returns whether the column outgrew its
    /// limit and is to be compacted.
    @inline(__always)
    mutating func append(_ slot: Slot, to symbol: Symbol, trail: inout SolverTrail) -> Bool {
        if trail.isRecording && Int(symbol) < trail.symbolCount { trail.recordAppend(symbol, length: counts[Int(symbol)]) }
        let count = push(slot, to: Int(symbol))
        return count > 256 && count > limit(of: symbol)  // 256: `minimumColumnLimit`, the least limit
    }

    /// Appends `slot` to the column of `symbol`, moving it to a larger block when its block is
    /// full; returns the new length.
    @inline(__always)
    private mutating func push(_ slot: Slot, to column: Int) -> Int {
        let count = counts[column], sizeClass = sizeClasses[column]
        if sizeClass == 0 || count == Int32(1) &<< Int32(sizeClass) { grow(column) }
        pool[Int(starts[column] &+ count)] = slot
        counts[column] = count &+ 1
        return Int(count) + 1
    }

    /// Gives `column` a block twice as large as its full one (or the least block, if it has
    /// none), extending the pool first if it must.
    @inline(__always)
    private mutating func grow(_ column: Int) {
        if Self.grow(column, count: counts[column], pool: &pool, starts: &starts, sizeClasses: &sizeClasses,
                     freeHeads: &freeHeads, poolTop: &poolTop) { return }
        let sizeClass = sizeClasses[column] == 0 ? 1 : sizeClasses[column] + 1
        extendPool(toHold: poolTop + 1 << Int(sizeClass))
        let grown = Self.grow(column, count: counts[column], pool: &pool, starts: &starts, sizeClasses: &sizeClasses,
                              freeHeads: &freeHeads, poolTop: &poolTop)
        assert(grown, "grow: the pool was extended to hold the block")
    }

    /// `grow`, on the arrays or on plain buffers (so that `update` need not leave them for it):
    /// moves the column's `count` entries to the new block and gives the old block back.
    /// Returns false, having changed nothing, when the pool has no room for the new block (it
    /// must be extended first, which moves it).
    @inline(__always)
    private static func grow<Pool: MutableCollection<Slot>, Starts: MutableCollection<Int32>,
                             Classes: MutableCollection<UInt8>, Heads: MutableCollection<Int32>>(
        _ column: Int, count: Int32, pool: inout Pool, starts: inout Starts, sizeClasses: inout Classes,
        freeHeads: inout Heads, poolTop: inout Int
    ) -> Bool where Pool.Index == Int, Starts.Index == Int, Classes.Index == Int, Heads.Index == Int {
        let oldClass = sizeClasses[column], newClass = oldClass == 0 ? 1 : oldClass &+ 1
        guard let new = takeBlock(newClass, pool: &pool, freeHeads: &freeHeads, poolTop: &poolTop) else { return false }
        if oldClass != 0 {
            let old = starts[column]
            for index in 0..<Int(count) { pool[Int(new) &+ index] = pool[Int(old) &+ index] }
            giveBack(old, sizeClass: oldClass, pool: &pool, freeHeads: &freeHeads)
        }
        starts[column] = new
        sizeClasses[column] = newClass
        return true
    }

    /// A block of 2^`sizeClass` slots from its free list or the room past `poolTop`; nil when
    /// neither has one.
    @inline(__always)
    private static func takeBlock<Pool: MutableCollection<Slot>, Heads: MutableCollection<Int32>>(
        _ sizeClass: UInt8, pool: inout Pool, freeHeads: inout Heads, poolTop: inout Int
    ) -> Int32? where Pool.Index == Int, Heads.Index == Int {
        let head = freeHeads[Int(sizeClass)]
        if head >= 0 {
            freeHeads[Int(sizeClass)] = pool[Int(head)].raw
            return head
        }
        let start = poolTop, size = 1 << Int(sizeClass)
        if start + size > pool.count { return nil }
        poolTop = start + size
        return Int32(start)
    }

    /// Puts the block of 2^`sizeClass` slots at `start` on its free list.
    @inline(__always)
    private static func giveBack<Pool: MutableCollection<Slot>, Heads: MutableCollection<Int32>>(
        _ start: Int32, sizeClass: UInt8, pool: inout Pool, freeHeads: inout Heads
    ) where Pool.Index == Int, Heads.Index == Int {
        pool[Int(start)] = Slot(freeHeads[Int(sizeClass)])
        freeHeads[Int(sizeClass)] = start
    }

    /// Sets the length of `column` to `count` (no more than it has). An emptied column gives a
    /// short block back.
    @inline(__always)
    private mutating func shorten(_ column: Int, to count: Int32) {
        counts[column] = count
        let sizeClass = sizeClasses[column]
        if count == 0 && sizeClass != 0 && sizeClass < keptSizeClass {
            release(starts[column], sizeClass: sizeClass)
            sizeClasses[column] = 0
        }
    }

    /// The size class of the least block that holds `count` entries (at least 1): 2^k slots,
    /// at least 2.
    @inline(__always) static func sizeClass(holding count: Int32) -> UInt8 {
        count <= 2 ? 1 : UInt8(32 - (count &- 1).leadingZeroBitCount)
    }

    /// A block of 2^`sizeClass` slots, from its free list or the end of the pool.
    private mutating func allocate(_ sizeClass: UInt8) -> Int32 {
        if let start = Self.takeBlock(sizeClass, pool: &pool, freeHeads: &freeHeads, poolTop: &poolTop) { return start }
        extendPool(toHold: poolTop + 1 << Int(sizeClass))
        return Self.takeBlock(sizeClass, pool: &pool, freeHeads: &freeHeads, poolTop: &poolTop)!
    }

    /// Makes the pool at least `count` long, by a quarter more at a time (an append for each
    /// block was a tenth of remove-random's column work). Its capacity doubles: only the part
    /// handed out is touched, and growth by a quarter copied the pool four times as often.
    @inline(never)
    private mutating func extendPool(toHold count: Int) {
        let length = max(count, pool.count + max(pool.count / 4, minimumPoolGrowth))
        if length > pool.capacity { pool.reserveCapacity(max(length, 2 * pool.capacity)) }
        // An array filled at once: `repeatElement` is appended element by element, unspecialized,
        // in a debug build (the debug gate's every-100 row grew 76% with it).
        pool.append(contentsOf: [Slot](repeating: .none, count: length - pool.count))
    }

    /// Puts the block of 2^`sizeClass` slots at `start` on its free list.
    @inline(__always)
    private mutating func release(_ start: Int32, sizeClass: UInt8) {
        Self.giveBack(start, sizeClass: sizeClass, pool: &pool, freeHeads: &freeHeads)
    }

    /// Brings the index in step with a merge into the row in `slot` that introduced `added` and
    /// cancelled `removed`. Short columns are kept exact: finding the entry of a cancelled symbol
    /// in a few slots is cheaper than the binary search in its row that compaction would spend
    /// on it later. Long columns stay lazy. Returns whether some column of `added` outgrew its
    /// limit (see `compactOverfull`).
    @inline(__always)
    mutating func update(_ slot: Slot, added: UnsafeBufferPointer<Symbol>, removed: UnsafeBufferPointer<Symbol>,
                         trail: inout SolverTrail) -> Bool {
        if trail.isRecording { recordUpdate(slot, added: added, removed: removed, trail: &trail) }
        // In place on the buffers (array subscripts here cost drag-edge 7%); a column emptied is
        // finished by `shorten` outside them, and the appends from the first full block on by
        // `appendGrowing` (after the emptied columns gave their blocks back, as `push` took
        // blocks when this loop left its buffers at each full one).
        var emptied = false, overfull = false
        var next = added.count
        counts.withUnsafeMutableBufferPointer { counts in
        starts.withUnsafeBufferPointer { starts in
        sizeClasses.withUnsafeBufferPointer { sizeClasses in
        limitCodes.withUnsafeBufferPointer { codes in
        pool.withUnsafeMutableBufferPointer { pool in
            for symbol in removed where counts[Int(symbol)] <= exactColumnLength {
                let column = Int(symbol), start = Int(starts[column]), last = counts[column] &- 1
                var index = last
                while index >= 0 && pool[start &+ Int(index)] != slot { index &-= 1 }
                if index < 0 { continue }
                pool[start &+ Int(index)] = pool[start &+ Int(last)]
                counts[column] = last
                if last == 0 { emptied = true }
            }
            for position in added.indices {
                let column = Int(added[position]), count = counts[column], sizeClass = sizeClasses[column]
                if sizeClass == 0 || count == Int32(1) &<< Int32(sizeClass) {
                    next = position
                    return
                }
                pool[Int(starts[column] &+ count)] = slot
                counts[column] = count &+ 1
                if Self.isOver(Int(count) &+ 1, code: codes[column]) { overfull = true }
            }
        }}}}}
        if emptied {
            for symbol in removed where counts[Int(symbol)] == 0 { shorten(Int(symbol), to: 0) }
        }
        if next < added.count && appendGrowing(slot, to: added[next...]) { overfull = true }
        return overfull
    }

    /// `update`'s appends of `slot` to the columns of `symbols`, from a full block on: each full
    /// block grows where the loop stands, on the buffers (leaving them for each one cost a long
    /// row's copy, whose every column is full, a third of its update); only a block the pool has
    /// no room for is left to `push`. Returns whether some column outgrew its limit.
    private mutating func appendGrowing(_ slot: Slot, to symbols: Slice<UnsafeBufferPointer<Symbol>>) -> Bool {
        var overfull = false, next = symbols.startIndex, top = poolTop
        while next < symbols.endIndex {
            counts.withUnsafeMutableBufferPointer { counts in
            starts.withUnsafeMutableBufferPointer { starts in
            sizeClasses.withUnsafeMutableBufferPointer { sizeClasses in
            limitCodes.withUnsafeBufferPointer { codes in
            freeHeads.withUnsafeMutableBufferPointer { heads in
            pool.withUnsafeMutableBufferPointer { pool in
                // Pointers copied, for `grow`'s `inout` (its buffers are not moved).
                var pool = pool, starts = starts, sizeClasses = sizeClasses, heads = heads
                while next < symbols.endIndex {
                    let column = Int(symbols[next]), count = counts[column], sizeClass = sizeClasses[column]
                    if sizeClass == 0 || count == Int32(1) &<< Int32(sizeClass) {
                        if !Self.grow(column, count: count, pool: &pool, starts: &starts, sizeClasses: &sizeClasses,
                                      freeHeads: &heads, poolTop: &top) { return }
                    }
                    pool[Int(starts[column] &+ count)] = slot
                    counts[column] = count &+ 1
                    if Self.isOver(Int(count) &+ 1, code: codes[column]) { overfull = true }
                    next += 1
                }
            }}}}}}
            poolTop = top
            if next < symbols.endIndex {
                let column = Int(symbols[next])
                if Self.isOver(push(slot, to: column), code: limitCodes[column]) { overfull = true }
                top = poolTop
                next += 1
            }
        }
        return overfull
    }

    /// Whether a column of `count` entries whose limit is coded `code` is to be compacted (a
    /// large limit is not looked up here: `compactOverfull` reads it).
    @inline(__always) private static func isOver(_ count: Int, code: UInt8) -> Bool {
        count > minimumLimitLength && (code == largeLimitCode || count > Self.limit(keeping: Int32(code)))
    }

    /// Records for an open step what `update` is about to do, so that its loops stay as they
    /// are without one. A symbol is either added or removed, never both, so each column has
    /// at most one entry here and their order among columns does not matter.
    private func recordUpdate(_ slot: Slot, added: UnsafeBufferPointer<Symbol>, removed: UnsafeBufferPointer<Symbol>,
                              trail: inout SolverTrail) {
        for symbol in removed where Int(symbol) < trail.symbolCount && counts[Int(symbol)] <= exactColumnLength {
            // The entry `update` takes out: the last one naming the slot.
            let start = Int(starts[Int(symbol)])
            var index = Int(counts[Int(symbol)]) - 1
            while index >= 0 && pool[start + index] != slot { index -= 1 }
            if index >= 0 {
                trail.recordRemoval(symbol, index: UInt8(index), slot: slot)
            }
        }
        counts.withUnsafeBufferPointer { trail.recordAppends(added, lengths: $0) }
    }

    /// Compacts the columns of `symbols` that are over their limit.
    mutating func compactOverfull(_ symbols: UnsafeBufferPointer<Symbol>, rows: [Row], basics: [Symbol], trail: inout SolverTrail) {
        for symbol in symbols where isOverLimit(symbol, Int(counts[Int(symbol)])) {
            compact(symbol, rows: rows, basics: basics, trail: &trail)
        }
    }

    /// Drops stale and repeated entries, so that the column lists each row holding `symbol`
    /// exactly once.
    mutating func compact(_ symbol: Symbol, rows: [Row], basics: [Symbol], trail: inout SolverTrail) {
        let column = Int(symbol)
        let count = Int(counts[column])
        if count == 0 { return }
        slotMark &+= 1
        if slotMark == 0 {
            for index in slotMarks.indices { slotMarks[index] = 0 }
            slotMark = 1
        }
        if slotMarks.count < rows.count {
            slotMarks.append(contentsOf: repeatElement(0, count: rows.count - slotMarks.count))
        }
        // Until the first entry is dropped the column is unchanged; an open step records it then.
        var recorded = !trail.isRecording || column >= trail.symbolCount
        var kept = 0
        let start = Int(starts[column])
        for index in 0..<count {
            let slot = pool[start + index]
            guard basics[slot.index] != noSymbol, slotMarks[slot.index] != slotMark,
                  rows[slot.index].contains(symbol) else {
                if !recorded {
                    trail.recordColumn(symbol, self.column(symbol))
                    recorded = true
                }
                continue
            }
            slotMarks[slot.index] = slotMark
            if kept != index { pool[start + kept] = slot }
            kept += 1
        }
        if kept != count { shorten(column, to: Int32(kept)) }
        let limit = Self.limit(keeping: Int32(kept))
        let old = self.limit(of: symbol)
        if limit != old {
            if trail.isRecording && column < trail.symbolCount { trail.record(.columnLimit(symbol), word: old) }
            setLimit(of: symbol, limit)
        }
    }

    /// Whether a column of `count` entries is over `symbol`'s limit; the limit is read only past
    /// the least one.
    @inline(__always) private func isOverLimit(_ symbol: Symbol, _ count: Int) -> Bool {
        count > minimumLimitLength && count > limit(of: symbol)
    }

    /// `symbol`'s limit (see `limitCodes`).
    func limit(of symbol: Symbol) -> Int32 {
        let code = limitCodes[Int(symbol)]
        if code != largeLimitCode { return Self.limit(keeping: Int32(code)) }
        return largeLimits[largeLimitPlace(symbol)].limit
    }

    /// Where `symbol` is in `largeLimits`, or would go.
    private func largeLimitPlace(_ symbol: Symbol) -> Int {
        var low = 0, high = largeLimits.count
        while low < high {
            let middle = (low + high) / 2
            if largeLimits[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Sets `symbol`'s limit, coded when it can be: a limit is kept one way only.
    mutating func setLimit(of symbol: Symbol, _ limit: Int32) {
        let offset = limit &- minimumColumnLimit
        let coded = offset >= 0 && offset % 4 == 0 && offset / 4 < Int32(largeLimitCode)
        // The common case (every compaction sets a limit): a byte replaces a byte.
        if coded && limitCodes[Int(symbol)] != largeLimitCode {
            limitCodes[Int(symbol)] = UInt8(truncatingIfNeeded: offset / 4)
            return
        }
        let place = largeLimitPlace(symbol)
        let listed = place < largeLimits.count && largeLimits[place].symbol == symbol
        if coded {
            limitCodes[Int(symbol)] = UInt8(truncatingIfNeeded: offset / 4)
            if listed { largeLimits.remove(at: place) }
        } else {
            limitCodes[Int(symbol)] = largeLimitCode
            if listed { largeLimits[place].limit = limit } else { largeLimits.insert((symbol, limit), at: place) }
        }
    }

    /// The length a column may reach before it is compacted again, once a compaction left
    /// `kept` entries: growth paid for by the compaction it leads to.
    @inline(__always) private static func limit(keeping kept: Int32) -> Int32 { 4 * kept + minimumColumnLimit }

    /// Takes `symbol`'s column out, leaving it empty (for a substitution that visits every row
    /// once and empties the column as it goes). The slots come in `taken`, an array kept for
    /// this and lent out until `giveBack`.
    @inline(__always)
    mutating func take(_ symbol: Symbol, trail: inout SolverTrail) -> [Slot] {
        let column = Int(symbol), count = Int(counts[column])
        var slots: [Slot] = []
        swap(&slots, &taken)
        slots.removeAll(keepingCapacity: true)
        if count == 0 { return slots }
        let start = Int(starts[column])
        slots.append(contentsOf: pool[start..<start + count])
        if trail.isRecording && column < trail.symbolCount { trail.recordColumn(symbol, slots) }
        shorten(column, to: 0)
        return slots
    }

    /// Takes back the array `take` lent out, to be reused by the next one (unless it is long: a
    /// column of thousands is not kept for every later take). When the trail saved it, the next
    /// `take` writes a copy, as the emptied array of a saved column was copied before.
    @inline(__always)
    mutating func giveBack(_ slots: inout [Slot], to symbol: Symbol) {
        if slots.capacity > keptTakenCapacity { return }
        swap(&slots, &taken)
    }
}

/// One column of a `ColumnIndex`, read in place from its pool (a concrete iterator: the
/// standard library's generic ones run unspecialized in a debug build).
struct ColumnSlots: Sequence, IteratorProtocol {
    let pool: [Slot]
    var index: Int
    let end: Int

    @inline(__always) mutating func next() -> Slot? {
        if index == end { return nil }
        index &+= 1
        return pool[index &- 1]
    }
}

/// The columns as plain buffers, for the walks over a borrowed tableau (`BorrowedTableau`).
struct ColumnBuffers {
    let pool: UnsafeBufferPointer<Slot>
    let starts: UnsafeBufferPointer<Int32>
    let counts: UnsafeBufferPointer<Int32>

    /// `symbol`'s column, in place.
    @inline(__always) func column(_ symbol: Symbol) -> UnsafeBufferPointer<Slot> {
        let count = Int(counts[Int(symbol)])
        if count == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pool.baseAddress! + Int(starts[Int(symbol)]), count: count)
    }
}

private let minimumColumnLimit: Int32 = 256
/// The same as a length (an `Int` compared with an `Int32` is generic code in a debug build).
private let minimumLimitLength = 256
/// The code of a limit kept in `ColumnIndex.largeLimits`.
private let largeLimitCode: UInt8 = 255
/// The pool grows by at least this many slots at a time (a face program's tableau is small).
private let minimumPoolGrowth = 64
/// Emptied columns with blocks of at least 2^5 = 32 slots keep them; smaller ones give them back.
private let keptSizeClass: UInt8 = 5
/// The array `take` lends out is kept for the next one up to this capacity.
private let keptTakenCapacity = 1_024
/// Columns up to this length lose a row's entry as soon as the row loses the symbol.
private let exactColumnLength: Int32 = 16

extension ColumnIndex {
    mutating func undo(_ entry: SolverTrail.Entry, trail: inout SolverTrail) {
        switch entry {
        case .columnAppended(let symbol):
            shorten(Int(symbol), to: counts[Int(symbol)] - 1)
        case .columnLength(let symbol):
            shorten(Int(symbol), to: trail.popWord())
        case .columnEntryRemoved(let symbol, let index):
            let column = Int(symbol), index = Int(index), slot = Slot(trail.popWord())
            if index == Int(counts[column]) {
                _ = push(slot, to: column)
            } else {
                let moved = pool[Int(starts[column]) + index]
                _ = push(moved, to: column)
                pool[Int(starts[column]) + index] = slot
            }
        case .column(let symbol):
            setColumn(Int(symbol), trail.popColumn())
        case .columnLimit(let symbol):
            setLimit(of: symbol, trail.popWord())
        default:
            preconditionFailure("not a column entry")
        }
    }

    /// Makes `slots` the column of `column`, in its block if that holds them, else in a new
    /// one of their size.
    private mutating func setColumn(_ column: Int, _ slots: [Slot]) {
        shorten(column, to: 0)
        if slots.isEmpty { return }
        let count = Int32(slots.count)
        if sizeClasses[column] == 0 || count > Int32(1) &<< Int32(sizeClasses[column]) {
            if sizeClasses[column] != 0 { release(starts[column], sizeClass: sizeClasses[column]) }
            sizeClasses[column] = Self.sizeClass(holding: count)
            starts[column] = allocate(sizeClasses[column])
        }
        let start = Int(starts[column])
        for (offset, slot) in slots.enumerated() { pool[start + offset] = slot }
        counts[column] = count
    }

    /// Forgets the columns of symbols from `count` on (taken back with a step).
    mutating func dropSymbols(from count: Int) {
        for column in count..<counts.count where sizeClasses[column] != 0 {
            release(starts[column], sizeClass: sizeClasses[column])
        }
        starts.removeLast(starts.count - count)
        counts.removeLast(counts.count - count)
        sizeClasses.removeLast(sizeClasses.count - count)
        limitCodes.removeLast(limitCodes.count - count)
        largeLimits.removeAll { Int($0.symbol) >= count }
    }
}

extension ColumnIndex: CustomReflectable {
    /// Each symbol's column as it reads, not where its block lies in the pool: a rollback
    /// brings back the columns, not their places (the trail tests compare dumps).
    var customMirror: Mirror {
        Mirror(self, children: [
            "lists": counts.indices.map { column(Symbol($0)) },
            "limitCodes": limitCodes,
            "largeLimits": largeLimits,
        ])
    }
}
