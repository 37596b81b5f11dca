/// Why a variable is ambiguous, read off the optimal face: the direction it moves in, how far,
/// and which constraints are involved. Answered on demand only; nothing here runs while the
/// solver takes constraints in, so the incremental paths keep their cost.
public struct AmbiguityDetail: Sendable {
    /// A variable's change along a direction of the optimal face.
    public struct Move: Hashable, Sendable {
        public var variable: Variable
        public var change: Double
    }

    /// User variables that nothing restricts which the variable depends on: each moves freely
    /// both ways, and so does the variable (its range is then unbounded both ways).
    public var freeVariables: [Variable] = []
    /// The least and greatest value over the optimal face; nil where unbounded.
    public var low: Double?
    public var high: Double?
    /// The constraints whose bounds hold the value at its least and greatest (the dual
    /// certificate of each end: the symbols tight there with a nonzero reduced cost), by id.
    public var lowBounds: [ConstraintID] = []
    public var highBounds: [ConstraintID] = []
    /// A direction of the face along which the variable moves (from its least towards its
    /// greatest value, or along a free variable): every user variable that moves, itself included.
    public var direction: [Move] = []
    /// Optional constraints whose errors change along that direction: errors of equal strength
    /// trading off against each other, the total at each strength staying optimal.
    public var tradingConstraints: [ConstraintID] = []
    /// Inequalities whose slack changes along that direction and whose errors do not: they only
    /// bound the movement.
    public var slackConstraints: [ConstraintID] = []
    /// Set when the caller's `faceLimit` left the detail unexplored: the part of the optimal
    /// face the variable moves on holds more rows (or free symbols) than the limit, so the
    /// range, its bounds and the constraints above are empty rather than worked out.
    public var exceedsFaceLimit = false

    /// The detail of a value on a face larger than the caller's limit: only that.
    static var largeFace: AmbiguityDetail {
        var detail = AmbiguityDetail()
        detail.exceedsFaceLimit = true
        return detail
    }
}

/// What the solver has worked out on the optimal face since the tableau last changed: the
/// ambiguity details asked for, and the face programs built for them (one per set of
/// components, shared by every detail whose seeds it covers), so a report explaining a
/// screenful of views on one long chain builds one program, not one per view.
struct FaceMemo {
    private var generation: UInt64 = .max
    /// A detail as worked out, with the step of the nonbasic symbols its direction follows
    /// (the direction itself is worked out from it only when asked for).
    struct Entry {
        /// nil when the variable is not ambiguous.
        var detail: AmbiguityDetail?
        var step: [Symbol: Double] = [:]
        var hasDirection = false
    }

    /// By variable id.
    var details: [Int: Entry] = [:]
    /// What a limit decided, by id: whether the value moves on a face larger than the limit
    /// (its detail is then `AmbiguityDetail.largeFace`), or the full detail is to be worked
    /// out. Only the answer: `ambiguous` asks it of every value of a big layout.
    var limited: [Int: (limit: Int, isLarge: Bool)] = [:]
    /// Which values move on a large part of the face (LargeFaces.swift), made once more values
    /// were found to depend on one than a report explains (`ambiguous` asks it of every view):
    /// the rest are then decided in O(1). A report's dozen long expansions cost less than the
    /// pass over the whole tableau.
    var largeMoves: LargeFaceMoves?
    /// Values found on a large face by expanding their definitions, since the tableau changed.
    var longExpansions = 0
    static let longExpansionsBeforeOnePass = 64
    private var programs: [FaceProgram] = []

    /// Forgets everything when the tableau changed since it was worked out.
    mutating func invalidate(unless current: UInt64) {
        guard current != generation else { return }
        generation = current
        details = [:]
        limited = [:]
        largeMoves = nil
        longExpansions = 0
        programs = []
    }

