import LayoutReport

/// A lesson: one of the session scripts in examples/ (`NN-topic.lal`) read as a story in
/// steps, for `help lessons` and `layoutlab --lesson N`.
///
/// A lesson file is a transcript that `--check` verifies: commands, the expected report under
/// each on `#> ` lines, and comments that tell the story. Its first line is
/// `# Lesson N: Title` and its second a one-line summary (`help lessons` shows both, so the
/// list is read from the files and cannot drift from them). Every other comment is story,
/// shown before the command it precedes; a comment starting `answer:` begins a new step, so
/// a player can stop after the exercise (`try: …`) before showing its answer.
public struct Lesson: Sendable, Equatable {
    /// One pause of the story: what to read, then the command to run (nil for a step that
    /// is only story: the pause before an answer, or the closing words).
    public struct Step: Sendable, Equatable {
        /// The story's lines, without their `# ` (an empty string is a blank line).
        public var story: [String]
        public var command: String?
        /// The report the transcript expects for `command` (its `#> ` lines).
        public var expected: [String]
        /// The command's line in the file (1-based), or the story's first line when there is
        /// no command.
        public var line: Int
    }

    public var number: Int
    /// The file's name, `02-constraint-equation.lal`.
    public var fileName: String
    public var title: String
    public var summary: String
    public var steps: [Step]

    /// The name after the number: `constraint-equation` for `02-constraint-equation.lal`.
    public var topic: String { Self.topic(ofFile: fileName) }

    /// The name after a lesson file's number, without `.lal`.
    public static func topic(ofFile name: String) -> String {
        var name = Substring(name)
        if name.hasSuffix(".lal") { name = name.dropLast(4) }
        return String(name.drop { $0.isASCII && $0.isNumber }.drop { $0 == "-" })
    }

    /// The number a lesson file's name starts with (`02-…` → 2), or nil when it has none.
    public static func number(ofFile name: String) -> Int? {
        guard name.hasSuffix(".lal") else { return nil }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "-" else { return nil }
        return Int(digits)
    }

    /// Reads a lesson file. The header must be there and agree with the file name.
    public static func parse(_ text: String, fileName: String) throws(LessonError) -> Lesson {
        let lines = Replay.lines(of: text)
        guard let number = number(ofFile: fileName) else {
            throw LessonError(fileName: fileName, line: nil, problem: "a lesson's file name starts with its number, as in 02-topic.lal")
        }
        guard let first = lines.first, let header = parseHeader(first) else {
            throw LessonError(fileName: fileName, line: 1, problem: "the first line must be `# Lesson \(number): Title`")
        }
        guard header.number == number else {
            throw LessonError(fileName: fileName, line: 1, problem: "the header says lesson \(header.number) but the file name says \(number)")
        }
        guard lines.count > 1, let summary = storyText(lines[1]), !summary.isEmpty else {
            throw LessonError(fileName: fileName, line: 2, problem: "the second line must be a one-line summary comment")
        }

        var steps: [Step] = []
        var story: [String] = []
        var storyStart = 3
        var index = 2
        // The blank comment that separates the header from the story is not part of it.
        if index < lines.count, storyText(lines[index]) == "" { index += 1; storyStart = 4 }
        func closeStory(command: String?, expected: [String], line: Int) {
            steps.append(Step(story: trimmedBlankEdges(story), command: command, expected: expected, line: line))
            story = []
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            if Replay.isExpectation(line) { continue }
            if let text = storyText(line) {
                if text.hasPrefix("answer:"), !trimmedBlankEdges(story).isEmpty {
                    closeStory(command: nil, expected: [], line: storyStart)
                    storyStart = index
                }
                if story.isEmpty { storyStart = index }
                story.append(text)
                continue
            }
            let number = index
            var expected: [String] = []
            while index < lines.count, Replay.isExpectation(lines[index]) {
                let e = lines[index]
                expected.append(e == "#>" ? "" : String(e.dropFirst(3)))
                index += 1
            }
            closeStory(command: line, expected: expected, line: number)
            storyStart = index + 1
        }
        if !trimmedBlankEdges(story).isEmpty { closeStory(command: nil, expected: [], line: storyStart) }
        return Lesson(number: number, fileName: fileName, title: header.title, summary: summary, steps: steps)
    }

    /// `# Lesson 2: The constraint equation` → (2, "The constraint equation").
    static func parseHeader(_ line: String) -> (number: Int, title: String)? {
        let prefix = "# Lesson "
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), rest.dropFirst(digits.count).hasPrefix(": ") else { return nil }
        let title = String(rest.dropFirst(digits.count + 2)).trimmingTrailingSpaces
        return title.isEmpty ? nil : (number, title)
    }

    /// The text of a story line: a comment without its `# ` (`#` alone and a blank line are
    /// an empty line); nil for a command or an expected-output line.
    static func storyText(_ line: String) -> String? {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return "" }
        if Replay.isExpectation(line) || !line.hasPrefix("#") { return nil }
        let text = line.dropFirst()
        return String(text.hasPrefix(" ") ? text.dropFirst() : text).trimmingTrailingSpaces
    }

    private static func trimmedBlankEdges(_ lines: [String]) -> [String] {
        Array(lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
    }
}

/// Why a file is not a lesson (which file, which line, what is wrong), or why no lesson
/// answers to what the reader asked for (then there is no file).
public struct LessonError: Error, Sendable, Equatable, CustomStringConvertible {
    public var fileName: String?
    public var line: Int?
    public var problem: String

    public var description: String {
        guard let fileName else { return problem }
        return "\(fileName)\(line.map { ":\($0)" } ?? ""): \(problem)"
    }
}
