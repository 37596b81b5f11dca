import LayoutVocabulary

/// Reads Swift or Objective-C layout code into a `LayoutCode`: a tokenizer, statements and
/// blocks, expressions, then a recognizer for the layout statements (`read`). Not a language
/// parser: it follows variables by name through the whole text as if it were one function
/// body, expands `forEach` and `for … in` over literal arrays, and reads closure-initialized
/// properties (`let label: UILabel = { let l = UILabel(); …; return l }()`) as the property.
public struct LayoutCodeReader {
    /// The name the code's `view`, `self.view` and `self` stand for.
    public static let rootName = "root"

    var code: LayoutCode
    let sourceLines: [Substring]
    var viewIndex: [String: Int] = [:]
    /// Every constraint made, in creation order, and the order they became active.
    var made: [CodeConstraint] = []
    var activationOrder: [Int] = []
    /// Variables holding constraints (one, or an array of them).
    var constraintVariables: [String: [Int]] = [:]
    var numbers: [String: Double] = [:]
    /// Variables holding insets (`UIEdgeInsets padding = UIEdgeInsetsMake(10, 10, 10, 10)`).
    var insetVariables: [String: EdgeInsets] = [:]
    /// Variables holding a size (`let imageSize = CGSize(width: 8, height: 10)`).
    var sizeVariables: [String: (width: Double, height: Double)] = [:]
    var dictionaries: [String: CodeExpression] = [:]
    /// Variables standing for an item (`let guide = view.safeAreaLayoutGuide`).
    var itemVariables: [String: CodeItem] = [:]
    /// Variables holding a literal array of views (`let fields = [a, b]`).
    var arrayVariables: [String: [CodeExpression]] = [:]
    /// While a `forEach` body is read: its parameter bound to an element.
    var bindings: [String: Binding] = [:]
    /// The line of the statement being read.
    var currentLine = 0
    /// Constraints a library installed, by the view it made them for (code name): what
    /// `remakeConstraints` removes and `updateConstraints` looks through.
    var libraryConstraints: [String: [Int]] = [:]
    /// A priority every constraint made now takes (PureLayout's `autoSetPriority` block).
    var priorityOverride: LayoutPriority?
    /// Constraints a library removed (`remakeConstraints`): replaced, not left inactive.
    var removed: Set<Int> = []

    enum Binding {
        case expression(CodeExpression)
        case constraint(Int)
    }

    /// Reads `text`. `language` decides nothing in the reading (both are understood
    /// everywhere); nil detects it for the record.
    public static func read(_ text: String, language: LayoutCode.Language? = nil) -> LayoutCode {
        var reader = LayoutCodeReader(code: LayoutCode(language: language ?? detectLanguage(text)),
                                      sourceLines: text.split(separator: "\n", omittingEmptySubsequences: false))
        let nodes = CodeStatements.parse(CodeTokenizer.tokenize(text))
        reader.walk(nodes, returning: nil)
        reader.finish()
        return reader.code
    }

    /// Objective-C when the text has its marks (`@implementation`, `#import`, `@"…"`, `YES`).
    public static func detectLanguage(_ text: String) -> LayoutCode.Language {
        let marks = ["@implementation", "@interface", "#import", "@\"", "@[", "@{", "= YES", "= NO;", "alloc]", "[super "]
        return marks.contains { text.contains($0) } ? .objectiveC : .swift
    }

    /// Whether a text looks like layout code at all: subviews, autoresizing, or a dialect's marks.
    public static func looksLikeLayoutCode(_ text: String) -> Bool {
        marks.contains { text.contains($0) }
    }

    static let marks = ["addSubview", "translatesAutoresizingMaskIntoConstraints"] + dialects.flatMap { $0.marks }

    // MARK: - Walking statements and blocks

