/// The hierarchy as a reader walks it: each view, then its layout guides, then its subviews
/// (each with theirs). Frame tables list views in this order, indented by level, so a guide
/// reads as part of its owner and never lands between a view and its subviews.
extension LayoutModel {
    /// `name` and everything under it, in outline order, each with its level below `name`.
    /// - Complexity: O(n) in the size of the subtree.
    public func outline(of name: String = rootName) -> [(name: String, level: Int)] {
        var result: [(name: String, level: Int)] = []
        result.reserveCapacity(views.count)
        walkOutline(from: name) { result.append(($0, $1)) }
        return result
    }

    /// The first `limit` entries of `outline()`, and how many entries it has: what a frame
    /// table of the first rows needs of a big layout, walked without building the outline
    /// (a row of 24 bytes per view: the peak of a `--final` run of 100 000 views).
    /// - Complexity: O(n) time in the size of the tree, O(depth + limit) memory beside the
    ///   children of the parents on the current path (shared, not copied).
    public func outlineHead(limit: Int) -> (head: [(name: String, level: Int)], count: Int) {
        var head: [(name: String, level: Int)] = []
        var count = 0
        walkOutline(from: Self.rootName) { name, level in
            if count < limit { head.append((name, level)) }
            count += 1
        }
        return (head, count)
    }

    /// Visits `name` and everything under it in outline order, each with its level below
    /// `name`: depth first, each parent's children read in place by a cursor (a copy of each
    /// child list, twice, was the walk's memory under a parent of thousands).
    private func walkOutline(from name: String, _ visit: (String, Int) -> Void) {
        let guideSet = guideNames.elements
        var path: [OutlineCursor] = []
        func enter(_ name: String, _ level: Int) {
            visit(name, level)
            // A view without subviews needs no look at them (a row per view of a long list).
            guard let cursor = outlineCursor(of: name, level: level + 1, guides: guideSet) else { return }
            path.append(cursor)
        }
        enter(name, 0)
        while !path.isEmpty {
            guard let child = path[path.count - 1].next() else {
                path.removeLast()
                continue
            }
            enter(child, path[path.count - 1].level)
        }
    }

    /// `name`'s children in outline order, to be read one by one at `level`; nil when it has none.
    private func outlineCursor(of name: String, level: Int, guides guideSet: Set<String>) -> OutlineCursor? {
        guard let children = views[name]?.children, !children.isEmpty else { return nil }
        // Guides by the set of their names (every guide is in it): a look-up there hashes the
        // name, one in `views` copies the record too, for each of a root's thousands of children.
        return OutlineCursor(children: children, guides: children.indices.filter { guideSet.contains(children[$0]) },
                             level: level)
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
        guard var cursor = outlineCursor(of: name, level: 0, guides: guideNames.elements) else { return [] }
        var children: [String] = []
        while let child = cursor.next() { children.append(child) }
        return children
    }
}

/// A parent's children in outline order, read one at a time: its guides, then the others, in
/// the order it lists them, without copying them.
private struct OutlineCursor {
    let children: [String]
    /// The places of the guides among `children`, ascending.
    let guides: [Int]
    let level: Int
    /// The next guide to give, then the next child to look at, and the first guide place not
    /// yet skipped.
    private var nextGuide = 0, nextChild = 0, skipped = 0

    init(children: [String], guides: [Int], level: Int) {
        self.children = children
        self.guides = guides
        self.level = level
    }

    mutating func next() -> String? {
        if nextGuide < guides.count {
            nextGuide += 1
            return children[guides[nextGuide - 1]]
        }
        while nextChild < children.count {
            let place = nextChild
            nextChild += 1
            if skipped < guides.count && guides[skipped] == place {
                skipped += 1
                continue
            }
            return children[place]
        }
        return nil
    }
}
