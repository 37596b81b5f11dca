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

    /// The multiplier lives in the kind's box unless it is 1: every one reads back bit for bit,
    /// set at first or by a new spec, and stays through changes of the alias, the kind and the
    /// left side's constant (each of which remakes the box).
    @Test func multipliersReadBackBitForBit() {
        let multipliers: [Double] = [1, 2, -1, 0.5, 0, -0.0, 1e3, 1.0000000000000002, .infinity]
        for (index, multiplier) in multipliers.enumerated() {
            var spec = ConstraintSpec(firstItem: "a", firstAttribute: .width, relation: .equal,
                                      secondItem: "b", secondAttribute: .width, multiplier: multiplier, constant: 3)
            var record = ConstraintRecord(userNumber: index + 1, id: "c\(index + 1)", serial: index, spec: spec)
            #expect(record.multiplier.bitPattern == multiplier.bitPattern && record.spec == spec)
            record.name = "alias"
            record.setSides(Expression([Term(Variable(id: 3))], constant: 8), Expression(constant: 1))
            record.kind = .user
            #expect(record.multiplier.bitPattern == multiplier.bitPattern)
            #expect(record.id == "c\(index + 1)" && record.name == "alias" && record.lhsConstant == 8)
            // Changed back to 1 and to another: the new one, and nothing else moves.
            for next in [1.0, multipliers[(index + 1) % multipliers.count]] {
                spec.multiplier = next
                record.spec = spec
                #expect(record.multiplier.bitPattern == next.bitPattern && record.spec.multiplier.bitPattern == next.bitPattern)
                #expect(record.id == "c\(index + 1)" && record.name == "alias" && record.lhsConstant == 8)
            }
        }
    }

    @Test func staysSmall() {
        #expect(MemoryLayout<ConstraintRecord>.stride == 88)
        #expect(MemoryLayout<ConstraintRecord?>.stride == 88)
    }

    /// An id that follows from the kind and the spec is not stored but made again: it must read
    /// back as given for every kind, whether it takes the inline form or not, and stay the one
    /// given when the spec, the kind, the alias or the left constant change.
    @Test func idsReadBackAsGiven() {
        let hugging = ConstraintSpec(firstItem: "label", firstAttribute: .width, relation: .lessThanOrEqual, constant: 40)
        let position = ConstraintSpec(firstItem: "box", firstAttribute: .left, relation: .equal, secondItem: "root", secondAttribute: .left)
        let cases: [(String, ConstraintRecord.Kind, ConstraintSpec)] = [
            ("c1", .user, Self.spec), ("c9", .user, Self.spec), ("c10", .user, Self.spec), ("c4294967295", .user, Self.spec),
            // Beyond 32 bits, a leading zero, no number, not a user id's form: kept as given.
            ("c4294967296", .user, Self.spec), ("c9999999999", .user, Self.spec), ("c01", .user, Self.spec), ("c0", .user, Self.spec),
            ("c", .user, Self.spec), ("x12", .user, Self.spec),
            ("label.hugging.h", .hugging(.horizontal), hugging), ("label.hugging.v", .hugging(.vertical), hugging),
            ("label.resistance.h", .resistance(.horizontal), hugging), ("label.resistance.v", .resistance(.vertical), hugging),
            ("other.hugging.h", .hugging(.horizontal), hugging), ("label.hugging.h", .resistance(.horizontal), hugging),
            ("box.autoresizing.minX", .autoresizing([.flexibleWidth]), position),
            ("box.autoresizing.minY", .autoresizing([.flexibleWidth]), position),
            ("box.autoresizing.width", .autoresizing(AutoresizingMask(rawValue: 1 << 40)), position),
            ("root.UIViewSafeAreaLayoutGuide-top", .system(identifier: "UIViewSafeAreaLayoutGuide-top", owner: "root"), position),
        ]
        for (id, kind, spec) in cases {
            var record = ConstraintRecord(id: id, serial: 3, kind: kind, spec: spec)
            #expect(record.id == id && record.kind == kind && record.spec == spec)
            record.name = "alias"
            #expect(record.id == id && record.name == "alias")
            record.name = nil
            #expect(record.id == id && record.name == nil)
            record.setSides(Expression([Term(Variable(id: 1))], constant: 4), Expression(constant: 1))
            #expect(record.id == id)
            record.setSides(Expression([Term(Variable(id: 1))]), Expression(constant: 1))
            #expect(record.id == id)
            // A new spec on another item or attribute: the id it was given stays.
            record.spec = ConstraintSpec(firstItem: "elsewhere", firstAttribute: .top, relation: .equal, constant: 2)
            #expect(record.id == id && record.kind == kind)
            record.kind = .user
            #expect(record.id == id && record.kind == .user)
        }
    }

    /// The spec is kept but for its system spacing, which goes into the kind's box when it is
    /// not +0: every field reads back bit for bit, through changes of the spacing, the alias
    /// and the left constant, and the id and kind stay.
    @Test func specReadsBackWithItsSpacing() {
        for (id, kind) in [("c5", ConstraintRecord.Kind.user), ("v.hugging.h", .hugging(.horizontal)), ("c6", .resistance(.vertical))] {
            var spec = ConstraintSpec(firstItem: "v", firstAttribute: .width, relation: .lessThanOrEqual, secondItem: "w",
                                      secondAttribute: .height, multiplier: 0.3, constant: -0.0, priority: LayoutPriority(250))
            var record = ConstraintRecord(id: id, serial: 1, kind: kind, spec: spec)
            for spacing in [0, 2, -0.0, 1, 0, .nan] {
                spec.systemSpacing = spacing
                spec.constant = spacing + 1
                record.spec = spec
                let back = record.spec
                #expect(back.systemSpacing.bitPattern == spacing.bitPattern && back.constant.bitPattern == (spacing + 1).bitPattern)
                #expect(back.firstItem == "v" && back.secondItem == "w" && back.firstAttribute == .width && back.secondAttribute == .height)
                #expect(back.relation == .lessThanOrEqual && back.multiplier == 0.3 && back.priority == LayoutPriority(250))
                #expect(record.id == id && record.kind == kind)
                // The fields read in place are the spec's.
                #expect(record.resolvedConstant.bitPattern == spec.resolvedConstant.bitPattern)
                #expect(record.firstItem == "v" && record.secondItem == "w" && record.firstAttribute == .width)
                #expect(record.secondAttribute == .height && record.multiplier == 0.3 && record.priority == LayoutPriority(250))
                #expect(record.specRelation == .lessThanOrEqual)
                record.name = spacing == 2 ? "alias" : nil
                record.setSides(Expression([Term(Variable(id: 1))], constant: spacing == 1 ? 3 : 0), Expression())
                #expect(record.spec.systemSpacing.bitPattern == spacing.bitPattern && record.id == id && record.kind == kind)
            }
            spec.systemSpacing = 4
            record = ConstraintRecord(id: id, serial: 1, kind: kind, name: "n", spec: spec)
            #expect(record.spec.systemSpacing == 4 && record.name == "n" && record.id == id)
            record.spec.constant = 9
            #expect(record.spec.systemSpacing == 4 && record.spec.constant == 9)
        }
    }

    /// A user record made from its number reads as one made from its id, alias, spacing and
    /// numbers beyond 32 bits included.
    @Test func userRecordFromItsNumber() {
        var spaced = Self.spec
        spaced.systemSpacing = 1
        for number in [1, 10, 99_999, Int(UInt32.max), Int(UInt32.max) + 1] {
            for name in [nil, "minW"] as [String?] {
                for spec in [Self.spec, spaced] {
                    let made = ConstraintRecord(userNumber: number, id: "c\(number)", serial: 4, name: name, spec: spec)
                    let read = ConstraintRecord(id: "c\(number)", serial: 4, kind: .user, name: name, spec: spec)
                    #expect(made.id == "c\(number)" && made.id == read.id && made.kind == .user && made.name == name)
                    #expect(made.spec == spec && made.spec.systemSpacing == spec.systemSpacing && made.serial == 4)
                }
            }
        }
    }

    /// The four flags share a byte and the solver's id is kept in four: each reads back on its
    /// own, whatever the others are.
    @Test func flagsAndSolverIDReadBack() {
        var record = ConstraintRecord(id: "c7", serial: 1, kind: .user, spec: Self.spec)
        #expect(record.isActive && !record.isBroken && !record.readsLeftward && record.solverID == nil)
        for bits in 0..<8 {
            record.isActive = bits & 1 != 0
            record.isBroken = bits & 2 != 0
            record.readsLeftward = bits & 4 != 0
            // Merged sides set the fourth flag; they must not disturb the others, nor it them.
            record.setSides(Expression([Term(Variable(id: 1))]), Expression([Term(Variable(id: 2))], constant: 3))
            #expect(record.isActive == (bits & 1 != 0) && record.isBroken == (bits & 2 != 0) && record.readsLeftward == (bits & 4 != 0))
            #expect(record.lhs.terms.map(\.variable.id) == [1] && record.rhs.terms.map(\.variable.id) == [2] && record.rhs.terms.map(\.coefficient) == [1])
            #expect(record.rhs.constant == 3)
        }
        for id in [0, 1, 41, Int(UInt32.max) - 1] {
            record.solverID = ConstraintID(id: id)
            #expect(record.solverID == ConstraintID(id: id))
        }
        record.solverID = nil
        #expect(record.solverID == nil)
    }
}
