/// A linear program over the optimal face, for the queries that explain ambiguity and move
/// along it (OptimalFace.swift).
///
/// At the lexicographic optimum the optimal face, written in the tableau's nonbasic symbols, is:
/// nonbasic user variables move freely (they occur in no restricted row), the free symbols
/// (nonbasic slacks and errors without a reduced cost at any strength) are ≥ 0, every other
/// nonbasic symbol stays at zero, and every restricted basic row stays ≥ 0. The rows that hold
/// no free symbol cannot change, so only the rows reachable from the free symbols of interest
/// (through rows that hold them, and those rows' other free symbols) matter: that part is
/// copied into a tableau of its own, where the current vertex is the origin (every free symbol
/// at zero, every row's constant ≥ 0) and so feasible from the start. The solver's own
/// tableau is never touched.
///
/// Extremes are found with the solver's own simplex steps (Bland's rule: no cycling on these
/// very degenerate rows) on one objective; an objective that can grow without end gives a ray.
struct FaceProgram {
    /// The face's rows, in local symbols; on a large face without its rows of one symbol,
    /// which `boundRows` holds (FaceProgram+Bounds.swift).
    private(set) var local = Tableau()
    /// Rows of one free symbol kept out of `local`, in the order of their local basics: bounds.
    private(set) var boundRows: [BoundRow] = []
    /// The bounds they set, worked out once: each simplex over the program starts from them.
    private(set) var startingBounds: BoundState?
    /// For each local symbol, the solver's symbol it stands for: a free symbol, or the basic
    /// symbol of a restricted row.
    private(set) var mainSymbol: [Symbol] = []
    /// For each of the solver's symbols (by index), its local symbol, or `noSymbol`: dense, so
    /// building a program spanning a long chain hashes nothing.
    private var localOfFree: [Symbol] = []
    /// How many of the local symbols are free symbols (they come first).
    private(set) var freeCount = 0

    /// The free symbols and restricted rows of the face reachable from `seeds` (free symbols of
    /// `tableau`), found breadth first (a free symbol leads to the rows holding it, a row to its
    /// free symbols); nil as soon as it is certain that more than `limit` rows, or some row and
    /// more than `limit` free symbols, are reached (free symbols that no row limits cost a
    /// program nothing), so asking whether a face is small costs about the limit. The verdict
    /// depends only on the part reached, not on the order of the seeds.
    ///
    /// `marks` comes back with every symbol reached marked.
    static func reach<Marks: FaceMarks>(_ tableau: inout Tableau, seeds: [Symbol], limit: Int = .max,
                                        marks: inout Marks) -> (free: [Symbol], rows: [(basic: Symbol, slot: Slot)])? {
        var freeSymbols: [Symbol] = []
        // A free symbol that occurs in no row (left behind by a removed constraint or a phase-one
        // artificial variable) moves nothing: it is no part of the face.
        for seed in seeds where tableau.isFreeOnFace(seed) && tableau.occursInSomeRow(seed) && !marks.isMarked(seed) {
            marks.mark(seed)
            freeSymbols.append(seed)
        }
        var rowSlots: [(basic: Symbol, slot: Slot)] = []
        // The walk reads the tableau's arrays in place, as plain buffers: through the tableau,
        // every column and row visited was retained and released. Only reads: a report asks
        // this with a small limit after every input, so nothing is made unique or lent.
        let complete = tableau.rows.withUnsafeBufferPointer { rows in
        tableau.basics.withUnsafeBufferPointer { basics in
        tableau.slotOfBasic.withUnsafeBufferPointer { slotOfBasic in
        tableau.kinds.withUnsafeBufferPointer { kinds in
        tableau.columns.withBuffers { columns -> Bool in
            // `Tableau.isFreeOnFace`, on the buffers.
            @inline(__always) func isFreeOnFace(_ symbol: Symbol) -> Bool {
                kinds[Int(symbol)].isRestricted && !slotOfBasic[Int(symbol)].exists
                    && !tableau.objectives.hasReducedCost(symbol)
            }
            var head = 0
            while head < freeSymbols.count {
                let free = freeSymbols[head]
                head += 1
                let column = columns.column(free)
                // Column entries may be stale (see `ColumnIndex`): a row counts only while it holds the symbol.
                for entry in 0..<column.count {
                    let slot = column[entry]
                    let basic = basics[slot.index]
                    let row = rows.baseAddress! + slot.index
                    guard basic != noSymbol, kinds[Int(basic)].isRestricted, !marks.isMarked(basic),
                          row.pointee.contains(free) else { continue }
                    marks.mark(basic)  // placed (a basic symbol is never free)
                    rowSlots.append((basic, slot))
                    // A row is reached: from here on the free symbols count too.
                    if rowSlots.count > limit || freeSymbols.count > limit { return false }
                    var position = row.pointee.start
                    let end = row.pointee.storedEnd
                    guard position < end else { continue }
                    let symbols = row.pointee.borrowedSymbols
                    repeat {
                        let symbol = symbols[position]
                        position &+= 1
                        if !marks.isMarked(symbol) && isFreeOnFace(symbol) {
                            marks.mark(symbol)
                            freeSymbols.append(symbol)
                            if freeSymbols.count > limit { return false }
                        }
                    } while position < end
                }
            }
            return true
        }}}}}
        return complete ? (freeSymbols, rowSlots) : nil
    }

