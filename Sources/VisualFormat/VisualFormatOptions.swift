import LayoutVocabulary

/// `NSLayoutConstraint.FormatOptions`: which attribute to align every adjacent pair of views
/// on, which way an H: line runs, and whether V: spacing is measured between baselines.
/// Raw values are Apple's, so a bit means what it means in UIKit and AppKit.
public struct VisualFormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 11)
    /// Apple's deprecated name for `alignAllLastBaseline`: the same bit.
    public static let alignAllBaseline = alignAllLastBaseline
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = VisualFormatOptions(rawValue: 0xFFFF)

    /// The default: leading/trailing edges, which follow the layout direction.
    public static let directionLeadingToTrailing = VisualFormatOptions([])
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 2 << 16)
    public static let directionMask = VisualFormatOptions(rawValue: 3 << 16)

    /// The default: spacing between the views' edges.
    public static let spacingEdgeToEdge = VisualFormatOptions([])
    public static let spacingBaselineToBaseline = VisualFormatOptions(rawValue: 1 << 19)
    public static let spacingMask = VisualFormatOptions(rawValue: 1 << 19)

    /// Every option word the session language accepts, in Apple's spelling (without the
    /// `NSLayoutFormat` prefix), in the order completion should offer them.
    public static let names: [(name: String, value: VisualFormatOptions)] = [
        ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight),
        ("alignAllTop", .alignAllTop), ("alignAllBottom", .alignAllBottom),
        ("alignAllLeading", .alignAllLeading), ("alignAllTrailing", .alignAllTrailing),
        ("alignAllCenterX", .alignAllCenterX), ("alignAllCenterY", .alignAllCenterY),
        ("alignAllLastBaseline", .alignAllLastBaseline), ("alignAllBaseline", .alignAllBaseline),
        ("alignAllFirstBaseline", .alignAllFirstBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing),
        ("directionLeftToRight", .directionLeftToRight), ("directionRightToLeft", .directionRightToLeft),
        ("spacingEdgeToEdge", .spacingEdgeToEdge), ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
    ]

    /// Parses option words separated by spaces, e.g. `"alignAllTop directionRightToLeft"`.
    /// Names match case-insensitively, so `AlignAllTop` works too. Error indexes are 0-based
    /// character offsets into `text`.
    public static func parse(_ text: String) throws(VisualFormatError) -> VisualFormatOptions {
        var result: VisualFormatOptions = []
        // Direction and spacing words are exclusive choices; remember which word made each.
        var direction: String?
        var spacing: String?
        for (word, offset) in words(of: text) {
            guard let entry = names.first(where: { $0.name.lowercased() == word.lowercased() }) else {
                throw VisualFormatError(.unknownOption(word), at: offset, spaceInFormat: looksLikeFormat(word))
            }
            if entry.name.hasPrefix("direction") {
                if let earlier = direction, earlier != entry.name {
                    throw VisualFormatError(.conflictingOptions(earlier, entry.name), at: offset)
                }
                direction = entry.name
            } else if entry.name.hasPrefix("spacing") {
                if let earlier = spacing, earlier != entry.name {
                    throw VisualFormatError(.conflictingOptions(earlier, entry.name), at: offset)
                }
                spacing = entry.name
            }
            result.formUnion(entry.value)
        }
        return result
    }

    /// The attributes selected by the alignment bits, in Apple's attribute-number order, which
    /// is also the order Apple emits the alignment constraints in (bits 1…12).
    var alignmentAttributes: [LayoutAttribute] {
        let byBit: [Int: LayoutAttribute] = [
            1: .left, 2: .right, 3: .top, 4: .bottom, 5: .leading, 6: .trailing, 7: .width, 8: .height,
            9: .centerX, 10: .centerY, 11: .lastBaseline, 12: .firstBaseline,
        ]
        return (1...12).compactMap { bit in rawValue & (1 << UInt(bit)) != 0 ? byBit[bit] : nil }
    }

    /// Apple treats both explicit directions as absolute left/right edges; only the default
    /// uses leading/trailing.
    var usesAbsoluteDirection: Bool { rawValue & VisualFormatOptions.directionMask.rawValue != 0 }

    /// Right-to-left swaps which view is the first item (`directionMask == RightToLeft` exactly,
    /// as Apple tests it).
    var isRightToLeft: Bool { intersection(.directionMask) == .directionRightToLeft }

    var spacesBaselines: Bool { contains(.spacingBaselineToBaseline) }

    private static func words(of text: String) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character.isBlank {
                if !current.isEmpty { result.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }

    private static func looksLikeFormat(_ word: String) -> Bool {
        word.contains { "[]|-()".contains($0) }
    }
}
