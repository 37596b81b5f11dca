import LayoutModel

/// How a constraint's identifier from an imported source (`identifier = "…"` in code, IB's
/// `identifier` attribute) names it in the session: as `NAME: ` before the constraint when the
/// identifier is a free name here, which it then takes; otherwise the constraint keeps only its
/// `cN` id, and the note says why, so the reader can find it again by its line.
func constraintNamePrefix(for identifier: String?, line: Int, taken: inout Set<String>) -> (prefix: String, note: String?) {
    guard let identifier else { return ("", nil) }
    if LayoutModel.isIdentifier(identifier), !LayoutModel.looksLikeConstraintID(identifier), !taken.contains(identifier) {
        taken.insert(identifier)
        return (identifier + ": ", nil)
    }
    return ("", "line \(line): the identifier \"\(identifier)\" is not a free name here; the constraint has only its id")
}
