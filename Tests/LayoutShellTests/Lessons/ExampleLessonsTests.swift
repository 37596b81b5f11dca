import Foundation
import Testing
@testable import LayoutShell
@testable import LayoutReport

/// The lessons in examples/: each is a lesson (header, story, an exercise and its answer),
/// every expected line of each is checked, the player plays each as its transcript says,
/// `help lessons` lists them from the files, and the README's table of lessons agrees.
@Suite struct ExampleLessonsTests {
    static var library: LessonLibrary { LessonLibrary(directory: ExampleTranscripts.examplesDirectory) }

    static func lessons() throws -> [Lesson] { try library.lessons() }

    @Test func everyExampleIsALessonNumberedFromOne() throws {
        let lessons = try Self.lessons()
        #expect(lessons.count >= 13)
        #expect(lessons.map(\.number) == Array(1...lessons.count))
        #expect(Self.library.fileNames() == ExampleTranscripts.files)
        for lesson in lessons {
            #expect(lesson.title.count <= 60 && lesson.summary.count <= 100, "\(lesson.fileName): header too long")
            #expect(lesson.steps.filter { $0.command != nil }.count <= 40, "\(lesson.fileName) is long for a lesson")
        }
    }

    /// Each lesson ends with an exercise (`try: …`) and then its answer, with a command to run.
    @Test func everyLessonEndsWithAnExerciseAndItsAnswer() throws {
        for lesson in try Self.lessons() {
            let exercise = lesson.steps.lastIndex { $0.story.contains { $0.hasPrefix("try: ") } }
            let answer = lesson.steps.lastIndex { $0.story.first?.hasPrefix("answer:") == true }
            guard let exercise, let answer else {
                Issue.record("\(lesson.fileName) has no `# try:` with an `# answer:` after it"); continue
            }
            #expect(exercise < answer, "\(lesson.fileName): the answer comes before the exercise")
            #expect(lesson.steps[answer].command != nil, "\(lesson.fileName): the answer runs nothing")
        }
    }

    /// `--check` compares the `#> ` lines under every command; lines under a comment or a
    /// blank line would never be compared, so a lesson must not have any.
    @Test func everyExpectedLineIsUnderACommand() throws {
        for file in ExampleTranscripts.files {
            let lines = Replay.lines(of: try String(contentsOfFile: ExampleTranscripts.examplesDirectory + "/" + file, encoding: .utf8))
            var owner: String? = nil
            for (index, line) in lines.enumerated() {
                if Replay.isExpectation(line) {
                    #expect(owner != nil, "\(file):\(index + 1): an expected line under a comment or a blank line is never checked")
                } else {
                    owner = Lesson.storyText(line) == nil ? line : nil
                }
            }
        }
    }

    /// The check fails when one expected number drifts: here the last number of each lesson.
    @Test func aDriftedNumberFailsTheCheck() throws {
        for file in ExampleTranscripts.files {
            let script = try String(contentsOfFile: ExampleTranscripts.examplesDirectory + "/" + file, encoding: .utf8)
            var lines = Replay.lines(of: script)
            let index = try #require(lines.lastIndex { Replay.isExpectation($0) && $0.contains { $0.isNumber } })
            let digit = try #require(lines[index].lastIndex { $0.isNumber })
            lines[index].replaceSubrange(digit...digit, with: lines[index][digit] == "7" ? "8" : "7")
            let session = Session()
            session.directory = ExampleTranscripts.examplesDirectory
            let check = Replay.check(lines.joined(separator: "\n") + "\n", name: file, session: session)
            #expect(!check.ok, "\(file): changing line \(index + 1) went unnoticed")
            #expect(check.differences.count == 1)
        }
    }

