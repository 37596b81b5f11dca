import Testing
import LayoutVocabulary
@testable import LayoutCode

/// A cell the code makes (as `export` writes lesson 19's): its content view is an item of its
/// own, `row.contentView`, not root; a dequeued or own `contentView` still fills root.
struct CellCodeTests {
    @Test func aMadeCellsContentViewIsItsOwnItem() {
        let code = LayoutCodeReader.read("""
            let row = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 375, height: 61.5))
            view.addSubview(row)
            let icon = UIView()
            icon.translatesAutoresizingMaskIntoConstraints = false
            row.contentView.addSubview(icon)
            row.contentView.layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
            icon.leadingAnchor.constraint(equalTo: row.contentView.layoutMarginsGuide.leadingAnchor).isActive = true
            icon.topAnchor.constraint(equalTo: row.contentView.topAnchor, constant: 8).isActive = true
            """)
        #expect(code.views.map(\.name) == ["row", "icon"])
        #expect(code.view("icon")?.superview == "row.contentView")
        #expect(code.margins.map(\.view) == ["row.contentView"])
        #expect(code.constraints.map(describe) == ["icon.leading == row.contentView.margins.leading", "icon.top == row.contentView.top + 8"])
    }

    @Test func anyOtherContentViewIsRoot() {
        let code = LayoutCodeReader.read("""
            let label = UILabel()
            cell.contentView.addSubview(label)
            label.topAnchor.constraint(equalTo: contentView.topAnchor).isActive = true
            """)
        #expect(code.view("label")?.superview == "root")
        #expect(code.constraints.map(describe) == ["label.top == root.top"])
    }
}
