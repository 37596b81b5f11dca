import LayoutReport

/// `help` and `help TOPIC`, written from the command registry: each command's synopsis,
/// summary and examples come from its `CommandSpec`, so help cannot drift from what the parser
/// accepts. A few topics explain ideas rather than commands (`Help.concepts`).
enum Help {
    /// Topics about ideas, not commands. Every line fits in 80 columns; each has an example.
    static let concepts: [(topic: String, aliases: [String], text: String)] = [
        ("attributes", ["attribute", "baseline"], """
            Attributes (item.attr):
              edges      left right top bottom leading trailing
              size       width height
              centre     centerX centerY
              text       baseline lastBaseline firstBaseline
              margins    leftMargin rightMargin topMargin bottomMargin leadingMargin
                         trailingMargin centerXWithinMargins centerYWithinMargins
              A constraint relates two of the same axis; leading/trailing do not mix
              with left/right, nor a size with a location.
              example: label.firstBaseline == icon.centerY
            """),
        ("priority", ["priorities"], """
            @priority — a number in (0, 1000], or required (1000), high (750),
              low (250), fittingSize (50). Required constraints must hold; optional
              ones are met as well as possible, highest priority first.
              example: a.width == 100 @high
              example: c3.priority = 500     (optional to optional only, as in UIKit)
            """),
        ("conflict", ["conflicts"], """
            When required constraints cannot all hold, LayoutLab (like UIKit) prints
              the set that cannot, says why (what the others give against what the
              broken one wants) and the cheapest member to make optional, breaks the
              one just added, and keeps it marked: it holds again as soon as the
              others allow it. explain ID shows it again later.
              example: view a · a.width == 100 · a.width == 200
            """),
        ("lint", ["ci"], """
            lint is not a shell command but a subcommand of layoutlab, run from the
              command line (CI included): it checks storyboards, xibs, layout code,
              console logs and session scripts (.lal), printing each conflict as an
              error and each ambiguous or misplaced view as a warning, at the line
              and column of the file: path:line:column: warning: message. Exit 1 on
              an error, 2 for a file it cannot read. layoutlab help lint says more.
              example: layoutlab lint Main.storyboard --devices iPhoneSE --landscape
            """),
        ("ambiguity", ["ambiguous"], """
            A value is ambiguous when two best layouts disagree on it: the report
              names the view and which of x, y, width, height. Pin it down.
              example: view a · a.width == 100   (x, y and height stay ambiguous)
            """),
    ]

    /// The one-screen overview: the commands by task.
    static var overview: [String] {
        var lines = ["Type views and constraints; after each line LayoutLab shows the frames, what it",
                     "had to break, and what is still ambiguous. By task (help TOPIC for more):"]
        for group in CommandSpec.Group.allCases {
            let items = CommandRegistry.all.filter { $0.spec.group == group }.flatMap { $0.spec.overview }
            if !items.isEmpty { lines += overviewRow(group.rawValue, items) }
        }
        lines.append("Tab completes commands, views, attributes (after a.), ids and file names.")
        return lines + moreTopicLines
    }

    /// `topics: …`, every topic, filled to 80 columns (`help help`).
    static var topicLines: [String] {
        filled(["topics:"] + topicNames, separator: " ", indent: "  ")
    }

    /// The overview's last lines: only the topics its rows do not already show (commands
    /// without an overview entry, the ideas, the lessons). Listing every topic again made the
    /// overview outgrow a 24-row terminal; `help help` still lists them all.
    static var moreTopicLines: [String] {
        let unlisted = CommandRegistry.all.filter { $0.spec.overview.isEmpty && $0.spec.topic != "help" }
        let names = unlisted.map { $0.spec.topic } + concepts.map { $0.topic } + [lessonTopics[0]]
        return filled(["more topics:"] + names + ["(help help lists all)"], separator: " ", indent: "  ")
    }

    /// `  label          item · item · …`, continued under the first item within 80 columns.
    private static func overviewRow(_ label: String, _ items: [String]) -> [String] {
        let indent = String(repeating: " ", count: 17)
        return filled(items, separator: " · ", indent: indent, first: "  " + label.padding(15))
    }

