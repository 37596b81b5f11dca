/// The rows of basic user variables, kept as *definitions* rather than fully substituted rows.
///
/// A classic Cassowary tableau substitutes every basic row into every other, so a chain of views
/// (`v[i].left == v[i-1].left + v[i-1].width + 8`) makes the row of the last view's left edge hold
/// every earlier width: the tableau grows with N² and so does each pivot. Here the row of a basic
/// user variable may name other basic user variables (its definition refers to them instead of
/// copying them), as long as the references never form a cycle. The simplex itself never sees
/// this: the rows of slacks, errors and dummies, and the objectives, name no user variable at
/// all, so pivots stay as short as the restricted part of the problem.
///
/// Invariants:
/// - a basic slack, error or dummy occurs in no row (solved form for the restricted part);
/// - rows of restricted and dummy basics, and objective rows, contain no user variable;
/// - references between user-variable rows are acyclic.
extension Tableau {
    @inline(__always) func isBasicExternal(_ symbol: Symbol) -> Bool {
        kinds[Int(symbol)] == .external && slotOfBasic[Int(symbol)].exists
    }

    /// The basic user variables reachable from `roots` through definitions, each before every
    /// variable its definition refers to.
    mutating func definitionOrder(from roots: [Symbol]) -> [Symbol] {
        let stamp = scratch.nextStamp()
        // Borrowed: inserting into a grid expands long chains of definitions. (Results are
        // returned from the closure, not written to captured variables: the compiler checks
        // exclusive access to a captured variable at run time, at every write.)
        return withBorrowed { tableau, _ in Tableau.definitionOrder(from: roots, in: tableau, stamp: stamp) }
    }

    @inline(__always)
    static func definitionOrder(from roots: [Symbol], in tableau: BorrowedTableau, stamp: UInt32) -> [Symbol] {
        var order: [Symbol] = []
        postorder(from: roots, rows: tableau.rows, slotOfBasic: tableau.slotOfBasic, into: &order) { symbol in
            guard tableau.isBasicExternal(symbol), tableau.visited[Int(symbol)] != stamp else { return false }
            tableau.visited[Int(symbol)] = stamp
            return true
        }
        return order.reversed()
    }

    /// Depth first through definitions from `roots`, appending each symbol after every symbol
    /// its row refers to. `enter` decides which roots and references are walked, and marks them
    /// so that none is entered twice.
    @inline(__always)
    static func postorder(from roots: [Symbol], rows: UnsafeBufferPointer<Row>, slotOfBasic: UnsafeBufferPointer<Slot>,
                          into order: inout [Symbol], enter: (Symbol) -> Bool) {
        var stack: [(symbol: Symbol, next: Int)] = []
        for root in roots where enter(root) {
            stack.append((root, 0))
            while let top = stack.last {
                let slot = slotOfBasic[Int(top.symbol)]
                var next = top.next
                var child = noSymbol
                if slot.exists {
                    let row = rows.baseAddress! + slot.index
                    // `next` is a storage index of the row; its live entries begin at `start`.
                    next = max(next, row.pointee.start)
                    let count = row.pointee.storedEnd
                    if next < count {
                        let symbols = row.pointee.borrowedSymbols
                        while next < count {
                            let candidate = symbols[next]
                            next += 1
                            if enter(candidate) {
                                child = candidate
                                break
                            }
                        }
                    }
                }
                if child == noSymbol {
                    order.append(top.symbol)
                    stack.removeLast()
                } else {
                    stack[stack.count - 1].next = next
                    stack.append((child, 0))
                }
            }
        }
    }

    /// `row` with every basic user variable replaced by its definition, recursively: the result
    /// names only nonbasic user variables, nonbasic restricted symbols and dummies.
    mutating func expandDefinitions(_ row: Row) -> Row {
        var roots: [Symbol] = []
        for index in row.liveRange where isBasicExternal(row.storedSymbols[index]) { roots.append(row.storedSymbols[index]) }
        if roots.isEmpty { return row }
        // The order's walk marks with `stamp`; the sums then mark each symbol they touch with
        // `stamp` plus its place among them (`ExpansionSums`), no more than the symbols.
        let stamp = scratch.reserveStamps(kinds.count)
        var sums = scratch.sums
        scratch.sums = ExpansionSums()  // lent: appending must not copy it
        let result = withBorrowed { tableau, _ in Tableau.expand(row, roots: roots, in: tableau, stamp: stamp, sums: &sums) }
        scratch.useStamps(through: stamp &+ UInt32(truncatingIfNeeded: sums.touched.count))
        sums.clear()
        scratch.sums = sums
        return result
    }

