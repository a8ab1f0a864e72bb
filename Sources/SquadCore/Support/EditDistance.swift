/// Edit distance for "did you mean" suggestions: Damerau's optimal string alignment, where two
/// swapped neighbours (`hluk` for `hulk`), the commonest typo, count as one edit.
public enum EditDistance {
  /// The number of single-character insertions, deletions, substitutions or swaps of adjacent
  /// characters from `a` to `b`.
  public static func between(_ a: String, _ b: String) -> Int {
    let left = Array(a)
    let right = Array(b)
    guard !left.isEmpty else { return right.count }
    guard !right.isEmpty else { return left.count }
    var beforePrevious = Array(0...right.count)
    var previous = beforePrevious
    var current = previous
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count]
  }

  /// The closest candidate within a small distance, for typo suggestions.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, between(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
  }
}
