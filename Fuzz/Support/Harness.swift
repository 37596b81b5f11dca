@testable import LayoutModel
@testable import LayoutShell
@testable import LayoutReport

/// What every fuzz target shares: the bytes as text, a small session to run lines in, and the
/// invariant that a rejected line changes nothing. Compiled into each target by scripts/fuzz.
enum Harness {
    /// The input as UTF-8 text (invalid sequences become U+FFFD, as a file read would).
    static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// Lines a fuzzed line runs against: views at several depths with intrinsic sizes, a guide,
    /// named and VFL constraints, a metric, a broken required one. Without them almost every
    /// line would stop at "there is no view named …".
    static let fixture = [
        "root 375x667", "view a b", "view c in a intrinsic 120x21", "view d in c", "guide g in a",
        "metric pad = 20", "w: a.width >= 100 @750", "H:|-pad-[a]-[b(==a)]-|", "V:|-[a]-(>=8)-[b]",
        "c.leading == a.leadingMargin + 8", "d.width == 0.5 * c.width", "b.height == 40",
        "b.height == 60", "c.hugging.h = 251", "g.top == a.top",
    ]

    static func fixtureSession() -> Session {
        let session = Session()
        for line in fixture {
            let result = session.execute(line, report: false)
            precondition(result.ok, "fixture line rejected: \(line): \(result.error?.text ?? "")")
        }
        return session
    }

    /// Everything a line may change: the history, views, constraints (with their state),
    /// settings and frames. Equal before and after a rejected line.
    static func state(of session: Session) -> String {
        let model = session.model
        var parts: [String] = []
        parts.append("history \(session.history)")
        parts.append("views \(model.viewOrder)")
        parts.append("metrics \(session.metricNames.map { "\($0)=\(session.metrics[$0]!)" })")
        parts.append("platform \(session.platform) next \(model.nextNumber)")
        for record in model.constraintRecords() {
            parts.append("\(record.id) \(record.name ?? "-") \(record.text) \(record.isActive) \(record.isBroken)")
        }
        for (name, frame) in model.frames() { parts.append("\(name) \(frame)") }
        return parts.joined(separator: "\n")
    }

    /// Runs one line, renders its report both ways, and traps if a rejected line changed the
    /// session.
    static func run(_ line: String, in session: Session, checkRejected: Bool = true) {
        let before = checkRejected ? state(of: session) : ""
        let result = session.execute(line)
        _ = result.renderText(width: 80, color: false)
        _ = result.renderJSON()
        if checkRejected, !result.ok, !session.isPasting {
            let after = state(of: session)
            if after != before {
                fatalError("a rejected line changed the session: \(line.debugDescription)\nbefore:\n\(before)\nafter:\n\(after)")
            }
        }
    }

    /// Imports `text` as `import FILE` would (the file name picks the importer), renders the
    /// report, and traps if a failed import changed the session or `undo` does not take a
    /// successful one back whole.
    static func importRoundTrip(_ text: String, fileName: String, intoFixture: Bool) {
        let session = intoFixture ? fixtureSession() : Session()
        let before = state(of: session)
        var result = CommandResult(line: 1, input: "import \(fileName)")
        do throws(ShellError) {
            try session.importText(text, fileName: fileName, into: &result)
        } catch {
            let after = state(of: session)
            if after != before {
                fatalError("a failed import changed the session: \(error.text)\nbefore:\n\(before)\nafter:\n\(after)")
            }
            return
        }
        _ = result.renderText(width: 80, color: false)
        _ = result.renderJSON()
        let report = session.execute("frames")
        _ = report.renderText(width: 80, color: false)
        let undone = session.execute("undo", report: false)
        let after = state(of: session)
        if !undone.ok || after != before {
            fatalError("undo did not take the import back: \(undone.error?.text ?? "")\nbefore:\n\(before)\nafter:\n\(after)")
        }
    }
}
