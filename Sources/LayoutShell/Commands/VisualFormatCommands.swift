import LayoutModel
import LayoutVocabulary
import VisualFormat
import LayoutReport

/// Apple's Visual Format Language: `H:|-[a]-[b(==a)]-|` lines and the metrics they name.
enum VisualFormatCommands {
    static let all: [any ShellCommand.Type] = [VisualFormatLine.self, DefineMetric.self]
}

/// One VFL line (`H:…` or `V:…`, options after a space): the constraints it makes, in the
/// order Apple returns them.
struct VisualFormatLine: SessionChange {
    var text: String

    static let spec = CommandSpec(
        trigger: .visualFormat, kind: .change, group: .visualFormat, topic: "vfl",
        aliases: ["H:", "V:", "H", "V"],
        synopsis: ["H:… or V:…"],
        summary: ["Apple's Visual Format Language: one line, no spaces inside;",
                  "options (alignAllTop, alignAllLeading, …) after a space.",
                  "|  the superview's edge       -  standard space (8, or 20 to the edge)",
                  "-N-  a space of N              [a(==b)]  a's width equals b's",
                  "Metrics name numbers: metric pad = 20, then H:|-pad-[a]."],
        examples: ["H:|-[a]-[b(==a)]-|", "V:|-20-[a(44)]-(>=8)-[b]-| alignAllLeading"],
        overview: ["H:|-[a]-[b(==a)]-|", "V:|-20-[a(44)] alignAllLeading"],
        completeArguments: { context in
            // Past the first word only options follow; inside it, names of views and metrics.
            if context.words.count > 1 || context.ahead.hasSuffix(" ") {
                return VisualFormatOptions.names.map(\.name)
            }
            if let last = context.ahead.last, "[(=".contains(last) {
                return context.session.model.viewOrder + context.session.metricNames
            }
            return context.session.metricNames
        })

    static func parse(_ parser: inout LineParser) throws(ShellError) -> VisualFormatLine {
        VisualFormatLine(text: parser.line)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let model = session.model
        let specs: [ConstraintSpec]
        // VFL names views only, as in UIKit: a guide is not in its views dictionary.
        var guideNamed: String? = nil
        do {
            specs = try VisualFormatParser.parseLine(
                text, metrics: session.metrics, spacing: session.platform == .ios ? .iOS : .macOS,
                views: { name in
                    guard let info = model.view(name) else { return nil }
                    if info.kind.isGuide { guideNamed = guideNamed ?? name; return nil }
                    return VisualFormatParser.ViewInfo(superview: info.parent)
                })
        } catch {
            if let guideNamed {
                throw ShellError("\(guideNamed) is a layout guide, and VFL names views only (as in UIKit)",
                                 hint: "constrain the guide with an equation, e.g. \(guideNamed).leading == root.leading + 8", column: error.column)
            }
            throw ShellError(error.message, hint: error.hint, column: error.column)
        }
        guard !specs.isEmpty else {
            throw ShellError("no constraints: a single view with no connections makes none",
                             hint: "connect it to an edge or a size, e.g. H:|-[a]-| or H:[a(100)]")
        }
        // Every constraint is checked before the first is added: a line that fails adds nothing.
        for spec in specs {
            do { try model.validate(spec) } catch { throw ShellError(error, column: 1) }
        }
        try session.modelChange { model in
            for spec in specs { try model.addConstraint(spec) }
        }
        return []
    }
}

/// `metric NAME = N`: a number VFL lines may name.
struct DefineMetric: SessionChange {
    var name: String
    var value: Double

    static let spec = CommandSpec(
        trigger: .words(["metric"]), kind: .change, group: .visualFormat, topic: "metric", aliases: ["metrics"],
        synopsis: ["metric NAME = NUMBER"],
        summary: ["a named value for VFL lines."],
        examples: ["metric pad = 20", "H:|-pad-[a]-pad-|"],
        overview: ["metric pad = 20"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> DefineMetric {
        try p.tokenizeLine()
        p.position = 1
        guard let name = p.current.identifier else { throw ShellError("metric needs a name", hint: "e.g. metric pad = 20", column: p.current.column) }
        guard LayoutModel.isIdentifier(name) else { throw ShellError("'\(name)' is not a valid metric name", column: p.current.column) }
        if p.model.view(name) != nil { throw ShellError("\(name) is a view; metrics and views share VFL's names", column: p.current.column) }
        if name == "system" { throw ShellError("system is the system spacing (8) in constraints", hint: "choose another metric name", column: p.current.column) }
        p.advance()
        guard p.current.isSymbol("=") || p.current.isSymbol("==") else { throw ShellError("expected '=' after the metric name", hint: "e.g. metric \(name) = 20", column: p.current.column) }
        p.advance()
        let value = try p.number(what: "the metric's value")
        try p.expectEnd()
        return DefineMetric(name: name, value: value)
    }

    /// A metric only matters to VFL lines typed later: no frame moves.
    var changesLayout: Bool { false }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let old = session.metrics[name]
        session.setMetric(name, value)
        return ["metric \(name) is now \(formatNumber(value))" + (old.map { " (was \(formatNumber($0)))" } ?? "")
            + "; VFL lines typed from now on use it"]
    }
}
