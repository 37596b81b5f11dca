import Foundation
import TestSupport
import Testing
import LayoutModel
import LayoutVocabulary
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport

/// Whole-session properties on seeded random sessions that mix every command of the language
/// (the differential test's `ScriptMaker` makes views, constraints, edits and illegal lines;
/// `SessionMaker` adds VFL, metrics, priorities, settings, guides, devices, inspection, undo,
/// reset and garbage). After every line:
/// - a rejected line changed nothing: history, views, constraints, ids, settings, frames;
/// - a look (frames, draw, explain, help …) changed nothing either;
/// - the report's incrementally kept state equals a full re-read of the model;
/// and at the end of each session (and once in its middle), a fresh session replaying its
/// `save` output has the same views, constraints and layout; and at the end of each session
/// (and after about one step in eight), `export swift` then `import` of that file into a fresh
/// session with the same screen gives the same layout (`LessonExportRoundTripTests.snapshot`:
/// frames where not ambiguous, ambiguity, broken constraints by text).
@Suite(.tags(.slow), .skippedInFastTier) struct SessionPropertyTests {
    /// Sessions per CI run, split into chunks that run in parallel;
    /// LAYOUTLAB_PROPERTY_SESSIONS=100000 for a longer search off CI.
    static let sessions = Int(ProcessInfo.processInfo.environment["LAYOUTLAB_PROPERTY_SESSIONS"] ?? "") ?? 5_000
    static let chunks = 8
    /// The share of steps (besides each session's last) checked by export and import.
    static let roundTripShare = Double(ProcessInfo.processInfo.environment["LAYOUTLAB_ROUND_TRIP_SHARE"] ?? "") ?? 0.05

    @Test(arguments: 0..<chunks)
    func randomSessionsKeepTheirProperties(chunk: Int) throws {
        let directory = try ImportFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var failures: [String] = []
        var lines = 0, rejected = 0, replays = 0, roundTrips = 0, imports = 0
        let range = stride(from: chunk, to: Self.sessions, by: Self.chunks)
        for seed in range {
            var maker = SessionMaker(seed: UInt64(seed))
            let session = Session()
            session.directory = directory.path
            var transcript: [String] = []
            var previous = session.execute("frames").frames
            let length = Int.random(in: 3...10, using: &maker.rng)
            let middle = Int.random(in: 0..<length, using: &maker.rng)
            for step in 0..<length {
                let line = maker.nextLine(session)
                transcript.append(line)
                let before = SessionSnapshot(session)
                let result = session.execute(line)
                lines += 1
                var problems: [String] = []
                if !result.ok || maker.isLook(line) {
                    if !result.ok { rejected += 1 }
                    if let difference = SessionSnapshot(session).difference(from: before) {
                        problems.append("\(result.ok ? "a look" : "a rejected line (\(result.error!.text))") changed the session: \(difference)")
                    }
                }
                maker.sync(line, session)
                if !result.isSilent {
                    problems += incrementalStateProblems(result, session.model, previousFrames: previous)
                    previous = result.frames
                }
                if step == middle || step == length - 1 {
                    replays += 1
                    if let difference = replayProblem(session) { problems.append(difference) }
                }
                if result.ok, line.hasPrefix("import ") { imports += 1 }
                if step == length - 1 || maker.maker.chance(Self.roundTripShare) {
                    roundTrips += 1
                    if let difference = exportProblem(session) { problems.append(difference) }
                }
                if !problems.isEmpty {
                    failures.append("seed \(seed), `\(line)`: " + problems.joined(separator: "; ")
                                    + "\n    " + transcript.joined(separator: "\n    "))
                    break
                }
            }
            if failures.count >= 20 { break }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
        // Every chunk sees plenty of both kinds of line.
        #expect(lines > Self.sessions / Self.chunks * 3)
        #expect(rejected > lines / 20)
        #expect(replays >= Self.sessions / Self.chunks)
        #expect(roundTrips >= Self.sessions / Self.chunks)
        #expect(imports > Self.sessions / Self.chunks / 20)
    }

    /// The session against a fresh one with the same screen (`platform`, `device`, `scale`,
    /// `safearea`, `direction`, the root's size: what the code cannot carry) that imports its
    /// `export swift` file.
    ///
    /// The screen is set before the import, as when a device is chosen and then code pasted;
    /// if that differs, after it, as in UIKit, where viewDidLoad runs before the safe area
    /// arrives. Code cannot say when the screen changed, and where a required constraint
    /// conflicts with the safe area, which member breaks follows that order (the one made or
    /// moved last): seed 2541, `root.top == root.safeArea.top` then `safearea 35,3,24,8`. One
    /// of the two orders must give the session's layout.
    func exportProblem(_ session: Session) -> String? {
        guard let screenFirst = exportProblem(session, screenAfterImport: false) else { return nil }
        return exportProblem(session, screenAfterImport: true) == nil ? nil : screenFirst
    }

    func exportProblem(_ session: Session, screenAfterImport: Bool) -> String? {
        guard session.model.viewOrder.count > 1, let directory = session.directory else { return nil }
        // What `export swift` writes (ExportTests check the command and its careful writer; an
        // fsync per check would be most of this test's time).
        let code = LayoutCodePrinter(model: session.model, language: .swift).document()
        do {
            try code.write(toFile: directory + "/RoundTrip.swift", atomically: false, encoding: .utf8)
        } catch {
            return "could not write the export: \(error)"
        }
        let fresh = Session()
        fresh.directory = directory
        let steps = session.history.flatMap { $0 }
        func setScreen() {
            for line in steps[((steps.lastIndex(of: "reset") ?? -1) + 1)...] where Self.isScreen(line) {
                _ = fresh.execute(line, report: false)
            }
            let size = "\(formatNumber(session.model.rootWidth))x\(formatNumber(session.model.rootHeight))"
            if fresh.model.rootWidth != session.model.rootWidth || fresh.model.rootHeight != session.model.rootHeight {
                _ = fresh.execute("root \(size)", report: false)
            }
        }
        if !screenAfterImport { setScreen() }
        let imported = fresh.execute("import RoundTrip.swift", report: false)
        guard imported.ok else { return "its export does not import: \(imported.error?.message ?? "")" }
        if screenAfterImport { setScreen() }
        let mine = LessonExportRoundTripTests.snapshot(session), theirs = LessonExportRoundTripTests.snapshot(fresh)
        guard mine != theirs else { return nil }
        let index = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        return "export swift then import differs: " + (index.map { "\(mine[$0]) became \(theirs[$0])" } ?? "\(mine.count) lines became \(theirs.count)")
    }

    static let screenWords: Set<String> = LessonExportRoundTripTests.environmentWords.union(["safearea"])

    static func isScreen(_ line: String) -> Bool {
        guard let first = line.split(separator: " ").first else { return false }
        return screenWords.contains(String(first))
    }

    /// The session against a fresh one that replays its `save` output.
    func replayProblem(_ session: Session) -> String? {
        let script = session.savedScript.text
        let fresh = Session()
        let outcome = Replay.run(script, options: .init(final: true), session: fresh)
        if !outcome.ok { return "its save output does not replay: \(outcome.output.prefix(300))" }
        let mine = SessionSnapshot(session), theirs = SessionSnapshot(fresh)
        if let difference = theirs.difference(from: mine, stableFramesOnly: true, history: false) {
            return "a replay of its save output differs: \(difference)"
        }
        return nil
    }
}

/// What a line may change, to compare sessions: the history, views and guides, constraints
/// (ids, names, text, state), metrics, platform, and frames.
struct SessionSnapshot: Equatable {
    var history: [[String]]
    var views: [String]
    var constraints: [String]
    var settings: [String]
    var frames: [String]
    /// Frame components every optimal layout shares ("?" for ambiguous ones).
    var stableFrames: [String]

    init(_ session: Session) {
        let model = session.model
        history = session.history.map(Array.init)
        views = model.viewOrder.map { "\($0) in \(model.view($0)?.parent ?? "-") \(model.view($0)?.kind == .view ? "" : "guide")" }
        constraints = model.constraintRecords().map { "\($0.id) \($0.name ?? "") \($0.text) \($0.isActive) \($0.isBroken)" }
        settings = [session.metricNames.map { "\($0)=\(session.metrics[$0]!)" }.joined(separator: " "), "\(session.platform)"]
        let frameList = model.frames()
        frames = frameList.map { "\($0.name) \($0.frame)" }
        let ambiguity = Dictionary(model.ambiguity().map { ($0.view, Set($0.components)) }, uniquingKeysWith: { a, _ in a })
        stableFrames = frameList.map { name, frame in
            let free = ambiguity[name] ?? []
            return name + " " + FrameComponent.allCases.map { free.contains($0) ? "?" : formatNumber(frame[$0]) }.joined(separator: " ")
        }
    }

    /// The first difference, said briefly, or nil.
    func difference(from other: SessionSnapshot, stableFramesOnly: Bool = false, history compareHistory: Bool = true) -> String? {
        func first<T: Equatable>(_ name: String, _ a: [T], _ b: [T]) -> String? {
            guard a != b else { return nil }
            if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                return "\(name) differ at \(index): \(b[index]) became \(a[index])"
            }
            return "\(name): \(b.count) became \(a.count)"
        }
        return (compareHistory ? first("history", history.map { $0.joined(separator: "; ") }, other.history.map { $0.joined(separator: "; ") }) : nil)
            ?? first("views", views, other.views)
            ?? first("constraints", constraints, other.constraints)
            ?? first("settings", settings, other.settings)
            ?? (stableFramesOnly ? first("frames", stableFrames, other.stableFrames) : first("frames", frames, other.frames))
    }
}

