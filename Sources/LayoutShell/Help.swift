/// `help` and `help TOPIC`.
enum Help {
    static let overview = """
    LayoutLab: type constraints, see the layout. Grouped by task:
      views        view a b c · view a in b · view l intrinsic 120x21 · root 375x667
      constraints  a.width >= 100 @750 · b.leading == a.trailing + 8 · minW: a.width >= 50
      VFL          H:|-[a]-[b(==a)]-| · V:|-[a]-| alignAllLeading · metric pad = 20
      change       c3.constant = 20 · c3.priority = 500 · activate c3 · deactivate c3 · remove c3 · remove a
      content      l.hugging.h = 251 · l.resistance.v = 1000 · a.margins = 8,16,8,16
      settings     direction rtl|ltr · platform ios|macos
      look         frames [view] · constraints [view] · draw · explain a.width · exercise · svg FILE
      session      undo [n] · reset · save FILE · load FILE · help TOPIC · quit
    help TOPIC explains one: help constraint, help vfl, help priority, help intrinsic, help undo …
    """

    static let topics: [String: String] = [
        "root": "root WxH — the size of the window (default 375x667). A resize, not a new constraint.\n  example: root 320x480",
        "view": "view NAME… [in SUPERVIEW] [intrinsic WxH] — add views (to root unless `in`). Either side of the intrinsic size may be - (none).\n  view a b c\n  view label in card intrinsic 120x21\n  view label intrinsic 200x21     (an existing view: its intrinsic size changes)",
        "constraint": "[name:] item.attr (== | >= | <=) [m *] item.attr [* m | / m] [+ c | - c] [@priority]\n  or item.attr REL c for widths and heights. `=` means `==`.\n  a.leading == root.leading + 20\n  b.width == 0.5 * a.width @750\n  minW: a.width >= 100\n  attributes: left right top bottom leading trailing width height centerX centerY baseline lastBaseline firstBaseline leftMargin rightMargin topMargin bottomMargin leadingMargin trailingMargin centerXWithinMargins centerYWithinMargins",
        "priority": "priorities are numbers in (0, 1000] or required (1000), high (750), low (250), fittingSize (50).\n  Required constraints must hold; optional ones are satisfied highest priority first.\n  a.width == 100 @high\n  c3.priority = 500     (optional to optional only, as in UIKit)",
        "vfl": "H:… or V:… — Apple's Visual Format Language; options after a space.\n  H:|-[a]-[b(==a)]-|\n  V:|-20-[a(44)]-(>=8)-[b]-| alignAllLeading\n  metric pad = 20, then H:|-pad-[a]",
        "metric": "metric NAME = NUMBER — a value for VFL (and for constants).\n  metric pad = 20",
        "constant": "cN.constant = NUMBER — change a constraint's constant (fast: no new constraint).\n  c3.constant = 40",
        "remove": "remove cN | remove VIEW — forget a constraint, or a view with its subviews and every constraint touching them.\n  remove c3\n  remove card",
        "activate": "activate cN / deactivate cN — switch a constraint on or off without forgetting it.\n  deactivate c2",
        "deactivate": "deactivate cN — switch a constraint off; activate brings it back.\n  deactivate c2",
        "intrinsic": "view l intrinsic WxH gives l an intrinsic content size, which adds\n  l.width <= W @hugging.h (250), l.width >= W @resistance.h (750), and the same vertically.\n  l.hugging.h = 251\n  l.resistance.v = 1000",
        "hugging": "VIEW.hugging.h|v = PRIORITY — how strongly the view resists growing past its intrinsic size (default 250).\n  label.hugging.h = 251",
        "resistance": "VIEW.resistance.h|v = PRIORITY — how strongly the view resists shrinking below its intrinsic size (default 750).\n  label.resistance.h = 1000",
        "margins": "VIEW.margins = N or T,L,B,R — layout margins for the *Margin attributes (default 8).\n  root.margins = 20\n  card.margins = 8,16,8,16",
        "direction": "direction rtl | ltr — right-to-left flips leading and trailing (and the sign of their offsets).\n  direction rtl",
        "platform": "platform ios | macos — VFL standard spacing: 8 between views; 20 to the superview's edge (macos, default) or its layout margins (ios).\n  platform ios",
        "frames": "frames [VIEW] — the frames (in superview coordinates) of all views, or of VIEW and its subviews.\n  frames card",
        "constraints": "constraints [VIEW] — every constraint with its id, priority and state (inactive, broken).\n  constraints label",
        "undo": "undo [N] — take back the last command (or N); any number of steps.\n  undo 2",
        "reset": "reset — start over with an empty window (undo brings it back).",
        "save": "save FILE — write a script that rebuilds this session exactly (ids included). Atomic.\n  save card.lal",
        "load": "load FILE — run a script's commands as one step (undo takes it back). A failing line loads nothing.\n  load card.lal",
        "help": "help [TOPIC] — this help.\n  help vfl",
        "quit": "quit (or exit, or Ctrl-D) — leave the shell.",
        "draw": "draw — the layout as a box picture (coming with the diagnostics tools).",
        "explain": "explain VIEW.ATTR — the constraints that determine a value (coming with the diagnostics tools).",
        "exercise": "exercise — another optimal layout for the ambiguous values (coming with the diagnostics tools).",
        "svg": "svg FILE — the layout as an SVG picture (coming with the diagnostics tools).",
        "conflict": "When required constraints cannot all hold, LayoutLab (like UIKit) breaks one of them, prints the set,\n  and keeps the broken one: it holds again as soon as the others allow it.",
        "ambiguity": "A value is ambiguous when two best layouts disagree on it. Add a constraint that pins it.",
    ]
}

extension Session {
    func helpText(_ topic: String?) throws(ShellError) -> [String] {
        guard let topic else { return Help.overview.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let key = topic == "exit" ? "quit" : (topic == "H:" || topic == "V:" ? "vfl" : topic)
        if let text = Help.topics[key] { return text.split(separator: "\n").map(String.init) }
        let hint = nearest(topic, in: Array(Help.topics.keys)).map { "did you mean `\($0)`?" } ?? "help lists the topics"
        throw ShellError("no help topic \(topic)", hint: hint)
    }
}
