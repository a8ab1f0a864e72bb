/// The Marvel API as squad uses it. The live client signs, caches and retries; tests stub it.
protocol MarvelClient: Sendable {
  func characters(_ filter: CharacterFilter, freshness: CacheFreshness) async -> Result<MarvelPage<Hero>, MarvelError>
  /// A page of at most one hero (404 is `.notFound`).
  func character(_ id: HeroID) async -> Result<MarvelPage<Hero>, MarvelError>
  func comics(of id: HeroID, order: ComicOrder, limit: Int, offset: Int) async -> Result<
    MarvelPage<Comic>, MarvelError
  >
  /// HTTP requests this client has sent so far, retries included, whether their answers were used or not.
  var requestsSent: Int { get }
}

enum CacheFreshness: Hashable, Sendable {
  /// Within the TTL the cache answers without a request; after it, revalidate.
  case withinTTL
  /// Always ask, but conditionally (`If-None-Match`), so an unchanged answer costs a 304.
  case revalidate
}

/// How an answer was obtained, so commands can count what the network cost.
enum ResponseOrigin: Hashable, Sendable {
  /// Within its TTL, with no request.
  case cache
  /// The server said 304 and the cached body was reused.
  case notModified
  case network
}

struct MarvelPage<Item: Hashable & Sendable>: Hashable, Sendable {
  var offset: Int
  var limit: Int
  var total: Int
  var results: [Item]
  /// Marvel's `attributionText`.
  var attribution: String
  var origin = ResponseOrigin.network
  /// HTTP requests it cost, retries included (0 from the cache).
  var requests = 1
  /// A new answer's cache entry, for the caller to write once it has stored the page's heroes.
  var pendingCache: PendingCacheEntry?
}
