/// A small deterministic generator for the random tests of rows and merges: they must replay
/// bit for bit, on every platform, whatever the standard library's generator does.
struct Lcg {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
