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

    /// The first `limit` entries of `outline()`, and how many entries it has: what a frame
    /// table of the first rows needs of a big layout, walked without building the outline
    /// (a row of 24 bytes per view, and under a parent of thousands its children copied twice
    /// and the walk's stack as long: the peak of a `--final` run of 100 000 views).
    /// - Complexity: O(n) time in the size of the tree, O(depth + limit) memory beside the
    ///   children of the parents on the current path (shared, not copied).
    public func outlineHead(limit: Int) -> (head: [(name: String, level: Int)], count: Int) {
        var head: [(name: String, level: Int)] = []
        var count = 0
        func visit(_ name: String, _ level: Int) {
            if count < limit { head.append((name, level)) }
            count += 1
        }
        let guideSet = guideNames.elements
        var path: [OutlineCursor] = []
        func enter(_ name: String, _ level: Int) {
            guard let children = views[name]?.children, !children.isEmpty else { return }
            path.append(OutlineCursor(children: children, guides: children.indices.filter { guideSet.contains(children[$0]) },
                                      level: level + 1))
        }
        visit(Self.rootName, 0)
        enter(Self.rootName, 0)
        while !path.isEmpty {
            guard let child = path[path.count - 1].next() else {
                path.removeLast()
                continue
            }
            let level = path[path.count - 1].level
            visit(child, level)
            enter(child, level)
        }
        return (head, count)
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

/// A parent's children in outline order, read one at a time: its guides, then the others, in
/// the order it lists them (`outlineChildren`, without the two copies it makes).
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
