/// `help` and `help TOPIC`. Every line fits in 80 columns; every topic has an example.
enum Help {
    static let overview = """
    Type views and constraints; after each line LayoutLab shows the frames, what it
    had to break, and what is still ambiguous. By task (help TOPIC for more):
      make views     view a b · view a in b · view l intrinsic 120x21 · root 320x480
      constrain      a.width >= 100 @750 · b.leading == a.trailing + 8
                     minW: a.width >= 50   (help constraint, help priority)
      VFL            H:|-[a]-[b(==a)]-| · V:|-20-[a(44)] alignAllLeading
                     metric pad = 20
      change         c3.constant = 20 · c3.priority = 500 · deactivate c3
                     activate c3 · remove c3 · remove a
      content size   l.hugging.h = 251 · l.resistance.v = 1000 · a.margins = 8
      settings       direction rtl · platform ios
      look           frames [view] · constraints [view] · draw · explain a.width
                     exercise · svg FILE
      session        undo [N] · reset · save FILE · load FILE · quit (or Ctrl-D)
    Tab completes commands, views, attributes (after a.), ids and file names.
    topics: \(topicList)
    """

    /// The topics the overview lists (every key of `topics` has help; these are the main ones).
    static let topicList = "view root constraint attributes priority vfl metric constant remove activate intrinsic margins direction platform frames constraints undo save load conflict ambiguity"