    /// Whether the part of the face reachable from `seeds` holds more than `limit` rows or
    /// free symbols: a program over it would be too dear for a report.
    ///
    /// - Complexity: O(seeds), and O(limit) symbols and rows visited beyond them. The marks
    ///   are the tableau's walk stamps, not an index made over every symbol: a report asks
    ///   this for a screenful of views after every input.
    static func isLarger(than limit: Int, from seeds: [Symbol], in tableau: inout Tableau) -> Bool {
        var marks = StampedFaceMarks(stamp: tableau.scratch.nextStamp(), visited: tableau.scratch.visited)
        tableau.scratch.visited = []  // lent out: marking must not copy it
        defer { tableau.scratch.visited = marks.visited }
        return reach(&tableau, seeds: seeds, limit: limit, marks: &marks) == nil
    }

    /// The part of the face reachable from `seeds` (free symbols of `tableau`).
    ///
    /// Local symbols are numbered in the solver's symbol order (free symbols, then rows by their
    /// basic symbol), whatever the seeds: a program built for some seeds gives the same extremes
    /// as one built for any others it covers (`covers`), so a report shares one program among
    /// all the components it explains.
    ///
    /// `boundsAsRows` keeps a large face's rows of one symbol as rows (FaceProgram+Bounds.swift):
    /// for a simplex stopped early (`exercise`), which takes the plain program anyway.
    ///
    /// - Complexity: O(size of the rows reached), plus O(symbols of the solver) for the index.
    init(_ tableau: inout Tableau, seeds: [Symbol], boundsAsRows: Bool = false) {
        // First the free symbols and rows; a tableau of their own only when some row limits
        // them: a report asks this for a screenful of views after every input.
        var marks = DenseFaceMarks(count: tableau.kinds.count)
        let reached = Self.reach(&tableau, seeds: seeds, marks: &marks)!
        var index: [Symbol] = []
        swap(&index, &marks.local)  // taken, not shared: writing it must not copy it
        // In symbol order: the vertex the simplex reaches (Bland's rule) must not depend on the
        // seeds or on the order the rows were found in.
        let (freeSymbols, rowBasics) = Self.inSymbolOrder(reached, marks: index, slotOfBasic: tableau.slotOfBasic)
        for basic in rowBasics { index[Int(basic)] = noSymbol }
        for (position, symbol) in freeSymbols.enumerated() { index[Int(symbol)] = Symbol(position) }
        localOfFree = index
        mainSymbol = freeSymbols
        freeCount = freeSymbols.count
        if rowBasics.isEmpty { return }
        // Every symbol at once (free symbols first, then one basic per row in `rowBasics`
        // order), the rows built in order at their length, and the column index filled once:
        // a long chain's face has tens of thousands of symbols, and making them, adding entries
        // and noting columns one at a time was half the first `explain` after a change.
        let firstBasic = Int(local.newSymbols(.slack, count: freeSymbols.count + rowBasics.count).lowerBound) + freeSymbols.count
        mainSymbol.append(contentsOf: rowBasics)
        let keepsBounds = !boundsAsRows && rowBasics.count > Self.boundsFromRows
        var localRows: [Row] = [], localBasics: [Symbol] = [], bounds: [BoundRow] = []
        if keepsBounds { bounds.reserveCapacity(rowBasics.count) }
        // The solver's rows are read in place (a copy of each retained and released it).
        tableau.withBorrowed { borrowed, _ in
            for (offset, basic) in rowBasics.enumerated() {
                let row = borrowed.row(borrowed.slotOfBasic[Int(basic)])
                let basicHere = Symbol(firstBasic + offset)
                let start = row.pointee.start, end = row.pointee.storedEnd, constant = row.pointee.constant
                if start == end {  // not so for a row reached through a symbol it holds
                    localRows.append(Row(constant: constant))
                    localBasics.append(basicHere)
                    continue
                }
                let symbols = row.pointee.borrowedSymbols, coefficients = row.pointee.borrowedCoefficients
                // Symbols that are not free stay at zero on the face: they drop out.
                var freeEntries = 0, lastFree = 0
                for position in start..<end where index[Int(symbols[position])] != noSymbol && coefficients[position] != 0 {
                    freeEntries += 1
                    lastFree = position
                }
                if keepsBounds && freeEntries == 1 {
                    // A bound needs no row of its own (two heap blocks each, thousands on a chain).
                    bounds.append(BoundRow(basic: basicHere, symbol: index[Int(symbols[lastFree])],
                                           constant: constant, coefficient: coefficients[lastFree]))
                    continue
                }
                // Local symbols follow the solver's order, so the entries come ascending.
                // Gathered and copied in at once: `Row.append` checks its block per entry.
                // One pass fills both.
                var kept = 0
                var keptCoefficients: [Double] = []
                let keptSymbols = [Symbol](unsafeUninitializedCapacity: freeEntries) { symbolBuffer, symbolCount in
                    keptCoefficients = [Double](unsafeUninitializedCapacity: freeEntries) { coefficientBuffer, coefficientCount in
                        for position in start..<end where index[Int(symbols[position])] != noSymbol && coefficients[position] != 0 {
                            symbolBuffer[kept] = index[Int(symbols[position])]
                            coefficientBuffer[kept] = coefficients[position]
                            kept += 1
                        }
                        coefficientCount = kept
                    }
                    symbolCount = kept
                }
                var localRow = Row(constant: constant)
                keptSymbols.withUnsafeBufferPointer { symbols in
                    keptCoefficients.withUnsafeBufferPointer { coefficients in
                        if let symbols = symbols.baseAddress, let coefficients = coefficients.baseAddress {
                            localRow.replaceEntries(0..<0, with: symbols, coefficients, count: kept, longRow: .max)
                        }
                    }
                }
                localRows.append(localRow)
                localBasics.append(basicHere)
            }
        }
        boundRows = bounds
        local.placeRows(localRows, basics: localBasics)
        if !boundRows.isEmpty { startingBounds = BoundState(freeCount: freeCount, boundRows: boundRows) }
    }

