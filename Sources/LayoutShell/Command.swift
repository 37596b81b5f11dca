import LayoutModel

/// The platform whose standard-spacing rules VFL uses (DESIGN §3, §4).
public enum Platform: String, Sendable, CaseIterable {
    /// The default: 8 between siblings, 20 to the superview's edge (as macOS).
    case macos
    /// `|-` and `-|` go to the superview's layout margins (8 by default); 8 between siblings.
    case ios
}

/// One parsed line of the session language.
enum Command {
    case root(width: Double, height: Double)
    case views(names: [String], parent: String, intrinsicWidth: Double?, intrinsicHeight: Double?)
    case setIntrinsic(view: String, width: Double?, height: Double?)
    case constraint(ConstraintSpec, name: String?, rhsColumn: Int)
    case visualFormat(String)
    case metric(String, Double)
    case setConstant(id: String, value: Double)
    case setPriority(id: String, priority: LayoutPriority)
    case remove([String])
    case activate([String], Bool)
    case content(view: String, hugging: Bool, axis: LayoutAttribute.Axis, priority: LayoutPriority)
    case margins(view: String, EdgeInsets)
    case direction(LayoutDirection)
    case platform(Platform)
    case frames(String?)
    case constraints(String?)
    case notYetAvailable(String)
    case undo(Int)
    case reset
    case save(String)
    case load(String)
    case help(String?)
    case quit

    /// Whether the command changes the session (and so goes into the undo history and `save`).
    var isMutating: Bool {
        switch self {
        case .frames, .constraints, .notYetAvailable, .undo, .save, .help, .quit, .load: false
        default: true
        }
    }
}

/// The command words, for help, completion and "did you mean".
let commandWords = ["root", "view", "metric", "remove", "activate", "deactivate", "frames", "constraints",
                    "direction", "platform", "draw", "explain", "exercise", "svg", "undo", "reset", "save",
                    "load", "help", "quit", "exit"]

/// Reads one line into a `Command`, checking names against the session as it goes so that errors
/// point at the right column.
struct LineParser {
    let session: Session
    let line: String
    var tokens: [Token] = []
    var position = 0

    init(session: Session, line: String) {
        self.session = session
        self.line = line
    }

    var model: LayoutModel { session.model }

    mutating func parse() throws(ShellError) -> Command {
        let words = splitWords(line)
        guard let first = words.first else { throw ShellError("empty line") }
        let word = first.text
        if word.hasPrefix("H:") || word.hasPrefix("V:") || word.hasPrefix("|") || word.hasPrefix("[") {
            return .visualFormat(line)
        }
        let rest = Array(words.dropFirst())
        switch word {
        case "root": return try parseRoot(rest, first)
        case "view": return try parseView(rest, first)
        case "metric": return try parseMetric(first)
        case "remove": return .remove(try constraintsOrViews(rest, first, allowViews: true))
        case "activate": return .activate(try constraintsOrViews(rest, first, allowViews: false), true)
        case "deactivate": return .activate(try constraintsOrViews(rest, first, allowViews: false), false)
        case "frames", "constraints":
            if rest.count > 1 { throw ShellError("\(word) takes at most one view name", column: rest[1].column) }
            if let name = rest.first {
                guard model.view(name.text) != nil else { throw unknownView(name.text, column: name.column) }
            }
            return word == "frames" ? .frames(rest.first?.text) : .constraints(rest.first?.text)
        case "direction":
            guard rest.count == 1, let d = LayoutDirection(word: rest[0].text) else {
                throw ShellError("direction is ltr or rtl", hint: "e.g. direction rtl", column: rest.first?.column ?? first.column + word.count + 1)
            }
            return .direction(d)
        case "platform":
            guard rest.count == 1, let p = Platform(rawValue: rest[0].text) else {
                throw ShellError("platform is ios or macos", hint: "e.g. platform ios", column: rest.first?.column ?? first.column + word.count + 1)
            }
            return .platform(p)
        case "draw", "explain", "exercise", "svg":
            return .notYetAvailable(word)
        case "undo":
            if rest.isEmpty { return .undo(1) }
            guard rest.count == 1, let n = Int(rest[0].text), n > 0 else {
                throw ShellError("undo takes an optional number of steps", hint: "e.g. undo or undo 3", column: rest[0].column)
            }
            return .undo(n)
        case "reset":
            if let extra = rest.first { throw ShellError("reset takes no arguments", column: extra.column) }
            return .reset
        case "save", "load":
            guard rest.count == 1 else {
                throw ShellError("\(word) needs one file name", hint: "e.g. \(word) layout.lal", column: rest.count > 1 ? rest[1].column : first.column + word.count + 1)
            }
            return word == "save" ? .save(rest[0].text) : .load(rest[0].text)
        case "help":
            return .help(rest.first?.text)
        case "quit", "exit":
            return .quit
        default:
            break
        }
        tokens = try tokenize(line)
        return try parseDotted(firstWord: first)
    }

