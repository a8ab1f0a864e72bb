import Testing

@testable import SquadCore

@Suite struct HeroMatcherTests {
  @Test func anExactNameWinsOverLongerNames() {
    #expect(HeroMatcher.pick("hulk", among: [Sample.hulk, Sample.hulkling]) == .success(Sample.hulk))
  }

  @Test func aUniquePrefixPicksItsHero() {
    #expect(HeroMatcher.pick("hulkl", among: [Sample.hulkling]) == .success(Sample.hulkling))
  }

  @Test func aSharedPrefixIsAmbiguousWithCandidatesByName() {
    let result = HeroMatcher.pick("spider", among: [Sample.spiderWoman, Sample.spiderMan])
    #expect(
      result == .failure(.ambiguous("spider", candidates: [Sample.spiderMan, Sample.spiderWoman], matchCount: 2)))
  }

  @Test func noMatchSuggestsNearMisses() {
    let result = HeroMatcher.pick("thro", among: [], nearby: Sample.all)
    #expect(result == .failure(.unknownName("thro", suggestions: [Sample.thor])))
    #expect(result.failureValue?.exitCode == .notFound)
  }

  @Test func namesCompareWithoutCaseAccentsOrStrayWhitespace() {
    #expect(HeroName.folded("  Araña ") == "arana")
    #expect(HeroName.folded("SPIDER-MAN") == "spider-man")
  }

  @Test func namesMatchAsFansTypeThem() {
    #expect(HeroName.loose("Spider-Man (Peter Parker)") == "spiderman(peterparker)")
    #expect(HeroName.loose(" iron man") == HeroName.loose("Iron-Man"))
    #expect(HeroName.variants("Dr Strange") == ["dr strange", "doctor strange"])
    #expect(HeroName.variants("mister.x") == ["mister.x", "mr.x"])
    #expect(HeroName.variants("drax") == ["drax"], "only a whole first word is a short form")
    let ironMan = Hero(id: HeroID(1), name: "Iron Man")
    let ironFist = Hero(id: HeroID(2), name: "Iron Fist")
    #expect(HeroMatcher.pick("iron-man", among: [ironFist, ironMan]) == .success(ironMan))
    #expect(HeroMatcher.matching("iron.", in: [ironFist, ironMan]) == [ironFist, ironMan])
  }

  @Test func theMostComicsComeFirstThenTheName() {
    let known = Hero(id: HeroID(1), name: "Zed", counts: HeroCounts(comics: 10))
    let lesser = Hero(id: HeroID(2), name: "Abe", counts: HeroCounts(comics: 2))
    let unknown = Hero(id: HeroID(3), name: "Aaron")
    let tied = Hero(id: HeroID(4), name: "Bea", counts: HeroCounts(comics: 2))
    #expect(HeroOrdering.prominent([unknown, tied, lesser, known]) == [known, lesser, tied, unknown])
  }

  @Test func digitsAreAnIdAndAnythingElseIsAName() {
    #expect(HeroRef(argument: "1009610") == .id(HeroID(1_009_610)))
    #expect(HeroRef(argument: "3-D Man") == .name("3-D Man"))
    #expect(HeroRef(argument: "99999999999999999999999") == .name("99999999999999999999999"))
  }
}

extension Result {
  var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
