/// The face's simplex with rows of one free symbol taken as that symbol's bounds.
///
/// On a squeezed chain every view's minimum width is a row `slack = c − a·error` of one free
/// symbol, and the exact range of an edge halfway along is reached by moving thousands of
/// errors to such a bound. Taken as rows, each of those moves is a pivot through the long row
/// that holds every error (quadratic in the chain: `explain` of a middle edge of 10 000 views
/// took seconds). Taken as bounds, a symbol that reaches its bound is *complemented* (stored as
/// `bound − symbol`, so that every nonbasic symbol still sits at zero): the rows that hold it
/// change only their constant and its coefficient's sign, and no row is rewritten. This is the
/// bounded primal simplex; Bland's rule (lowest symbol first, on entering and on ties for
/// leaving) keeps it from cycling as it keeps the plain one.
///
/// Programs up to `boundsFromRows` rows keep the plain simplex: on the small faces of lessons
/// and tests the vertex it reaches (and so the constraints an explanation names at a tie) is
/// the one they were written against. A simplex that stops early (`exercise`) keeps it too,
/// on a program built without bounds (`boundsAsRows`).
extension FaceProgram {
    /// Programs with more rows than this keep rows of one free symbol as bounds.
    static let boundsFromRows = 64

    /// A row of one free symbol, taken out of the program as a bound.
    struct BoundRow {
        /// Its local basic symbol, and the free symbol: `basic = constant + coefficient × symbol`.
        var basic: Symbol
        var symbol: Symbol
        var constant: Double
        var coefficient: Double
    }

    /// The whole program as a plain tableau: `local` and the rows taken out as bounds, placed
    /// in the order of their basics as a program without bounds places them (for a simplex
    /// that stops early on a program built with bounds; `exercise` builds its own with
    /// `boundsAsRows`, whose vertex must stay the one it was).
    ///
    /// - Complexity: O(size of the program).
    func withBoundRows() -> Tableau {
        var program = Tableau()
        _ = program.newSymbols(.slack, count: local.kinds.count)
        var rows: [(basic: Symbol, row: Row)] = boundRows.map { bound in
            var row = Row(constant: bound.constant)
            row.add(bound.symbol, bound.coefficient)
            return (bound.basic, row)
        }
        for slot in local.rows.indices where local.basics[slot] != noSymbol {
            rows.append((local.basics[slot], local.rows[slot]))
        }
        rows.sort { $0.basic < $1.basic }
        program.placeRows(rows.map(\.row), basics: rows.map(\.basic))
        return program
    }

    /// The bounds the rows of one symbol set, and which symbols are stored complemented, while
    /// a simplex runs.
    struct BoundState {
        /// Per local free symbol: its upper bound (infinity when none), and the local basic of
        /// the row that sets it.
        var upper: [Double]
        var boundBasic: [Symbol]
        var takenOut: [BoundRow] = []
        /// Which free symbols are stored as `upper − symbol`.
        var complemented: [Bool]

        init(freeCount: Int, boundRows: [BoundRow]) {
            upper = [Double](repeating: .infinity, count: freeCount)
            boundBasic = [Symbol](repeating: noSymbol, count: freeCount)
            complemented = [Bool](repeating: false, count: freeCount)
            takenOut = boundRows
            for bound in boundRows {
                let basic = bound.basic
                // `c + a·x ≥ 0` with a > 0 only says x ≥ −c/a ≤ 0, which x ≥ 0 says already.
                guard Tolerance.isNegative(bound.coefficient) else { continue }
                let symbol = Int(bound.symbol), limit = bound.constant / -bound.coefficient
                if limit < upper[symbol] || (limit == upper[symbol] && basic < boundBasic[symbol]) {
                    upper[symbol] = limit
                    boundBasic[symbol] = basic
                }
            }
        }

        /// A local symbol's upper bound: infinity for the slacks of the rows.
        @inline(__always) func bound(_ symbol: Symbol) -> Double {
            Int(symbol) < upper.count ? upper[Int(symbol)] : .infinity
        }

        /// Stores `symbol` the other way round (`bound − symbol`), basic or not.
        mutating func complement(_ symbol: Symbol, in program: inout Tableau) {
            if program.isBasic(symbol) {
                program.complementBasic(symbol, bound: bound(symbol))
            } else {
                program.complementNonbasic(symbol, bound: bound(symbol))
            }
            complemented[Int(symbol)].toggle()
        }

