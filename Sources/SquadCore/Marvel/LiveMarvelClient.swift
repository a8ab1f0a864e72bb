import Foundation

/// The Marvel API over HTTP: signed requests, a response cache with ETag revalidation, and retries.
struct LiveMarvelClient: MarvelClient {
  let baseURL: String
  let credentials: MarvelCredentials
  /// Seconds one request may take, retries included.
  var timeout: Double = 10
  /// Seconds a cached answer is used without asking.
  var cacheTTL: Double = 86_400
  /// Nil disables caching.
  let cache: ResponseCache?
  var transport: any HTTPTransport = URLSessionTransport()
  var environment = MarvelClientEnvironment.live
  let retry = RetryPolicy()
  let limiter = RequestLimiter(limit: LiveMarvelClient.maximumRequestsInFlight)
  let sent = Mutex(0)
  static let maximumRequestsInFlight = 5
  /// Pages of one listing in progress at once, so the next request leaves while one is decoded.
  static let pagesInProgress = 2 * maximumRequestsInFlight
  var requestsSent: Int { sent.withLock { $0 } }

  func characters(_ filter: CharacterFilter, freshness: CacheFreshness) async -> Result<
    MarvelPage<Hero>, MarvelError
  > {
    let prefix = filter.nameStartsWith.map(HeroName.folded) ?? ""
    // A record whose name does not start with the prefix (case aside) answers another question.
    return await fetch(.characters(filter), as: CharacterDTO.self, freshness: freshness, map: \.hero) { page in
      page.results.first { !prefix.isEmpty && !HeroName.folded($0.name).hasPrefix(prefix) }.map {
        "a record named '\($0.name)' when names starting with '\(filter.nameStartsWith ?? "")' were asked for"
      }
    }
  }

  func character(_ id: HeroID) async -> Result<MarvelPage<Hero>, MarvelError> {
    // Marvel answers an id it does not know with 404: records of other ids alone are no answer.
    await fetch(.character(id), as: CharacterDTO.self, freshness: .withinTTL, map: \.hero) { page in
      guard let other = page.results.first, !page.results.contains(where: { $0.id == id }) else { return nil }
      return "records of other ids (\(other.id)) when \(id) was asked for"
    }
  }

  func comics(of id: HeroID, order: ComicOrder, limit: Int, offset: Int) async -> Result<
    MarvelPage<Comic>, MarvelError
  > {
    let endpoint = MarvelEndpoint.comics(of: id, order: order, limit: limit, offset: offset)
    return await fetch(endpoint, as: ComicDTO.self, freshness: .withinTTL, map: \.comic)
  }

  /// One endpoint through the cache: fresh → no request; stale → a conditional request whose 304
  /// reuses the cached page; a new valid answer is cached (heroes' by ``MarvelPage/pendingCache``).
  /// A page in which `stray` names a record that answers another question is an invalid answer.
  func fetch<DTO: Decodable, Item: LeanCacheItem>(
    _ endpoint: MarvelEndpoint, as dto: DTO.Type, freshness: CacheFreshness, map: (DTO) -> Item,
    stray: (MarvelPage<Item>) -> String? = { _ in nil }
  ) async -> Result<MarvelPage<Item>, MarvelError> {
    let address = endpoint.url(base: baseURL)
    // Credentials in the base URL go on the wire only, never into cache keys or messages.
    let url = MarvelURL.withoutUserInfo(address)
    func checked(_ page: MarvelPage<Item>) -> Result<MarvelPage<Item>, MarvelError> {
      stray(page).map { .failure(.invalidResponse(status: 200, detail: $0, url: url)) } ?? .success(page)
    }
    var cached: (entry: CachedResponse, page: MarvelPage<Item>)?
    // A cached page whose items cannot all be rebuilt is no cached page.
    if let cache, let entry = cache.entry(for: url), let short = entry.page,
      let results = Item.rebuilt(short.items, catalogue: cache.catalogue?.catalogue)
    {
      let page = MarvelPage(
        offset: short.offset, limit: short.limit, total: short.total, results: results, attribution: short.attribution)
      cached = (entry, page)
    }
    if let cached, freshness == .withinTTL, isFresh(cached.entry) {
      return checked(with(cached.page, origin: .cache, requests: 0))
    }
    var headers = ["Accept": "application/json", "Accept-Encoding": "gzip"]
    if let etag = cached?.entry.etag { headers["If-None-Match"] = etag }
    var response: HTTPResponse
    var attempts: Int
    switch await send(address, label: url, headers: headers) {
    case .failure(let error): return .failure(error)
    case .success(let answer): (response, attempts) = answer
    }
    if response.status == 304, let cached {
      if Self.sameValidator(response.header("ETag"), cached.entry.etag) {
        var entry = cached.entry
        entry.fetchedAt = environment.now()
        try? cache?.store(entry)
        return checked(with(cached.page, origin: .notModified, requests: attempts))
      }
      // A 304 naming another version must not freshen the cached page (RFC 9111 §4.3.4): ask again.
      headers["If-None-Match"] = nil
      switch await send(address, label: url, headers: headers) {
      case .failure(let error): return .failure(error)
      case .success(let answer): (response, attempts) = (answer.0, attempts + answer.1)
      }
    }
    guard (200...299).contains(response.status) else {
      return .failure(
        MarvelResponseDecoder.error(status: response.status, body: response.body, url: url, attempts: attempts))
    }
    let decoded = MarvelResponseDecoder.page(response.body, as: dto, status: response.status, url: url, map: map)
    // A short answer is not cached: replayed, it would cut every later listing at the same place.
    var pending: PendingCacheEntry?
    if case .success(let page) = decoded, page.results.count >= min(page.limit, page.total - page.offset) {
      let etag = response.header("ETag") ?? MarvelResponseDecoder.bodyETag(response.body)
      let short = CachedPage(
        offset: page.offset, limit: page.limit, total: page.total, attribution: page.attribution,
        items: Item.cached(page.results))
      pending = cache?.storeOrHold(CachedResponse(url: url, etag: etag, fetchedAt: environment.now(), page: short))
    }
    return decoded.flatMap {
      var page = with($0, origin: .network, requests: attempts)
      page.pendingCache = pending
      return checked(page)
    }
  }

  /// Whether a 304's ETag names the cached version, quotes and a weak `W/` aside; true without one.
  static func sameValidator(_ answered: String?, _ stored: String?) -> Bool {
    guard let answered, let stored else { return true }
    func bare(_ tag: String) -> Substring {
      var tag = Substring(tag.trimmingCharacters(in: .whitespaces))
      if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
      if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = tag.dropFirst().dropLast() }
      return tag
    }
    return bare(answered) == bare(stored)
  }

  /// Within the TTL and not from beyond ``clockSkew`` in the future.
  func isFresh(_ entry: CachedResponse) -> Bool {
    let age = environment.now().timeIntervalSince(entry.fetchedAt)
    return age > -Self.clockSkew && age < cacheTTL
  }

  /// How far in the future a cache entry's time may be (clocks of one machine disagree a little).
  static let clockSkew: Double = 300

  private func with<Item>(_ page: MarvelPage<Item>, origin: ResponseOrigin, requests: Int) -> MarvelPage<Item> {
    var page = page
    page.origin = origin
    page.requests = requests
    return page
  }
}
