import LayoutModel
import LayoutVocabulary

/// The version of the JSON report's schema (README, "JSON"): the `version` key of every
/// top-level object. Raise it when a key changes meaning or goes away; a new key does not.
package let jsonSchemaVersion = 1

extension JSONValue {
    /// A solved value as JSON shows it: full precision without the solver's noise.
    package static func solved(_ value: Double) -> JSONValue { .number(cleanValue(value)) }

    /// An optional solved value (null where there is none: an unbounded end of a range).
    package static func solved(_ value: Double?) -> JSONValue { value.map(solved) ?? .null }
}

/// `{"message": …, "column": N}` (column 1-based, or null).
private func errorObject(_ error: ShellError) -> JSONValue {
    .object([JSONMember("message", .string(error.text)), JSONMember("column", error.column.map(JSONValue.integer) ?? .null)])
}

/// `[{"id", "constraint"}]`: constraints added or removed.
private func constraintArray(_ items: ConstraintLines) -> JSONValue {
    .madeArray(JSONItems(count: items.count) { .object([JSONMember("id", .string(items[$0].id)), JSONMember("constraint", .string(items[$0].text))]) })
}

/// `{"name": {"x", "y", "width", "height"}}` in creation order.
private func frameObject(_ frames: [(name: String, frame: Frame)]) -> JSONValue {
    .madeObject(JSONItems(count: frames.count) { index in
        let (name, f) = frames[index]
        return JSONMember(name, .object([
            JSONMember("x", .solved(f.x)), JSONMember("y", .solved(f.y)),
            JSONMember("width", .solved(f.width)), JSONMember("height", .solved(f.height)),
        ]))
    })
}

/// `{"constraints", "broken", "sentence", "fix", "note"}`: one required conflict.
private func conflictObject(_ c: ConflictReport) -> JSONValue {
    .object([
        JSONMember("constraints", .strings(c.constraints.map(\.id))),
        JSONMember("broken", .string(c.broken)),
        JSONMember("sentence", .nullable(c.sentence)),
        JSONMember("fix", .nullable(c.fix)),
        JSONMember("note", .nullable(c.note)),
    ])
}

/// `{"id", "constraint", "priority", "wanted", "got", "error", "required"}`: a broken constraint.
private func brokenObject(_ b: BrokenConstraint) -> JSONValue {
    .object([
        JSONMember("id", .string(b.id)), JSONMember("constraint", .string(b.text)),
        JSONMember("priority", .number(b.priority)), JSONMember("wanted", .solved(b.wanted)),
        JSONMember("got", .solved(b.got)), JSONMember("error", .solved(b.error)),
        JSONMember("required", .bool(b.isBrokenRequired)),
    ])
}

/// `{"id", "name", "constraint", "priority", "active", "implicit", "state", "wanted", "got",
/// "error"}`: one row of `constraints` (the last three null while it holds).
private func constraintRowObject(_ row: ConstraintRow) -> JSONValue {
    .object([
        JSONMember("id", .string(row.id)), JSONMember("name", .nullable(row.name)),
        JSONMember("constraint", .string(row.text)), JSONMember("priority", .number(row.priority)),
        JSONMember("active", .bool(row.isActive)), JSONMember("implicit", .bool(row.isImplicit)),
        JSONMember("state", .string(row.state)),
        JSONMember("wanted", .solved(row.broken?.wanted)), JSONMember("got", .solved(row.broken?.got)),
        JSONMember("error", .solved(row.broken?.error)),
    ])
}

/// `{"kind", "file", "commands", "notes", "skipped": [{"line", "text", "reason"}]}`.
private func importObject(_ summary: ImportSummary) -> JSONValue {
    .object([
        JSONMember("kind", .string(summary.kind)), JSONMember("file", .nullable(summary.file)),
        JSONMember("commands", .integer(summary.commands)),
        JSONMember("notes", .strings(summary.notes.map { String($0.drop { $0 == " " }) })),
        JSONMember("skipped", .array(summary.skipped.map {
            .object([
                JSONMember("line", $0.line.map(JSONValue.integer) ?? .null), JSONMember("text", .string($0.text)),
                JSONMember("reason", .string($0.reason)),
            ])
        })),
    ])
}

extension CommandResult {
    /// The report as one JSON object carrying the whole state: every frame, every broken
    /// constraint, every ambiguous view (`--json --full`, `--final`); nil for silent lines.
    public var json: JSONValue? { json(whole: true) }

    /// Whether this report's object carries the whole state even among per-input ones: the
    /// `--final` report, and `frames` (a tool's way to ask for everything).
    public var isWholeState: Bool { layout == .whole || carriesWholeState }

