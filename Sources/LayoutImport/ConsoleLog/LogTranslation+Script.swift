import ConsoleLog
import LayoutModel
import LayoutVocabulary

extension LogTranslation {
    /// The session lines and notes; lines the session would refuse are left out, each with a
    /// note naming its log line.
    mutating func script() -> ImportedScript {
        var settings: [String] = []
        var consumed = Set<String>()
        emitViews()
        settingsFromGuides(into: &settings, consumed: &consumed)
        lines += settings
        var standIns: [String: [String]] = [:]
        var skipped: [String] = []
        var skippedLines: [(line: Int?, text: String, reason: String)] = []
        for constraint in constraints where !consumed.contains(constraint.key) {
            switch render(constraint) {
            case .success(let line):
                constraintLines.append((line, constraint))
                if let note = SystemConstraint(constraint)?.standIn { standIns[note, default: []].append(String(constraint.line)) }
            case .failure(let reason):
                skipped.append("log line \(constraint.line): \(reason): skipped")
                skippedLines.append((constraint.line, LogConstraintOrigin.text(of: constraint), "\(reason)"))
            }
        }
        // Try every line in a scratch session first: the import never half-fails.
        let trial = context.makeTrial(.empty)
        var accepted: [String] = []
        for line in lines where runs(line, in: trial, skipped: &skipped, skippedLines: &skippedLines, lineOfLog: nil) { accepted.append(line) }
        var acceptedConstraints: [(line: String, source: LogConstraint)] = []
        for entry in constraintLines where runs(entry.line, in: trial, skipped: &skipped, skippedLines: &skippedLines, lineOfLog: entry.source.line) {
            acceptedConstraints.append(entry)
        }
        let firstNumber = context.nextConstraintNumber
        var origins: [String] = []
        for key in itemOrder where key != rootKey && !isSystemGuide(key) {
            if let item = items[key], let name = names[item], trial.hasView(name) { origins.append("origin \(name) \(item.logText)") }
        }
        var logIDs: [String: String] = [:]
        for (offset, entry) in acceptedConstraints.enumerated() {
            let id = "c\(firstNumber + offset)"
            logIDs[entry.source.key] = id
            origins.append("origin \(id) " + LogConstraintOrigin.text(of: entry.source))
        }
        var script = ImportedScript(kind: kind, lines: accepted + acceptedConstraints.map(\.line) + origins)
        script.notes = summary(constraintCount: acceptedConstraints.count) + standIns.map { "  \($0.key) (log line\($0.value.count > 1 ? "s" : "") \($0.value.joined(separator: ", ")))" }.sorted()
            + skipped.map { "  " + $0 } + log.notes.map { "  log line \($0.line): \($0.message)" }
        script.skipped = skippedLines
        script.followUp = followUp(logIDs: logIDs)
        return script
    }

    var kind: String {
        if log.reports.isEmpty { return "an autolayout trace" }
        let platforms = Set(log.reports.map(\.platform))
        let what = platforms == [.macOS] ? "an AppKit console log" : platforms == [.iOS] ? "a UIKit console log" : "a console log"
        return log.reports.count > 1 ? "\(what) (\(log.reports.count) reports, merged)" : what
    }

    func runs(_ line: String, in trial: any ImportTrial, skipped: inout [String],
              skippedLines: inout [(line: Int?, text: String, reason: String)], lineOfLog: Int?) -> Bool {
        guard case .refused(let message) = trial.attempt(line) else { return true }
        let place = lineOfLog.map { "log line \($0)" } ?? "the translation"
        skipped.append("\(place): `\(line)` was refused (\(message ?? "?")): skipped")
        skippedLines.append((lineOfLog, line, "refused: \(message ?? "?")"))
        return false
    }

