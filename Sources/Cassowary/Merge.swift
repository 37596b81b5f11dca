/// `target += factor × source` for sorted sparse rows: the one operation every pivot repeats for
/// each row holding the entering symbol, so the inner loop runs on plain pointers into scratch
/// memory that lives as long as the tableau (no allocation, no uniqueness or bounds check per
/// entry).
///
/// Only the part of the target between the source's first and last symbol is rebuilt; the rest
/// moves at most once, by one `memmove` (on a long row that shrinks, of the entries before that
/// part when they are fewer than those after it: see `Row.replaceEntries`). A pivot row of a
/// few symbols substituted into a long row (a container edge over a chain of views) then costs
/// a few binary searches and one shift instead of one shift per changed entry. When that part
/// is much longer than the source (a view's short row into a chain's long one, their symbols
/// at both ends of it), the target is edited where it lies instead (`mergeSparse`).
///
/// A row merged into again and again while it stays long (phase one's artificial row over a
/// squeezed chain: each pivot replaces a width's two errors by its slack) can keep its places:
/// entries that cancel stay as explicit zeros where needed so that the rebuilt part keeps its
/// length, and nothing behind it moves. The caller removes the zeros (`Row.dropZeros`) before
/// anything but merges reads the row.
struct RowMerger {
    private let scratch = MergeScratch()

    /// The symbols that the last merge introduced into its target, valid until the next merge.
    var added: UnsafeBufferPointer<Symbol> { UnsafeBufferPointer(start: scratch.added, count: scratch.addedCount) }
    /// The symbols that cancelled out of the target in the last merge (not the dropped one).
    var removed: UnsafeBufferPointer<Symbol> { UnsafeBufferPointer(start: scratch.removed, count: scratch.removedCount) }

    /// `target += factor × source`.
    mutating func add(_ source: Row, times factor: Double, to target: inout Row) {
        merge(source, times: factor, into: &target, dropping: noSymbol, longRow: .max)
    }

    /// Replaces `symbol` in `target` by `source` (`target += c × source` with `symbol`, whose
    /// coefficient was `c`, taken out) in one pass. Returns `c`; 0 when `target` lacks `symbol`
    /// and nothing changed.
    /// With `keepingPlaces`, see the type's comment; a zero entry counts as absent. A target of at
    /// least `longRow` entries that shrinks may move its front instead of its tail
    /// (`Row.replaceEntries`).
    mutating func substitute(_ symbol: Symbol, by source: Row, in target: inout Row, keepingPlaces: Bool = false,
                             longRow: Int = .max) -> Double {
        let index = target.search(symbol)
        scratch.addedCount = 0
        scratch.removedCount = 0
        guard index >= 0, target.coefficient(atSlot: index) != 0 else { return 0 }
        let coefficient = target.coefficient(atSlot: index)
        merge(source, times: coefficient, into: &target, dropping: symbol, keepingPlaces: keepingPlaces, longRow: longRow)
        return coefficient
    }

