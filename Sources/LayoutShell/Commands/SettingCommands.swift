import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Settings of views and of the session: content priorities, margins, direction, platform.
enum SettingCommands {
    static let all: [any ShellCommand.Type] = [SetContentPriority.self, SetMargins.self, SetDirection.self, SetPlatform.self]
}

/// The platform whose standard-spacing rules VFL uses. A session starts as iOS, the platform
/// most users build for; the setting shapes VFL lines typed after it, never earlier ones.
public enum Platform: String, Sendable, CaseIterable {
    /// The default, as UIKit since iOS 8: `|-` and `-|` go to the superview's layout margins
    /// (8 by default); 8 between siblings.
    case ios
    /// As AppKit (and iOS before layout margins): 20 to the superview's edge, 8 between siblings.
    case macos
}

/// `VIEW.hugging.h|v = P` and `VIEW.resistance.h|v = P`.
struct SetContentPriority: SessionChange {
    var view: String
    var hugging: Bool
    var axis: LayoutAttribute.Axis
    var priority: LayoutPriority

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["hugging", "resistance"]), kind: .change, group: .contentSize,
        topic: "hugging", aliases: ["resistance"],
        synopsis: ["VIEW.hugging.h|v = PRIORITY", "VIEW.resistance.h|v = PRIORITY"],
        summary: ["how strongly the view resists growing past its intrinsic size (hugging,",
                  "default 250) or shrinking below it (compression resistance, default 750)."],
        examples: ["label.hugging.h = 251", "label.resistance.h = 1000"],
        overview: ["l.hugging.h = 251", "l.resistance.v = 1000"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetContentPriority {
        let head = p.current.identifier!
        let member = p.peek(2).identifier!
        let viewColumn = p.current.column
        guard p.model.view(head) != nil else { throw p.unknownView(head, column: viewColumn) }
        if head == LayoutModel.rootName {
            throw ShellError("the root has no intrinsic size, so no \(member)", hint: "set it on a view with an intrinsic size", column: viewColumn)
        }
        p.position = 3
        guard p.current.isSymbol("."), let axisWord = p.peek().identifier, axisWord == "h" || axisWord == "v" else {
            throw ShellError("\(member) needs an axis: .h or .v", hint: "e.g. \(head).\(member).h = 251", column: p.current.column)
        }
        p.position += 2
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        let priority = try p.priority()
        try p.expectEnd()
        return SetContentPriority(view: head, hugging: member == "hugging", axis: axisWord == "h" ? .horizontal : .vertical, priority: priority)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let info = session.model.view(view)
        let old = hugging ? info?.hugging(axis) : info?.resistance(axis)
        try session.modelChange { model in
            if hugging { try model.setHugging(view, axis, priority) } else { try model.setResistance(view, axis, priority) }
        }
        let dimension = axis == .horizontal ? "width" : "height"
        let name = "\(view).\(hugging ? "hugging" : "resistance").\(axis == .horizontal ? "h" : "v")"
        return ["\(name) is now \(formatNumber(priority.rawValue))" + (old.map { " (was \(formatNumber($0.rawValue)))" } ?? "")
            + (session.model.view(view)?.intrinsic(axis) == nil ? "; no effect until \(view) has an intrinsic \(dimension)" : "")]
    }
}

