public import LayoutVocabulary
internal import Cassowary

/// A part of a view along one axis that a constraint can pin.
public enum AxisFeature: String, Hashable, Sendable, CaseIterable {
    /// The left (top) edge: the frame's x (y).
    case minEdge
    /// The right (bottom) edge: x + width (y + height).
    case maxEdge
    case center
    /// The width (height).
    case size
}

/// The values an ambiguous frame component takes over the optimal layouts; nil where unbounded.
public struct ValueRange: Hashable, Sendable {
    public var low: Double?
    public var high: Double?
    public init(low: Double?, high: Double?) {
        self.low = low
        self.high = high
    }
}

/// Why a frame component is ambiguous, read off the solver's optimal face (never guessed from
/// the constraint list): which free direction moves it and what bounds that direction.
public enum AmbiguityReason: Hashable, Sendable {
    /// No constraint names the view's position or size on this axis.
    case noConstraints(LayoutAttribute.Axis)
    /// Something the view needs on this axis is missing: the face lets a user variable move
    /// freely both ways (`freeViews` own those variables). `pinned` are the parts of the view
    /// that stay fixed anyway, `by` the constraints on the axis that hold with equality.
    case missing(LayoutAttribute.Axis, pinned: [AxisFeature], by: [String], freeViews: [String])
    /// Optional constraints whose errors trade off at an optimum (`priorities` in the same
    /// order); every value in `range` is optimal.
    case disagreement(constraints: [String], priorities: [Double], range: ValueRange)
    /// The same for content-size constraints (hugging, compression resistance) of one priority.
    case contentTie(constraints: [String], priority: Double, range: ValueRange)
    /// Only inequalities limit the value: the face moves it with no error changing.
    case inequalities(constraints: [String], range: ValueRange)
    /// The part of the optimal face the value moves on holds more than `limit` constraints
    /// (`LayoutModel.reportFaceLimit`): working out the range and who trades off would cost a
    /// linear program over all of them, so reports leave it to `explain VIEW.ATTR`.
    case largeFace(limit: Int, view: String)

    /// The constraint ids the reason names.
    public var constraints: [String] {
        switch self {
        case .noConstraints, .largeFace: []
        case .missing(_, _, let by, _): by
        case .disagreement(let ids, _, _), .contentTie(let ids, _, _), .inequalities(let ids, _): ids
        }
    }

    /// The range of values when the reason has one (all but the two that leave the value free).
    public var range: ValueRange? {
        switch self {
        case .noConstraints, .missing, .largeFace: nil
        case .disagreement(_, _, let range), .contentTie(_, _, let range), .inequalities(_, let range): range
        }
    }
}

/// One ambiguous frame component and why.
public struct ComponentAmbiguity: Hashable, Sendable {
    public var component: FrameComponent
    public var reason: AmbiguityReason
}

extension LayoutModel {
    /// The most constraints (rows of the optimal face) a reason's linear program may span;
    /// beyond it the reason is `largeFace`. Reports explain a screenful of views after every
    /// input, and on a squeezed chain of a thousand views every one of them moves on one face
    /// of a thousand rows: an exact range there was a simplex over that face per range end.
    /// No lesson or test layout comes near it.
    public static let reportFaceLimit = 64

    /// Why each ambiguous frame component of a view is ambiguous, in component order. Asks the
    /// solver about the optimal face: on demand, a linear program per bounded component.
    ///
    /// - Complexity: up to one optimal-face program per frame component of the view (four),
    ///   each over the rows the component's definition reaches (`FaceProgram`), at most
    ///   `reportFaceLimit` of them (a larger face costs about that limit to recognize).
    public func ambiguityReasons(of name: String) -> [ComponentAmbiguity] {
        guard let info = views[name], name != Self.rootName else { return [] }
        var result: [ComponentAmbiguity] = []
        // An axis whose position and size no constraint names (the size's floor aside) is free
        // as a whole: known at once, without a look at the face (the common case in a report
        // while a layout is being built: every view not constrained yet).
        let free = unconstrained([info.x, info.width, info.y, info.height], of: name)
        for component in FrameComponent.allCases {
            let horizontal = component == .x || component == .width
            if horizontal ? free[0] && free[1] : free[2] && free[3] {
                result.append(ComponentAmbiguity(component: component, reason: .noConstraints(horizontal ? .horizontal : .vertical)))
                continue
            }
            let variable = Self.variable(component, of: info)
            // The reason needs no direction (the walk that finds it is O(N) on a chain).
            guard let detail = solver.ambiguityDetail(of: variable, withDirection: false, faceLimit: Self.reportFaceLimit) else { continue }
            var found = reason(component, of: info, detail)
            // A size held only by its floor has no free direction of its own; when the
            // position on its axis is free for the same reason, it is the same reason (one
            // "(x, width): nothing pins it; it moves with …").
            if case .missing(let axis, let pinned, let by, let freeViews) = found, freeViews.isEmpty,
               component == .width || component == .height,
               let position = result.last(where: { $0.component == (component == .width ? .x : .y) }),
               case .missing(axis, pinned, by, _) = position.reason {
                found = position.reason
            }
            result.append(ComponentAmbiguity(component: component, reason: found))
        }
        return result
    }

    static func variable(_ component: FrameComponent, of info: ViewInfo) -> Variable {
        switch component {
        case .x: info.x
        case .y: info.y
        case .width: info.width
        case .height: info.height
        }
    }

