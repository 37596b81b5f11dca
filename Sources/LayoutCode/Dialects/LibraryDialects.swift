import LayoutVocabulary

/// What the library dialects (SnapKit, Masonry, PureLayout, TinyConstraints) share: installing a library's constraint, the views it prepares, and
/// the closures (`{ make in … }`, `^(MASConstraintMaker *make) { … }`) their blocks are.
extension LayoutCodeReader {
    /// Records a constraint a library made for `owner` and activates it (unless `active` is
    /// false), as the library does when it installs one.
    @discardableResult
    mutating func install(_ constraint: CodeConstraint, for owner: CodeItem, active: Bool = true) -> Int {
        var constraint = constraint
        constraint.line = currentLine
        if let priorityOverride { constraint.priority = priorityOverride }
        made.append(constraint)
        let ref = made.count - 1
        libraryConstraints[owner.description, default: []].append(ref)
        if active { setActive(ref, true) }
        return ref
    }

    /// A library turns `translatesAutoresizingMaskIntoConstraints` off for each view it
    /// constrains (SnapKit's and Masonry's makers, PureLayout's `configureForAutoLayout`,
    /// TinyConstraints' `prepareForLayout`).
    mutating func prepareForLayout(_ item: CodeItem) {
        guard item.guide == nil, item.view != Self.rootName, let index = viewIndex(of: item, line: currentLine),
              code.views[index].kind == .view else { return }
        code.views[index].translatesAutoresizingMask = false
        code.views[index].setsAutoresizingMask = true
    }

    /// The view an item was added to, as the code says so far; nil when it was never added
    /// (the libraries stop there: "no superview").
    func superviewItem(of item: CodeItem) -> CodeItem? {
        guard item.guide == nil, let index = viewIndex[item.view], let parent = code.views[index].superview else { return nil }
        return CodeItem(parent)
    }

    /// Removes the constraints a library installed for `owner` (SnapKit's `remakeConstraints`,
    /// `removeConstraints`; Masonry's `mas_remakeConstraints`).
    mutating func removeLibraryConstraints(of owner: CodeItem) {
        for ref in libraryConstraints[owner.description] ?? [] {
            setActive(ref, false)
            removed.insert(ref)
        }
        libraryConstraints[owner.description] = []
    }

    /// Reads a closure's body as statements of a maker: `read` gets each statement without
    /// the closure's parameter list; a nested block (`if … { … }`) is read through, but of an
    /// availability check only the branch the newest system runs.
    mutating func readClosure(_ body: [CodeNode], _ read: (inout LayoutCodeReader, [CodeToken]) -> Void) {
        for node in branchesThatRun(body, inLibrary: true) {
            switch node {
            case .statement(let tokens):
                currentLine = tokens.first?.line ?? currentLine
                read(&self, tokens)
            case .block(_, let inner, _, _):
                readClosure(inner, read)
            }
        }
    }

    /// A chain of member accesses and calls from a name (`make.top.equalTo(x).offset(8)`):
    /// the root name and each link (a member, with its arguments when it is called). Swift's
    /// `equalTo()(x)` (Masonry's blocks called from Swift) is one link.
    static func chain(_ expression: CodeExpression) -> (root: String, links: [ChainLink])? {
        switch expression {
        case .name(let name):
            return (name, [])
        case .member(let base?, let name):
            guard var result = chain(base) else { return nil }
            result.links.append(ChainLink(name: name, arguments: nil))
            return result
        case .call(let callee, let arguments):
            guard var result = chain(callee), !result.links.isEmpty else { return nil }
            let last = result.links.count - 1
            if result.links[last].arguments == nil {
                result.links[last].arguments = arguments
            } else if result.links[last].arguments!.isEmpty {
                result.links[last].arguments = arguments
            } else {
                return nil
            }
            return result
        default:
            return nil
        }
    }
}

/// One link of a chain: `.top` (arguments nil) or `.offset(8)`.
struct ChainLink {
    var name: String
    var arguments: [CodeArgument]?

    var values: [CodeExpression] { (arguments ?? []).compactMap(\.value) }
    func value(_ label: String) -> CodeExpression? { arguments?.first { $0.label == label }?.value }
}

/// A closure's body found in a statement's tokens, with its parameter: `{ make in … }`,
/// `({ (make) -> Void in … })`, `^(MASConstraintMaker *make) { … }`.
struct CodeClosure {
    /// The tokens before the closure (`[v mas_makeConstraints:^(MASConstraintMaker *make)`).
    var head: [CodeToken]
    var parameter: String
    var body: [CodeNode]

    /// The first closure in `tokens` that follows `after` (a token index); nil when none.
    static func find(in tokens: [CodeToken], after start: Int) -> CodeClosure? {
        guard let open = tokens[start...].firstIndex(where: { $0.is("{") }) else { return nil }
        var depth = 0
        var close = open
        for index in open..<tokens.count {
            if tokens[index].is("{") { depth += 1 }
            if tokens[index].is("}") { depth -= 1 }
            if depth == 0 { close = index; break }
        }
        guard close > open else { return nil }
        var inner = Array(tokens[(open + 1)..<close])
        var parameter: String?
        // An Objective-C block's parameter comes before its brace: `^(MASConstraintMaker *make)`.
        if let caret = tokens[start..<open].lastIndex(where: { $0.is("^") }) {
            parameter = tokens[caret..<open].last { $0.kind == .name }?.text
        }
        // A Swift closure's comes inside: `make in`, `(make) -> Void in`, `(make: ConstraintMaker) in`.
        if let inIndex = inner.prefix(10).firstIndex(where: { $0.kind == .name && $0.text == "in" }) {
            parameter = inner[..<inIndex].first { $0.kind == .name }?.text
            inner.removeFirst(inIndex + 1)
        }
        // `in` ends the header: the first statement starts afresh.
        if let first = inner.first, !first.startsLine { inner[0].startsLine = true }
        return CodeClosure(head: Array(tokens[..<open]), parameter: parameter ?? "$0", body: CodeStatements.parse(inner))
    }

    /// A block node's body, with the Swift closure parameter taken off its first statement.
    static func fromBlock(_ body: [CodeNode]) -> (parameter: String, body: [CodeNode]) {
        var statements = body
        guard case .statement(var first)? = statements.first,
              let inIndex = first.prefix(10).firstIndex(where: { $0.kind == .name && $0.text == "in" }) else { return ("$0", body) }
        let parameter = first[..<inIndex].first { $0.kind == .name }?.text ?? "$0"
        first.removeFirst(inIndex + 1)
        if first.isEmpty { statements.removeFirst() } else { statements[0] = .statement(first) }
        return (parameter, statements)
    }
}
