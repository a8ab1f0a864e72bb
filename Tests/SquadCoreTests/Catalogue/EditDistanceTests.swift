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
    let full = EditDistance.between(pair.0, pair.1)
    for limit in 0...8 {
      #expect(EditDistance.between(pair.0, pair.1, atMost: limit) == (full <= limit ? full : nil), "limit \(limit)")
    }
  }

  @Test func aTextFarLongerThanTheOtherIsBeyondTheLimit() {
    let long = String(repeating: "a", count: 100_000)
    #expect(EditDistance.between(long, "hulk", atMost: 3) == nil)
    #expect(EditDistance.between("hulk", long, atMost: 3) == nil)
  }

  @Test func suggestionsSkipEveryHeroForANameLongerThanAnyHeros() {
    let heroes = [Hero(id: HeroID(1), name: "Hulk"), Hero(id: HeroID(2), name: "Thor")]
    #expect(HeroMatcher.suggestions(for: String(repeating: "a", count: 100_000), in: heroes).isEmpty)
    #expect(HeroMatcher.suggestions(for: "hlk", in: heroes).map(\.name) == ["Hulk"])
  }
}
