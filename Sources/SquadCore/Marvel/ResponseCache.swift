import Foundation

/// API answers kept on disk (`cache/responses/`), one JSON line per unsigned request URL, named by
/// its MD5; the items in short form (``CachedItems``), heroes rebuilt from the catalogue.
struct ResponseCache: Sendable {
  /// Created on first write.
  let directory: String
  /// Where cached character ids are looked up.
  var catalogue: CatalogueStore? = nil
  func path(for url: String) -> String { directory + "/" + MD5.hex(url) + ".json" }

  /// Nil when missing, unreadable or not a valid answer.
  func entry(for url: String) -> CachedResponse? {
    guard let bytes = try? BoundedInput.regularFile(path(for: url), limit: InputLimit.mappedFile),
      let entry = try? JSONDecoder().decode(CachedResponse.self, from: Data(bytes)), entry.url == url
    else { return nil }
    // Checked like the API answer it stands for (``MarvelPaging``).
    if let page = entry.page {
      guard (0...MarvelPaging.maximumTotal).contains(page.total),
        [page.offset, page.limit, page.items.count].allSatisfy((0...MarvelPaging.maximumWindow).contains)
      else { return nil }
    }
    return entry
  }

  /// Stores a new answer now, or hands one naming heroes back for whoever stores them.
  func storeOrHold(_ entry: CachedResponse) -> PendingCacheEntry? {
    guard catalogue != nil, case .heroes(let heroes)? = entry.page?.items, !heroes.isEmpty else {
      // A cache that cannot be written costs requests later, not correctness now.
      try? store(entry)
      return nil
    }
    return PendingCacheEntry(entry: entry, cache: self, heroes: Set(heroes.map(\.id)))
  }

  /// Atomically; the first store removes earlier layouts' files and leftovers.
  func store(_ entry: CachedResponse) throws(PersistenceError) {
    tidy()
    try AtomicFile.write(Data(CompactJSON.encode(entry) + [UInt8(ascii: "\n")]), to: path(for: entry.url))
  }

  private func tidy() {
    if Self.tidied.withLock({ $0.insert(directory).inserted }) { AtomicFile.removeLeftovers(in: directory) }
    let marker = directory + "/.layout-\(CachedResponse.layout)"
    guard !FileManager.default.fileExists(atPath: marker) else { return }
    try? AtomicFile.createDirectory(directory)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".json") {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
    _ = FileManager.default.createFile(atPath: marker, contents: Data())
  }

  private static let tidied = Mutex<Set<String>>([])
}

/// A new answer's entry that names heroes, written once they are all stored: the cache never runs ahead.
struct PendingCacheEntry: Hashable, Sendable, CustomTraceConvertible {
  let entry: CachedResponse
  let cache: ResponseCache
  let heroes: Set<Int>

  /// Writes the entry when every hero it names is among `stored` (nil: all were stored).
  func write(stored: Set<Int>? = nil) {
    guard stored.map(heroes.isSubset(of:)) ?? true else { return }
    // A cache that cannot be written costs requests later, not correctness now.
    try? cache.store(entry)
  }

  static func == (left: Self, right: Self) -> Bool { left.entry == right.entry }
  func hash(into hasher: inout Hasher) { hasher.combine(entry) }
  var traceValue: JSONValue { .string(entry.url) }
}

struct CachedResponse: Hashable, Sendable {
  /// The file layout this release writes; files of other layouts are misses.
  static let layout = 2
  /// Unsigned (no `apikey`, `ts` or `hash`).
  var url: String
  var etag: String?
  /// When the answer was fetched or last revalidated.
  var fetchedAt: Date
  var page: CachedPage?
}

/// A page as the cache keeps it: paging numbers and items in short form (``LeanCacheItem``).
struct CachedPage: Hashable, Sendable, Encodable {
  var offset: Int
  var limit: Int
  var total: Int
  var attribution: String
  var items: CachedItems
}

extension CachedResponse: Codable {
  // One line of JSON, the page's numbers beside the URL (the layout of the previous release).
  private enum Key: String, CodingKey { case layout, url, etag, fetchedAt, offset, limit, total, attribution, items }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard try container.decode(Int.self, forKey: .layout) == Self.layout else {
      throw DecodingError.dataCorruptedError(forKey: .layout, in: container, debugDescription: "another layout")
    }
    url = try container.decode(String.self, forKey: .url)
    etag = try container.decodeIfPresent(String.self, forKey: .etag)
    fetchedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .fetchedAt))
    guard container.contains(.items) else { return }
    page = CachedPage(
      offset: try container.decode(Int.self, forKey: .offset), limit: try container.decode(Int.self, forKey: .limit),
      total: try container.decode(Int.self, forKey: .total),
      attribution: try container.decodeIfPresent(String.self, forKey: .attribution) ?? DataSource.standardAttribution,
      items: try container.decode(CachedItems.self, forKey: .items))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(Self.layout, forKey: .layout)
    try container.encode(url, forKey: .url)
    try container.encode(etag, forKey: .etag)
    try container.encode(fetchedAt.timeIntervalSince1970, forKey: .fetchedAt)
    try page?.encode(to: encoder)
  }
}
