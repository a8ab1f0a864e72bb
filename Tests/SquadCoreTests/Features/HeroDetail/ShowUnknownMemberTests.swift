import Foundation
import Testing

@testable import SquadCore

/// Found by the attack: `show ID` of a member the catalogue does not know (imported from a
/// friend's export) said only "No hero has the id", although the squad holds the member.
@Suite struct ShowUnknownMemberTests {
  @MainActor func squadWithAFriendsHero() throws -> InProcessCLI {
    let squad = try InProcessCLI()
    let member = Member(
      id: HeroID(9_999_901), name: "Fan Hero", description: "Made up by a friend.",
      thumbnail: "http://example.com/p.jpg", recruitedAt: Date(timeIntervalSince1970: 1_767_323_045))
    try squad.home.save(Squad(members: [member]))
    return squad
  }

  @Test @MainActor func aMemberTheCatalogueDoesNotKnowIsShownAsTheSquadHoldsIt() async throws {
    let squad = try squadWithAFriendsHero()
    for hero in ["9999901", "fan hero"] {
      let shown = await squad.run(["show", "--offline", hero])
      #expect(shown.code == 0, "\(hero): \(shown.err)")
      #expect(shown.out.hasPrefix("9999901\tFan Hero\t"), "\(shown.out)")
      #expect(shown.out.contains("http://example.com/p.jpg\tMade up by a friend."), "\(shown.out)")
      #expect(
        shown.err.contains(
          "The catalogue does not know Fan Hero (#9999901); showing what squad 'default' holds of them, "
            + "recruited 2026-01-02T03:04:05Z."), "\(shown.err)")
    }
    let json = await squad.run(["show", "--offline", "--json", "9999901"])
    #expect(json.code == 0 && json.out.contains(#""squads":["default"]"#), "\(json.out)")
  }

  @Test @MainActor func anIDNeitherTheCatalogueNorTheSquadKnowsIsStillNotFound() async throws {
    let squad = try squadWithAFriendsHero()
    let shown = await squad.run(["show", "--offline", "9999902"])
    #expect(shown.code == 3 && shown.out.isEmpty, "\(shown.out)")
    #expect(shown.err.contains("No hero has the id 9999902."), "\(shown.err)")
  }

  /// Found by the ninth attack: a member the squad names as the catalogue does not (renamed since,
  /// or edited by hand) was said to be unknown to the catalogue, which holds its id.
  @Test @MainActor func aMemberNamedOtherwiseThanTheCatalogueSaysWhereItsRecordIs() async throws {
    let squad = try InProcessCLI()
    let member = Member(
      id: HeroID(1_009_351), name: "My Hulk", description: "", thumbnail: nil,
      recruitedAt: Date(timeIntervalSince1970: 1_767_323_045))
    try squad.home.save(Squad(members: [member]))
    let shown = await squad.run(["show", "--offline", "my hulk"])
    #expect(shown.code == 0, "\(shown.err)")
    #expect(shown.out.hasPrefix("1009351\tMy Hulk\t"), "\(shown.out)")
    #expect(
      shown.err.contains(
        "The catalogue knows My Hulk (#1009351) as Hulk; 'squad show 1009351' shows its record; showing what "
          + "squad 'default' holds of them"), "\(shown.err)")
    #expect(!shown.err.contains("does not know"), "\(shown.err)")
  }
}
