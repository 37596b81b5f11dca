import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `root WxH` and `view …`: the window and the views in it.
enum ViewCommands {
    static let all: [any ShellCommand.Type] = [ResizeRoot.self, AddViews.self]
}

/// `root WxH`: the window's size. An edit of the root's size, not a new constraint.
struct ResizeRoot: SessionChange {
    var width: Double
    var height: Double

    static let spec = CommandSpec(
        trigger: .words(["root"]), kind: .change, group: .makeViews, topic: "root",
        synopsis: ["root WxH"],
        summary: ["the size of the window, the view `root` (default 375x667).",
                  "Changing it resizes the window; it is not a new constraint."],
        examples: ["root 320x480"],
        overview: ["root 320x480"])

    static func parse(_ parser: inout LineParser) throws(ShellError) -> ResizeRoot {
        let size = try parser.oneArgument("root takes one size", hint: "e.g. root 375x667")
        let (width, height) = try parser.parseSizeWord(size, allowNone: false)
        return ResizeRoot(width: width!, height: height!)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.modelChange { try $0.setRootSize(width: width, height: height) }
        return ["root is now \(formatNumber(width))x\(formatNumber(height))"]
    }
}

/// `view NAME… [in SUPER] [intrinsic WxH]`: new views, or a new intrinsic size for one.
enum AddViews: SessionChange {
    case add(names: [String], parent: String, intrinsicWidth: Double?, intrinsicHeight: Double?)
    case setIntrinsic(view: String, width: Double?, height: Double?)
    /// `view NAME [in SUPER] text WxH [lines N]`: a new view with wrapping text, or new text
    /// for an existing one (`isNew` false).
    case text(name: String, parent: String, text: WrappingText, isNew: Bool)
    /// `view NAME frame X,Y,W,H [in SUPER]`: translatesAutoresizingMaskIntoConstraints on.
    case addWithFrame(name: String, parent: String, frame: Frame)

    static let spec = CommandSpec(
        trigger: .words(["view"]), kind: .change, group: .makeViews, topic: "view",
        aliases: ["views", "intrinsic"],
        synopsis: ["view NAME… [in SUPERVIEW] [intrinsic WxH]", "view NAME frame X,Y,W,H [in SUPERVIEW]",
                   "view NAME [in SUPERVIEW] text WxH [lines N]"],
        summary: ["add views (to root unless `in`). An intrinsic content size is the size",
                  "of the view's content (a label's text); either side may be - (none).",
                  "On an existing view it changes it. An intrinsic size adds",
                  "l.width <= W @hugging.h (250) and l.width >= W @resistance.h (750), and the",
                  "same vertically; reports show them as l.hugging.h and so on.",
                  "With frame: a view made in code, translatesAutoresizingMaskIntoConstraints",
                  "on: NSAutoresizingMaskLayoutConstraints (h=--& v=--&) hold that frame.",
                  "With text: a label whose text is W points wide on one line, in lines H",
                  "high (lines N: at most N; 0, the default, unlimited). Its intrinsic size",
                  "follows the width it gets: min(W, width) wide, ceil(W / width) lines high,",
                  "solved to a fixed point as UIKit's two passes do. On an existing view it",
                  "changes the text. VIEW.preferredMaxLayoutWidth = P fixes the width used."],
        examples: ["view a b c", "view label in card intrinsic 120x21", "view label intrinsic -x21", "view banner frame 0,0,375,44",
                   "view message in card text 600x20", "view title text 300x24 lines 2"],
        overview: ["view a b", "view a in b", "view l intrinsic 120x21"],
        completeArguments: { context in
            context.words.last?.text == "in" ? context.session.model.viewOrder : ["in", "intrinsic", "frame", "text", "lines"]
        })

