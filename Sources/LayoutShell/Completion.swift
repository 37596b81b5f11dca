import LayoutModel
import LayoutVocabulary
import VisualFormat
import LayoutReport

extension Session {
    /// Tab completion: for the text before `cursor` (a character offset), the character offset
    /// where the word being completed starts and the full words that may replace it (sorted,
    /// without duplicates). Knows commands, view names, attributes after `view.`,
    /// `hugging.`/`resistance.`/`margins`, constraint ids and names, metrics, `H:`/`V:`, VFL
    /// options, file names after the commands that take one (`save`, `load`, `svg`), and a
    /// storyboard's scenes after its name (`import`).
    public func completions(line: String, cursor: Int) -> (replaceFrom: Int, candidates: [String]) {
        let characters = Array(line)
        let end = max(0, min(cursor, characters.count))
        let before = characters[0..<end]
        func isWordChar(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "_") }
        var start = end
        while start > 0, isWordChar(before[start - 1]) { start -= 1 }
        let partial = String(before[start..<end])
        let ahead = String(before[0..<start])
        let trimmedAhead = ahead.trimmingSpaces
        let words = splitWords(ahead)
        var candidates: [String] = []

        // A file name is one word up to the last blank, whatever it holds: `save /tmp/x.` is
        // the first argument, not `x.`'s attributes, though `words` (split where the word being
        // completed starts) would count `/tmp/x.` as a word of its own.
        if let first = words.first, let file = CommandRegistry.byWord[first.text]?.spec.fileNameArgument,
           wordsBeforeBlank(before) - 1 == file {
            return fileCompletions(line: characters, end: end)
        }
        let viewNames = model.viewOrder
        if start > 0, before[start - 1] == "." {
            // After `x.`: attributes and the view's properties, a constraint's properties, or an axis.
            var j = start - 1
            while j > 0, isWordChar(before[j - 1]) { j -= 1 }
            var base = String(before[j..<(start - 1)])
            var owner = j > 0 && before[j - 1] == "." ? String(before[0..<(j - 1)]).split(separator: " ").last.map(String.init) : nil
            if let cell = owner, base == Cell.contentViewMember, model.view(Cell.contentViewName(of: cell)) != nil {
                // `cell.contentView.`: the content view is one name.
                base = Cell.contentViewName(of: cell)
                owner = nil
            }
            let guideAttributes = ["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY"]
            if let owner, model.view(owner) != nil, ["hugging", "resistance"].contains(base) {
                candidates = ["h", "v"]
            } else if let owner, (try? model.checkItem(owner + "." + base)) != nil, LayoutModel.systemGuide(owner + "." + base) != nil {
                candidates = guideAttributes
            } else if model.isGuide(base) {
                candidates = guideAttributes
            } else if model.view(base) != nil {
                candidates = LayoutAttribute.allCases.map(\.rawValue)
                // UIKit's guides of the view: root.safeArea.top, a.margins.leading,
                // s.contentLayoutGuide.height, root.keyboard.top; a cell's content view.
                candidates += model.systemGuideMembers(of: base)
                if model.isCell(base) { candidates.append(Cell.contentViewMember) }
                // Properties only where a line starts (`a.margins = 8`), not inside a constraint.
                if words.isEmpty || trimmedAhead.hasSuffix(base + ".") && words.count <= 1 {
                    let properties = CommandRegistry.propertyMembers(of: .view)
                    // The root has no intrinsic size, so no content priorities, and no
                    // superview whose margins it could preserve.
                    let rootProperties: Set<String> = ["margins", "insetsMarginsFromSafeArea", "insetsLayoutMarginsFromSafeArea"]
                    candidates += base == LayoutModel.rootName ? properties.filter { rootProperties.contains($0) } : properties
                }
            } else if model.resolveConstraint(base) != nil {
                candidates = CommandRegistry.propertyMembers(of: .constraint)
            }
        } else if words.isEmpty {
            if partial.isEmpty || !partial.first!.isNumber {
                candidates = CommandRegistry.commandWords + viewNames + completableIDs + ["H:", "V:"]
                if "HV".contains(partial) && !partial.isEmpty { candidates.append(partial + ":") }
            }
        } else {
            let first = words[0].text
            // After a file name (`import My\ App/Main.storyboard `), the words as the parser reads them.
            let quoted = CommandRegistry.byWord[first]?.spec.fileNameArgument != nil
            let context = CompletionContext(session: self, words: quoted ? splitQuotedWords(ahead).words : words, ahead: ahead)
            if first.hasPrefix("H:") || first.hasPrefix("V:") {
                candidates = CommandRegistry.visualFormat.spec.completeArguments(context)
            } else if let command = CommandRegistry.byWord[first] {
                candidates = command.spec.completeArguments(context)
            } else {
                candidates = CommandRegistry.constraint.spec.completeArguments(context)
            }
        }
        let matches = Array(Set(candidates.filter { $0.hasPrefix(partial) })).sorted()
        return (start, matches)
    }

    /// How many whole words stand before the last blank of `text`: which argument the word
    /// being typed is, when that word may hold `/` or `.`.
    private func wordsBeforeBlank(_ text: ArraySlice<Character>) -> Int {
        let start = fileWordStart(Array(text), end: text.count)
        return splitQuotedWords(String(text[text.startIndex..<(text.startIndex + start)])).words.count
    }

    /// Where the file name that ends at `end` starts: after the last blank that no backslash
    /// escapes.
    private func fileWordStart(_ line: [Character], end: Int) -> Int {
        var start = end
        while start > 0, !((line[start - 1] == " " || line[start - 1] == "\t") && !(start >= 2 && line[start - 2] == "\\")) {
            start -= 1
        }
        return start
    }

    /// File and directory names that complete the file name before `end`, escaped as the
    /// parser reads them back (`My\ App/`).
    func fileCompletions(line: [Character], end: Int) -> (replaceFrom: Int, candidates: [String]) {
        let start = fileWordStart(line, end: end)
        let partial = splitQuotedWords(String(line[start..<end])).words.first?.text ?? ""
        let slash = partial.lastIndex(of: "/")
        let dirPart = slash.map { String(partial[...$0]) } ?? ""
        let namePart = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let dir = resolve(dirPart.isEmpty ? "." : dirPart)
        var names: [String] = []
        for name in Directory.names(in: dir) {
            if name.hasPrefix(".") && !namePart.hasPrefix(".") { continue }
            guard name.hasPrefix(namePart) else { continue }
            names.append(escapedFileName(dirPart + name) + (Directory.exists(dir + "/" + name) ? "/" : ""))
        }
        return (start, names.sorted())
    }
}