    /// The report as one JSON object with the keys the README's JSON section lists (and
    /// `output` for inspection commands); nil for silent lines. With `whole` false (`--json`'s
    /// objects after the first) the layout part says what this input changed: the frames that
    /// changed, the broken constraints and ambiguous views that are new or changed, and the ones
    /// that ended (`unbroken`, `unambiguous`), so a long script's output grows with its changes.
    /// - Complexity: whole, O(views + broken + ambiguous); otherwise O(what changed), plus
    ///   O(views) for `frames_exact` while a scale is set.
    public func json(whole: Bool) -> JSONValue? {
        if isSilent { return nil }
        let whole = whole || isWholeState
        let delta = stateDelta ?? StateDelta()
        let shownFrames = whole ? frames : delta.frames
        // The views this object carries, for the keys that follow them (delta objects only).
        let carried = whole ? nil : Set(delta.frames.map(\.name))
        var fields: [JSONMember] = [
            JSONMember("version", .integer(jsonSchemaVersion)),
            JSONMember("line", .integer(line)),
        ]
        // `--final`'s object: the file its line is in (null for stdin).
        if layout == .whole { fields.append(JSONMember("file", .nullable(sourceFile))) }
        fields += [
            JSONMember("input", .string(input)),
            JSONMember("ok", .bool(ok)),
            JSONMember("error", error.map(errorObject) ?? .null),
            JSONMember("added", constraintArray(added)),
            JSONMember("removed", constraintArray(removed)),
            JSONMember("views_added", .strings(viewsAdded)),
            JSONMember("views_removed", .strings(viewsRemoved)),
            JSONMember("changed", .array(changed.map {
                .object([
                    JSONMember("id", .string($0.id)), JSONMember("constraint", .string($0.text)),
                    JSONMember("before", .string($0.before)), JSONMember("what", .string($0.what.rawValue)),
                ])
            })),
            JSONMember("full", .bool(whole)),
            JSONMember("frames", frameObject(shownFrames)),
        ]
        // Only while a scale rounds `frames`: the solver's values, unrounded.
        if let exactFrames {
            fields.append(JSONMember("frames_exact", frameObject(carried.map { names in exactFrames.filter { names.contains($0.name) } } ?? exactFrames)))
        }
        if !contentSizes.isEmpty {
            fields.append(JSONMember("content_sizes", .object(contentSizes.map {
                JSONMember($0.scroll, .object([JSONMember("width", .solved($0.width)), JSONMember("height", .solved($0.height))]))
            })))
        }
        if let fit {
            fields.append(JSONMember("fit", .object([JSONMember("width", .solved(fit.width)), JSONMember("height", .solved(fit.height))])))
        }
        let shownGuides = carried.map { names in guides.filter(names.contains) } ?? guides
        if !shownGuides.isEmpty { fields.append(JSONMember("guides", .strings(shownGuides))) }
        fields.append(JSONMember("broken", .array((whole ? broken : delta.broken).map(brokenObject))))
        let shownAmbiguous = whole ? ambiguous : delta.ambiguous
        fields.append(JSONMember("ambiguous", .object(shownAmbiguous.map {
            JSONMember($0.view, .strings($0.components.map(\.rawValue)))
        })))
        if !whole {
            fields.append(JSONMember("unbroken", .strings(delta.unbroken)))
            fields.append(JSONMember("unambiguous", .strings(delta.unambiguous)))
        }
        fields.append(JSONMember("ambiguity", ambiguityJSON(views: whole ? nil : Set(shownAmbiguous.map(\.view)))))
        fields.append(JSONMember("conflict", conflicts.first.map(conflictObject) ?? .null))
        fields.append(JSONMember("conflicts", .array(conflicts.map(conflictObject))))
        if !rejected.isEmpty {
            fields.append(JSONMember("rejected", .array(rejected.map {
                .object([
                    JSONMember("source", .nullable($0.source)), JSONMember("line", .integer($0.line)),
                    JSONMember("input", .string($0.input)), JSONMember("error", errorObject($0.error)),
                ])
            })))
        }
        let shownTexts = carried.map { names in texts.filter { names.contains($0.view) } } ?? texts
        if !shownTexts.isEmpty {
            fields.append(JSONMember("text", .object(shownTexts.map { entry in
                let t = entry.text
                return JSONMember(entry.view, .object([
                    JSONMember("width", .number(t.text.lineWidth)), JSONMember("line_height", .number(t.text.lineHeight)),
                    JSONMember("max_lines", .integer(t.text.maxLines)),
                    JSONMember("preferred_max_layout_width", t.text.preferredMaxLayoutWidth.map { .number($0) } ?? .null),
                    JSONMember("layout_width", .solved(t.layoutWidth)), JSONMember("lines", .integer(t.lines)),
                    JSONMember("intrinsic", .object([JSONMember("width", .solved(t.intrinsicWidth)), JSONMember("height", .solved(t.intrinsicHeight))])),
                    JSONMember("fixed_point", .bool(t.outcome.converged)),
                ]))
            })))
        }
        if let explanation { fields.append(JSONMember("explanation", explanation.json)) }
        if let names {
            fields.append(JSONMember("names", .array(names.map {
                .object([
                    JSONMember("name", .string($0.name)), JSONMember("id", .string($0.id)), JSONMember("class", .string($0.className)),
                    JSONMember("origin", .string($0.origin)), JSONMember("location", .nullable($0.location)),
                ])
            })))
        }
        if let constraintRows { fields.append(JSONMember("constraints", .madeArray(JSONItems(count: constraintRows.count) { constraintRowObject(constraintRows[$0]) }))) }
        if let importSummary { fields.append(JSONMember("import", importObject(importSummary))) }
        // `draw`'s picture is text like any inspection's, at the width of `--check` (80).
        let text = output + (picture?.terminalLines(width: 80, height: nil) ?? [])
        if !text.isEmpty { fields.append(JSONMember("output", .string(text.joined(separator: "\n")))) }
        return .object(fields)
    }

    /// `json(whole:)` on one line; empty for silent lines.
    public func renderJSON(whole: Bool = true) -> String { json(whole: whole)?.serialized ?? "" }

    /// `renderJSON(whole:)`, handed to `handOff` in pieces as it is made, the last returned
    /// (`JSONValue.serialized(inPiecesOf:handOff:)`).
    public func renderJSON(whole: Bool, inPiecesOf piece: Int, handOff: (String) -> Void) -> String {
        json(whole: whole)?.serialized(inPiecesOf: piece, handOff: handOff) ?? ""
    }
}
