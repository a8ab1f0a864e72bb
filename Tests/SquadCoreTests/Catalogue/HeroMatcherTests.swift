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
