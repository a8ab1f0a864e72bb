import Foundation

/// API answers kept on disk (`cache/responses/`), one file per unsigned request URL, so a repeat
/// within the TTL costs no request and a later one costs a 304.
///
/// Files are named by the MD5 of the unsigned URL and hold that URL, the ETag, when the answer
/// was fetched and its body. Authentication never reaches them: the key is the URL *before*
/// signing.
public struct ResponseCache: Sendable {
  /// The folder of cached answers.
  public let directory: String

  /// A cache in the given folder (created on first write).
  public init(directory: String) { self.directory = directory }

  /// The file an unsigned URL is cached in.
  public func path(for url: String) -> String { directory + "/" + MD5.hex(url) + ".json" }

  /// The cached answer for an unsigned URL; nil when missing, unreadable or for another URL.
  public func entry(for url: String) -> CachedResponse? {
    guard let data = FileManager.default.contents(atPath: path(for: url)),
      let entry = try? JSONDecoder().decode(CachedResponse.self, from: data), entry.url == url
    else { return nil }
    return entry
  }

  /// Stores an answer atomically, replacing any earlier one for the same URL.
  public func store(_ entry: CachedResponse) throws(PersistenceError) {
    let target = path(for: entry.url)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(entry) else {
      throw PersistenceError(path: target, reason: .unwritable(detail: "cannot encode the response"))
    }
    try AtomicFile.write(data, to: target)
  }
}

/// One cached API answer.
public struct CachedResponse: Hashable, Sendable, Codable {
  /// The unsigned request URL (no `apikey`, `ts` or `hash`).
  public var url: String
  /// The ETag the server sent, for `If-None-Match`.
  public var etag: String?
  /// When the answer was fetched or last revalidated.
  public var fetchedAt: Date
  /// The response body, as UTF-8 JSON text.
  public var body: String

  /// A cached answer.
  public init(url: String, etag: String?, fetchedAt: Date, body: String) {
    self.url = url
    self.etag = etag
    self.fetchedAt = fetchedAt
    self.body = body
  }

  private enum CodingKeys: String, CodingKey { case url, etag, fetchedAt, body }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    url = try container.decode(String.self, forKey: .url)
    etag = try container.decodeIfPresent(String.self, forKey: .etag)
    fetchedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .fetchedAt))
    body = try container.decode(String.self, forKey: .body)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(url, forKey: .url)
    try container.encodeIfPresent(etag, forKey: .etag)
    try container.encode(fetchedAt.timeIntervalSince1970, forKey: .fetchedAt)
    try container.encode(body, forKey: .body)
  }
}