    /// `expandDefinitions` over the borrowed tableau, the sums kept in `sums` (empty on entry).
    /// A function of its own, not a closure over local lists: the compiler checks exclusive
    /// access to a captured variable at run time, at every write.
    @inline(__always)
    static func expand(_ row: Row, roots: [Symbol], in tableau: BorrowedTableau, stamp: UInt32,
                       sums: inout ExpansionSums) -> Row {
        let order = Tableau.definitionOrder(from: roots, in: tableau, stamp: stamp)
        let visited = tableau.visited
        var constant = row.constant
        for index in row.liveRange {
            sums.add(row.storedSymbols[index], row.storedCoefficients[index], visited: visited, stamp: stamp)
        }
        for symbol in order {
            let mark = visited[Int(symbol)]
            guard mark > stamp else { continue }  // nothing refers to it
            let factor = sums.sums[Int(mark &- stamp &- 1)]
            if Tolerance.isCancellation(factor) { continue }
            let definition = tableau.row(tableau.slotOfBasic[Int(symbol)])
            constant += factor.x * definition.pointee.constant
            var index = definition.pointee.start
            let end = definition.pointee.storedEnd
            if index < end {
                let symbols = definition.pointee.borrowedSymbols, coefficients = definition.pointee.borrowedCoefficients
                repeat {
                    sums.add(symbols[index], factor.x * coefficients[index], visited: visited, stamp: stamp)
                    index &+= 1
                } while index < end
            }
        }
        sums.touched.sort()
        // Sized for every symbol touched (a few cancel): an expanded row that becomes a
        // definition keeps its block, and appending grew it by doubling (the right edge's
        // row over a chain spans the whole chain).
        var result = Row(constant: constant, capacity: sums.touched.count)
        for symbol in sums.touched where !tableau.isBasicExternal(symbol) {
            let value = sums.sums[Int(visited[Int(symbol)] &- stamp &- 1)]
            if Tolerance.isCancellation(value) { continue }
            result.append(symbol, value.x)
        }
        return result
    }

    /// The current value of a symbol: a user variable's from the values kept by
    /// `refreshValues`, brought up to date first when something changed.
    mutating func currentValue(of symbol: Symbol) -> Double {
        // A user variable's owner is the code of its kept value (below −1): one load says both.
        let owner = owners[Int(symbol)]
        if owner >= -1 {
            let slot = slotOfBasic[Int(symbol)]
            return slot.exists ? rows[slot.index].constant : 0
        }
        if !changes.valueSeeds.isEmpty { refreshValues() }
        return changes.values[keptValueIndex(ofOwner: owner)]
    }

    /// Whether the definition of `start` refers, directly or not, to any symbol in `targets`
    /// (other than `start` itself).
    ///
    /// Stops at the first target it meets and never walks on through one: a long definition
    /// behind a short one that names a target is not read (removing the links of a chain in
    /// insertion order asks this of a short definition that names the long one first).
    ///
    /// - Complexity: O(entries of the definitions walked before a target is met).
    mutating func definitionReaches(from start: Symbol, anyOf targets: [Symbol]) -> Bool {
        let stamp = scratch.nextStamp()
        return withBorrowed { tableau, _ in
            tableau.visited[Int(start)] = stamp
            var stack = [start]
            while let symbol = stack.popLast() {
                let slot = tableau.slotOfBasic[Int(symbol)]
                guard slot.exists else { continue }
                let row = tableau.row(slot)
                guard !row.pointee.isEmpty else { continue }
                let symbols = row.pointee.borrowedSymbols
                var reached = false
                // By runs: a removal asks this of rows that may hold gaps (Row+Gaps.swift).
                row.pointee.forEachRun { run in
                    for index in run where !reached {
                        let other = symbols[index]
                        guard tableau.isBasicExternal(other), tableau.visited[Int(other)] != stamp else { continue }
                        if targets.contains(other) { reached = true; return }
                        tableau.visited[Int(other)] = stamp
                        stack.append(other)
                    }
                }
                if reached { return true }
            }
            return false
        }
    }
}
