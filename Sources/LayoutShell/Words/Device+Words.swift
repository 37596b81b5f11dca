import LayoutModel
import LayoutVocabulary
import LayoutReport

// How a device reads in the `device` listing.

extension Device {
    /// One line of the `device` listing.
    var listingLine: String {
        let portrait = "\(formatNumber(width))x\(formatNumber(height))"
        return "\(name.padding(16)) \(portrait.padding(10)) @\(formatNumber(scale))x  safe area \(portraitSafeArea) / landscape \(landscapeSafeArea)  (\(title))"
    }
}
