/// Per-symbol scratch memory for walks over definitions (Tableau+Definitions.swift, Tableau+Evaluation.swift,
/// Ambiguity.swift), kept with the tableau so that a walk allocates nothing per symbol and never
/// clears a whole array between walks.
///
/// One mark per symbol, 4 bytes: an expansion's running sums are not kept per symbol (16 bytes
/// of every symbol, held to the end of a large layout) but in a list of the symbols it touched,
/// each found through its mark (`ExpansionSums`).
struct WalkScratch {
    /// The latest stamp handed out: a symbol is visited by the current walk when its mark in
    /// `visited` equals the walk's stamp.
    private(set) var stamp: UInt32 = 0
    var visited: [UInt32] = []
    /// The lists of the last expansion, emptied, kept for the next (`ExpansionSums.clear`).
    var sums = ExpansionSums()

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() { visited.append(0) }

    /// Makes room for `count` more symbols (`Tableau.newSymbols`).
    mutating func addSymbols(_ count: Int) { visited.append(contentsOf: repeatElement(0, count: count)) }

    /// Reserves room for `capacity` symbols (`Tableau.reserveSymbols`).
    mutating func reserveSymbols(_ capacity: Int) { visited.reserveCapacity(capacity) }

    /// A fresh mark for `visited`: every symbol counts as unvisited under it. When the marks
    /// run out they are all cleared; `more` keeps that many later stamps from doing so, for a
    /// walk that needs several marks at once.
    mutating func nextStamp(leavingRoomFor more: UInt32 = 0) -> UInt32 {
        if stamp >= UInt32.max - more {
            for index in visited.indices { visited[index] = 0 }
            stamp = 0
        }
        stamp += 1
        return stamp
    }

    /// A fresh stamp, with the `count` after it kept free: a walk may mark a symbol with the
    /// stamp plus its place in a list (from 1), so that the mark both says the symbol was met
    /// and finds its entry. `useStamps(through:)` then hands out only the stamps after those
    /// used.
    mutating func reserveStamps(_ count: Int) -> UInt32 { nextStamp(leavingRoomFor: UInt32(count)) }

    /// Takes `last` and every stamp before it as handed out (`reserveStamps`).
    mutating func useStamps(through last: UInt32) {
        precondition(last >= stamp, "stamps only grow")
        stamp = last
    }
}

/// The running sums of one expansion of definitions (`Tableau.expandDefinitions`), by the
/// symbols it touched rather than by symbol: a symbol touched is marked in `WalkScratch.visited`
/// with the expansion's stamp plus its place in `touched` (from 1), so that the mark both says it
/// was touched and finds its sum. The stamps from there to the symbol count are kept free for
/// this (`WalkScratch.reserveStamps`).
struct ExpansionSums {
    /// The symbols touched, in the order first touched (until the expansion sorts them).
    var touched: [Symbol] = []
    /// For each symbol touched, by its place: `x` the coefficient accumulated, `y` the sum of
    /// the magnitudes that went into it (what tells a cancellation from a small coefficient).
    var sums: [SIMD2<Double>] = []

    /// Adds `amount` to `symbol`'s sum.
    @inline(__always)
    mutating func add(_ symbol: Symbol, _ amount: Double, visited: UnsafeMutableBufferPointer<UInt32>, stamp: UInt32) {
        let mark = visited[Int(symbol)]
        if mark > stamp {
            sums[Int(mark &- stamp &- 1)] += SIMD2(amount, abs(amount))
        } else {
            touched.append(symbol)
            sums.append(SIMD2<Double>.zero + SIMD2(amount, abs(amount)))  // from +0, as a sum of one part
            visited[Int(symbol)] = stamp &+ UInt32(truncatingIfNeeded: touched.count)
        }
    }

    /// Empties both lists for the next expansion, keeping their room unless an expansion of a
    /// long chain made it large (kept, it would be memory held for the rare long expansion).
    mutating func clear() {
        if touched.capacity > 1024 {
            self = ExpansionSums()
        } else {
            touched.removeAll(keepingCapacity: true)
            sums.removeAll(keepingCapacity: true)
        }
    }
}

/// The tableau's arrays as plain buffers, for the duration of one `Tableau.withBorrowed` call.
///
/// Walks over definitions read hundreds of rows per drag step or per insertion into a grid;
/// indexing the arrays themselves copies each row out (retaining its two arrays), which cost more
/// than the arithmetic. The scratch arrays and the kept values are lent writable.
struct BorrowedTableau {
    let rows: UnsafeBufferPointer<Row>
    let basics: UnsafeBufferPointer<Symbol>
    let slotOfBasic: UnsafeBufferPointer<Slot>
    let kinds: UnsafeBufferPointer<SymbolKind>
    let owners: UnsafeBufferPointer<Int32>
    let columns: ColumnBuffers
    let visited: UnsafeMutableBufferPointer<UInt32>
    /// The kept values of user variables, by `valueIndex`.
    let values: UnsafeMutableBufferPointer<Double>

    /// The row in `slot`, in place.
    @inline(__always) func row(_ slot: Slot) -> UnsafePointer<Row> { rows.baseAddress! + slot.index }

    /// `symbol`'s column, in place.
    @inline(__always) func column(_ symbol: Symbol) -> UnsafeBufferPointer<Slot> { columns.column(symbol) }

    @inline(__always) func isBasicExternal(_ symbol: Symbol) -> Bool {
        kinds[Int(symbol)] == .external && slotOfBasic[Int(symbol)].exists
    }
}

extension Tableau {
    /// Runs `body` with the tableau's arrays borrowed as buffers (see `BorrowedTableau`), and the
    /// list of changed user variables lent to it. Nothing else of the tableau may be used inside.
    @inline(__always)
    mutating func withBorrowed<Result>(_ body: (BorrowedTableau, inout SymbolList) -> Result) -> Result {
        rows.withUnsafeBufferPointer { rows in
        basics.withUnsafeBufferPointer { basics in
        slotOfBasic.withUnsafeBufferPointer { slotOfBasic in
        kinds.withUnsafeBufferPointer { kinds in
        owners.withUnsafeBufferPointer { owners in
        columns.withBuffers { columns in
        scratch.visited.withUnsafeMutableBufferPointer { visited in
        changes.values.withUnsafeMutableBufferPointer { values in
            body(BorrowedTableau(rows: rows, basics: basics, slotOfBasic: slotOfBasic, kinds: kinds, owners: owners,
                                 columns: columns, visited: visited, values: values),
                 &changes.changedExternals)
        }}}}}}}}
    }
}
