public import LayoutVocabulary
internal import Cassowary

/// A constraint the model holds by itself, outside the user's list, that can still take part
/// in a conflict or an explanation: the window's size (`root.width == 375`, which always
/// holds) and the floor under every other item's size (`label.width >= 0`).
///
/// The floor is Auto Layout's: its engine never gives a view or a layout guide a negative
/// width or height. A lone `view.width == -16` is reported by UIKit as unsatisfiable, and the
/// common "Unable to simultaneously satisfy constraints" logs of a cell whose content view is
/// momentarily 0 wide (`'UIView-Encapsulated-Layout-Width' … == 0` against `H:|-(15)-[label]-(15)-|`)
/// are conflicts only because the label's width cannot go below zero. Neither is listed in
/// UIKit's logs; the reports name them so that the conflict can be read.
public struct ImplicitConstraint: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The root's width or height, set by `root W×H` or a device.
        case windowSize
        /// `item.width >= 0` / `item.height >= 0`.
        case nonNegativeSize
    }

    /// How reports and explanations name it: `root.width`, `label.height`.
    public var id: String { "\(item).\(attribute.rawValue)" }
    public var kind: Kind
    public var item: String
    /// `.width` or `.height`.
    public var attribute: LayoutAttribute
    public var relation: LayoutRelation
    public var constant: Double
}

/// The solver's ids of an item's two size floors, and the one-term sums (`width`, `height`)
/// they hand the solver, which the item's other constraints on its size share
/// (`sizeTerms(of:_:)`): a chain's `v.width >= 20`, `v.width == 100 @1` and `v.height == 44`
/// each kept an array of one term, in the model's record and the solver's, beside the floor's.
///
/// The ids are kept in four bytes each (24 bytes an item, not 32): the solver numbers its
/// constraints from 0, one per constraint ever made, far below 2³².
struct SizeFloors {
    private let widthID: UInt32
    private let heightID: UInt32
    let widthTerms: [Term]
    let heightTerms: [Term]

    init(width: ConstraintID, height: ConstraintID, widthTerms: [Term], heightTerms: [Term]) {
        widthID = UInt32(width.id)
        heightID = UInt32(height.id)
        self.widthTerms = widthTerms
        self.heightTerms = heightTerms
    }

    var width: ConstraintID { ConstraintID(id: Int(widthID)) }
    var height: ConstraintID { ConstraintID(id: Int(heightID)) }
}

extension LayoutModel {
    /// The implicit constraint named `id` (`root.width`, `label.height`), or nil.
    public func implicitConstraint(_ id: String) -> ImplicitConstraint? {
        guard let dot = id.lastIndex(of: ".") else { return nil }
        let item = String(id[..<dot])
        guard let attribute = LayoutAttribute(rawValue: String(id[id.index(after: dot)...])),
              attribute == .width || attribute == .height else { return nil }
        if item == Self.rootName {
            return ImplicitConstraint(kind: .windowSize, item: item, attribute: attribute, relation: .equal,
                                      constant: attribute == .width ? rootWidth : rootHeight)
        }
        guard sizeFloors(of: item) != nil else { return nil }
        return ImplicitConstraint(kind: .nonNegativeSize, item: item, attribute: attribute,
                                  relation: .greaterThanOrEqual, constant: 0)
    }

    /// The solver's id of an implicit constraint.
    func implicitSolverID(_ id: String) -> ConstraintID? {
        guard let implicit = implicitConstraint(id) else { return nil }
        let isWidth = implicit.attribute == .width
        switch implicit.kind {
        case .windowSize: return isWidth ? rootWidthID : rootHeightID
        case .nonNegativeSize: return isWidth ? sizeFloors(of: implicit.item)!.width : sizeFloors(of: implicit.item)!.height
        }
    }

    /// Installs `width >= 0` and `height >= 0` for a new item (every one but the root, whose
    /// size the window fixes). Always satisfiable: the item's variables are new.
    func addSizeFloors(_ info: ViewInfo) {
        func floor(_ terms: [Term], _ attribute: LayoutAttribute) -> ConstraintID {
            let variable = terms[0].variable
            let sid = try! solver.addConstraint(Expression(terms), .greaterThanOrEqual, .required)
            solverNames[sid] = .floor(item: variableOwners.item(holding: variable)!, isWidth: attribute == .width)
            return sid
        }
        let widthTerms = [Term(info.width)], heightTerms = [Term(info.height)]
        let floors = SizeFloors(width: floor(widthTerms, .width), height: floor(heightTerms, .height),
                                widthTerms: widthTerms, heightTerms: heightTerms)
        let place = variableOwners.item(holding: info.x)!
        if place >= sizeFloors.count { sizeFloors.append(contentsOf: repeatElement(nil, count: place + 1 - sizeFloors.count)) }
        sizeFloors[place] = floors
    }

    /// `[Term(info.width)]` (or the height's), the array the item's floor holds when it has
    /// one: equal terms, one heap block for every constraint on the item's size.
    func sizeTerms(of info: ViewInfo, _ isWidth: Bool) -> [Term] {
        let variable = isWidth ? info.width : info.height
        guard let floors = sizeFloors(holding: variable)?.floors else { return [Term(variable)] }
        return isWidth ? floors.widthTerms : floors.heightTerms
    }

    /// An item's floors, nil for the root or an unknown item.
    func sizeFloors(of item: String) -> SizeFloors? {
        views[item].flatMap { sizeFloors(holding: $0.x)?.floors }
    }

    /// The floors of the item holding `variable`, with the item's place (their index in
    /// `sizeFloors`); nil for the root.
    private func sizeFloors(holding variable: Variable) -> (place: Int, floors: SizeFloors)? {
        guard let place = variableOwners.item(holding: variable), place < sizeFloors.count,
              let floors = sizeFloors[place] else { return nil }
        return (place, floors)
    }

    /// Takes a removed item's variables out of the model's books and its floors out of the solver.
    func releaseItem(_ info: ViewInfo) {
        variableOwners.release(x: info.x)
        guard let (place, floors) = sizeFloors(holding: info.x) else { return }
        sizeFloors[place] = nil
        for sid in [floors.width, floors.height] {
            solver.removeConstraint(sid)
            bySolverID[sid] = nil
        }
    }
}
