import LayoutReport

/// The lessons in one directory: every `NN-topic.lal` file in it, in number order. The
/// executable decides which directory (README, "Lessons"); `help lessons` and
/// `layoutlab --lesson N` read the files through this, so what they show is what the files
/// say.
public struct LessonLibrary: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The names of the lesson files, in number order (then by name).
    public func fileNames() -> [String] {
        Self.names(in: directory)
            .compactMap { name in Lesson.number(ofFile: name).map { (name, $0) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0)
    }

    /// True when `path` is a directory holding at least one lesson file.
    public static func holdsLessons(_ path: String) -> Bool {
        !LessonLibrary(directory: path).fileNames().isEmpty
    }

    /// Every lesson, read and parsed; a file that cannot be read or is not a lesson is an error.
    public func lessons() throws(LessonError) -> [Lesson] {
        var lessons: [Lesson] = []
        for name in fileNames() { lessons.append(try read(name)) }
        return lessons
    }

    /// The lesson a reader asked for: its number (`2`, `02`), its topic
    /// (`constraint-equation`) or the start of one topic (`constraint`).
    public func lesson(_ selector: String) throws(LessonError) -> Lesson {
        let names = fileNames()
        if let number = Int(selector) {
            guard let name = names.first(where: { Lesson.number(ofFile: $0) == number }) else {
                throw LessonError(fileName: nil, line: nil, problem: "there is no lesson \(number)" + available(names))
            }
            return try read(name)
        }
        let topics = names.map { (name: $0, topic: Lesson.topic(ofFile: $0)) }
        if let exact = topics.first(where: { $0.topic == selector }) { return try read(exact.name) }
        let matches = topics.filter { $0.topic.hasPrefix(selector) }
        if matches.count == 1 { return try read(matches[0].name) }
        let problem = matches.isEmpty
            ? "no lesson is called \(selector)" + available(names)
            : "\(selector) could be " + matches.map(\.topic).joined(separator: " or ")
        throw LessonError(fileName: nil, line: nil, problem: problem)
    }

    private func read(_ name: String) throws(LessonError) -> Lesson {
        let text: String
        do { text = try TextFile.read(directory + "/" + name) } catch {
            throw LessonError(fileName: name, line: nil, problem: error.reason)
        }
        return try Lesson.parse(text, fileName: name)
    }

    private func available(_ names: [String]) -> String {
        guard let first = names.first.flatMap(Lesson.number(ofFile:)),
              let last = names.last.flatMap(Lesson.number(ofFile:)) else { return " (no lessons found)" }
        return "; the lessons are \(first) to \(last) (help lessons lists them)"
    }

    /// The names of the entries of a directory, without hidden ones (none when it cannot be read).
    private static func names(in directory: String) -> [String] {
        Directory.names(in: directory).filter { !$0.hasPrefix(".") }
    }
}
