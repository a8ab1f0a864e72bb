import Testing

@testable import SquadCore

/// A hero's place by each count: competition ranking, unknown counts neither ranked nor counted.
struct HeroRankTests {
  @Test func tiesShareAPlaceAndTheNextPlaceSkipsThem() {
    let others = [HeroCounts(comics: 9), HeroCounts(comics: 5), HeroCounts(comics: 5), HeroCounts(comics: 1)]
    let ranks = HeroRank.ranks(of: HeroCounts(comics: 5), among: others)
    #expect(ranks[0] == HeroRank(position: 2, of: 5, tiedWith: 2))
  }

  @Test func anUnknownCountHasNoRankAndIsNotCountedForOthers() {
    let others = [HeroCounts(comics: nil, series: 3), HeroCounts(comics: 2, series: nil)]
    let ranks = HeroRank.ranks(of: HeroCounts(comics: 1, series: 3), among: others)
    #expect(ranks[0] == HeroRank(position: 2, of: 2, tiedWith: 0))
    #expect(ranks[1] == HeroRank(position: 1, of: 2, tiedWith: 1))
    #expect(ranks[2] == nil && ranks[3] == nil)
  }

  @Test func onePassAgreesWithCountingEachPlaceByItsDefinition() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      func counts() -> HeroCounts {
        func value() -> Int? {
          Int.random(in: 0...6, using: &generator) == 0 ? nil : Int.random(in: 0...5, using: &generator)
        }
        return HeroCounts(comics: value(), series: value(), stories: value(), events: value())
      }
      let hero = counts()
      let others = (0..<Int.random(in: 0...20, using: &generator)).map { _ in counts() }
      let expected = zip(hero.values, 0...).map { value, slot -> HeroRank? in
        guard let value else { return nil }
        let known = others.compactMap { $0.values[slot] }
        return HeroRank(
          position: known.filter { $0 > value }.count + 1, of: known.count + 1,
          tiedWith: known.filter { $0 == value }.count)
      }
      #expect(HeroRank.ranks(of: hero, among: others) == expected, "\(hero) among \(others)")
    }
  }
}
