/// Edit distance and "did you mean" suggestions.
package enum Similarity {
    /// Edit distance, case-insensitive: insertions, deletions, substitutions and swaps of two
    /// neighbouring letters (`warnigns` → `warnings`) each count one (optimal string alignment).
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(0...b.count)
        var previous = beforePrevious
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], beforePrevious[j - 2] + 1) }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// Up to `limit` candidates closest to `query`: prefix matches first, then by edit distance
    /// (at most half the query's length, and at least 2).
    package static func suggestions(for query: String, in candidates: [String], limit: Int = 3) -> [String] {
        let lower = query.lowercased()
        let threshold = max(2, lower.count / 2)
        let scored = candidates.map { candidate -> (String, Int) in
            let name = candidate.lowercased()
            if name.hasPrefix(lower) || lower.hasPrefix(name) { return (candidate, 0) }
            if name.contains(lower) { return (candidate, 1) }
            return (candidate, distance(lower, name))
        }
        var seen = Set<String>()
        return scored.filter { $0.1 <= threshold }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0).filter { seen.insert($0.lowercased()).inserted }.prefix(limit).map { $0 }
    }
}