    private func merge(_ source: Row, times factor: Double, into target: inout Row, dropping dropped: Symbol,
                       keepingPlaces: Bool = false, longRow: Int) {
        scratch.addedCount = 0
        scratch.removedCount = 0
        target.constant += factor * source.constant
        var first = source.isEmpty ? dropped : source.storedSymbols[source.start]
        var last = source.storedSymbols.last ?? dropped
        if dropped != noSymbol {
            first = min(first, dropped)
            last = max(last, dropped)
        }
        if first == noSymbol { return }
        if target.isGapped, mergeWithGaps(source, times: factor, into: &target, dropping: dropped) { return }
        // The target entries in [low, high) interleave with the source (or are dropped); indices
        // of the target's storage, whose live entries start at `target.start`.
        let low = Self.lowerBound(target.storedSymbols, first, from: target.start)
        let high = Self.lowerBound(target.storedSymbols, last + 1, from: low)
        scratch.reserve(high - low + source.count)
        if !keepingPlaces && (high - low) / (source.count + 1) > sparseSpan {
            mergeSparse(source, times: factor, into: &target, dropping: dropped, span: low..<high, longRow: longRow)
            return
        }
        // A rebuilt span that changes the row's length moves the shorter side of the row.
        if target.count >= gapLength && !keepingPlaces && target.count > 16 * (source.count + 1)
            && min(low - target.start, target.storedEnd - high) > gapMoves {
            target.makeGapped()
            mergeGapped(source, times: factor, into: &target, dropping: dropped)
            return
        }
        let s = scratch
        // A short row that a long one is merged into outgrows its block: the merge writes into
        // the new block where the span goes instead of into the scratch (whose copy, on a row of
        // 30 000 entries, was a fifth of removing a chain's views in random order).
        let upperBound = high - low + source.count
        let rebuilt = !keepingPlaces && target.count &* 8 < source.count
            && target.capacity < target.storedEnd - (high - low) + upperBound
            ? target.storageForRebuilding(low..<high, upTo: upperBound) : nil
        // The output pointers as locals: read from the class at every write, they were reloaded
        // in the loop (a store through one may, as far as the compiler knows, change the others).
        let outSymbols = rebuilt.map { $0.symbols + low } ?? s.symbols
        let outCoefficients = rebuilt.map { $0.coefficients + low } ?? s.coefficients
        let outAdded = s.added, outRemoved = s.removed
        // The output's length, set once the walk is done: a variable the walk's closure captured
        // was read and written through memory at every entry.
        var count = 0
        target.storedSymbols.withUnsafeBufferPointer { ts in
        target.storedCoefficients.withUnsafeBufferPointer { tc in
        source.storedSymbols.withUnsafeBufferPointer { ss in
        source.storedCoefficients.withUnsafeBufferPointer { sc in
            var i = low, j = source.start, added = 0, removed = 0, written = 0
            @inline(__always) func keepTarget() {
                if ts[i] != dropped {
                    outSymbols[written] = ts[i]; outCoefficients[written] = tc[i]; written += 1
                } else if keepingPlaces {
                    outSymbols[written] = ts[i]; outCoefficients[written] = 0; written += 1
                }
                i += 1
            }
            @inline(__always) func takeSource() {
                let value = factor * sc[j]
                if value != 0 {
                    outSymbols[written] = ss[j]; outCoefficients[written] = value; written += 1
                    outAdded[added] = ss[j]; added += 1
                }
                j += 1
            }
            // By runs: a long row merged into a short one is mostly a run of source entries, and
            // one that cancels a long row a run of shared ones; each run's loop compares one pair.
            while i < high && j < ss.count {
                let a = ts[i]
                if ss[j] < a {
                    repeat { takeSource() } while j < ss.count && ss[j] < a
                } else if a < ss[j] {
                    keepTarget()
                } else {
                    repeat {
                        // The source never holds the dropped symbol: a row is not substituted into itself.
                        let symbol = ts[i], value = coefficientSum(tc[i], factor * sc[j])
                        if value != 0 {
                            outSymbols[written] = symbol; outCoefficients[written] = value; written += 1
                            if tc[i] == 0 { outAdded[added] = symbol; added += 1 }  // a kept place filled again
                        } else {
                            if tc[i] != 0 { outRemoved[removed] = symbol; removed += 1 }
                            if keepingPlaces { outSymbols[written] = symbol; outCoefficients[written] = 0; written += 1 }
                        }
                        i += 1; j += 1
                    } while i < high && j < ss.count && ts[i] == ss[j]
                }
            }
            while i < high { keepTarget() }
            while j < ss.count { takeSource() }
            count = written
            s.addedCount = added
            s.removedCount = removed
        }}}}
        if let rebuilt {
            target.adopt(rebuilt, rebuilding: low..<high, written: count)
            return
        }
        if keepingPlaces && count > high - low {
            // Give up just enough zeros to fit the old span; only a net growth shifts the rest.
            var excess = count - (high - low), kept = 0
            for index in 0..<count {
                if excess > 0 && s.coefficients[index] == 0 { excess -= 1; continue }
                s.symbols[kept] = s.symbols[index]; s.coefficients[kept] = s.coefficients[index]; kept += 1
            }
            count = kept
        }
        target.replaceEntries(low..<high, with: s.symbols, s.coefficients, count: count, longRow: longRow)
    }

    /// How many times longer than the source (plus one) the target's span must be for
    /// `mergeSparse` to find the source's symbols by binary search instead of walking the span
    /// (tests raise it to compare the two).
    var sparseSpan = 16

