/// What changed in the tableau since values, ambiguity and the caller's report were last brought
/// up to date: the starting points of the incremental re-evaluation (Tableau+Evaluation.swift,
/// Ambiguity.swift), so that its cost follows what changed, not the size of the layout.
struct ChangeTracker {
    /// Symbols whose row, basic status or objective coefficients changed since values (and,
    /// separately, ambiguity) were last brought up to date.
    var valueSeeds = SymbolList()
    var ambiguitySeeds = SymbolList()
    /// User variables whose value or ambiguity changed since `Solver.takeChangedVariables`.
    var changedExternals = SymbolList()
    /// User variables whose value was written since `Solver.changedValuesAreFinite` last found
    /// every value finite: the overflow check after each line looks at these only, not at
    /// everything changed since the last report (quadratic over a `--final` replay).
    var uncheckedValues = SymbolList()
    /// Whether `uncheckedValues` is kept: only once someone checks (a solver used on its own,
    /// as in a drag, pays nothing for it).
    var tracksUncheckedValues = false
    /// Values of user variables as `refreshValues` last left them: what a change is measured
    /// against.
    var values: [Double] = []

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() { values.append(0) }

    /// Makes room for `count` more symbols (`Tableau.newSymbols`).
    mutating func addSymbols(_ count: Int) { values.append(contentsOf: repeatElement(0, count: count)) }

    /// Counts the changes recorded: answers worked out on the optimal face (`FaceMemo`) hold
    /// while it stays the same.
    private(set) var generation: UInt64 = 0

    /// Records that `symbol`'s row, basic status or value may have changed.
    @inline(__always) mutating func touch(_ symbol: Symbol) {
        generation &+= 1
        valueSeeds.insert(symbol)
        ambiguitySeeds.insert(symbol)
    }

    /// `touch` of each of `symbols`, with each list's marks grown once (`Tableau.newSymbols`).
    mutating func touch(_ symbols: Range<Symbol>) {
        generation &+= UInt64(symbols.count)
        valueSeeds.insert(symbols)
        ambiguitySeeds.insert(symbols)
    }

    /// Records that reduced costs of `symbols` changed: whether they may move on the optimal
    /// face is to be looked at again (values do not depend on reduced costs).
    @inline(__always) mutating func noteReducedCosts(_ symbols: some Collection<Symbol>) {
        generation &+= 1
        for symbol in symbols { ambiguitySeeds.insert(symbol) }
    }
}

/// A set of symbols kept as a list in insertion order plus a mark per symbol: insertion and
/// membership cost O(1), and taking them all out costs their number, never the symbol count.
struct SymbolList {
    private(set) var symbols: [Symbol] = []
    private var marked: [Bool] = []

    var isEmpty: Bool { symbols.isEmpty }

    @inline(__always) mutating func insert(_ symbol: Symbol) {
        let index = Int(symbol)
        if index >= marked.count { growMarks(toHold: index) }
        if marked[index] { return }
        marked[index] = true
        symbols.append(symbol)
    }

    /// Inserts each of `symbols` in order, the marks grown once.
    mutating func insert(_ symbols: Range<Symbol>) {
        guard let last = symbols.last else { return }
        if Int(last) >= marked.count { growMarks(toHold: Int(last)) }
        self.symbols.reserveCapacity(self.symbols.count + symbols.count)
        marked.withUnsafeMutableBufferPointer { marked in
            for symbol in symbols where !marked[Int(symbol)] {
                marked[Int(symbol)] = true
                self.symbols.append(symbol)
            }
        }
    }

    /// Unset marks up to `grownLength`, reserved at that length (appended to a full array
    /// they would double its capacity).
    @inline(never)
    private mutating func growMarks(toHold index: Int) {
        let length = grownLength(toHold: index, from: marked.count)
        marked.reserveCapacity(length)
        marked.append(contentsOf: repeatElement(false, count: length - marked.count))
    }

    /// Empties the list; costs the number of symbols in it.
    mutating func removeAll() {
        for symbol in symbols { marked[Int(symbol)] = false }
        symbols.removeAll(keepingCapacity: true)
    }

    mutating func takeAll() -> [Symbol] {
        for symbol in symbols { marked[Int(symbol)] = false }
        defer { symbols = [] }
        return symbols
    }
}

extension ChangeTracker {
    /// Forgets the symbols from `count` on (they were taken back with a step).
    mutating func dropSymbols(from count: Int) {
        valueSeeds.dropSymbols(from: count)
        ambiguitySeeds.dropSymbols(from: count)
        changedExternals.dropSymbols(from: count)
        uncheckedValues.dropSymbols(from: count)
        if values.count > count { values.removeLast(values.count - count) }
    }
}

extension SymbolList {
    /// Forgets the symbols from `count` on (they were taken back with a step).
    mutating func dropSymbols(from count: Int) {
        symbols.removeAll { Int($0) >= count }
        if marked.count > count { marked.removeLast(marked.count - count) }
    }
}
