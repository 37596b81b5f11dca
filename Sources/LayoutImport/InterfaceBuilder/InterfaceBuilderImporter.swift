import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// `import FILE.storyboard [SCENE]` and `import FILE.xib [N]` (and a pasted IB document): one
/// scene, or one of a xib's top-level views, read as UIKit builds it at run time
/// (`InterfaceBuilderTranslation`), then checked against the frames and judgements IB stored
/// (`InterfaceBuilderComparison`).
public struct InterfaceBuilderImporter: LayoutImporter {
    public static let name = "an Interface Builder file"
    public static let extensions = ["storyboard", "xib"]
    public static let summary = "storyboards and xibs"

    public static func recognizes(_ text: String) -> Bool { IBReader.recognizes(text) }

    public static func pasteFollower() -> any PasteFollower { PastedInterfaceBuilder() }

    public static func translate(_ text: String, in context: any ImportContext) throws(ImportError) -> ImportedScript {
        try translate(text, selection: nil, in: context)
    }

    /// The scene `selection` picks (nil: the initial one, with the list of scenes in the notes).
    public static func translate(_ text: String, selection: String?, in context: any ImportContext) throws(ImportError) -> ImportedScript {
        try translateScene(text, selection: selection, in: context, device: nil).script
    }

    /// The scene's script and IB's judgement of it, to compare with what the session finds
    /// (`layoutlab lint`); `device` lays it out on another screen than the file's.
    /// - Complexity: one trial of each line.
    public static func translateScene(_ text: String, selection: String?, in context: any ImportContext,
                                      device override: DeviceChoice?) throws(ImportError) -> (script: ImportedScript, comparison: InterfaceBuilderComparison) {
        try translateScene(of: try read(text), selection: selection, in: context, device: override)
    }

    /// The same, from a document already read: `lint` reads a file once for all its scenes
    /// (reading it again for each made a storyboard of many scenes quadratic).
    /// - Complexity: one trial of each line of the scene.
    public static func translateScene(of document: IBDocument, selection: String?, in context: any ImportContext,
                                      device override: DeviceChoice?) throws(ImportError) -> (script: ImportedScript, comparison: InterfaceBuilderComparison) {
        let picked = try pick(selection, in: document)
        var translation = InterfaceBuilderTranslation(document: document, root: picked.view, controller: picked.controller,
                                                      context: context, device: override)
        translation.translate()
        var script = ImportedScript(kind: picked.kind, lines: translation.lines, notes: picked.listing + translation.notes)
        script.skipped = translation.skipped
        let comparison = InterfaceBuilderComparison(translation: translation)
        script.followUp = { outcome in comparison.notes(outcome) }
        script.needsLayout = true
        return (script, comparison)
    }

    /// The file read, or a one-line error with the line.
    public static func read(_ text: String) throws(ImportError) -> IBDocument {
        do throws(IBReadError) {
            return try IBReader.read(text)
        } catch {
            throw ImportError(error.line > 0 ? "line \(error.line): \(error.message)" : error.message,
                              hint: "import reads Interface Builder files (.storyboard, .xib) as Xcode saves them")
        }
    }

    /// A screen to lay a scene out on other than the file's (`layoutlab lint --devices`).
    public struct DeviceChoice: Sendable {
        public var device: Device
        public var landscape: Bool
        public init(device: Device, landscape: Bool) {
            self.device = device
            self.landscape = landscape
        }
    }

    struct Picked {
        var view: IBView
        var controller: IBViewController?
        var kind: String
        var listing: [String]
    }

