import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Size classes: `traits` shows and sets the session's trait collection, `vary` gives a
/// constraint or stack another value in some size classes (what an imported scene's
/// `<variation>`s become).
enum TraitCommands {
    static let all: [any ShellCommand.Type] = [SetTraits.self, SetVariant.self]

    /// Reads `width=compact height=regular` (also `w=`, `h=`, IB's `widthClass=`, `any` for
    /// a class or, alone, for both) on top of `start`; `what` names the command in errors.
    static func parseTraits(_ words: [Word], start: TraitCollection, what: String) throws(ShellError) -> TraitCollection {
        var traits = start
        var named = Set<String>()
        if words.count == 1, words[0].text == "any" { return .any }
        for word in words {
            let parts = word.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let hint = "e.g. \(what) width=compact height=regular"
            guard parts.count == 2 else {
                throw ShellError("\(what) takes width=CLASS and height=CLASS, not \(word.text)", hint: hint, column: word.column)
            }
            let key: String
            switch parts[0] {
            case "width", "w", "widthClass", "horizontal": key = "width"
            case "height", "h", "heightClass", "vertical": key = "height"
            default: throw ShellError("a size class is a width or a height, not \(parts[0])", hint: hint, column: word.column)
            }
            guard named.insert(key).inserted else {
                throw ShellError("the \(key) class is given twice", hint: hint, column: word.column)
            }
            let valueColumn = word.column + parts[0].count + 1
            let value: SizeClass?
            switch parts[1] {
            case "any": value = nil
            default:
                guard let sizeClass = SizeClass(rawValue: parts[1]) else {
                    throw ShellError("a size class is compact, regular or any, not \(parts[1].isEmpty ? "nothing" : parts[1])", hint: hint, column: valueColumn)
                }
                value = sizeClass
            }
            if key == "width" { traits.width = value } else { traits.height = value }
        }
        return traits
    }
}

/// `traits width=compact|regular height=compact|regular`: the size classes by hand (on the
/// same screen); `traits` alone shows them. Every variant is re-applied, in one change.
struct SetTraits: SessionChange {
    var traits: TraitCollection

    static let spec = CommandSpec(
        trigger: .words(["traits"]), kind: .change, group: .settings, topic: "traits", aliases: ["sizeclass", "sizeclasses"],
        synopsis: ["traits", "traits width=compact|regular|any height=compact|regular|any"],
        summary: ["the trait collection's size classes: alone, what they are and where",
                  "they come from (device sets them: regular width on iPads and large",
                  "phones in landscape, compact height on phones in landscape). Set by",
                  "hand, a class not named keeps its value; the screen stays as it is.",
                  "Whatever varies for traits (vary, an imported scene's size classes) is",
                  "re-applied: constraints installed or removed, constants, stack axes."],
        examples: ["traits width=regular height=compact"],
        overview: ["traits height=compact"],
        completeArguments: { _ in ["width=compact", "width=regular", "height=compact", "height=regular"] })

    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.rest.isEmpty ? ShowTraits() : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetTraits {
        SetTraits(traits: try TraitCommands.parseTraits(p.rest, start: p.session.traits, what: "traits"))
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let before = session.traits
        session.state.traits = traits
        let notes = try session.applyVariants()
        return ["traits are now \(traits.words) (were \(before.words))"] + notes
    }
}

/// `traits` alone: the size classes, where they come from, and what varies with them.
struct ShowTraits: SessionAction {
    static let spec = SetTraits.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowTraits { ShowTraits() }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        var lines = ["traits: \(session.traits.words) (\(session.traitsSource))"]
        let count = session.state.variants.count
        lines.append(count == 0 ? "nothing varies with them (vary … for … makes a variant)"
                     : "\(count) \(count == 1 ? "property varies" : "properties vary") with them: `vary` lists them")
        result.output = lines
        return false
    }
}

/// `vary TARGET.PROPERTY = VALUE [for TRAITS]`: a constraint's `active` or `constant`, a
/// stack's `axis`, `spacing` or `alignment` takes VALUE under those size classes (Any/Any
/// without `for`). The property's value before its first variant becomes its Any/Any value.
struct SetVariant: SessionChange {
    var target: String
    var property: TraitVariant.Property
    var value: TraitVariant.Value
    var pattern: TraitCollection

