/// A row of the tableau: `constant + Σ coefficient × symbol`, kept as a sparse vector sorted by
/// symbol id. Sorted order makes merges linear and every scan deterministic.
///
/// While a row is being built it means `0 = constant + Σ …`; once solved for its basic symbol it
/// means `basic = constant + Σ …`.
struct Row {
    var symbols: [Symbol] = []
    var coefficients: [Double] = []
    var constant: Double = 0

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    /// Index of `symbol` in `symbols`, or where it would be inserted (negated minus one).
    @inline(__always)
    func search(_ symbol: Symbol) -> Int {
        var low = 0
        var high = symbols.count
        while low < high {
            let mid = (low &+ high) >> 1
            let s = symbols[mid]
            if s < symbol { low = mid + 1 } else if s > symbol { high = mid } else { return mid }
        }
        return -low - 1
    }

    func coefficient(of symbol: Symbol) -> Double {
        let i = search(symbol)
        return i >= 0 ? coefficients[i] : 0
    }

    func contains(_ symbol: Symbol) -> Bool { search(symbol) >= 0 }

    /// Adds `coefficient × symbol`; returns +1 when the symbol became present, -1 when it
    /// cancelled out, 0 otherwise, so the caller can keep its column index in step.
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Int {
        let i = search(symbol)
        if i >= 0 {
            let sum = coefficientSum(coefficients[i], coefficient)
            if sum == 0 {
                symbols.remove(at: i)
                coefficients.remove(at: i)
                return -1
            }
            coefficients[i] = sum
            return 0
        }
        if coefficient == 0 { return 0 }
        let at = -i - 1
        symbols.insert(symbol, at: at)
        coefficients.insert(coefficient, at: at)
        return 1
    }

    /// Removes `symbol` and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let i = search(symbol)
        guard i >= 0 else { return 0 }
        symbols.remove(at: i)
        return coefficients.remove(at: i)
    }

    /// Removes the explicit zeros a merge keeping places left (see `RowMerger`).
    mutating func dropZeros() {
        var kept = 0
        for index in symbols.indices where coefficients[index] != 0 {
            symbols[kept] = symbols[index]
            coefficients[kept] = coefficients[index]
            kept += 1
        }
        symbols.removeLast(symbols.count - kept)
        coefficients.removeLast(coefficients.count - kept)
    }

    mutating func negate() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = -(constant + rest) / a`.
    mutating func solve(for symbol: Symbol) {
        let a = remove(symbol)
        let factor = -1.0 / a
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
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
        guard let last = row.symbols.last else { return }
        if Int(last) >= coefficients.count {
            coefficients.append(contentsOf: repeatElement(0, count: grownLength(toHold: Int(last), from: coefficients.count) - coefficients.count))
        }
        coefficients.withUnsafeMutableBufferPointer { dense in
            row.symbols.withUnsafeBufferPointer { symbols in
                row.coefficients.withUnsafeBufferPointer { values in
                    for index in 0..<symbols.count {
                        let sum = dense[Int(symbols[index])] + factor * values[index]
                        dense[Int(symbols[index])] = Tolerance.isZero(sum) ? 0 : sum
                    }
                }
            }
        }
    }
}
