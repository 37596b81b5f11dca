import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Steering the session: undo, redo, reset, save, load, help, quit.
enum SessionCommands {
    static let all: [any ShellCommand.Type] = [Undo.self, Redo.self, Reset.self, Save.self, Load.self, ShowHelp.self, Quit.self]
}

/// `undo [N]`: take back the last N inputs that changed something.
struct Undo: SessionAction {
    var steps: Int

    static let spec = CommandSpec(
        trigger: .words(["undo"]), kind: .session, group: .session, topic: "undo", readsHistory: true,
        synopsis: ["undo [N]"],
        summary: ["take back the last command (or the last N), exactly; the latest 1000 steps",
                  "can be taken back (a load, import or paste is one step)."],
        examples: ["undo", "undo 3"],
        overview: ["undo [N]"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> Undo {
        if p.rest.isEmpty { return Undo(steps: 1) }
        guard p.rest.count == 1, let n = Int(p.rest[0].text), n > 0 else {
            throw ShellError("undo takes an optional number of steps", hint: "e.g. undo or undo 3", column: p.rest[0].column)
        }
        return Undo(steps: n)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        try session.undo(steps, into: &result)
        return true
    }
}

/// `redo [N]`: run again what the last undo took back.
struct Redo: SessionAction {
    var steps: Int

    static let spec = CommandSpec(
        trigger: .words(["redo"]), kind: .session, group: .session, topic: "redo",
        synopsis: ["redo [N]"],
        summary: ["run again the last command undo took back (or the last N), until",
                  "something new is typed."],
        examples: ["redo", "redo 2"],
        overview: [])

    static func parse(_ p: inout LineParser) throws(ShellError) -> Redo {
        if p.rest.isEmpty { return Redo(steps: 1) }
        guard p.rest.count == 1, let n = Int(p.rest[0].text), n > 0 else {
            throw ShellError("redo takes an optional number of steps", hint: "e.g. redo or redo 2", column: p.rest[0].column)
        }
        return Redo(steps: n)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        try session.redo(steps, into: &result)
        return true
    }
}

/// `reset`: an empty window again; undo brings the session back.
struct Reset: SessionChange {
    static let spec = CommandSpec(
        trigger: .words(["reset"]), kind: .change, group: .session, topic: "reset",
        synopsis: ["reset"],
        summary: ["start over with an empty window (undo brings the session back)."],
        examples: ["reset"],
        overview: ["reset"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> Reset {
        try p.expectNoArguments()
        return Reset()
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        session.resetState()
        session.shown = ShownDiagnostics()
        return ["reset: an empty window again (undo brings the session back)"]
    }
}

/// `save FILE`: a script that rebuilds this session exactly, written atomically.
struct Save: SessionAction {
    var path: String
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["save"]), kind: .session, group: .session, topic: "save", readsHistory: true,
        synopsis: ["save FILE"],
        summary: ["write a script that rebuilds this session exactly (ids too).",
                  "The old file is replaced only once the new one is complete."],
        examples: ["save card.lal"],
        overview: ["save FILE"],
        fileNameArgument: 0)

    static func parse(_ p: inout LineParser) throws(ShellError) -> Save {
        let word = try p.oneArgument("save needs one file name", hint: "e.g. save layout.lal")
        return Save(path: word.text, column: word.column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let count: Int
        do { count = try session.save(to: path) } catch { throw error.at(column) }
        result.output = ["saved \(counted(count, "command")) to \(path)"]
        return false
    }
}

/// `load FILE`: a script's commands as one undo step; a failing line loads nothing.
struct Load: SessionAction {
    var path: String
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["load"]), kind: .session, group: .session, topic: "load",
        synopsis: ["load FILE"],
        summary: ["run a script's commands as one step (undo takes it back).",
                  "A failing line, or Ctrl-C, loads nothing."],
        examples: ["load card.lal"],
        overview: ["load FILE"],
        fileNameArgument: 0)

    static func parse(_ p: inout LineParser) throws(ShellError) -> Load {
        let word = try p.oneArgument("load needs one file name", hint: "e.g. load layout.lal")
        return Load(path: word.text, column: word.column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let count = try session.loadAsOneStep(path, fileNameColumn: column, into: &result)
        result.output = ["loaded \(counted(count, "command")) from \(path)"]
        return true
    }
}

/// `help [TOPIC]`: the overview by task, or one topic.
struct ShowHelp: SessionAction {
    var topic: String?

    static let spec = CommandSpec(
        trigger: .words(["help"]), kind: .inspection, group: .session, topic: "help", aliases: ["topics"],
        synopsis: ["help [TOPIC]"],
        summary: ["the overview, or one topic."],
        examples: ["help vfl"],
        overview: [],
        completeArguments: { _ in Help.topicNames })

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowHelp {
        ShowHelp(topic: p.rest.first?.text)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        if let topic, Help.lessonTopics.contains(topic) {
            result.picture = Help.lessons(in: session.lessons)
        } else {
            result.output = try Help.text(topic)
        }
        return false
    }
}

/// `quit` or `exit` (Ctrl-D too): leave the shell.
struct Quit: SessionAction {
    static let spec = CommandSpec(
        trigger: .words(["quit", "exit"]), kind: .session, group: .session, topic: "quit", aliases: ["exit"],
        synopsis: ["quit (or exit, or Ctrl-D)"],
        summary: ["leave the shell. History is already saved."],
        examples: ["quit"],
        overview: ["quit (or Ctrl-D)"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> Quit { Quit() }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        session.finish()
        result.quits = true
        return false
    }
}
