import LayoutCode
import LayoutModel
import LayoutVocabulary

/// `import` of Swift and Objective-C layout code (`.swift`, `.m`, or text that looks like
/// it): `LayoutCodeReader` reads the code, and this turns what it read into session lines —
/// views under their code names, guides, margins, content priorities, the constraints in the
/// order they are activated — with notes for what the session shows differently and for each
/// skipped line that mentions layout. Every line is tried on a copy of the session first; a
/// line the session refuses is left out with a note, so an import never fails halfway.
public enum LayoutCodeImporter: LayoutImporter {
    public static let name = "layout code"
    public static let extensions = ["swift", "m", "mm"]
    public static let summary = "Swift or Objective-C constraint code"

    public static func recognizes(_ text: String) -> Bool { LayoutCodeReader.looksLikeLayoutCode(text) }

    public static func pasteFollower() -> any PasteFollower { PastedCode() }

    public static func translate(_ text: String, in context: any ImportContext) throws(ImportError) -> ImportedScript {
        if let bad = text.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" && $0 != "\u{0C}" }) {
            throw ImportError("this is not source code: it holds a control character (U+\(String(bad.value, radix: 16, uppercase: true)))",
                             hint: "import reads Swift or Objective-C text")
        }
        let code = LayoutCodeReader.read(text)
        var translation = LayoutCodeTranslation(code: code, context: context)
        translation.translate()
        guard !translation.lines.isEmpty else {
            throw ImportError("no layout found: the code makes no views, subviews or constraints LayoutLab reads",
                             hint: "import reads anchors, NSLayoutConstraint, VFL, addSubview and UIStackView")
        }
        var script = ImportedScript(kind: code.language == .swift ? "Swift layout code" : "Objective-C layout code",
                                    lines: translation.lines.map(\.text), notes: translation.notes)
        script.skipped = translation.skipped
        return script
    }
}

extension PastedCode: PasteFollower {
    public var recognizes: Bool { looksLikeCode }
    public var isOpen: Bool { hasOpenBracket }
}

/// One import's translation: code names to session names, and the lines with the source line
/// each comes from (for the notes).
struct LayoutCodeTranslation {
    let code: LayoutCode
    let context: any ImportContext
    var lines: [(text: String, source: Int)] = []
    var notes: [String] = []
    /// Each line left out, as data (`ImportedScript.skipped`).
    var skipped: [(line: Int?, text: String, reason: String)] = []
    /// Code name → session name.
    var names: [String: String] = [LayoutCodeReader.rootName: LayoutModel.rootName]
    var taken: Set<String> = []
    /// The copy of the session each line is tried on first.
    let scratch: any ImportTrial

    init(code: LayoutCode, context: any ImportContext) {
        self.code = code
        self.context = context
        taken = Set(context.viewNames).union(context.constraintNames)
        scratch = context.makeTrial(.current)
    }

    mutating func translate() {
        let used = usedViews()
        var emitted: Set<String> = []
        var homeless: [String] = []
        for view in code.views where used.contains(view.name) {
            emitView(view.name, used: used, emitted: &emitted, homeless: &homeless)
        }
        // A view this code makes and constrains but never adds: UIKit throws when the
        // constraints go active ("no common ancestor"). Kept in root so the rest shows.
        let unadded = homeless.filter { name in code.view(name).map { $0.isMadeHere && constrained(name) } ?? false }
        for name in unadded {
            note("no common ancestor: \(name) was never added to a view (UIKit throws when its constraints activate); it is in root here")
        }
        let elsewhere = homeless.filter { !unadded.contains($0) }
        if !elsewhere.isEmpty {
            note("not added to a view in this code (made elsewhere?), so in root here: \(elsewhere.joined(separator: ", "))")
        }
        for margins in code.margins {
            guard let name = names[margins.view] else { continue }
            let m = margins.insets
            let values = [m.top, m.left, m.bottom, m.right].map(formatNumber).joined(separator: ",")
            add("\(name).\(margins.isDirectional ? "directionalMargins" : "margins") = \(values)", margins.line)
        }
        for source in code.marginSources {
            // The root has no superview here, so nothing to preserve.
            guard let name = names[source.view], !(source.preserves && name == LayoutModel.rootName) else { continue }
            add("\(name).\(source.preserves ? "preservesSuperviewMargins" : "insetsMarginsFromSafeArea") = \(source.isOn)", source.line)
        }
        for setting in code.contentPriorities {
            guard let name = names[setting.view] else { continue }
            let word = setting.kind == .hugging ? "hugging" : "resistance"
            add("\(name).\(word).\(setting.axis == .horizontal ? "h" : "v") = \(formatNumber(setting.priority.rawValue))", setting.line)
        }
        // Stack settings and activations in the code's order: a stack remakes its constraints
        // when a property changes, so which of two conflicting required constraints breaks —
        // the one made last — follows that order, in UIKit as here.
        var settings = stackSettingViews()
        var inactive: [Int] = []
        for constraint in code.constraints {
            guard constraint.isActive else { inactive.append(constraint.line); continue }
            let activated = constraint.activationLine ?? constraint.line
            while let next = settings.first, (next.settingsLine ?? next.line) < activated {
                emitSettings(of: next)
                settings.removeFirst()
            }
            emitConstraint(constraint)
        }
        for view in settings { emitSettings(of: view) }
        if !inactive.isEmpty {
            note("never activated, so left out: the constraint\(inactive.count == 1 ? "" : "s") on line\(inactive.count == 1 ? "" : "s") \(Self.lineList(inactive))")
        }
        recordClasses()
        noteSkipped()
    }

