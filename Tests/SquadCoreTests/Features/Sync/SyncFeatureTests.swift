import Foundation
import Testing

@testable import SquadCore

/// The sync reducer, pure: states, effects and the sentences the CLI prints from them.
@Suite struct SyncReducerTests {
  static let attribution = "Data provided by Marvel. © 2099 MARVEL"

  static func heroes(_ range: Range<Int>) -> [Hero] {
    range.map { Hero(id: HeroID(2_000_000 + $0), name: "Synthetic Hero \($0)") }
  }

  static func page(offset: Int, total: Int, origin: ResponseOrigin = .network, requests: Int = 1) -> MarvelPage<Hero> {
    MarvelPage(
      offset: offset, limit: 100, total: total, results: heroes(offset..<min(offset + 100, total)),
      attribution: attribution,
      origin: origin, requests: requests)
  }

  @Test func aSyncStartsWithTheFirstPage() {
    var state = SyncFeature.State.idle
    #expect(SyncFeature.reduce(&state, .syncRequested(force: true)) == [.fetchPages(offsets: [0], force: true)])
    #expect(state == .fetchingFirstPage(force: true))
    #expect(SyncCommand.status(state) == "Fetching page 1…")
  }

  /// Found by the attack: pages promising more and more (250, 1,000, 1,700) made `sync` say
  /// "Synced 250 heroes", exit 0, where `heroes --all` warned of what was missing.
  @Test func aTotalThatGrowsFromPageToPageIsAShortfall() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 250))))
    var second = Self.page(offset: 100, total: 250)
    second.total = 1_000
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(second)))
    var last = Self.page(offset: 200, total: 250)
    last.total = 1_700
    #expect(SyncFeature.reduce(&state, .pageLoaded(.success(last))) == [.saveCatalogue(keepsPages: false)])
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect(report.total == 1_700 && report.heroCount == 250)
    #expect(ShortListing.warning(promised: report.total, received: report.heroCount) != nil)
  }

  /// Found by the attack: the last planned page promising more than the first (a catalogue that
  /// grew meanwhile) ended the sync short, where `heroes --all` followed on.
  @Test func aFullLastPagePromisingMorePlansThePagesUpToItsTotal() {
    var state = SyncFeature.State.fetchingFirstPage(force: true)
    #expect(
      SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 200))))
        == [.fetchPages(offsets: [100], force: true)])
    #expect(
      SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 100, total: 450))))
        == [.fetchPages(offsets: [200, 300, 400], force: true)])
    #expect(SyncCommand.status(state) == "[########············] Fetching page 3 of 5…")
    for offset in [200, 300] {
      #expect(SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: offset, total: 450)))) == [])
    }
    #expect(
      SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 400, total: 450))))
        == [.saveCatalogue(keepsPages: true)])
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect(report.total == 450 && report.heroCount == 450 && report.pages == 5)
  }

  @Test func theFirstPageTellsHowManyPagesRemain() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    let effects = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 1562))))
    #expect(effects == [.fetchPages(offsets: Array(stride(from: 100, through: 1500, by: 100)), force: false)])
    guard case .fetching(let progress) = state else {
      Issue.record("expected fetching, got \(state)")
      return
    }
    #expect(progress.pageCount == 16)
    #expect(progress.pagesDone == 1)
    #expect(progress.heroCount == 100)
    #expect(SyncCommand.status(state) == "[#···················] Fetching page 2 of 16…")
  }

  @Test func everyPageIsCountedAndTheLastOneSavesOnce() {
    var state = SyncFeature.State.fetchingFirstPage(force: true)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 250, origin: .notModified))))
    #expect(SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 100, total: 250, requests: 2)))) == [])
    #expect(SyncCommand.status(state) == "[#############·······] Fetching page 3 of 3…")
    let last = Self.page(offset: 200, total: 250, origin: .cache, requests: 0)
    let effects = SyncFeature.reduce(&state, .pageLoaded(.success(last)))
    #expect(effects == [.saveCatalogue(keepsPages: true)])
    let tally = SyncTally(requests: 3, downloaded: 1, notModified: 1, fromCache: 1)
    let report = SyncReport(heroCount: 250, total: 250, pages: 3, tally: tally, attribution: Self.attribution)
    #expect(state == .saving(report))
    #expect(SyncCommand.status(state) == "Saving the catalogue…")
    #expect(SyncFeature.reduce(&state, .catalogueSaved(.success(380))) == [])
    #expect(
      state
        == .done(
          SyncReport(
            heroCount: 250, total: 250, pages: 3, tally: tally, attribution: Self.attribution, catalogueSize: 380)))
    #expect(SyncCommand.status(state) == nil)
  }

  @Test func squadsTheSyncCouldNotRefreshEndInTheReport() {
    let report = SyncReport(heroCount: 1, total: 1, pages: 1, tally: SyncTally(), attribution: "")
    var state = SyncFeature.State.saving(report)
    let problem = "The squad 'ro' was not refreshed: Could not write …/squads/ro/squad.json: it is read-only."
    let note = "…/squads/a/history.jsonl ended in a line cut short, not a whole entry; it was dropped."
    #expect(
      SyncFeature.reduce(&state, .catalogueSaved(.success(1562), squadProblems: [problem], squadNotes: [note])) == [])
    var done = report
    done.catalogueSize = 1562
    done.squadProblems = [problem]
    done.squadNotes = [note]
    #expect(state == .done(done))
  }

  @Test func aSmallCatalogueNeedsOnlyTheFirstPage() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    #expect(
      SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 40))))
        == [.saveCatalogue(keepsPages: true)])
    var empty = SyncFeature.State.fetchingFirstPage(force: false)
    #expect(
      SyncFeature.reduce(&empty, .pageLoaded(.success(Self.page(offset: 0, total: 0))))
        == [.saveCatalogue(keepsPages: true)])
  }

  @Test func aShortFirstPageEndsTheSyncWithWhatCame() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    var short = Self.page(offset: 0, total: 9_999_999)
    short.results = Array(short.results.prefix(30))
    // A listing cut short keeps no cache entry: the next sync asks again.
    #expect(SyncFeature.reduce(&state, .pageLoaded(.success(short))) == [.saveCatalogue(keepsPages: false)])
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect((report.heroCount, report.total, report.pages) == (30, 9_999_999, 1))
  }

  @Test func aListingThatEndsEarlySavesWhatCameAndCountsOnlyPagesReceived() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 9_999_999))))
    let short = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 100, total: 150))))
    #expect(short == [.stopFetching, .saveCatalogue(keepsPages: false)], "the pages still in progress are cancelled")
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect((report.heroCount, report.total, report.pages) == (150, 9_999_999, 2))
    let late = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 200, total: 9_999_999))))
    #expect(late == [], "a page that arrives after the stop changes nothing")
    #expect(SyncFeature.cancellation(of: .fetchPages(offsets: [100], force: false)) == .stopFetching)
    #expect(SyncFeature.cancellation(of: .saveCatalogue(keepsPages: true)) == nil)
  }

  @Test func aPageAtAnotherOffsetThanAskedEndsTheFetchLikeAShortOne() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 9_999_999))))
    let repeated = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 9_999_999))))
    #expect(repeated == [.stopFetching, .saveCatalogue(keepsPages: false)])
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect((report.heroCount, report.pages) == (100, 2), "the repeated heroes count once")
  }

  @Test func aFailedPageStopsTheFetch() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 9_999_999))))
    let failure = MarvelError.timedOut(seconds: 1, url: "u")
    #expect(SyncFeature.reduce(&state, .pageLoaded(.failure(failure))) == [.stopFetching])
    #expect(state == .failed(.api(failure)))
  }

  @Test func requestsForDiscardedPagesCountInTheTally() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 9_999_999))))
    #expect(SyncFeature.reduce(&state, .discardedRequests(8)) == [])
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 100, total: 150))))
    #expect(SyncFeature.reduce(&state, .discardedRequests(2)) == [])
    guard case .saving(let report) = state else {
      Issue.record("expected saving, got \(state)")
      return
    }
    #expect(report.tally == SyncTally(requests: 12, downloaded: 2))
    #expect(report.pages == 2, "pages count what was used")
    var failed = SyncFeature.State.failed(.api(.timedOut(seconds: 1, url: "u")))
    #expect(SyncFeature.reduce(&failed, .discardedRequests(3)) == [])
    #expect(failed == .failed(.api(.timedOut(seconds: 1, url: "u"))))
  }

  @Test func aHeroOnTwoPagesIsCountedOnce() {
    var progress = SyncProgress(pageCount: 2, total: 200)
    progress.add(Self.page(offset: 0, total: 200))
    progress.add(Self.page(offset: 50, total: 200))
    #expect(progress.heroCount == 150)
  }

  @Test func aFailedPageStopsTheSyncAndLatePagesChangeNothing() {
    var state = SyncFeature.State.fetchingFirstPage(force: false)
    _ = SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 0, total: 300))))
    let error = MarvelError.serverError(status: 500, attempts: 4, url: "u")
    #expect(SyncFeature.reduce(&state, .pageLoaded(.failure(error))) == [.stopFetching])
    #expect(state == .failed(.api(error)))
    #expect(SyncFeature.reduce(&state, .pageLoaded(.success(Self.page(offset: 100, total: 300)))) == [])
    #expect(state == .failed(.api(error)))
    #expect(SyncFailure.api(error).exitCode == .failure)
    #expect(SyncFailure.api(.credentials(status: 401, message: "x")).exitCode == .credentials)
    #expect(SyncFailure.api(.invalidResponse(status: 200, detail: "x", url: "u")).exitCode == .invalidData)
    #expect(SyncFailure.api(error).description.hasSuffix("The local catalogue was left as it was."))
  }

  @Test func aFailedSaveLeavesTheSyncFailed() {
    var state = SyncFeature.State.saving(
      SyncReport(heroCount: 1, total: 1, pages: 1, tally: SyncTally(), attribution: ""))
    let error = PersistenceError(path: "/x/catalogue.json", reason: .unwritable(detail: "read-only file system"))
    #expect(SyncFeature.reduce(&state, .catalogueSaved(.failure(error))) == [])
    #expect(state == .failed(.persistence(error)))
  }

  @Test func theSummarySaysWhatTheSyncCost() {
    func report(_ tally: SyncTally, heroes: Int = 1562) -> SyncReport {
      SyncReport(heroCount: heroes, total: heroes, pages: 16, tally: tally, attribution: "")
    }
    #expect(
      SyncCommand.summary(report(SyncTally(requests: 16, downloaded: 16))) == "Synced 1,562 heroes (16 requests).")
    #expect(
      SyncCommand.summary(report(SyncTally(requests: 16, notModified: 16)))
        == "Synced 1,562 heroes (16 requests, 16 not modified).")
    #expect(
      SyncCommand.summary(report(SyncTally(fromCache: 16)))
        == "Synced 1,562 heroes (0 requests, 16 pages from the cache).")
    #expect(
      SyncCommand.summary(report(SyncTally(requests: 1, downloaded: 1), heroes: 1)) == "Synced 1 hero (1 request).")
    #expect([0, 999, 1000, 1_234_567].map(Grouped.format) == ["0", "999", "1,000", "1,234,567"])
  }
}
