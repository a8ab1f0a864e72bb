extension APIHeroSource {
  /// `heroes --all`, like `sync` (``ListingPaging``): the first page says how many there are; the rest
  /// come a few at a time, handed over in order, each hero once. A later page's failure fails the
  /// listing (no local heroes mixed in); every hero the API sent is learnt in one write at the end.
  func allPages(
    from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void
  ) async {
    if let source = localSource(for: query) {
      return await receive(.success(localListing(from: query, source: source)))
    }
    var template = query
    template.limit = maximumPageSize
    let window = template
    let client = client
    let first: MarvelPage<Hero>
    switch await ask({ await client.characters(CharacterFilter(window), freshness: .withinTTL) }) {
    case .success(let page): first = page
    case .failure(let error):
      // The API never answered: the whole listing comes from the local catalogue, labelled so.
      await receive(fallback(error) { localListing(from: query, source: $0) })
      return
    }
    func paging(_ page: MarvelPage<Hero>, requested: Int) -> ListingPaging {
      ListingPaging.after(
        requested: requested, limit: window.limit, offset: page.offset, count: page.results.count, total: page.total)
    }
    var learnt: [Hero] = []
    var pendingCache: [PendingCacheEntry?] = []
    var seen: Set<HeroID> = []
    // Heroes already handed over are left out, so the catalogue keeps the version that was printed.
    func handOver(_ page: MarvelPage<Hero>, ending step: ListingPaging) -> HeroPage {
      let fresh = page.results.filter { seen.insert($0.id).inserted }
      if page.origin == .network {
        learnt += fresh
        pendingCache.append(page.pendingCache)
      }
      return HeroPage(
        whole: fresh, offset: page.offset, total: page.total, source: .api(attribution: page.attribution),
        endsListing: step.endsListing)
    }
    var step = paging(first, requested: window.offset)
    await receive(.success(handOver(first, ending: step)))
    var total = first.total
    // Pages are planned up to the latest total; a catalogue that grew meanwhile is followed on.
    while case .next(let next) = step {
      let offsets = Array(stride(from: next, to: total, by: window.limit))
      await InOrderConcurrently.run(offsets, limit: LiveMarvelClient.pagesInProgress) { offset in
        var page = window
        page.offset = offset
        return await client.characters(CharacterFilter(page), freshness: .withinTTL)
      } consume: { offset, result in
        switch result {
        case .failure(let error):
          await receive(.failure(error.sourceError))
          step = .short
          return false
        case .success(let page):
          step = paging(page, requested: offset)
          total = page.total
          await receive(.success(handOver(page, ending: step)))
          return !step.endsListing
        }
      }
    }
    learn(learnt, caching: pendingCache)
  }

  private func localListing(from query: HeroQuery, source: DataSource) -> HeroPage {
    var everything = query
    everything.limit = Int.max
    return store.catalogue.page(everything, source: source).endingListing()
  }
}