    /// `origin NAME CLASS` for each view whose class the code says (`UILabel()`, a custom
    /// subclass) other than the plain ones: `names` then lists it, and `export` makes a label
    /// a label again.
    mutating func recordClasses() {
        for view in code.views {
            // A plain UIView (or a stack, a guide) is what the session's own words already say.
            guard let className = view.className, !["UIView", "NSView", "UIStackView", "NSStackView", "UILayoutGuide", "NSLayoutGuide"].contains(className),
                  !CodeCell.classes.contains(className),
                  let name = names[view.name], name != LayoutModel.rootName else { continue }
            add("origin \(name) \(className)", view.line)
        }
    }

    // MARK: - Views

    /// Views that take part: added somewhere, constrained, or set up.
    func usedViews() -> Set<String> {
        var used = Set(code.views.filter { $0.superview != nil || $0.isArranged }.map(\.name))
        for constraint in code.constraints where constraint.isActive {
            switch constraint.form {
            case .anchors(let first, _, let second, _, _, _):
                used.insert(first.item.view)
                if let second { used.insert(second.item.view) }
            case .visualFormat(_, _, _, let views):
                used.formUnion(views.values.map(\.view))
            }
        }
        used.formUnion(code.contentPriorities.map(\.view))
        used.remove(LayoutCodeReader.rootName)
        return used
    }

    /// Whether an active constraint names the view.
    func constrained(_ name: String) -> Bool {
        code.constraints.contains { constraint in
            guard constraint.isActive else { return false }
            switch constraint.form {
            case .anchors(let first, _, let second, _, _, _): return first.item.view == name || second?.item.view == name
            case .visualFormat(_, _, _, let views): return views.values.contains { $0.view == name }
            }
        }
    }

    mutating func emitView(_ name: String, used: Set<String>, emitted: inout Set<String>, homeless: inout [String]) {
        guard !emitted.contains(name), let view = code.view(name) else { return }
        emitted.insert(name)
        if isMadeByStack(view) {
            emitView(view.superview!, used: used, emitted: &emitted, homeless: &homeless)
            return
        }
        var parent = LayoutModel.rootName
        if let superview = view.superview, superview != LayoutCodeReader.rootName {
            // In a cell's content view: the cell makes it.
            emitView(CodeCell.cell(ofContentView: superview) ?? superview, used: used, emitted: &emitted, homeless: &homeless)
            guard let parentName = names[superview] else { return }
            parent = parentName
        } else if view.superview == nil {
            homeless.append(name)
        }
        let sessionName = claim(name)
        let place = parent == LayoutModel.rootName ? "" : " in \(parent)"
        switch view.kind {
        case .layoutGuide:
            add("guide \(sessionName)\(place)", view.line)
        case .stack:
            emitStack(view, as: sessionName, place: place)
        case .view:
            if let className = view.className, CodeCell.classes.contains(className) {
                emitCell(view, as: sessionName, parent: parent)
            } else if isScrollView(view) {
                add("scroll \(sessionName)\(place)", view.line)
            } else if view.hasIntrinsicSize {
                add("view \(sessionName)\(place) intrinsic \(Self.intrinsicSize(of: view))", view.line)
            } else if keepsAutoresizingConstraints(view) {
                emitAutoresizingView(view, as: sessionName, place: place)
            } else {
                add("view \(sessionName)\(place)", view.line)
                noteContentSize(view, as: sessionName)
            }
        }
    }

