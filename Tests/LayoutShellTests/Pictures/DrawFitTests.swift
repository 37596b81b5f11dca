import Testing
@testable import LayoutShell
import ShellTestSupport
@testable import LayoutReport
@testable import LayoutPictures

/// `draw` on a 20-view sign-in screen at terminal sizes people use: every name lies inside its
/// own box (or in the legend under the picture), nothing else writes letters into the picture,
/// and with a height the whole output fits the screen.
@Suite struct DrawFitTests {
    /// A sign-in screen of 20 views, nested three deep: a header with a logo and a badge, a form
    /// of labels and fields, a row of two buttons, a spinner, a banner, a footer with links.
    static let signIn = """
        view header title subtitle form buttons footer spinner banner
        view emailLabel emailField passwordLabel passwordField forgot in form
        view cancel signIn in buttons
        view terms privacy divider in footer
        view logo badge in header
        H:|[header]|
        V:|[header(120)]
        H:|-[logo(60)]-(>=8)-[badge(24)]-|
        V:|-[logo(60)]
        V:|-[badge(24)]
        H:|-[title]-|
        H:|-[subtitle]-|
        V:[header]-12-[title(28)]-4-[subtitle(20)]-16-[form]
        H:|-[form]-|
        H:|-[emailLabel]-|
        H:|-[emailField]-|
        H:|-[passwordLabel]-|
        H:|-[passwordField]-|
        H:|-[forgot(120)]
        V:|-[emailLabel(18)]-4-[emailField(36)]-12-[passwordLabel(18)]-4-[passwordField(36)]-8-[forgot(18)]-|
        H:|-[buttons]-|
        V:[form]-24-[buttons(44)]
        H:|[cancel]-8-[signIn(==cancel)]|
        V:|[cancel]|
        V:|[signIn]|
        H:|-[spinner(20)]
        V:[buttons]-8-[spinner(20)]
        H:|-[banner]-|
        V:[spinner]-8-[banner(40)]
        H:|[footer]|
        V:[footer(60)]|
        H:|-[terms]-[divider(1)]-[privacy(==terms)]-|
        V:|-[terms]-|
        V:|-[divider]-|
        V:|-[privacy]-|
        """

    @Test(arguments: [(80, 24), (60, 20), (100, 50), (48, 18), (80, nil), (60, nil)] as [(Int, Int?)])
    func everyNameLiesInsideItsBox(width: Int, height: Int?) throws {
        let session = ShellTestSupport.session(Self.signIn)
        #expect(session.model.viewOrder.count == 21) // root and 20 views
        let picture = LayoutPicture(model: session.model)
        let drawing = picture.terminalDrawing(width: width, height: height)
        let rows = drawing.lines.dropFirst(drawing.canvasStart).prefix { $0.hasPrefix(LayoutPicture.indent) }
            .map { Array($0.dropFirst(LayoutPicture.indent.count)) }
        var written = Set<[Int]>()
        for label in drawing.labels {
            let box = picture.boxes[label.box]
            let cell = try #require(drawing.cells[label.box])
            let last = label.column + label.text.count - 1
            // Strictly between the box's left and right sides, on one of its rows.
            #expect(cell.left < label.column && last < cell.right, "\(box.name) at columns \(label.column)...\(last) of \(cell)")
            #expect(cell.top <= label.row && label.row <= cell.bottom, "\(box.name) at row \(label.row) of \(cell)")
            // The name, or its first letters (two at least) and `…`.
            let name = box.name + (box.isAmbiguous ? "?" : "")
            let shown = label.text.replacingOccurrences(of: "…", with: "").replacingOccurrences(of: "?", with: "")
            #expect(label.text == name || (name.hasPrefix(shown) && shown.count >= 2 && label.text.contains("…")), "\(label.text) for \(name)")
            #expect(String(rows[label.row][label.column...last]) == label.text)
            for column in label.column...last { written.insert([label.row, column]) }
        }
        // No letter in the picture that is not part of a name placed in its box.
        for (row, characters) in rows.enumerated() {
            for (column, character) in characters.enumerated() where character.isLetter {
                #expect(written.contains([row, column]), "stray \(character) at row \(row), column \(column)")
            }
        }
        // Every drawn view is named: in its box, or in the legend.
        let named = Set(drawing.labels.map { picture.boxes[$0.box].name }).union(drawing.unlabelled)
        let drawn = zip(picture.boxes, drawing.cells).filter { $0.1 != nil }.map(\.0.name)
        #expect(Set(drawn) == named)
        if !drawing.unlabelled.isEmpty {
            #expect(drawing.lines.contains { $0.hasPrefix("too small to label") && $0.contains(drawing.unlabelled[0]) })
        }
        // As the report prints it, wrapped: at most the screen less the typed line and the prompt.
        let printed = session.execute("draw").renderText(width: width, height: height).split(separator: "\n", omittingEmptySubsequences: false)
        if let height {
            #expect(printed.count <= height - 2)
        } else {
            // No height: the picture as before, wrapped as every report is.
            #expect(printed.joined(separator: "\n") == wrap(drawing.lines, width: width))
        }
        #expect(printed.allSatisfy { $0.count <= width })
    }

    /// The picture: `cancel├buttons──┬┬signIn──`, a name written beside its box. At a
    /// width where the two buttons are too thin for their names, they go to the legend.
    @Test func aNameThatDoesNotFitGoesToTheLegendNotBesideTheBox() {
        let session = ShellTestSupport.session(Self.signIn)
        let drawing = LayoutPicture(model: session.model).terminalDrawing(width: 60, height: 20)
        #expect(drawing.unlabelled.contains("cancel"))
        #expect(!drawing.lines.contains { $0.contains("cancel├") || $0.contains("cancel│") })
    }

    /// Fitting the height scales the picture down: fewer rows than without a height, and the
    /// header says why.
    @Test func aShortTerminalGetsASmallerPicture() {
        let session = ShellTestSupport.session(Self.signIn)
        let picture = LayoutPicture(model: session.model)
        let tall = picture.terminalDrawing(width: 80, height: nil)
        let short = picture.terminalDrawing(width: 80, height: 24)
        #expect(short.lines.count < tall.lines.count)
        #expect(short.lines[0].hasSuffix("(fitted to 24 rows)"))
        #expect(!tall.lines[0].contains("fitted"))
    }
}
