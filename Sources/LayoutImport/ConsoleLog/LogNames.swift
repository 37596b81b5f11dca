import Foundation
import ConsoleLog

/// Readable session names for the views and guides of a console log: a label or button by
/// its title (`'Show More'` → `showMoreButton`), a debug name as an identifier
/// (`AddressToolbar.lockIcon` → `addressToolbarLockIcon`), anything else by its class
/// (`UITableViewCellContentView` → `contentView`, `UIView` → `view1`, even when it is the
/// only one, since `added view view` reads as a command). Names already taken in the session are avoided.
struct LogNames {
    private(set) var names: [String: String] = [:]
    private var taken: Set<String>

    init(items: [LogItem], isTaken: (String) -> Bool, reserved: Set<String>) {
        taken = reserved
        var bases: [(key: String, base: String)] = []
        var counts: [String: Int] = [:]
        for item in items {
            let base = Self.base(for: item)
            bases.append((item.key, base))
            counts[base, default: 0] += 1
        }
        var numbers: [String: Int] = [:]
        for (key, base) in bases {
            var candidate = base
            if counts[base]! > 1 || isTaken(candidate) || taken.contains(candidate) {
                repeat {
                    numbers[base, default: 0] += 1
                    candidate = base + String(numbers[base]!)
                } while isTaken(candidate) || taken.contains(candidate)
            }
            taken.insert(candidate)
            names[key] = candidate
        }
    }

    subscript(item: LogItem) -> String? { names[item.key] }

    static func base(for item: LogItem) -> String {
        if item.isDebugName { return identifier(from: item.className, fallback: "view") }
        let className = trimmedClass(item.shortClassName)
        let classWord = lowerCamel(className)
        if let title = item.title, !item.isLayoutGuide {
            let words = identifier(from: title, fallback: "")
            if !words.isEmpty {
                let kind = ["label", "button", "textField", "textView", "box"].first { classWord.lowercased().hasSuffix($0.lowercased()) }
                return String(words.prefix(24)) + (kind.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "")
            }
        }
        if item.isLayoutGuide, let title = item.title {
            let words = identifier(from: title.replacingPrefix("UIView", with: "").replacingPrefix("UISV-", with: ""), fallback: "guide")
            return words
        }
        if classWord.hasSuffix("ContentView") || classWord.hasSuffix("contentView") { return "contentView" }
        if className == "_UILayoutGuide" || className == "LayoutGuide" { return "layoutGuide" }
        return classWord.isEmpty ? "view" : classWord
    }

    /// `_UITableViewHeaderFooterContentView` → `TableViewHeaderFooterContentView`.
    static func trimmedClass(_ name: String) -> String {
        var name = Substring(name)
        while name.hasPrefix("_") { name = name.dropFirst() }
        for prefix in ["UI", "NS", "FI_T", "SPUI"] where name.hasPrefix(prefix) && name.count > prefix.count
            && (name.dropFirst(prefix.count).first?.isUppercase ?? false) {
            name = name.dropFirst(prefix.count)
            break
        }
        return String(name)
    }

    static func lowerCamel(_ word: String) -> String {
        let clean = word.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = clean.first else { return "" }
        // `TableViewCell` → `tableViewCell`; `URLField` → `urlField`.
        let upperRun = clean.prefix { $0.isUppercase }
        if upperRun.count > 1 && upperRun.count < clean.count {
            return upperRun.dropLast().lowercased() + clean.dropFirst(upperRun.count - 1)
        }
        return first.lowercased() + clean.dropFirst()
    }

    /// Words of any text joined as a lower-camel C identifier (`'Notebook + 14'` → `notebook14`).
    static func identifier(from text: String, fallback: String) -> String {
        let text = text.replacingOccurrences(of: "\\n", with: " ")
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard !words.isEmpty else { return fallback }
        var result = ""
        for (index, shown) in words.enumerated() {
            // A word in capitals (`FAVOURITES`, a section title) is a word, not an acronym
            // to keep: favouritesLabel, not fAVOURITESLabel.
            let word = shown.count > 1 && shown.allSatisfy({ $0.isUppercase || $0.isNumber }) ? Substring(shown.lowercased()) : shown
            let lower = index == 0 ? lowerCamel(String(word)) : word.prefix(1).uppercased() + word.dropFirst()
            result += lower
            if result.count >= 24 { break }
        }
        if let first = result.first, first.isNumber { result = fallback.isEmpty ? "v" + result : fallback + result }
        return result
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
