import Testing
@testable import LayoutShell
@testable import LayoutReport

/// `lesson N` at the prompt: the session checks the lesson and leaves the request for the
/// interactive shell, which plays it (tested in tmux: Tests/e2e).
struct LessonCommandTests {
    func shell() -> Session {
        let session = Session()
        session.lessons = ExampleLessonsTests.library
        session.playsLessons = true
        return session
    }

    @Test func aLessonIsRequestedByNumberOrName() throws {
        let session = shell()
        _ = session.execute("view mine")
        #expect(session.execute("lesson 7").ok)
        #expect(session.takeLessonRequest()?.number == 7)
        // Taken once; the session itself is untouched until the shell plays it.
        #expect(session.takeLessonRequest() == nil && session.model.view("mine") != nil)
        #expect(session.execute("lesson priorities").ok)
        #expect(session.takeLessonRequest()?.number == 5)
    }

    @Test func badRequestsSayWhyAndChangeNothing() throws {
        let session = shell()
        let missing = session.execute("lesson 99")
        #expect(!missing.ok && missing.error?.message.hasPrefix("there is no lesson 99") == true && missing.error?.column == 8)
        #expect(session.execute("lesson").error?.message == "lesson needs a number or a name")
        #expect(session.execute("lesson 1 2").error?.column == 10)
        #expect(session.lessonRequest == nil)
        // A script cannot play a lesson: only the interactive shell reads its steps.
        let script = Session()
        script.lessons = ExampleLessonsTests.library
        let refused = script.execute("lesson 1")
        #expect(refused.error?.message == "lesson N plays a lesson at the interactive prompt only")
        #expect(refused.error?.hint == "from a terminal: layoutlab --lesson 1")
    }
}
