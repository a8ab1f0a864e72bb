import Foundation
import Testing

@testable import SquadCore

/// Found by the reliability suite's concurrency test, as a "lost update": `fire carnage` fired
/// Carnage (Ultimate), a member whose name merely starts with "carnage", although "carnage" is
/// exactly the name of another hero (Carnage, not in the squad). An exact name wins everywhere
/// else, so it wins here too; a prefix that only members match still names them.
@Suite struct FireByNameTests {
  static let carnageUltimate = "1010916"
  static let spiderMan = "1009610"

  @MainActor func squadWithCarnageUltimateAndSpiderMan() async throws -> InProcessCLI {
    let squad = try InProcessCLI()
    #expect(await squad.run(["recruit", "--offline", Self.carnageUltimate, Self.spiderMan]).code == 0)
    return squad
  }

  @MainActor func memberIDs(_ squad: InProcessCLI) async -> [String] {
    await squad.run(["list", "--offline"]).out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
  }

  @Test @MainActor func anExactNameOfAnotherHeroDoesNotFireAMemberItPrefixes() async throws {
    let squad = try await squadWithCarnageUltimateAndSpiderMan()
    let fire = await squad.run(["fire", "--offline", "--yes", "carnage"])
    #expect(fire.code == 0)
    #expect(fire.err.contains("Carnage is not in the squad; nothing changed"), "\(fire.err)")
    #expect(await memberIDs(squad) == [Self.carnageUltimate, Self.spiderMan])
  }

  @Test @MainActor func aPrefixOnlyMembersMatchStillFiresThem() async throws {
    let squad = try await squadWithCarnageUltimateAndSpiderMan()
    #expect(await squad.run(["fire", "--offline", "--yes", "spider"]).code == 0)
    #expect(await squad.run(["fire", "--offline", "--yes", "carnage (ult"]).code == 0)
    #expect(await memberIDs(squad) == [])
  }
}