    /// The free symbols and the basics of the rows `reach` found, each ascending. When they are
    /// a good part of the tableau (a long chain's face), one pass over the marks reads them in
    /// order: sorting twenty thousand symbols cost a tenth of building the program. Otherwise
    /// (a report's small face in a large layout) they are sorted.
    ///
    /// - Complexity: O(symbols of the solver) or O(r log r) for r symbols reached.
    private static func inSymbolOrder(_ reached: (free: [Symbol], rows: [(basic: Symbol, slot: Slot)]),
                                      marks: [Symbol], slotOfBasic: [Slot]) -> (free: [Symbol], basics: [Symbol]) {
        var free: [Symbol] = [], basics: [Symbol] = []
        guard 16 * (reached.free.count + reached.rows.count) >= marks.count else {
            free = reached.free
            free.sort()
            basics = reached.rows.map(\.basic)
            basics.sort()
            return (free, basics)
        }
        free.reserveCapacity(reached.free.count)
        basics.reserveCapacity(reached.rows.count)
        // Marked symbols are the free ones reached (nonbasic) and the basics of the rows reached.
        for symbol in marks.indices where marks[symbol] != noSymbol {
            if slotOfBasic[symbol].exists { basics.append(Symbol(symbol)) } else { free.append(Symbol(symbol)) }
        }
        assert(free.count == reached.free.count && basics.count == reached.rows.count, "inSymbolOrder: marks and reach disagree")
        return (free, basics)
    }

