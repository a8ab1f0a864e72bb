import Foundation
import Testing

@testable import SquadCore

/// The sync runner: a transcript with a stub API, the bound on requests in flight, and what is
/// written (once, at the end) or not.
@MainActor
@Suite struct SyncEffectsTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  func pages(total: Int) -> StubMarvelClient {
    StubMarvelClient(characters: { filter, freshness in
      let origin: ResponseOrigin = freshness == .revalidate ? .notModified : .network
      return .success(SyncReducerTests.page(offset: filter.offset ?? 0, total: total, origin: origin))
    })
  }

  @Test func aTwoPageSyncReadsLikeATranscript() async throws {
    let runner = SyncEffects(client: pages(total: 150), store: CatalogueStore(paths: paths), now: { Sample.moment })
    let store = TestStore<SyncFeature, SyncEffects>(initialState: .idle, runner: runner)
    let first = SyncReducerTests.page(offset: 0, total: 150)
    let second = SyncReducerTests.page(offset: 100, total: 150)
    let tally = SyncTally(requests: 2, downloaded: 2)
    let report = SyncReport(
      heroCount: 150, total: 150, pages: 2, tally: tally, attribution: SyncReducerTests.attribution)
    await store.send(.syncRequested(force: false)) { $0 = .fetchingFirstPage(force: false) }
    await store.receive(.pageLoaded(.success(first))) {
      var progress = SyncProgress(pageCount: 2, total: 150)
      progress.add(first)
      $0 = .fetching(progress)
    }
    await store.receive(.pageLoaded(.success(second))) { $0 = .saving(report) }
    let size = LocalCatalogue().count + 150
    await store.receive(.catalogueSaved(.success(size))) {
      var done = report
      done.catalogueSize = size
      $0 = .done(done)
    }
    store.finish()
    let saved = CatalogueStore(paths: paths).catalogue
    #expect(saved.count == size)
    #expect(saved.updatedAt == Sample.moment)
  }

  @Test func forceRevalidatesEveryPage() async {
    let client = pages(total: 250)
    let runner = SyncEffects(client: client, store: CatalogueStore(paths: paths))
    let collector = ActionCollector<SyncFeature.Action>()
    await runner.run(.fetchPages(offsets: [100, 200], force: true)) { collector.append($0) }
    #expect(Set(client.calls) == ["characters offset=100 revalidate", "characters offset=200 revalidate"])
    #expect(collector.actions.count == 2)
  }

  @Test func tenPagesAreInProgressAtOnce() async throws {
    // Ten pages at once: the live client keeps five of them on the wire (see
    // RequestLimiterTests), the others are being decoded or wait to be sent.
    let gate = Gate(holdUntil: SyncEffects.pagesInProgress)
    let client = StubMarvelClient(characters: { filter, _ in
      .success(SyncReducerTests.page(offset: filter.offset ?? 0, total: 1562))
    })
    let gated = GatedClient(inner: client, gate: gate)
    let runner = SyncEffects(client: gated, store: CatalogueStore(paths: paths))
    let collector = ActionCollector<SyncFeature.Action>()
    let offsets = Array(stride(from: 100, through: 1500, by: 100))
    // Should the runner ever allow fewer than ten at once, the gate would wait forever; the
    // watchdog opens it after a generous deadline so the test fails on `peak` instead of hanging.
    let watchdog = Task {
      try await Task.sleep(nanoseconds: 20_000_000_000)
      await gate.openNow()
    }
    await runner.run(.fetchPages(offsets: offsets, force: false)) { collector.append($0) }
    watchdog.cancel()
    #expect(SyncEffects.pagesInProgress == 10)
    #expect(await gate.peak == 10)
    #expect(client.calls.count == 15)
    #expect(collector.actions.count == 15)
  }

  @Test func anIdSentTwiceCountsAsFirstSent() throws {
    let spool = SyncSpool(folder: home.path)
    spool.add([Hero(id: HeroID(7), name: "First")])
    spool.add([Hero(id: HeroID(7), name: "Second"), Hero(id: HeroID(8), name: "Other")])
    spool.add([Hero(id: HeroID(8), name: "Cached"), Hero(id: HeroID(9), name: "Cached")], cached: true)
    var received: [String] = []
    try spool.eachHero { received.append($0.name) }
    #expect(received == ["First", "Other"])
    #expect(spool.cachedIDs == [HeroID(9)])
  }

  @Test func aSyncWhoseCachedPagesTheCatalogueLostMeanwhileSavesNothing() async throws {
    let first = SyncEffects(client: pages(total: 150), store: CatalogueStore(paths: paths), now: { Sample.moment })
    await first.run(.fetchPages(offsets: [0, 100], force: false)) { _ in }
    await first.run(.saveCatalogue(keepsPages: true)) { _ in }
    #expect(CatalogueStore(paths: paths).catalogue.origin(of: HeroID(2_000_120)) == .api)
    // Every page again from the cache (the API said "not modified"): nothing to write …
    let again = SyncEffects(client: pages(total: 150), store: CatalogueStore(paths: paths), now: { Sample.moment })
    await again.run(.fetchPages(offsets: [0, 100], force: true)) { _ in }
    let unchanged = ActionCollector<SyncFeature.Action>()
    await again.run(.saveCatalogue(keepsPages: true)) { unchanged.append($0) }
    #expect(unchanged.actions == [.catalogueSaved(.success(LocalCatalogue().count + 150), changed: false)])
    // … and a sync whose cached pages stand for heroes a reset took meanwhile saves nothing.
    let raced = SyncEffects(client: pages(total: 150), store: CatalogueStore(paths: paths), now: { Sample.moment })
    await raced.run(.fetchPages(offsets: [0, 100], force: true)) { _ in }
    try CatalogueStore(paths: paths).reset()
    #expect(CatalogueStore(paths: paths).catalogue.hero(HeroID(2_000_120)) == nil)
    let before = home.contents("catalogue.sqc")
    let failed = ActionCollector<SyncFeature.Action>()
    await raced.run(.saveCatalogue(keepsPages: true)) { failed.append($0) }
    let changed = PersistenceError(
      path: paths.catalogueFile, reason: .changedMeanwhile(during: "while the sync ran", command: "squad sync"))
    #expect(failed.actions == [.catalogueSaved(.failure(changed))])
    #expect(home.contents("catalogue.sqc") == before, "nothing written, nothing relabelled")
  }

  @Test func theFirstFailureStopsTheRestAndNothingIsWritten() async {
    let client = StubMarvelClient(characters: { filter, _ in
      filter.offset == 300
        ? .failure(.serverError(status: 500, attempts: 4, url: "u"))
        : .success(SyncReducerTests.page(offset: filter.offset ?? 0, total: 1562))
    })
    var seen: [SyncFeature.Action] = []
    let runner = SyncEffects(client: client, store: CatalogueStore(paths: paths))
    let store = Store<SyncFeature, SyncEffects>(initialState: .idle, runner: runner) { action, _ in seen.append(action)
    }
    await store.run(.syncRequested(force: false))
    // The reducer stops the fetch at the failure: the pages after the ten in progress are never asked for.
    #expect(client.calls.count < 16)
    let pages = seen.filter { if case .pageLoaded = $0 { true } else { false } }
    #expect(pages.last == .pageLoaded(.failure(.serverError(status: 500, attempts: 4, url: "u"))))
    #expect(pages.count == 4, "pages 0, 100 and 200, then the failure at 300")
    #expect(store.state == .failed(.api(.serverError(status: 500, attempts: 4, url: "u"))))
    #expect(!FileManager.default.fileExists(atPath: paths.catalogueFile))
  }
}

