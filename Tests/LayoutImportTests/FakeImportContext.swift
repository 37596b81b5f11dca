import LayoutImport

/// A session as small as an importer needs: names taken, a platform, a root size, and a trial
/// that takes every line except those `refuses` picks (with the message it gives), and
/// remembers the views its `view` and `guide` lines make.
final class FakeImportContext: ImportContext {
    var viewNames = ["root"]
    var constraintNames: [String] = []
    var metricNames: [String] = []
    var platformName = "ios"
    var rootSize = (width: 375.0, height: 667.0)
    var nextConstraintNumber = 1
    var refuses: @Sendable (String) -> String? = { _ in nil }
    /// Every trial made, in order.
    private(set) var trials: [FakeTrial] = []

    func makeTrial(_ start: TrialStart) -> any ImportTrial {
        let trial = FakeTrial(views: start == .current ? Set(viewNames) : ["root"], platformName: start == .current ? platformName : "ios", refuses: refuses)
        trials.append(trial)
        return trial
    }
}

final class FakeTrial: ImportTrial {
    private(set) var views: Set<String>
    let platformName: String
    let refuses: (String) -> String?
    /// The lines taken, in order.
    private(set) var taken: [String] = []

    init(views: Set<String>, platformName: String, refuses: @escaping (String) -> String?) {
        self.views = views
        self.platformName = platformName
        self.refuses = refuses
    }

    func attempt(_ line: String) -> TrialVerdict {
        if let message = refuses(line) { return .refused(message) }
        taken.append(line)
        let words = line.split(separator: " ")
        if words.count >= 2, ["view", "guide", "cell", "scroll"].contains(words[0]) { views.insert(String(words[1])) }
        return .taken
    }

    func hasView(_ name: String) -> Bool { views.contains(name) }

    func size(of name: String) -> (width: Double, height: Double)? { views.contains(name) ? (0, 0) : nil }
}
