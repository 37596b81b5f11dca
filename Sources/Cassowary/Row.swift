/// A row of the tableau: `constant + Σ coefficient × symbol`, kept as a sparse vector sorted by
/// symbol id. Sorted order makes merges linear and every scan deterministic.
///
/// While a row is being built it means `0 = constant + Σ …`; once solved for its basic symbol it
/// means `basic = constant + Σ …`.
///
/// A long row can lose entries at its front without moving its tail: its live entries are
/// `storedSymbols[start...]` (and the same of `storedCoefficients`), and what lies before
/// `start` is dead. Removing a chain's constraints in insertion order takes entries off the
/// front of the chain's long row at every removal; shifting its tail down each time made that
/// quadratic. Readers see only the live part, as collections (`symbols`, `coefficients`) whose
/// indices start at `start`, not at 0: read them through `indices` or `liveRange`.
///
/// The entries live in one heap block (`RowStorage`), shared between copies until one of them
/// writes, as an array's are; the counts and the constant live in the row itself (24 bytes).
struct Row {
    /// Storage: the live entries are those from `start` to `storedCount`. Nil until the first
    /// entry. Write through the methods below and those of Row+Gaps.swift (not private only so
    /// that file can).
    var storage: RowStorage?
    /// How many entries of the storage are in use, dead front included. On a row with gaps
    /// (Row+Gaps.swift) `gappedMark` plus the live count.
    var storedCount: UInt32 = 0
    /// How many dead entries the storage holds before the first live one. Unsigned, so that the
    /// compiler knows an index counted up from `start` is never negative (one bounds check less
    /// per entry in the loops over a row). On a row with gaps, `gappedMark` (and `storedCount`
    /// the mark plus the live count, so that `count` and `isEmpty` need no test): a reader
    /// of `liveRange` there reads gigabytes past the block and crashes instead of reading
    /// slots that hold no entry.
    var deadCount: UInt32 = 0
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }

    /// An empty row with room for `capacity` entries: a row whose size is known is built in a
    /// block of that size, not grown by doubling.
    init(constant: Double, capacity: Int) {
        self.constant = constant
        if capacity > 0 { storage = RowStorage.make(capacity: capacity) }
    }

    /// The storage indices of the live entries.
    @_transparent var start: Int { Int(deadCount) }
    /// Every stored symbol, dead front included, at its storage index.
    @_transparent var storedSymbols: RowSymbols { RowSymbols(storage: storage, startIndex: 0, endIndex: Int(storedCount)) }
    /// Every stored coefficient, at the same indices as `storedSymbols`.
    @_transparent var storedCoefficients: RowCoefficients {
        RowCoefficients(storage: storage, startIndex: 0, endIndex: Int(storedCount))
    }
    /// The live symbols, ascending; indices run over `liveRange`.
    var symbols: RowSymbols { RowSymbols(storage: storage, startIndex: start, endIndex: Int(storedCount)) }
    /// The live coefficients, at the same indices as `symbols`.
    var coefficients: RowCoefficients { RowCoefficients(storage: storage, startIndex: start, endIndex: Int(storedCount)) }
    /// The storage indices of the live entries.
    @_transparent var liveRange: Range<Int> { start..<Int(storedCount) }

    /// The storage's symbols and coefficients from index 0, for the walks over rows borrowed in
    /// place (`BorrowedTableau`): valid while the row is neither written nor dropped, for storage
    /// indices in `liveRange`, and only on a row that is not empty. Reading through them takes
    /// no reference to the block: views hoisted out of a walk's loop held one, a retain and a
    /// release per row walked (a drag step walks thousands), and views read per entry cost a
    /// debug build two getter calls per entry.
    @_transparent var borrowedSymbols: UnsafePointer<Symbol> {
        UnsafePointer(rowStorageSymbols(unsafeBitCast(storage, to: RowStorage.self)))
    }

    @_transparent var borrowedCoefficients: UnsafePointer<Double> {
        UnsafePointer(rowStorageCoefficients(unsafeBitCast(storage, to: RowStorage.self)))
    }

    /// The storage index past the last entry.
    @_transparent var storedEnd: Int { Int(storedCount) }

    /// Runs `body` with the live symbols as a plain buffer. For code generic over collections
    /// (`some Collection<Symbol>`): iterating the standard library's buffer calls no witness of
    /// this module per entry, which a debug build does not inline (reading `symbols` there cost
    /// the debug instruction gate up to 18%).
    @inline(__always)
    func withLiveSymbols<Result>(_ body: (UnsafeBufferPointer<Symbol>) throws -> Result) rethrows -> Result {
        guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: rowStorageSymbols(storage) + start, count: count))
        }
    }

    /// The same for the live coefficients.
    @inline(__always)
    func withLiveCoefficients<Result>(_ body: (UnsafeBufferPointer<Double>) throws -> Result) rethrows -> Result {
        guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: rowStorageCoefficients(storage) + start, count: count))
        }
    }

    /// How many entries the storage has room for (tests check how rows grow).
    var capacity: Int { storage?.entryCapacity ?? 0 }

    var isEmpty: Bool { storedCount == deadCount }
    var count: Int { Int(storedCount &- deadCount) }

    /// Index of `symbol` in the storage (within `liveRange`), or where it would be inserted
    /// (negated minus one).
    @inline(__always)
    func search(_ symbol: Symbol) -> Int {
        if isGapped { return gappedSearch(symbol) }
        var low = start
        var high = Int(storedCount)
        guard low < high else { return -low - 1 }
        let symbols = rowStorageSymbols(storage!)
        while low < high {
            let mid = (low &+ high) >> 1
            let s = symbols[mid]
            if s < symbol { low = mid + 1 } else if s > symbol { high = mid } else { return mid }
        }
        return -low - 1
    }

    func coefficient(of symbol: Symbol) -> Double {
        let i = search(symbol)
        return i >= 0 ? rowStorageCoefficients(storage!)[i] : 0
    }

    func contains(_ symbol: Symbol) -> Bool { search(symbol) >= 0 }

    // MARK: Storage

    /// Makes the storage this row's own (copied when shared) with room for `needed` entries;
    /// returns it. Growth doubles, as an array's does.
    @inline(__always)
    private mutating func reserve(_ needed: Int) -> RowStorage {
        needsFreshStorage(needed) ? reallocate(needed) : storage!
    }

    @inline(never)
    private mutating func reallocate(_ needed: Int) -> RowStorage {
        let fresh = freshStorage(needed)
        if let storage { Self.copyEntries(Int(storedCount), from: storage, 0, to: fresh, 0) }
        storage = fresh
        return fresh
    }

    /// The storage `reallocate(needed)` moves the entries to, empty.
    @inline(__always)
    private func freshStorage(_ needed: Int) -> RowStorage {
        let old = storage?.entryCapacity ?? 0
        return RowStorage.make(capacity: needed > old ? max(needed, 2 * old) : max(needed, 1))
    }

    /// An empty block for this row with `span` (storage indices) rebuilt as at most `written`
    /// entries, the others kept: sized as `reallocate` would size it for the row that results.
    /// Fill it from `span.lowerBound` on, then `adopt` it.
    func storageForRebuilding(_ span: Range<Int>, upTo written: Int) -> RowStorage {
        freshStorage(Int(storedCount) - span.count + written)
    }

    /// Takes `fresh` as this row's block, `written` entries having been written into it from
    /// `span.lowerBound` on in place of the storage entries in `span` (`storageForRebuilding`);
    /// the entries before and after the span (the dead front too) are copied around them.
    mutating func adopt(_ fresh: RowStorage, rebuilding span: Range<Int>, written: Int) {
        #if ROWTRACE
        RowTrace.replace(count: count, start: start, span, written: written)
        #endif
        let n = Int(storedCount)
        if let storage {
            Self.copyEntries(span.lowerBound, from: storage, 0, to: fresh, 0)
            Self.copyEntries(n - span.upperBound, from: storage, span.upperBound, to: fresh, span.lowerBound + written)
        }
        storage = fresh
        storedCount = UInt32(truncatingIfNeeded: n - span.count + written)
    }

    /// Whether `reserve(needed)` reallocates: the block is too small, or shared.
    @inline(__always)
    private mutating func needsFreshStorage(_ needed: Int) -> Bool {
        let capacity = storage == nil ? 0 : rowStorageCapacity(storage!)
        return !(needed <= capacity && isKnownUniquelyReferenced(&storage))
    }

    /// The storage made this row's own, for writing in place (the row holds entries).
    @inline(__always) private mutating func unique() -> RowStorage { reserve(Int(storedCount)) }

    /// Opens `k` entries at storage index `at`, moving those behind it up.
    @inline(__always)
    private mutating func open(_ k: Int, at: Int) -> RowStorage {
        let n = Int(storedCount)
        let s = reserve(n + k)
        Self.copyEntries(n - at, from: s, at, to: s, at + k)
        storedCount = UInt32(truncatingIfNeeded: n + k)
        return s
    }

    /// Closes the `k` entries at storage index `at`, moving those behind it down.
    @inline(__always)
    private mutating func close(_ k: Int, at: Int) {
        let n = Int(storedCount)
        let s = unique()
        Self.copyEntries(n - at - k, from: s, at + k, to: s, at)
        storedCount = UInt32(truncatingIfNeeded: n - k)
    }

    /// Appends `k` placeholder entries (no symbol, zero) at the end of the storage.
    private mutating func appendPlaceholders(_ k: Int) {
        let n = Int(storedCount)
        let s = reserve(n + k)
        (s.symbols + n).update(repeating: noSymbol, count: k)
        (s.coefficients + n).update(repeating: 0, count: k)
        storedCount = UInt32(truncatingIfNeeded: n + k)
    }

    /// Forgets the last `k` stored entries (the storage keeps its room, as an array does).
    @inline(__always) private mutating func removeLast(_ k: Int) { storedCount &-= UInt32(truncatingIfNeeded: k) }

    /// Moves `k` entries from index `from` of `source` to index `to` of `target` (the two may be
    /// one block, the ranges overlapping: `memmove`).
    @inline(__always)
    private static func copyEntries(_ k: Int, from source: RowStorage, _ from: Int, to target: RowStorage, _ to: Int) {
        if k <= 0 { return }
        UnsafeMutableRawPointer(target.symbols + to).copyMemory(from: source.symbols + from, byteCount: k &* MemoryLayout<Symbol>.stride)
        UnsafeMutableRawPointer(target.coefficients + to).copyMemory(from: source.coefficients + from,
                                                                     byteCount: k &* MemoryLayout<Double>.stride)
    }

    /// Copies `k` entries from two plain buffers to index `to` of `target`.
    @inline(__always)
    private static func copyEntries(_ k: Int, from symbols: UnsafePointer<Symbol>, _ coefficients: UnsafePointer<Double>,
                                    to target: RowStorage, _ to: Int) {
        if k <= 0 { return }
        UnsafeMutableRawPointer(target.symbols + to).copyMemory(from: symbols, byteCount: k &* MemoryLayout<Symbol>.stride)
        UnsafeMutableRawPointer(target.coefficients + to).copyMemory(from: coefficients, byteCount: k &* MemoryLayout<Double>.stride)
    }

    // MARK: Writing

    /// Appends an entry whose symbol is above every live one (building a row in order).
    mutating func append(_ symbol: Symbol, _ coefficient: Double) {
        let n = Int(storedCount)
        let s = reserve(n + 1)
        s.symbols[n] = symbol
        s.coefficients[n] = coefficient
        storedCount &+= 1
    }

    /// Adds `coefficient × symbol`; returns +1 when the symbol became present, -1 when it
    /// cancelled out, 0 otherwise, so the caller can keep its column index in step. On a packed
    /// row (only merges add to rows with gaps: `addInEitherLayout`).
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        let i = search(symbol)
        if i >= 0 {
            let sum = coefficientSum(rowStorageCoefficients(storage!)[i], coefficient)
            if sum == 0 {
                close(1, at: i)
                return -1
            }
            unique().coefficients[i] = sum
            return 0
        }
        if coefficient == 0 { return 0 }
        let at = -i - 1
        let s = open(1, at: at)
        s.symbols[at] = symbol
        s.coefficients[at] = coefficient
        return 1
    }

    /// Sets the coefficient at storage index `slot` (from `search`, the entry present) without
    /// moving anything, in either layout (Row+Gaps.swift).
    mutating func setCoefficient(atSlot slot: Int, _ coefficient: Double) {
        if isGapped { gappedSet(slot, coefficient) } else { unique().coefficients[slot] = coefficient }
    }

    /// Removes `symbol` and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        if isGapped { return gappedRemove(symbol) }
        let i = search(symbol)
        guard i >= 0 else { return 0 }
        let coefficient = rowStorageCoefficients(storage!)[i]
        close(1, at: i)
        return coefficient
    }

    /// Forgets the first `k` live entries without moving the others. The dead front is given
    /// back (the live entries moved to the start of the storage) once it outgrows them, so that
    /// move is paid for by the entries dropped before it.
    @inline(__always)
    private mutating func dropFront(_ k: Int) {
        deadCount &+= UInt32(truncatingIfNeeded: k)
        if start > count &+ 16 {
            let dead = start
            deadCount = 0
            close(dead, at: 0)
        }
    }

    /// Replaces the storage entries in `range` by `count` entries read from `symbols` and
    /// `coefficients` (a merge's rebuilt span). When the span shrinks and fewer live entries lie
    /// before it than after it, on a row of at least `longRow` entries, the front moves up
    /// instead of the tail down. (Shorter rows shift as arrays do, a few entries, and so never
    /// hold a dead front: the tableau passes its `longRowLength`.)
    ///
    /// - Complexity: O(count + the shorter of the two sides when the span shrinks on a long
    ///   row, else the tail).
    @inline(__always)
    mutating func replaceEntries(_ range: Range<Int>, with symbols: UnsafePointer<Symbol>,
                                 _ coefficients: UnsafePointer<Double>, count: Int, longRow: Int) {
        #if ROWTRACE
        RowTrace.replace(count: self.count, start: start, range, written: count)
        #endif
        let shrink = range.count - count
        let n = Int(storedCount)
        if shrink > 0 && self.count >= longRow && range.lowerBound - start < n - range.upperBound {
            replaceMovingFront(range, with: symbols, coefficients, count: count)
            return
        }
        let s: RowStorage
        if shrink < 0 {
            s = open(-shrink, at: range.upperBound)
        } else {
            if shrink > 0 { close(shrink, at: range.lowerBound + count) }
            s = unique()
        }
        Self.copyEntries(count, from: symbols, coefficients, to: s, range.lowerBound)
    }

    /// The rare path of `replaceEntries`, out of line so that the common one stays small.
    @inline(never)
    private mutating func replaceMovingFront(_ range: Range<Int>, with symbols: UnsafePointer<Symbol>,
                                             _ coefficients: UnsafePointer<Double>, count: Int) {
        let shrink = range.count - count
        let start = self.start, before = range.lowerBound - start
        let s = unique()
        Self.copyEntries(before, from: s, start, to: s, start + shrink)
        Self.copyEntries(count, from: symbols, coefficients, to: s, start + shrink + before)
        dropFront(shrink)
    }

    /// What one edit of `applyEdits` does; the raw value is how it changes the row's count.
    enum EditKind: Int8 { case delete = -1, update = 0, insert = 1 }

    /// Applies a sparse merge's edits (`RowMerger.mergeSparse`): `.update` sets the coefficient
    /// of the entry at storage index `positions[k]`, `.delete` removes that entry and `.insert`
    /// puts `symbols[k]`, `coefficients[k]` before it. Positions ascend, an insert coming before
    /// any other edit of the same index.
    ///
    /// The stretches of entries between edits move at most once each, by one `memmove`, and only
    /// those whose place changes. Either the front stays, and every stretch behind an unbalanced
    /// edit moves; or, on a row of at least `longRow` entries when that moves fewer, the tail
    /// stays and the stretches before move, the row starting earlier or later. A long row that
    /// grows at its front so takes the room from its dead front, made first when missing (an
    /// eighth of the row more than needed, so that making it is paid for by the inserts it
    /// serves). Shorter rows never hold a dead front. Removing a chain's constraints in any
    /// order edits the chain's long row at both ends of a span of it (views inserted near its
    /// front, the marker deleted further in): before, all of that span was walked and copied
    /// out and back.
    ///
    /// - Complexity: O(edits + the entries that move), amortised.
    mutating func applyEdits(_ n: Int, positions: UnsafePointer<Int>, kinds: UnsafePointer<EditKind>,
                             symbols: UnsafePointer<Symbol>, coefficients: UnsafePointer<Double>, longRow: Int) {
        #if ROWTRACE
        RowTrace.edits(count: count, start: start, n, positions: positions, kinds: kinds)
        #endif
        var growth = 0, structural = 0
        let stored = unique().coefficients
        for k in 0..<n {
            if kinds[k] == .update {
                stored[positions[k]] = coefficients[k]
            } else {
                growth += Int(kinds[k].rawValue)
                structural += 1
            }
        }
        if structural == 0 { return }
        let (frontCost, tailCost) = editMoves(n, positions: positions, kinds: kinds, growth: growth)
        let keepTail = count >= longRow && tailCost < frontCost
        var offset = 0  // how far the live entries moved to make room at the front
        if keepTail && growth > start {
            offset = growth + (count >> 3)
            makeRoomAtFront(offset)
        } else if !keepTail && growth > 0 {
            appendPlaceholders(growth)
        }
        let base = keepTail ? -growth : 0
        let end = Int(storedCount) - (keepTail || growth <= 0 ? 0 : growth), liveStart = start
        do {
            let storage = unique()
            let ss = storage.symbols, cs = storage.coefficients
            @inline(__always) func move(_ from: Int, _ length: Int, by shift: Int) {
                if length <= 0 || shift == 0 { return }
                UnsafeMutableRawPointer(ss + from + shift).copyMemory(from: ss + from, byteCount: length * MemoryLayout<Symbol>.stride)
                UnsafeMutableRawPointer(cs + from + shift).copyMemory(from: cs + from, byteCount: length * MemoryLayout<Double>.stride)
            }
            // Stretches moving down, from the front; then those moving up, from the tail: no
            // stretch overwrites one that has yet to move.
            var before = 0, from = liveStart
            for k in 0..<n where kinds[k] != .update {
                let shift = base + before
                if shift < 0 { move(from, positions[k] + offset - from, by: shift) }
                before += Int(kinds[k].rawValue)
                from = positions[k] + offset + (kinds[k] == .delete ? 1 : 0)
            }
            if base + before < 0 { move(from, end - from, by: base + before) }
            var after = growth, to = end
            var k = n - 1
            while k >= 0 {
                if kinds[k] != .update {
                    let stretchStart = positions[k] + offset + (kinds[k] == .delete ? 1 : 0)
                    if base + after > 0 { move(stretchStart, to - stretchStart, by: base + after) }
                    after -= Int(kinds[k].rawValue)
                    to = positions[k] + offset
                }
                k -= 1
            }
            if base + after > 0 { move(liveStart, to - liveStart, by: base + after) }
            before = 0
            for k in 0..<n where kinds[k] != .update {
                if kinds[k] == .insert {
                    let at = positions[k] + offset + base + before
                    ss[at] = symbols[k]
                    cs[at] = coefficients[k]
                }
                before += Int(kinds[k].rawValue)
            }
        }
        if keepTail {
            deadCount = UInt32(truncatingIfNeeded: liveStart - growth)
            if growth < 0 { dropFront(0) }
        } else if growth < 0 {
            removeLast(-growth)
        }
    }

    /// How many entries `applyEdits` would move for these edits (the stretches of the choice it
    /// makes, without the room it may make at the front).
    func packedEditMoves(_ n: Int, positions: UnsafePointer<Int>, kinds: UnsafePointer<EditKind>, longRow: Int) -> Int {
        var growth = 0
        for k in 0..<n { growth += Int(kinds[k].rawValue) }
        let (frontCost, tailCost) = editMoves(n, positions: positions, kinds: kinds, growth: growth)
        return count >= longRow ? min(frontCost, tailCost) : frontCost
    }

    /// How many entries `applyEdits` moves for these edits (which change the count by `growth`)
    /// if the front stays, and if the tail stays: a stretch moves when the edits before it
    /// (front stays) or after it (tail stays) do not balance.
    @inline(__always)
    private func editMoves(_ n: Int, positions: UnsafePointer<Int>, kinds: UnsafePointer<EditKind>,
                           growth: Int) -> (front: Int, tail: Int) {
        var frontCost = 0, tailCost = 0, before = 0, from = start
        for k in 0..<n where kinds[k] != .update {
            let length = positions[k] - from
            if before != 0 { frontCost += length }
            if before != growth { tailCost += length }
            before += Int(kinds[k].rawValue)
            from = kinds[k] == .delete ? positions[k] + 1 : positions[k]
        }
        if growth != 0 { frontCost += Int(storedCount) - from }
        return (frontCost, tailCost)
    }

    /// Moves the live entries `extra` places up, into new room at the end: a dead front that
    /// much longer.
    private mutating func makeRoomAtFront(_ extra: Int) {
        let start = self.start, live = count
        appendPlaceholders(extra)
        let storage = unique()
        Self.copyEntries(live, from: storage, start, to: storage, start + extra)
        deadCount &+= UInt32(truncatingIfNeeded: extra)
    }

    /// Removes the explicit zeros a merge keeping places left (see `RowMerger`).
    mutating func dropZeros() {
        if isEmpty { return }
        let storage = unique()
        let symbols = storage.symbols, coefficients = storage.coefficients
        var kept = start
        for index in liveRange where coefficients[index] != 0 {
            symbols[kept] = symbols[index]
            coefficients[kept] = coefficients[index]
            kept += 1
        }
        removeLast(Int(storedCount) - kept)
    }

    /// Writes each symbol `s` with a bound (`bounds[s]` not NaN) as `bound − s`: the constant
    /// takes `coefficient × bound`, the coefficient its sign turned (the bounded simplex's
    /// complement, FaceProgram+Bounds.swift).
    mutating func complement(_ bounds: UnsafeBufferPointer<Double>) {
        // Made its own only once it has a symbol to turn: a program's rows are shared with the
        // program every simplex starts from, and most hold none.
        var entries: RowStorage?
        for i in liveRange {
            let bound = bounds[Int(storedSymbols[i])]
            guard !bound.isNaN else { continue }
            if entries == nil { entries = unique() }
            constant += entries!.coefficients[i] * bound
            entries!.coefficients[i] = -entries!.coefficients[i]
        }
    }

    mutating func negate() {
        constant = -constant
        if isEmpty { return }
        let coefficients = unique().coefficients
        for i in liveRange { coefficients[i] = -coefficients[i] }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = -(constant + rest) / a`.
    mutating func solve(for symbol: Symbol) {
        let a = remove(symbol)
        let factor = -1.0 / a
        constant *= factor
        if isEmpty { return }
        let coefficients = unique().coefficients
        for i in liveRange { coefficients[i] *= factor }
    }

    /// Turns `lhs = constant + a·rhs + rest` into `rhs = …` (the basis exchange of a pivot).
    ///
    /// - Complexity: O(count): the entries between `rhs` and where `lhs` goes move by one, once
    ///   (adding `lhs` and then removing `rhs` moved each row's tail twice).
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        let i = isGapped ? -1 : search(rhs), j = isGapped ? 0 : search(lhs)
        guard i >= 0 && j < 0 else {
            add(lhs, -1)
            solve(for: rhs)
            return
        }
        let n = Int(storedCount), at = -j - 1
        // The room `add` would have reserved, so that the row grows as it did (asked before
        // `source` holds the storage, which would make it look shared).
        let copying = needsFreshStorage(n + 1)
        let source = storage!
        let factor = -1.0 / source.coefficients[i]
        // The entries in [low, high) move by one, toward `rhs`'s place; `lhs` takes the end freed.
        let (low, high, place) = at > i ? (i, at, at - 1) : (at, i + 1, at)
        let (moved, movedTo) = at > i ? (i + 1, i) : (at, at + 1)
        if copying {
            // A shared row (the copy `retract` solves) is copied once, scaled on the way, instead
            // of copied, shifted and scaled in three passes.
            let target = freshStorage(n + 1)
            let start = self.start
            Self.copyEntries(start, from: source, 0, to: target, 0)
            let symbols = target.symbols, coefficients = target.coefficients
            let sourceSymbols = source.symbols, sourceCoefficients = source.coefficients
            func copyScaled(_ k: Int, from: Int, to: Int) {
                guard k > 0 else { return }
                (symbols + to).update(from: sourceSymbols + from, count: k)
                let read = sourceCoefficients + from, write = coefficients + to
                for index in 0..<k { write[index] = read[index] * factor }
            }
            copyScaled(low - start, from: start, to: start)
            copyScaled(high - low - 1, from: moved, to: movedTo)
            copyScaled(n - high, from: high, to: high)
            storage = target
            target.symbols[place] = lhs
            target.coefficients[place] = -factor
        } else {
            Self.copyEntries(high - low - 1, from: source, moved, to: source, movedTo)
            source.symbols[place] = lhs
            source.coefficients[place] = -1
            for k in liveRange { source.coefficients[k] *= factor }
        }
        constant *= factor
    }
}


extension Row: CustomReflectable {
    /// The entries as arrays (dead front included), so that a dump shows them, not the block:
    /// the trail tests compare dumps of the tableau.
    var customMirror: Mirror {
        if isGapped { return gappedMirror }
        return Mirror(self, children: ["storedSymbols": Array(storedSymbols), "storedCoefficients": Array(storedCoefficients),
                                "deadCount": deadCount, "constant": constant])
    }
}

/// An objective row, stored densely by symbol id. Objectives collect the errors of every
/// optional constraint of one strength, so they grow with the layout while the rows merged into
/// them stay short; dense storage makes each such update cost the short row's length, not the
/// objective's.
struct DenseRow {
    private(set) var coefficients: [Double] = []
    var constant: Double = 0

    @inline(__always)
    func coefficient(of symbol: Symbol) -> Double {
        let index = Int(symbol)
        return index < coefficients.count ? coefficients[index] : 0
    }

    /// Sets `symbol`'s coefficient to zero and returns what it was.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let index = Int(symbol)
        guard index < coefficients.count else { return 0 }
        let coefficient = coefficients[index]
        coefficients[index] = 0
        return coefficient
    }

    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        let index = Int(symbol)
        if index >= coefficients.count { grow(toHold: index) }
        let sum = coefficients[index] + coefficient
        coefficients[index] = Tolerance.isZero(sum) ? 0 : sum
    }

    /// The symbols with a nonzero coefficient.
    var nonzeroSymbols: [Symbol] {
        coefficients.indices.filter { coefficients[$0] != 0 }.map { Symbol($0) }
    }

    /// `self += factor × row`, with the same arithmetic as adding each entry on its own. The
    /// row's last symbol is its largest, so one bounds check covers the whole row.
    mutating func add(_ row: Row, times factor: Double) {
        constant += factor * row.constant
        guard !row.isEmpty, let last = row.storedSymbols.last else { return }
        if Int(last) >= coefficients.count { grow(toHold: Int(last)) }
        coefficients.withUnsafeMutableBufferPointer { dense in
            row.storedSymbols.withUnsafeBufferPointer { symbols in
                row.storedCoefficients.withUnsafeBufferPointer { values in
                    for index in row.start..<symbols.count {
                        let sum = dense[Int(symbols[index])] + factor * values[index]
                        dense[Int(symbols[index])] = Tolerance.isZero(sum) ? 0 : sum
                    }
                }
            }
        }
    }
}

extension DenseRow {
    /// Zero coefficients up to `grownLength`, reserved at that length: appending them to a
    /// full array would double its capacity, and an objective spans every symbol.
    @inline(never)
    mutating func grow(toHold index: Int) {
        let length = grownLength(toHold: index, from: coefficients.count)
        coefficients.reserveCapacity(length)
        coefficients.append(contentsOf: repeatElement(0, count: length - coefficients.count))
    }

    /// Puts back a coefficient the trail recorded (a symbol past the end has none to put back).
    mutating func restore(_ symbol: Symbol, _ coefficient: Double) {
        if Int(symbol) < coefficients.count { coefficients[Int(symbol)] = coefficient }
    }

    /// Drops the coefficients a growth added.
    mutating func shrink(to count: Int) {
        coefficients.removeLast(coefficients.count - count)
    }
}
