/// One way layout code spells constraints, or the views that make their own: anchors,
/// `NSLayoutConstraint(item:…)`, VFL calls, stack views. `LayoutCodeReader` walks the
/// statements, follows variables, views, their hierarchy and their settings, and asks each
/// dialect in `LayoutCodeReader.dialects` about the expressions and calls only a dialect knows;
/// the first that answers reads it. A dialect uses the reader's helpers (`item`, `number`,
/// `priority`, `constraintRefs`, `setActive`, `addChild`) and never another dialect.
///
/// ## How to add a dialect
/// 1. One new file in Dialects/ (`SnapKitDialect.swift`): a caseless enum conforming to
///    `LayoutCodeDialect`. Implement only the hooks it needs; the others default to "not mine".
///    A constraint it reads is a `CodeConstraint` with the statement's `line`; a library call
///    that makes and activates constraints at once (`autoPinEdge`) is a `perform` that records
///    them with `reader.record` and `reader.setActive`; a closure (`makeConstraints { make in …
///    }`) is a `block`.
/// 2. One line: the type in `LayoutCodeReader.dialects`.
/// 3. Its tests in LayoutCodeTests: a fixture written here ("modelled on URL" on line 1) and
///    what `LayoutCodeReader.read` makes of it.
protocol LayoutCodeDialect: SendableMetatype {
    /// Words whose presence makes a text look like layout code (`looksLikeLayoutCode`).
    static var marks: [String] { get }
    /// Member names that never name a view (`leadingAnchor`): `x.leadingAnchor` is no item.
    static var nonItemMembers: Set<String> { get }
    /// The constraints an expression makes, made on `line`; nil when it is not this dialect's.
    static func constraints(_ expression: CodeExpression, line: Int, reader: LayoutCodeReader) -> [CodeConstraint]?
    /// A call statement or an Objective-C message; nil when it is not this dialect's.
    static func perform(_ call: CodeCall, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome?
    /// `VIEW.property = value` on the view at `index` in `reader.code.views` (-1: root); nil
    /// when the property is not this dialect's.
    static func assign(_ property: String, _ value: CodeExpression, view index: Int, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome?
    /// A statement with a block (`a.snp.makeConstraints { make in … }`); false when it is not
    /// this dialect's.
    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool
    /// A whole statement, asked before the reader's own reading: a library's call whose
    /// closure sits inside brackets (`[v mas_makeConstraints:^(MASConstraintMaker *make) { … }]`),
    /// or a call only the library makes (`v.edgesToSuperview()`); nil when it is not this dialect's.
    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome?
    /// Whether a name is the dialect's layout word (`snp`, `mas_top`): a statement naming one
    /// that is not read is listed.
    static func isLayoutWord(_ name: String) -> Bool
}

extension LayoutCodeDialect {
    static var marks: [String] { [] }
    static var nonItemMembers: Set<String> { [] }
    static func constraints(_ expression: CodeExpression, line: Int, reader: LayoutCodeReader) -> [CodeConstraint]? { nil }
    static func perform(_ call: CodeCall, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? { nil }
    static func assign(_ property: String, _ value: CodeExpression, view index: Int, reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? { nil }
    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool { false }
    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? { nil }
    static func isLayoutWord(_ name: String) -> Bool { false }
}

/// A call statement as a dialect sees it: `owner.method(values…)` in Swift (owner nil: the
/// code's `self`), or `[owner selector:value …]` in Objective-C.
struct CodeCall {
    var method: String
    var owner: CodeExpression?
    var values: [CodeExpression]
    var labels: [String?]
    var line: Int
    /// An Objective-C message: `method` is the selector's first part (`setAxis`).
    var isMessage = false
}

extension LayoutCodeReader {
    /// The dialects the reader knows, asked in this order. Adding one is one line here.
    static let dialects: [any LayoutCodeDialect.Type] = [
        AnchorDialect.self, ItemConstraintDialect.self, VisualFormatDialect.self, StackViewDialect.self,
        SnapKitDialect.self, MasonryDialect.self, PureLayoutDialect.self, TinyConstraintsDialect.self,
    ]

    /// Every dialect's `nonItemMembers`, gathered once.
    static let nonItemMembers: Set<String> = dialects.reduce(into: []) { $0.formUnion($1.nonItemMembers) }
}