    /// The local symbol standing for the solver's free symbol `symbol`, or `noSymbol`.
    @inline(__always) func localSymbol(_ symbol: Symbol) -> Symbol {
        Int(symbol) < localOfFree.count ? localOfFree[Int(symbol)] : noSymbol
    }

    /// The free symbols of the solver that this program covers.
    var freeSymbols: [Symbol] { Array(mainSymbol[..<freeCount]) }

    /// Whether this program holds every one of `seeds` that a program built for them would
    /// (the free ones that occur in some row): it then answers their objectives exactly as that
    /// program would, its other components never entering a pivot.
    func covers(_ seeds: some Sequence<Symbol>, in tableau: inout Tableau) -> Bool {
        seeds.allSatisfy { seed in
            localSymbol(seed) != noSymbol || !(tableau.isFreeOnFace(seed) && tableau.occursInSomeRow(seed))
        }
    }

    /// Where an objective ends up on the face.
    struct Extreme {
        /// The values of the solver's symbols covered here (free ones and basic rows) at the
        /// vertex reached; absent means zero.
        var point: [Symbol: Double] = [:]
        /// When the objective grows without end from that vertex: how each symbol moves per unit
        /// along the ray.
        var ray: [Symbol: Double]?
        /// The solver's symbols whose bound (≥ 0) holds the objective at that vertex: the
        /// nonbasic ones with a nonzero reduced cost (empty along a ray).
        var binding: [Symbol] = []
    }

    /// Makes `program`'s only objective `-Σ weight × symbol` (the tableau minimizes).
    func setObjective(of program: inout Tableau, maximizing weights: [Symbol: Double]) {
        // In symbol order: the vertex the simplex reaches must not depend on hashing.
        let symbols = weights.keys.sorted()
        setObjective(of: &program, symbols: symbols, weights: symbols.map { weights[$0]! })
    }

    /// The same with the weights of `symbols` (ascending) side by side.
    func setObjective(of program: inout Tableau, symbols: [Symbol], weights: [Double]) {
        var level = ObjectiveLevel(priority: 1)
        level.members = 1
        // Local symbols follow the solver's order, so ascending symbols give an ascending row:
        // appended, not inserted by binary search (thousands of weights on a long chain).
        var objective = Row(constant: 0, capacity: symbols.count)
        var previous = noSymbol
        for (symbol, weight) in zip(symbols, weights) {
            let local = localSymbol(symbol)
            guard local != noSymbol, weight != 0 else { continue }
            if local > previous {
                objective.append(local, -weight)
                previous = local
            } else {
                objective.add(local, -weight)  // out of order: inserted where it belongs
            }
        }
        program.objectives.levels = [level]
        program.addRowToObjective(objective)
    }

    /// How many rows the program holds (restricted rows of the face).
    var rowCount: Int { mainSymbol.count - freeCount }

    /// The greatest value of `Σ weights[i] × symbols[i]` (symbols ascending) over the face, nil
    /// when it grows without end: what `range(of:)` asks, without the whole vertex `maximize`
    /// describes.
    func maximum(_ symbols: [Symbol], _ weights: [Double]) -> Double? {
        if rowCount > 0, !boundRows.isEmpty, let value = maximumWithBounds(symbols, weights) { return value }
        let extreme = maximize(Dictionary(uniqueKeysWithValues: zip(symbols, weights)), usingBounds: false)
        if extreme.ray != nil { return nil }
        var sum = 0.0
        for (symbol, weight) in zip(symbols, weights) { sum += weight * (extreme.point[symbol] ?? 0) }
        return sum
    }