    /// A `UITableViewCell` or `UICollectionViewCell` the code makes (as `export` writes one):
    /// the session's `cell`, whose content view the code's `CELL.contentView` is. A table or
    /// collection view sets a cell's frame; the code's frame size is read, UIKit's default row
    /// otherwise. The session keeps cells in root at the origin.
    mutating func emitCell(_ view: CodeView, as name: String, parent: String) {
        var words = "cell \(name)"
        if view.className == "UICollectionViewCell" { words += " collection" }
        if let frame = view.frame, frame.count == 4 {
            words += " width \(formatNumber(value(of: frame[2], line: view.line))) height \(formatNumber(value(of: frame[3], line: view.line)))"
            if value(of: frame[0], line: view.line) != 0 || value(of: frame[1], line: view.line) != 0 {
                note("\(name) is a cell: it is at the root's top left here, as a table's first row")
            }
        }
        if parent != LayoutModel.rootName { note("\(name) is a cell: it is in root here, not in \(parent)") }
        add(words, view.line)
        names[CodeCell.contentView(of: view.name)] = Cell.contentViewName(of: name)
    }

    /// A label, button or image view sizes itself by its text or image, which LayoutLab does
    /// not measure: the note names the command that gives it a size.
    mutating func noteContentSize(_ view: CodeView, as name: String) {
        guard let className = view.className, LayoutCodeReader.contentSizedClasses.contains(className) else { return }
        let sets = view.contentSet.filter { $0 != "large" }
        let given = sets.isEmpty ? "" : " (the code sets its \(sets.joined(separator: ", ")))"
        note("\(name) is a \(className): its size comes from its content\(given), which LayoutLab does not measure; give it one with `view \(name) intrinsic 120x21`")
    }

    /// `WxH` of a view's intrinsic size, `-` for a side it does not have.
    static func intrinsicSize(of view: CodeView) -> String {
        let side = { (value: Double?) in value.map(formatNumber) ?? "-" }
        return "\(side(view.intrinsicWidth))x\(side(view.intrinsicHeight))"
    }

    /// A `UIScrollView` laid out by constraints: the session's `scroll`, with its content and
    /// frame guides. (One that keeps its autoresizing mask is a framed view, without them.)
    func isScrollView(_ view: CodeView) -> Bool {
        view.className == "UIScrollView" && !view.translatesAutoresizingMask
    }

    /// A view made in this code that keeps `translatesAutoresizingMaskIntoConstraints` true.
    func keepsAutoresizingConstraints(_ view: CodeView) -> Bool {
        view.translatesAutoresizingMask && !view.isArranged && view.className != nil && view.kind == .view
    }

    /// The session name for a code name: the view's `accessibilityIdentifier` (a guide's
    /// `identifier`) when the code sets one that is a name, else the variable's name; the same
    /// when it is free and legal, else one with a number, with a note.
    mutating func claim(_ codeName: String) -> String {
        if let known = names[codeName] { return known }
        var wanted = codeName
        var why = ""
        if let view = code.view(codeName), let identifier = view.identifier {
            let property = view.kind == .layoutGuide ? "identifier" : "accessibilityIdentifier"
            if LayoutModel.isIdentifier(identifier), !LayoutModel.looksLikeConstraintID(identifier), identifier != LayoutModel.rootName {
                wanted = identifier
                why = "its \(property)"
            } else {
                note("\(codeName)'s \(property) \"\(identifier)\" is not a name LayoutLab accepts, so it goes by its variable's name")
            }
        }
        var base = String(wanted.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") ? Character($0) : "_" })
        if base.first.map({ ("0"..."9").contains($0) }) ?? true { base = "v" + base }
        var candidate = base
        var number = 2
        while taken.contains(candidate) || LayoutModel.looksLikeConstraintID(candidate) || candidate == LayoutModel.rootName {
            // `c` + 2 is `c2`, a constraint id like every `cN`: an underscore keeps it a name.
            candidate = LayoutModel.looksLikeConstraintID("\(base)\(number)") ? "\(base)_\(number)" : "\(base)\(number)"
            number += 1
        }
        if candidate != wanted {
            let reason = base == wanted ? "the name is taken" : "not a name LayoutLab accepts"
            note("\(codeName) is called \(candidate) here (\(why.isEmpty ? reason : "\(why) \"\(wanted)\": \(reason)"))")
        } else if candidate != codeName {
            note("\(codeName) is called \(candidate) here (\(why))")
        }
        taken.insert(candidate)
        names[codeName] = candidate
        return candidate
    }

    // MARK: - Constraints

    func itemName(_ item: CodeItem) -> String? {
        guard let view = names[item.view] else { return nil }
        switch item.guide {
        case nil: return view
        case .safeArea: return view == LayoutModel.rootName ? "root.safeArea" : nil
        case .layoutMargins: return view + ".margins"
        // The session's scroll guides exist only on a scroll view (`scroll NAME`), its keyboard
        // guide only on the root; elsewhere the constraint is left out with a note.
        case .scrollContent: return code.view(item.view).map(isScrollView) == true ? view + "." + LayoutModel.contentGuideMember : nil
        case .scrollFrame: return code.view(item.view).map(isScrollView) == true ? view + "." + LayoutModel.frameGuideMember : nil
        case .keyboard: return view == LayoutModel.rootName ? "root." + LayoutModel.keyboardMember : nil
        }
    }

