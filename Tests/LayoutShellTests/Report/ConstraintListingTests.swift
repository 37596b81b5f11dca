@testable import LayoutShell
@testable import LayoutReport
import LayoutModel
import Testing

/// `constraints` prints the same lines whether its rows are kept as data (`--json`) or not (a
/// text report makes its lines from the records).
@Suite struct ConstraintListingTests {
    @Test func textAndJSONListingsPrintTheSameLines() {
        let session = Session()
        let lines = [
            "view a b c", "view l intrinsic 120x21", "a.width == 100", "a.width == 50 @750",
            "b.width == 10", "b.width == 20", "keep: c.width == a.width * 2", "deactivate c3",
            "l.leading == root.leading", "l.width == 300 @750", "H:|-[a]-[b]-|",
            "view a2 b2", "stack s h a2 b2", "s.leading == root.leading",
        ]
        for line in lines { _ = session.execute(line, report: false) }
        let model = session.model
        // Every state a row can show: held, broken, required in conflict, inactive, a named one.
        let states = model.constraintRows(nil).map(\.state)
        for state in ["holds", "broken", "conflict", "inactive", "stretched"] { #expect(states.contains(state), "\(state)") }
        for view in [nil] + model.viewOrder.map(Optional.some) {
            let fromRows = model.constraintListing(model.constraintRows(view), view: view)
            #expect(model.constraintListing(view) == fromRows, "\(view ?? "whole layout")")
        }
    }

    @Test func aTextSessionKeepsNoRowsAndPrintsTheSameReport() {
        let json = Session(), text = Session()
        text.keepsJSONDetails = false
        for line in ["view a b", "a.width == 10", "a.width == 20 @500", "H:|-[a]-[b]-|"] {
            _ = json.execute(line, report: false)
            _ = text.execute(line, report: false)
        }
        let withRows = json.execute("constraints"), withoutRows = text.execute("constraints")
        #expect(withRows.constraintRows?.count == 5)
        #expect(withoutRows.constraintRows == nil)
        #expect(withRows.renderText(width: 80, color: false) == withoutRows.renderText(width: 80, color: false))
        #expect(text.execute("constraints b").renderText(width: 80, color: false)
                == json.execute("constraints b").renderText(width: 80, color: false))
        #expect(text.execute("constraints zz").error != nil)
    }
}
