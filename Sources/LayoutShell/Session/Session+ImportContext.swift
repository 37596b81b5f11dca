import LayoutImport
import LayoutModel
import LayoutVocabulary

/// The session as importers see it: its names, platform and root size, and scratch sessions to
/// try lines on (so an import is left with what the session takes, never half done).
extension Session: ImportContext {
    public var viewNames: [String] { model.viewOrder }
    public var constraintNames: [String] { Array(model.names.keys) }
    public var platformName: String { platform.rawValue }
    public var rootSize: (width: Double, height: Double) { (model.rootWidth, model.rootHeight) }
    public var nextConstraintNumber: Int { model.nextNumber }

    public func makeTrial(_ start: TrialStart) -> any ImportTrial {
        let trial = Session()
        guard start == .current else { return trial }
        // The history since the last `reset` rebuilds what the session holds.
        trial.directory = directory
        let lines = history.flatMap { $0 }
        let first = lines.lastIndex(of: "reset").map { $0 + 1 } ?? 0
        _ = try? trial.run(Array(lines[first...]), name: "session")
        return trial
    }
}

extension Session: ImportTrial {
    public func attempt(_ line: String) -> TrialVerdict {
        let result = execute(line, report: false)
        return result.ok ? .taken : .refused(result.error?.message)
    }

    public func hasView(_ name: String) -> Bool { model.view(name) != nil }

    public func size(of name: String) -> (width: Double, height: Double)? {
        model.frame(of: name).map { ($0.width, $0.height) }
    }
}
