/// Which values move on a large part of the optimal face, for all of them in one pass.
///
/// A report (and `ambiguous`, for every view) asks of each ambiguous value whether the part of
/// the face it moves on is larger than a limit (`Solver.ambiguityDetail(faceLimit:)`). Asked
/// one value at a time, that expands the value's definition: on a squeezed chain every edge
/// depends on the whole chain, so a report cost O(N) per view it explains and `ambiguous`
/// O(N²). Here the face's components are found once (free symbols joined by the restricted
/// rows that hold them, as `FaceProgram.reach` walks them), each free symbol of a component
/// larger than the limit takes a pseudo-random step, and the steps are carried through every
/// definition once, as exact ambiguity carries its sampled directions: a value that moves along
/// them depends on a free symbol of a large component, so the part of the face it moves on is
/// larger than the limit. A value that does not move along them is decided as before.
struct LargeFaceMoves {
    /// The limit the components were measured against.
    let limit: Int
    /// Per symbol: whether it moves with a free symbol of a large component and with no user
    /// variable that nothing restricts. Only the answer is kept: the two steps it was decided
    /// from (32 bytes a symbol) are the pass's own, and the memo holds this until the tableau
    /// changes.
    private(set) var onLargeFace: [Bool]

    /// Whether `symbol` moves with a free symbol of a large component, and with no user
    /// variable that nothing restricts.
    func movesOnLargeFace(_ symbol: Symbol) -> Bool {
        let index = Int(symbol)
        return index < onLargeFace.count && onLargeFace[index]
    }
}

extension Tableau {
    /// See `LargeFaceMoves`.
    ///
    /// - Complexity: O(the restricted rows, the definitions and the symbols), once per state of
    ///   the tableau (the caller keeps it).
    mutating func largeFaceMoves(limit: Int) -> LargeFaceMoves {
        refreshAmbiguity()
        let isFree = ambiguity!.isFree
        let count = kinds.count
        // Components: union-find over the free symbols, joined through each restricted row.
        var parent = [Int32](repeating: -1, count: count)
        func root(_ symbol: Int) -> Int {
            var current = symbol
            while parent[current] >= 0 {
                let up = Int(parent[current])
                if parent[up] >= 0 { parent[current] = parent[up] }
                current = up
            }
            return current
        }
        var rowRepresentatives: [Int] = []
        var inRow = [Bool](repeating: false, count: count)
        for slot in rows.indices {
            let basic = basics[slot]
            guard basic != noSymbol, kinds[Int(basic)].isRestricted else { continue }
            var first = -1
            for index in rows[slot].liveRange {
                let symbol = Int(rows[slot].storedSymbols[index])
                guard isFree[symbol] else { continue }
                inRow[symbol] = true
                if first < 0 {
                    first = symbol
                } else {
                    let a = root(first), b = root(symbol)
                    if a != b { parent[b] = Int32(a) }
                }
            }
            if first >= 0 { rowRepresentatives.append(first) }
        }
        var rowCount = [Int32](repeating: 0, count: count), freeCount = [Int32](repeating: 0, count: count)
        for symbol in rowRepresentatives { rowCount[root(symbol)] += 1 }
        for symbol in 0..<count where inRow[symbol] { freeCount[root(symbol)] += 1 }
        // As `FaceProgram.reach` decides: more rows than the limit, or a row and more free symbols.
        func isLarge(_ component: Int) -> Bool {
            rowCount[component] > limit || (rowCount[component] > 0 && freeCount[component] > limit)
        }

        // Per symbol, its change along the steps of the large components' free symbols (`x`) and
        // the size of the terms that went into it (`y`, what tells a move from rounding); `free`
        // the same along steps of the nonbasic user variables alone (a value that moves with one
        // of them is explained in full: see `Solver.Dependence.freeVariables`).
        var moves = (move: [SIMD2<Double>](repeating: .zero, count: count),
                     free: [SIMD2<Double>](repeating: .zero, count: count))
        for symbol in 0..<count where !slotOfBasic[symbol].exists {
            if kinds[symbol] == .external {
                let step = DirectionCone.sample(Symbol(symbol), round: 0)
                moves.free[symbol] = SIMD2(step, step)
            } else if inRow[symbol], isLarge(root(symbol)) {
                let step = DirectionCone.sample(Symbol(symbol), round: 0)
                moves.move[symbol] = SIMD2(step, step)
            }
        }
        var externals: [Symbol] = []
        for symbol in 0..<count where kinds[symbol] == .external && slotOfBasic[symbol].exists { externals.append(Symbol(symbol)) }
        // Each definition after every definition it refers to.
        for symbol in definitionOrder(from: externals).reversed() {
            let row = rows[slotOfBasic[Int(symbol)].index]
            var move = SIMD2<Double>.zero, free = SIMD2<Double>.zero
            for index in row.liveRange {
                let other = Int(row.storedSymbols[index]), coefficient = row.storedCoefficients[index]
                move += SIMD2(coefficient * moves.move[other].x, abs(coefficient) * moves.move[other].y)
                free += SIMD2(coefficient * moves.free[other].x, abs(coefficient) * moves.free[other].y)
            }
            moves.move[Int(symbol)] = move
            moves.free[Int(symbol)] = free
        }
        var onLargeFace = [Bool](repeating: false, count: count)
        for symbol in 0..<count where kinds[symbol] == .external {
            let move = moves.move[symbol], free = moves.free[symbol]
            onLargeFace[symbol] = Tolerance.isNoMove(free.x, size: free.y) && !Tolerance.isNoMove(move.x, size: move.y)
        }
        return LargeFaceMoves(limit: limit, onLargeFace: onLargeFace)
    }
}
