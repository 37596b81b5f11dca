import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Cells that size themselves: `cell`, `fit`, `CELL.height = fit`.
enum CellCommands {
    static let all: [any ShellCommand.Type] = [AddCell.self, Fit.self, SetRowHeightToFit.self]
}

/// A cell's new height: a number of points, or what its content fits (a self-sizing table).
enum RowHeight: Sendable, Equatable {
    case points(Double)
    case fit
}

/// `cell NAME [table|collection] [width W] [height H|fit] [at X,Y] [in VIEW]`: a new cell, or a
/// new size for one.
struct AddCell: SessionChange {
    var name: String
    /// nil: the cell exists, only its size changes.
    var style: Cell.Style?
    var width: Double?
    var height: RowHeight?
    /// Where a new cell sits in its superview (a storyboard's prototype in its table view).
    var origin: (x: Double, y: Double)?
    var parent = LayoutModel.rootName

    static let spec = CommandSpec(
        trigger: .words(["cell"]), kind: .change, group: .makeViews, topic: "cell",
        aliases: ["cells", "contentView", "UITableViewCell", "UICollectionViewCell"],
        synopsis: ["cell NAME [table|collection] [width W] [height H] [at X,Y] [in VIEW]", "cell NAME [width W] [height H|fit]"],
        summary: ["a table (default) or collection cell, as wide as the root and 44 high unless",
                  "given: views go in NAME.contentView, which UIKit pins to W x H",
                  "('UIView-Encapsulated-Layout-Width'/'-Height', required; a table takes its",
                  "one-pixel separator off the height). On an existing cell: a new size;",
                  "height fit: the row height a self-sizing table gives it (see fit).",
                  "at X,Y in VIEW: a row inside a table view (an imported prototype)."],
        examples: ["cell row", "cell post height fit", "cell tile collection width 160 height 120", "cell reply width 375 height 80 at 0,28 in card"],
        overview: [],
        completeArguments: { context in
            guard context.words.count >= 2 else { return context.session.model.cells.keys.sorted() }
            switch context.words.last?.text {
            case "height": return ["fit"]
            case "in": return context.session.model.viewOrder
            default: return ["table", "collection", "width", "height", "at", "in"]
            }
        })

    static func parse(_ p: inout LineParser) throws(ShellError) -> AddCell {
        try p.tokenizeLine()
        p.position = 1
        let usage = "e.g. cell row, cell row height fit, cell tile collection width 160 height 120"
        guard let name = p.current.identifier else {
            throw ShellError("cell needs a name", hint: usage, column: p.current.kind == .end ? p.columnAfterCommand : p.current.column)
        }
        let nameColumn = p.current.column
        let exists = p.model.isCell(name)
        if !exists {
            if p.model.view(name) != nil { throw ShellError(LayoutError.notACell(name), column: nameColumn) }
            do { try p.model.validateNewView(name) } catch { throw ShellError(error, column: nameColumn) }
            if p.session.metrics[name] != nil { throw ShellError("\(name) is already a metric", hint: "choose another cell name", column: nameColumn) }
            if ["table", "collection", "width", "height", "fit", "at", "in"].contains(name) {
                throw ShellError("\(name) is a word of the cell command", hint: "choose another name", column: nameColumn)
            }
        }
        p.advance()
        var command = AddCell(name: name, style: exists ? nil : .table)
        if let word = p.current.identifier, let style = Cell.Style(rawValue: word) {
            if exists { throw ShellError("\(name) is already a \(p.model.cells[name]!.style.rawValue) cell", hint: "remove it to make another kind", column: p.current.column) }
            command.style = style
            p.advance()
        }
        while p.current.kind != .end {
            let word = p.current
            p.advance()
            switch word.identifier {
            case "width" where command.width == nil:
                command.width = try cellLength(&p, what: "the cell's width")
            case "height" where command.height == nil:
                if p.current.identifier == "fit", !p.peek().isSymbol(".") {
                    guard exists else {
                        throw ShellError("a new cell has no content to fit yet", hint: "make it, add its content, then cell \(name) height fit", column: p.current.column)
                    }
                    p.advance()
                    command.height = .fit
                } else {
                    command.height = .points(try cellLength(&p, what: "the row height"))
                }
            case "at" where command.origin == nil:
                if exists { throw ShellError("\(name) is already a cell: a table places its rows", hint: "give it a width or a height", column: word.column) }
                let x = try p.number(what: "the cell's x")
                guard p.current.isSymbol(",") else { throw ShellError("at needs X,Y", hint: "e.g. at 0,28", column: p.current.column) }
                p.advance()
                command.origin = (x, try p.number(what: "the cell's y"))
            case "in" where command.parent == LayoutModel.rootName:
                if exists { throw ShellError("\(name) is already a cell in \(p.model.view(name)?.parent ?? LayoutModel.rootName)", hint: "remove it to make it elsewhere", column: word.column) }
                guard let parent = p.current.identifier else { throw ShellError("'in' needs the name of the superview", hint: usage, column: p.current.column) }
                guard let info = p.model.view(parent) else { throw p.unknownView(parent, column: p.current.column) }
                if info.kind.isGuide { throw ShellError(LayoutError.guideCannotHaveSubviews(parent), column: p.current.column) }
                command.parent = parent
                p.advance()
            default:
                throw ShellError("expected width W, height H, at X,Y or in VIEW, found '\(word.display)'", hint: usage, column: word.column)
            }
        }
        if exists && command.width == nil && command.height == nil {
            throw ShellError("\(name) is already a cell: give it a width or a height", hint: "e.g. cell \(name) height fit", column: p.columnAfterCommand)
        }
        return command
    }

