import LayoutVocabulary

/// One predicate as written: `>=70@750`, `==b`, a bare `8`, or the implicit ones a flush `[a][b]`
/// or a standard `-` connection stands for.
struct Predicate {
    var relation: LayoutRelation = .equal
    var constant: Double = 0
    var priority: Double = 1000
    /// `[a(==b)]`: the view the size is related to.
    var view: String?
    /// The `-` standard space (Apple's symbolic constant `NSSpace`), resolved at emission.
    var isStandardSpace = false

    static let flush = Predicate()
    static let standardSpace = Predicate(isStandardSpace: true)
}

/// The recursive-descent parser. It follows `NSLayoutConstraintParser` step by step, so that it
/// accepts exactly what Apple accepts and stops on the same character Apple's caret points at;
/// each method names the Apple method it mirrors.
struct Grammar {
    var cursor: Cursor
    var emitter: Emitter
    let metrics: [String: Double]
    let views: (String) -> VisualFormatParser.ViewInfo?

    func fail(_ reason: VisualFormatError.Reason) -> VisualFormatError {
        VisualFormatError(reason, at: cursor.index, spaceInFormat: cursor.peek(is: " "))
    }

    /// `-parse`: orientation, an optional leading `|`, views joined by connections, an optional
    /// closing `|`, then nothing.
    mutating func parse() throws(VisualFormatError) {
        try parseOrientation()
        var left: String?
        if cursor.skip("|") {
            guard !cursor.atEnd else { throw fail(.expectedConnectionAfterBar) }
            let connection = try parseConnection()
            let (right, sizes) = try parseView()
            try emitter.finishConnection(connection, left: nil, right: right, at: cursor.index)
            emitter.flush(sizes)
            left = right
        } else {
            let (first, sizes) = try parseView()
            emitter.flush(sizes)
            left = first
        }
        while !cursor.atEnd {
            let connection = try parseConnection()
            if cursor.peek(is: "[") {
                let (right, sizes) = try parseView()
                try emitter.finishConnection(connection, left: left, right: right, at: cursor.index)
                emitter.flush(sizes)
                left = right
            } else if cursor.skip("|") {
                try emitter.finishConnection(connection, left: left, right: nil, at: cursor.index)
                break
            } else {
                throw fail(.expectedViewOrBar)
            }
        }
        guard cursor.atEnd else { throw fail(.expectedEndOfFormat) }
        emitter.appendAlignment()
    }

    /// `H:` or `V:`; anything else is a horizontal line with nothing consumed (so `h:` fails
    /// later, at column 1, as "Expected a view").
    private mutating func parseOrientation() throws(VisualFormatError) {
        let vertical = cursor.peek(is: "V")
        guard vertical || cursor.peek(is: "H") else { return }
        cursor.advance()
        emitter.isHorizontal = !vertical
        guard cursor.skip(":") else { throw fail(vertical ? .expectedColonAfterV : .expectedColonAfterH) }
    }

    /// `-parseConnection`: nothing (flush), `-` before `[` or `|` (standard space), or
    /// `-predicates-`.
    private mutating func parseConnection() throws(VisualFormatError) -> [Predicate] {
        guard cursor.skip("-") else { return [.flush] }
        if cursor.peek(is: "[") || cursor.peek(is: "|") { return [.standardSpace] }
        let predicates = try parsePredicateWithParentheses()
        if cursor.peek(is: ",") { throw fail(.expectedDashBeforeList) }
        guard cursor.skip("-") else { throw fail(.expectedDash) }
        return predicates
    }

    /// `-parsePredicateWithParentheses`: a parenthesised list, or one bare predicate. A second
    /// `-` here is ambiguous (`--10-`), so Apple refuses it rather than guess.
    private mutating func parsePredicateWithParentheses() throws(VisualFormatError) -> [Predicate] {
        if cursor.peek(is: "-") { throw fail(.minusOrExtraBar) }
        guard cursor.skip("(") else { return [try parsePredicate(inView: false)] }
        let list = try parsePredicateList(inView: false)
        guard cursor.skip(")") else { throw fail(.expectedCloseParenthesis) }
        return list
    }

