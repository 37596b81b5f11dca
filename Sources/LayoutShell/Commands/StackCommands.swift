import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Stack views: `stack` (make one, add and remove arranged views), the stack's properties and
/// `VIEW.hidden`.
enum StackCommands {
    static let all: [any ShellCommand.Type] = [MakeStack.self, SetStackProperty.self]
}

/// `stack NAME [in SUPER] h|v VIEW…`, `stack NAME add VIEW [at N]`, `stack NAME remove VIEW`.
enum MakeStack: SessionChange {
    case make(name: String, parent: String, axis: LayoutAttribute.Axis, arranged: [String])
    case add(stack: String, view: String, index: Int?)
    case remove(stack: String, view: String)

    static let spec = CommandSpec(
        trigger: .words(["stack"]), kind: .change, group: .makeViews, topic: "stack", aliases: ["stacks", "UIStackView"],
        synopsis: ["stack NAME [in SUPERVIEW] h|v VIEW…", "stack NAME add VIEW [at N]", "stack NAME remove VIEW"],
        summary: ["a UIStackView arranging the views along h or v (new views are made, existing",
                  "ones move into it, as addArrangedSubview). It makes UIKit's own constraints",
                  "(UISV-canvas-connection, UISV-spacing, UISV-alignment, …), ids s.UISV-….N,",
                  "remade in one change when a property changes: NAME.spacing, .distribution,",
                  ".alignment, .marginsRelative, .baselineRelative, .spacingAfter.VIEW, and",
                  "VIEW.hidden. add inserts (at N: 0 is first); remove takes a view out of the",
                  "arrangement but, as removeArrangedSubview, leaves it a subview."],
        examples: ["stack bar h icon title", "stack column in card v header body", "stack row add badge at 0", "stack row remove item2"],
        overview: ["stack s h a b c", "view a frame 0,0,9,9"],
        completeArguments: { context in
            let model = context.session.model
            let words = context.words.map(\.text)
            if words.count == 1 { return model.stacks.keys.sorted() }
            if words.last == "in" { return model.viewOrder.filter { !model.isGuide($0) } }
            if words.count == 2, model.isStack(words[1]) { return ["add", "remove"] }
            if words.count == 3, words[2] == "remove" { return model.stacks[words[1]]?.arranged ?? [] }
            if words.count == 2 || (words.count == 4 && words[2] == "in") { return ["h", "v", "in"] }
            return model.viewOrder.filter { !model.isGuide($0) && $0 != LayoutModel.rootName }
        })

    static func parse(_ p: inout LineParser) throws(ShellError) -> MakeStack {
        let model = p.model
        let rest = p.rest
        guard let nameWord = rest.first else {
            throw ShellError("stack needs a name, an axis and its views", hint: "e.g. stack s h a b c", column: p.columnAfterCommand)
        }
        let name = nameWord.text
        if model.isStack(name), rest.count >= 2, ["add", "remove"].contains(rest[1].text) {
            return try parseChange(p, stack: name, words: Array(rest.dropFirst()))
        }
        do { try model.validateNewView(name) } catch {
            if model.view(name) != nil, !model.isStack(name) {
                throw ShellError("there is already a view named \(name), which is not a stack", hint: "choose another name for the stack", column: nameWord.column)
            }
            if model.isStack(name) {
                throw ShellError("\(name) is already a stack", hint: "stack \(name) add VIEW, or \(name).spacing = 8 …", column: rest.count > 1 ? rest[1].column : nameWord.column)
            }
            throw ShellError(error, column: nameWord.column)
        }
        if p.session.metrics[name] != nil { throw ShellError("\(name) is already a metric", hint: "choose another name", column: nameWord.column) }
        var i = 1
        var parent = LayoutModel.rootName
        if i < rest.count, rest[i].text == "in" {
            guard i + 1 < rest.count else { throw ShellError("'in' needs the name of the superview", hint: "e.g. stack s in card v a b", column: rest[i].column + 2) }
            let parentWord = rest[i + 1]
            guard model.view(parentWord.text) != nil else { throw p.unknownView(parentWord.text, column: parentWord.column) }
            if model.isGuide(parentWord.text) { throw ShellError(LayoutError.guideCannotHaveSubviews(parentWord.text), column: parentWord.column) }
            parent = parentWord.text
            i += 2
        }
        guard i < rest.count else { throw ShellError("stack needs an axis, h or v", hint: "e.g. stack \(name) h a b c", column: p.line.count + 2) }
        let axisWord = rest[i]
        guard axisWord.text == "h" || axisWord.text == "v" else {
            throw ShellError("the axis is h (horizontal) or v (vertical), not \(axisWord.text)", hint: "e.g. stack \(name) h a b c", column: axisWord.column)
        }
        var seen = Set<String>()
        var arranged: [String] = []
        for word in rest[(i + 1)...] {
            if seen.contains(word.text) || word.text == name { throw ShellError(LayoutError.arrangedTwice(word.text), column: word.column) }
            seen.insert(word.text)
            try checkArrangedWord(word, p: p, stack: name, parent: parent)
            arranged.append(word.text)
        }
        return .make(name: name, parent: parent, axis: axisWord.text == "h" ? .horizontal : .vertical, arranged: arranged)
    }