    private static func cellLength(_ p: inout LineParser, what: String) throws(ShellError) -> Double {
        let column = p.current.column
        let value = try p.number(what: what)
        if value < 0 { throw ShellError(LayoutError.negativeLength(.cellSize, value), column: column) }
        return value
    }

    var onlyAdds: Bool { style != nil }

    func apply(to session: Session) throws(ShellError) -> [String] {
        if let style {
            let points: Double? = if case .points(let value) = height { value } else { nil }
            try session.modelChange { try $0.addCell(name, style: style, width: width, height: points, in: parent, x: origin?.x ?? 0, y: origin?.y ?? 0) }
            return []
        }
        return try session.resizeCell(name, width: width, height: height)
    }
}

extension Session {
    /// A new size for an existing cell, as one change; `.fit` measures the cell at its new
    /// width, as a self-sizing table does (`UITableView.automaticDimension`). Returns the note
    /// the report shows.
    func resizeCell(_ name: String, width: Double?, height: RowHeight?) throws(ShellError) -> [String] {
        var notes: [String] = []
        try modelChange { model in
            var rowHeight: Double?
            switch height {
            case .points(let value)?:
                rowHeight = value
            case .fit?:
                let fit = try model.fittingSize(of: name, width: width ?? model.cells[name]?.width)
                rowHeight = fit.height
                notes.append("\(name)'s row height is now \(formatValue(fit.height)): its content fits in \(formatValue(fit.height - fit.separator))"
                             + (fit.separator > 0 ? " + \(formatValue(fit.separator)) for the separator" : ""))
            case nil:
                break
            }
            try model.setCellSize(name, width: width, height: rowHeight)
        }
        let cell = model.cells[name]!
        if notes.isEmpty { notes.append("\(name) is now \(formatValue(cell.width))x\(formatValue(cell.height))") }
        return notes
    }

    /// `fit` and `explain fit`: the size (JSON's `fit`) and its lines.
    func measure(_ view: String, width: Double?, into result: inout CommandResult) throws(ShellError) {
        let fit: FittingSize
        do { fit = try model.fittingSize(of: view, width: width) } catch { throw ShellError(error, column: nil) }
        result.fit = (fit.width, fit.height)
        result.output = fitLines(fit)
    }

    /// `fit: W x H`, then why the height is what it is (the fitting model's explanation).
    func fitLines(_ fit: FittingSize) -> [String] {
        var lines = ["fit: \(formatValue(fit.width)) x \(formatValue(fit.height))"]
        guard let explanation = fit.model.explanation(of: fit.measured, attribute: .height) else { return lines }
        lines.append("  measured alone, without what holds \(fit.measured) from outside, at width \(formatValue(fit.width)) and height 0 @50:")
        // The explanation names the fitting model's constraints: its words read their texts there.
        lines += fit.model.valueExplanationLines(explanation).map { "  " + $0 }
        if fit.separator > 0 { lines.append("  plus \(formatValue(fit.separator)) for the table's separator") }
        return lines
    }
}

