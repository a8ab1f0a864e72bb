import Testing

@testable import SquadCore

/// The bounded edit distance behind suggestions: the same answers as the full one within the
/// limit, nil beyond it, and long texts cost only what the limit allows.
@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("hulk", "hulk"), ("hluk", "hulk"), ("spidr", "spider"), ("kitten", "sitting"), ("", "abc"), ("abc", ""),
    ("wolverine", "wolverien"), ("a", "b"), ("captain", "captian amrica"),
  ])
  func theBoundedDistanceAgreesWithTheFullOneWithinTheLimit(pair: (String, String)) {
    let full = Self.fullDistance(pair.0, pair.1)
    for limit in 0...8 {
      #expect(EditDistance.between(pair.0, pair.1, atMost: limit) == (full <= limit ? full : nil), "limit \(limit)")
    }
  }

  @Test func aTextFarLongerThanTheOtherIsBeyondTheLimit() {
    let long = String(repeating: "a", count: 100_000)
    #expect(EditDistance.between(long, "hulk", atMost: 3) == nil)
    #expect(EditDistance.between("hulk", long, atMost: 3) == nil)
  }

  // Optimal string alignment over the whole table, the textbook way: what the banded one must match.
  private static func fullDistance(_ a: String, _ b: String) -> Int {
    let (left, right) = (Array(a), Array(b))
    var table = (0...left.count).map { i in (0...right.count).map { j in i == 0 ? j : j == 0 ? i : 0 } }
    for i in left.indices.map({ $0 + 1 }) {
      for j in right.indices.map({ $0 + 1 }) {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[left.count][right.count]
  }

  @Test func suggestionsSkipEveryHeroForANameLongerThanAnyHeros() {
    let heroes = [Hero(id: HeroID(1), name: "Hulk"), Hero(id: HeroID(2), name: "Thor")]
    #expect(HeroMatcher.suggestions(for: String(repeating: "a", count: 100_000), in: heroes).isEmpty)
    #expect(HeroMatcher.suggestions(for: "hlk", in: heroes).map(\.name) == ["Hulk"])
  }
}
