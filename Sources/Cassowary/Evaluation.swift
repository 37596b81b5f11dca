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
        let order = staleDefinitions(from: valueSeeds.takeAll())
        var values: [Double] = []
        swap(&values, &cachedValue)
        defer { swap(&values, &cachedValue) }
        // Borrowed buffers: a drag re-evaluates hundreds of definitions per step, and copying
        // each row out of the array (retaining its storage) cost more than the arithmetic.
        rows.withUnsafeBufferPointer { rows in
        slotOfBasic.withUnsafeBufferPointer { slotOfBasic in
        kinds.withUnsafeBufferPointer { kinds in
        values.withUnsafeMutableBufferPointer { values in
            for symbol in order {
                let slot = slotOfBasic[Int(symbol)]
                var value = 0.0
                if slot >= 0 {
                    let row = rows.baseAddress! + Int(slot)
                    value = row.pointee.constant
                    let count = row.pointee.symbols.count
                    for index in 0..<count {
                        let other = Int(row.pointee.symbols[index])
                        let otherSlot = slotOfBasic[other]
                        guard otherSlot >= 0 else { continue }
                        let otherValue = kinds[other] == .external ? values[other] : rows[Int(otherSlot)].constant
                        value += row.pointee.coefficients[index] * otherValue
                    }
                }
                if value != values[Int(symbol)] {
                    values[Int(symbol)] = value
                    changedExternals.insert(symbol)
                }
            }
        }
        }
        }
        }
    }

    /// The user variables whose value (or dependence on free symbols) may differ because of a
    /// change at `seeds`: the seeds that are user variables and every definition that refers,
    /// directly or not, to a seed. Ordered so that each comes after the definitions it refers to.
    mutating func staleDefinitions(from seeds: [Symbol]) -> [Symbol] {
        let staleStamp = nextStamp(leavingRoomFor: 1)
        let placed = nextStamp()
        var marks: [UInt32] = []
        swap(&marks, &visited)
        defer { swap(&marks, &visited) }
        var stale: [Symbol] = []
        var order: [Symbol] = []
        rows.withUnsafeBufferPointer { rows in
        columns.withUnsafeBufferPointer { columns in
        basics.withUnsafeBufferPointer { basics in
        slotOfBasic.withUnsafeBufferPointer { slotOfBasic in
        kinds.withUnsafeBufferPointer { kinds in
        marks.withUnsafeMutableBufferPointer { visited in
            // The closure, downstream through the column index. Columns are cleaned lazily, so
            // an entry is followed only when its row still holds the symbol.
            var work = seeds
            for seed in seeds where kinds[Int(seed)] == .external && visited[Int(seed)] != staleStamp {
                visited[Int(seed)] = staleStamp
                stale.append(seed)
            }
            while let symbol = work.popLast() {
                let column = columns.baseAddress! + Int(symbol)
                for position in 0..<column.pointee.count {
                    let slot = Int(column.pointee[position])
                    let basic = basics[slot]
                    guard basic != noSymbol, kinds[Int(basic)] == .external, visited[Int(basic)] != staleStamp,
                          rows[slot].contains(symbol) else { continue }
                    visited[Int(basic)] = staleStamp
                    stale.append(basic)
                    work.append(basic)
                }
            }
            if stale.count < 2 {
                order = stale
                return
            }

            // References before referrers: a depth-first walk that follows only stale
            // references; `placed` marks the ones already on the walk.
            order.reserveCapacity(stale.count)
            Tableau.postorder(from: stale, rows: rows, slotOfBasic: slotOfBasic, into: &order) { symbol in
                guard visited[Int(symbol)] == staleStamp, kinds[Int(symbol)] == .external else { return false }
                visited[Int(symbol)] = placed
                return true
            }
        }
        }
        }
        }
        }
        }
        return order
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
        if index >= marked.count {
            marked.append(contentsOf: repeatElement(false, count: max(index + 1, 2 * marked.count) - marked.count))
        }
        if marked[index] { return }
        marked[index] = true
        symbols.append(symbol)
    }

    mutating func takeAll() -> [Symbol] {
        for symbol in symbols { marked[Int(symbol)] = false }
        defer { symbols = [] }
        return symbols
    }
}