    /// `items` joined by `separator` in lines of at most 80 columns; every line but the first
    /// starts with `indent`, the first with `first`.
    private static func filled(_ items: [String], separator: String, indent: String, first: String = "", width: Int = 80) -> [String] {
        var rows: [String] = []
        var row = first
        var rowIsEmpty = true
        for item in items {
            let addition = rowIsEmpty ? item : separator + item
            if !rowIsEmpty, row.count + addition.count > width {
                rows.append(row)
                row = indent + item
            } else {
                row += addition
            }
            rowIsEmpty = false
        }
        rows.append(row)
        return rows
    }

    /// Every topic `help` knows: one per command, then the ideas, then the lessons.
    static var topicNames: [String] {
        CommandRegistry.all.map { $0.spec.topic } + concepts.map { $0.topic } + [lessonTopics[0]]
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// `help lessons` (`help lesson` is the `lesson N` command's).
    static let lessonTopics = ["lessons"]

    /// `help lessons`: each lesson's number, title and summary, read from the files, so the
    /// list cannot drift from them; then how to play one. Laid out when the report is rendered,
    /// at its width (the summaries fill it).
    static func lessons(in library: LessonLibrary?) -> LessonCatalogue {
        guard let library else {
            return LessonCatalogue(message: "No lessons were found next to this layoutlab (README, \"Lessons\", says where it looks).")
        }
        let lessons: [Lesson]
        do { lessons = try library.lessons() } catch {
            return LessonCatalogue(message: "The lessons in \(library.directory) cannot be read: \(error)")
        }
        guard !lessons.isEmpty else { return LessonCatalogue(message: "There are no lessons in \(library.directory).") }
        return LessonCatalogue(entries: lessons.map { ($0.number, $0.title, $0.summary) }, directory: library.directory)
    }

    /// `help lessons`' list, laid out at the width of the report that shows it.
    struct LessonCatalogue: ReportPicture {
        var entries: [(number: Int, title: String, summary: String)] = []
        var directory = ""
        /// Said instead of the list when there is none.
        var message: String?

        init(entries: [(number: Int, title: String, summary: String)], directory: String) {
            self.entries = entries
            self.directory = directory
        }

        init(message: String) { self.message = message }

        func terminalLines(width: Int, height: Int?) -> [String] {
            if let message { return [message] }
            var lines = ["Lessons, a short course in Auto Layout (a few minutes each):"]
            for entry in entries {
                let number = String(entry.number)
                lines.append(String(repeating: " ", count: max(0, 4 - number.count)) + number + "  " + entry.title)
                lines += filled(words(entry.summary), separator: " ", indent: "      ", first: "      ", width: max(40, width))
            }
            lines.append("Play one with lesson N, or layoutlab --lesson N (N: a number or a name).")
            lines.append("The files, scripts to read or replay: \(directory)")
            return lines
        }
    }

    /// The help for one command, from its declaration.
    static func text(of spec: CommandSpec) -> [String] {
        var lines = spec.synopsis
        lines += spec.summary.map { "  " + $0 }
        lines += spec.examples.map { "  example: " + $0 }
        return lines
    }

    /// `help` or `help TOPIC` (a command word, a topic or an alias).
    static func text(_ topic: String?) throws(ShellError) -> [String] {
        guard let topic else { return overview }
        if let command = CommandRegistry.all.first(where: { ([$0.spec.topic] + $0.spec.aliases + $0.spec.words).contains(topic) }) {
            var lines = text(of: command.spec)
            if command.spec.topic == "help" { lines += topicLines }
            return lines
        }
        if let concept = concepts.first(where: { $0.topic == topic || $0.aliases.contains(topic) }) {
            return concept.text.split(separator: "\n").map(String.init)
        }
        let hint = nearest(topic, in: topicNames).map { "did you mean `\($0)`?" } ?? "help lists the topics"
        throw ShellError("no help topic \(topic)", hint: hint)
    }
}
