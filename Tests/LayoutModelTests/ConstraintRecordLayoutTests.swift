import Testing
import LayoutVocabulary
@testable import LayoutModel
@testable import Cassowary

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
                // The left side's constant shares the kind's eight bytes: set, changed and
                // dropped, it leaves kind and alias as they were, and reads back bit for bit.
                for constant in [8.5, -0.0, 0, .infinity] {
                    record.setSides(Expression([Term(Variable(id: 3))], constant: constant), Expression(constant: 1))
                    #expect(record.lhsConstant.bitPattern == constant.bitPattern)
                    #expect(record.lhs.constant.bitPattern == constant.bitPattern && record.rhs.constant == 1)
                    #expect(record.kind == kind && record.name == name)
                }
                record.setSides(Expression(constant: 2), Expression())
                record.name = "other"
                #expect(record.name == "other")
                #expect(record.lhsConstant == 2)
                record.name = nil
                #expect(record.name == nil)
                record.kind = .user
                #expect(record.kind == .user && !record.isImplicit)
                #expect(record.lhsConstant == 2)
            }
        }
    }

    @Test func staysSmall() {
        #expect(MemoryLayout<ConstraintRecord>.stride == 128)
        #expect(MemoryLayout<ConstraintRecord?>.stride == 128)
    }
}
