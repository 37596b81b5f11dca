import Testing
@testable import LayoutShell
@testable import LayoutReport

/// A lesson file read as steps, and the player that walks a reader through them.
@Suite struct LessonTests {
    static let sample = """
        # Lesson 3: A sample
        # One line that says what it is about.
        #
        # We want a box.
        view box
        #> added view box
        #>   view   x  y  width  height
        #>   root   0  0  375    667
        #> *   box  0  0  0      0
        #> ambiguous: box: no constraints
        # Give it a width.
        box.width == 100
        #> added c1: box.width == 100
        #>   view   x  y  width  height
        #>   root   0  0  375    667
        #> *   box  0  0  100    0
        #> ambiguous: box (x): only its width is pinned (c1); add a leading or trailing
        #>     constraint; box: no vertical constraints
        #
        # try: give it a height.
        #
        # answer:
        box.height == 50
        #> added c2: box.height == 50
        #>   view   x  y  width  height
        #>   root   0  0  375    667
        #> *   box  0  0  100    50
        #> ambiguous: box (x): only its width is pinned (c1); add a leading or trailing
        #>     constraint; box (y): only its height is pinned (c2); add a top or bottom
        #>     constraint
        # Done.

        """

    static func lesson() throws -> Lesson { try Lesson.parse(sample, fileName: "03-sample.lal") }

    @Test func theHeaderGivesNumberTitleAndSummary() throws {
        let lesson = try Self.lesson()
        #expect(lesson.number == 3)
        #expect(lesson.title == "A sample")
        #expect(lesson.summary == "One line that says what it is about.")
        #expect(lesson.topic == "sample")
    }

    @Test func stepsAreStoryThenCommandThenExpectedOutput() throws {
        let steps = try Self.lesson().steps
        #expect(steps.map(\.command) == ["view box", "box.width == 100", nil, "box.height == 50", nil])
        #expect(steps[0].story == ["We want a box."])
        #expect(steps[0].expected.first == "added view box")
        #expect(steps[0].line == 5)
        #expect(steps[1].story == ["Give it a width."])
        // The exercise is a pause of its own: the answer comes after it.
        #expect(steps[2].story == ["try: give it a height."])
        #expect(steps[3].story == ["answer:"])
        #expect(steps[4].story == ["Done."])
    }

    @Test(arguments: [
        ("# Lesson 3: A sample\n# summary\nview a\n", "04-other.lal", "the header says lesson 3 but the file name says 4"),
        ("# A sample\n# summary\n", "03-sample.lal", "the first line must be `# Lesson 3: Title`"),
        ("# Lesson 3: A sample\nview a\n", "03-sample.lal", "the second line must be a one-line summary comment"),
        ("# Lesson 3: A sample\n# summary\n", "sample.lal", "a lesson's file name starts with its number"),
    ])
    func aFileThatIsNotALessonSaysWhy(text: String, file: String, problem: String) {
        #expect(throws: LessonError.self) { try Lesson.parse(text, fileName: file) }
        do { _ = try Lesson.parse(text, fileName: file) } catch {
            #expect(error.description.contains(problem), "\(error)")
            #expect(error.description.hasPrefix(file))
        }
    }

    @Test func enterRunsTheNextCommandAndItMatchesTheTranscript() throws {
        let player = LessonPlayer(lesson: try Self.lesson(), next: (4, "The next one"))
        #expect(player.introduction[0] == "Lesson 3: A sample")
        #expect(player.present() == ["", "We want a box.", "   next ▸ view box"])
        guard case .step(let command, let result, let differs) = player.respond(to: "") else {
            Issue.record("Enter did not run the step"); return
        }
        #expect(command == "view box")
        #expect(result.ok && !differs)
        #expect(player.session.model.view("box") != nil)
        #expect(player.present() == ["", "Give it a width.", "   next ▸ box.width == 100"])
    }

    @Test func typingTheNextCommandOutRunsTheStepToo() throws {
        let player = LessonPlayer(lesson: try Self.lesson())
        _ = player.present()
        guard case .step(_, _, let differs) = player.respond(to: "  view box ") else {
            Issue.record("the typed command was not the step"); return
        }
        #expect(!differs)
        #expect(player.position == 1)
    }

    /// A lesson's own `import logs/…` reads from the lesson's folder (as `--check` does);
    /// the reader's own lines keep the session's directory.
    @Test func aLessonsRelativePathsResolveAgainstItsFolder() throws {
        let text = "# Lesson 3: A sample\n# One line.\n#\n# try: nothing\n# answer:\nimport logs/munki-1241.log\n"
        let lesson = try Lesson.parse(text, fileName: "03-sample.lal")
        let session = Session()
        session.directory = "/nonexistent"
        let player = LessonPlayer(lesson: lesson, session: session, directory: ExampleTranscripts.examplesDirectory)
        guard case .own(let own) = player.respond(to: "import logs/munki-1241.log x") else { Issue.record("no own line"); return }
        #expect(!own.ok)
        guard case .pause = player.respond(to: "") else { Issue.record("the story did not pause"); return }
        guard case .step(_, let result, _) = player.respond(to: "") else { Issue.record("no step"); return }
        #expect(result.ok, "\(result.output)")
        #expect(session.directory == "/nonexistent")
    }

    @Test func theReadersOwnCommandsRunInTheSameSessionWithoutMovingOn() throws {
        let player = LessonPlayer(lesson: try Self.lesson())
        _ = player.present()
        guard case .own(let result) = player.respond(to: "view other") else {
            Issue.record("an own command was taken for the step"); return
        }
        #expect(result.ok)
        #expect(player.position == 0)
        #expect(player.reminder == "   next ▸ view box")
        // The lesson's next report now lists `other` too: the player says why it differs.
        guard case .step(_, _, let differs) = player.respond(to: "") else { Issue.record("no step"); return }
        #expect(differs)
        #expect(player.differenceNote.contains("your own commands"))
        // A rejected own command runs too, and changes nothing.
        guard case .own(let bad) = player.respond(to: "box.left == 1") else { Issue.record("no own"); return }
        #expect(!bad.ok)
    }

    @Test func theExerciseIsAPauseAndTheLessonEndsWithItsClosingStory() throws {
        let player = LessonPlayer(lesson: try Self.lesson(), next: (4, "The next one"))
        _ = player.present()
        _ = player.respond(to: "")
        _ = player.respond(to: "")
        #expect(player.present() == ["", "try: give it a height.", "   next ▸ (try it; then Enter shows the answer)"])
        // Enter before any attempt: the answer waits; Enter again shows it.
        guard case .wait = player.respond(to: "") else { Issue.record("the answer did not wait"); return }
        #expect(player.position == 2)
        guard case .pause = player.respond(to: "") else { Issue.record("the exercise was not a pause"); return }
        #expect(player.present().last == "   next ▸ box.height == 50")
        guard case .step(_, _, let differs) = player.respond(to: "") else { Issue.record("no answer"); return }
        #expect(!differs)
        #expect(!player.isFinished)
        let closing = player.present()
        #expect(closing.starts(with: ["", "Done.", "", "End of lesson 3. The session goes on: keep typing commands, or Ctrl-D"]))
        #expect(closing.last == "Next: layoutlab --lesson 4 (The next one).")
        #expect(player.isFinished)
        // After the end every line is the reader's, Enter included.
        guard case .own(let result) = player.respond(to: "") else { Issue.record("not own"); return }
        #expect(result.isSilent)
    }

    @Test func theLastLessonSaysSo() throws {
        let player = LessonPlayer(lesson: try Self.lesson())
        #expect(player.closing.last == "That was the last lesson; help lessons lists them all.")
    }
}