/// `VIEW.margins = N` or `= T,L,B,R`: the layout margins the `*Margin` attributes use.
struct SetMargins: SessionChange {
    var view: String
    var insets: EdgeInsets

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["margins"] + SetMarginInheritance.members.keys.sorted()), kind: .change, group: .contentSize,
        topic: "margins", aliases: SetMarginInheritance.members.keys.sorted(),
        synopsis: ["VIEW.margins = N", "VIEW.margins = T,L,B,R",
                   "VIEW.preservesSuperviewMargins = true|false", "VIEW.insetsMarginsFromSafeArea = true|false"],
        summary: ["layout margins for the *Margin attributes (default 8 on every side).",
                  "Besides its own, UIKit gives a view margins from where it lies, after",
                  "each layout: insetsMarginsFromSafeArea (default true) measures them from",
                  "the part of the screen the safe area leaves the view (own margin + the",
                  "view's safe-area inset); preservesSuperviewMargins (default false) keeps",
                  "each at least the part of the superview's margin that reaches into the",
                  "view. UIKit's names (preservesSuperviewLayoutMargins …) work too."],
        examples: ["root.margins = 20", "card.margins = 8,16,8,16"],
        overview: ["a.margins = 8"])

    /// `VIEW.preservesSuperviewMargins = …` and `VIEW.insetsMarginsFromSafeArea = …` are the
    /// other forms of this topic.
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        SetMarginInheritance.members[parser.peek(2).identifier ?? ""] != nil ? try SetMarginInheritance.parse(&parser) : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetMargins {
        let head = p.current.identifier!
        guard p.model.view(head) != nil else { throw p.unknownView(head, column: p.current.column) }
        p.position = 3
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw p.unexpected("'='") }
        p.advance()
        var values: [Double] = [try p.number(what: "a margin")]
        while p.current.isSymbol(",") {
            p.advance()
            values.append(try p.number(what: "a margin"))
        }
        guard values.count == 1 || values.count == 4 else {
            throw ShellError("margins take one value or four (top,left,bottom,right)", hint: "e.g. \(head).margins = 8,16,8,16", column: p.current.column)
        }
        try p.expectEnd()
        let insets = values.count == 1 ? EdgeInsets(all: values[0])
            : EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        return SetMargins(view: head, insets: insets)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let old = session.model.view(view)?.margins
        try session.modelChange { try $0.setMargins(view, insets) }
        return ["\(view)'s margins are now \(Self.describe(insets))" + (old.map { " (were \(Self.describe($0)))" } ?? "")
            + " (top,left,bottom,right)"]
    }

    static func describe(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map(formatNumber).joined(separator: ",")
    }
}

/// `direction rtl|ltr`: which edge leading and trailing are.
struct SetDirection: SessionChange {
    var direction: LayoutDirection

    static let spec = CommandSpec(
        trigger: .words(["direction"]), kind: .change, group: .settings, topic: "direction",
        synopsis: ["direction rtl | ltr"],
        summary: ["right-to-left swaps leading and trailing (and the sign of their",
                  "offsets), as UIKit does for Arabic or Hebrew."],
        examples: ["direction rtl"],
        overview: ["direction rtl"],
        completeArguments: { _ in ["ltr", "rtl"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetDirection {
        guard p.rest.count == 1, let direction = LayoutDirection(word: p.rest[0].text.lowercased()) else {
            throw ShellError("direction is ltr or rtl", hint: "e.g. direction rtl", column: p.rest.first?.column ?? p.columnAfterCommand)
        }
        return SetDirection(direction: direction)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        session.model.setDirection(direction)
        return [direction == .rightToLeft ? "direction is now rtl: leading is the right edge, trailing the left"
                : "direction is now ltr: leading is the left edge, trailing the right"]
    }
}

/// `platform ios|macos`: the standard spacing of VFL lines typed from now on.
struct SetPlatform: SessionChange {
    var platform: Platform

    static let spec = CommandSpec(
        trigger: .words(["platform"]), kind: .change, group: .settings, topic: "platform",
        synopsis: ["platform ios | macos"],
        summary: ["VFL standard spacing: 8 between views; to the superview, its layout",
                  "margins (ios, the default) or 20 from its edge (macos). Applies to VFL",
                  "lines typed from now on; lines already typed keep their constraints."],
        examples: ["platform macos"],
        overview: ["platform macos"],
        completeArguments: { _ in Platform.allCases.map(\.rawValue) })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetPlatform {
        guard p.rest.count == 1, let platform = Platform(rawValue: p.rest[0].text.lowercased()) else {
            throw ShellError("platform is ios or macos", hint: "e.g. platform macos", column: p.rest.first?.column ?? p.columnAfterCommand)
        }
        return SetPlatform(platform: platform)
    }

    /// The platform only shapes VFL lines typed later: no frame moves.
    var changesLayout: Bool { false }

    func apply(to session: Session) throws(ShellError) -> [String] {
        session.setPlatform(platform)
        // Say so, because a newcomer expects the rows already typed to move.
        let rule = platform == .ios ? "|- and -| go to the superview's layout margins"
            : "|- and -| are 20 from the superview's edge"
        return ["platform \(platform.rawValue): \(rule); 8 between views",
                "(for VFL typed from now on; constraints already made keep their spacing)"]
    }
}