        /// Stores each of `symbols` the other way round; the nonbasic ones in one pass over
        /// the program when they are many (the start of a dual simplex flips every symbol the
        /// objective pulls upwards: thousands on a long chain).
        mutating func complement(_ symbols: [Symbol], in program: inout Tableau) {
            guard symbols.count > 8 else {
                for symbol in symbols { complement(symbol, in: &program) }
                return
            }
            var bounds = [Double](repeating: .nan, count: program.kinds.count)
            var nonbasic: [Symbol] = []
            for symbol in symbols {
                if program.isBasic(symbol) {
                    program.complementBasic(symbol, bound: bound(symbol))
                } else {
                    bounds[Int(symbol)] = bound(symbol)
                    nonbasic.append(symbol)
                }
                complemented[Int(symbol)].toggle()
            }
            program.complementNonbasic(nonbasic, bounds: bounds)
        }
    }

    /// `maximize(weights)` with bounds: the dual simplex when every symbol the objective pulls
    /// upwards has a bound (one pass, its ratio test stepping over many bounds at once), else
    /// the primal one; nil when neither finished within its step budget, which their rules
    /// against cycling make a safety net only.
    func maximizeWithBounds(_ weights: [Symbol: Double]) -> Extreme? {
        let symbols = weights.keys.sorted()
        return solveWithBounds(symbols, symbols.map { weights[$0]! }).map { extreme(of: $0.program, $0.state, ray: $0.ray) }
    }

    /// The greatest value of `Σ weights[i] × symbols[i]` (symbols ascending) with bounds,
    /// `.some(nil)` when it grows without end, nil when neither simplex finished:
    /// `maximizeWithBounds` without the vertex's whole point, of which `range(of:)` reads only
    /// the weighted symbols.
    func maximumWithBounds(_ symbols: [Symbol], _ weights: [Double]) -> Double?? {
        guard let outcome = solveWithBounds(symbols, weights) else { return nil }
        if outcome.ray != nil { return .some(nil) }
        var sum = 0.0
        for (symbol, weight) in zip(symbols, weights) {
            let local = localSymbol(symbol)
            sum += weight * (local == noSymbol ? 0 : value(of: Int(local), in: outcome.program, outcome.state))
        }
        return sum
    }

    /// Where the simplexes stop: the program and bounds at the vertex, and the ray if the
    /// objective grows without end from it.
    private func solveWithBounds(_ symbols: [Symbol], _ weights: [Double]) -> (program: Tableau, state: BoundState, ray: [Symbol: Double]?)? {
        var program = local
        setObjective(of: &program, symbols: symbols, weights: weights)
        var state = startingBounds!
        switch dualSimplex(&program, &state) {
        case .optimal: return (program, state, nil)
        case .cannotStart: break
        case .gaveUp:
            // Only the steps taken are lost: start the primal one afresh.
            program = local
            setObjective(of: &program, symbols: symbols, weights: weights)
            state = startingBounds!
        }
        return primalSimplex(&program, &state).map { (program, state, $0) }
    }

    /// How a dual simplex ended.
    private enum DualOutcome {
        case optimal
        /// Some symbol the objective pulls upwards has no bound: the program was not touched.
        case cannotStart
        /// The budget ran out, or nothing could raise a row (rounding).
        case gaveUp
    }

