/// The hierarchy as a reader walks it: each view, then its layout guides, then its subviews
/// (each with theirs). Frame tables list views in this order, indented by level, so a guide
/// reads as part of its owner and never lands between a view and its subviews.
extension LayoutModel {
    /// `name` and everything under it, in outline order, each with its level below `name`.
    /// - Complexity: O(n) in the size of the subtree.
    public func outline(of name: String = rootName) -> [(name: String, level: Int)] {
        var result: [(name: String, level: Int)] = []
        var pending = [(name, 0)]
        while let (next, level) = pending.popLast() {
            result.append((next, level))
            pending.append(contentsOf: outlineChildren(of: next).reversed().map { ($0, level + 1) })
        }
        return result
    }

    /// Where a view sits in `outline()`: sorting by these keys orders views as the outline does,
    /// without walking the whole tree (a report sorts only the few frames it shows).
    /// - Complexity: O(depth × siblings).
    public func outlineKey(of name: String) -> [Int] {
        var key: [Int] = []
        var current = name
        while let parent = views[current]?.parent {
            key.append(outlineChildren(of: parent).firstIndex(of: current) ?? 0)
            current = parent
        }
        return key.reversed()
    }

    /// A view's level in the hierarchy (the root is 0).
    public func level(of name: String) -> Int { views[name]?.depth ?? 0 }

    private func outlineChildren(of name: String) -> [String] {
        let children = views[name]?.children ?? []
        let isGuide = { (child: String) in self.views[child]?.kind.isGuide ?? false }
        return children.filter(isGuide) + children.filter { !isGuide($0) }
    }
}
