/// For each symbol, the slots of the rows that hold it, so that a pivot or a substitution visits
/// only those rows instead of the whole tableau.
///
/// Columns are cleaned lazily: an entry whose row lost the symbol (or whose slot was freed or
/// reused) stays until the column is next compacted or substituted away. Finding the entry to
/// delete eagerly cost a scan of the column at every change, which dominated pivots in long
/// columns. A column may therefore list stale slots, but never misses a row that holds the symbol.
struct ColumnIndex {
    /// For each symbol, its column (in no particular order, possibly with stale entries).
    private(set) var lists: [[Slot]] = []
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

    /// Makes room for one more symbol, with an empty column.
    @inline(__always)
    mutating func addSymbol() {
        lists.append([])
        limitCodes.append(0)
    }

    /// Makes room for `count` more symbols, with empty columns (`Tableau.newSymbols`).
    mutating func addSymbols(_ count: Int) {
        lists.append(contentsOf: repeatElement([], count: count))
        limitCodes.append(contentsOf: repeatElement(0, count: count))
    }

    /// Reserves room for `capacity` symbols (`Tableau.reserveSymbols`).
    mutating func reserveSymbols(_ capacity: Int) {
        lists.reserveCapacity(capacity)
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
        // The entries sorted by symbol, stably (so each column lists its slots ascending), as
        // one flat array with each symbol's start: then every column is one copy out of it.
        var starts = [Int32](repeating: 0, count: lists.count + 1)
        for slot in slots {
            rows[slot].withLiveSymbols { symbols in
                for symbol in symbols { starts[Int(symbol) + 1] &+= 1 }
            }
        }
        for symbol in lists.indices { starts[symbol + 1] &+= starts[symbol] }
        var next = starts
        let flat = [Slot](unsafeUninitializedCapacity: Int(starts[lists.count])) { buffer, count in
            for slot in slots {
                rows[slot].withLiveSymbols { symbols in
                    for symbol in symbols {
                        buffer[Int(next[Int(symbol)])] = Slot(slot)
                        next[Int(symbol)] &+= 1
                    }
                }
            }
            count = buffer.count
        }
        for symbol in lists.indices where starts[symbol + 1] > starts[symbol] {
            assert(lists[symbol].isEmpty, "addEntries: column \(symbol) already holds entries")
            let length = starts[symbol + 1] - starts[symbol]
            lists[symbol] = Array(flat[Int(starts[symbol])..<Int(starts[symbol + 1])])
            var limit = self.limit(of: Symbol(symbol))
            while length > limit { limit = Self.limit(keeping: limit + 1) }
            setLimit(of: Symbol(symbol), limit)
        }
    }

    @inline(__always) func count(of symbol: Symbol) -> Int { lists[Int(symbol)].count }
    @inline(__always) func isEmpty(_ symbol: Symbol) -> Bool { lists[Int(symbol)].isEmpty }

    /// Notes that the row in `slot` now holds `symbol`. Returns whether the column outgrew its
    /// limit and is to be compacted.
    @inline(__always)
    mutating func append(_ slot: Slot, to symbol: Symbol, trail: inout SolverTrail) -> Bool {
        if trail.isRecording && Int(symbol) < trail.symbolCount { trail.record(.columnAppended(symbol)) }
        lists[Int(symbol)].append(slot)
        let count = lists[Int(symbol)].count
        return count > 256 && count > limit(of: symbol)  // 256: `minimumColumnLimit`, the least limit
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
        var overfull = false
        limitCodes.withUnsafeBufferPointer { codes in
            lists.withUnsafeMutableBufferPointer { columns in
                for symbol in removed where columns[Int(symbol)].count <= exactColumnLength {
                    let column = Int(symbol), last = columns[column].count - 1
                    var index = last
                    while index >= 0 && columns[column][index] != slot { index -= 1 }
                    if index < 0 { continue }
                    columns[column][index] = columns[column][last]
                    columns[column].removeLast()
                }
                for symbol in added {
                    columns[Int(symbol)].append(slot)
                    let count = columns[Int(symbol)].count
                    if count > minimumLimitLength {
                        // A large limit is not looked up here: `compactOverfull` reads it.
                        let code = codes[Int(symbol)]
                        if code == largeLimitCode || count > Self.limit(keeping: Int32(code)) { overfull = true }
                    }
                }
            }
        }
        return overfull
    }

