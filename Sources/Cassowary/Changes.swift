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

    /// `touch` of a symbol just made (the newest): kept in each list's run of new symbols, not
    /// listed one by one.
    @inline(__always) mutating func touchNew(_ symbol: Symbol) {
        generation &+= 1
        valueSeeds.insertNew(symbol)
        ambiguitySeeds.insertNew(symbol)
    }

    /// `touchNew` of each of `symbols`, just made (`Tableau.newSymbols`).
    mutating func touchNew(_ symbols: Range<Symbol>) {
        generation &+= UInt64(symbols.count)
        valueSeeds.insertNew(symbols)
        ambiguitySeeds.insertNew(symbols)
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
///
/// Symbols inserted as they are made (`insertNew`) are kept as a run, `fresh`, neither listed
/// nor marked: a replay (`--final`, `load`) makes every symbol of the layout before its one
/// report, and the two lists of seeds held each of them, 4 bytes a symbol apiece, through the
/// line that squeezes the layout, where memory peaks. `takeAll` lists the run after the others.
struct SymbolList {
    /// The members inserted one by one, in insertion order (the run aside).
    private(set) var symbols: [Symbol] = []
    /// The mark of symbol `s` is bit `s % 64` of word `s / 64`; the run's symbols have none.
    private var marks: [UInt64] = []
    /// Members made consecutively since the list was last emptied, in the order they were made:
    /// `freshStart..<freshEnd`. Two plain numbers, not a `Range`, whose generic calls a debug
    /// build keeps on the path of every `insert`.
    private var freshStart: Symbol = 0, freshEnd: Symbol = 0
    var fresh: Range<Symbol> { freshStart..<freshEnd }

    var isEmpty: Bool { symbols.isEmpty && freshStart == freshEnd }
    /// How many members there are.
    var count: Int { symbols.count + Int(freshEnd &- freshStart) }

    @inline(__always) mutating func insert(_ symbol: Symbol) {
        if symbol < freshEnd && symbol >= freshStart { return }
        let word = Int(symbol) &>> 6, bit = UInt64(1) &<< UInt64(Int(symbol) & 63)
        if word >= marks.count { growMarks(toHold: word) }
        if marks[word] & bit != 0 { return }
        marks[word] |= bit
        symbols.append(symbol)
    }

    /// Inserts `symbol`, the newest symbol made: it joins the run when it follows it (or the run
    /// is empty), so that it is not listed; otherwise (a rollback cut the run short) it is listed.
    @inline(__always) mutating func insertNew(_ symbol: Symbol) {
        if freshStart == freshEnd {
            freshStart = symbol
            freshEnd = symbol &+ 1
        } else if freshEnd == symbol {
            freshEnd = symbol &+ 1
        } else {
            insert(symbol)
        }
    }

    /// `insertNew` of each of `symbols`, the newest made, in order.
    mutating func insertNew(_ symbols: Range<Symbol>) {
        guard !symbols.isEmpty else { return }
        if freshStart == freshEnd {
            freshStart = symbols.lowerBound
            freshEnd = symbols.upperBound
            return
        }
        if freshEnd == symbols.lowerBound {
            freshEnd = symbols.upperBound
            return
        }
        let last = symbols.upperBound - 1
        if Int(last) &>> 6 >= marks.count { growMarks(toHold: Int(last) &>> 6) }
        self.symbols.reserveCapacity(self.symbols.count + symbols.count)
        for symbol in symbols { insert(symbol) }
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

    /// Empties the list; costs the number of symbols listed.
    mutating func removeAll() {
        for symbol in symbols { unmark(symbol) }
        symbols.removeAll(keepingCapacity: true)
        freshStart = 0
        freshEnd = 0
    }

    /// The members, the listed ones first in insertion order, then the run; the list is left
    /// empty.
    mutating func takeAll() -> [Symbol] {
        for symbol in symbols { unmark(symbol) }
        defer {
            symbols = []
            freshStart = 0
            freshEnd = 0
        }
        if freshStart == freshEnd { return symbols }
        var all = symbols
        all.append(contentsOf: fresh)
        return all
    }

    /// Whether every member satisfies `predicate`.
    func allSatisfy(_ predicate: (Symbol) -> Bool) -> Bool {
        symbols.allSatisfy(predicate) && fresh.allSatisfy(predicate)
    }

    /// The members, in `takeAll`'s order, as variables.
    var variables: [Variable] {
        symbols.map { Variable(id: Int($0)) } + fresh.map { Variable(id: Int($0)) }
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
        freshEnd = Symbol(clamping: min(count, Int(freshEnd)))
        if freshEnd <= freshStart {
            freshStart = 0
            freshEnd = 0
        }
    }
}

/// Where a user variable's value is kept (`ChangeTracker.values`), from its code in
/// `Tableau.owners` (`ChangeTracker.addValue`).
@inline(__always) func keptValueIndex(ofOwner owner: Int32) -> Int { Int(-2 &- owner) }
