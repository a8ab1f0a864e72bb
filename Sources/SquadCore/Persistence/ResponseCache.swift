import Foundation

/// API answers kept on disk (`cache/responses/`), one file per unsigned request URL, so a repeat
/// within the TTL costs no request and a later one costs a 304.
///
/// Files are named by the MD5 of the unsigned URL. Each holds one line of JSON (that URL, the
/// ETag, when the answer was fetched) and then the body exactly as the server sent it, so
/// neither writing nor reading an answer re-encodes hundreds of kilobytes of JSON.
/// Authentication never reaches them: the key is the URL *before* signing.
public struct ResponseCache: Sendable {
  /// The folder of cached answers.
  public let directory: String

  /// A cache in the given folder (created on first write).
  public init(directory: String) { self.directory = directory }

  /// The file an unsigned URL is cached in.
  public func path(for url: String) -> String { directory + "/" + MD5.hex(url) + ".json" }

  /// The cached answer for an unsigned URL; nil when missing, unreadable, in another layout or
  /// for another URL.
  public func entry(for url: String) -> CachedResponse? {
    guard let file = try? FileBytes.read(path(for: url)), let newline = file.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(CachedResponse.Header.self, from: file[..<newline]), header.url == url
    else { return nil }
    return CachedResponse(
      url: url, etag: header.etag, fetchedAt: Date(timeIntervalSince1970: header.fetchedAt),
      body: Data(file[file.index(after: newline)...]))
  }

  /// Stores an answer atomically, replacing any earlier one for the same URL.
  public func store(_ entry: CachedResponse) throws(PersistenceError) {
    let target = path(for: entry.url)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard var file = try? encoder.encode(entry.header) else {
      throw PersistenceError(path: target, reason: .unwritable(detail: "cannot encode the response"))
    }
    file.append(UInt8(ascii: "\n"))
    file.append(entry.body)
    try AtomicFile.write(file, to: target)
  }
}

/// One cached API answer.
public struct CachedResponse: Hashable, Sendable {
  /// The unsigned request URL (no `apikey`, `ts` or `hash`).
  public var url: String
  /// The ETag the server sent, for `If-None-Match`.
  public var etag: String?
  /// When the answer was fetched or last revalidated.
  public var fetchedAt: Date
  /// The response body, as the server sent it (decompressed).
  public var body: Data

  /// A cached answer.
  public init(url: String, etag: String?, fetchedAt: Date, body: Data) {
    self.url = url
    self.etag = etag
    self.fetchedAt = fetchedAt
    self.body = body
  }

  /// The first line of a cache file.
  struct Header: Codable {
    var url: String
    var etag: String?
    var fetchedAt: Double
  }

  var header: Header { Header(url: url, etag: etag, fetchedAt: fetchedAt.timeIntervalSince1970) }
}
