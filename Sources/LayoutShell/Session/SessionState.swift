import LayoutModel
import LayoutVocabulary
import UndoTrail

/// The part of a session that a change alters and undo takes back: the model and the
/// session-level settings beside it. Declared once, here, and trailed whole: the model trails
/// every write (`LayoutModel+Undo.swift`), the settings are saved at each step, so `beginStep`
/// and `rollBackStep` take any field back without another list to keep in step
/// (`SessionStateTests` walks `Session`'s and this type's stored properties and fails on one
/// that is neither trailed nor named as outside undo).
struct SessionState: TrailRecording {
    let model = LayoutModel()
    /// The session's own values: small (a few names and numbers), so a step saves them whole.
    private var trailedSettings = TrailedValue(Settings())

    struct Settings {
        /// VFL metrics by name (`metric pad = 20`).
        var metrics: [String: Double] = [:]
        /// Metric names in definition order.
        var metricNames: [String] = []
        var platform: Platform = .ios
        /// Where imported views and constraints came from (`origin NAME TEXT`), in order.
        var origins: [(name: String, text: String)] = []
        /// Size classes set by hand (`traits width=compact …`); nil: the device's, else Any/Any.
        var traits: TraitCollection?
        /// Properties that take other values in other size classes (`vary`, an imported
        /// scene's `<variation>`s), re-applied whenever the traits change.
        var variants: [TraitVariant] = []
        /// Views the traits uninstalled (`vary NAME.installed`), by name, each with its
        /// subviews and constraints, to put back when the traits install it again.
        var uninstalled: [String: UninstalledView] = [:]
        /// Whether any step changed this state since it was made: a `load` or import into a
        /// state that is still fresh keeps the fresh state for undo instead of a trail.
        var changed = false
    }

    var settings: Settings {
        get { trailedSettings.value }
        _modify { yield &trailedSettings.value }
    }
    var metrics: [String: Double] {
        get { settings.metrics }
        _modify { yield &trailedSettings.value.metrics }
    }
    var metricNames: [String] {
        get { settings.metricNames }
        _modify { yield &trailedSettings.value.metricNames }
    }
    var platform: Platform {
        get { settings.platform }
        _modify { yield &trailedSettings.value.platform }
    }
    var origins: [(name: String, text: String)] {
        get { settings.origins }
        _modify { yield &trailedSettings.value.origins }
    }
    var traits: TraitCollection? {
        get { settings.traits }
        _modify { yield &trailedSettings.value.traits }
    }
    var variants: [TraitVariant] {
        get { settings.variants }
        _modify { yield &trailedSettings.value.variants }
    }
    var uninstalled: [String: UninstalledView] {
        get { settings.uninstalled }
        _modify { yield &trailedSettings.value.uninstalled }
    }

    mutating func beginStep() {
        model.beginStep()
        trailedSettings.beginStep()
    }

    mutating func rollBackStep() {
        model.rollBackStep()
        trailedSettings.rollBackStep()
    }

    mutating func forgetSteps(keepingNewest depth: Int) {
        model.forgetSteps(keepingNewest: depth)
        trailedSettings.forgetSteps(keepingNewest: depth)
    }

    /// Forgets the solver's steps at once (`LayoutModel.forgetSolverSteps`).
    func forgetSolverSteps() { model.forgetSolverSteps() }
}