    /// A view to arrange: an existing view that may move there, or a valid new name.
    private static func checkArrangedWord(_ word: Word, p: LineParser, stack: String, parent: String) throws(ShellError) {
        let model = p.model
        if let info = model.view(word.text) {
            if word.text == LayoutModel.rootName { throw ShellError(LayoutError.rootCannotBeArranged, column: word.column) }
            if info.kind.isGuide { throw ShellError(LayoutError.guideCannotBeArranged(word.text), column: word.column) }
            if word.text == parent || model.subtree(of: word.text).contains(parent) {
                throw ShellError(LayoutError.arrangedContainsStack(word.text, stack: stack), column: word.column)
            }
            return
        }
        do { try model.validateNewView(word.text) } catch { throw ShellError(error, column: word.column) }
        if p.session.metrics[word.text] != nil { throw ShellError("\(word.text) is already a metric", hint: "choose another view name", column: word.column) }
        if ["in", "add", "remove", "at", "h", "v"].contains(word.text) {
            throw ShellError("\(word.text) is a word of the stack command", hint: "choose another name", column: word.column)
        }
    }

    private static func parseChange(_ p: LineParser, stack: String, words: [Word]) throws(ShellError) -> MakeStack {
        let verb = words[0]
        guard words.count >= 2 else { throw ShellError("\(verb.text) needs a view", hint: "e.g. stack \(stack) \(verb.text) d", column: verb.column + verb.text.count + 1) }
        let view = words[1]
        if verb.text == "remove" {
            if words.count > 2 { throw ShellError("unexpected '\(words[2].text)' after the view", column: words[2].column) }
            guard p.model.view(view.text) != nil else { throw p.unknownView(view.text, column: view.column) }
            guard p.model.arrangedIn[view.text] == stack else { throw ShellError(LayoutError.notArranged(view.text, stack: stack), column: view.column) }
            return .remove(stack: stack, view: view.text)
        }
        if p.model.arrangedIn[view.text] != stack {
            try checkArrangedWord(view, p: p, stack: stack, parent: p.model.view(stack)!.parent!)
            if view.text == stack { throw ShellError(LayoutError.arrangedTwice(stack), column: view.column) }
        }
        var index: Int?
        if words.count > 2 {
            guard words[2].text == "at", words.count == 4 else {
                throw ShellError("after the view comes at N", hint: "e.g. stack \(stack) add \(view.text) at 0", column: words[2].column)
            }
            guard let value = Int(words[3].text), value >= 0 else {
                throw ShellError("'\(words[3].text)' is not a place", hint: "a whole number from 0 (the first place)", column: words[3].column)
            }
            let count = p.model.stacks[stack]!.arranged.count - (p.model.arrangedIn[view.text] == stack ? 1 : 0)
            guard value <= count else { throw ShellError(LayoutError.arrangedIndexOutOfRange(value, count: count), column: words[3].column) }
            index = value
        }
        return .add(stack: stack, view: view.text, index: index)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        switch self {
        case .make(let name, let parent, let axis, let arranged):
            let moved = arranged.filter { session.model.view($0) != nil }
            try session.modelChange { try $0.addStack(name, in: parent, axis: axis, arranged: arranged) }
            session.reportState.needsReload = true
            return moved.isEmpty ? [] : ["moved \(moved.joined(separator: ", ")) into \(name) (their constraints to views outside went with the move)"]
        case .add(let stack, let view, let index):
            let existed = session.model.view(view) != nil
            try session.modelChange { try $0.insertArranged(view, in: stack, at: index) }
            session.reportState.needsReload = true
            let order = session.model.stacks[stack]!.arranged.joined(separator: " ")
            return ["\(stack) arranges \(order)" + (existed ? "" : " (\(view) is new)")]
        case .remove(let stack, let view):
            try session.modelChange { try $0.removeArranged(view, from: stack) }
            return ["\(view) is no longer arranged in \(stack) but is still its subview, placed by nothing (as removeArrangedSubview leaves it); remove \(view) takes it away"]
        }
    }
}

