import Foundation

/// Heroes from the Marvel API per the data policy (docs/MARVEL-API.md): every hero it sends is taught
/// to the local catalogue, which stands in, labelled, when the API cannot answer. After one outage the
/// rest of the run asks the catalogue alone: one command should not wait through the retries twice.
struct APIHeroSource: HeroSource {
  let client: any MarvelClient
  let store: CatalogueStore
  var now: @Sendable () -> Date = Date.init
  private let outage = Mutex<MarvelError?>(nil)
  var maximumPageSize: Int { HeroQuery.maximumLimit }

  func page(_ query: HeroQuery) async -> Result<HeroPage, SourceError> {
    if let source = localSource(for: query) { return .success(store.catalogue.page(query, source: source)) }
    switch await ask({ await client.characters(CharacterFilter(query), freshness: .withinTTL) }) {
    case .success(let page):
      let heroes = page.results.firstOfEachID()
      let kept = asKept(heroes)
      learn(page.origin == .network ? heroes : [], caching: [page.pendingCache])
      // A server sending more than asked does not decide how many rows a script gets.
      return .success(
        HeroPage(
          whole: Array(kept.prefix(query.limit)), offset: page.offset, total: page.total,
          source: .api(attribution: page.attribution)))
    case .failure(let error): return fallback(error) { store.catalogue.page(query, source: $0) }
    }
  }

  func hero(_ id: HeroID) async -> Result<Sourced<Hero?>, SourceError> {
    switch await ask({ await client.character(id) }) {
    case .success(let page):
      let answered = page.results.filter { $0.id == id }.firstOfEachID()
      let kept = asKept(answered)
      learn(page.origin == .network ? answered : [], caching: [page.pendingCache])
      return .success(Sourced(kept.first, source: .api(attribution: page.attribution)))
    case .failure(.notFound):
      // A hero the API does not know may be one an imported archive brought: its record stands in.
      let local = store.catalogue.hero(id)
      return .success(
        Sourced(local, source: local == nil ? .api(attribution: DataSource.standardAttribution) : standingIn))
    case .failure(let error): return fallback(error) { Sourced(store.catalogue.hero(id), source: $0) }
    }
  }

  func heroes(namePrefix prefix: String, limit: Int) async -> Result<Sourced<[Hero]>, SourceError> {
    let filter = CharacterFilter(
      nameStartsWith: prefix, orderBy: .name, limit: min(max(limit, 1), HeroQuery.maximumLimit))
    switch await ask({ await client.characters(filter, freshness: .withinTTL) }) {
    case .success(let page):
      let heroes = page.results.firstOfEachID()
      let kept = asKept(heroes)
      learn(page.origin == .network ? heroes : [], caching: [page.pendingCache])
      return .success(Sourced(kept, source: .api(attribution: page.attribution)))
    case .failure(let error):
      return fallback(error) { Sourced(store.catalogue.matching(prefix: prefix, limit: limit), source: $0) }
    }
  }

  func comics(of id: HeroID) async -> Result<Sourced<ComicsSummary?>, SourceError> {
    switch await ask({ await client.comics(of: id, order: .onSaleDescending, limit: 2, offset: 0) }) {
    case .success(let page):
      let summary = ComicsSummary(total: page.total, latest: Array(page.results.prefix(2)))
      return .success(Sourced(summary, source: .api(attribution: page.attribution)))
    case .failure(.notFound) where store.catalogue.summary(id) != nil:
      return .success(Sourced(store.catalogue.comicsSummary(of: id), source: standingIn))
    case .failure(.notFound): return .success(Sourced(nil, source: .api(attribution: DataSource.standardAttribution)))
    case .failure(let error): return fallback(error) { Sourced(store.catalogue.comicsSummary(of: id), source: $0) }
    }
  }

  func suggestions(for name: String) async -> [Hero] {
    let catalogue = store.catalogue
    return HeroMatcher.suggestions(for: HeroName.folded(name), in: catalogue.summaries).compactMap {
      catalogue.hero($0.id)
    }
  }

  func catalogueHeroes(matching name: String) async -> [Hero] {
    let catalogue = store.catalogue
    return HeroMatcher.matching(name, in: catalogue.summaries).compactMap { catalogue.hero($0.id) }
  }

  /// The API's answer, or the earlier outage without asking again.
  func ask<Value>(_ request: () async -> Result<Value, MarvelError>) async -> Result<Value, MarvelError> {
    if let error = outage.withLock({ $0 }) { return .failure(error) }
    let result = await request()
    // A request cancelled because its answer is no longer wanted says nothing about the API.
    if case .failure(let error) = result, error.isUnavailable, !Task.isCancelled { outage.withLock { $0 = error } }
    return result
  }

  /// Of the local record of a hero the API says it does not have.
  private var standingIn: DataSource { .catalogue(reason: .apiDoesNotKnow, updatedAt: store.catalogue.updatedAt) }

  /// Of a local answer to a query the API cannot answer; nil when it can.
  func localSource(for query: HeroQuery) -> DataSource? {
    query.apiCannot.map { .catalogue(reason: .apiCannot($0), updatedAt: store.catalogue.updatedAt) }
  }

  /// The local answer when the API could not answer at all; the error itself otherwise.
  func fallback<Value>(_ error: MarvelError, answer: (DataSource) -> Value) -> Result<Value, SourceError> {
    guard error.isUnavailable else { return .failure(error.sourceError) }
    // A catalogue that cannot be read cannot stand in: the read's error, never "no such hero".
    do throws(PersistenceError) { _ = try store.read() } catch { return .failure(.storage(error)) }
    return .success(answer(.fallback(problem: error.summary, updatedAt: store.catalogue.updatedAt)))
  }

  /// Each hero as the catalogue keeps it once the answer is merged in (``HeroMerge``), as a later
  /// answer from the cache shows it (``LeanCacheItem``): a hero reads the same every time.
  func asKept(_ heroes: [Hero]) -> [Hero] {
    heroes.map { hero in store.catalogue.hero(hero.id).map { HeroMerge.merged($0, hero) } ?? hero }
  }

  // Only what the API sent now: a cached page is the catalogue's own records (``LeanCacheItem``),
  // and learning them again would relabel bundled records the API's answer did not replace.
  func learn(_ heroes: [Hero], caching pending: [PendingCacheEntry?]) {
    guard !heroes.isEmpty else { return }
    // The answer stands even when the catalogue cannot be written (said once: offline commands
    // will not know what it brought); the next one tries again.
    do throws(PersistenceError) { try store.remember(heroes, at: now()) } catch {
      store.sayNotKept(error)
      return
    }
    let stored = Set(heroes.map(\.id.rawValue))
    for case let entry? in pending { entry.write(stored: stored) }
  }
}
