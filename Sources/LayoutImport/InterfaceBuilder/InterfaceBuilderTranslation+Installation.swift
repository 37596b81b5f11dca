import InterfaceBuilder
import LayoutModel
import LayoutVocabulary

/// Where a constraint or a subview is installed: in Any/Any (`base`), and the size classes whose
/// `<variation>` includes or excludes it, least specific first.
struct InstallRules {
    var base: Bool
    var cases: [(pattern: TraitCollection, installed: Bool)]

    /// `true for any, false for height=compact`, as `vary` lists rules.
    var words: String {
        (["\(base) for any"] + cases.map { "\($0.installed) for \($0.pattern.words)" }).joined(separator: ", ")
    }
}

/// Subviews a size class uninstalls (`<mask key="subviews"><exclude …/>` in a `<variation>`, or
/// `installed="NO"` with a variation that installs them): kept in the session with
/// `vary NAME.installed` lines, so `device` and `traits` take them out of the hierarchy and put
/// them back with their constraints, as UIKit does. A view the session cannot take out whole
/// (an arranged view, or one holding a stack, a scroll view or cells) is left out where it is
/// not installed, as before, with a note.
extension InterfaceBuilderTranslation {
    /// The rules for one object (a constraint or a subview, by id) from its owner's variations.
    static func installRules(of id: String, installedByDefault: Bool, in variations: [IBVariation],
                             included: KeyPath<IBVariation, [String]>, excluded: KeyPath<IBVariation, [String]>) -> InstallRules {
        var base = installedByDefault
        var cases: [(TraitCollection, Bool, Int)] = []
        for variation in variations {
            let verdict: Bool? = variation[keyPath: included].contains(id) ? true : variation[keyPath: excluded].contains(id) ? false : nil
            guard let verdict else { continue }
            if variation.key == "default" {
                base = verdict
            } else if let key = IBTraits(key: variation.key) {
                cases.append((collection(key), verdict, key.specificity))
            }
        }
        return InstallRules(base: base, cases: cases.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) })
    }

    /// A subview's rules; nil when it is installed everywhere.
    func installRules(of subview: IBView, in parent: IBView) -> InstallRules? {
        guard let id = subview.id else { return nil }
        let rules = Self.installRules(of: id, installedByDefault: subview.installedByDefault, in: parent.variations,
                                      included: \.includedSubviews, excluded: \.excludedSubviews)
        return rules.base && rules.cases.allSatisfy(\.installed) ? nil : rules
    }

    /// Whether the session can take the subview out and put it back whole (`uninstallView`).
    static func canVaryInstallation(_ subview: IBView, in parent: IBView) -> Bool {
        let whole: Set<String> = ["stackView", "scrollView", "tableViewCell", "collectionViewCell"]
        return parent.stack == nil && subview.key != "contentView" && !subview.flattened().contains { whole.contains($0.element) || $0.isRowInItsTable }
    }

    /// Whether a constraint names a view this screen's size classes do not install.
    func touchesViewNotInstalledHere(_ constraint: IBConstraint) -> Bool {
        notInstalledHere.contains(constraint.firstItem) || constraint.secondItem.map(notInstalledHere.contains) == true
    }

    /// The `vary NAME.installed` lines, after every view and constraint is made (a view the
    /// screen does not install leaves when its line is taken), and a note for each.
    mutating func emitInstallations() {
        for (id, rules) in varyingViews {
            guard let name = names[id], let view = views[name] else { continue }
            for (pattern, installed) in rules.cases { add("vary \(name).installed = \(installed) for \(pattern.words)", view.line) }
            if !rules.base { add("vary \(name).installed = false", view.line) }
            let here = notInstalledHere.contains(id) ? "not installed on this screen" : "installed on this screen"
            note("line \(view.line): \(name) is installed for some size classes only (\(rules.words)): \(here); `device` and `traits` install and uninstall it with its constraints")
        }
    }

    /// What `names` says after a view's class and id: a cell's reuse identifier, and whether the
    /// size classes install the view.
    func originRemark(_ view: IBView) -> String {
        var words = ""
        if let reuse = view.reuseIdentifier { words += " reuse identifier \(reuse)" }
        words += sectionRemark(view)
        if let id = view.id, let rules = varyingViews.first(where: { $0.id == id })?.rules { words += " installed \(rules.words)" }
        return words
    }
}