    /// A program over the part of the face `seeds` reach: a kept one that covers them, or a new one.
    mutating func program(covering seeds: [Symbol], in tableau: inout Tableau) -> FaceProgram {
        if let kept = programs.first(where: { $0.covers(seeds, in: &tableau) }) { return kept }
        let program = FaceProgram(&tableau, seeds: seeds)
        programs.append(program)
        return program
    }
}

extension Solver {
    /// Why `variable` is ambiguous (see `AmbiguityDetail`), or nil when it is not.
    ///
    /// The range is the exact minimum and maximum of the variable over the optimal face, each
    /// found by the simplex on the part of the face the variable's definition reaches.
    ///
    /// Answers are kept until the tableau next changes (`FaceMemo`): a report after a line
    /// that changed nothing (a typo, `frames`, `explain`) asks again for the same views.
    ///
    /// `withDirection: false` leaves `direction` empty: working it out walks every definition
    /// downstream of the face's moving symbols (O(N) on a chain), and a report does not show it.
    ///
    /// `faceLimit` bounds the cost for a report: when the part of the face the variable moves on
    /// holds more than that many rows or free symbols (a squeezed chain of thousands of views is
    /// one such face), the detail says only that (`exceedsFaceLimit`), at a cost of O(limit)
    /// beyond the variable's definition. The answer depends only on the solver's state, never
    /// on what was asked before. `range(of:)` stays exact whatever the size.
    public func ambiguityDetail(of variable: Variable, withDirection: Bool = true,
                                faceLimit: Int = .max) -> AmbiguityDetail? {
        settle()
        faceMemo.invalidate(unless: tableau.changes.generation)
        // Decided without the memo, which keeps only the ambiguous: `ambiguous` asks of every
        // value of a big layout, and most are not.
        guard isAmbiguous(variable) else { return nil }
        // What the limit expanded and found small, so that the full detail does not expand it
        // again (at 10 000 views one expansion of a chain's long definition is some 5 M).
        var expanded: Dependence?
        if faceLimit != .max, let limited = limitedDetail(of: variable, faceLimit, expanded: &expanded) { return limited }
        var entry = faceMemo.details[variable.id] ?? computeAmbiguityDetail(of: variable, expanded: expanded)
        if withDirection, !entry.hasDirection, entry.detail != nil {
            entry.detail!.direction = moves(along: entry.step)
            entry.hasDirection = true
        }
        faceMemo.details[variable.id] = entry
        return entry.detail
    }

    /// The detail of an ambiguous variable whose face is larger than `limit` (kept until the
    /// tableau changes, as full details are), or nil when the full detail is to be worked out:
    /// the variable moves with a free variable, or its face is small enough. Sets `expanded` to
    /// what it expanded in that last case.
    private func limitedDetail(of variable: Variable, _ limit: Int, expanded: inout Dependence?) -> AmbiguityDetail? {
        if let kept = faceMemo.limited[variable.id], kept.limit == limit { return kept.isLarge ? .largeFace : nil }
        var large = false
        if let moves = faceMemo.largeMoves, moves.limit == limit, moves.movesOnLargeFace(Symbol(variable.id)) {
            large = true
        } else {
            let dependence = faceWeights(of: variable)
            if case .face(let seeds, _) = dependence, FaceProgram.isLarger(than: limit, from: seeds, in: &tableau) {
                large = true
                if seeds.count > limit { faceMemo.longExpansions += 1 }
                if faceMemo.longExpansions > FaceMemo.longExpansionsBeforeOnePass, faceMemo.largeMoves?.limit != limit {
                    faceMemo.largeMoves = tableau.largeFaceMoves(limit: limit)
                }
            } else {
                expanded = dependence
            }
        }
        faceMemo.limited[variable.id] = (limit, large)
        return large ? .largeFace : nil
    }

    /// What an ambiguous variable's definition depends on, expanded down to nonbasic symbols.
    enum Dependence {
        /// User variables that nothing restricts (then nothing else matters).
        case freeVariables([Variable])
        /// The free symbols of the face, ascending, with their coefficients (same order).
        case face(symbols: [Symbol], coefficients: [Double])
    }

