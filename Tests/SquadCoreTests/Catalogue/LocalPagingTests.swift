import Foundation
import Testing

@testable import SquadCore

/// Found by the reliability suite's fuzzer (`scripts/stress`): `heroes --all --offset 20` on the
/// local catalogue ended the process with an arithmetic overflow trap (`--all` asks for
/// `Int.max` heroes, and the window's end was `offset + limit`).
@Suite struct LocalPagingTests {
  @Test @MainActor func allHeroesFromAnOffsetOnTheLocalCatalogueDoesNotOverflow() async throws {
    let squad = try InProcessCLI()
    let all = await squad.run(["heroes", "--all", "--offline"])
    let fromTwenty = await squad.run(["heroes", "--all", "--offset", "20", "--offline"])
    #expect(fromTwenty.code == 0)
    let lines = all.out.split(separator: "\n")
    #expect(fromTwenty.out.split(separator: "\n") == Array(lines.dropFirst(20)))
  }

  @Test func aLocalPageAsksForAsManyHeroesAsItLikes() {
    let page = Sample.catalogue.page(
      HeroQuery(offset: 2, limit: .max), source: .catalogue(reason: .offline, updatedAt: nil))
    #expect(page.heroes.count == Sample.catalogue.count - 2)
  }
}
