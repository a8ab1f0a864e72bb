import Foundation

/// Runs the sync feature's effects: pages from the API, a few in flight at once, and one write
/// of the catalogue.
public struct SyncEffects: EffectRunner {
  /// Pages being fetched or read at once. The client keeps at most
  /// ``LiveMarvelClient/maximumRequestsInFlight`` (5) of them on the wire, polite to the API yet
  /// 16 pages in 4 round trips; twice that many in progress lets the next request leave while
  /// an answer that just arrived is still being decoded and cached.
  public static let pagesInProgress = 2 * LiveMarvelClient.maximumRequestsInFlight

  private let client: any MarvelClient
  private let store: CatalogueStore
  private let now: @Sendable () -> Date

  /// A runner over a client and the local catalogue.
  public init(client: any MarvelClient, store: CatalogueStore, now: @escaping @Sendable () -> Date = Date.init) {
    self.client = client
    self.store = store
    self.now = now
  }

  public func run(_ effect: SyncFeature.Effect, send: @escaping @Sendable (SyncFeature.Action) async -> Void) async {
    switch effect {
    case .fetchPages(let offsets, let force):
      await fetch(offsets, freshness: force ? .revalidate : .withinTTL, send: send)
    case .saveCatalogue(let heroes):
      do throws(PersistenceError) {
        try store.remember(heroes, at: now(), always: true)
        await send(.catalogueSaved(.success(store.catalogue.count)))
      } catch {
        await send(.catalogueSaved(.failure(error)))
      }
    }
  }

  /// Fetches every offset with at most `pagesInProgress` pages at once, sending each page as
  /// it arrives; the first failure stops the rest.
  private func fetch(
    _ offsets: [Int], freshness: CacheFreshness, send: @escaping @Sendable (SyncFeature.Action) async -> Void
  ) async {
    let client = client
    await withTaskGroup(of: Result<MarvelPage<Hero>, MarvelError>.self) { group in
      var pending = offsets.makeIterator()
      func startNext() {
        guard let offset = pending.next() else { return }
        let filter = CharacterFilter(HeroQuery(order: .name, offset: offset, limit: SyncFeature.pageSize))
        group.addTask { await client.characters(filter, freshness: freshness) }
      }
      for _ in 0..<Self.pagesInProgress { startNext() }
      while let result = await group.next() {
        await send(.pageLoaded(result))
        if case .failure = result {
          group.cancelAll()
          return
        }
        startNext()
      }
    }
  }
}