    // MARK: - Simple commands

    func unknownView(_ name: String, column: Int) -> ShellError {
        if LayoutModel.looksLikeConstraintID(name) {
            // `c9.constant = 3` with no c9: the user meant a constraint, not a view.
            return ShellError("there is no constraint \(name)", hint: "constraints lists the ids", column: column)
        }
        if let suggestion = nearest(name, in: model.viewOrder) {
            return ShellError("there is no view named \(name)", hint: "did you mean \(suggestion)?", column: column)
        }
        return ShellError("there is no view named \(name)", hint: "add it first: view \(name)", column: column)
    }

    func parseSizeWord(_ word: Word, allowNone: Bool) throws(ShellError) -> (Double?, Double?) {
        let parts = word.text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ShellError("'\(word.text)' is not a size", hint: allowNone ? "write WIDTHxHEIGHT, e.g. 120x21 (- for none: 120x-)" : "write WIDTHxHEIGHT, e.g. 375x667", column: word.column)
        }
        var result: [Double?] = []
        var column = word.column
        for part in parts {
            if part == "-" && allowNone {
                result.append(nil)
            } else {
                guard let value = Double(part), part.first != "+", !part.contains("n"), !part.contains("i") else {
                    throw ShellError("'\(part)' is not a number", hint: allowNone ? "write WIDTHxHEIGHT, e.g. 120x21 (- for none)" : "write WIDTHxHEIGHT, e.g. 375x667", column: column)
                }
                guard value.isFinite, abs(value) <= LayoutModel.maxMagnitude else {
                    throw ShellError("\(part) is too large", hint: "sizes are limited to 1e9 points", column: column)
                }
                guard value >= 0 else { throw ShellError("a size cannot be negative", column: column) }
                result.append(value)
            }
            column += part.count + 1
        }
        return (result[0], result[1])
    }

    func parseRoot(_ rest: [Word], _ first: Word) throws(ShellError) -> Command {
        guard rest.count == 1 else {
            throw ShellError("root takes one size", hint: "e.g. root 375x667", column: rest.count > 1 ? rest[1].column : first.column + 5)
        }
        let (w, h) = try parseSizeWord(rest[0], allowNone: false)
        return .root(width: w!, height: h!)
    }

    func parseView(_ rest: [Word], _ first: Word) throws(ShellError) -> Command {
        var names: [Word] = []
        var parent = LayoutModel.rootName
        var intrinsic: (Double?, Double?)? = nil
        var i = 0
        while i < rest.count {
            let word = rest[i]
            if word.text == "in" {
                guard i + 1 < rest.count else { throw ShellError("'in' needs the name of the superview", hint: "e.g. view a in b", column: word.column + 2) }
                let p = rest[i + 1]
                guard model.view(p.text) != nil else { throw unknownView(p.text, column: p.column) }
                parent = p.text
                i += 2
            } else if word.text == "intrinsic" {
                guard i + 1 < rest.count else { throw ShellError("'intrinsic' needs a size", hint: "e.g. view label intrinsic 120x21", column: word.column + 9) }
                intrinsic = try parseSizeWord(rest[i + 1], allowNone: true)
                i += 2
            } else {
                guard intrinsic == nil, parent == LayoutModel.rootName || names.isEmpty else {
                    throw ShellError("view names come first", hint: "e.g. view a b in c intrinsic 10x10", column: word.column)
                }
                names.append(word)
                i += 1
            }
        }
        guard !names.isEmpty else { throw ShellError("view needs at least one name", hint: "e.g. view a b c", column: first.column + 5) }
        if names.count == 1, let intrinsic, model.view(names[0].text) != nil, parent == LayoutModel.rootName || model.view(names[0].text)?.parent == parent {
            if names[0].text == LayoutModel.rootName { throw ShellError("the root has no intrinsic size", hint: "use root WxH", column: names[0].column) }
            return .setIntrinsic(view: names[0].text, width: intrinsic.0, height: intrinsic.1)
        }
        var seen = Set<String>()
        for name in names {
            do { try model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
            if seen.contains(name.text) { throw ShellError("\(name.text) is named twice", column: name.column) }
            if session.metrics[name.text] != nil {
                throw ShellError("\(name.text) is already a metric; VFL could not tell them apart", hint: "choose another view name", column: name.column)
            }
            if commandWords.contains(name.text) || ["in", "intrinsic"].contains(name.text) {
                throw ShellError("\(name.text) is a command word", hint: "choose another name", column: name.column)
            }
            seen.insert(name.text)
        }
        return .views(names: names.map(\.text), parent: parent, intrinsicWidth: intrinsic?.0 ?? nil, intrinsicHeight: intrinsic?.1 ?? nil)
    }

    mutating func parseMetric(_ first: Word) throws(ShellError) -> Command {
        tokens = try tokenize(line)
        position = 1
        guard let name = current.identifier else { throw ShellError("metric needs a name", hint: "e.g. metric pad = 20", column: current.column) }
        guard LayoutModel.isIdentifier(name) else { throw ShellError("'\(name)' is not a valid metric name", column: current.column) }
        if model.view(name) != nil { throw ShellError("\(name) is a view; metrics and views share VFL's names", column: current.column) }
        advance()
        guard current.isSymbol("=") || current.isSymbol("==") else { throw ShellError("expected '=' after the metric name", hint: "e.g. metric \(name) = 20", column: current.column) }
        advance()
        let value = try number(what: "the metric's value")
        try expectEnd()
        return .metric(name, value)
    }

    func constraintsOrViews(_ rest: [Word], _ first: Word, allowViews: Bool) throws(ShellError) -> [String] {
        guard !rest.isEmpty else {
            throw ShellError("\(first.text) needs a constraint id\(allowViews ? " or a view name" : "")", hint: "e.g. \(first.text) c3", column: first.column + first.text.count + 1)
        }
        var result: [String] = []
        for word in rest {
            if let id = model.resolveConstraint(word.text) {
                if model.constraint(id)!.isImplicit {
                    throw ShellError("\(id) comes from \(model.constraint(id)!.spec.firstItem)'s intrinsic size and is always there",
                                     hint: "change its priority instead, e.g. \(id) = 1", column: word.column)
                }
                result.append(id)
            } else if allowViews, model.view(word.text) != nil {
                if word.text == LayoutModel.rootName { throw ShellError("the root view cannot be removed", hint: "use reset to start over", column: word.column) }
                result.append(word.text)
            } else {
                let candidates = model.constraintOrder + model.names.keys.sorted() + (allowViews ? model.viewOrder : [])
                let hint = nearest(word.text, in: candidates).map { "did you mean \($0)?" } ?? "constraints shows the ids"
                throw ShellError("there is no constraint\(allowViews ? " or view" : "") named \(word.text)", hint: hint, column: word.column)
            }
        }
        return result
    }

    // MARK: - Token helpers

    var current: Token { tokens[min(position, tokens.count - 1)] }
    func peek(_ offset: Int = 1) -> Token { tokens[min(position + offset, tokens.count - 1)] }
    mutating func advance() { position += 1 }

    func unexpected(_ expected: String) -> ShellError {
        ShellError("expected \(expected), found \(current.kind == .end ? "the end of the line" : "'\(current.display)'")", column: current.column)
    }

    mutating func expectEnd() throws(ShellError) {
        guard current.kind == .end else { throw ShellError("unexpected '\(current.display)' after the command", column: current.column) }
    }

    /// `[+|-] number | metric`, with the model's limits.
    mutating func number(what: String, limit: Double = LayoutModel.maxMagnitude) throws(ShellError) -> Double {
        var sign = 1.0
        let column = current.column
        while current.isSymbol("-") || current.isSymbol("+") {
            if current.isSymbol("-") { sign = -sign }
            advance()
        }
        let value: Double
        if let n = current.number {
            value = n
        } else if let name = current.identifier, !peek().isSymbol(".") {
            if ["nan", "NaN", "inf", "infinity", "Infinity", "INF", "NAN"].contains(name) {
                throw ShellError("\(name) is not a usable number", hint: "\(what) must be a finite number", column: current.column)
            }
            guard let m = session.metrics[name] else {
                throw ShellError("\(name) is neither a number nor a metric", hint: "define it first: metric \(name) = 20", column: current.column)
            }
            value = m
        } else {
            throw unexpected("a number for \(what)")
        }
        advance()
        let result = sign * value
        guard abs(result) <= limit else {
            throw ShellError("\(formatNumber(result)) is too large for \(what)", hint: "the limit is ±\(formatNumber(limit))", column: column)
        }
        return result
    }

    mutating func priority() throws(ShellError) -> LayoutPriority {
        let column = current.column
        if let word = current.identifier, !peek().isSymbol(".") {
            let named: [String: Double] = ["required": 1000, "high": 750, "low": 250, "fittingSize": 50]
            if let value = named[word] {
                advance()
                return LayoutPriority(value)
            }
        }
        let value = try number(what: "a priority", limit: .greatestFiniteMagnitude)
        guard LayoutPriority.isValid(value) else {
            throw ShellError(LayoutError.priorityOutOfRange(value), column: column)
        }
        return LayoutPriority(value)
    }

    mutating func attribute(of item: String) throws(ShellError) -> LayoutAttribute {
        guard current.isSymbol(".") else { throw unexpected("'.' and an attribute after \(item)") }
        advance()
        guard let name = current.identifier else { throw unexpected("an attribute such as width or leading") }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            let suggestion = nearest(name, in: LayoutAttribute.allCases.map(\.rawValue))
            throw ShellError("\(name) is not an attribute", hint: suggestion.map { "did you mean \($0)?" } ?? "attributes: left right top bottom leading trailing width height centerX centerY …", column: current.column)
        }
        advance()
        return attribute
    }

    mutating func viewItem() throws(ShellError) -> String {
        guard let name = current.identifier else { throw unexpected("a view name") }
        guard model.view(name) != nil else { throw unknownView(name, column: current.column) }
        advance()
        return name
    }

    // MARK: - Dotted forms and constraints

    mutating func parseDotted(firstWord: Word) throws(ShellError) -> Command {
        position = 0
        guard let head = current.identifier else {
            throw ShellError("a line starts with a command, a view name or H:/V:", hint: "help lists the commands", column: current.column)
        }
        // name: constraint
        if peek().isSymbol(":") {
            let name = head
            let nameColumn = current.column
            do { try model.validateName(name) } catch { throw ShellError(error, column: nameColumn) }
            if session.metrics[name] != nil { throw ShellError("\(name) is already a metric", column: nameColumn) }
            position = 2
            return try parseConstraint(name: name)
        }
        guard peek().isSymbol(".") else {
            if let suggestion = nearest(head, in: commandWords) {
                throw ShellError("unknown command \(head)", hint: "did you mean `\(suggestion)`?", column: current.column)
            }
            if model.view(head) != nil {
                throw ShellError("expected '.' and an attribute after \(head)", hint: "e.g. \(head).width == 100", column: peek().column)
            }
            throw ShellError("unknown command \(head)", hint: "help lists the commands", column: current.column)
        }
        let member = peek(2).identifier
        // cN.constant = v, cN.priority = p
        if let id = model.resolveConstraint(head), member == "constant" || member == "priority", model.view(head) == nil {
            position = 3
            guard current.isSymbol("=") || current.isSymbol("==") else { throw unexpected("'='") }
            advance()
            if member == "constant" {
                let value = try number(what: "the constant")
                try expectEnd()
                return .setConstant(id: id, value: value)
            }
            let p = try priority()
            try expectEnd()
            return .setPriority(id: id, priority: p)
        }
        if member == "hugging" || member == "resistance" || member == "margins" {
            let viewColumn = current.column
            guard model.view(head) != nil else { throw unknownView(head, column: viewColumn) }
            if head == LayoutModel.rootName && member != "margins" {
                throw ShellError("the root has no intrinsic size, so no \(member!)", hint: "set it on a view with an intrinsic size", column: viewColumn)
            }
            position = 3
            if member == "margins" {
                guard current.isSymbol("=") || current.isSymbol("==") else { throw unexpected("'='") }
                advance()
                var values: [Double] = [try number(what: "a margin")]
                while current.isSymbol(",") {
                    advance()
                    values.append(try number(what: "a margin"))
                }
                guard values.count == 1 || values.count == 4 else {
                    throw ShellError("margins take one value or four (top,left,bottom,right)", hint: "e.g. \(head).margins = 8,16,8,16", column: current.column)
                }
                try expectEnd()
                let insets = values.count == 1 ? EdgeInsets(all: values[0])
                    : EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
                return .margins(view: head, insets)
            }
            guard current.isSymbol("."), let axisWord = peek().identifier, axisWord == "h" || axisWord == "v" else {
                throw ShellError("\(member!) needs an axis: .h or .v", hint: "e.g. \(head).\(member!).h = 251", column: current.column)
            }
            position += 2
            guard current.isSymbol("=") || current.isSymbol("==") else { throw unexpected("'='") }
            advance()
            let p = try priority()
            try expectEnd()
            return .content(view: head, hugging: member == "hugging", axis: axisWord == "h" ? .horizontal : .vertical, priority: p)
        }
        if model.view(head) == nil, model.resolveConstraint(head) != nil, let member {
            throw ShellError("a constraint has .constant and .priority, not .\(member)", hint: "e.g. \(head).constant = 20", column: peek(2).column)
        }
        return try parseConstraint(name: nil)
    }

    /// `item.attr rel rhs [@priority]` from the current token on.
    mutating func parseConstraint(name: String?) throws(ShellError) -> Command {
        let first = try viewItem()
        let firstAttribute = try attribute(of: first)
        let relation: LayoutRelation
        switch current.kind {
        case .symbol("=="), .symbol("="): relation = .equal
        case .symbol(">="): relation = .greaterThanOrEqual
        case .symbol("<="): relation = .lessThanOrEqual
        default: throw unexpected("a relation (==, >= or <=)")
        }
        advance()
        let rhsColumn = current.column
        var secondItem: String? = nil
        var secondAttribute: LayoutAttribute? = nil
        var multiplier = 1.0
        var constant = 0.0
        // A term starts with a view name followed by '.', or with a number followed by '*'.
        func startsTerm(_ p: LineParser) -> Bool {
            var q = p
            while q.current.isSymbol("-") || q.current.isSymbol("+") { q.advance() }
            if q.current.identifier != nil && q.peek().isSymbol(".") { return true }
            if q.current.number != nil || q.current.identifier != nil { return q.peek().isSymbol("*") }
            return false
        }
        if startsTerm(self) {
            var sign = 1.0
            var q = self
            while q.current.isSymbol("-") || q.current.isSymbol("+") { if q.current.isSymbol("-") { sign = -sign }; q.advance() }
            if q.current.identifier != nil && q.peek().isSymbol(".") {
                self = q
                multiplier = sign
            } else {
                multiplier = try number(what: "the multiplier", limit: LayoutModel.maxMultiplier)
                advance() // '*'
            }
            secondItem = try viewItem()
            secondAttribute = try attribute(of: secondItem!)
            if current.isSymbol("*") || current.isSymbol("/") {
                let divide = current.isSymbol("/")
                advance()
                let column = current.column
                let factor = try number(what: "the multiplier", limit: LayoutModel.maxMultiplier)
                if divide {
                    guard factor != 0 else { throw ShellError("division by zero", column: column) }
                    multiplier /= factor
                } else {
                    multiplier *= factor
                }
            }
        } else {
            constant = try number(what: "the constant")
        }
        while current.isSymbol("+") || current.isSymbol("-") {
            let negative = current.isSymbol("-")
            advance()
            let column = current.column
            if current.identifier != nil && peek().isSymbol(".") {
                throw ShellError("only one view attribute may appear on the right-hand side", hint: "Auto Layout constraints are first = m × second + c", column: column)
            }
            let value = try number(what: "the constant")
            constant += negative ? -value : value
            guard abs(constant) <= LayoutModel.maxMagnitude else {
                throw ShellError("the constant is too large", hint: "the limit is ±1e9", column: column)
            }
        }
        var priority = LayoutPriority.required
        if current.isSymbol("@") {
            advance()
            priority = try self.priority()
        }
        try expectEnd()
        let spec = ConstraintSpec(firstItem: first, firstAttribute: firstAttribute, relation: relation,
                                  secondItem: secondItem, secondAttribute: secondAttribute,
                                  multiplier: multiplier, constant: constant, priority: priority)
        return .constraint(spec, name: name, rhsColumn: rhsColumn)
    }
}

/// The nearest word to `word` among `candidates` by edit distance (at most a third of its length,
/// at least 2), or nil.
func nearest(_ word: String, in candidates: [String]) -> String? {
    // A unique completion is the likeliest meaning of a cut-off word (`cons` → `constraints`).
    let lower = word.lowercased()
    let extensions = candidates.filter { $0 != word && $0.lowercased().hasPrefix(lower) }
    if word.count >= 2, extensions.count == 1 { return extensions[0] }
    // Short words are close to everything: allow one edit there.
    let limit = word.count <= 3 ? 1 : max(2, word.count / 3)
    var best: (String, Int)? = nil
    for candidate in candidates where candidate != word {
        let d = editDistance(word.lowercased(), candidate.lowercased())
        if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    if abs(x.count - y.count) > 8 { return abs(x.count - y.count) }
    // Optimal string alignment: a swap of two neighbours (widht → width) is one edit.
    var beforePrevious = Array(0...y.count)
    var previous = Array(0...y.count)
    for i in 1...x.count {
        var row = [i] + Array(repeating: 0, count: y.count)
        for j in 1...y.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                row[j] = min(row[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = row
    }
    return previous[y.count]
}