    /// The dual simplex with a bound-flipping ratio test, from the vertex where every symbol
    /// sits at the bound its cost prefers (so every reduced cost is ≥ 0). Each step takes the
    /// lowest basic out of bounds and, walking the breakpoints of its row in order, flips to
    /// their other bound all the symbols it can before one enters: on a squeezed chain the
    /// range of a middle edge is one step, where the primal simplex pivots once per view.
    ///
    /// - Complexity: the program once to start (every symbol pulled upwards flipped in one
    ///   pass); per step, the rows' constants, the leaving row sorted, the flipped symbols'
    ///   columns (or one pass when they are many) and one pivot.
    private func dualSimplex(_ program: inout Tableau, _ state: inout BoundState) -> DualOutcome {
        var pulledUp: [Symbol] = []
        for symbol in 0..<freeCount where Tolerance.isNegative(program.objectives.levels[0].row.coefficient(of: Symbol(symbol))) {
            guard state.upper[symbol].isFinite else { return .cannotStart }
            pulledUp.append(Symbol(symbol))
        }
        state.complement(pulledUp, in: &program)
        var budget = 4 * (program.kinds.count + 10)
        while true {
            budget -= 1
            if budget < 0 { return .gaveUp }
            // The lowest basic out of its bounds (one above its bound is stored the other way
            // round, which puts it below zero).
            var leaving = noSymbol
            for slot in program.rows.indices {
                let basic = program.basics[slot]
                guard basic != noSymbol, basic < leaving || leaving == noSymbol else { continue }
                let constant = program.rows[slot].constant
                if Tolerance.isNegative(constant) || Tolerance.isPositive(constant - state.bound(basic)) { leaving = basic }
            }
            if leaving == noSymbol { return .optimal }
            if Tolerance.isPositive(program.row(of: leaving).constant - state.bound(leaving)) {
                state.complement(leaving, in: &program)
            }
            let row = program.row(of: leaving)
            // Breakpoints: symbols whose growth raises the row, by reduced cost per unit.
            var breakpoints: [(ratio: Double, symbol: Symbol, coefficient: Double)] = []
            for index in row.liveRange where Tolerance.isPositive(row.storedCoefficients[index]) {
                let symbol = row.storedSymbols[index], coefficient = row.storedCoefficients[index]
                let cost = max(0, program.objectives.levels[0].row.coefficient(of: symbol))
                breakpoints.append((cost / coefficient, symbol, coefficient))
            }
            breakpoints.sort { ($0.ratio, $0.symbol) < ($1.ratio, $1.symbol) }
            var shortfall = -row.constant
            var entering = noSymbol, flips: [Symbol] = []
            for point in breakpoints {
                let rise = point.coefficient * state.bound(point.symbol)
                if rise < shortfall - Tolerance.zero {
                    shortfall -= rise
                    flips.append(point.symbol)
                } else {
                    entering = point.symbol
                    break
                }
            }
            // Nothing can raise the row: the face would be empty (rounding); the primal decides.
            guard entering != noSymbol else { return .gaveUp }
            state.complement(flips, in: &program)
            program.pivot(entering: entering, leaving: leaving)
        }
    }

    /// The bounded primal simplex (Bland's rule); the ray when the objective grows without
    /// end, `.some(nil)` at an optimum, nil when the budget ran out.
    private func primalSimplex(_ program: inout Tableau, _ state: inout BoundState) -> [Symbol: Double]?? {
        var budget = 50 * (program.kinds.count + 10)
        while true {
            budget -= 1
            if budget < 0 { return nil }
            let entering = program.lexicographicEnteringSymbol()
            if entering == noSymbol { return .some(nil) }
            // The ratio test: the first row whose basic reaches zero, or its bound, as
            // `entering` grows (lowest basic on a tie), against `entering`'s own bound.
            program.compactColumn(entering)
            var leaving = noSymbol, best = Double.infinity, leavesAtBound = false
            for slot in program.columns.slots(of: entering) {
                let basic = program.basics[slot.index]
                guard basic != noSymbol else { continue }
                let row = program.rows[slot.index]
                let coefficient = row.coefficient(of: entering)
                let ratio: Double, atBound: Bool
                if Tolerance.isNegative(coefficient) {
                    (ratio, atBound) = (-row.constant / coefficient, false)
                } else if Tolerance.isPositive(coefficient), state.bound(basic).isFinite {
                    (ratio, atBound) = ((state.bound(basic) - row.constant) / coefficient, true)
                } else {
                    continue
                }
                if ratio < best - Tolerance.zero || (ratio < best + Tolerance.zero && basic < leaving) {
                    best = min(best, ratio)
                    leaving = basic
                    leavesAtBound = atBound
                }
            }
            let own = state.bound(entering)
            if leaving == noSymbol && !own.isFinite {
                return .some(rayDirection(of: entering, in: program, complemented: state.complemented, takenOut: state.takenOut))
            }
            if own < best - Tolerance.zero {
                state.complement(entering, in: &program)
                continue
            }
            // Stored the other way round, a basic that reaches its bound leaves at zero.
            if leavesAtBound { state.complement(leaving, in: &program) }
            program.pivot(entering: entering, leaving: leaving)
        }
    }