/// `STACK.spacing = N`, `.distribution = …`, `.alignment = …`, `.marginsRelative = true|false`,
/// `.baselineRelative = true|false`, `.spacingAfter.VIEW = N|default`.
struct SetStackProperty: SessionChange {
    enum Change {
        case axis(LayoutAttribute.Axis)
        case spacing(Double)
        case spacingAfter(view: String, Double?)
        case distribution(StackView.Distribution)
        case alignment(StackView.Alignment)
        case marginsRelative(Bool)
        case baselineRelative(Bool)
    }

    var stack: String
    var change: Change

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["axis", "spacing", "distribution", "alignment", "marginsRelative", "baselineRelative", "spacingAfter", "hidden"]),
        kind: .change, group: .change, topic: "spacing",
        aliases: ["axis", "distribution", "alignment", "marginsRelative", "baselineRelative", "spacingAfter", "hidden", "isHidden"],
        synopsis: ["VIEW.hidden = true|false", "STACK.axis = h|v", "STACK.spacing = N",
                   "STACK.distribution = fill|fillEqually|fillProportionally",
                   "STACK.distribution = equalSpacing|equalCentering",
                   "STACK.alignment = fill|leading|top|center|trailing|bottom",
                   "STACK.alignment = firstBaseline|lastBaseline",
                   "STACK.marginsRelative = true|false", "STACK.baselineRelative = true|false", "STACK.spacingAfter.VIEW = N|default"],
        summary: ["a stack view's properties (spacing 0, fill, fill by default). Its UISV-*",
                  "constraints are remade in one change. spacingAfter is",
                  "setCustomSpacing(_:after:) (default: back to the spacing). marginsRelative",
                  "pins the views to the stack's margins guide; baselineRelative spaces a",
                  "vertical stack's views baseline to baseline. fillProportionally shares out",
                  "by intrinsic sizes (without any, equally).",
                  "hidden (isHidden): an arranged view collapses as UIKit's do, UISV-hiding (its",
                  "length == 0 @999.999) and UISV-spacing-hidden (@50) around it; any other view",
                  "keeps taking part in the layout, as in UIKit."],
        examples: ["row.spacing = 8", "row.distribution = equalSpacing", "row.alignment = center", "row.marginsRelative = true",
                   "row.baselineRelative = true", "row.spacingAfter.item1 = 20"],
        overview: ["s.spacing = 8", "b.hidden = true"],
        completeArguments: { _ in [] })

    /// `VIEW.hidden = …` is a form of this topic that any view takes.
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.peek(2).identifier == "hidden" ? try SetHidden.parse(&parser) : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetStackProperty {
        let head = p.current.identifier!
        let member = p.peek(2).identifier!
        guard p.model.view(head) != nil else { throw p.unknownView(head, column: p.current.column) }
        guard let stack = p.model.stacks[head] else {
            throw ShellError(LayoutError.notAStack(head), column: p.current.column)
        }
        p.position = 3
        var afterView: String?
        if member == "spacingAfter" {
            guard p.current.isSymbol("."), let view = p.peek().identifier else {
                throw ShellError("spacingAfter needs the view it follows", hint: "e.g. \(head).spacingAfter.\(stack.arranged.first ?? "a") = 20", column: p.current.column)
            }
            guard stack.arranged.contains(view) else {
                throw ShellError(LayoutError.notArranged(view, stack: head), column: p.peek().column)
            }
            afterView = view
            p.position += 2
        }
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        let valueColumn = p.current.column
        let change: Change
        func word<T>(_ make: (String) -> T?, _ choices: [String]) throws(ShellError) -> T {
            guard let text = p.current.identifier, let value = make(text) else {
                throw ShellError("\(member) is one of \(choices.joined(separator: ", "))", hint: "e.g. \(head).\(member) = \(choices[1])", column: valueColumn)
            }
            p.advance()
            return value
        }
        switch member {
        case "axis":
            let axis: LayoutAttribute.Axis = try word({ ["h": .horizontal, "horizontal": .horizontal, "v": .vertical, "vertical": .vertical][$0] }, ["h", "v"])
            if axis == .vertical && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline) {
                throw ShellError(LayoutError.baselineAlignmentInVerticalStack(head), column: valueColumn)
            }
            change = .axis(axis)
        case "spacing":
            change = .spacing(try p.number(what: "the spacing"))
        case "spacingAfter":
            if p.current.identifier == "default" {
                p.advance()
                change = .spacingAfter(view: afterView!, nil)
            } else {
                change = .spacingAfter(view: afterView!, try p.number(what: "the spacing"))
            }
        case "distribution":
            change = .distribution(try word({ StackView.Distribution(rawValue: $0) }, StackView.Distribution.allCases.map(\.rawValue)))
        case "alignment":
            let alignment: StackView.Alignment = try word({ text in
                switch text {
                case "top": .leading
                case "bottom": .trailing
                default: StackView.Alignment(rawValue: text)
                }
            }, ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"])
            if stack.axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) {
                throw ShellError(LayoutError.baselineAlignmentInVerticalStack(head), column: valueColumn)
            }
            change = .alignment(alignment)
        default:
            let value: Bool = try word({ $0 == "true" ? true : ($0 == "false" ? false : nil) }, ["true", "false"])
            change = member == "marginsRelative" ? .marginsRelative(value) : .baselineRelative(value)
        }
        try p.expectEnd()
        return SetStackProperty(stack: head, change: change)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let model = session.model
        let before = model.stacks[stack]!
        try session.modelChange { model in
            switch change {
            case .axis(let value): try model.setStackAxis(stack, value)
            case .spacing(let value): try model.setStackSpacing(stack, value)
            case .spacingAfter(let view, let value): try model.setCustomSpacing(stack, after: view, value)
            case .distribution(let value): try model.setDistribution(stack, value)
            case .alignment(let value): try model.setAlignment(stack, value)
            case .marginsRelative(let value): try model.setLayoutMarginsRelative(stack, value)
            case .baselineRelative(let value): try model.setBaselineRelative(stack, value)
            }
        }
        session.reportState.needsReload = true
        let after = model.stacks[stack]!
        switch change {
        case .axis: return ["\(stack).axis is now \(after.axis == .horizontal ? "h" : "v") (was \(before.axis == .horizontal ? "h" : "v"))"]
        case .spacing: return ["\(stack).spacing is now \(formatNumber(after.spacing)) (was \(formatNumber(before.spacing)))"]
        case .spacingAfter(let view, let value):
            return ["the spacing after \(view) in \(stack) is now " + (value.map(formatNumber) ?? "the stack's spacing (\(formatNumber(after.spacing)))")]
        case .distribution: return ["\(stack).distribution is now \(after.distribution.rawValue) (was \(before.distribution.rawValue))"]
        case .alignment:
            return ["\(stack).alignment is now \(after.alignment.word(for: after.axis)) (was \(before.alignment.word(for: before.axis)))"]
        case .marginsRelative(let value): return ["\(stack).marginsRelative is now \(value)"]
        case .baselineRelative(let value):
            return ["\(stack).baselineRelative is now \(value)" + (after.axis == .horizontal ? " (UIKit uses it in vertical stacks only: no constraint changes)" : "")]
        }
    }
}

/// `VIEW.hidden = true|false`.
struct SetHidden: SessionChange {
    var view: String
    var hidden: Bool

    static let spec = SetStackProperty.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetHidden {
        let (view, hidden, _) = try p.viewSwitch("hidden", rootError: .rootCannotHide,
                                                 guideNote: "which is never drawn, so never hidden", example: true)
        return SetHidden(view: view, hidden: hidden)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setHidden(view, hidden) }
        session.reportState.needsReload = true
        if let stack = session.model.arrangedIn[view] {
            return ["\(view) is now \(hidden ? "hidden: \(stack) collapses it" : "shown: \(stack) makes room for it")"]
        }
        return ["\(view) is now \(hidden ? "hidden" : "shown"); it is not arranged in a stack, so its place stays (hidden views still take part in Auto Layout)"]
    }
}