    mutating func walk(_ nodes: [CodeNode], returning target: String?) {
        for node in branchesThatRun(nodes) {
            switch node {
            case .statement(let tokens):
                if let target, tokens.first?.text == "return", tokens.count == 2, tokens[1].kind == .name {
                    rename(tokens[1].text, to: target)
                    continue
                }
                statement(tokens)
            case .block(let header, let body, _, let line):
                block(header: header, body: body, line: line)
            }
        }
    }

    mutating func block(header: [CodeToken], body: [CodeNode], line: Int) {
        currentLine = header.first?.line ?? line
        for dialect in Self.dialects where dialect.block(header: header, body: body, line: line, reader: &self) { return }
        let words = header.filter { $0.kind == .name }.map(\.text)
        // LayoutLab's own exported helper class: its body is not layout.
        if let index = words.firstIndex(where: { $0 == "class" || $0 == "@implementation" || $0 == "implementation" }),
           index + 1 < words.count, words[index + 1] == "IntrinsicSizeView" {
            return
        }
        // `let name: T = { … }()`: a closure-initialized property.
        if header.last?.is("=") == true, let nameIndex = header.lastIndex(where: { $0.text == "let" || $0.text == "var" }),
           nameIndex + 1 < header.count, header[nameIndex + 1].kind == .name {
            walk(body, returning: header[nameIndex + 1].text)
            return
        }
        // `xs.forEach { … }` and `for x in xs { … }` over a literal array.
        if let elements = iteration(header) {
            var statements = body
            var parameter = "$0"
            if case .statement(var first)? = statements.first, let inIndex = first.firstIndex(where: { $0.kind == .name && $0.text == "in" }),
               inIndex <= 5, let name = first[..<inIndex].first(where: { $0.kind == .name }) {
                parameter = name.text
                first.removeFirst(inIndex + 1)
                statements[0] = .statement(first)
                if first.isEmpty { statements.removeFirst() }
            } else if let loopVariable = header.first(where: { $0.kind == .name && $0.text != "for" }), header.first?.text == "for" {
                parameter = loopVariable.text
            }
            let saved = bindings
            for element in elements {
                bindings[parameter] = element
                walk(statements, returning: nil)
            }
            bindings = saved
            return
        }
        // A loop over a range or a computed collection makes its views as many times as it
        // runs, which the reader cannot know: reading its body once would make one view of
        // several without a word, so a loop that does layout is listed as not run instead.
        if let keyword = header.first?.text, ["for", "while", "repeat"].contains(keyword), Self.mentionsLayout(body) {
            skipBranch(header, body, line: line, inLibrary: false,
                       why: "a loop is run here only over a literal array of views; write its views out")
            return
        }
        walk(body, returning: nil)
    }

    /// The elements a block header iterates over: `[a, b].forEach`, `for v in [a, b]`,
    /// `constraints.forEach`.
    mutating func iteration(_ header: [CodeToken]) -> [Binding]? {
        var tokens = header
        if tokens.first?.text == "for", let inIndex = tokens.firstIndex(where: { $0.kind == .name && $0.text == "in" }) {
            tokens = Array(tokens[(inIndex + 1)...])
        } else if tokens.count >= 2, tokens.last?.text == "forEach", tokens[tokens.count - 2].is(".") {
            tokens.removeLast(2)
        } else {
            return nil
        }
        var parser = CodeExpressionParser(tokens)
        let collection = parser.expression()
        if let refs = constraintRefs(collection, creating: true) { return refs.map { .constraint($0) } }
        if let elements = viewList(collection) { return elements.map { .expression($0) } }
        return nil
    }

    /// A literal array of views, or a variable holding one.
    func viewList(_ expression: CodeExpression) -> [CodeExpression]? {
        switch expression {
        case .array(let elements): return elements
        case .name(let name): return arrayVariables[name]
        case .member(.name("self"), let name): return arrayVariables[name]
        default: return nil
        }
    }

    // MARK: - Statements

