import Foundation
import Testing

@testable import SquadCore

@Suite struct APIHeroSourceTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }
  static let attribution = "Data provided by Marvel. © 2099 MARVEL"
  static let newcomer = Hero(id: HeroID(2_000_001), name: "Synthetic Hero 00001", counts: HeroCounts(comics: 3))
  static let refused = MarvelError.unreachable(
    reason: "connection refused", attempts: 4, url: "http://127.0.0.1:1/v1/public/characters")

  static func page(_ heroes: [Hero], total: Int? = nil, offset: Int = 0) -> MarvelPage<Hero> {
    MarvelPage(offset: offset, limit: 20, total: total ?? heroes.count, results: heroes, attribution: attribution)
  }

  func directory(_ client: StubMarvelClient) -> APIHeroSource {
    APIHeroSource(client: client, store: CatalogueStore(paths: paths), now: { Sample.moment })
  }

  @Test func aPageComesFromTheAPIWithItsAttributionAndIsLearnt() async throws {
    let client = StubMarvelClient(characters: { filter, _ in
      #expect(filter == CharacterFilter(nameStartsWith: "syn", orderBy: .name, limit: 20, offset: 0))
      return .success(Self.page([Self.newcomer], total: 1))
    })
    let page = try await directory(client).page(HeroQuery(namePrefix: "syn")).get()
    #expect(page == HeroPage(whole: [Self.newcomer], offset: 0, total: 1, source: .api(attribution: Self.attribution)))
    let learnt = CatalogueStore(paths: paths).catalogue
    #expect(learnt.hero(Self.newcomer.id) == Self.newcomer)
    #expect(learnt.updatedAt == Sample.moment)
  }

  @Test func whenTheAPICannotAnswerTheLocalCatalogueStandsInLabelledAsAFallback() async throws {
    let client = StubMarvelClient(characters: { _, _ in .failure(Self.refused) })
    let page = try await directory(client).page(HeroQuery(namePrefix: "spider-man (peter")).get()
    #expect(page.heroes.map(\.id) == [HeroID(1_009_610)])
    #expect(page.source == .fallback(problem: "connection refused after 4 attempts", updatedAt: nil))
  }

  @Test func whatTheAPICannotDoTheLocalCatalogueAnswersWithoutAsking() async throws {
    let client = StubMarvelClient(characters: { filter, _ in
      Issue.record("the API was asked \(filter)")
      return .failure(Self.refused)
    })
    let query = HeroQuery(order: .comicsDescending, limit: 1)
    let page = try await directory(client).page(query).get()
    #expect(page.heroes.map(\.id) == [HeroID(1_009_610)])
    #expect(page.source == .catalogue(reason: .apiCannot("order heroes by comics"), updatedAt: nil))
    let all = Mutex<[Int?]>([])
    await directory(client).allPages(from: query) { result in all.withLock { $0.append(try? result.get().heroes.count) }
    }
    #expect(all.withLock { $0 } == [1564], "the whole listing, in one page")
  }

  @Test(arguments: [
    MarvelError.credentials(status: 401, message: "The passed API key is invalid."),
    MarvelError.invalidResponse(status: 200, detail: "an empty body", url: "u"),
    MarvelError.rejected(status: 409, message: "You may not request more than 100 items.", url: "u"),
  ])
  func credentialDataAndValidationErrorsNeverFallBack(error: MarvelError) async {
    let client = StubMarvelClient(characters: { _, _ in .failure(error) })
    #expect(await directory(client).page(HeroQuery()) == .failure(error.sourceError))
    #expect(await directory(client).heroes(namePrefix: "hulk", limit: 100) == .failure(error.sourceError))
  }

  @Test func anUnknownIdIsNobodyNotAnError() async throws {
    let client = StubMarvelClient(character: { _ in
      .failure(.notFound(message: "We couldn't find that character", url: "u"))
    })
    #expect(try await directory(client).hero(HeroID(1)).get().value == nil)
  }

  @Test func aHeroOnlyTheLocalCatalogueKnowsStandsInForTheAPIsNotFound() async throws {
    // An imported archive's hero: the API (retired, or never having it) says 404.
    try CatalogueStore(paths: paths).remember([Self.newcomer], at: Sample.moment, origin: .imported)
    let notFound = MarvelError.notFound(message: "We couldn't find that character", url: "u")
    let client = StubMarvelClient(character: { _ in .failure(notFound) }, comics: { _, _, _, _ in .failure(notFound) })
    let local = DataSource.catalogue(reason: .apiDoesNotKnow, updatedAt: Sample.moment)
    #expect(try await directory(client).hero(Self.newcomer.id).get() == Sourced<Hero?>(Self.newcomer, source: local))
    #expect(
      try await directory(client).comics(of: Self.newcomer.id).get() == Sourced<ComicsSummary?>(nil, source: local))
    #expect(try await directory(client).hero(HeroID(1)).get().value == nil, "nobody, where neither knows the id")
  }

  @Test func aKnownIdComesFromTheAPI() async throws {
    let client = StubMarvelClient(character: { id in .success(Self.page(id == Self.newcomer.id ? [Self.newcomer] : []))
    })
    let answer = try await directory(client).hero(Self.newcomer.id).get()
    #expect(answer == Sourced<Hero?>(Self.newcomer, source: .api(attribution: Self.attribution)))
  }

  @Test func showGetsTheTwoLatestComicsAndTheirTotal() async throws {
    let comics = [
      Comic(id: 2, title: "Newest #2", onSale: Sample.moment, characters: []),
      Comic(id: 1, title: "Older #1", onSale: nil, characters: []),
    ]
    let client = StubMarvelClient(comics: { _, _, _, _ in
      .success(MarvelPage(offset: 0, limit: 2, total: 78, results: comics, attribution: Self.attribution))
    })
    let answer = try await directory(client).comics(of: HeroID(1_009_652)).get()
    #expect(
      answer
        == Sourced<ComicsSummary?>(
          ComicsSummary(total: 78, latest: comics), source: .api(attribution: Self.attribution)))
    #expect(client.calls == ["comics 1009652 -onsaleDate limit=2"])
  }

  @Test func comicsFallBackToNothingWithTheNotice() async throws {
    let client = StubMarvelClient(comics: { _, _, _, _ in .failure(.serverError(status: 500, attempts: 4, url: "u")) })
    let answer = try await directory(client).comics(of: HeroID(1_009_652)).get()
    #expect(answer == Sourced(nil, source: .fallback(problem: "HTTP 500 after 4 attempts", updatedAt: nil)))
  }

  @Test func anAnswerThatTeachesNothingNewWritesNothingOnceItsRecordsAreLearnt() async throws {
    let bundled = try #require(BundledCatalogue.heroes.first)
    let client = StubMarvelClient(characters: { _, _ in .success(Self.page([bundled])) })
    _ = await directory(client).page(HeroQuery())
    // The API confirmed a bundled record: written once, so the record is known as the API's.
    let inode = {
      try FileManager.default.attributesOfItem(atPath: self.paths.catalogueFile)[.systemFileNumber] as? Int
    }
    let written = try #require(try inode())
    #expect(CatalogueStore(paths: paths).catalogue.origin(of: bundled.id) == .api)
    _ = await directory(client).page(HeroQuery())
    #expect(try inode() == written, "not written again")
  }

  @Test func theFallbackSaysHowOldTheCatalogueIs() async throws {
    try CatalogueStore(paths: paths).remember([Self.newcomer], at: Sample.moment)
    let client = StubMarvelClient(characters: { _, _ in .failure(.timedOut(seconds: 10, url: "u")) })
    let page = try await directory(client).page(HeroQuery(namePrefix: "synthetic")).get()
    #expect(page.heroes.map(\.id) == [Self.newcomer.id])
    #expect(page.source == .fallback(problem: "no answer within 10 s", updatedAt: Sample.moment))
  }

  @Test func afterAnOutageTheSameRunDoesNotAskAgain() async throws {
    let client = StubMarvelClient(
      characters: { _, _ in .failure(Self.refused) }, comics: { _, _, _, _ in .failure(Self.refused) })
    let directory = directory(client)
    _ = try await directory.heroes(namePrefix: "hulk", limit: 100).get()
    let comics = try await directory.comics(of: HeroID(1_009_351)).get()
    #expect(comics.source == .fallback(problem: "connection refused after 4 attempts", updatedAt: nil))
    #expect(client.calls == ["characters offset=0 withinTTL"])
  }
}
