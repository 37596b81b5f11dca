/// Per-symbol scratch memory for walks over definitions (Tableau+Definitions.swift, Tableau+Evaluation.swift,
/// Ambiguity.swift), kept with the tableau so that a walk allocates nothing per symbol and never
/// clears a whole array between walks.
struct WalkScratch {
    /// The latest stamp handed out: a symbol is visited by the current walk when its mark in
    /// `visited` equals the walk's stamp.
    private(set) var stamp: UInt32 = 0
    var visited: [UInt32] = []
    /// Accumulated coefficients while a row is being expanded (`x`), and the sum of the
    /// magnitudes that went into each (`y`: what tells a cancellation from a small coefficient);
    /// all zero between expansions.
    var weight: [SIMD2<Double>] = []

    /// Makes room for one more symbol.
    @inline(__always)
    mutating func addSymbol() {
        visited.append(0)
        weight.append(.zero)
    }

    /// Makes room for `count` more symbols (`Tableau.newSymbols`).
    mutating func addSymbols(_ count: Int) {
        visited.append(contentsOf: repeatElement(0, count: count))
        weight.append(contentsOf: repeatElement(.zero, count: count))
    }

    /// Reserves room for `capacity` symbols (`Tableau.reserveSymbols`).
    mutating func reserveSymbols(_ capacity: Int) {
        visited.reserveCapacity(capacity)
        weight.reserveCapacity(capacity)
    }

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
    let columns: UnsafeBufferPointer<[Slot]>
    let visited: UnsafeMutableBufferPointer<UInt32>
    let weight: UnsafeMutableBufferPointer<SIMD2<Double>>
    let values: UnsafeMutableBufferPointer<Double>

    /// The row in `slot`, in place.
    @inline(__always) func row(_ slot: Slot) -> UnsafePointer<Row> { rows.baseAddress! + slot.index }

    /// `symbol`'s column, in place.
    @inline(__always) func column(_ symbol: Symbol) -> UnsafePointer<[Slot]> { columns.baseAddress! + Int(symbol) }

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
        columns.lists.withUnsafeBufferPointer { columns in
        scratch.visited.withUnsafeMutableBufferPointer { visited in
        scratch.weight.withUnsafeMutableBufferPointer { weight in
        changes.values.withUnsafeMutableBufferPointer { values in
            body(BorrowedTableau(rows: rows, basics: basics, slotOfBasic: slotOfBasic, kinds: kinds, columns: columns,
                                 visited: visited, weight: weight, values: values),
                 &changes.changedExternals)
        }}}}}}}}
    }
}
