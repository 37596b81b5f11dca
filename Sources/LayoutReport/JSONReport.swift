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
private func constraintArray(_ items: [ConstraintLine]) -> JSONValue {
    .array(items.map { .object([JSONMember("id", .string($0.id)), JSONMember("constraint", .string($0.text))]) })
}

/// `{"name": {"x", "y", "width", "height"}}` in creation order.
private func frameObject(_ frames: [(name: String, frame: Frame)]) -> JSONValue {
    .object(frames.map { item in
        let f = item.frame
        return JSONMember(item.name, .object([
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

extension CommandResult {
    /// The report as one JSON object with the keys the README's JSON section lists (and
    /// `output` for inspection commands); nil for silent lines.
    public var json: JSONValue? {
        if isSilent { return nil }
        var fields: [JSONMember] = [
            JSONMember("version", .integer(jsonSchemaVersion)),
            JSONMember("line", .integer(line)),
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
            JSONMember("frames", frameObject(frames)),
        ]
        // Only while a scale rounds `frames`: the solver's values, unrounded.
        if let exactFrames { fields.append(JSONMember("frames_exact", frameObject(exactFrames))) }
        if !contentSizes.isEmpty {
            fields.append(JSONMember("content_sizes", .object(contentSizes.map {
                JSONMember($0.scroll, .object([JSONMember("width", .solved($0.width)), JSONMember("height", .solved($0.height))]))
            })))
        }
        if let fit {
            fields.append(JSONMember("fit", .object([JSONMember("width", .solved(fit.width)), JSONMember("height", .solved(fit.height))])))
        }
        if !guides.isEmpty { fields.append(JSONMember("guides", .strings(guides))) }
        fields.append(JSONMember("broken", .array(broken.map {
            .object([
                JSONMember("id", .string($0.id)), JSONMember("constraint", .string($0.text)),
                JSONMember("priority", .number($0.priority)), JSONMember("wanted", .solved($0.wanted)),
                JSONMember("got", .solved($0.got)), JSONMember("error", .solved($0.error)),
                JSONMember("required", .bool($0.isBrokenRequired)),
            ])
        })))
        fields.append(JSONMember("ambiguous", .object(ambiguous.map {
            JSONMember($0.view, .strings($0.components.map(\.rawValue)))
        })))
        fields.append(JSONMember("ambiguity", ambiguityJSON))
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
        if !texts.isEmpty {
            fields.append(JSONMember("text", .object(texts.map { entry in
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
                .object([JSONMember("name", .string($0.name)), JSONMember("id", .string($0.id)), JSONMember("class", .string($0.className))])
            })))
        }
        // `draw`'s picture is text like any inspection's, at the width of `--check` (80).
        let text = output + (picture?.terminalLines(width: 80) ?? [])
        if !text.isEmpty { fields.append(JSONMember("output", .string(text.joined(separator: "\n")))) }
        return .object(fields)
    }

    /// `json` on one line; empty for silent lines.
    public func renderJSON() -> String { json?.serialized ?? "" }
}
