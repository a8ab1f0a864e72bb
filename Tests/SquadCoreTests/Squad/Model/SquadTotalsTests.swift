import Testing

@testable import SquadCore

/// A squad's totals: what members have known, unknown where none has it, 0 for no members.
struct SquadTotalsTests {
  @Test func aCountNoMemberHasKnownIsUnknownNeverZero() {
    let unknown = Hero(id: HeroID(1), name: "Unknown")
    let some = Hero(id: HeroID(2), name: "Some", counts: HeroCounts(comics: 7, series: 2))
    #expect(HeroCounts.total([unknown]) == HeroCounts())
    #expect(HeroCounts.total([unknown, nil]) == HeroCounts())
    #expect(HeroCounts.total([unknown, some, some]) == HeroCounts(comics: 14, series: 4))
    #expect(HeroCounts.total([Hero?]()) == HeroCounts(comics: 0, series: 0, stories: 0, events: 0))
  }

  @Test func theListTotalsSayWhichCountsAreUnknownAndForHowManyMembers() {
    let heroes = [
      Hero(id: HeroID(1), name: "Unknown"), Hero(id: HeroID(2), name: "Some", counts: HeroCounts(comics: 7)),
    ]
    let squad = Squad(members: heroes.map { Member(hero: $0, recruitedAt: Sample.moment) })
    let line = SquadOutput.totals(squad, Dictionary(uniqueKeysWithValues: heroes.map { ($0.id, HeroSummary($0)) }))
    #expect(
      line == [
        "Totals: 2 members", "7 comics", "series unknown", "stories unknown", "events unknown",
        "counts unknown for 2 members",
      ])
  }
}
