import Testing
import LayoutVocabulary
@testable import LayoutModel

/// A record keeps its kind, alias and serial packed (`ConstraintRecord`'s stored fields): each
/// must read back exactly as it was given, and the record must stay as small as it was made.
@Suite struct ConstraintRecordLayoutTests {
    static let spec = ConstraintSpec(firstItem: "a", firstAttribute: .width, relation: .greaterThanOrEqual, constant: 20)

    @Test func readsBackWhatItWasGiven() {
        let kinds: [ConstraintRecord.Kind] = [
            .user, .hugging(.horizontal), .hugging(.vertical), .resistance(.horizontal), .resistance(.vertical),
            .system(identifier: "UIViewSafeAreaLayoutGuide-top", owner: "root"),
            .autoresizing([]), .autoresizing([.flexibleWidth, .flexibleHeight]),
            .autoresizing(AutoresizingMask(rawValue: 63)),
            // Bits beyond UIKit's six, and beyond a byte, are kept too.
            .autoresizing(AutoresizingMask(rawValue: 255)), .autoresizing(AutoresizingMask(rawValue: 1 << 40)),
            .autoresizing(AutoresizingMask(rawValue: -1)),
        ]
        for (index, kind) in kinds.enumerated() {
            for name in [nil, "minW", ""] as [String?] {
                var record = ConstraintRecord(id: "c\(index + 1)", serial: 1_000_000 + index, kind: kind, name: name, spec: Self.spec)
                #expect(record.kind == kind)
                #expect(record.name == name)
                #expect(record.serial == 1_000_000 + index)
                #expect(record.id == "c\(index + 1)")
                if case .autoresizing(let mask) = kind { #expect(record.autoresizingMask == mask) } else { #expect(record.autoresizingMask == nil) }
                #expect(record.isImplicit == (kind != .user))
                record.name = "other"
                #expect(record.name == "other")
                record.name = nil
                #expect(record.name == nil)
                record.kind = .user
                #expect(record.kind == .user && !record.isImplicit)
            }
        }
    }

    @Test func staysSmall() {
        #expect(MemoryLayout<ConstraintRecord>.stride == 136)
        #expect(MemoryLayout<ConstraintRecord?>.stride == 136)
    }
}
