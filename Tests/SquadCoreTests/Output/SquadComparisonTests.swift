import Foundation
import Testing

@testable import SquadCore

/// `squads compare` worked out from two rosters and a catalogue, without files (issue 30).
@Suite struct SquadComparisonTests {
  static let thor = Hero(id: HeroID(1), name: "Thor", counts: HeroCounts(comics: 30, series: 3, stories: 40, events: 2))
  static let hulk = Hero(id: HeroID(2), name: "Hulk", counts: HeroCounts(comics: 50, series: 5, stories: 60, events: 1))
  static let nobody = Hero(id: HeroID(3), name: "Nobody")
  static let catalogue = LocalCatalogue(heroes: [thor, hulk, nobody])

  static func squad(_ name: String, _ heroes: [Hero]) throws -> SquadSummary {
    SquadSummary(
      name: try SquadName.parse(name).get(), members: heroes.count, roster: heroes.map { Sample.member($0) })
  }

  @Test func totalsStarsAndTheMembersInBoth() throws {
    let pair = [
      try Self.squad("default", [Self.thor, Self.hulk]), try Self.squad("avengers", [Self.nobody, Self.thor]),
    ]
    let comparison = SquadComparison(pair, catalogue: Self.catalogue)
    #expect(comparison.totals[0] == HeroCounts(comics: 80, series: 8, stories: 100, events: 3))
    #expect(comparison.totals[1]?.comics == 30)
    #expect(comparison.stars.map { $0?.id } == [Self.hulk.id, Self.thor.id])
    #expect(comparison.inBoth.map(\.id) == [Self.thor.id])
    #expect(comparison.unknown == [0, 1], "Nobody's counts are unknown: the totals leave him out, and say so")
  }

  @Test func membersTheCatalogueLacksAreCountedAsUnknownInEveryFormat() throws {
    let stranger = Hero(id: HeroID(99), name: "Stranger")
    let pair = [
      try Self.squad("default", [Self.hulk, stranger, Self.nobody]), try Self.squad("avengers", [Self.thor]),
    ]
    #expect(SquadComparison(pair, catalogue: Self.catalogue).unknown == [2, 0])
    let tsv = SquadsOutput.compare(pair, settings: OutputSettings(format: .tsv), catalogue: Self.catalogue)
    #expect(tsv.contains("counts unknown\t2\t0\n"))
    let json = SquadsOutput.compare(pair, settings: OutputSettings(format: .json), catalogue: Self.catalogue)
    #expect(json.contains("\"countsUnknown\":2") || json.contains("\"countsUnknown\" : 2"))
  }

  @Test func anEmptySquadHasNoStarAndSharesNothing() throws {
    let pair = [try Self.squad("default", []), try Self.squad("avengers", [Self.nobody])]
    let comparison = SquadComparison(pair, catalogue: Self.catalogue)
    #expect(comparison.stars.map { $0?.id } == [nil, nil])
    #expect(comparison.inBoth.isEmpty)
  }
}