    /// The scenes of a storyboard, with their numbers (1-based over every scene).
    public static func scenes(of document: IBDocument) -> [(number: Int, scene: IBScene)] {
        document.scenes.enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// The words `import FILE SCENE` accepts for this file, for completion: every scene's
    /// number, storyboard identifier and class (a xib's top-level views by number), and the
    /// prototype cells' reuse identifiers. Empty when the text is not an IB file.
    /// - Complexity: reads the whole file.
    public static func selections(in text: String) -> [String] {
        guard let document = try? read(text) else { return [] }
        switch document.kind {
        case .storyboard:
            var words: [String] = []
            for (number, scene) in scenes(of: document) {
                words.append(String(number))
                guard let controller = scene.controller else { continue }
                if let identifier = controller.storyboardIdentifier { words.append(identifier) }
                words.append(controller.className)
                if let custom = controller.customClass?.split(separator: ".").last { words.append(String(custom)) }
                words += controller.view?.flattened().filter(\.isPrototype).compactMap(\.reuseIdentifier) ?? []
            }
            return words
        case .xib:
            let views = document.topLevel.filter { $0.view != nil }
            return (1...max(1, views.count)).map(String.init) + views.flatMap(topLevelNames)
        }
    }

    /// What picks a xib's top-level object besides its number: its class (custom, else UIKit's),
    /// its user label, and a controller's class.
    static func topLevelNames(of object: IBTopLevel) -> [String] {
        var names: [String] = []
        if case .controller(let controller) = object { names.append(controller.className) }
        if let view = object.view {
            names.append(view.className)
            if let label = view.userLabel { names.append(label) }
        }
        return names
    }

    /// Why a scene without a view of its own cannot be imported, and which to import instead:
    /// a container's scenes, or the storyboard a reference stands for.
    static func noView(_ chosen: (number: Int, scene: IBScene), in all: [(number: Int, scene: IBScene)]) -> ImportError {
        guard let controller = chosen.scene.controller else {
            return .selection("scene \(chosen.number) has no view controller", hint: "import FILE alone lists the scenes")
        }
        if let reference = controller.reference {
            let file = reference.storyboardName.map { "\($0).storyboard" }
            let target = reference.identifier.map { "the scene \($0) of \(file ?? "this storyboard")" } ?? "the initial scene of \(file ?? "this storyboard")"
            return .selection("scene \(chosen.number) is a reference to \(target): its view is there",
                              hint: "import \(file ?? "FILE")\(reference.identifier.map { " \($0)" } ?? "")")
        }
        let held = controller.children.compactMap { id in all.first { $0.scene.controller?.id == id }?.number }
        let hint = held.isEmpty ? "pick one of the scenes it holds; import FILE alone lists them"
            : "it holds scene\(held.count == 1 ? "" : "s") \(held.map(String.init).joined(separator: ", ")): import FILE \(held[0])"
        return .selection("scene \(chosen.number) (\(controller.className)) has no view of its own: a container shows other scenes' views", hint: hint)
    }

    /// One line per scene: number, class, storyboard identifier, title, views.
    static func listing(of document: IBDocument, chosen: Int?) -> [String] {
        var lines = ["  scenes (import FILE SCENE takes a number, a storyboard identifier or a class):"]
        for (number, scene) in scenes(of: document) {
            let controller = scene.controller
            var words = ["\(number == chosen ? "*" : " ") \(number)", controller?.className ?? "(no view controller)"]
            if let identifier = controller?.storyboardIdentifier { words.append("id \(identifier)") }
            if let title = scene.title ?? controller?.title { words.append("\"\(title)\"") }
            if let view = controller?.view {
                let count = view.flattened().count - 1
                words.append("\(count) view\(count == 1 ? "" : "s")")
                let cells = view.flattened().filter(\.isPrototype).compactMap(\.reuseIdentifier)
                if !cells.isEmpty { words.append("cells \(cells.joined(separator: ", "))") }
                if let rows = staticCellsWords(in: view) { words.append(rows) }
            } else if let reference = controller?.reference {
                words.append("a reference to \(reference.storyboardName.map { "\($0).storyboard" } ?? "this storyboard")\(reference.identifier.map { " (\($0))" } ?? "")")
            } else {
                words.append("no view of its own")
            }
            lines.append("  " + words.joined(separator: "  "))
        }
        if document.scenes.contains(where: { $0.controller?.view?.flattened().contains(where: \.isPrototype) == true }) {
            lines.append("  import FILE CELL takes a prototype's reuse identifier: that cell alone, as the session's cell")
        }
        return lines
    }

    /// A prototype cell picked by its reuse identifier (`import Main.storyboard MessageCell`): the
    /// session's cell alone, at the top left of a root of its size, as a xib's cell is.
    static func prototype(_ reuseIdentifier: String, in scenes: [(number: Int, scene: IBScene)]) -> Picked? {
        for (number, scene) in scenes {
            guard let controller = scene.controller, let view = controller.view,
                  var cell = view.flattened().first(where: { $0.isPrototype && $0.reuseIdentifier == reuseIdentifier }) else { continue }
            cell.frame?.x = 0
            cell.frame?.y = 0
            return Picked(view: cell, controller: nil, kind: "prototype cell \(reuseIdentifier) (\(cell.className)) of scene \(number) (\(controller.className))", listing: [])
        }
        return nil
    }

    static func pick(_ selection: String?, in document: IBDocument) throws(ImportError) -> Picked {
        switch document.kind {
        case .storyboard:
            let all = scenes(of: document)
            guard !all.isEmpty else { throw ImportError("the storyboard has no scenes") }
            var chosen: (number: Int, scene: IBScene)
            if let selection {
                if let number = Int(selection) {
                    guard number >= 1, number <= all.count else {
                        throw ImportError.selection("there is no scene \(number): the storyboard has \(all.count) (1 to \(all.count))", hint: "import FILE alone lists them")
                    }
                    chosen = all[number - 1]
                } else if let found = all.first(where: { $0.scene.controller?.storyboardIdentifier == selection })
                            ?? all.first(where: { $0.scene.controller?.className == selection })
                            ?? all.first(where: { $0.scene.controller?.customClass?.split(separator: ".").last.map(String.init) == selection }) {
                    chosen = found
                } else if let prototype = prototype(selection, in: all) {
                    return prototype
                } else {
                    throw ImportError.selection("no scene has the storyboard identifier or class \(selection), and no prototype cell that reuse identifier",
                                      hint: "import FILE alone lists the scenes and their prototype cells")
                }
                guard let controller = chosen.scene.controller, let view = controller.view else {
                    throw Self.noView(chosen, in: all)
                }
                return Picked(view: view, controller: controller, kind: "scene \(chosen.number) (\(controller.className)) of a storyboard", listing: [])
            }
            // The initial scene; a container's first child with a view when it is one.
            var id = document.initialViewController
            var via: String?
            for _ in 0..<8 {
                guard let current = id, let found = all.first(where: { $0.scene.controller?.id == current }) else { break }
                if found.scene.controller?.view != nil { break }
                via = via ?? found.scene.controller?.className
                id = found.scene.controller?.children.first
            }
            if let id, let found = all.first(where: { $0.scene.controller?.id == id && $0.scene.controller?.view != nil }) {
                chosen = found
            } else if let first = all.first(where: { $0.scene.controller?.view != nil }) {
                chosen = first
                via = nil
            } else {
                throw ImportError("no scene of the storyboard has a view of its own")
            }
            let controller = chosen.scene.controller!
            var listing = listing(of: document, chosen: chosen.number)
            if let via { listing.append("  the initial scene is a \(via); its first scene with a view is imported") }
            return Picked(view: controller.view!, controller: controller,
                          kind: "scene \(chosen.number) (\(controller.className)) of a storyboard", listing: listing)
        case .xib:
            let views = document.topLevel.filter { $0.view != nil }
            guard !views.isEmpty else { throw ImportError("the xib has no top-level view") }
            var number = 1
            if let selection {
                if let n = Int(selection) {
                    guard n >= 1, n <= views.count else {
                        throw ImportError.selection("there is no top-level view \(selection): the xib has \(views.count) (1 to \(views.count))")
                    }
                    number = n
                } else if let index = views.firstIndex(where: { Self.topLevelNames(of: $0).contains(selection) }) {
                    number = index + 1
                } else {
                    throw ImportError.selection("no top-level view of the xib has the class or label \(selection)",
                                                hint: "import FILE alone lists them; a number picks one")
                }
            }
            let object = views[number - 1]
            var listing: [String] = []
            if views.count > 1 && selection == nil {
                listing.append("  top-level views (import FILE N picks one, or its class):")
                for (index, top) in views.enumerated() {
                    let count = top.view!.flattened().count - 1
                    let label = top.view!.userLabel.map { "  \"\($0)\"" } ?? ""
                    listing.append("  \(index + 1 == number ? "*" : " ") \(index + 1)  \(top.view!.className)\(label)  \(count) subview\(count == 1 ? "" : "s")")
                }
            }
            switch object {
            case .view(let view):
                return Picked(view: view, controller: nil, kind: "view \(number) (\(view.className)) of a xib", listing: listing)
            case .controller(let controller):
                return Picked(view: controller.view!, controller: controller, kind: "the view of \(controller.className) in a xib", listing: listing)
            }
        }
    }
}

/// Follows a pasted Interface Builder document: complete at `</document>`.
struct PastedInterfaceBuilder: PasteFollower {
    var recognizes = false
    var isComplete = false
    /// XML allows nothing after the root element closes.
    var endsWhenComplete: Bool { true }

    mutating func read(_ line: Substring) {
        if IBReader.recognizes(line) { recognizes = true }
        if recognizes, line.contains("</document>") { isComplete = true }
    }
}
