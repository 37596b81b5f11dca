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
    /// against. One for each user variable, in the order they were made (`Tableau.valueIndex`),
    /// not one for each symbol: user variables are about a third of the symbols of a layout.
    var values: [Double] = []

    /// Room for the value of a new user variable; returns the owner code that finds it
    /// (`keptValueIndex(ofOwner:)`).
    @inline(__always)
    mutating func addValue() -> Int32 {
        if values.count == values.capacity { values.reserveCapacity(grownLength(toHold: values.count, from: values.count)) }
        values.append(0)
        return -2 - Int32(values.count - 1)
    }

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
///
/// The marks are bits, 64 to a word: a tableau keeps four such lists, each spanning every symbol
/// by the end of a large layout, and a `Bool` apiece was 4 bytes a symbol where bits are half
/// of one.
struct SymbolList {
    private(set) var symbols: [Symbol] = []
    /// The mark of symbol `s` is bit `s % 64` of word `s / 64`.
    private var marks: [UInt64] = []

    var isEmpty: Bool { symbols.isEmpty }

    @inline(__always) mutating func insert(_ symbol: Symbol) {
        let word = Int(symbol) &>> 6, bit = UInt64(1) &<< UInt64(Int(symbol) & 63)
        if word >= marks.count { growMarks(toHold: word) }
        if marks[word] & bit != 0 { return }
        marks[word] |= bit
        symbols.append(symbol)
    }

    /// Inserts each of `symbols` in order, the marks grown once.
    mutating func insert(_ symbols: Range<Symbol>) {
        guard let last = symbols.last else { return }
        if Int(last) &>> 6 >= marks.count { growMarks(toHold: Int(last) &>> 6) }
        self.symbols.reserveCapacity(self.symbols.count + symbols.count)
        marks.withUnsafeMutableBufferPointer { marks in
            for symbol in symbols {
                let word = Int(symbol) &>> 6, bit = UInt64(1) &<< UInt64(Int(symbol) & 63)
                if marks[word] & bit != 0 { continue }
                marks[word] |= bit
                self.symbols.append(symbol)
            }
        }
    }

    /// Unset words of marks up to `grownLength`, reserved at that length (appended to a full
    /// array they would double its capacity).
    @inline(never)
    private mutating func growMarks(toHold word: Int) {
        let length = grownLength(toHold: word, from: marks.count)
        marks.reserveCapacity(length)
        marks.append(contentsOf: repeatElement(0, count: length - marks.count))
    }

    @inline(__always) private mutating func unmark(_ symbol: Symbol) {
        marks[Int(symbol) &>> 6] &= ~(UInt64(1) &<< UInt64(Int(symbol) & 63))
    }

    /// Empties the list; costs the number of symbols in it.
    mutating func removeAll() {
        for symbol in symbols { unmark(symbol) }
        symbols.removeAll(keepingCapacity: true)
    }

    mutating func takeAll() -> [Symbol] {
        for symbol in symbols { unmark(symbol) }
        defer { symbols = [] }
        return symbols
    }
}

extension ChangeTracker {
    /// Forgets the symbols from `count` on (they were taken back with a step), and the values
    /// from `valueCount` on (those of the user variables among them).
    mutating func dropSymbols(from count: Int, values valueCount: Int) {
        valueSeeds.dropSymbols(from: count)
        ambiguitySeeds.dropSymbols(from: count)
        changedExternals.dropSymbols(from: count)
        uncheckedValues.dropSymbols(from: count)
        if values.count > valueCount { values.removeLast(values.count - valueCount) }
    }
}

extension SymbolList {
    /// Forgets the symbols from `count` on (they were taken back with a step).
    mutating func dropSymbols(from count: Int) {
        // Their marks are unset, so that the words past `count` hold none; the words stay.
        for symbol in symbols where Int(symbol) >= count { unmark(symbol) }
        symbols.removeAll { Int($0) >= count }
    }
}

/// Where a user variable's value is kept (`ChangeTracker.values`), from its code in
/// `Tableau.owners` (`ChangeTracker.addValue`).
@inline(__always) func keptValueIndex(ofOwner owner: Int32) -> Int { Int(-2 &- owner) }
