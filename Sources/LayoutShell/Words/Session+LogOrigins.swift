import LayoutImport
import LayoutModel
import LayoutReport

/// A conflict among constraints imported from a console log, in the log's terms: which members
/// UIKit made (an autoresizing mask, an encapsulated size) and where the app made the others
/// (SnapKit's `@File.swift#88`), read from the `origin` lines the importer wrote.
extension Session {
    func logOrigin(of id: String) -> LogConstraintOrigin? {
        guard let entry = origins.last(where: { $0.name == id }) else { return nil }
        return LogConstraintOrigin(originText: entry.text)
    }

    /// The marks and the fix the `origin` lines give a conflict's members. Reads the origins
    /// as they are now: the words are built once, when a report or an explanation is made.
    var importedOrigins: ImportedOrigins {
        let marks = Dictionary(origins.compactMap { entry in LogConstraintOrigin(originText: entry.text).map { (entry.name, $0.mark) } },
                               uniquingKeysWith: { _, last in last })
        guard !marks.isEmpty else { return .none }
        let fixes = loggedAutoresizingFix
        return ImportedOrigins(mark: { marks[$0] }, fix: { fixes($0) })
    }

    /// The imported views whose autoresizing-mask constraints (from the log) are among these
    /// members, each with its members, where the flag was forgotten: the app's own members
    /// place the view in its superview (realm-tasks#31), or the mask holds a zero frame (a
    /// view made in code). A view its container sizes (a table's cell 194 wide, the column)
    /// is not one: there the mask is right and another member is at fault.
    func loggedAutoresizing(among ids: [String]) -> [(view: String, ids: [String])] {
        var result: [(view: String, ids: [String])] = []
        for id in ids where logOrigin(of: id)?.autoresizingMask != nil {
            guard let view = model.constraint(id)?.spec.firstItem else { continue }
            if let index = result.firstIndex(where: { $0.view == view }) { result[index].ids.append(id) }
            else { result.append((view, [id])) }
        }
        return result.filter { entry in
            let superview = model.view(entry.view)?.parent
            let placedByApp = ids.contains { id in
                guard logOrigin(of: id)?.autoresizingMask == nil, let spec = model.constraint(id)?.spec else { return false }
                return (spec.firstItem == entry.view && (spec.secondItem == nil || spec.secondItem == superview))
                    || (spec.secondItem == entry.view && spec.firstItem == superview)
            }
            let zeroFrame = entry.ids.contains { id in
                guard let spec = model.constraint(id)?.spec else { return false }
                return spec.firstAttribute.isSize && spec.secondItem == nil && spec.constant == 0
            }
            return placedByApp || zeroFrame
        }
    }

    /// When the app's view still translated its autoresizing mask, the fix is that flag, not a
    /// priority: the mask's constraints are UIKit's, and no priority of the app's reaches them.
    func loggedAutoresizingFix(_ ids: [String]) -> String? {
        let found = loggedAutoresizing(among: ids)
        guard !found.isEmpty else { return nil }
        let views = found.map(\.view)
        let members = found.flatMap(\.ids)
        let who = views.count == 1 ? "\(views[0]) still translated its autoresizing mask" : "\(views.joined(separator: ", ")) still translated their autoresizing masks"
        let flags = views.map { "\($0).translatesAutoresizingMaskIntoConstraints = false" }.joined(separator: "; ")
        return "in the app \(who) into constraints (\(members.joined(separator: ", "))): set \(flags); here `remove \(members.joined(separator: " "))` does the same"
    }
}