    mutating func statement(_ tokens: [CodeToken]) {
        guard let first = tokens.first else { return }
        currentLine = first.line
        var outcome: Outcome?
        for dialect in Self.dialects {
            outcome = dialect.statement(tokens, reader: &self)
            if outcome != nil { break }
        }
        if case .skipped(let reason) = outcome ?? classify(tokens) { skip(tokens, reason, inLibrary: outcome != nil) }
    }

    /// Lists a statement as not read, with why.
    /// `inLibrary`: a statement inside a library's block (`make.top…`), always listed.
    mutating func skip(_ tokens: [CodeToken], _ reason: CodeSkippedLine.Reason, inLibrary: Bool = false) {
        guard let first = tokens.first else { return }
        // `import SnapKit`, `#import "Masonry.h"` name a library, not a layout.
        let mentions = inLibrary || first.text != "import" && tokens.contains { Self.isLayoutWord($0) } && !Self.isBookkeeping(tokens)
        let text = sourceLines.indices.contains(first.line - 1)
            ? String(sourceLines[first.line - 1].trimmingSpaces.prefix(120)) : ""
        code.skipped.append(CodeSkippedLine(line: first.line, text: text,
                                            reason: reason == .notLayout && mentions ? .unrecognized : reason,
                                            mentionsLayout: mentions))
    }

    /// UIKit's update cycle (`view.setNeedsUpdateConstraints()`, `super.updateViewConstraints()`)
    /// and a flag set to a literal (`didSetupConstraints = true`): named after constraints,
    /// but not layout, so not listed.
    static func isBookkeeping(_ tokens: [CodeToken]) -> Bool {
        let cycle: Set = ["setNeedsUpdateConstraints", "updateConstraintsIfNeeded", "updateViewConstraints", "updateConstraints"]
        if tokens.contains(where: { $0.kind == .name && cycle.contains($0.text) }) { return true }
        var rest = tokens.drop { $0.kind == .name && ["var", "let", "self", "BOOL", "Bool"].contains($0.text) || $0.is(".") || $0.is(":") }
        guard rest.first?.kind == .name else { return false }
        rest = rest.dropFirst()
        if rest.first?.is(":") == true { rest = rest.dropFirst(2) }
        guard rest.first?.is("=") == true else { return false }
        let value = rest.dropFirst().filter { !$0.is(";") }
        return value.count == 1 && ["true", "false", "YES", "NO"].contains(value.first!.text)
    }

    enum Outcome: Equatable {
        case layout
        case skipped(CodeSkippedLine.Reason)
    }

    static func isLayoutWord(_ token: CodeToken) -> Bool {
        guard token.kind == .name else { return false }
        let text = token.text
        return text.hasSuffix("Anchor") || text.contains("onstraint") || text.hasSuffix("LayoutGuide")
            || dialects.contains { $0.isLayoutWord(text) }
            || ["addSubview", "addArrangedSubview", "insertSubview", "setContentHuggingPriority",
                "setContentCompressionResistancePriority", "layoutMargins", "directionalLayoutMargins",
                "NSLayoutConstraint"].contains(text)
    }

