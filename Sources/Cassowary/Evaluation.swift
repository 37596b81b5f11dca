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
        let seeds = valueSeeds.takeAll()
        for symbol in staleDefinitions(from: seeds) {
            let slot = slotOfBasic[Int(symbol)]
            var value = 0.0
            if slot >= 0 {
                let row = rows[Int(slot)]
                value = row.constant
                for index in row.symbols.indices {
                    let other = row.symbols[index]
                    let otherSlot = slotOfBasic[Int(other)]
                    guard otherSlot >= 0 else { continue }
                    let otherValue = kinds[Int(other)] == .external ? cachedValue[Int(other)] : rows[Int(otherSlot)].constant
                    value += row.coefficients[index] * otherValue
                }
            }
            if value != cachedValue[Int(symbol)] {
                cachedValue[Int(symbol)] = value
                changedExternals.insert(symbol)
            }
        }
    }

    /// The user variables whose value (or dependence on free symbols) may differ because of a
    /// change at `seeds`: the seeds that are user variables and every definition that refers,
    /// directly or not, to a seed. Ordered so that each comes after the definitions it refers to.
    mutating func staleDefinitions(from seeds: [Symbol]) -> [Symbol] {
        // The closure, downstream through the column index. Columns are cleaned lazily, so an
        // entry is followed only when its row still holds the symbol.
        let staleStamp = nextStamp(leavingRoomFor: 1)
        var stale: [Symbol] = []
        var work = seeds
        for seed in seeds where kinds[Int(seed)] == .external && visited[Int(seed)] != staleStamp {
            visited[Int(seed)] = staleStamp
            stale.append(seed)
        }
        while let symbol = work.popLast() {
            for slot in columns[Int(symbol)] {
                let basic = basics[Int(slot)]
                guard basic != noSymbol, kinds[Int(basic)] == .external, visited[Int(basic)] != staleStamp,
                      rows[Int(slot)].contains(symbol) else { continue }
                visited[Int(basic)] = staleStamp
                stale.append(basic)
                work.append(basic)
            }
        }
        if stale.count < 2 { return stale }

        // References before referrers: a depth-first walk that follows only stale references.
        // A second stamp marks the ones already placed.
        let placed = nextStamp()
        var order: [Symbol] = []
        order.reserveCapacity(stale.count)
        var stack: [(symbol: Symbol, next: Int)] = []
        for root in stale where visited[Int(root)] == staleStamp {
            visited[Int(root)] = placed
            stack.append((root, 0))
            while let top = stack.last {
                let slot = slotOfBasic[Int(top.symbol)]
                var next = top.next
                var child = noSymbol
                if slot >= 0 {
                    let row = rows[Int(slot)]
                    while next < row.symbols.count {
                        let candidate = row.symbols[next]
                        next += 1
                        if visited[Int(candidate)] == staleStamp && kinds[Int(candidate)] == .external {
                            child = candidate
                            break
                        }
                    }
                }
                if child == noSymbol {
                    order.append(top.symbol)
                    stack.removeLast()
                } else {
                    stack[stack.count - 1].next = next
                    visited[Int(child)] = placed
                    stack.append((child, 0))
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