    static func parse(_ parser: inout LineParser) throws(ShellError) -> AddViews {
        let model = parser.model
        var names: [Word] = []
        var parent = LayoutModel.rootName
        var intrinsic: (Double?, Double?)? = nil
        var i = 0
        let rest = parser.rest
        if let frameIndex = rest.firstIndex(where: { $0.text == "frame" }), frameIndex > 0 {
            return try parseFrame(parser, frameIndex: frameIndex)
        }
        if let textIndex = rest.firstIndex(where: { $0.text == "text" }), textIndex > 0 {
            return try parseText(parser, textIndex: textIndex)
        }
        while i < rest.count {
            let word = rest[i]
            if word.text == "in" {
                guard i + 1 < rest.count else { throw ShellError("'in' needs the name of the superview", hint: "e.g. view a in b", column: word.column + 2) }
                let p = rest[i + 1]
                guard model.view(p.text) != nil else { throw parser.unknownView(p.text, column: p.column) }
                parent = p.text
                i += 2
            } else if word.text == "intrinsic" {
                guard i + 1 < rest.count else { throw ShellError("'intrinsic' needs a size", hint: "e.g. view label intrinsic 120x21", column: word.column + 9) }
                intrinsic = try parser.parseSizeWord(rest[i + 1], allowNone: true)
                i += 2
            } else {
                guard intrinsic == nil, parent == LayoutModel.rootName || names.isEmpty else {
                    throw ShellError("view names come first", hint: "e.g. view a b in c intrinsic 10x10", column: word.column)
                }
                names.append(word)
                i += 1
            }
        }
        guard !names.isEmpty else { throw ShellError("view needs at least one name", hint: "e.g. view a b c", column: parser.columnAfterCommand) }
        if names.count == 1, let intrinsic, let existing = model.view(names[0].text),
           parent == LayoutModel.rootName || existing.parent == parent {
            if names[0].text == LayoutModel.rootName { throw ShellError("the root has no intrinsic size", hint: "use root WxH", column: names[0].column) }
            return .setIntrinsic(view: names[0].text, width: intrinsic.0, height: intrinsic.1)
        }
        var seen = Set<String>()
        for name in names {
            do { try model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
            if seen.contains(name.text) { throw ShellError("\(name.text) is named twice", column: name.column) }
            if parser.session.metrics[name.text] != nil {
                throw ShellError("\(name.text) is already a metric; VFL could not tell them apart", hint: "choose another view name", column: name.column)
            }
            // Command words are commands only at the start of a line, so they name views
            // too (`view view` is the most common name in real VFL); only the words of this
            // command's own grammar are taken.
            if ["in", "intrinsic", "frame", "text", "lines"].contains(name.text) {
                throw ShellError("\(name.text) is a word of the view command", hint: "choose another name", column: name.column)
            }
            seen.insert(name.text)
        }
        return .add(names: names.map(\.text), parent: parent, intrinsicWidth: intrinsic?.0 ?? nil, intrinsicHeight: intrinsic?.1 ?? nil)
    }

    /// `view NAME frame X,Y,W,H [in SUPER]`.
    private static func parseFrame(_ parser: LineParser, frameIndex: Int) throws(ShellError) -> AddViews {
        let rest = parser.rest
        let usage = "e.g. view banner frame 0,0,375,44 (x,y,width,height)"
        guard frameIndex == 1 else { throw ShellError("view … frame makes one view at a time", hint: usage, column: rest[1].column) }
        let name = rest[0]
        do { try parser.model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
        if parser.session.metrics[name.text] != nil { throw ShellError("\(name.text) is already a metric", hint: "choose another view name", column: name.column) }
        guard rest.count > 2 else { throw ShellError("frame needs X,Y,W,H", hint: usage, column: rest[1].column + 6) }
        let numbers = rest[2]
        var values: [Double] = []
        var column = numbers.column
        for part in numbers.text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Double(part), value.isFinite, part.first != "+", !part.contains("n"), !part.contains("i") else {
                throw ShellError("'\(part)' is not a number", hint: usage, column: column)
            }
            guard abs(value) <= LayoutModel.maxMagnitude else { throw ShellError("\(part) is too large", hint: "the limit is ±1e9 points", column: column) }
            values.append(value)
            column += part.count + 1
        }
        guard values.count == 4 else { throw ShellError("a frame is four numbers, x,y,width,height", hint: usage, column: numbers.column) }
        var parent = LayoutModel.rootName
        if rest.count > 3 {
            guard rest[3].text == "in", rest.count == 5 else { throw ShellError("after the frame comes in SUPERVIEW", hint: usage, column: rest[3].column) }
            guard let info = parser.model.view(rest[4].text) else { throw parser.unknownView(rest[4].text, column: rest[4].column) }
            if info.kind.isGuide { throw ShellError(LayoutError.guideCannotHaveSubviews(rest[4].text), column: rest[4].column) }
            parent = rest[4].text
        }
        return .addWithFrame(name: name.text, parent: parent, frame: Frame(x: values[0], y: values[1], width: values[2], height: values[3]))
    }

    /// `view NAME [in SUPER] text WxH [lines N]`.
    private static func parseText(_ parser: LineParser, textIndex: Int) throws(ShellError) -> AddViews {
        let rest = parser.rest
        let usage = "e.g. view message text 600x20 lines 0 (600 points on one line, 20-point lines)"
        let name = rest[0]
        var parent = LayoutModel.rootName
        if textIndex == 3, rest[1].text == "in" {
            guard let info = parser.model.view(rest[2].text) else { throw parser.unknownView(rest[2].text, column: rest[2].column) }
            if info.kind.isGuide { throw ShellError(LayoutError.guideCannotHaveSubviews(rest[2].text), column: rest[2].column) }
            parent = rest[2].text
        } else if textIndex != 1 {
            throw ShellError("view … text gives text to one view", hint: usage, column: rest[1].column)
        }
        guard textIndex + 1 < rest.count else { throw ShellError("text needs its size WxH", hint: usage, column: rest[textIndex].column + 5) }
        let size = try parser.parseSizeWord(rest[textIndex + 1], allowNone: false)
        var maxLines = 0
        var next = textIndex + 2
        if next < rest.count {
            guard rest[next].text == "lines" else { throw ShellError("after the text's size comes lines N", hint: usage, column: rest[next].column) }
            guard next + 1 < rest.count else { throw ShellError("lines needs a number (0: unlimited)", hint: usage, column: rest[next].column + 6) }
            let word = rest[next + 1]
            guard let n = Int(word.text), n >= 0, n <= 1_000_000 else {
                throw ShellError("'\(word.text)' is not a number of lines", hint: "a whole number from 0 (unlimited) up", column: word.column)
            }
            maxLines = n
            next += 2
        }
        if next < rest.count { throw ShellError("unexpected '\(rest[next].text)' at the end of the line", hint: usage, column: rest[next].column) }
        if let existing = parser.model.view(name.text) {
            if name.text == LayoutModel.rootName { throw ShellError("the root has no text", hint: "put the text in a view: view label text 300x20", column: name.column) }
            if existing.kind.isGuide { throw ShellError(LayoutError.guideHasNoIntrinsicSize(name.text), column: name.column) }
            if parent != LayoutModel.rootName && existing.parent != parent {
                throw ShellError("\(name.text) already exists in \(existing.parent ?? "root")", hint: "new text for it: view \(name.text) text WxH", column: rest[2].column)
            }
            var text = WrappingText(lineWidth: size.0!, lineHeight: size.1!, maxLines: maxLines)
            text.preferredMaxLayoutWidth = existing.text?.preferredMaxLayoutWidth
            return .text(name: name.text, parent: existing.parent ?? parent, text: text, isNew: false)
        }
        do { try parser.model.validateNewView(name.text) } catch { throw ShellError(error, column: name.column) }
        if parser.session.metrics[name.text] != nil { throw ShellError("\(name.text) is already a metric", hint: "choose another view name", column: name.column) }
        if ["in", "intrinsic", "frame", "text", "lines"].contains(name.text) {
            throw ShellError("\(name.text) is a word of the view command", hint: "choose another name", column: name.column)
        }
        return .text(name: name.text, parent: parent, text: WrappingText(lineWidth: size.0!, lineHeight: size.1!, maxLines: maxLines), isNew: true)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        switch self {
        case .add(let names, let parent, let width, let height):
            try session.modelChange { model in
                for name in names { try model.addView(name, in: parent, intrinsicWidth: width, intrinsicHeight: height) }
            }
            return []
        case .addWithFrame(let name, let parent, let frame):
            try session.modelChange { try $0.addAutoresizingView(name, in: parent, frame: frame) }
            return []
        case .text(let name, let parent, let text, let isNew):
            try session.modelChange { model in
                if isNew { try model.addView(name, in: parent) }
                try model.setText(name, text)
            }
            return isNew ? [] : ["\(name)'s text is now \(formatNumber(text.lineWidth))x\(formatNumber(text.lineHeight))"
                                 + (text.maxLines > 0 ? " lines \(text.maxLines)" : "")]
        case .setIntrinsic(let view, let width, let height):
            // A fixed intrinsic size replaces wrapping text.
            try session.modelChange { try $0.setIntrinsicSize(view, width: width, height: height, keepingText: false) }
            return [width == nil && height == nil ? "\(view) has no intrinsic size now"
                    : "\(view)'s intrinsic size is now \(width.map(formatNumber) ?? "-")x\(height.map(formatNumber) ?? "-")"]
        }
    }
}