    mutating func classify(_ tokens: [CodeToken]) -> Outcome {
        var tokens = tokens
        // Modifiers and attributes in front of a declaration.
        let modifiers: Set<String> = ["private", "fileprivate", "public", "internal", "open", "lazy", "weak", "unowned",
                                      "static", "final", "override", "@IBOutlet", "IBOutlet", "@objc", "__weak", "__strong",
                                      "__block", "const", "nonnull", "nullable", "_Nonnull", "_Nullable"]
        while let first = tokens.first, modifiers.contains(first.text) || (first.is("@") && tokens.count > 1 && tokens[1].kind == .name) {
            tokens.removeFirst(first.is("@") ? 2 : 1)
        }
        guard let first = tokens.first else { return .skipped(.notLayout) }
        // Swift declarations: `let name [: Type] = value`.
        if first.kind == .name, first.text == "let" || first.text == "var" {
            guard tokens.count >= 2, tokens[1].kind == .name else { return .skipped(.notLayout) }
            let name = tokens[1].text
            if let equals = tokens.firstIndex(where: { $0.is("=") }) {
                var parser = CodeExpressionParser(tokens, from: equals + 1)
                return bind(name, to: parser.expression(), line: first.line)
            }
            // `@IBOutlet var title: UILabel!`: a view the code will name.
            if tokens.count >= 4, tokens[2].is(":"), Self.isViewClass(tokens[3].text) {
                declareView(name, className: tokens[3].text, line: first.line)
                return .layout
            }
            // `var top: Constraint?`, `var all: [NSLayoutConstraint]`: a place for constraints
            // made later, nothing to lay out yet.
            if tokens.count >= 3, tokens[2].is(":"), tokens.dropFirst(3).contains(where: { $0.kind == .name && $0.text.hasSuffix("Constraint") }) {
                return .layout
            }
            return .skipped(.notLayout)
        }
        // Objective-C declarations: `Type *name = value` and `Type name = value`.
        if first.kind == .name, first.text.first?.isUppercase == true || ["CGFloat", "id", "int", "float", "double"].contains(first.text) {
            var index = 1
            if index < tokens.count, tokens[index].is("<") {
                while index < tokens.count, !tokens[index].is(">") { index += 1 }
                index += 1
            }
            if index < tokens.count, tokens[index].is("*") { index += 1 }
            if index + 1 < tokens.count, tokens[index].kind == .name, tokens[index + 1].is("=") {
                var parser = CodeExpressionParser(tokens, from: index + 2)
                return bind(tokens[index].text, to: parser.expression(), line: first.line)
            }
            if index + 1 == tokens.count, index > 1, tokens[index].kind == .name { return .skipped(.notLayout) }
        }
        if first.text == "return" || first.text == "if" || first.text == "guard" || first.text == "else" || first.text == "switch" {
            return .skipped(.notLayout)
        }
        var parser = CodeExpressionParser(tokens)
        let target = parser.expression()
        if let token = parser.current, token.is("=") || token.is("+=") {
            parser.index += 1
            let value = parser.expression()
            return token.is("=") ? assign(target, value, line: first.line) : append(to: target, value)
        }
        return call(target, line: first.line)
    }

    // MARK: - Views

    static let viewClassSuffixes = ["View", "Label", "Button", "Field", "Control", "Switch", "Slider", "Indicator", "Bar", "Guide", "Cell"]

    static func isViewClass(_ name: String) -> Bool {
        guard name.first?.isUppercase == true, !["UIEdgeInsets", "NSDirectionalEdgeInsets", "NSLayoutConstraint"].contains(name) else { return false }
        return viewClassSuffixes.contains { name.hasSuffix($0) }
    }

    @discardableResult
    mutating func declareView(_ name: String, className: String?, line: Int) -> Int {
        let name = name == Self.rootName ? "root2" : name
        if let index = viewIndex[name] {
            if let className { code.views[index].className = className }
            return index
        }
        var view = CodeView(name: name, line: line)
        view.className = className
        if className == "UIStackView" || className == "NSStackView" {
            view.kind = .stack
            view.stack = CodeStack()
        }
        if className == "UILayoutGuide" || className == "NSLayoutGuide" { view.kind = .layoutGuide }
        code.views.append(view)
        viewIndex[name] = code.views.count - 1
        return code.views.count - 1
    }

    /// The view an item names, declared when first seen; nil for root and a cell's content
    /// view (which come with the session and the cell).
    mutating func viewIndex(of item: CodeItem, line: Int) -> Int? {
        item.view == Self.rootName || CodeCell.cell(ofContentView: item.view) != nil ? nil : declareView(item.view, className: nil, line: line)
    }

    /// Whether a code name is a cell the code makes as a `UITableViewCell` or `UICollectionViewCell`.
    func isCell(_ name: String) -> Bool {
        guard let index = viewIndex[name], let className = code.views[index].className else { return false }
        return CodeCell.classes.contains(className)
    }