    mutating func emitConstraint(_ constraint: CodeConstraint) {
        switch constraint.form {
        case .anchors(let first, let relation, let second, let multiplier, let constant, let system):
            guard let firstName = itemName(first.item), second.map({ itemName($0.item) != nil }) ?? true else {
                let item = [first.item] + (second.map { [$0.item] } ?? [])
                let missing = item.first { itemName($0) == nil }!
                note("line \(constraint.line): left out: LayoutLab has no \(missing.guide == .safeArea ? "safe area for \(missing.view) (only root.safeArea)" : missing.description)")
                return
            }
            var spec = ConstraintSpec(firstItem: firstName, firstAttribute: first.attribute, relation: relation,
                                      secondItem: second.flatMap { itemName($0.item) }, secondAttribute: second?.attribute,
                                      multiplier: multiplier, constant: constant, priority: constraint.priority)
            spec.systemSpacing = system
            let named = constraintNamePrefix(for: constraint.identifier, line: constraint.line, taken: &taken)
            if let text = named.note { note(text) }
            let prefix = named.prefix
            add(prefix + spec.canonicalText, constraint.line)
        case .visualFormat(let format, let options, let metrics, let views):
            if context.platformName != "ios", scratch.platformName != "ios" {
                add("platform ios", constraint.line)
                note("platform ios: the VFL here is UIKit's, so its standard spacings are iOS's")
            }
            for key in metrics.keys.sorted() { add("metric \(key) = \(formatNumber(metrics[key]!))", constraint.line) }
            for key in constraint.runtimeMetrics.keys.sorted() {
                let amount = value(of: constraint.runtimeMetrics[key]!, line: constraint.line)
                add("metric \(key) = \(formatNumber(amount))", constraint.line)
                note("line \(constraint.line): metric \(key) is computed when the code runs; read from the sizes here: \(formatNumber(amount))")
            }
            if !constraint.unknownMetrics.isEmpty {
                let asks = constraint.unknownMetrics.keys.sorted().map { "metric \($0) = … (the code says \(constraint.unknownMetrics[$0]!))" }
                note("line \(constraint.line): left out: \(format) — its metrics are computed when the code runs; give them (\(asks.joined(separator: "; "))) and type the line")
                return
            }
            var renames: [String: String] = [:]
            for (key, item) in views { if let name = itemName(item) { renames[key] = name } }
            add(([Self.renaming(format, renames)] + options).joined(separator: " "), constraint.line)
        }
    }

    /// A VFL format with its view names replaced (the code's dictionary keys → session names).
    static func renaming(_ format: String, _ renames: [String: String]) -> String {
        var result = ""
        var word = ""
        var started = false
        func flush() {
            result += renames[word] ?? word
            word = ""
        }
        for character in format {
            if started, character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
                // `H:` and `V:` name the orientation, not a view.
                if character == ":" || character == "|" || character == "[" { started = true }
            }
        }
        flush()
        return result
    }

    // MARK: - Lines and notes

    /// Adds a line if the session takes it (tried on the copy), else notes why not.
    mutating func add(_ line: String, _ source: Int) {
        switch scratch.attempt(line) {
        case .taken:
            lines.append((line, source))
        case .refused(let message):
            note("line \(source): left out: \(line) — \(message ?? "refused")")
            skipped.append((source, line, "refused: \(message ?? "refused")"))
        }
    }

    mutating func note(_ text: String) { notes.append(text) }

    /// Each skipped line that names an anchor or a constraint, with its number (at most 20 notes; every one as data).
    mutating func noteSkipped() {
        // In line order: a branch the newest system does not run is listed when its block is
        // walked, before the statements of blocks nested above it.
        let listed = code.skipped.filter(\.mentionsLayout).enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        for (index, skipped) in listed.enumerated() {
            let why: String
            switch skipped.reason {
            case .notLayout, .unrecognized: why = "skipped"
            case .unsupportedItem(let item): why = "skipped (no \(item) here)"
            case .unknownValue(let value): why = "skipped (\(value) is not a number LayoutLab can read)"
            case .notRun(let reason): why = "skipped (\(reason))"
            }
            self.skipped.append((skipped.line, skipped.text, why))
            if index < 20 { note("line \(skipped.line): \(why): \(skipped.text)") }
        }
        if listed.count > 20 { note("and \(listed.count - 20) more skipped lines that mention layout") }
    }

    static func lineList(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(12).map(String.init).joined(separator: ", ")
        return numbers.count > 12 ? shown + " and \(numbers.count - 12) more" : shown
    }
}