/// Holds the first `holdUntil` callers until that many are waiting together (proving they were
/// in flight at once), then lets everyone through; records the most ever inside.
actor Gate {
  private let holdUntil: Int
  private(set) var inside = 0
  private(set) var peak = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var open = false

  init(holdUntil: Int) { self.holdUntil = holdUntil }

  func enter() async {
    inside += 1
    peak = max(peak, inside)
    guard !open else { return }
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      if waiting.count >= holdUntil { openNow() }
    }
  }

  func openNow() {
    open = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }

  func leave() { inside -= 1 }
}

/// A client that passes every listing through a gate.
struct GatedClient: MarvelClient {
  let inner: StubMarvelClient
  let gate: Gate

  func characters(_ filter: CharacterFilter, freshness: CacheFreshness) async -> Result<MarvelPage<Hero>, MarvelError> {
    await gate.enter()
    let result = await inner.characters(filter, freshness: freshness)
    await gate.leave()
    return result
  }
  var requestsSent: Int { inner.requestsSent }
  func character(_ id: HeroID) async -> Result<MarvelPage<Hero>, MarvelError> { await inner.character(id) }
  func comics(of id: HeroID, order: ComicOrder, limit: Int, offset: Int) async -> Result<
    MarvelPage<Comic>, MarvelError
  > {
    await inner.comics(of: id, order: order, limit: limit, offset: offset)
  }
}
