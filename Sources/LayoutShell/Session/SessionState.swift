import LayoutModel
import LayoutVocabulary

/// The part of a session that a change alters and undo takes back: the model and the
/// session-level settings beside it. Declared once, here: a checkpoint is a copy of this
/// value, a reset is a fresh one, so a new field is checkpointed, restored and reset without
/// another list to keep in step (`SessionStateTests` walks `Session`'s stored properties and
/// fails on one that is neither in here nor named as outside undo).
struct SessionState {
    var model = LayoutModel()
    /// VFL metrics by name (`metric pad = 20`).
    var metrics: [String: Double] = [:]
    /// Metric names in definition order.
    var metricNames: [String] = []
    var platform: Platform = .ios
    /// Where imported views and constraints came from (`origin NAME TEXT`), in order.
    var origins: [(name: String, text: String)] = []
    /// Size classes set by hand (`traits width=compact …`); nil: the device's, else Any/Any.
    var traits: TraitCollection?
    /// Properties that take other values in other size classes (`vary`, an imported scene's
    /// `<variation>`s), re-applied whenever the traits change.
    var variants: [TraitVariant] = []
    /// Views the traits uninstalled (`vary NAME.installed`), by name, each with its subviews
    /// and constraints, to put back when the traits install it again.
    var uninstalled: [String: UninstalledView] = [:]

    /// An independent copy: the values are copied by Swift, the model (an object) by its own
    /// `copy()`, so changing the session afterwards leaves the copy as it was.
    /// - Complexity: O(1) until either side writes; the model's first write after it then
    ///   copies what it writes (see `LayoutModel.copy()`).
    func copy() -> SessionState {
        var copy = self
        copy.model = model.copy()
        return copy
    }

    /// What the copy holds, for `Session.keptCheckpointSize`: its views and constraints.
    var size: Int { model.viewOrder.count + model.constraintOrder.count }
}
