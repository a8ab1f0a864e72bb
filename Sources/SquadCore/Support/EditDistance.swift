/// Edit distance for "did you mean" suggestions: Damerau's optimal string alignment, where two
/// swapped neighbours (`hluk` for `hulk`), the commonest typo, count as one edit.
enum EditDistance {
  /// The distance from `a` to `b` when it is at most `limit`, else nil. Only a band of `limit`
  /// either side of the diagonal is computed, and the work stops once a whole row exceeds `limit`,
  /// so a long input against a short name costs next to nothing.
  static func between(_ a: String, _ b: String, atMost limit: Int) -> Int? {
    guard limit >= 0 else { return nil }
    // Each string is only walked as far as a match within the limit could reach.
    let left = Array(a.prefix(b.count + limit + 1))
    let right = Array(b.prefix(left.count + limit + 1))
    guard abs(left.count - right.count) <= limit else { return nil }
    guard !left.isEmpty else { return right.count <= limit ? right.count : nil }
    guard !right.isEmpty else { return left.count <= limit ? left.count : nil }
    let beyond = limit + 1
    var beforePrevious = [Int](repeating: beyond, count: right.count + 1)
    var previous = (0...right.count).map { min($0, beyond) }
    var current = [Int](repeating: beyond, count: right.count + 1)
    for i in 1...left.count {
      let low = max(1, i - limit)
      let high = min(right.count, i + limit)
      current[0] = min(i, beyond)
      if low > 1 { current[low - 1] = beyond }
      var rowBest = current[0]
      if low <= high {
        for j in low...high {
          let cost = left[i - 1] == right[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
            value = min(value, beforePrevious[j - 2] + 1)
          }
          current[j] = min(value, beyond)
          rowBest = min(rowBest, current[j])
        }
      }
      if high < right.count { current[high + 1] = beyond }
      if rowBest > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count] <= limit ? previous[right.count] : nil
  }

  /// The closest candidate within a small distance, for typo suggestions.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let scored = candidates.compactMap { candidate in between(word, candidate, atMost: limit).map { (candidate, $0) } }
    return scored.min { $0.1 < $1.1 }?.0
  }
}
