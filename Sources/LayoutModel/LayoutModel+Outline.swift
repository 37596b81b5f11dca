/// The hierarchy as a reader walks it: each view, then its layout guides, then its subviews
/// (each with theirs). Frame tables list views in this order, indented by level, so a guide
/// reads as part of its owner and never lands between a view and its subviews.
extension LayoutModel {
    /// `name` and everything under it, in outline order, each with its level below `name`.
    /// - Complexity: O(n) in the size of the subtree.
    public func outline(of name: String = rootName) -> [(name: String, level: Int)] {
        var result: [(name: String, level: Int)] = []
        result.reserveCapacity(views.count)
        var pending = [(name, 0)]
        while let (next, level) = pending.popLast() {
            result.append((next, level))
            // A view without subviews needs no look at them (a row per view of a long list).
            guard let children = views[next]?.children, !children.isEmpty else { continue }
            pending.append(contentsOf: outlineChildren(of: next).reversed().map { ($0, level + 1) })
        }
        return result
    }

    /// Where each of `names` sits in `outline()`: sorting by these keys orders views as the
    /// outline does, without walking the whole tree (a report sorts only the frames it shows).
    /// Each parent's children are put in outline order once, not once per view: a report keys
    /// every changed frame, and hundreds of them under one container made that quadratic.
    /// - Complexity: O(views × depth + the children of the parents met).
    public func outlineKeys(of names: some Sequence<String>) -> [String: [Int]] {
        var places: [String: [String: Int]] = [:]
        var keys: [String: [Int]] = [:]
        for name in names {
            var key: [Int] = []
            var current = name
            while let parent = views[current]?.parent {
                if places[parent] == nil {
                    var table: [String: Int] = [:]
                    for (index, child) in outlineChildren(of: parent).enumerated() { table[child] = index }
                    places[parent] = table
                }
                key.append(places[parent]![current] ?? 0)
                current = parent
            }
            keys[name] = key.reversed()
        }
        return keys
    }

    /// A view's level in the hierarchy (the root is 0).
    public func level(of name: String) -> Int { views[name]?.depth ?? 0 }

    private func outlineChildren(of name: String) -> [String] {
        var guides: [String] = [], others: [String] = []
        // Guides by the set of their names (every guide is in it): a look-up there hashes the
        // name, one in `views` copies the record too, for each of a root's thousands of children.
        let guideSet = guideNames.elements
        for child in views[name]?.children ?? [] {
            if guideSet.contains(child) { guides.append(child) } else { others.append(child) }
        }
        return guides + others
    }
}
