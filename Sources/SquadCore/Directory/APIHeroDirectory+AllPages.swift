/// `heroes --all` against the API: as many requests as pages, but a few in flight at once and one
/// write of the local catalogue, like `sync`.
extension APIHeroDirectory {
  /// Pages in progress at once, as in `sync` (the client keeps at most 5 requests on the wire).
  static let pagesInProgress = SyncEffects.pagesInProgress

  /// The first page says how many there are; the rest are fetched a few at a time and handed
  /// over in order. Every hero the API sent is learnt in one write at the end.
  public func allPages(
    from query: HeroQuery, receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void
  ) async {
    var window = query
    window.limit = maximumPageSize
    var learnt: [Hero] = []
    defer { learn(learnt) }
    var start: Int? = window.offset
    while let offset = start {
      window.offset = offset
      let (result, heroes) = await unlearntPage(window)
      learnt += heroes
      await receive(result)
      guard case .success(let page) = result, let next = page.nextOffset(requested: offset) else { return }
      let planned = Array(stride(from: next, to: page.total, by: maximumPageSize))
      start = await fetchInOrder(planned, like: window, learnt: &learnt, receive: receive)
    }
  }

  /// Fetches the pages at `offsets` concurrently and hands them over in order. Returns where the
  /// listing goes on when a page says it goes on elsewhere than planned (the catalogue changed
  /// meanwhile), nil when it ended or failed.
  private func fetchInOrder(
    _ offsets: [Int], like window: HeroQuery, learnt: inout [Hero],
    receive: @escaping @Sendable (Result<HeroPage, SourceError>) async -> Void
  ) async -> Int? {
    await withTaskGroup(of: (Int, Result<HeroPage, SourceError>, [Hero]).self) { group in
      var pending = offsets.makeIterator()
      func startNext() {
        guard let offset = pending.next() else { return }
        var query = window
        query.offset = offset
        group.addTask {
          let (result, heroes) = await unlearntPage(query)
          return (offset, result, heroes)
        }
      }
      for _ in 0..<Self.pagesInProgress { startNext() }
      var arrived: [Int: (Result<HeroPage, SourceError>, [Hero])] = [:]
      var delivered = 0
      while let (offset, result, heroes) = await group.next() {
        arrived[offset] = (result, heroes)
        while delivered < offsets.count, let (result, heroes) = arrived.removeValue(forKey: offsets[delivered]) {
          let requested = offsets[delivered]
          delivered += 1
          learnt += heroes
          await receive(result)
          guard case .success(let page) = result, let next = page.nextOffset(requested: requested) else {
            group.cancelAll()
            return nil
          }
          if delivered == offsets.count || next != offsets[delivered] {
            group.cancelAll()
            return next
          }
        }
        startNext()
      }
      return nil
    }
  }
}
