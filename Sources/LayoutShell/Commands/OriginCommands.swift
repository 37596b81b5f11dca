import LayoutImport
import LayoutModel
import LayoutVocabulary
import LayoutReport

/// `origin NAME TEXT`: records what a view, guide or constraint was in an imported source
/// (`origin titleLabel UILabel:0x7f8…'Title'`). The importer writes these lines after what it
/// adds, so `save` keeps the table; they change no layout.
struct RecordOrigin: SessionChange {
    var name: String
    var text: String

    static let spec = CommandSpec(
        trigger: .words(["origin"]), kind: .change, group: .session, topic: "origin",
        synopsis: ["origin NAME TEXT"],
        summary: ["record what a view, guide or constraint was in an imported log or code",
                  "(import writes these lines; names lists them)."],
        examples: ["origin a UIView:0x7fe4bee22240"],
        overview: ["origin a UIView:0x…"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> RecordOrigin {
        let words = p.rest
        guard let first = words.first else {
            throw ShellError("origin needs a name and what it was", hint: "e.g. origin a UIView:0x7fe4bee22240", column: p.columnAfterCommand)
        }
        let model = p.model
        guard model.view(first.text) != nil || model.constraint(first.text) != nil else {
            throw ShellError("there is no view, guide or constraint named \(first.text)", column: first.column)
        }
        guard words.count > 1 else {
            throw ShellError("origin needs what \(first.text) was, after its name", hint: "e.g. origin a UIView:0x7fe4bee22240", column: first.column + first.text.count + 1)
        }
        let start = p.line.index(p.line.startIndex, offsetBy: words[1].column - 1)
        return RecordOrigin(name: first.text, text: String(p.line[start...]).trimmingSpaces)
    }

    var changesLayout: Bool { false }

    func apply(to session: Session) throws(ShellError) -> [String] {
        session.recordOrigin(name, text)
        return []
    }
}

/// `names`: the table of imported names back to what the source called them.
struct ShowNames: SessionAction {
    static let spec = CommandSpec(
        trigger: .words(["names"]), kind: .inspection, group: .look, topic: "names",
        synopsis: ["names"],
        summary: ["after import: each name the session gave, and what it was in the log",
                  "(class, address, title; a constraint's class, address, identifier) or",
                  "in the storyboard or xib (class and IB object id)."],
        examples: ["names"],
        overview: ["names"])

    static func parse(_ p: inout LineParser) throws(ShellError) -> ShowNames {
        try p.expectNoArguments()
        return ShowNames()
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        // A view the traits uninstalled, and the constraints it took, are still the file's.
        let out = { (name: String) in
            session.uninstalledStash(holdingView: name) != nil || session.uninstalledStash(holdingConstraint: name) != nil
        }
        let live = session.origins.filter { session.model.view($0.name) != nil || session.model.constraint($0.name) != nil || out($0.name) }
        guard !live.isEmpty else {
            result.output = ["no imported names (import a console log first)"]
            return false
        }
        let width = live.map(\.name.count).max()!
        // Logs name things by address (`UIView:0x7fe…`); Interface Builder files by object id.
        let fromFile = live.allSatisfy { !$0.text.contains(":0x") }
        result.output = ["  " + "name".padded(to: width) + (fromFile ? "  in the file" : "  in the log")]
            + live.map { "  " + $0.name.padded(to: width) + "  " + LogConstraintOrigin.shown($0.text) + (out($0.name) ? "  (not installed now)" : "") }
        result.names = live.map { entry in
            let shown = LogConstraintOrigin.shown(entry.text)
            let parts = originParts(shown)
            return ImportedName(name: entry.name, id: parts.id, className: parts.className, origin: shown, location: parts.location)
        }
        return false
    }
}

/// The id, class and location in an origin's text: `Class:id` (logs and IB files), or only
/// `Class` (code); a title or identifier after a space is not part of the id; SnapKit's
/// `@File.swift#88` is where the app made the constraint, not part of the address.
func originParts(_ text: String) -> (id: String, className: String, location: String?) {
    var head = text.split(separator: " ", maxSplits: 1).first.map(String.init) ?? text
    var location: String?
    if let at = head.firstIndex(of: "@") {
        location = String(head[head.index(after: at)...])
        head = String(head[..<at])
    }
    guard let colon = head.firstIndex(of: ":") else { return ("", head, location) }
    return (String(head[head.index(after: colon)...]), String(head[..<colon]), location)
}

extension Session {
    func recordOrigin(_ name: String, _ text: String) {
        state.origins.removeAll { $0.name == name }
        state.origins.append((name, text))
    }
}

private extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