    func summary(constraintCount: Int) -> [String] {
        var lines: [String] = []
        let named = itemOrder.filter { $0 != rootKey && !isSystemGuide($0) }.compactMap { items[$0].flatMap { names[$0] } }
        lines.append("  \(named.count) views and guides, \(constraintCount) constraint\(constraintCount == 1 ? "" : "s"); `names` shows what each name was in the log")
        if let rootKey, let root = items[rootKey] { lines.append("  \(root.logText) is the root here (it owns the safe area or is a window)") }
        let flat = itemOrder.filter { parent[$0] == nil && $0 != rootKey && !(items[$0]!.isLayoutGuide) }.compactMap { items[$0].flatMap { names[$0] } }
        if !flat.isEmpty && flat.count < named.count || parent.isEmpty && !flat.isEmpty {
            lines.append("  the log does not say the superview of \(flat.joined(separator: ", ")): placed in root")
        }
        if !brokenKeys.isEmpty {
            lines.append("  added last: the constraint the log says was broken, so that the session breaks the same one where it can")
        }
        for trace in log.traces {
            for entry in trace.entries where entry.isAmbiguous {
                let name = names[entry.item] ?? (entry.item.key == rootKey ? "root" : entry.item.logText)
                let what = entry.ambiguousAttributes.map(\.text).joined(separator: ", ")
                lines.append("  the trace says \(name) is ambiguous\(what.isEmpty ? "" : " (\(what))")")
            }
        }
        return lines
    }

    /// Notes after the import ran: the conflict the session found against the log's list.
    func followUp(logIDs: [String: String]) -> @Sendable (ImportOutcome) -> [String] {
        let listed = constraints.compactMap { logIDs[$0.key] }
        let brokenIDs = constraints.filter { brokenKeys.contains($0.key) }.compactMap { logIDs[$0.key] }
        let hadConflict = !log.reports.isEmpty
        // The framework that logged it: AppKit's logs say the same as UIKit's.
        let engine = Set(log.reports.map(\.platform)) == [.macOS] ? "AppKit" : "UIKit"
        return { outcome in
            guard hadConflict else { return [] }
            guard let conflict = outcome.conflict else {
                return ["  LayoutLab finds no required conflict among these constraints: \(engine)'s conflict needs views or constraints the log does not show"]
            }
            var notes: [String] = []
            let members = conflict.members.filter { listed.contains($0) }
            if members.count < listed.count {
                notes.append("  UIKit listed \(listed.count) constraints; the minimal conflict has \(members.count) of them (\(members.joined(separator: ", "))): the others are not needed for it")
            }
            if let uikit = brokenIDs.first {
                notes.append(uikit == conflict.broken
                    ? "  \(engine) broke \(uikit); the session broke \(uikit) too"
                    : "  \(engine) broke \(uikit); the session broke \(conflict.broken) (\(engine)'s choice follows no documented rule)")
            }
            return notes
        }
    }

    // MARK: - Views, guides and settings

    mutating func emitViews() {
        func depth(_ key: String) -> Int {
            var count = 0
            var walk = parent[key]
            while let current = walk, count < 1000 { count += 1; walk = parent[current] }
            return count
        }
        let ordered = itemOrder.enumerated().sorted { (depth($0.element), $0.offset) < (depth($1.element), $1.offset) }.map(\.element)
        for key in ordered where key != rootKey && !isSystemGuide(key) {
            let item = items[key]!
            guard let name = names[item] else { continue }
            let owner = parent[key].flatMap { items[$0] }
            let ownerName = owner.flatMap { $0.isLayoutGuide ? nil : sessionName($0, besides: nil) } ?? "root"
            if item.isLayoutGuide {
                lines.append(ownerName == "root" ? "guide \(name)" : "guide \(name) in \(ownerName)")
            } else {
                lines.append(ownerName == "root" ? "view \(name)" : "view \(name) in \(ownerName)")
            }
        }
    }

