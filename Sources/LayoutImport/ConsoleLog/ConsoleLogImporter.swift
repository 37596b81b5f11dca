import ConsoleLog
import Foundation
import LayoutModel
import LayoutVocabulary

/// Reads UIKit's and AppKit's console logs ("Unable to simultaneously satisfy constraints",
/// `_autolayoutTrace`) into session commands: the views with readable names and the
/// superviews the log reveals, UIKit's guides as the session's guides, the constraints, and
/// the one UIKit broke added last so that the session breaks the same one where it can.
/// `origin` lines keep the table of names back to the log's classes and addresses (`names`).
public enum ConsoleLogImporter: LayoutImporter {
    public static let name = "a console log"
    public static let extensions = ["log"]
    public static let summary = "UIKit's \"Unable to simultaneously satisfy constraints\" logs"
    /// Logs larger than this are refused: real ones are a few kilobytes.
    static let maxBytes = 2_000_000

    public static func recognizes(_ text: String) -> Bool { ConsoleLogReader.recognizes(text) }

    public static func pasteFollower() -> any PasteFollower { PastedConsoleLog() }

    public static func translate(_ text: String, in context: any ImportContext) throws(ImportError) -> ImportedScript {
        guard text.utf8.count <= maxBytes else {
            throw ImportError("the log is \(text.utf8.count / 1000) KB; import reads console logs up to \(maxBytes / 1_000_000) MB")
        }
        let log = ConsoleLogReader.read(text)
        let readable = log.reports.contains { !$0.constraints.isEmpty || $0.broken != nil } || !log.traces.isEmpty
        guard readable else {
            if log.reports.contains(where: { $0.redactedEntries > 0 }) {
                throw ImportError("every constraint in this log is redacted as <private>; nothing to import",
                                 hint: "run the app from Xcode (or set OS_ACTIVITY_MODE) to see the constraints in full")
            }
            let first = log.notes.first.map { " (line \($0.line): \($0.message))" } ?? ""
            throw ImportError("no constraint descriptions or autolayout trace found in the log\(first)")
        }
        var translation = LogTranslation(log: log, context: context)
        translation.build()
        return translation.script()
    }
}

extension PastedConsoleLog: PasteFollower {
    public var recognizes: Bool { looksLikeLog }
}

/// The work of one import: items, hierarchy, names, then session lines and notes.
struct LogTranslation {
    let log: ConsoleLog
    let context: any ImportContext
    /// The constraints to add, in order, UIKit's broken ones last; and which were broken.
    var constraints: [LogConstraint] = []
    var brokenKeys: Set<String> = []
    var items: [String: LogItem] = [:]
    var itemOrder: [String] = []
    var parent: [String: String] = [:]
    var rootKey: String?
    var names = LogNames(items: [], isTaken: { _ in false }, reserved: [])
    var lines: [String] = []
    var notes: [String] = []
    /// For each constraint line, the log constraint it came from.
    var constraintLines: [(line: String, source: LogConstraint)] = []

    init(log: ConsoleLog, context: any ImportContext) {
        self.log = log
        self.context = context
    }

    mutating func build() {
        var seen = Set<String>()
        var broken: [LogConstraint] = []
        for report in log.reports {
            if let b = report.broken {
                brokenKeys.insert(b.key)
                if !broken.contains(where: { $0.key == b.key }) { broken.append(b) }
            }
            for constraint in report.constraints where seen.insert(constraint.key).inserted {
                constraints.append(constraint)
            }
        }
        // A broken constraint the list does not show (a log cut short) is still added.
        constraints.removeAll { brokenKeys.contains($0.key) }
        constraints += broken
        for item in log.items where item != .superviewBar {
            if items[item.key] == nil { itemOrder.append(item.key) }
            items[item.key] = items[item.key] ?? item
        }
        inferHierarchy()
        chooseRoot()
        let named = itemOrder.filter { $0 != rootKey && !isSystemGuide($0) }.map { items[$0]! }
        let taken = Set(context.viewNames).union(context.metricNames).union(context.constraintNames)
        names = LogNames(items: named, isTaken: { taken.contains($0) },
                         reserved: ["root", "in", "intrinsic", "frame"])
    }

    // MARK: - Hierarchy

    /// `names: '|':S` makes S the superview of the constraint's other item; a trace's indentation
    /// gives superviews too. The first superview found for an item wins.
    mutating func inferHierarchy() {
        var conflicts: [String] = []
        func setParent(_ child: LogItem, _ superview: LogItem) {
            guard child.key != superview.key, child != .superviewBar, superview != .superviewBar else { return }
            if let existing = parent[child.key] {
                if existing != superview.key { conflicts.append(child.key) }
                return
            }
            // No cycles: the superview must not sit under the child.
            var walk: String? = superview.key
            while let current = walk {
                if current == child.key { return }
                walk = parent[current]
            }
            parent[child.key] = superview.key
        }
        for constraint in constraints {
            guard let superview = constraint.superview else { continue }
            let child = constraint.first.key == superview.key ? constraint.second : constraint.first
            if let child { setParent(child, superview) }
        }
        for trace in log.traces {
            var stack: [LogItem] = []
            for entry in trace.entries {
                stack = Array(stack.prefix(entry.depth))
                if let top = stack.last { setParent(entry.item, top) }
                stack.append(entry.item)
            }
        }
        if !conflicts.isEmpty {
            notes.append("the log gives more than one superview for \(conflicts.count) item(s); the first was kept")
        }
    }

    func isSafeAreaGuide(_ key: String) -> Bool { items[key]?.isLayoutGuide == true && items[key]?.title == "UIViewSafeAreaLayoutGuide" }
    func isMarginsGuide(_ key: String) -> Bool { items[key]?.isLayoutGuide == true && items[key]?.title == "UIViewLayoutMarginsGuide" }

    /// The guides the session has built in: the root's safe area, a view's margins guide.
    func isSystemGuide(_ key: String) -> Bool {
        guard let owner = parent[key] else { return false }
        return (isSafeAreaGuide(key) && owner == rootKey) || (isMarginsGuide(key) && !(items[owner]?.isLayoutGuide ?? true))
    }

    /// The view that becomes the session's `root`: the only top-level view that owns the safe
    /// area, or is a window.
    mutating func chooseRoot() {
        let tops = itemOrder.filter { parent[$0] == nil && !(items[$0]!.isLayoutGuide) }
        let candidates = tops.filter { key in
            items[key]!.shortClassName.hasSuffix("Window")
                || itemOrder.contains { isSafeAreaGuide($0) && parent[$0] == key }
        }
        if candidates.count == 1 { rootKey = candidates[0] }
    }

    // MARK: - Names of items in session lines

    /// The session's name for an item: `root`, `root.safeArea`, `card.margins`, or its own name.
    func sessionName(_ item: LogItem, besides other: LogItem?) -> String {
        if item == .superviewBar {
            if let other, let owner = parent[other.key] { return sessionName(items[owner]!, besides: nil) }
            return "root"
        }
        if item.key == rootKey { return "root" }
        if isSystemGuide(item.key), let owner = parent[item.key] {
            let ownerName = sessionName(items[owner]!, besides: nil)
            return isSafeAreaGuide(item.key) ? "root.safeArea" : ownerName + ".margins"
        }
        return names[item] ?? "root"
    }

    func superviewName(of item: LogItem) -> String {
        parent[item.key].map { sessionName(items[$0]!, besides: nil) } ?? "root"
    }
}
