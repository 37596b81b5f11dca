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
                                let otherValue = tableau.kinds[other] == .external ? values[other] : tableau.row(otherSlot).pointee.constant
                                value += coefficients[index] * otherValue
                            }
                            index &+= 1
                        } while index < end
                    }
                }
                if value != values[Int(symbol)] {
                    values[Int(symbol)] = value
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
    mutating func staleDefinitions(from seeds: [Symbol]) -> [Symbol] {
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
                for position in 0..<column.pointee.count {
                    let slot = column.pointee[position].index
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
            Tableau.postorder(from: stale, rows: rows, slotOfBasic: tableau.slotOfBasic, into: &order) { symbol in
                guard visited[Int(symbol)] == staleStamp, kinds[Int(symbol)] == .external else { return false }
                visited[Int(symbol)] = placed
                return true
            }
            return order
        }
    }
}
