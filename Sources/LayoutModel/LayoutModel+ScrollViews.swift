internal import LayoutVocabulary
/// Scroll views: `scroll NAME [in SUPER]`, a view with two layout guides, made on first use
/// like any system guide (`LayoutModel+Guides.swift`):
/// - `NAME.frameLayoutGuide`: the scroll view's frame, tied to its edges;
/// - `NAME.contentLayoutGuide`: the content area, tied at its origin to the scroll view's
///   (the content offset is 0); its width and height are the content size, and only the
///   user's constraints give them, so the content size can be ambiguous, which Interface
///   Builder calls "Scrollable Content Size Ambiguity".
/// Subviews are framed in the scroll view's bounds, which at offset 0 are content coordinates.
/// As in UIKit, a constraint between an edge or center of the scroll view itself and a view
/// inside it means the content area's edge: `V:|[stack]|` in a scroll view sizes the content.
extension LayoutModel {
    public func isScrollView(_ name: String) -> Bool { scrollViews.contains(name) }

    /// `scroll NAME [in SUPER]`.
    public func addScrollView(_ name: String, in parent: String = rootName) throws(LayoutError) {
        try addView(name, in: parent)
        scrollViews.insert(name)
    }

    /// The content size of a scroll view: its content guide's size, once a constraint names
    /// the guide (before that UIKit's is whatever contentSize was set to; here: none).
    public func contentSize(of scroll: String) -> (width: Double, height: Double)? {
        guard scrollViews.contains(scroll), let guide = frame(of: Self.systemGuideName(of: scroll, .contentGuide)) else { return nil }
        return (guide.width, guide.height)
    }

    /// Every scroll view whose content guide exists, in creation order, with its content size.
    public func contentSizes() -> [(scroll: String, width: Double, height: Double)] {
        viewOrder.compactMap { name in contentSize(of: name).map { (name, $0.width, $0.height) } }
    }

    /// The item a constraint's side stands for: the scroll view's content guide when `item` is
    /// a scroll view whose edge or center is related to a view inside it ("constraints between
    /// the edges or margins of the scroll view and its content attach to the scroll view's
    /// content area", Apple's UIScrollView documentation); `item` otherwise. Its width and
    /// height stay the frame's, and so do its margins here.
    func contentAreaItem(_ item: String, _ attribute: LayoutAttribute, facing other: String?) -> String {
        // First the test that fails for nearly every constraint: this runs on every build.
        guard scrollViews.contains(item), let other, attribute.isLocation, !attribute.isMarginAttribute,
              contains(item, other), !isOwnGuide(other, of: item) else { return item }
        return Self.systemGuideName(of: item, .contentGuide)
    }

    /// Whether `name` is one of `owner`'s own guides (frame, content, margins).
    private func isOwnGuide(_ name: String, of owner: String) -> Bool {
        guard let info = views[name] else { return Self.systemGuide(name)?.owner == owner }
        return info.kind.isGuide && info.kind != .guide && info.parent == owner
    }
}
