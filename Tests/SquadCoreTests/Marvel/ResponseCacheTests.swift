import Foundation
import Testing

@testable import SquadCore

@Suite struct ResponseCacheTests {
  let home: TemporaryDirectory
  let clock = TestClock()
  let transport = StubTransport()
  // One store, as in squad: a page's entry is written once this store has its heroes.
  let store: CatalogueStore

  init() {
    let home = TemporaryDirectory()
    self.home = home
    store = CatalogueStore(paths: SquadPaths(home: home.path))
  }
  var cache: ResponseCache {
    ResponseCache(directory: SquadPaths(home: home.path).responsesDirectory, catalogue: store)
  }
  let url = "http://sim/v1/public/characters?limit=3"

  func client(ttl: Double = 3600) -> LiveMarvelClient {
    LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cacheTTL: ttl, cache: cache,
      transport: transport,
      environment: clock.environment())
  }

  /// A listing, its heroes learnt by the catalogue and then its entry written, as
  /// ``APIHeroSource`` does.
  func listing(_ freshness: CacheFreshness = .withinTTL) async throws -> MarvelPage<Hero> {
    let page = try await client().characters(CharacterFilter(limit: 3), freshness: freshness).get()
    try store.remember(page.results, at: clock.now)
    page.pendingCache?.write(stored: Set(page.results.map(\.id.rawValue)))
    return page
  }

  @Test func aRepeatWithinTheTTLSendsNoRequest() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    let first = try await listing()
    clock.advance(by: 3599)
    let second = try await listing()
    #expect(transport.requests.count == 1)
    #expect(first.origin == .network)
    #expect(second.origin == .cache)
    #expect(second.requests == 0)
    // The heroes come back from the catalogue, merged with what it knew (HeroMerge).
    #expect(second.results.map(\.id) == first.results.map(\.id))
    #expect(second.results.map(\.name) == first.results.map(\.name))
  }

  @Test func afterTheTTLA304ReusesTheCachedBodyAndRefreshesIt() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.status(304))
    let first = try await listing()
    clock.advance(by: 3601)
    let revalidated = try await listing()
    #expect(transport.requests.last?.headers["If-None-Match"] == "e1")
    #expect(revalidated.origin == .notModified)
    #expect(revalidated.results.map(\.id) == first.results.map(\.id))
    #expect(cache.entry(for: url)?.fetchedAt == clock.now)
    #expect(try await listing().origin == .cache)
    #expect(transport.requests.count == 2)
  }

  /// Found by the attack: a 304 naming another version was taken as "not modified", and the
  /// stale page was served for ever (RFC 9111 §4.3.4: it must not freshen the stored page).
  @Test func a304NamingAnotherVersionIsAskedAgainWithoutTheCondition() async throws {
    transport.enqueue(
      StubTransport.ok("characters.json", etag: "\"v1\""), StubTransport.status(304, headers: ["ETag": "\"v2\""]),
      StubTransport.ok("character.json", etag: "\"v2\""))
    _ = try await listing()
    let changed = try await listing(.revalidate)
    #expect(transport.requests.map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", nil])
    #expect(changed.origin == .network)
    #expect(changed.results.map(\.name) == ["Thanos"])
    #expect(changed.requests == 2)
    #expect(cache.entry(for: url)?.etag == "\"v2\"")
  }

  @Test func a304NamingTheSameVersionQuotedOrWeakOrNotAtAllReusesTheCachedPage() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    for etag in ["e1", "\"e1\"", "W/\"e1\"", nil] {
      transport.enqueue(StubTransport.status(304, headers: etag.map { ["ETag": $0] } ?? [:]))
    }
    _ = try await listing()
    for _ in 0..<4 { #expect(try await listing(.revalidate).origin == .notModified) }
    #expect(transport.requests.count == 5)
  }

  /// Asked again without a condition, a server answering 304 again has no page to give.
  @Test func a304ToTheUnconditionalRequestIsAnInvalidAnswer() async throws {
    transport.enqueue(
      StubTransport.ok("characters.json", etag: "v1"), StubTransport.status(304, headers: ["ETag": "v2"]),
      StubTransport.status(304, headers: ["ETag": "v2"]))
    _ = try await listing()
    let answer = await client().characters(CharacterFilter(limit: 3), freshness: .revalidate)
    guard case .failure(.invalidResponse(304, _, _)) = answer else {
      Issue.record("expected an invalid response, got \(answer)")
      return
    }
    #expect(transport.requests.count == 3)
  }

  @Test func revalidatingIgnoresTheTTL() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.status(304))
    _ = try await listing()
    #expect(try await listing(.revalidate).origin == .notModified)
    #expect(transport.requests.map { $0.headers["If-None-Match"] } == [nil, "e1"])
  }

  @Test func aChangedAnswerReplacesTheEntry() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.ok("character.json", etag: "e2"))
    _ = try await listing()
    let changed = try await listing(.revalidate)
    #expect(changed.origin == .network)
    #expect(changed.results.map(\.name) == ["Thanos"])
    #expect(cache.entry(for: url)?.etag == "e2")
  }

  @Test func theBodyETagIsStoredWhenTheHeaderIsMissing() async throws {
    transport.enqueue(StubTransport.ok("characters.json"))
    _ = try await listing()
    #expect(cache.entry(for: url)?.etag == "f1xture0000000000000000000000000000000001")
  }

  @Test func invalidAnswersAreNeverCached() async throws {
    transport.enqueue(StubTransport.ok("truncated.json"), StubTransport.ok("characters.json"))
    let broken = await client().characters(CharacterFilter(limit: 3), freshness: .withinTTL)
    #expect(
      broken == .failure(.invalidResponse(status: 200, detail: "not valid JSON (cut short or garbled)", url: url)))
    #expect(cache.entry(for: url) == nil)
    #expect(try await listing().origin == .network)
  }

  @Test func aCorruptCacheFileIsIgnored() async throws {
    try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: cache.path(for: url)))
    transport.enqueue(StubTransport.ok("characters.json"))
    #expect(try await listing().origin == .network)
    #expect(transport.requests.first?.headers["If-None-Match"] == nil)
  }

  @Test func aCacheFileIsOneLineOfIdsAndPagingNotTheBody() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    let page = try await listing()
    let file = try Data(contentsOf: URL(fileURLWithPath: cache.path(for: url)))
    let header = try JSONSerialization.jsonObject(with: file) as? [String: Any]
    #expect(header?["url"] as? String == url)
    #expect(header?["etag"] as? String == "e1")
    // Each id with the answer's `modified` when it had one (1011266's is Marvel's "unknown" date).
    let items = header?["items"] as? [Any] ?? []
    #expect(items.count == 3)
    #expect(items.first as? [Int] == [1_009_610, 1_595_341_810] && items.dropFirst().first as? Int == 1_011_266)
    #expect(items.last as? [Int] == [1_010_870, 1_297_234_800])
    #expect(page.results.map(\.id.rawValue) == [1_009_610, 1_011_266, 1_010_870])
    #expect(header?["total"] as? Int == page.total)
    #expect(file.count * 4 < Fixture.data("characters.json").count, "\(file.count) bytes")
  }

  @Test func aPageWhoseHeroesTheCatalogueNoLongerHoldsIsFetchedAfresh() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    let lost = CachedPage(
      offset: 0, limit: 3, total: 1, attribution: "", items: .heroes([CachedHero(id: 424_242, modified: nil)]))
    try cache.store(CachedResponse(url: url, etag: "e0", fetchedAt: clock.now, page: lost))
    #expect(try await listing().origin == .network)
    #expect(transport.requests.last?.headers["If-None-Match"] == nil)
  }

  @Test func aCachedHeroStandsOnlyForWhatMergingItsAnswerWouldLeave() {
    let answer = Hero(id: HeroID(7_000_001), name: "Answer", modified: Sample.moment)
    func stands(_ modified: Date?, _ origin: HeroOrigin) -> Bool {
      let known = Hero(id: answer.id, name: "Known", modified: modified)
      return Hero.rebuilt(Hero.cached([answer]), catalogue: LocalCatalogue(heroes: [known], origin: origin)) != nil
    }
    let (older, newer) = (Sample.moment.addingTimeInterval(-1), Sample.moment.addingTimeInterval(1))
    // Learnt from the API: the answer's record, or a newer one a merge kept.
    #expect(stands(Sample.moment, .api) && stands(newer, .api))
    #expect(!stands(older, .api) && !stands(nil, .api))
    // Imported or bundled (all a reset leaves): only when strictly newer, as a merge keeps it then.
    #expect(stands(newer, .imported) && !stands(Sample.moment, .imported) && !stands(older, .imported))
    #expect(stands(newer, .bundled))
    #expect(!stands(Sample.moment, .bundled) && !stands(older, .bundled) && !stands(nil, .bundled))
    #expect(Hero.rebuilt(Hero.cached([answer]), catalogue: LocalCatalogue(heroes: [], origin: .api)) == nil)
  }

  @Test func afterAResetAPageWhoseAnswerIsNewerIsFetchedAfresh() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.ok("characters.json", etag: "e1"))
    _ = try await listing()
    #expect(try await listing().origin == .cache)
    // What the page stands for goes with a reset: 1010870's answer (2011) is newer than its bundled record.
    try store.reset()
    #expect(try await listing(.revalidate).origin == .network)
    #expect(transport.requests.last?.headers["If-None-Match"] == nil, "a miss, not a revalidation")
    #expect(store.catalogue.origin(of: HeroID(1_010_870)) == .api)
  }

  @Test func bodiesCachedByTheEarlierLayoutAreRemovedAtTheFirstStore() async throws {
    try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
    try Data("{\"url\":\"http://old\"}\n{\"data\":{}}".utf8).write(
      to: URL(fileURLWithPath: cache.path(for: "http://old")))
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    _ = try await listing()
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted() == [
        ".layout-2", MD5.hex(url) + ".json",
      ])
  }

  @Test func aFileInTheEarlierLayoutIsAMiss() async throws {
    try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
    let body = String(decoding: Fixture.data("characters.json"), as: UTF8.self)
    let old = try JSONSerialization.data(withJSONObject: ["url": url, "etag": "e0", "fetchedAt": 0, "body": body])
    try old.write(to: URL(fileURLWithPath: cache.path(for: url)))
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    #expect(try await listing().origin == .network)
    #expect(transport.requests.first?.headers["If-None-Match"] == nil)
    #expect(cache.entry(for: url)?.etag == "e1")
  }

  @Test func cacheFilesHoldTheUnsignedURLAndNoSecrets() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    _ = try await listing()
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { !$0.hasPrefix(".") }
    #expect(files == [MD5.hex(url) + ".json"])
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cache.path(for: url))), as: UTF8.self)
    #expect(!text.contains(TestKeys.privateKey))
    #expect(!text.contains(TestKeys.credentials.hash(timestamp: "ts1")))
    #expect(!text.contains("apikey"))
    #expect(cache.entry(for: url)?.url == url)
  }

  @Test func anAnswerWhoseHeroesNeverReachTheCatalogueLeavesNoEntry() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.ok("characters.json", etag: "e1"))
    // Fetched, but the catalogue write never happens (a sync that fails later, or is killed).
    _ = try await client().characters(CharacterFilter(limit: 3), freshness: .withinTTL).get()
    #expect(cache.entry(for: url) == nil, "the cache never runs ahead of the catalogue")
    let page = try await listing()
    #expect(page.origin == .network)
    #expect(cache.entry(for: url)?.etag == "e1", "written once its heroes are stored")
  }

  @Test func aPendingEntryIsWrittenOnlyWhenEveryHeroItNamesWasStored() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"))
    let page = try await client().characters(CharacterFilter(limit: 3), freshness: .withinTTL).get()
    let pending = try #require(page.pendingCache, "a new page of heroes waits for its heroes")
    let ids = page.results.map(\.id.rawValue)
    try #require(ids.count > 1)
    pending.write(stored: Set(ids.dropFirst()))
    #expect(cache.entry(for: url) == nil, "one hero was not stored")
    pending.write(stored: Set(ids))
    #expect(cache.entry(for: url)?.etag == "e1")
  }

  @Test func aCachedPageThatNoAnswerCouldBeIsAMiss() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.ok("characters.json", etag: "e1"))
    let page = try await listing()
    let ids = Hero.cached(page.results)
    for total in [-5, MarvelPaging.maximumTotal + 1] {
      let lying = CachedPage(offset: 0, limit: 3, total: total, attribution: "", items: ids)
      try cache.store(CachedResponse(url: url, etag: "e1", fetchedAt: clock.now, page: lying))
      #expect(cache.entry(for: url) == nil, "total \(total)")
    }
    #expect(try await listing().origin == .network)
  }

  @Test func anEntryFetchedInTheFutureIsStale() async throws {
    transport.enqueue(StubTransport.ok("characters.json", etag: "e1"), StubTransport.status(304))
    _ = try await listing()
    var entry = try #require(cache.entry(for: url))
    entry.fetchedAt = Date(timeIntervalSince1970: 1e300)
    try cache.store(entry)
    let again = try await listing()
    #expect(again.origin == .notModified, "revalidated, not trusted forever")
    entry.fetchedAt = clock.now.addingTimeInterval(LiveMarvelClient.clockSkew / 2)
    try cache.store(entry)
    #expect(try await listing().origin == .cache, "a little clock skew is fine")
  }
}
