import Testing

@testable import SquadCore

/// What `squad __complete` offers: names by folded prefix, ids by digits, members first for fire.
@Suite struct CompletionCandidatesTests {
  let catalogue = [
    Hero(id: HeroID(1_009_610), name: "Spider-Man (Peter Parker)"),
    Hero(id: HeroID(1_016_181), name: "Spider-Man (Miles Morales)"),
    Hero(id: HeroID(1_009_351), name: "Hulk"), Hero(id: HeroID(1_009_609), name: "Spider-Girl (May Parker)"),
    Hero(id: HeroID(1_010_000), name: "Araña"),
  ].map { HeroSummary($0) }
  let squad = Squad(members: [
    Member(
      id: HeroID(1_016_181), name: "Spider-Man (Miles Morales)", description: "", thumbnail: nil,
      recruitedAt: .distantPast),
    Member(id: HeroID(7), name: "Imported\u{1B}[31m Only", description: "", thumbnail: nil, recruitedAt: .distantPast),
  ])

  @Test func namesMatchByPrefixIgnoringCaseAndAccentsInNameOrder() {
    #expect(
      CompletionCandidates.list(membersFirst: false, prefix: "spi", catalogue: catalogue, squad: squad) == [
        "Spider-Girl (May Parker)", "Spider-Man (Miles Morales)", "Spider-Man (Peter Parker)",
      ])
    #expect(
      CompletionCandidates.list(membersFirst: false, prefix: "ARAN", catalogue: catalogue, squad: squad) == ["Araña"])
  }

  @Test func digitsCompleteToIdsFromTheCatalogueAndTheSquad() {
    #expect(
      CompletionCandidates.list(membersFirst: false, prefix: "10096", catalogue: catalogue, squad: squad) == [
        "1009609", "1009610",
      ])
    #expect(CompletionCandidates.list(membersFirst: false, prefix: "7", catalogue: catalogue, squad: squad) == ["7"])
  }

  @Test func fireOffersSquadMembersFirstAndEveryoneWhenNoMemberMatches() {
    #expect(
      CompletionCandidates.list(membersFirst: true, prefix: "spider", catalogue: catalogue, squad: squad) == [
        "Spider-Man (Miles Morales)"
      ])
    #expect(CompletionCandidates.list(membersFirst: true, prefix: "hu", catalogue: catalogue, squad: squad) == ["Hulk"])
  }

  @Test func membersOnlyKnownToTheSquadAreOfferedAndPrintedClean() {
    #expect(
      CompletionCandidates.list(membersFirst: false, prefix: "imp", catalogue: catalogue, squad: squad) == [
        "Imported[31m Only"
      ])
  }
}