    /// Records for an open step what `update` is about to do, so that its loops stay as they
    /// are without one. A symbol is either added or removed, never both, so each column has
    /// at most one entry here and their order among columns does not matter.
    private func recordUpdate(_ slot: Slot, added: UnsafeBufferPointer<Symbol>, removed: UnsafeBufferPointer<Symbol>,
                              trail: inout SolverTrail) {
        for symbol in removed where Int(symbol) < trail.symbolCount && lists[Int(symbol)].count <= exactColumnLength {
            // The entry `update` takes out: the last one naming the slot.
            if let index = lists[Int(symbol)].lastIndex(of: slot) {
                trail.record(.columnEntryRemoved(symbol, index: UInt8(index)), word: slot.raw)
            }
        }
        for symbol in added where Int(symbol) < trail.symbolCount { trail.record(.columnAppended(symbol)) }
    }

    /// Compacts the columns of `symbols` that are over their limit.
    mutating func compactOverfull(_ symbols: UnsafeBufferPointer<Symbol>, rows: [Row], basics: [Symbol], trail: inout SolverTrail) {
        for symbol in symbols where isOverLimit(symbol, lists[Int(symbol)].count) {
            compact(symbol, rows: rows, basics: basics, trail: &trail)
        }
    }

    /// Drops stale and repeated entries, so that the column lists each row holding `symbol`
    /// exactly once.
    mutating func compact(_ symbol: Symbol, rows: [Row], basics: [Symbol], trail: inout SolverTrail) {
        let column = Int(symbol)
        if lists[column].isEmpty { return }
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
        for index in lists[column].indices {
            let slot = lists[column][index]
            guard basics[slot.index] != noSymbol, slotMarks[slot.index] != slotMark,
                  rows[slot.index].contains(symbol) else {
                if !recorded {
                    trail.recordColumn(symbol, lists[column])
                    recorded = true
                }
                continue
            }
            slotMarks[slot.index] = slotMark
            if kept != index { lists[column][kept] = slot }
            kept += 1
        }
        lists[column].removeLast(lists[column].count - kept)
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
    /// once and empties the column as it goes).
    @inline(__always)
    mutating func take(_ symbol: Symbol, trail: inout SolverTrail) -> [Slot] {
        if trail.isRecording && Int(symbol) < trail.symbolCount && !lists[Int(symbol)].isEmpty {
            trail.recordColumn(symbol, lists[Int(symbol)])
        }
        var slots: [Slot] = []
        swap(&slots, &lists[Int(symbol)])
        return slots
    }

    /// Gives a column taken by `take` its storage back, emptied, when nothing was added to the
    /// column meanwhile: the next rows holding the symbol then reuse its capacity.
    @inline(__always)
    mutating func giveBack(_ slots: inout [Slot], to symbol: Symbol) {
        if slots.capacity < keptColumnCapacity { return }
        slots.removeAll(keepingCapacity: true)
        if lists[Int(symbol)].isEmpty { swap(&slots, &lists[Int(symbol)]) }
    }
}

private let minimumColumnLimit: Int32 = 256
/// The same as a length (an `Int` compared with an `Int32` is generic code in a debug build).
private let minimumLimitLength = 256
/// The code of a limit kept in `ColumnIndex.largeLimits`.
private let largeLimitCode: UInt8 = 255
/// Emptied columns at least this long keep their storage (`giveBack`); shorter ones let it go.
private let keptColumnCapacity = 32
/// Columns up to this length lose a row's entry as soon as the row loses the symbol.
private let exactColumnLength = 16

extension ColumnIndex {
    mutating func undo(_ entry: SolverTrail.Entry, trail: inout SolverTrail) {
        switch entry {
        case .columnAppended(let symbol):
            lists[Int(symbol)].removeLast()
        case .columnEntryRemoved(let symbol, let index):
            let column = Int(symbol), index = Int(index), slot = Slot(trail.popWord())
            if index == lists[column].count {
                lists[column].append(slot)
            } else {
                lists[column].append(lists[column][index])
                lists[column][index] = slot
            }
        case .column(let symbol):
            lists[Int(symbol)] = trail.popColumn()
        case .columnLimit(let symbol):
            setLimit(of: symbol, trail.popWord())
        default:
            preconditionFailure("not a column entry")
        }
    }

    /// Forgets the columns of symbols from `count` on (taken back with a step).
    mutating func dropSymbols(from count: Int) {
        lists.removeLast(lists.count - count)
        limitCodes.removeLast(limitCodes.count - count)
        largeLimits.removeAll { Int($0.symbol) >= count }
    }
}