    /// The safe-area and margins-guide constraints of the session's own guides become the
    /// settings that make them (`safearea`, `VIEW.margins`); the root's encapsulated size
    /// becomes `root WxH`.
    mutating func settingsFromGuides(into settings: inout [String], consumed: inout Set<String>) {
        var safeArea: [String: Double] = [:]
        var margins: [String: [String: Double]] = [:]
        var rootSize: [String: Double] = [:]
        for constraint in constraints {
            let guide = [constraint.first, constraint.second].compactMap { $0 }.first { isSystemGuide($0.key) }
            switch SystemConstraint(constraint) {
            case .safeArea(let side)? where guide.map({ isSafeAreaGuide($0.key) }) ?? false:
                safeArea[side] = constraint.constant
                consumed.insert(constraint.key)
            case .marginsGuide(let side)? where guide.map({ isMarginsGuide($0.key) }) ?? false:
                let owner = sessionName(items[parent[guide!.key]!]!, besides: nil)
                margins[owner, default: [:]][side] = constraint.constant
                consumed.insert(constraint.key)
            case .encapsulatedSize? where constraint.first.key == rootKey && constraint.second == nil:
                rootSize[constraint.firstAttribute.layoutAttribute.rawValue] = constraint.constant
                consumed.insert(constraint.key)
            default:
                break
            }
        }
        if !rootSize.isEmpty {
            let width = rootSize["width"] ?? context.rootSize.width
            let height = rootSize["height"] ?? context.rootSize.height
            settings.append("root \(formatNumber(width))x\(formatNumber(height))")
        }
        if !safeArea.isEmpty {
            let sides = ["top", "left", "bottom", "right"].map { formatNumber(safeArea[$0] ?? 0) }
            settings.append("safearea " + sides.joined(separator: ","))
        }
        for (owner, values) in margins.sorted(by: { $0.key < $1.key }) {
            let sides = ["top", "left", "bottom", "right"].map { formatNumber(values[$0] ?? 8) }
            settings.append("\(owner).margins = " + sides.joined(separator: ","))
        }
        for key in consumed where brokenKeys.contains(key) {
            notes.append("  UIKit broke a guide or size setting of the log; the session keeps it as a setting, so it cannot break it")
        }
    }

    // MARK: - One constraint

    func render(_ constraint: LogConstraint) -> Result<String, RenderError> {
        let first = sessionName(constraint.first, besides: constraint.second)
        let firstAttribute = constraint.firstAttribute.layoutAttribute
        var text = "\(first).\(firstAttribute.rawValue) \(constraint.relation.rawValue) "
        let isFrameAttribute: Bool = { if case .layout = constraint.firstAttribute { return false } else { return true } }()
        if let second = constraint.second, let secondAttribute = constraint.secondAttribute {
            var attribute = secondAttribute.layoutAttribute
            if isFrameAttribute, attribute.isSize {
                // `minX == 0.5*super.width - 32` (an autoresizing margin): in the superview's own
                // coordinates its width is its right edge.
                attribute = attribute == .width ? .right : .bottom
            }
            let name = sessionName(second, besides: constraint.first)
            if constraint.multiplier != 1 { text += "\(formatNumber(constraint.multiplier)) * " }
            text += "\(name).\(attribute.rawValue)"
        } else if isFrameAttribute || firstAttribute.isLocation {
            // `minX == 0`: the frame's edge in its superview.
            let superview = superviewName(of: constraint.first)
            let edge: LayoutAttribute = firstAttribute.axis == .horizontal ? .left : .top
            text += "\(superview).\(edge.rawValue)"
        } else {
            return .success(text + formatNumber(constraint.constant) + priorityText(constraint))
        }
        if case .anchorSystemSpacing(let value)? = constraint.symbolicSpace, value == ConstraintSpec.systemSpacingPoints {
            let rest = constraint.constant - value
            text += " + system" + (rest == 0 ? "" : (rest > 0 ? " + " : " - ") + formatNumber(abs(rest)))
        } else if constraint.constant != 0 {
            text += (constraint.constant > 0 ? " + " : " - ") + formatNumber(abs(constraint.constant))
        }
        return .success(text + priorityText(constraint))
    }

    func priorityText(_ constraint: LogConstraint) -> String {
        constraint.priority < 1000 ? " @" + formatNumber(constraint.priority) : ""
    }

    struct RenderError: Error { var message: String }
}

extension LogTranslation.RenderError: CustomStringConvertible {
    var description: String { message }
}

