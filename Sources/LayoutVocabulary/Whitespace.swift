/// What counts as a blank between words, in one place for every reader (the shell's language,
/// console logs, Interface Builder attributes, the line editor).
///
/// A blank is a space or a tab: what a person types between words and what UIKit's console
/// output and pasted code indent with. Not Unicode's other spaces (a no-break space inside a
/// view's name is a character of the name, and trimming it would make two names one), and not
/// line ends, which every reader splits on before it trims. Callers that must also drop a line
/// end (`\r` of a CRLF log, a newline the line editor gets) say so with their own predicate.
extension Character {
    /// A space or a tab.
    @inline(__always) public var isBlank: Bool { self == " " || self == "\t" }
}

extension StringProtocol {
    /// Without leading characters for which `isSpace` holds (blanks unless told otherwise).
    public func trimmingLeading(where isSpace: (Character) -> Bool = \.isBlank) -> SubSequence {
        var text = self[...]
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        return text
    }

    /// Without trailing characters for which `isSpace` holds (blanks unless told otherwise).
    public func trimmingTrailing(where isSpace: (Character) -> Bool = \.isBlank) -> SubSequence {
        var text = self[...]
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return text
    }

    /// Without leading or trailing characters for which `isSpace` holds (blanks unless told otherwise).
    public func trimming(where isSpace: (Character) -> Bool = \.isBlank) -> SubSequence {
        trimmingLeading(where: isSpace).trimmingTrailing(where: isSpace)
    }
}