    /// - Complexity: O(the variable's expanded definition): a chain's last edge depends on
    ///   every width before it.
    private func faceWeights(of variable: Variable) -> Dependence {
        tableau.faceDependence(of: Symbol(variable.id))
    }

    /// `expanded`: the variable's dependence when already worked out at this state.
    private func computeAmbiguityDetail(of variable: Variable, expanded: Dependence? = nil) -> FaceMemo.Entry {
        guard isAmbiguous(variable) else { return FaceMemo.Entry(detail: nil) }
        var detail = AmbiguityDetail()
        var weights: [Symbol: Double] = [:]
        let seeds: [Symbol]
        switch expanded ?? faceWeights(of: variable) {
        case .freeVariables(let free):
            detail.freeVariables = free
            return FaceMemo.Entry(detail: detail, step: [Symbol(free[0].id): 1])
        case .face(let symbols, let coefficients):
            seeds = symbols
            weights.reserveCapacity(symbols.count)
            for (symbol, coefficient) in zip(symbols, coefficients) { weights[symbol] = coefficient }
        }
        let symbol = Symbol(variable.id)
        let program = faceMemo.program(covering: seeds, in: &tableau)
        let current = tableau.currentValue(of: symbol)
        func value(at point: [Symbol: Double]) -> Double {
            var total = current
            for (free, weight) in weights { total += weight * (point[free] ?? 0) }
            return total
        }
        let highest = program.maximize(weights)
        let lowest = program.maximize(weights.mapValues { -$0 })
        if highest.ray == nil {
            detail.high = value(at: highest.point)
            detail.highBounds = owners(of: highest.binding)
        }
        if lowest.ray == nil {
            detail.low = value(at: lowest.point)
            detail.lowBounds = owners(of: lowest.binding)
        }
        // The direction: from the least to the greatest value, or along a ray out of one end.
        var change: [Symbol: Double] = [:]
        if let ray = highest.ray {
            change = ray
        } else if let ray = lowest.ray {
            change = ray.mapValues { -$0 }
        } else {
            for (symbol, value) in highest.point { change[symbol, default: 0] += value }
            for (symbol, value) in lowest.point { change[symbol, default: 0] -= value }
        }
        change = change.filter { !Tolerance.isZero($0.value) }
        var trading = Set<ConstraintID>(), slack = Set<ConstraintID>()
        for symbol in change.keys {
            guard let owner = owner(of: symbol) else { continue }
            if tableau.kinds[Int(symbol)] == .error { trading.insert(owner) } else { slack.insert(owner) }
        }
        detail.tradingConstraints = trading.sorted()
        detail.slackConstraints = slack.subtracting(trading).sorted()
        return FaceMemo.Entry(detail: detail, step: change.filter { !tableau.isBasic($0.key) })
    }

    /// The constraint a slack, error or marker belongs to, while the solver holds it.
    func owner(of symbol: Symbol) -> ConstraintID? {
        let owner = Int(tableau.owners[Int(symbol)])
        guard owner >= 0, owner < constraints.count, constraints[owner] != nil else { return nil }
        return ConstraintID(id: owner)
    }

    func owners(of symbols: [Symbol]) -> [ConstraintID] {
        Array(Set(symbols.compactMap(owner(of:)))).sorted()
    }

    /// How every user variable moves when the nonbasic symbols move by `step` (the rest stay):
    /// the definitions downstream of them, evaluated for the change alone. Changes that are only
    /// rounding (far below the magnitudes that went into them) are left out.
    func moves(along step: [Symbol: Double]) -> [AmbiguityDetail.Move] {
        if step.isEmpty { return [] }
        let order = tableau.staleDefinitions(from: step.keys.sorted())
        var change: [Symbol: Double] = step
        var result: [AmbiguityDetail.Move] = []
        for symbol in order {
            var total = 0.0, size = 0.0
            if tableau.isBasic(symbol) {
                let row = tableau.row(of: symbol)
                for index in row.liveRange {
                    guard let moved = change[row.storedSymbols[index]] else { continue }
                    total += row.storedCoefficients[index] * moved
                    size += abs(row.storedCoefficients[index] * moved)
                }
                if Tolerance.isNoMove(total, size: size) { total = 0 }
                if total != 0 { change[symbol] = total }
            } else {
                total = step[symbol] ?? 0
            }
            if total != 0 { result.append(AmbiguityDetail.Move(variable: Variable(id: Int(symbol)), change: total)) }
        }
        return result.sorted { $0.variable < $1.variable }
    }
}