/// Random lines over every command: `ScriptMaker`'s lines (views, constraints, constant edits,
/// remove, activate, margins, hugging, root sizes, direction, illegal lines) and the rest of
/// the language, with names taken from the session as it stands.
struct SessionMaker {
    var maker: ScriptMaker
    var rng: SplitMix64 {
        get { maker.rng }
        set { maker.rng = newValue }
    }
    /// The reference model after each accepted step, so undo can take it back too.
    var references: [Reference] = []
    var guideCounter = 0
    var stackCounter = 0
    var frameCounter = 0

    init(seed: UInt64) {
        maker = ScriptMaker(rng: SplitMix64(seed: seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407))
    }

    static let looks = ["frames", "constraints", "draw", "explain", "help", "exercise"]

    func isLook(_ line: String) -> Bool {
        Self.looks.contains(String(line.prefix { $0 != " " }))
    }

    mutating func pick<T>(_ items: [T]) -> T { maker.pick(items) }
    mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    /// Keeps the reference in step with the session's history after any line: a new step
    /// keeps the reference as it is now (empty after `reset`), undo goes back to an earlier
    /// one, and a refused line drops what the maker expected of it.
    mutating func sync(_ line: String, _ session: Session) {
        let steps = session.history.count
        if steps > references.count {
            if line == "reset" { maker.ref = Reference() }
            references.append(maker.ref)
        } else {
            references.removeLast(references.count - steps)
            maker.ref = references.last ?? Reference()
        }
        maker.ref.next = session.model.nextNumber
    }

