import LayoutModel
import LayoutVocabulary

// The session language's words for a layout direction (`direction rtl`).
extension LayoutDirection {
    /// `ltr` or `rtl`, as typed after `direction`.
    var word: String {
        switch self {
        case .leftToRight: "ltr"
        case .rightToLeft: "rtl"
        }
    }

    /// The direction a word names, or nil.
    init?(word: String) {
        guard let direction = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = direction
    }
}