    /// The merge of `merge` for a span of the target much longer than the source: a short row
    /// substituted into a long one whose symbols lie at both ends of it (removing a constraint
    /// replaces its marker, a high id, by views, low ids). Each source symbol (and the dropped
    /// one) is found by binary search from where the last one was, and the target is edited
    /// where it lies (`Row.applyEdits`): the entries between the edits are neither compared nor
    /// copied out and back, and move only when the edits before or after them change the count.
    /// Same entries, coefficients, `added` and `removed` as the walk in `merge` (never with kept
    /// places).
    ///
    /// - Complexity: O(source × log(span)), plus the moves of `Row.applyEdits`.
    private func mergeSparse(_ source: Row, times factor: Double, into target: inout Row, dropping dropped: Symbol,
                             span: Range<Int>, longRow: Int) {
        let s = scratch
        let outSymbols = s.symbols, outCoefficients = s.coefficients, outAdded = s.added, outRemoved = s.removed
        let outPositions = s.positions, outKinds = s.kinds
        var edits = 0
        target.storedSymbols.withUnsafeBufferPointer { ts in
        target.storedCoefficients.withUnsafeBufferPointer { tc in
        source.storedSymbols.withUnsafeBufferPointer { ss in
        source.storedCoefficients.withUnsafeBufferPointer { sc in
            let high = span.upperBound
            var i = span.lowerBound, j = source.start, added = 0, removed = 0
            var droppedLeft = dropped != noSymbol
            @inline(__always) func edit(_ kind: Row.EditKind, _ symbol: Symbol, _ value: Double) {
                outPositions[edits] = i; outKinds[edits] = kind
                outSymbols[edits] = symbol; outCoefficients[edits] = value; edits += 1
            }
            while j < ss.count || droppedLeft {
                // The next symbol in ascending order: the source's or the dropped one.
                let takeDropped = droppedLeft && (j == ss.count || dropped < ss[j])
                let symbol = takeDropped ? dropped : ss[j]
                var upper = high
                while i < upper {
                    let mid = (i &+ upper) >> 1
                    if ts[mid] < symbol { i = mid &+ 1 } else { upper = mid }
                }
                let present = i < high && ts[i] == symbol
                if takeDropped {
                    droppedLeft = false
                    if present { edit(.delete, symbol, 0); i += 1 }
                    continue
                }
                if present {
                    let value = coefficientSum(tc[i], factor * sc[j])
                    if value != 0 {
                        edit(.update, symbol, value)
                        if tc[i] == 0 { outAdded[added] = symbol; added += 1 }  // a kept place filled again
                    } else {
                        edit(.delete, symbol, 0)
                        if tc[i] != 0 { outRemoved[removed] = symbol; removed += 1 }
                    }
                    i += 1
                } else {
                    let value = factor * sc[j]
                    if value != 0 {
                        edit(.insert, symbol, value)
                        outAdded[added] = symbol; added += 1
                    }
                }
                j += 1
            }
            s.addedCount = added
            s.removedCount = removed
        }}}}
        if target.count >= gapLength
            && target.packedEditMoves(edits, positions: outPositions, kinds: outKinds, longRow: longRow) > gapMoves {
            // In a run of removals: the row takes gaps rather than move a long stretch.
            target.makeGapped()
            for k in 0..<edits {
                switch outKinds[k] {
                case .update: target.setCoefficient(atSlot: target.search(outSymbols[k]), outCoefficients[k])
                case .delete: target.remove(outSymbols[k])
                case .insert: target.addInEitherLayout(outSymbols[k], outCoefficients[k])
                }
            }
            return
        }
        target.applyEdits(edits, positions: outPositions, kinds: outKinds, symbols: outSymbols,
                          coefficients: outCoefficients, longRow: longRow)
    }

    /// Rows at least this long that a short row is merged into take gaps (Row+Gaps.swift) and
    /// keep them; `.max` (no gaps) unless the tableau is inside a run of removals
    /// (`Tableau.allowGaps`).
    var gapLength = Int.max

    /// How many entries a merge would move in a packed row, past which a long row in a run of
    /// removals (`gapLength`) takes gaps instead (tests lower it).
    var gapMoves = 256

    /// The merge into a row with gaps: a short source goes in where the entries lie; for a long
    /// one the row is packed again (its walk costs less than an edit per entry) and this returns
    /// false, having merged nothing.
    @inline(never)
    private func mergeWithGaps(_ source: Row, times factor: Double, into target: inout Row, dropping dropped: Symbol) -> Bool {
        if source.count * 8 > target.count {
            target.compactGaps()
            return false
        }
        mergeGapped(source, times: factor, into: &target, dropping: dropped)
        return true
    }