    private func reason(_ component: FrameComponent, of info: ViewInfo, _ detail: AmbiguityDetail) -> AmbiguityReason {
        let axis: LayoutAttribute.Axis = component == .x || component == .width ? .horizontal : .vertical
        let position = axis == .horizontal ? info.x : info.y
        let size = axis == .horizontal ? info.width : info.height
        if detail.exceedsFaceLimit { return .largeFace(limit: Self.reportFaceLimit, view: info.name) }
        let range = ValueRange(low: detail.low, high: detail.high)
        let trading = detail.tradingConstraints.compactMap { bySolverID[$0] }.sortedBySerial(in: self)
        // A size floor limits every size from below; it is what Auto Layout always does, not a
        // reason: a size that only its floor limits is missing a constraint.
        let limiting = Array(Set((detail.slackConstraints + detail.lowBounds + detail.highBounds).compactMap { bySolverID[$0] }))
            .filter { implicitConstraint($0)?.kind != .nonNegativeSize }
        if !detail.freeVariables.isEmpty || trading.isEmpty && limiting.isEmpty {
            let features: [(AxisFeature, Expression)] = [
                (.minEdge, Expression([Term(position)])),
                (.maxEdge, Expression([Term(position), Term(size)])),
                (.center, Expression([Term(position), Term(size, 0.5)])),
                (.size, Expression([Term(size)])),
            ]
            let pinned = features.filter { !solver.isAmbiguous($0.1) }.map(\.0)
            let free = detail.freeVariables.compactMap { $0.id < variableOwners.count ? variableOwners[$0.id] : nil }
            var freeViews: [String] = []
            for view in free where view != info.name && !freeViews.contains(view) { freeViews.append(view) }
            return .missing(axis, pinned: pinned, by: pinningConstraints(of: info.name, axis), freeViews: freeViews)
        }
        if !trading.isEmpty {
            let priorities = trading.map { constraints[$0]!.spec.priority.rawValue }
            let content = trading.allSatisfy { constraints[$0]!.isImplicit }
            if content && Set(priorities).count == 1 {
                return .contentTie(constraints: trading, priority: priorities[0], range: range)
            }
            return .disagreement(constraints: trading, priorities: priorities, range: range)
        }
        return .inequalities(constraints: limiting.sortedBySerial(in: self), range: range)
    }

    /// Which of `view`'s variables no installed constraint names (its size floors aside), in
    /// one pass over the constraints that may name them (`constraintIDs(naming:)`: those
    /// touching the view, and those naming one of them from afar). The records by their
    /// slots, not by id: `ambiguous` asks this of every view.
    private func unconstrained(_ variables: [Variable], of view: String) -> [Bool] {
        var free = [Bool](repeating: true, count: variables.count)
        func note(_ slot: Int32) {
            guard let record = constraints.record(inSlot: Int(slot)), record.solverID != nil else { return }
            for term in record.expression.terms where term.coefficient != 0 {
                if let index = variables.firstIndex(of: term.variable) { free[index] = false }
            }
        }
        if let slots = touching[view] {
            for slot in slots { note(slot) }
        }
        for variable in variables where variable.id < constraintsByForeignVariable.count {
            for slot in constraintsByForeignVariable[variable.id] { note(slot) }
        }
        return free
    }

    /// The active constraints on `view`'s `axis` that hold with equality now: what pins the
    /// parts of it that are fixed.
    private func pinningConstraints(of view: String, _ axis: LayoutAttribute.Axis) -> [String] {
        // The view's own index, not the whole constraint list: a report asks this for up to a
        // screenful of views after every input.
        let records = (touching[view] ?? []).compactMap { constraints.record(inSlot: Int($0)) }.sorted { $0.serial < $1.serial }
        return records.filter { record in
            guard record.isActive, record.solverID != nil else { return false }
            // The spec's fields read in place (`record.spec` is made from them at each read).
            let onAxis = (record.firstItem == view && record.firstAttribute.axis == axis)
                || (record.secondItem == view && record.secondAttribute?.axis == axis)
            guard onAxis else { return false }
            return record.specRelation == .equal || error(of: record.id) == 0 && Tolerance.isZero(evaluate(record.expression))
        }.map(\.id)
    }

    /// Every other optimal layout the solver offers (see `Solver.otherOptima`), each as all
    /// frames in creation order and the names of the views whose frame differs. On a face of
    /// more than `reportFaceLimit` rows, a nearer vertex (the simplex stops after that many
    /// pivots), so that `exercise` stays linear in the layout.
    public func otherOptimalLayouts() -> [(frames: [(name: String, frame: Frame)], changed: [String])] {
        let base = frames()
        return solver.otherOptima(faceLimit: Self.reportFaceLimit).map { values in
            var byVariable: [Int: Double] = [:]
            for (variable, value) in values { byVariable[variable.id] = value }
            var changed: [String] = []
            let frames = base.map { item -> (name: String, frame: Frame) in
                guard let info = views[item.name] else { return item }
                var frame = item.frame
                if let x = byVariable[info.x.id] { frame.x = x }
                if let y = byVariable[info.y.id] { frame.y = y }
                if let width = byVariable[info.width.id] { frame.width = width }
                if let height = byVariable[info.height.id] { frame.height = height }
                if frame != item.frame { changed.append(item.name) }
                return (item.name, frame)
            }
            return (frames, changed)
        }
    }
}

extension [String] {
    /// Constraint ids in creation order.
    func sortedBySerial(in model: LayoutModel) -> [String] {
        sortedByKey { SerialOrder(serial: model.constraints[$0]?.serial ?? .max, id: $0) }
    }
}