    /// The extreme a finished simplex reached: every symbol's value (complemented ones turned
    /// back, the rows taken out worked out from their symbol), and what holds the objective.
    private func extreme(of program: Tableau, _ state: BoundState, ray: [Symbol: Double]?) -> Extreme {
        func value(_ symbol: Int) -> Double { self.value(of: symbol, in: program, state) }
        var extreme = Extreme(ray: ray)
        for symbol in 0..<mainSymbol.count {
            let value = value(symbol)
            if value != 0 { extreme.point[mainSymbol[symbol]] = value }
        }
        for row in state.takenOut {
            let value = row.constant + row.coefficient * value(Int(row.symbol))
            extreme.point[mainSymbol[Int(row.basic)]] = Tolerance.isZero(value) ? nil : value
        }
        if ray == nil {
            for symbol in 0..<mainSymbol.count where !program.slotOfBasic[symbol].exists
                && !Tolerance.isZero(program.objectives.levels[0].row.coefficient(of: Symbol(symbol))) {
                // A symbol held at its bound is held by the row that sets the bound.
                let held = symbol < freeCount && state.complemented[symbol] ? state.boundBasic[symbol] : Symbol(symbol)
                extreme.binding.append(mainSymbol[Int(held)])
            }
        }
        return extreme
    }

    /// The value of a local symbol at the vertex a simplex stopped at (a complemented one
    /// turned back).
    private func value(of symbol: Int, in program: Tableau, _ state: BoundState) -> Double {
        let slot = program.slotOfBasic[symbol]
        let stored = slot.exists ? program.rows[slot.index].constant : 0
        return symbol < freeCount && state.complemented[symbol] ? state.upper[symbol] - stored : stored
    }

    /// How every symbol moves per unit of `entering` along the ray it opens (`entering` has no
    /// bound, so it is not complemented): the basics of its column, and the rows taken out.
    private func rayDirection(of entering: Symbol, in program: Tableau, complemented: [Bool],
                              takenOut: [BoundRow]) -> [Symbol: Double] {
        var local: [Symbol: Double] = [entering: 1]
        for slot in program.columns.slots(of: entering) {
            let basic = program.basics[slot.index]
            guard basic != noSymbol else { continue }
            let coefficient = program.rows[slot.index].coefficient(of: entering)
            guard coefficient != 0 else { continue }
            let stored = Int(basic) < freeCount && complemented[Int(basic)]
            local[basic] = stored ? -coefficient : coefficient
        }
        for row in takenOut {
            if let change = local[row.symbol], change != 0 { local[row.basic] = row.coefficient * change }
        }
        var direction: [Symbol: Double] = [:]
        for (symbol, change) in local { direction[mainSymbol[Int(symbol)]] = change }
        return direction
    }
}

extension Tableau {
    /// Stores nonbasic `symbol` as `bound − symbol`: every row and the objective that hold it
    /// take `coefficient × bound` into their constant and change the coefficient's sign.
    ///
    /// - Complexity: O(the symbol's column), each entry a search in its row.
    mutating func complementNonbasic(_ symbol: Symbol, bound: Double) {
        compactColumn(symbol)
        for slot in columns.slots(of: symbol) {
            guard basics[slot.index] != noSymbol else { continue }
            let coefficient = rows[slot.index].coefficient(of: symbol)
            guard coefficient != 0 else { continue }
            rows[slot.index].constant += coefficient * bound
            rows[slot.index].add(symbol, -2 * coefficient)
        }
        for level in objectives.levels.indices {
            let cost = objectives.levels[level].row.coefficient(of: symbol)
            guard cost != 0 else { continue }
            objectives.levels[level].row.constant += cost * bound
            objectives.levels[level].row.add(symbol, -2 * cost)
        }
        noteObjectiveChange(CollectionOfOne(symbol))
    }

    /// `complementNonbasic` for many symbols at once: `bounds` holds each one's bound by
    /// symbol, NaN for every other symbol.
    ///
    /// - Complexity: O(entries of every row and objective), however many symbols.
    mutating func complementNonbasic(_ symbols: [Symbol], bounds: [Double]) {
        bounds.withUnsafeBufferPointer { bounds in
            for slot in rows.indices where basics[slot] != noSymbol {
                rows[slot].complement(bounds)
            }
        }
        for level in objectives.levels.indices {
            for symbol in symbols {
                let cost = objectives.levels[level].row.coefficient(of: symbol)
                guard cost != 0 else { continue }
                objectives.levels[level].row.constant += cost * bounds[Int(symbol)]
                objectives.levels[level].row.add(symbol, -2 * cost)
            }
        }
        noteObjectiveChange(symbols)
    }

    /// Stores basic `symbol` as `bound − symbol`: its row, negated, from `bound`.
    mutating func complementBasic(_ symbol: Symbol, bound: Double) {
        let slot = slotOfBasic[Int(symbol)]
        rows[slot.index].negate()
        rows[slot.index].constant += bound
    }
}
