/// Copying the whole character catalogue from the API into the local catalogue.
///
/// The first page (100 heroes) says how many there are; the rest are fetched together, a few
/// at a time, and more are planned when the last planned page promises more; the catalogue is
/// written once, at the end, so an interrupted sync changes nothing.
enum SyncFeature: Feature {
  /// Heroes per request: the API's maximum.
  static let pageSize = 100

  enum State: Equatable, Sendable {
    case idle
    /// Asking for the first page, which gives the total.
    case fetchingFirstPage(force: Bool)
    case fetching(SyncProgress)
    case saving(SyncReport)
    case done(SyncReport)
    /// Stopped; the catalogue is unchanged.
    case failed(SyncFailure)
  }

  enum Action: Equatable, Sendable {
    case syncRequested(force: Bool)
    /// A page arrived (pages arrive in the order they were asked for).
    case pageLoaded(Result<MarvelPage<Hero>, MarvelError>)
    /// The catalogue was saved (its size; `changed`: written, not already holding it all) and the
    /// squads refreshed (``SyncReport/squadProblems``, ``SyncReport/squadNotes``).
    case catalogueSaved(
      Result<Int, PersistenceError>, squadProblems: [String] = [], squadNotes: [String] = [], changed: Bool = true)
    /// Requests sent for pages the sync started and then did not need (in flight when the
    /// listing ended, cancelled or answered too late): they went on the wire, so they count.
    case discardedRequests(Int)
  }

  enum Effect: Equatable, Sendable {
    /// `force` revalidates cached pages instead of trusting them within the TTL.
    case fetchPages(offsets: [Int], force: Bool)
    /// Merge the spooled heroes into the local catalogue and write it once; the pages' cache entries
    /// are kept only when the listing came whole, so a short one is fetched again, not replayed.
    case saveCatalogue(keepsPages: Bool)
    /// Stop fetching: the pages still in progress are cancelled (``cancellation(of:)``).
    case stopFetching
  }

  static func cancellation(of effect: Effect) -> Effect? {
    guard case .fetchPages = effect else { return nil }
    return .stopFetching
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .syncRequested(let force)):
      state = .fetchingFirstPage(force: force)
      return [.fetchPages(offsets: [0], force: force)]
    case (.fetchingFirstPage(let force), .pageLoaded(.success(let page))):
      var progress = SyncProgress(pageCount: 1, total: page.total)
      progress.force = force
      return received(page, &state, progress)
    case (.fetching(let progress), .pageLoaded(.success(let page))):
      return received(page, &state, progress)
    case (.fetchingFirstPage, .pageLoaded(.failure(let error))):
      state = .failed(.api(error))
      return []
    case (.fetching, .pageLoaded(.failure(let error))):
      state = .failed(.api(error))
      return [.stopFetching]
    case (.fetching(var progress), .discardedRequests(let count)):
      progress.tally.requests += count
      state = .fetching(progress)
      return []
    case (.saving(var report), .discardedRequests(let count)):
      report.tally.requests += count
      state = .saving(report)
      return []
    case (.saving(var report), .catalogueSaved(.success(let catalogueSize), let problems, let notes, let changed)):
      report.catalogueSize = catalogueSize
      report.catalogueChanged = changed
      report.squadProblems = problems
      report.squadNotes = notes
      state = .done(report)
      return []
    case (.saving, .catalogueSaved(.failure(let error), _, _, _)):
      state = .failed(.persistence(error))
      return []
    default:
      // Late pages after a failure, or anything out of turn, change nothing.
      return []
    }
  }

  // The one stop rule, for every page: the fetch goes on after a full page at the offset asked
  // for (``ListingPaging``) while planned pages remain; otherwise what came is saved, and the
  // pages still in progress are cancelled. Pages are planned up to the latest page's total, as
  // `heroes --all` does: when the last planned page is full and promises more (a catalogue that
  // grew meanwhile), the pages up to its total are planned and fetched next.
  private static func received(_ page: MarvelPage<Hero>, _ state: inout State, _ progress: SyncProgress) -> [Effect] {
    var progress = progress
    let requested = progress.pagesDone * pageSize
    progress.add(page)
    let step = ListingPaging.after(
      requested: requested, limit: pageSize, offset: page.offset, count: page.results.count, total: page.total)
    let remaining = progress.pagesDone < progress.pageCount
    if case .next(let offset) = step {
      let more = remaining ? [] : Array(stride(from: offset, to: page.total, by: pageSize))
      progress.pageCount += more.count
      state = .fetching(progress)
      return more.isEmpty ? [] : [.fetchPages(offsets: more, force: progress.force)]
    }
    state = .saving(progress.report)
    // The same rule as the short-listing warning: pages are kept exactly when none is said.
    let short = progress.report.heroCount < progress.report.total
    return (remaining ? [.stopFetching] : []) + [.saveCatalogue(keepsPages: !short)]
  }
}
