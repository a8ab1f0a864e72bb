import Foundation
import Testing

@testable import SquadCore

/// `heroes --all` against the API: pages fetched a few at a time, handed over in order, and the
/// local catalogue written once.
@Suite struct APIHeroSourceAllPagesTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  static func heroes(_ range: Range<Int>) -> [Hero] {
    range.map { Hero(id: HeroID(2_000_000 + $0), name: "Synthetic Hero \($0)") }
  }

  /// Pages of 100 over `total` heroes; `totals` overrides the total a page announces.
  static func client(total: Int, totals: [Int: Int] = [:], failing: Int? = nil) -> StubMarvelClient {
    StubMarvelClient(characters: { filter, _ in
      let offset = filter.offset ?? 0
      if offset == failing { return .failure(.credentials(status: 401, message: "The passed API key is invalid.")) }
      let announced = totals[offset] ?? total
      return .success(
        MarvelPage(
          offset: offset, limit: 100, total: announced, results: heroes(offset..<min(offset + 100, announced)),
          attribution: "Data provided by Marvel."))
    })
  }

  /// Every page handed over, with whether the catalogue file existed when it was.
  func listAll(_ client: StubMarvelClient) async -> [(Result<HeroPage, SourceError>, catalogueExisted: Bool)] {
    let directory = APIHeroSource(client: client, store: CatalogueStore(paths: paths), now: { Sample.moment })
    let received = Mutex<[(Result<HeroPage, SourceError>, catalogueExisted: Bool)]>([])
    let file = paths.catalogueFile
    await directory.allPages(from: HeroQuery(limit: 20)) { result in
      received.withLock { $0.append((result, FileManager.default.fileExists(atPath: file))) }
    }
    return received.withLock { $0 }
  }

  @Test func pagesComeInOrderAndTheCatalogueIsWrittenOnceAtTheEnd() async throws {
    let client = Self.client(total: 750)
    let received = await listAll(client)
    #expect(received.map { try? $0.0.get().offset } == [0, 100, 200, 300, 400, 500, 600, 700])
    #expect(received.allSatisfy { !$0.catalogueExisted })
    #expect(Set(client.calls) == Set(stride(from: 0, to: 800, by: 100).map { "characters offset=\($0) withinTTL" }))
    let learnt = CatalogueStore(paths: paths).catalogue
    #expect(Self.heroes(0..<750).allSatisfy { learnt.hero($0.id) == $0 })
  }

  @Test func aFailureEndsTheListingAndOnlyHeroesHandedOverAreLearnt() async throws {
    let received = await listAll(Self.client(total: 350, failing: 100))
    #expect(received.count == 2)
    #expect(
      received.last?.0
        == .failure(MarvelError.credentials(status: 401, message: "The passed API key is invalid.").sourceError))
    let learnt = CatalogueStore(paths: paths).catalogue
    #expect(learnt.hero(HeroID(2_000_099)) != nil)
    #expect(learnt.hero(HeroID(2_000_250)) == nil)
  }

  @Test func aCatalogueThatGrewMeanwhileIsFollowedToItsNewEnd() async throws {
    let received = await listAll(Self.client(total: 150, totals: [100: 250, 200: 250]))
    #expect(received.map { try? $0.0.get().offset } == [0, 100, 200])
    #expect(received.compactMap { try? $0.0.get().heroes.count }.reduce(0, +) == 250)
  }
}
