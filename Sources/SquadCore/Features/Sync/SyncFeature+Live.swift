import Foundation

/// Runs the sync feature's effects: pages from the API, a few in flight at once, and one write
/// of the catalogue.
public struct SyncEffects: EffectRunner {
  /// The most requests in flight at once: polite to the API, yet 16 pages take 4 round trips.
  public static let maximumInFlight = 5

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

  /// Fetches every offset with at most `maximumInFlight` requests at once, sending each page as
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
      for _ in 0..<Self.maximumInFlight { startNext() }
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