    /// Maximizes `Σ weight × symbol` (weights by the solver's free symbols) over the face.
    ///
    /// `pivotLimit` stops the simplex early, at the first vertex after that many pivots where
    /// the objective has grown: a vertex of the face all the same (the primal simplex never
    /// leaves it), only not the farthest. Each pivot over a long row costs that row, so
    /// `exercise` on a face of thousands of rows bounds its pivots this way.
    ///
    /// `usingBounds: false` keeps a large face's rows of one symbol as rows (the plain simplex
    /// over the whole program): the reference the bounded simplexes are tested against.
    func maximize(_ weights: [Symbol: Double], pivotLimit: Int = .max, usingBounds: Bool = true) -> Extreme {
        if rowCount == 0 {
            // No row limits the free symbols (the usual case while a layout is being built):
            // each is only ≥ 0, so the objective grows along any symbol of positive weight,
            // and otherwise stops at zero, held by every symbol of negative weight.
            if let grows = weights.filter({ Tolerance.isPositive($0.value) && localSymbol($0.key) != noSymbol }).keys.min() {
                return Extreme(ray: [grows: 1])
            }
            return Extreme(binding: weights.filter { Tolerance.isNegative($0.value) && localSymbol($0.key) != noSymbol }.keys.sorted())
        }
        if pivotLimit == .max, usingBounds, !boundRows.isEmpty, let extreme = maximizeWithBounds(weights) {
            return extreme
        }
        var program = boundRows.isEmpty ? local : withBoundRows()
        setObjective(of: &program, maximizing: weights)
        var ray: [Symbol: Double]?
        var pivots = 0
        let start = program.objectives.levels[0].row.constant
        while pivots < pivotLimit || program.objectives.levels[0].row.constant == start {
            let entering = program.lexicographicEnteringSymbol()
            if entering == noSymbol { break }
            let leaving = program.leavingSymbol(for: entering)
            if leaving == noSymbol {
                var direction: [Symbol: Double] = [mainSymbol[Int(entering)]: 1]
                for slot in program.columns.slots(of: entering) {
                    let basic = program.basics[slot.index]
                    guard basic != noSymbol else { continue }
                    let coefficient = program.rows[slot.index].coefficient(of: entering)
                    if coefficient != 0 { direction[mainSymbol[Int(basic)]] = coefficient }
                }
                ray = direction
                break
            }
            program.pivot(entering: entering, leaving: leaving)
            pivots += 1
        }
        var extreme = Extreme(ray: ray)
        for local in 0..<mainSymbol.count {
            let slot = program.slotOfBasic[local]
            if slot.exists {
                let value = program.rows[slot.index].constant
                if value != 0 { extreme.point[mainSymbol[local]] = value }
            } else if ray == nil && !Tolerance.isZero(program.objectives.levels[0].row.coefficient(of: Symbol(local))) {
                extreme.binding.append(mainSymbol[local])
            }
        }
        return extreme
    }
}

/// The symbols a walk over the optimal face has reached (`FaceProgram.reach`).
protocol FaceMarks {
    func isMarked(_ symbol: Symbol) -> Bool
    mutating func mark(_ symbol: Symbol)
}

/// Marks in an array over every symbol, which a program goes on to use as its index of local
/// symbols (`noSymbol` where unmarked).
struct DenseFaceMarks: FaceMarks {
    var local: [Symbol]
    init(count: Int) { local = [Symbol](repeating: noSymbol, count: count) }
    @inline(__always) func isMarked(_ symbol: Symbol) -> Bool { local[Int(symbol)] != noSymbol }
    @inline(__always) mutating func mark(_ symbol: Symbol) { local[Int(symbol)] = 0 }
}

/// Marks in the tableau's walk scratch (`WalkScratch.visited`), under a fresh stamp.
struct StampedFaceMarks: FaceMarks {
    let stamp: UInt32
    var visited: [UInt32]
    @inline(__always) func isMarked(_ symbol: Symbol) -> Bool { visited[Int(symbol)] == stamp }
    @inline(__always) mutating func mark(_ symbol: Symbol) { visited[Int(symbol)] = stamp }
}

extension Tableau {
    /// Whether `symbol` may move (upwards) on the optimal face: a nonbasic slack or error with
    /// no reduced cost at any strength.
    func isFreeOnFace(_ symbol: Symbol) -> Bool {
        kinds[Int(symbol)].isRestricted && !isBasic(symbol) && !objectives.hasReducedCost(symbol)
    }

    /// Whether some row holds `symbol` (column entries may be stale).
    func occursInSomeRow(_ symbol: Symbol) -> Bool {
        columns.slots(of: symbol).contains { slot in basics[slot.index] != noSymbol && rows[slot.index].contains(symbol) }
    }

    /// Adds `row` (in nonbasic symbols) to the only objective, noting the candidates.
    mutating func addRowToObjective(_ row: Row) {
        addToObjective(0, row, times: 1)
        noteObjectiveChange(of: row)
    }
}
