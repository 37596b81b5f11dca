/// A binary min-heap of symbols, duplicates allowed.
///
/// Phase one follows Bland's rule: the lowest-id symbol with a negative coefficient in the
/// phase-one objective enters. Scanning that row from its start found it in O(position) per
/// pivot, which on a long squeezed chain (every pivot lower the row's first negative entry a
/// little further) made phase one quadratic. A symbol's coefficient changes only when a row
/// holding it is merged into the objective, so the heap keeps every symbol that may be negative,
/// and symbols found not to be are dropped from its top.
struct SymbolHeap {
    /// In heap order (each parent at most its children).
    private(set) var items: [Symbol] = []

    /// A sorted array is already a valid heap.
    init(sorted symbols: [Symbol] = []) { items = symbols }

    var min: Symbol? { items.first }

    /// Empties the heap, keeping a small room: a heap cleared at every optimum and filled again
    /// by the next pivots allocated its array anew each time (30 000 times for a 10 000-view
    /// chain). A large one is given back: kept whole, the peak of `--final` over 10 000 views
    /// was about 0.5 MB higher.
    mutating func removeAll() { items.removeAll(keepingCapacity: items.capacity <= 256) }

    mutating func push(_ symbols: some Collection<Symbol>) {
        for symbol in symbols { push(symbol) }
    }

    mutating func push(_ symbol: Symbol) {
        var child = items.count
        items.append(symbol)
        while child > 0 {
            let parent = (child - 1) / 2
            if items[parent] <= symbol { break }
            items[child] = items[parent]
            child = parent
        }
        items[child] = symbol
    }

    mutating func popMin() {
        let last = items.removeLast()
        if items.isEmpty { return }
        var parent = 0
        while true {
            var child = 2 * parent + 1
            if child >= items.count { break }
            if child + 1 < items.count && items[child + 1] < items[child] { child += 1 }
            if last <= items[child] { break }
            items[parent] = items[child]
            parent = child
        }
        items[parent] = last
    }
}
