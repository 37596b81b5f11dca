/// Keeping the values of user variables current incrementally.
///
/// Every change to the tableau records the symbols it touched (a row that changed, a symbol that
/// entered or left the basis). A user variable's value can only change when its own definition
/// changed or when something its definition refers to changed, so the values to recompute are
/// those downstream of the touched symbols through the definitions — found with the column index
/// (which rows name a symbol) — and nothing else. Adding a view at the end of a chain then costs
/// a few evaluations, not one per view, and a report can ask which values changed instead of
/// comparing them all.
extension Tableau {
    /// Recomputes the values downstream of the symbols touched since the last call, noting the
    /// user variables whose value changed in `changedExternals`.
    mutating func refreshValues() {
        // `Solver.value(of:)` reads values without packing rows first (a test per variable per
        // frame was 1–2% of a drag): the rows are packed here, where they are read.
        if !gappedSlots.isEmpty { settleGaps() }
        let order = staleDefinitions(from: changes.valueSeeds.takeAll())
        // Borrowed: a drag re-evaluates hundreds of definitions per step.
        var written: [Symbol] = []
        let track = changes.tracksUncheckedValues
        withBorrowed { tableau, changed in
            let values = tableau.values
            for symbol in order {
                let slot = tableau.slotOfBasic[Int(symbol)]
                var value = 0.0
                if slot.exists {
                    let row = tableau.row(slot)
                    value = row.pointee.constant
                    // A plain counting loop: iterating `liveRange` checked the index twice per entry.
                    var index = row.pointee.start
                    let end = row.pointee.storedEnd
                    if index < end {
                        let symbols = row.pointee.borrowedSymbols, coefficients = row.pointee.borrowedCoefficients
                        repeat {
                            let other = Int(symbols[index])
                            let otherSlot = tableau.slotOfBasic[other]
                            if otherSlot.exists {
                                // A user variable's owner is the code of its kept value (below −1).
                                let owner = tableau.owners[other]
                                let otherValue = owner < -1 ? values[keptValueIndex(ofOwner: owner)] : tableau.row(otherSlot).pointee.constant
                                value += coefficients[index] * otherValue
                            }
                            index &+= 1
                        } while index < end
                    }
                }
                let index = keptValueIndex(ofOwner: tableau.owners[Int(symbol)])
                if value != values[index] {
                    values[index] = value
                    changed.insert(symbol)
                    if track { written.append(symbol) }
                }
            }
        }
        for symbol in written { changes.uncheckedValues.insert(symbol) }
    }

    /// The user variables whose value (or dependence on free symbols) may differ because of a
    /// change at `seeds`: the seeds that are user variables and every definition that refers,
    /// directly or not, to a seed. Ordered so that each comes after the definitions it refers to.
    /// `searchFactor` is `stalePostorder`'s (tests vary it to compare the two ways of walking).
    mutating func staleDefinitions(from seeds: [Symbol], searchFactor: Int = stalePostorderSearchFactor) -> [Symbol] {
        let staleStamp = scratch.nextStamp(leavingRoomFor: 1)
        let placed = scratch.nextStamp()
        return withBorrowed { tableau, _ in
            let visited = tableau.visited, kinds = tableau.kinds, basics = tableau.basics, rows = tableau.rows
            var stale: [Symbol] = []
            // The closure, downstream through the column index. Columns are cleaned lazily, so
            // an entry is followed only when its row still holds the symbol.
            var work = seeds
            for seed in seeds where kinds[Int(seed)] == .external && visited[Int(seed)] != staleStamp {
                visited[Int(seed)] = staleStamp
                stale.append(seed)
            }
            while let symbol = work.popLast() {
                let column = tableau.column(symbol)
                for position in 0..<column.count {
                    let slot = column[position].index
                    let basic = basics[slot]
                    guard basic != noSymbol, kinds[Int(basic)] == .external, visited[Int(basic)] != staleStamp,
                          rows[slot].contains(symbol) else { continue }
                    visited[Int(basic)] = staleStamp
                    stale.append(basic)
                    work.append(basic)
                }
            }
            if stale.count < 2 { return stale }

            // References before referrers: a depth-first walk that follows only stale
            // references; `placed` marks the ones already on the walk.
            var order: [Symbol] = []
            order.reserveCapacity(stale.count)
            // The plain walk unless a stale definition is long enough for the lookups; a row
            // names each symbol at most once, so a stale set too large for any row to qualify (a
            // drag step's hundreds of definitions) is not even looked through.
            let (searchLength, overflow) = stale.count.multipliedReportingOverflow(by: searchFactor)
            let lookUp = !overflow && searchLength <= kinds.count && stale.contains { symbol in
                let slot = tableau.slotOfBasic[Int(symbol)]
                return slot.exists && rows[slot.index].count >= searchLength
            }
            if !lookUp {
                Tableau.postorder(from: stale, rows: rows, slotOfBasic: tableau.slotOfBasic, into: &order) { symbol in
                    guard visited[Int(symbol)] == staleStamp, kinds[Int(symbol)] == .external else { return false }
                    visited[Int(symbol)] = placed
                    return true
                }
            } else {
                Tableau.stalePostorder(from: stale, in: tableau, staleStamp: staleStamp, placed: placed,
                                       searchLength: searchLength, into: &order)
            }
            return order
        }
    }

