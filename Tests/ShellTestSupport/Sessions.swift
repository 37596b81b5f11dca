import Foundation
import Testing
import LayoutModel
import LayoutVocabulary
import LayoutShell
import LayoutReport

// The helpers the shell's tests (and the executable's) kept writing again: a session from
// lines, a view's frame, the whole state as text, a report as a JSON object.

/// Runs lines (one per `\n`, numbered from 1) and returns every result, silent ones included.
@discardableResult
public func run(_ session: Session, _ lines: String) -> [CommandResult] {
    var results: [CommandResult] = []
    for (i, line) in lines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        results.append(session.execute(String(line), lineNumber: i + 1))
    }
    return results
}

/// A fresh session after `lines`, each of which must be accepted (a test issue names the
/// first that is not, at the caller's line).
public func session(_ lines: String, sourceLocation: SourceLocation = #_sourceLocation) -> Session {
    let session = Session()
    for line in lines.split(separator: "\n") {
        let result = session.execute(String(line))
        if let error = result.error {
            Issue.record("\(line): \(error.text)", sourceLocation: sourceLocation)
        }
    }
    return session
}

/// A view's frame as the model solves it (nil for an unknown name).
public func frame(_ session: Session, _ name: String) -> Frame? { session.model.frame(of: name) }

/// A fingerprint of the whole session state, to check that a rejected line changed nothing.
public func fingerprint(_ session: Session) -> String {
    let model = session.model
    var parts = model.viewOrder.map { name -> String in
        let v = model.view(name)!
        return "\(name)<\(v.parent ?? "-")|\(v.intrinsicWidth ?? -1)x\(v.intrinsicHeight ?? -1)|\(v.huggingH.rawValue),\(v.huggingV.rawValue),\(v.resistanceH.rawValue),\(v.resistanceV.rawValue)|\(v.margins)|\(model.frame(of: name)!)"
    }
    parts += model.constraintRecords().map { "\($0.id)=\($0.name ?? ""):\($0.text):\($0.isActive):\($0.isBroken)" }
    parts.append("metrics=\(session.metricNames.map { "\($0)=\(session.metrics[$0]!)" })")
    parts.append("platform=\(session.platform) direction=\(model.direction) next=\(model.nextNumber) history=\(session.history)")
    return parts.joined(separator: "\n")
}

/// One line of `--json` output read back by Foundation, as an independent check of the bytes.
public func jsonObject(_ line: some StringProtocol, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(String(line).utf8)) as? [String: Any],
                 "not a JSON object: \(line)", sourceLocation: sourceLocation)
}