    /// Renames a view (a closure-initialized property's local variable becomes the property).
    mutating func rename(_ old: String, to new: String) {
        guard viewIndex[old] != nil, old != new else { return }
        if let existing = viewIndex[new] {
            // The property was named before its closure was read (`label.textColor = …` in a
            // `didSet` above it): that mention is this view. Anything more is another view.
            let named = code.views[existing]
            guard named.kind == .view, named.className == nil, !named.isMadeHere, named.superview == nil,
                  named.frame == nil, named.identifier == nil else { return }
            let from = viewIndex[old]!
            for word in named.contentSet where !code.views[from].contentSet.contains(word) { code.views[from].contentSet.append(word) }
            code.views.remove(at: existing)
            viewIndex = Dictionary(uniqueKeysWithValues: code.views.enumerated().map { ($1.name, $0) })
        }
        let index = viewIndex[old]!
        code.views[index].name = new
        viewIndex[old] = nil
        viewIndex[new] = index
        for i in code.views.indices {
            if code.views[i].superview == old { code.views[i].superview = new }
            if let frame = code.views[i].frame {
                code.views[i].frame = frame.map { side in
                    var side = side
                    for t in side.terms.indices where side.terms[t].view == old { side.terms[t].view = new }
                    return side
                }
            }
            if let arranged = code.views[i].stack?.arranged { code.views[i].stack!.arranged = arranged.map { $0 == old ? new : $0 } }
        }
        for i in made.indices { made[i].renameItem(old, to: new) }
        for i in code.contentPriorities.indices where code.contentPriorities[i].view == old { code.contentPriorities[i].view = new }
        for i in code.margins.indices where code.margins[i].view == old { code.margins[i].view = new }
    }

    /// The intrinsic sizes UIKit gives controls whose size does not depend on content (nil:
    /// that side depends on the segments or pages). Sources in the README.
    static let controlSizes: [String: (Double?, Double?)] = [
        "UISwitch": (51, 31), "UIStepper": (94, 32), "UIActivityIndicatorView": (20, 20),
        "UISegmentedControl": (nil, 32), "UIPageControl": (nil, 26),
    ]

    /// Views whose size comes from text or an image: the importer asks for one.
    public static let contentSizedClasses: Set<String> = ["UILabel", "UIButton", "UIImageView", "UITextField", "UITextView"]

    mutating func finish() {
        for index in code.views.indices where !code.views[index].hasIntrinsicSize {
            guard let className = code.views[index].className, let size = Self.controlSizes[className] else { continue }
            let large = className == "UIActivityIndicatorView" && code.views[index].contentSet.contains("large")
            code.views[index].hasIntrinsicSize = true
            code.views[index].intrinsicWidth = large ? 37 : size.0
            code.views[index].intrinsicHeight = large ? 37 : size.1
        }
        var order = activationOrder
        let active = Set(activationOrder)
        for index in made.indices where !active.contains(index) && !removed.contains(index) { order.append(index) }
        code.constraints = order.map { made[$0] }
    }
}

extension CodeConstraint {
    mutating func renameItem(_ old: String, to new: String) {
        switch form {
        case .anchors(var first, let relation, var second, let multiplier, let constant, let system):
            if first.item.view == old { first.item.view = new }
            if second?.item.view == old { second!.item.view = new }
            form = .anchors(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant, systemSpacing: system)
        case .visualFormat(let format, let options, let metrics, var views):
            for (key, item) in views where item.view == old { views[key]!.view = new }
            form = .visualFormat(format: format, options: options, metrics: metrics, views: views)
        }
    }
}

extension Substring {
    /// Without blanks or a `\r` at either end: a source line quoted in a message, where a CRLF
    /// file's line ends in `\r` that must not reach the terminal.
    var trimmingSpaces: Substring { trimming { $0.isBlank || $0 == "\r" } }
}