    mutating func nextLine(_ session: Session) -> String {
        let model = session.model
        let views = model.viewOrder.filter { !model.isGuide($0) }
        let nonRoot = views.filter { $0 != "root" }
        let ids = model.constraintRecords().filter { !$0.isImplicit }.map(\.id)
        let roll = number(0...111)
        switch roll {
        case 0..<45:
            let before = maker.ref
            let (line, expectedOK) = maker.nextLine()
            if !expectedOK { maker.ref = before }
            return line
        case 45..<53 where nonRoot.count >= 2:
            // VFL between siblings (or not: then it is refused), with metrics and options.
            let first = pick(nonRoot)
            let parent = model.view(first)?.parent
            let siblings = nonRoot.filter { model.view($0)?.parent == parent && $0 != first }
            let second = siblings.isEmpty || maker.chance(0.1) ? pick(nonRoot) : pick(siblings)
            let axis = pick(["H:", "V:"])
            let space = pick(["-", "-8-", "-pad-", "", "-(>=4)-", "-(==12@750)-"])
            let size = pick(["", "(==\(first))", "(>=20)", "(44@750)", "(pad)"])
            let bars = maker.chance(0.6)
            let option = maker.chance(0.2) ? " " + pick(axis == "H:" ? ["alignAllTop", "alignAllCenterY", "alignAllBaseline"] : ["alignAllLeading", "alignAllCenterX"]) : ""
            return "\(axis)\(bars ? "|-" : "")[\(first)]\(space)[\(second)\(size)]\(bars ? "-|" : "")\(option)"
        case 53..<56:
            return "metric pad = \(pick([0, 8, 20, -4]))"
        case 56..<60 where !ids.isEmpty:
            return "\(pick(ids)).priority = \(pick(["750", "250", "999", "1000", "1", "high", "0"]))"
        case 60..<62:
            return "platform \(pick(["ios", "macos"]))"
        case 62..<65:
            guideCounter += 1
            return "guide g\(guideCounter)" + (maker.chance(0.5) && !nonRoot.isEmpty ? " in \(pick(nonRoot))" : "")
        case 65..<68 where !model.guides.isEmpty:
            let guide = pick(model.guides)
            return pick(["\(guide).top == \(pick(views)).top + \(number(0...20))", "\(guide).width == \(number(0...200))",
                         "\(guide).leading == \(pick(views)).trailing", "\(pick(nonRoot + ["root"])).top == root.safeArea.top",
                         "\(pick(nonRoot + ["root"])).leading == \(pick(views)).margins.leading"])
        case 68..<70:
            return "safearea \(number(0...60)),\(number(0...10)),\(number(0...40)),\(number(0...10))"
        case 70..<72:
            return "device \(pick(["iPhoneSE", "iPhoneX", "iPhone15", "iPhone15ProMax", "iPad"]))" + (maker.chance(0.3) ? " landscape" : "")
        case 72..<74:
            return "scale \(pick(["1", "2", "3", "off"]))"
        case 74..<76 where !nonRoot.isEmpty:
            return "\(pick(nonRoot)).directionalMargins = \(number(0...16)),\(number(0...16)),\(number(0...16)),\(number(0...16))"
        case 76..<84:
            return "undo" + (maker.chance(0.3) ? " \(number(1...3))" : "")
        case 84..<86:
            return "reset"
        case 86..<91:
            return pick(["frames", "constraints", "draw", "explain \(pick(views)).width", "explain \(ids.isEmpty ? "c1" : pick(ids))",
                         "help", "help vfl", "frames --exact", "exercise"])
        case 100..<104:
            // A stack of new views (or of views there already), then its properties.
            let stacks = model.stacks.keys.sorted()
            guard !stacks.isEmpty, maker.chance(0.5) else {
                stackCounter += 1
                let members = (0..<number(1...3)).map { "st\(stackCounter)m\($0)" } + (maker.chance(0.2) && !nonRoot.isEmpty ? [pick(nonRoot)] : [])
                return "stack st\(stackCounter)" + (maker.chance(0.3) && !nonRoot.isEmpty ? " in \(pick(nonRoot))" : "") + " \(pick(["h", "v"])) " + members.joined(separator: " ")
            }
            let stack = pick(stacks)
            let arranged = model.stacks[stack]?.arranged ?? []
            return pick(["\(stack).spacing = \(number(0...20))", "\(stack).distribution = \(pick(["fill", "fillEqually", "equalSpacing", "equalCentering", "fillProportionally"]))",
                         "\(stack).alignment = \(pick(["fill", "leading", "center", "trailing", "firstBaseline"]))",
                         "\(stack).marginsRelative = \(pick(["true", "false"]))", "\(stack).axis = \(pick(["h", "v"]))",
                         "\(pick(arranged.isEmpty ? [stack] : arranged)).hidden = \(pick(["true", "false"]))",
                         "\(stack).spacingAfter.\(arranged.first ?? stack) = \(number(0...30))"])
        case 104..<107:
            // Views that keep their autoresizing mask: made, masked, switched.
            let framed = model.autoresizing.keys.sorted()
            if framed.isEmpty || maker.chance(0.4) {
                frameCounter += 1
                return "view fv\(frameCounter) frame \(number(0...60)),\(number(0...60)),\(number(0...120)),\(number(0...90))"
                    + (maker.chance(0.4) && !nonRoot.isEmpty ? " in \(pick(nonRoot))" : "")
            }
            if maker.chance(0.2), !nonRoot.isEmpty { return "\(pick(nonRoot)).translatesAutoresizingMask = \(pick(["true", "false"]))" }
            let masks = AutoresizingMask.named.map(\.name)
            let mask = maker.chance(0.15) ? "none" : (0..<number(1...3)).map { _ in pick(masks) }.joined(separator: " ")
            return "\(pick(framed)).autoresizing = \(mask)"
        case 107..<110:
            // Imports of small code snippets and console logs (undo takes them back).
            return "import \(pick(ImportFiles.names))"
        default:
            return badLine(views: views, ids: ids)
        }
    }