    static let topics: [String: String] = [
        "root": """
            root WxH — the size of the window, the view `root` (default 375x667).
              Changing it resizes the window; it is not a new constraint.
              example: root 320x480
            """,
        "view": """
            view NAME… [in SUPERVIEW] [intrinsic WxH] — add views (to root unless `in`).
              An intrinsic content size is the size of the view's content (a label's
              text); either side may be - (none). On an existing view it changes it.
              example: view a b c
              example: view label in card intrinsic 120x21
              example: view label intrinsic -x21
            """,
        "constraint": """
            [name:] item.attr REL [m *] item.attr [* m | / m] [+ c | - c] [@priority]
            [name:] item.attr REL c [@priority]          (widths and heights only)
              REL is ==, >= or <= (= means ==). Each constraint gets an id c1, c2, …;
              a name is another way to call it. Spaces are optional.
              example: a.leading == root.leading + 20
              example: b.width == 0.5 * a.width @750
              example: minW: a.width >= 100
            See help attributes, help priority.
            """,
        "attributes": """
            Attributes (item.attr):
              edges      left right top bottom leading trailing
              size       width height
              centre     centerX centerY
              text       baseline lastBaseline firstBaseline
              margins    leftMargin rightMargin topMargin bottomMargin leadingMargin
                         trailingMargin centerXWithinMargins centerYWithinMargins
              A constraint relates two of the same axis; leading/trailing do not mix
              with left/right, nor a size with a location.
              example: label.firstBaseline == icon.centerY
            """,
        "priority": """
            @priority — a number in (0, 1000], or required (1000), high (750),
              low (250), fittingSize (50). Required constraints must hold; optional
              ones are met as well as possible, highest priority first.
              example: a.width == 100 @high
              example: c3.priority = 500     (optional to optional only, as in UIKit)
            """,
        "vfl": """
            H:… or V:… — Apple's Visual Format Language: one line, no spaces inside;
              options (alignAllTop, alignAllLeading, …) after a space.
              |  the superview's edge       -  standard space (8, or 20 to the edge)
              -N-  a space of N              [a(==b)]  a's width equals b's
              example: H:|-[a]-[b(==a)]-|
              example: V:|-20-[a(44)]-(>=8)-[b]-| alignAllLeading
              example: metric pad = 20, then H:|-pad-[a]
            """,
        "metric": """
            metric NAME = NUMBER — a named value for VFL lines.
              example: metric pad = 20
              example: H:|-pad-[a]-pad-|
            """,
        "constant": """
            cN.constant = NUMBER — change a constraint's constant (no new constraint).
              example: c3.constant = 40
            cN.priority = P — change an optional constraint's priority.
              example: c3.priority = 500
            """,
        "remove": """
            remove cN | remove VIEW — forget a constraint, or a view with its subviews
              and every constraint touching them. Several may follow.
              example: remove c3
              example: remove card
            """,
        "activate": """
            activate cN / deactivate cN — switch a constraint on or off without
              forgetting it.
              example: deactivate c2
              example: activate c2
            """,
        "intrinsic": """
            view l intrinsic WxH gives l an intrinsic content size. That adds
              l.width <= W @hugging.h (250)  and  l.width >= W @resistance.h (750),
              and the same vertically; reports show them as l.hugging.h and so on.
              example: view l intrinsic 120x21
              example: l.hugging.h = 251
            """,
        "hugging": """
            VIEW.hugging.h|v = PRIORITY — how strongly the view resists growing past
              its intrinsic size (default 250).
              example: label.hugging.h = 251
            """,
        "resistance": """
            VIEW.resistance.h|v = PRIORITY — how strongly the view resists shrinking
              below its intrinsic size (default 750).
              example: label.resistance.h = 1000
            """,
        "margins": """
            VIEW.margins = N or T,L,B,R — layout margins for the *Margin attributes
              (default 8 on every side).
              example: root.margins = 20
              example: card.margins = 8,16,8,16
            """,
        "direction": """
            direction rtl | ltr — right-to-left swaps leading and trailing (and the
              sign of their offsets), as UIKit does for Arabic or Hebrew.
              example: direction rtl
            """,
        "platform": """
            platform ios | macos — VFL standard spacing: 8 between views; to the
              superview, 20 from its edge (macos, the default) or its layout margins
              (ios).
              example: platform ios
            """,
        "frames": """
            frames [VIEW] — the frames (x, y, width, height in the superview's
              coordinates) of every view, or of VIEW and its subviews.
              example: frames card
            """,
        "constraints": """
            constraints [VIEW] — every constraint with its id, name and state
              (inactive, broken: wanted, got, error).
              example: constraints label
            """,
        "undo": """
            undo [N] — take back the last command (or the last N); any number of steps.
              example: undo
              example: undo 3
            """,
        "reset": """
            reset — start over with an empty window (undo brings the session back).
              example: reset
            """,
        "save": """
            save FILE — write a script that rebuilds this session exactly (ids too).
              The old file is replaced only once the new one is complete.
              example: save card.lal
            """,
        "load": """
            load FILE — run a script's commands as one step (undo takes it back).
              A failing line, or Ctrl-C, loads nothing.
              example: load card.lal
            """,
        "help": """
            help [TOPIC] — the overview, or one topic.
              example: help vfl
            """,
        "quit": """
            quit (or exit, or Ctrl-D) — leave the shell. History is already saved.
              example: quit
            """,
        "draw": """
            draw — the layout as a box picture (coming with the diagnostics tools).
              example: draw
            """,
        "explain": """
            explain VIEW.ATTR — the constraints that determine a value (coming with
              the diagnostics tools).
              example: explain a.width
            """,
        "exercise": """
            exercise — another optimal layout for the ambiguous values (coming with
              the diagnostics tools).
              example: exercise
            """,
        "svg": """
            svg FILE — the layout as an SVG picture (coming with the diagnostics tools).
              example: svg layout.svg
            """,
        "conflict": """
            When required constraints cannot all hold, LayoutLab (like UIKit) prints
              the set that cannot, breaks the one just added, and keeps it marked:
              it holds again as soon as the others allow it.
              example: view a · a.width == 100 · a.width == 200
            """,
        "ambiguity": """
            A value is ambiguous when two best layouts disagree on it: the report
              names the view and which of x, y, width, height. Pin it down.
              example: view a · a.width == 100   (x, y and height stay ambiguous)
            """,
    ]
}

extension Session {
    func helpText(_ topic: String?) throws(ShellError) -> [String] {
        guard let topic else { return Help.overview.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let aliases = ["exit": "quit", "H:": "vfl", "V:": "vfl", "H": "vfl", "V": "vfl", "deactivate": "activate",
                       "priorities": "priority", "attribute": "attributes",
                       "names": "constraint", "ids": "constraint", "id": "constraint",
                       "topics": "help", "baseline": "attributes", "metrics": "metric", "views": "view"]
        let key = aliases[topic] ?? topic
        if let text = Help.topics[key] {
            var lines = text.split(separator: "\n").map(String.init)
            if key == "help" { lines.append("topics: " + Help.topicList) }
            return lines
        }
        let hint = nearest(topic, in: Array(Help.topics.keys)).map { "did you mean `\($0)`?" } ?? "help lists the topics"
        throw ShellError("no help topic \(topic)", hint: hint)
    }
}
