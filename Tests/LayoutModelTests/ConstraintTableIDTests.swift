@testable import LayoutModel
import Testing

/// The table finds a user id `cN` by its number; every other spelling goes through the
/// dictionary of named ids, so only the model's own spelling may be read as a number.
@Suite struct ConstraintTableIDTests {
    @Test func readsTheModelsOwnSpellingOfUserIDs() {
        #expect(ConstraintTable.number("c1") == 1)
        #expect(ConstraintTable.number("c37") == 37)
        // Ten bytes is the longest read as a number.
        #expect(ConstraintTable.number("c123456789") == 123_456_789)
    }

    @Test func leavesEveryOtherSpellingToTheNamedIDs() {
        for id in ["", "c", "c0", "c01", "c1234567890", "x12", "C12", "c1a", "c-1", "c 1", "é1", "v1.width"] {
            #expect(ConstraintTable.number(id) == nil, "\(id)")
        }
    }
}