    /// The merge into a row with gaps: each source symbol (and the dropped one), in ascending
    /// order, is found by binary search and its entry updated, deleted or inserted where it lies
    /// (an insert or delete moves the rest of one segment). The same arithmetic, entries,
    /// `added` and `removed` as `merge` and `mergeSparse` (never with kept places).
    ///
    /// - Complexity: O(source × (log(target) + segment)), amortised.
    @inline(never)  // out of `merge`, which then needed a dynamic exclusivity check per call
    private func mergeGapped(_ source: Row, times factor: Double, into target: inout Row, dropping dropped: Symbol) {
        // `added` and `removed` hold at most the source's symbols. `merge` reserves only after
        // this path: a merger whose first merge came here wrote past them.
        scratch.reserve(source.count)
        let s = scratch
        let outAdded = s.added, outRemoved = s.removed
        var added = 0, removed = 0
        source.storedSymbols.withUnsafeBufferPointer { ss in
        source.storedCoefficients.withUnsafeBufferPointer { sc in
            var j = source.start
            var droppedLeft = dropped != noSymbol
            while j < ss.count || droppedLeft {
                let takeDropped = droppedLeft && (j == ss.count || dropped < ss[j])
                if takeDropped {
                    droppedLeft = false
                    target.remove(dropped)
                    continue
                }
                let symbol = ss[j]
                if target.isGapped {
                    // One search per source symbol: its entry is set, deleted or inserted where
                    // the search found it (through `search`, `remove` and `add` it took three).
                    let place = target.gappedPlace(symbol)
                    if place.found {
                        let old = target.coefficient(atSlot: place.slot)
                        let value = coefficientSum(old, factor * sc[j])
                        if value != 0 {
                            target.gappedSet(place.slot, value)
                            if old == 0 { outAdded[added] = symbol; added += 1 }
                        } else {
                            target.gappedDelete(place.slot)
                            if old != 0 { outRemoved[removed] = symbol; removed += 1 }
                        }
                    } else {
                        let value = factor * sc[j]
                        if value != 0 {
                            target.gappedInsert(symbol, value, at: place)
                            outAdded[added] = symbol; added += 1
                        }
                    }
                    j += 1
                    continue
                }
                // Packed again (a delete left it short): as `add` and `remove` do.
                let slot = target.search(symbol)
                if slot >= 0 {
                    let old = target.coefficient(atSlot: slot)
                    let value = coefficientSum(old, factor * sc[j])
                    if value != 0 {
                        target.setCoefficient(atSlot: slot, value)
                        if old == 0 { outAdded[added] = symbol; added += 1 }
                    } else {
                        target.remove(symbol)
                        if old != 0 { outRemoved[removed] = symbol; removed += 1 }
                    }
                } else {
                    let value = factor * sc[j]
                    if value != 0 {
                        target.addInEitherLayout(symbol, value)
                        outAdded[added] = symbol; added += 1
                    }
                }
                j += 1
            }
        }}
        s.addedCount = added
        s.removedCount = removed
    }

    /// The first index in `symbols[from...]` whose symbol is not below `symbol`.
    private static func lowerBound(_ symbols: RowSymbols, _ symbol: Symbol, from start: Int = 0) -> Int {
        var low = start, high = symbols.count
        while low < high {
            let mid = (low &+ high) >> 1
            if symbols[mid] < symbol { low = mid &+ 1 } else { high = mid }
        }
        return low
    }
}

/// Scratch memory for `RowMerger`, grown on demand and never shrunk. A class so that the merge
/// writes through plain pointers; the contents never outlive one merge, so tableau copies that
/// share it (read-only snapshots) are harmless.
final class MergeScratch {
    private(set) var capacity = 0
    private(set) var symbols = UnsafeMutablePointer<Symbol>.allocate(capacity: 1)
    private(set) var coefficients = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private(set) var added = UnsafeMutablePointer<Symbol>.allocate(capacity: 1)
    private(set) var removed = UnsafeMutablePointer<Symbol>.allocate(capacity: 1)
    /// A sparse merge's edits: the storage index of each and what it does (`Row.applyEdits`).
    private(set) var positions = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var kinds = UnsafeMutablePointer<Row.EditKind>.allocate(capacity: 1)
    // Unchecked, as the tableau is: written at every merge, and nothing else runs while a
    // merge does. (What cost drag-deep 1.5% in dynamic exclusivity checks was `mergeGapped`
    // inlined into `merge`; this alone changed nothing measurable.)
    @exclusivity(unchecked) var addedCount = 0
    @exclusivity(unchecked) var removedCount = 0

    func reserve(_ needed: Int) {
        if needed <= capacity { return }
        capacity = max(needed, 2 * capacity)
        symbols.deallocate(); coefficients.deallocate(); added.deallocate(); removed.deallocate()
        positions.deallocate(); kinds.deallocate()
        positions = .allocate(capacity: capacity)
        kinds = .allocate(capacity: capacity)
        symbols = .allocate(capacity: capacity)
        coefficients = .allocate(capacity: capacity)
        added = .allocate(capacity: capacity)
        removed = .allocate(capacity: capacity)
    }

    deinit {
        symbols.deallocate(); coefficients.deallocate(); added.deallocate(); removed.deallocate()
        positions.deallocate(); kinds.deallocate()
    }
}