    /// An exercise's answer says something: the `answer:` line is never bare.
    @Test func everyAnswerSaysSomething() throws {
        for file in ExampleTranscripts.files {
            let text = try String(contentsOfFile: ExampleTranscripts.examplesDirectory + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("# answer:") {
                #expect(line.dropFirst("# answer:".count).contains { $0 != " " }, "\(file): a bare `answer:`")
            }
        }
    }

    /// Pressing Enter all the way through plays each lesson exactly as its transcript says.
    @Test func playingWithEnterAloneFollowsEachTranscript() throws {
        for lesson in try Self.lessons() {
            let player = LessonPlayer(lesson: lesson, directory: ExampleTranscripts.examplesDirectory)
            _ = player.present()
            var steps = 0
            while !player.isFinished {
                switch player.respond(to: "") {
                case .step(let command, _, let differs):
                    #expect(!differs, "\(lesson.fileName): `\(command)` differs from its transcript")
                case .pause: break
                // Enter at an exercise waits once for an attempt; the next Enter goes on.
                case .wait: continue
                case .own: Issue.record("\(lesson.fileName): Enter ran nothing of the lesson")
                }
                _ = player.present()
                steps += 1
                if steps > lesson.steps.count { Issue.record("\(lesson.fileName) never ends"); break }
            }
        }
    }

    @Test(arguments: [80, 60, 50])
    func helpLessonsListsEveryLessonFromItsFileAtTheWidth(width: Int) throws {
        let session = Session()
        session.lessons = Self.library
        let help = session.execute("help lessons")
        #expect(help.ok)
        // As the terminal shows it: the summaries fill the width, never more (only the
        // directory's path, one word, may not fit).
        let lines = help.renderText(width: width).split(separator: "\n").map(String.init)
        let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        for lesson in try Self.lessons() {
            #expect(words.contains("\(lesson.number) \(lesson.title) \(lesson.summary)"))
        }
        #expect(lines.allSatisfy { $0.count <= width || $0.hasPrefix("The files") })
        // Some summary needs more than one row at the narrowest width, so the width was used.
        if width == 50 { #expect(lines.count > 2 * (try Self.lessons().count) + 3) }
        // `help lesson` is the `lesson N` command's own help; `help lessons` is the course.
        #expect(Session().execute("help lesson").output.first == "lesson N")
        #expect(Session().execute("help lessons").renderText().hasPrefix("No lessons were found"))
    }

    @Test func aLessonIsFoundByNumberOrName() throws {
        let library = Self.library
        #expect(try library.lesson("2").number == 2)
        #expect(try library.lesson("02").number == 2)
        #expect(try library.lesson("constraint-equation").number == 2)
        #expect(try library.lesson("right").topic == "right-to-left")
        #expect(throws: LessonError.self) { try library.lesson("99") }
        do { _ = try library.lesson("99") } catch {
            #expect(error.problem.contains("there is no lesson 99; the lessons are 1 to"))
        }
        do { _ = try library.lesson("zzz") } catch {
            #expect(error.problem.contains("no lesson is called zzz"))
        }
    }

    /// A Markdown table row's cells, trimmed; `\|` is a pipe inside a cell, kept as written.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var previous: Character = " "
        for character in row {
            if character == "|" && previous != "\\" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        return Array(cells.dropFirst())
    }

    /// The README's table of lessons: `| N | title | summary |`, one row per file, in order.
    @Test func theReadmeTableListsEveryLesson() throws {
        let root = URL(fileURLWithPath: ExampleTranscripts.examplesDirectory).deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "| lesson | title | what it teaches |") else {
            Issue.record("README.md has no table of lessons (| lesson | title | what it teaches |)")
            return
        }
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map(Self.cells)
        var expected: [[String]] = []
        for lesson in try Self.lessons() {
            let link = "[\(lesson.number)](examples/\(lesson.fileName))"
            expected.append([link, lesson.title, lesson.summary.replacingOccurrences(of: "|", with: "\\|")])
        }
        let wanted = expected.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
        #expect(rows == expected, "the README's table of lessons should read:\n\(wanted)")
    }
}
