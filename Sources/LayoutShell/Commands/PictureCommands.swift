import LayoutModel
import LayoutVocabulary
import LayoutPictures
import LayoutReport

/// Pictures of the layout: `draw` in the terminal, `svg` to a file. The drawing itself lives
/// in Pictures/ (LayoutPicture, TerminalPicture, SVGPicture).
enum PictureCommands {
    static let all: [any ShellCommand.Type] = [Draw.self, WriteSVG.self]
}

/// `draw [VIEW]`: the layout (or VIEW's subtree) as a box picture in the terminal.
struct Draw: SessionAction {
    var view: String?

    static let spec = CommandSpec(
        trigger: .words(["draw"]), kind: .inspection, group: .look, topic: "draw",
        synopsis: ["draw [VIEW]"],
        summary: ["the layout as a picture of boxes, subviews inside their superviews,",
                  "scaled to the terminal; ambiguous views dashed and marked ?, broken",
                  "constraints listed under it. With VIEW: that view and its subviews."],
        examples: ["draw", "draw card"],
        overview: ["draw [view]"],
        completeArguments: { $0.words.count == 1 ? $0.session.model.viewOrder : [] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> Draw {
        if p.rest.count > 1 { throw ShellError("draw takes at most one view name", column: p.rest[1].column) }
        guard let name = p.rest.first else { return Draw() }
        guard p.model.view(name.text) != nil else { throw p.unknownView(name.text, column: name.column) }
        return Draw(view: name.text)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        // Drawn when the report is rendered: only then is the width known.
        result.picture = LayoutPicture(model: session.model, focus: view)
        return false
    }
}

/// `svg FILE`: the same picture as an SVG file, written atomically.
struct WriteSVG: SessionAction {
    var path: String
    /// Where the file name starts on the line, for the caret of a write error.
    var column: Int

    static let spec = CommandSpec(
        trigger: .words(["svg"]), kind: .inspection, group: .look, topic: "svg",
        synopsis: ["svg FILE"],
        summary: ["the layout as an SVG picture: views as labelled rectangles in points,",
                  "ambiguous ones dashed, broken constraints and a legend under it.",
                  "The old file is replaced only once the new one is complete."],
        examples: ["svg layout.svg"],
        overview: ["svg FILE"],
        fileNameArgument: 0)

    static func parse(_ p: inout LineParser) throws(ShellError) -> WriteSVG {
        let word = try p.oneArgument("svg needs one file name", hint: "e.g. svg layout.svg")
        return WriteSVG(path: word.text, column: word.column)
    }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        let picture = LayoutPicture(model: session.model)
        do throws(FileError) {
            try TextFile.write(picture.svgDocument(), to: session.resolve(path))
        } catch .isDirectory {
            let directory = path.hasSuffix("/") ? path : path + "/"
            throw ShellError("\(path) is a directory; svg needs a file name, e.g. svg \(directory)layout.svg", column: column)
        } catch {
            throw ShellError("cannot write \(path): \(error.reason)", column: column)
        }
        let count = picture.boxes.count - 1
        result.output = ["wrote \(path) (\(count) \(count == 1 ? "view" : "views"))"]
        return false
    }
}
