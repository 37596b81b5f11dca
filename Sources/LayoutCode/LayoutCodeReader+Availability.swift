/// Availability checks: `if #available(iOS 11, *) { A } else { B }`, Objective-C's
/// `if (@available(iOS 11.0, *))`, `#unavailable` and `guard #available(…) else { … }`.
/// Code written for several systems says the same layout twice, once per system; reading both
/// branches would make each constraint twice, a conflict UIKit never sees. The session stands
/// for the newest system, so every availability check passes: the branch that runs there is
/// read, and the other is listed as skipped, with its line and the system it is for.
extension LayoutCodeReader {
    /// The platform and version an availability condition names (`iOS 11`), and whether it
    /// asks for the system to be older (`#unavailable`); nil when the header has none.
    static func availabilityCheck(_ header: [CodeToken]) -> (system: String, isUnavailable: Bool)? {
        for (index, token) in header.enumerated() where token.kind == .name {
            let word = token.text.drop { $0 == "#" || $0 == "@" }
            guard word == "available" || word == "unavailable",
                  token.text.first == "#" || token.text.first == "@" || (index > 0 && (header[index - 1].is("#") || header[index - 1].is("@"))),
                  index + 1 < header.count, header[index + 1].is("(") else { continue }
            // The first platform in the list: `iOS 11.0` of `(iOS 11.0, macOS 10.13, *)`.
            let system = header[(index + 2)...].prefix { !$0.is(",") && !$0.is(")") }.map(\.text).joined(separator: " ")
            return (system.isEmpty ? "the system it names" : system, word == "unavailable")
        }
        return nil
    }

    /// The nodes that run on the newest system: an availability `if`'s else branches (or, for
    /// `#unavailable`, its first branch) and a `guard #available`'s else body are left out and
    /// listed as skipped. Any other `if` keeps both branches, as before: which one runs is not
    /// the code's layout to decide. `inLibrary`: a library's block (`make.top…`), whose
    /// statements are all layout.
    mutating func branchesThatRun(_ nodes: [CodeNode], inLibrary: Bool = false) -> [CodeNode] {
        var kept: [CodeNode] = []
        /// While an availability `if`'s chain goes on: the system its check names.
        var chain: (system: String, takesElse: Bool)?
        for node in nodes {
            guard case .block(let header, let body, _, let line) = node else {
                chain = nil
                kept.append(node)
                continue
            }
            let first = header.first?.text
            if first == "else", let current = chain {
                if current.takesElse {
                    // `#unavailable`'s else is what the newest system runs; an `else if` chain
                    // after it is an ordinary one, read whole.
                    kept.append(node)
                    chain = nil
                } else {
                    skipBranch(header, body, line: line, inLibrary: inLibrary, why: "the else branch runs only before \(current.system)")
                }
                continue
            }
            chain = nil
            guard first == "if" || first == "guard", let check = Self.availabilityCheck(header) else {
                kept.append(node)
                continue
            }
            if first == "guard" {
                skipBranch(header, body, line: line, inLibrary: inLibrary, why: "the guard's else branch runs only before \(check.system)")
            } else if check.isUnavailable {
                skipBranch(header, body, line: line, inLibrary: inLibrary, why: "this branch runs only before \(check.system)")
                chain = (check.system, true)
            } else {
                kept.append(node)
                chain = (check.system, false)
            }
        }
        return kept
    }

    /// Lists a branch the newest system does not run as one skipped line (its header's line),
    /// listed by the importer when anything in it is layout.
    mutating func skipBranch(_ header: [CodeToken], _ body: [CodeNode], line: Int, inLibrary: Bool, why: String) {
        let at = header.first?.line ?? line
        let text = sourceLines.indices.contains(at - 1) ? String(sourceLines[at - 1].trimmingSpaces.prefix(120)) : ""
        code.skipped.append(CodeSkippedLine(line: at, text: text, reason: .notRun(why), mentionsLayout: inLibrary || Self.mentionsLayout(body)))
    }

    static func mentionsLayout(_ nodes: [CodeNode]) -> Bool {
        nodes.contains { node in
            switch node {
            case .statement(let tokens): tokens.contains(where: isLayoutWord)
            case .block(let header, let body, _, _): header.contains(where: isLayoutWord) || mentionsLayout(body)
            }
        }
    }
}
