import LayoutModel
import LayoutVocabulary
import LayoutReport

/// A command of the session language, declared once: how a line of it starts, its syntax, its
/// help with examples and what completes after it (`spec`), how the rest of the line reads
/// (`parse`), and what it does (`SessionChange.apply` or `SessionAction.run`).
///
/// Each family of commands lives in a file of its own under Commands/ and lists itself in
/// `CommandRegistry.families`; help, completion, the parser's dispatch and the README check
/// all read the registry, so they cannot disagree.
protocol ShellCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Reads the line. Names are checked against the session as the parser goes, so an error
    /// points at the word at fault.
    static func parse(_ parser: inout LineParser) throws(ShellError) -> Self
    /// What the dispatcher calls: `parse`, unless a command word stands for another command
    /// in one form (`device` alone lists the devices, a look; `device NAME` is a change).
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand
    /// The command as a change or an action (nil when it is not one). Asked of every line:
    /// a cast `as? any SessionAction` that fails walks the conformance tables (2.8% of a
    /// `--final` run, two casts a line); these are answered by the witness table.
    var asChange: (any SessionChange)? { get }
    var asAction: (any SessionAction)? { get }
}

extension ShellCommand {
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        try parse(&parser)
    }
    var asChange: (any SessionChange)? { nil }
    var asAction: (any SessionAction)? { nil }
}

/// A command that changes the session's state: it goes into the undo history and `save`, and
/// a loaded file runs it.
protocol SessionChange: ShellCommand {
    /// Changes the session. On a throw nothing has changed. Returns the notes the report shows
    /// for effects that its lists of constraints and frames do not show.
    func apply(to session: Session) throws(ShellError) -> [String]
    /// False for changes that cannot move a frame (a metric, the platform): no layout report.
    var changesLayout: Bool { get }
}

extension SessionChange {
    var changesLayout: Bool { true }
    var asChange: (any SessionChange)? { self }
}

/// A command that looks at the session or steers it (undo, load, save, quit) without being a
/// step of its history itself.
protocol SessionAction: ShellCommand {
    /// Runs the command, filling in the report. Returns whether the layout may have changed.
    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool
}

extension SessionAction {
    var asAction: (any SessionAction)? { self }
}

/// Everything about a command that is not parsing or running it.
struct CommandSpec: Sendable {
    /// What a line of this command starts with.
    enum Trigger {
        /// A command word (several: synonyms, `quit` and `exit`).
        case words([String])
        /// `OWNER.member …`: a property of a view (`a.hugging.h = 251`) or of a constraint
        /// (`c3.constant = 20`).
        case property(of: PropertyOwner, members: [String])
        /// `H:…` or `V:…` (or a line starting with `|` or `[`).
        case visualFormat
        /// `[name:] item.attr REL …`: every other line.
        case constraint
    }

    enum PropertyOwner { case view, constraint }

    /// What the command does to the session, for help and for loaded files.
    enum Kind {
        /// Changes the session: one undo step, saved, run in a loaded file.
        case change
        /// Only shows something: skipped in a loaded file.
        case inspection
        /// Steers the session (undo, save, quit): refused in a loaded file (`load` nests).
        case session
    }

    /// The overview's task groups, in the order `help` shows them.
    enum Group: String, CaseIterable {
        case makeViews = "make views"
        case constrain = "constrain"
        case visualFormat = "VFL"
        case change = "change"
        case contentSize = "content size"
        case settings = "settings"
        case look = "look"
        case session = "session"
    }

    var trigger: Trigger
    var kind: Kind
    var group: Group
    /// The help topic (`help frames`); other names that lead to it are `aliases`.
    var topic: String
    /// Whether running it reads the session's history: `undo` says what it took back, `save`
    /// writes the history, an import rebuilds the session in a trial from it. A script run
    /// with no such command keeps no history (`Session.keepsHistory`, `Replay.readsHistory`).
    var readsHistory = false
    var aliases: [String] = []
    /// The forms of the command, one per line, as help and the README's table write them.
    var synopsis: [String]
    /// What it does, in a few short lines (help indents them under the synopsis).
    var summary: [String]
    /// Lines to try, each a whole input (help prints them as `example: …`).
    var examples: [String]
    /// What the overview lists for it (short forms, `·`-separated there).
    var overview: [String]
    /// The candidates for the word being completed after the command's first word.
    var completeArguments: @Sendable (CompletionContext) -> [String] = { _ in [] }
    /// Which argument (0 the first after the command word) is a file name (`save FILE`: 0,
    /// `export swift FILE`: 1): completion there lists the files and directories instead of
    /// asking `completeArguments`.
    var fileNameArgument: Int? = nil

