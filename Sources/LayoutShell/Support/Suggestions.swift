/// "Did you mean": the one place that guesses what a mistyped word was meant to be, for
/// commands, views, attributes, ids, help topics and VFL options alike.

/// The nearest word to `word` among `candidates` by edit distance (at most a third of its length,
/// at least 2), or nil.
func nearest(_ word: String, in candidates: [String]) -> String? {
    // A unique completion is the likeliest meaning of a cut-off word (`cons` → `constraints`).
    let lower = word.lowercased()
    let extensions = candidates.filter { $0 != word && $0.lowercased().hasPrefix(lower) }
    if word.count >= 2, extensions.count == 1 { return extensions[0] }
    // Short words are close to everything: allow one edit there.
    let limit = word.count <= 3 ? 1 : max(2, word.count / 3)
    var best: (String, Int)? = nil
    for candidate in candidates where candidate != word {
        let d = editDistance(word.lowercased(), candidate.lowercased())
        if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    if abs(x.count - y.count) > 8 { return abs(x.count - y.count) }
    // Optimal string alignment: a swap of two neighbours (widht → width) is one edit.
    var beforePrevious = Array(0...y.count)
    var previous = Array(0...y.count)
    for i in 1...x.count {
        var row = [i] + Array(repeating: 0, count: y.count)
        for j in 1...y.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                row[j] = min(row[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = row
    }
    return previous[y.count]
}