    /// The order of `staleDefinitions`: `postorder` from `stale`, entering the stale user
    /// variables not placed yet, except that a definition of at least `searchLength` entries is
    /// not scanned entry by entry for the stale variables it names: each stale variable is
    /// looked up in it instead, in ascending order. Rows are sorted, so that finds the same
    /// references in the same order, and the order is the same to the last symbol. A chain's
    /// long definition is stale after about every second removal from it, and names a few
    /// stale variables among tens of thousands of entries: the scan read all of them.
    ///
    /// - Complexity: per definition walked, O(min(its entries, stale × log(its entries))), plus
    ///   sorting the stale set once when a long definition is met.
    static func stalePostorder(from stale: [Symbol], in tableau: BorrowedTableau, staleStamp: UInt32, placed: UInt32,
                               searchLength: Int, into order: inout [Symbol]) {
        let visited = tableau.visited, kinds = tableau.kinds
        // Sorted when first needed: most refreshes (a drag step's) meet no long definition.
        var sorted: [Symbol] = []
        // `cursor` is the next index of `sorted` to look up, or −1 while the row is scanned.
        var stack: [(symbol: Symbol, next: Int, cursor: Int)] = []
        for root in stale where visited[Int(root)] == staleStamp {
            visited[Int(root)] = placed
            stack.append((root, 0, -1))
            while let top = stack.last {
                let slot = tableau.slotOfBasic[Int(top.symbol)]
                var next = top.next, cursor = top.cursor
                var child = noSymbol
                if slot.exists {
                    let row = tableau.row(slot)
                    // `next` is a storage index of the row; its live entries begin at `start`.
                    next = max(next, row.pointee.start)
                    let end = row.pointee.storedEnd
                    if next < end {
                        let symbols = row.pointee.borrowedSymbols
                        if cursor < 0 && next == row.pointee.start && end - next >= searchLength {
                            if sorted.isEmpty { sorted = stale.sorted() }
                            cursor = 0
                        }
                        if cursor >= 0 {
                            while cursor < sorted.count {
                                let candidate = sorted[cursor]
                                cursor += 1
                                guard visited[Int(candidate)] == staleStamp else { continue }
                                var upper = end
                                while next < upper {
                                    let mid = (next &+ upper) >> 1
                                    if symbols[mid] < candidate { next = mid &+ 1 } else { upper = mid }
                                }
                                if next == end { cursor = sorted.count; break }
                                if symbols[next] == candidate {
                                    next += 1
                                    visited[Int(candidate)] = placed
                                    child = candidate
                                    break
                                }
                            }
                        } else {
                            while next < end {
                                let candidate = symbols[next]
                                next += 1
                                if visited[Int(candidate)] == staleStamp && kinds[Int(candidate)] == .external {
                                    visited[Int(candidate)] = placed
                                    child = candidate
                                    break
                                }
                            }
                        }
                    }
                }
                if child == noSymbol {
                    order.append(top.symbol)
                    stack.removeLast()
                } else {
                    stack[stack.count - 1].next = next
                    stack[stack.count - 1].cursor = cursor
                    stack.append((child, 0, -1))
                }
            }
        }
    }
}

/// How many times longer than the stale set a definition must be for `stalePostorder` to look
/// the stale variables up in it rather than scan it: a lookup is a binary search (about 15
/// probes in a row of 30 000, each a likely cache miss), a scan one compare per entry.
let stalePostorderSearchFactor = 64