/// `fit VIEW [width W]`: `systemLayoutSizeFitting` with a required width and the fitting
/// priority (50) for the height.
struct Fit: SessionAction {
    var view: String
    var width: Double?

    static let spec = CommandSpec(
        trigger: .words(["fit"]), kind: .inspection, group: .look, topic: "fit",
        aliases: ["systemLayoutSizeFitting"],
        synopsis: ["fit VIEW [width W]"],
        summary: ["what systemLayoutSizeFitting(CGSize(width: W, height: 0), horizontal:",
                  ".required, vertical: .fittingSizeLevel) returns (W: VIEW's width): VIEW",
                  "and its subviews solved alone, then why the height is what it is.",
                  "CELL.height = fit gives a cell that height (plus its separator)."],
        examples: ["fit post.contentView", "fit post.contentView width 320"],
        overview: [],
        completeArguments: { context in context.words.count == 1 ? context.views : ["width"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> Fit {
        try p.tokenizeLine()
        p.position = 1
        let (view, width) = try p.fitArguments(usage: "e.g. fit row.contentView width 320")
        return Fit(view: view, width: width)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        try session.measure(view, width: width, into: &result)
        return false
    }
}

extension LineParser {
    /// `VIEW [width W]` to the end of the line, from the current token (`fit`, `explain fit`).
    mutating func fitArguments(usage: String) throws(ShellError) -> (view: String, width: Double?) {
        guard var view = current.identifier else {
            throw ShellError("fit needs a view", hint: usage, column: current.kind == .end ? columnAfterCommand : current.column)
        }
        let column = current.column
        advance()
        // A system guide's name is three tokens (`list.frameLayoutGuide`).
        if current.isSymbol("."), let member = peek().identifier {
            view += "." + member
            position += 2
        }
        guard let info = model.view(view) else { throw unknownView(view, column: column) }
        if info.kind.isGuide { throw ShellError(LayoutError.guideCannotFit(view), column: column) }
        var width: Double?
        if current.identifier == "width" {
            advance()
            let column = current.column
            width = try number(what: "the width to fit at")
            if width! < 0 { throw ShellError(LayoutError.negativeLength(.cellSize, width!), column: column) }
        }
        guard current.kind == .end else { throw ShellError("expected width W or the end of the line, found '\(current.display)'", hint: usage, column: current.column) }
        return (view, width)
    }
}

/// `CELL.height = fit`: the row height a self-sizing table gives the cell. Any other
/// `VIEW.height = …` is a constraint (`=` is `==`), which this hands on.
struct SetRowHeightToFit: SessionChange {
    var cell: String

    static let spec = CommandSpec(
        trigger: .property(of: .view, members: ["height"]), kind: .change, group: .change, topic: "selfsizing",
        aliases: ["automaticDimension"],
        synopsis: ["CELL.height = fit"],
        summary: ["the row height a self-sizing table (UITableView.automaticDimension) gives",
                  "the cell: its content view's fit at the cell's width, plus the separator.",
                  "Any other VIEW.height = … is a constraint."],
        examples: ["post.height = fit"],
        overview: [])

    static func read(_ p: inout LineParser) throws(ShellError) -> any ShellCommand {
        guard p.peek(4).identifier == "fit", p.peek(5).kind == .end, p.peek(3).isSymbol("=") || p.peek(3).isSymbol("==") else {
            return try CommandRegistry.constraint.parse(&p)
        }
        return try parse(&p)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetRowHeightToFit {
        let head = p.current.identifier!
        guard p.model.isCell(head) else {
            let hint = head.hasSuffix("." + Cell.contentViewMember) ? "give the cell itself its height: \(head.dropLast(Cell.contentViewMember.count + 1)).height = fit"
                : "fit VIEW shows what it fits; height = fit is for cells"
            throw ShellError(LayoutError.notACell(head).message, hint: hint, column: p.current.column)
        }
        return SetRowHeightToFit(cell: head)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        try session.resizeCell(cell, width: nil, height: .fit)
    }
}
