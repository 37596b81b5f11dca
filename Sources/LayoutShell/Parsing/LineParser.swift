import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Reads one line into a command: finds which command the line is (by its first word, a VFL
/// prefix, or the shape of a dotted form) and lets that command read the rest. Holds the
/// helpers every command's parser shares: words, tokens, numbers, priorities, attributes.
struct LineParser {
    let session: Session
    let line: String
    /// The line's first word and the words after it (split only for a command word or a VFL
    /// line: the dotted forms read `tokens`).
    private(set) var first = Word(text: "", column: 1)
    private(set) var rest: [Word] = []
    /// The line's tokens, for commands that read expressions (filled by `tokenizeLine`).
    var tokens: [Token] = []
    var position = 0

    init(session: Session, line: String) {
        self.session = session
        self.line = line
    }

    var model: LayoutModel { session.model }

    mutating func parse() throws(ShellError) -> any ShellCommand {
        guard let head = splitWords(line, limit: 1).first else { throw ShellError("empty line") }
        first = head
        let word = head.text
        // Only a command word or a VFL line reads the words after the first; the dotted forms
        // (most lines of a script) read tokens, so their words are not split (a string each).
        if word.hasPrefix("H:") || word.hasPrefix("V:") || word.hasPrefix("|") || word.hasPrefix("[") {
            rest = Array(splitWords(line).dropFirst())
            return try CommandRegistry.visualFormat.read(&self)
        }
        if let command = CommandRegistry.byWord[word] {
            if command.spec.fileNameArgument != nil {
                // A file name may hold spaces, quoted or escaped as a shell writes them.
                let (words, openQuote) = splitQuotedWords(line)
                if let openQuote {
                    throw ShellError("this quote is not closed", hint: "end the file name with the same quote", column: openQuote)
                }
                rest = Array(words.dropFirst())
            } else {
                rest = Array(splitWords(line).dropFirst())
            }
            return try command.read(&self)
        }
        try tokenizeLine()
        return try parseDotted()
    }

    mutating func tokenizeLine() throws(ShellError) {
        tokens = try tokenize(line)
        position = 0
    }

    /// The column just after the command word, where a missing argument belongs.
    var columnAfterCommand: Int { first.column + first.text.count + 1 }

    /// Lines that start with a name: `name: constraint`, `OWNER.member = …`, or a constraint.
    private mutating func parseDotted() throws(ShellError) -> any ShellCommand {
        guard let head = current.identifier else {
            throw ShellError("a line starts with a command, a view name or H:/V:", hint: "help lists the commands", column: current.column)
        }
        if peek().isSymbol(":") { return try CommandRegistry.constraint.parse(&self) }
        guard peek().isSymbol(".") else {
            if let suggestion = nearest(head, in: CommandRegistry.commandWords) {
                throw ShellError("unknown command \(head)", hint: "did you mean `\(suggestion)`?", column: current.column)
            }
            if model.hasView(head) {
                throw ShellError("expected '.' and an attribute after \(head)", hint: "e.g. \(head).width == 100", column: peek().column)
            }
            throw ShellError("unknown command \(head)", hint: "help lists the commands", column: current.column)
        }
        let isView = model.hasView(head)
        // Only asked for a name that is no view: every use below is `isConstraint, !isView`.
        let isConstraint = !isView && model.resolveConstraint(head) != nil
        if !isView, !isConstraint, session.metrics[head] != nil {
            throw ShellError("\(head) is a metric, which has no .\(peek(2).display)", hint: "set it again: metric \(head) = 20", column: current.column)
        }
        // `a.margins.leading == …` and `root.safeArea.top …` name a guide: a constraint.
        let namesGuide = peek(3).isSymbol(".") && LayoutModel.isSystemGuideMember(peek(2).identifier ?? "")
        if let member = peek(2).identifier, !namesGuide {
            if isConstraint, !isView, let command = CommandRegistry.property(member, of: .constraint) {
                return try command.parse(&self)
            }
            if let command = CommandRegistry.property(member, of: .view) {
                return try command.read(&self)
            }
            if isConstraint, !isView {
                let members = CommandRegistry.propertyMembers(of: .constraint).map { "." + $0 }.joined(separator: " and ")
                throw ShellError("a constraint has \(members), not .\(member)", hint: "e.g. \(head).constant = 20", column: peek(2).column)
            }
        }
        return try CommandRegistry.constraint.parse(&self)
    }

    // MARK: - Words

    /// `VIEW.member = true|false` on a view that may have it (not the root, not a guide): the
    /// view, and the value with the column it was typed at. `rootError` and `guideNote` say why
    /// the root or a guide cannot; `example` is the value the hint shows.
    mutating func viewSwitch(_ member: String, rootError: LayoutError?, guideNote: String,
                             example: Bool) throws(ShellError) -> (view: String, on: Bool, column: Int) {
        let head = current.identifier!
        let column = current.column
        guard let info = model.view(head) else { throw unknownView(head, column: column) }
        if head == LayoutModel.rootName, let rootError { throw ShellError(rootError, column: column) }
        if info.kind.isGuide { throw ShellError("\(head) is a layout guide, \(guideNote)", column: column) }
        position = 3
        guard current.isSymbol("=") || current.isSymbol("==") else { throw unexpected("'='") }
        advance()
        let valueColumn = current.column
        guard let word = current.identifier, word == "true" || word == "false" else {
            throw ShellError("\(member) is true or false", hint: "e.g. \(head).\(member) = \(example)", column: current.column)
        }
        advance()
        try expectEnd()
        return (head, word == "true", valueColumn)
    }

    /// The line has exactly one argument after the command word (or throws `usage`).
    func oneArgument(_ usage: String, hint: String) throws(ShellError) -> Word {
        guard rest.count == 1 else {
            throw ShellError(usage, hint: hint, column: rest.count > 1 ? rest[1].column : columnAfterCommand)
        }
        return rest[0]
    }

    /// Reads an option off the front of the arguments (`frames --exact card`).
    mutating func dropFirstArgument() {
        rest.removeFirst()
    }

    func expectNoArguments() throws(ShellError) {
        if let extra = rest.first { throw ShellError("\(first.text) takes no arguments", column: extra.column) }
    }

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

    func constraintsOrViews(allowViews: Bool) throws(ShellError) -> [String] {
        guard !rest.isEmpty else {
            throw ShellError("\(first.text) needs a constraint id\(allowViews ? " or a view name" : "")", hint: "e.g. \(first.text) c3", column: first.column + first.text.count + 1)
        }
        var result: [String] = []
        for word in rest {
            if let id = model.resolveConstraint(word.text) {
                let record = model.constraint(id)!
                if record.isAutoresizing || record.identifier?.hasPrefix("UISV-") == true {
                    throw ShellError(LayoutError.systemConstraintNotEditable(
                        id: id, identifier: record.identifier ?? "NSAutoresizingMaskLayoutConstraint",
                        owner: { if case .system(_, let owner) = record.kind { return owner } else { return record.spec.firstItem } }()), column: word.column)
                }
                if let identifier = record.identifier {
                    throw ShellError("\(id) is UIKit's own '\(identifier)' and stays while its guide exists",
                                     hint: identifier.hasPrefix("UIViewSafeArea") ? "change it with safearea T,L,B,R" : "change it with VIEW.margins = …", column: word.column)
                }
                if model.constraint(id)!.isImplicit {
                    throw ShellError("\(id) comes from \(model.constraint(id)!.spec.firstItem)'s intrinsic size and is always there",
                                     hint: "change its priority instead, e.g. \(id) = 1", column: word.column)
                }
                result.append(id)
            } else if allowViews, model.view(word.text) != nil {
                if word.text == LayoutModel.rootName { throw ShellError("the root view cannot be removed", hint: "use reset to start over", column: word.column) }
                if LayoutModel.systemGuide(word.text) != nil {
                    throw ShellError(LayoutError.systemGuideNotRemovable(word.text), column: word.column)
                }
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
        guard current.kind == .end else { throw ShellError("unexpected '\(current.display)' at the end of the line", hint: "the command is complete before it", column: current.column) }
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

    /// The priorities that have names, as UIKit's constants do.
    static let priorityNames: [(name: String, value: Double)] = [("required", 1000), ("high", 750), ("low", 250), ("fittingSize", 50)]

    mutating func priority() throws(ShellError) -> LayoutPriority {
        let column = current.column
        if let word = current.identifier, !peek().isSymbol(".") {
            if let named = Self.priorityNames.first(where: { $0.name == word }) {
                advance()
                return LayoutPriority(named.value)
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
        if name.hasSuffix("Anchor"), let attribute = LayoutAttribute(rawValue: String(name.dropLast(6))) {
            // Pasted from Swift (`a.topAnchor`): the attribute is the anchor's name without it.
            throw ShellError("\(name) is Swift's anchor; the attribute here is \(attribute.rawValue)",
                             hint: "did you mean \(attribute.rawValue)?", column: current.column)
        }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            throw ShellError("\(name) is not an attribute", hint: Self.attributeHint(name) ?? "attributes: left right top bottom leading trailing width height centerX centerY …", column: current.column)
        }
        advance()
        return attribute
    }

    /// What a word that is not an attribute was likely meant to be: the frame's `x` and `y`
    /// (which reports show) are the left and top edges; else the nearest attribute.
    static func attributeHint(_ name: String) -> String? {
        switch name {
        case "x", "minX": return "a frame's x is its left edge: did you mean left (or leading)?"
        case "y", "minY": return "a frame's y is its top edge: did you mean top?"
        case "w": return "did you mean width?"
        case "h": return "did you mean height?"
        default: return nearest(name, in: LayoutAttribute.allCases.map(\.rawValue)).map { "did you mean \($0)?" }
        }
    }

    /// A view or guide a constraint names: `a`, `g`, or a system guide, `root.safeArea`,
    /// `a.margins`, `s.contentLayoutGuide`, `root.keyboard` (made on first use).
    mutating func viewItem() throws(ShellError) -> String {
        guard let name = current.identifier else { throw unexpected("a view name") }
        let column = current.column
        if let member = peek(2).identifier, peek().isSymbol("."), peek(3).isSymbol("."),
           LayoutModel.isSystemGuideMember(member) {
            guard model.hasView(name) else { throw unknownView(name, column: column) }
            let guide = "\(name).\(member)"
            do { try model.checkItem(guide) } catch { throw ShellError(error, column: column) }
            position += 3
            return guide
        }
        guard model.hasView(name) else { throw unknownView(name, column: column) }
        advance()
        return name
    }

    /// A term of a constraint's constant after its sign: a number or metric, `system`, or a
    /// multiple of it (`2 * system`, `system * 2`). Returns the points and the system spacings.
    mutating func constantTerm() throws(ShellError) -> (constant: Double, system: Double) {
        if current.identifier == "system" {
            advance()
            guard current.isSymbol("*") else { return (0, 1) }
            advance()
            return (0, try number(what: "the multiple of system spacing", limit: 1000))
        }
        let value = try number(what: "the constant")
        if current.isSymbol("*") && peek().identifier == "system" {
            position += 2
            guard abs(value) <= 1000 else { throw ShellError("\(formatNumber(value)) system spacings is too many", hint: "use at most 1000 * system", column: current.column) }
            return (0, value)
        }
        return (value, 0)
    }
}