    /// A line that should be refused: a mangled valid line, or one of the usual mistakes.
    mutating func badLine(views: [String], ids: [String]) -> String {
        let v = pick(views)
        let mistakes = [
            "\(v).width => 10", "\(v).width == 10 @1001", "view \(v)", "remove nothing", "\(v).widht == 3",
            "H:|-[\(v)]-[missing]-|", "V:|-(-8-[\(v)]", "metric 9 = 2", "root 0x-1", "scale 7", "device iPod",
            "undo 0", "\(ids.first ?? "c1").priority = 1001", "guide \(v)", "safearea 1,2,3", "\(v).margins = 1,2",
            "\(v).hugging.x = 3", "platform android", "direction up", "c99999.constant = 1", "\u{1}", "é.width == 1",
            "\(v).width == 1e400", "H:[\(v)(", "a.width == ((1))",
        ]
        let line = pick(mistakes)
        guard maker.chance(0.3), !line.isEmpty else { return line }
        // Or a valid-looking line with one character changed.
        var scalars = Array(line.unicodeScalars)
        let index = number(0...(scalars.count - 1))
        scalars[index] = pick(Array("=.@|[]()-:#,0x".unicodeScalars))
        return String(String.UnicodeScalarView(scalars))
    }
}

/// The files the random sessions import: code written here and two real console logs.
enum ImportFiles {
    static let logs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ConsoleLogTests/Fixtures")
    static let logNames = ["01-folding-cell-63.log", "24-tinyconstraints-7.log"]
    static let code: [String: String] = [
        "Header.swift": """
            let title = UILabel()
            title.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(title)
            let banner = UIView(frame: CGRect(x: 10, y: 20, width: view.bounds.width - 20, height: 30))
            banner.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
            view.addSubview(banner)
            let width = title.widthAnchor.constraint(equalToConstant: 120)
            width.priority = .defaultHigh
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                title.topAnchor.constraint(equalTo: banner.bottomAnchor, constant: 8),
                width,
            ])
            """,
        "Row.m": """
            UIStackView *row = [[UIStackView alloc] init];
            row.translatesAutoresizingMaskIntoConstraints = NO;
            row.axis = UILayoutConstraintAxisHorizontal;
            row.spacing = 8;
            [self.view addSubview:row];
            UIView *icon = [[UIView alloc] init];
            UIView *name = [[UIView alloc] init];
            [row addArrangedSubview:icon];
            [row addArrangedSubview:name];
            [row.topAnchor constraintEqualToAnchor:self.view.safeAreaLayoutGuide.topAnchor constant:12].active = YES;
            [row.leadingAnchor constraintEqualToAnchor:self.view.leadingAnchor].active = YES;
            [icon.widthAnchor constraintEqualToConstant:40].active = YES;
            [NSLayoutConstraint activateConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[row]-(20)-|" options:0 metrics:nil views:@{@"row": row}]];
            """,
    ]
    static let names = logNames + code.keys.sorted()

    /// A new directory holding the files.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlab-properties-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in logNames {
            try FileManager.default.copyItem(at: logs.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, text) in code { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }
}
