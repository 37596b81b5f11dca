import LayoutModel
import LayoutVocabulary
import LayoutReport

/// Views that size classes install and uninstall (`vary NAME.installed = false for TRAITS`, an
/// imported scene's `<mask key="subviews">`): an uninstalled view leaves the model with its
/// subviews and constraints, kept in the session state (so undo brings back either side), and
/// comes back under the same names and ids when the traits install it again.
extension Session {
    /// The value of a varying property, also for a view that is out and the constraints it
    /// took with it.
    func traitValue(of target: String, _ property: TraitVariant.Property) -> TraitVariant.Value? {
        if let value = model.traitValue(of: target, property) { return value }
        if property.ofView { return uninstalledStash(holdingView: target) != nil ? .flag(false) : nil }
        guard !property.ofStack, let record = uninstalledStash(holdingConstraint: target)?.constraint(target) else { return nil }
        return property == .active ? .flag(record.isActive) : .number(record.spec.constant)
    }

    /// The stash a view is in (it, or one of its superviews, uninstalled).
    func uninstalledStash(holdingView view: String) -> UninstalledView? {
        state.uninstalled.values.first { $0.viewNames.contains(view) }
    }

    func uninstalledStash(holdingConstraint id: String) -> UninstalledView? {
        state.uninstalled.values.first { $0.constraintIDs.contains(id) }
    }

    /// Installs and uninstalls views as their `installed` variants say under `traits`, until
    /// nothing changes: a view inside another that comes back is looked at again, one whose
    /// superview is still out waits for it. Returns the targets that changed, and a note for
    /// each view that cannot come back (a view of the same name was made while it was out).
    /// - Complexity: one removal or restoration per view that changes.
    func applyInstallations(under traits: TraitCollection) throws(ShellError) -> (changed: [String], notes: [String]) {
        let variants = state.variants.filter { $0.property.ofView }
        guard !variants.isEmpty else { return ([], []) }
        var changed: [String] = []
        var notes: [String] = []
        func note(_ text: String) { if !notes.contains(text) { notes.append(text) } }
        for _ in 0...variants.count {
            var moved = false
            for variant in variants {
                guard case .flag(let wanted)? = variant.value(under: traits), let now = traitValue(of: variant.target, .installed),
                      now != .flag(wanted) else { continue }
                let name = variant.target
                if wanted {
                    // Only a view with a stash of its own; one inside another comes with it.
                    guard let stash = state.uninstalled[name], model.view(stash.parent) != nil else { continue }
                    do {
                        try modelChange { try $0.reinstallView(stash) }
                    } catch {
                        // Nothing of it came back: the check comes before any change.
                        note("\(name) stays out: \(error.message)")
                        continue
                    }
                    state.uninstalled[name] = nil
                } else {
                    guard model.view(name) != nil else { continue }
                    var stash: UninstalledView?
                    do {
                        try modelChange { stash = try $0.uninstallView(name) }
                    } catch {
                        // Made a stack's arranged view (or given one) since: it stays, as it is.
                        note("\(name) stays in: \(error.message)")
                        continue
                    }
                    state.uninstalled[name] = stash
                }
                changed.append("\(name).installed")
                moved = true
            }
            if !moved { break }
        }
        return (changed, notes)
    }
}
