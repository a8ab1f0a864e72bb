import Foundation
import Testing

@testable import SquadCore

/// Members take what `sync` learns about them: names, descriptions, pictures; never dates.
@Suite struct SquadRefreshTests {
  @Test func membersTakeNewNamesAndKeepTheirDatesAndOrder() throws {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let squad = Squad(members: [
      Member(hero: Sample.thor, recruitedAt: date), Member(hero: Sample.hulk, recruitedAt: date),
    ])
    var renamed = Sample.hulk
    renamed.name = "Hulk (Renamed)"
    renamed.description = "New words."
    let refreshed = try #require(squad.refreshed(from: [Sample.hulkling, renamed]))
    #expect(refreshed.members.map(\.name) == [Sample.thor.name, "Hulk (Renamed)"])
    #expect(refreshed.members.map(\.description) == [Sample.thor.description, "New words."])
    #expect(refreshed.members.allSatisfy { $0.recruitedAt == date })
    #expect(squad.refreshed(from: [Sample.hulk, Sample.thor]) == nil, "nothing new, nothing to write")
    #expect(squad.refreshed(from: []) == nil)
  }
}