extension Solver {
    /// Whether `Σ coefficient × variable` (the constant aside) takes more than one value across
    /// the optimal solutions: an edge or a center of a view when its position and size are each
    /// ambiguous. Decided the way `isAmbiguous` decides a variable, on the same two sampled
    /// directions of the face, combined linearly.
    public func isAmbiguous(_ expression: Expression) -> Bool {
        settle()
        tableau.refreshAmbiguity()
        let state = tableau.ambiguity!
        var total = SIMD2<Double>.zero, size = SIMD2<Double>.zero
        for term in expression.terms {
            let symbol = term.variable.id
            let basic = tableau.slotOfBasic[symbol].exists
            let move = basic ? state.moves[tableau.valueIndex(Symbol(symbol))] : nil
            let along = move?.along ?? state.step(symbol)
            let magnitude = move?.magnitude ?? SIMD2(abs(along.x), abs(along.y))
            total += term.coefficient * along
            size += abs(term.coefficient) * magnitude
        }
        return any(SIMD2(abs(total.x), abs(total.y)) .> Tolerance.sampledMove * size)
    }

    /// Whether no constraint the solver holds names `variable`: it is nonbasic and occurs in no
    /// row, so nothing at all restricts it.
    public func isUnconstrained(_ variable: Variable) -> Bool {
        settle()
        let symbol = Symbol(variable.id)
        guard !tableau.isBasic(symbol) else { return false }
        tableau.compactColumn(symbol)
        return tableau.columns.isEmpty(symbol)
    }
}

extension Tableau {
    /// What `symbol`'s value depends on over the optimal face: its definition expanded down to
    /// nonbasic symbols, of which only the free ones move (see `Solver.Dependence`).
    ///
    /// One pass over the expansion, reading the free flags that exact ambiguity keeps
    /// (`AmbiguityState.isFree`) instead of probing every objective row per symbol: a report
    /// asks this for a screenful of views, each depending on a whole squeezed chain.
    ///
    /// - Complexity: O(the expanded definition).
    mutating func faceDependence(of symbol: Symbol) -> Solver.Dependence {
        if isBasic(symbol) { return faceDependence(ofExpanded: expandDefinitions(row(of: symbol))) }
        var itself = Row()
        itself.add(symbol, 1)
        return faceDependence(ofExpanded: itself)
    }

    /// The same for a row already expanded down to nonbasic symbols (`expandDefinitions`).
    /// - Complexity: O(the row).
    mutating func faceDependence(ofExpanded expansion: Row) -> Solver.Dependence {
        refreshAmbiguity()
        var free: [Variable] = []
        var symbols: [Symbol] = [], coefficients: [Double] = []
        let isFree = ambiguity!.isFree
        for index in expansion.liveRange {
            let other = expansion.storedSymbols[index]
            if kinds[Int(other)] == .external {
                free.append(Variable(id: Int(other)))
            } else if free.isEmpty, isFree[Int(other)] {
                assert(isFreeOnFace(other), "the kept free flag of \(other) is stale")
                symbols.append(other)
                coefficients.append(expansion.storedCoefficients[index])
            } else {
                assert(!free.isEmpty || !isFreeOnFace(other), "the kept free flag of \(other) is stale")
            }
        }
        return free.isEmpty ? .face(symbols: symbols, coefficients: coefficients) : .freeVariables(free)
    }
}