    /// `-parsePredicateList`: predicates separated by commas.
    private mutating func parsePredicateList(inView: Bool) throws(VisualFormatError) -> [Predicate] {
        var list = [try parsePredicate(inView: inView)]
        while cursor.skip(",") { list.append(try parsePredicate(inView: inView)) }
        return list
    }

    /// `-parsePredicate`: `(relation)? object (@priority)?`.
    private mutating func parsePredicate(inView: Bool) throws(VisualFormatError) -> Predicate {
        var predicate = Predicate()
        predicate.relation = try parseRelation()
        switch try parseConstant(inView: inView) {
        case .number(let value): predicate.constant = value
        case .view(let name): predicate.view = name
        }
        if cursor.skip("@") {
            var priority = 0.0
            switch try parseConstant(inView: inView) {
            case .number(let value): priority = value
            // Apple stores a view named here as the predicate's second item and reads the
            // priority as 0, which the range check below then rejects.
            case .view(let name): predicate.view = name
            }
            guard LayoutPriority.isValid(priority) else { throw fail(.priorityOutOfRange(priority)) }
            predicate.priority = priority
        }
        return predicate
    }

    /// `-parseOp`: `==`, `<=`, `>=`, or nothing for `==`. A lone `<`, `=` or `>` is an error
    /// reported just after it.
    private mutating func parseRelation() throws(VisualFormatError) -> LayoutRelation {
        guard let byte = cursor.peek else { throw fail(.expectedMoreInput) }
        let relation: LayoutRelation
        switch byte {
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        default: return .equal
        }
        cursor.advance()
        guard cursor.skip("=") else { throw fail(.unknownRelation) }
        return relation
    }

    enum Constant { case number(Double), view(String) }

    /// `-parseConstant`: a number (when the text starts with `-` or a digit) or a name, looked up
    /// in the metrics first, then the views. A view is only meaningful inside `[v(...)]`.
    private mutating func parseConstant(inView: Bool) throws(VisualFormatError) -> Constant {
        guard let byte = cursor.peek else { throw fail(.expectedNumberOrMetric) }
        if byte == UInt8(ascii: "-") || byte.isDigit {
            guard let text = cursor.scanNumber() else { throw fail(.expectedNumberOrAMetric) }
            let value = Double(text) ?? (text.lowercased().contains("nan") ? .nan : .infinity)
            guard value.isFinite else { throw fail(.nonFiniteNumber(text)) }
            return .number(value)
        }
        guard byte.isNameStart else { throw fail(.expectedNumberOrMetric) }
        let name = cursor.scanName()
        if let value = metrics[name] {
            guard value.isFinite else { throw fail(.nonFiniteNumber(name)) }
            return .number(value)
        }
        guard views(name) != nil else { throw fail(.unknownMetric(name)) }
        guard inView else { throw fail(.spaceEqualToView) }
        return .view(name)
    }

    /// `-parseView`: `[name]` or `[name(predicates)]`. Returns the view and its size predicates,
    /// which Apple emits only after the connection into the view.
    private mutating func parseView() throws(VisualFormatError) -> (String, [ConstraintSpec]) {
        guard cursor.skip("[") else { throw fail(.expectedView) }
        guard !cursor.atEnd else { throw fail(.expectedView) }
        let name = cursor.scanName()
        guard !name.isEmpty else { throw fail(.expectedViewName) }
        guard views(name) != nil else { throw fail(.unknownView(name)) }
        if cursor.skip("]") { return (name, []) }
        guard cursor.skip("(") else { throw fail(.expectedBracketAtEndOfView) }
        guard !cursor.atEnd else { throw fail(.ranOutInsideView) }
        let predicates = try parsePredicateList(inView: true)
        guard cursor.skip(")") else { throw fail(.thicknessPredicateNotClosed) }
        guard cursor.skip("]") else { throw fail(.expectedBracketAfterThickness) }
        return (name, predicates.map { emitter.sizeConstraint(of: name, $0) })
    }
}