    static let spec = CommandSpec(
        trigger: .words(["vary"]), kind: .change, group: .settings, topic: "vary", aliases: ["variants", "variation"],
        synopsis: ["vary", "vary cN.active = true|false [for TRAITS]", "vary cN.constant = N [for TRAITS]",
                   "vary STACK.axis = h|v [for TRAITS]", "vary STACK.spacing = N [for TRAITS]",
                   "vary STACK.alignment = center… [for TRAITS]", "vary VIEW.installed = true|false [for TRAITS]"],
        summary: ["Xcode's Vary for Traits: the value a property takes in some size",
                  "classes (TRAITS as for traits: width=compact height=regular; without",
                  "for, Any/Any). The most specific matching value wins; the property's",
                  "value before its first variant is its Any/Any one. Applied now and at",
                  "every device or traits change. Alone: the variants. An imported",
                  "storyboard's size classes become these lines. A view not installed",
                  "leaves the hierarchy with its subviews and constraints (as in UIKit)",
                  "and comes back with them, under the same names and ids."],
        examples: ["vary c3.constant = 40 for height=compact", "vary c2.active = false for width=regular", "vary row.axis = v for width=compact",
                   "vary label.installed = false for height=compact"],
        overview: ["vary c3.active = false for height=compact"],
        completeArguments: { context in
            context.words.count >= 4 ? ["for", "width=compact", "width=regular", "height=compact", "height=regular"] : []
        })

    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.rest.isEmpty ? ListVariants() : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetVariant {
        let example = "e.g. vary c3.constant = 40 for height=compact"
        let forIndex = p.rest.firstIndex { $0.text == "for" }
        var assignment = Array(p.rest[..<(forIndex ?? p.rest.count)])
        // `c3.constant=40` and `c3.constant =40` read as `c3.constant = 40`.
        if assignment.count < 3, let whole = assignment.first {
            var split: [Word] = []
            for word in assignment {
                var column = word.column
                for (index, piece) in word.text.split(separator: "=", omittingEmptySubsequences: false).enumerated() {
                    if index > 0 { split.append(Word(text: "=", column: column)); column += 1 }
                    if !piece.isEmpty { split.append(Word(text: String(piece), column: column)) }
                    column += piece.count
                }
            }
            assignment = split.isEmpty ? [whole] : split
        }
        guard assignment.count == 3, assignment[1].text == "=" else {
            throw ShellError("vary needs TARGET.PROPERTY = VALUE", hint: example, column: assignment.last.map { $0.column } ?? p.columnAfterCommand)
        }
        let head = assignment[0], valueWord = assignment[2]
        guard let dot = head.text.lastIndex(of: ".") else {
            throw ShellError("vary needs a property after \(head.text): active, constant, axis, spacing, alignment or installed", hint: example, column: head.column)
        }
        let target = String(head.text[..<dot]), propertyText = String(head.text[head.text.index(after: dot)...])
        let propertyColumn = head.column + target.count + 1
        guard let property = TraitVariant.Property(rawValue: propertyText) else {
            throw ShellError("\(propertyText) does not vary: a constraint's active or constant, a stack's axis, spacing or alignment, a view's installed", hint: example, column: propertyColumn)
        }
        if property.ofView {
            guard p.model.view(target) != nil || p.session.uninstalledStash(holdingView: target) != nil else { throw p.unknownView(target, column: head.column) }
            guard target != LayoutModel.rootName else {
                throw ShellError("the root is always installed", hint: "vary a subview's installed", column: head.column)
            }
            if p.model.view(target) != nil {
                do { try p.model.checkUninstallable(target) } catch { throw ShellError(error, column: head.column) }
            }
        } else if property.ofStack {
            guard p.model.view(target) != nil else { throw p.unknownView(target, column: head.column) }
            guard p.model.isStack(target) else { throw ShellError(LayoutError.notAStack(target), column: head.column) }
        } else {
            guard p.model.constraint(target) != nil else {
                throw ShellError("there is no constraint \(target)", hint: "constraints lists them", column: head.column)
            }
        }
        let value: TraitVariant.Value
        func refuse(_ choices: String) -> ShellError {
            ShellError("\(property.rawValue) is \(choices), not \(valueWord.text)", hint: example, column: valueWord.column)
        }
        switch property {
        case .active, .installed:
            guard valueWord.text == "true" || valueWord.text == "false" else { throw refuse("true or false") }
            value = .flag(valueWord.text == "true")
        case .constant, .spacing:
            guard let number = Double(valueWord.text), number.isFinite, abs(number) <= LayoutModel.maxMagnitude else { throw refuse("a number") }
            value = .number(number)
        case .axis:
            switch valueWord.text {
            case "h", "horizontal": value = .axis(.horizontal)
            case "v", "vertical": value = .axis(.vertical)
            default: throw refuse("h or v")
            }
        case .alignment:
            let alignment: StackView.Alignment? = switch valueWord.text {
            case "top": .leading
            case "bottom": .trailing
            default: StackView.Alignment(rawValue: valueWord.text)
            }
            guard let alignment else { throw refuse("fill, leading, top, center, trailing, bottom, firstBaseline or lastBaseline") }
            value = .alignment(alignment)
        }
        var pattern = TraitCollection.any
        if let forIndex {
            let words = Array(p.rest[(forIndex + 1)...])
            guard !words.isEmpty else {
                throw ShellError("for needs the size classes", hint: example, column: p.rest[forIndex].column + 4)
            }
            pattern = try TraitCommands.parseTraits(words, start: .any, what: "for")
        }
        return SetVariant(target: target, property: property, value: value, pattern: pattern)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let notes = try session.addVariant(target: target, property: property, value: value, for: pattern)
        let variant = session.state.variants.first { $0.target == target && $0.property == property }!
        return ["\(target).\(property.rawValue) varies: \(ListVariants.rules(of: variant))"] + notes
    }
}

/// `vary` alone: every variant, and the value it has under the present traits.
struct ListVariants: SessionAction {
    static let spec = SetVariant.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListVariants { ListVariants() }

    static func rules(of variant: TraitVariant) -> String {
        variant.rules.map { "\(Session.words($0.value)) for \($0.pattern.words)" }.joined(separator: ", ")
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let traits = session.traits
        var lines = ["traits: \(traits.words) (\(session.traitsSource))"]
        if session.state.variants.isEmpty { lines.append("nothing varies with them") }
        for variant in session.state.variants {
            var now = session.traitValue(of: variant.target, variant.property).map(Session.words) ?? "gone"
            if session.model.constraint(variant.target) == nil, let out = session.uninstalledStash(holdingConstraint: variant.target) {
                now += ", out with \(out.name)"
            }
            lines.append("  \(variant.target).\(variant.property.rawValue) = \(now)   (\(Self.rules(of: variant)))")
        }
        result.output = lines
        return false
    }
}