    /// The command words, for a trigger of `.words`.
    var words: [String] {
        if case .words(let words) = trigger { return words }
        return []
    }
}

/// What completion knows about the line when it asks a command for candidates.
struct CompletionContext {
    let session: Session
    /// The words before the one being completed (the command word first).
    let words: [Word]
    /// The text before the word being completed.
    let ahead: String

    /// The views that are not layout guides: what can be a superview, an owner, or fitted.
    var views: [String] { session.model.viewOrder.filter { !session.model.isGuide($0) } }

    /// After `in`, the views; before it, `in` (`guide g in card`, `scroll s in card`).
    var superviewAfterIn: [String] { words.last?.text == "in" ? views : ["in"] }
}

/// Every command of the language, by family. The dispatcher, help, completion and the tests
/// that compare them with the README all read this list.
enum CommandRegistry {
    static let families: [[any ShellCommand.Type]] = [
        ViewCommands.all, ConstraintCommands.all, VisualFormatCommands.all, EditCommands.all,
        SettingCommands.all, TextCommands.all, GuideCommands.all, StackCommands.all, CellCommands.all, ScrollCommands.all, AutoresizingCommands.all, DeviceCommands.all, TraitCommands.all,
        InspectionCommands.all, ExplainCommands.all, AmbiguityCommands.all, PictureCommands.all, ImportCommands.all,
        ExportCommands.all, SessionCommands.all, LessonCommands.all,
    ]

    static let all: [any ShellCommand.Type] = families.flatMap { $0 }

    /// Command words → command, for the dispatcher.
    static let byWord: [String: any ShellCommand.Type] = {
        var table: [String: any ShellCommand.Type] = [:]
        for command in all {
            for word in command.spec.words {
                precondition(table[word] == nil, "two commands claim the word \(word)")
                table[word] = command
            }
        }
        return table
    }()

    /// Every command word (for help, completion and "did you mean").
    static let commandWords: [String] = all.flatMap { $0.spec.words }

    /// The words of the commands that read the session's history (`CommandSpec.readsHistory`).
    static let historyReaderWords: [String] = all.filter { $0.spec.readsHistory }.flatMap { $0.spec.words }

    /// The command for `OWNER.member`, if one claims that member.
    static func property(_ member: String, of owner: CommandSpec.PropertyOwner) -> (any ShellCommand.Type)? {
        switch owner {
        case .view: viewProperties[member]
        case .constraint: constraintProperties[member]
        }
    }

    /// Member → command for each owner, built once: every `a.width >= 100` line asks, and going
    /// through `all` copied each command's whole spec (help texts included) per line. One
    /// table per owner: a table of tables hashed the owner and copied the inner table out.
    private static let viewProperties = propertyCommands(of: .view)
    private static let constraintProperties = propertyCommands(of: .constraint)

    private static func propertyCommands(of owner: CommandSpec.PropertyOwner) -> [String: any ShellCommand.Type] {
        var table: [String: any ShellCommand.Type] = [:]
        for command in all {
            guard case .property(let o, let members) = command.spec.trigger, o == owner else { continue }
            // The first command claiming a member wins, as a search of `all` would find it.
            for member in members where table[member] == nil { table[member] = command }
        }
        return table
    }

    /// The members a property command accepts after `OWNER.` (for completion).
    static func propertyMembers(of owner: CommandSpec.PropertyOwner) -> [String] {
        all.flatMap { command -> [String] in
            if case .property(let o, let members) = command.spec.trigger, o == owner { return members }
            return []
        }
    }

    static func command(for trigger: (CommandSpec.Trigger) -> Bool) -> any ShellCommand.Type {
        all.first { trigger($0.spec.trigger) }!
    }

    // Found once: every constraint line asks, and a search copies each command's spec.
    static let visualFormat: any ShellCommand.Type = command { if case .visualFormat = $0 { true } else { false } }

    static let constraint: any ShellCommand.Type = command { if case .constraint = $0 { true } else { false } }
}
