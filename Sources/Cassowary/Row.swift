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
/// quadratic. Readers see only the live part, as slices (`symbols`, `coefficients`) whose
/// indices start at `start`, not at 0: read them through `indices` or `liveRange`.
struct Row {
    /// Storage: the live entries are those from `start` on. Write through the methods below.
    private(set) var storedSymbols: [Symbol] = []
    private(set) var storedCoefficients: [Double] = []
    /// How many dead entries the storage holds before the first live one. Unsigned, so that the
    /// compiler knows an index counted up from `start` is never negative (one bounds check less
    /// per entry in the loops over a row).
    private var deadCount: UInt32 = 0
    /// The storage index of the first live entry.
    @inline(__always) var start: Int { Int(deadCount) }
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }

    /// The live symbols, ascending; indices run over `liveRange`.
    var symbols: ArraySlice<Symbol> { storedSymbols[start...] }
    /// The live coefficients, at the same indices as `symbols`.
    var coefficients: ArraySlice<Double> { storedCoefficients[start...] }
    /// The storage indices of the live entries.
    var liveRange: Range<Int> { start..<storedSymbols.count }

    var isEmpty: Bool { storedSymbols.count == start }
    var count: Int { storedSymbols.count &- start }

    /// Index of `symbol` in the storage (within `liveRange`), or where it would be inserted
    /// (negated minus one).
    @inline(__always)
    func search(_ symbol: Symbol) -> Int {
        var low = start
        var high = storedSymbols.count
        while low < high {
            let mid = (low &+ high) >> 1
            let s = storedSymbols[mid]
            if s < symbol { low = mid + 1 } else if s > symbol { high = mid } else { return mid }
        }
        return -low - 1
    }

    func coefficient(of symbol: Symbol) -> Double {
        let i = search(symbol)
        return i >= 0 ? storedCoefficients[i] : 0
    }

    func contains(_ symbol: Symbol) -> Bool { search(symbol) >= 0 }

    /// Appends an entry whose symbol is above every live one (building a row in order).
    mutating func append(_ symbol: Symbol, _ coefficient: Double) {
        storedSymbols.append(symbol)
        storedCoefficients.append(coefficient)
    }

    /// Adds `coefficient × symbol`; returns +1 when the symbol became present, -1 when it
    /// cancelled out, 0 otherwise, so the caller can keep its column index in step.
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        let i = search(symbol)
        if i >= 0 {
            let sum = coefficientSum(storedCoefficients[i], coefficient)
            if sum == 0 {
                storedSymbols.remove(at: i)
                storedCoefficients.remove(at: i)
                return -1
            }
            storedCoefficients[i] = sum
            return 0
        }
        if coefficient == 0 { return 0 }
        let at = -i - 1
        storedSymbols.insert(symbol, at: at)
        storedCoefficients.insert(coefficient, at: at)
        return 1
    }

    /// Removes `symbol` and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let i = search(symbol)
        guard i >= 0 else { return 0 }
        storedSymbols.remove(at: i)
        return storedCoefficients.remove(at: i)
    }

    /// Forgets the first `k` live entries without moving the others. The dead front is given
    /// back (the live entries moved to the start of the storage) once it outgrows them, so that
    /// move is paid for by the entries dropped before it.
    @inline(__always)
    private mutating func dropFront(_ k: Int) {
        deadCount &+= UInt32(truncatingIfNeeded: k)
        if start > count &+ 16 {
            storedSymbols.removeFirst(start)
            storedCoefficients.removeFirst(start)
            deadCount = 0
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
        let shrink = range.count - count
        if shrink > 0 && self.count >= longRow && range.lowerBound - start < storedSymbols.count - range.upperBound {
            replaceMovingFront(range, with: symbols, coefficients, count: count)
            return
        }
        storedSymbols.replaceSubrange(range, with: UnsafeBufferPointer(start: symbols, count: count))
        storedCoefficients.replaceSubrange(range, with: UnsafeBufferPointer(start: coefficients, count: count))
    }

    /// The rare path of `replaceEntries`, out of line so that the common one stays small.
    @inline(never)
    private mutating func replaceMovingFront(_ range: Range<Int>, with symbols: UnsafePointer<Symbol>,
                                             _ coefficients: UnsafePointer<Double>, count: Int) {
        let shrink = range.count - count
        let start = self.start, before = range.lowerBound - start
        storedSymbols.withUnsafeMutableBufferPointer { stored in
            let base = stored.baseAddress! + start
            UnsafeMutableRawPointer(base + shrink).copyMemory(from: base, byteCount: before * MemoryLayout<Symbol>.stride)
            (base + shrink + before).update(from: symbols, count: count)
        }
        storedCoefficients.withUnsafeMutableBufferPointer { stored in
            let base = stored.baseAddress! + start
            UnsafeMutableRawPointer(base + shrink).copyMemory(from: base, byteCount: before * MemoryLayout<Double>.stride)
            (base + shrink + before).update(from: coefficients, count: count)
        }
        dropFront(shrink)
    }

    /// Removes the explicit zeros a merge keeping places left (see `RowMerger`).
    mutating func dropZeros() {
        var kept = start
        for index in liveRange where storedCoefficients[index] != 0 {
            storedSymbols[kept] = storedSymbols[index]
            storedCoefficients[kept] = storedCoefficients[index]
            kept += 1
        }
        storedSymbols.removeLast(storedSymbols.count - kept)
        storedCoefficients.removeLast(storedCoefficients.count - kept)
    }

    mutating func negate() {
        constant = -constant
        for i in liveRange { storedCoefficients[i] = -storedCoefficients[i] }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = -(constant + rest) / a`.
    mutating func solve(for symbol: Symbol) {
        let a = remove(symbol)
        let factor = -1.0 / a
        constant *= factor
        for i in liveRange { storedCoefficients[i] *= factor }
    }

    /// Turns `lhs = constant + a·rhs + rest` into `rhs = …` (the basis exchange of a pivot).
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
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
        if index >= coefficients.count {
            coefficients.append(contentsOf: repeatElement(0, count: grownLength(toHold: index, from: coefficients.count) - coefficients.count))
        }
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
        if Int(last) >= coefficients.count {
            coefficients.append(contentsOf: repeatElement(0, count: grownLength(toHold: Int(last), from: coefficients.count) - coefficients.count))
        }
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
    /// Puts back a coefficient the trail recorded (a symbol past the end has none to put back).
    mutating func restore(_ symbol: Symbol, _ coefficient: Double) {
        if Int(symbol) < coefficients.count { coefficients[Int(symbol)] = coefficient }
    }

    /// Drops the coefficients a growth added.
    mutating func shrink(to count: Int) {
        coefficients.removeLast(coefficients.count - count)
    }
}
