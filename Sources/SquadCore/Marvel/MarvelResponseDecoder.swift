import Foundation

/// Turns HTTP answers into pages or typed errors; every odd body becomes a ``MarvelError``.
enum MarvelResponseDecoder {
  static func page<DTO: Decodable, Item>(
    _ body: Data, as dto: DTO.Type, status: Int, url: String, map: (DTO) -> Item
  ) -> Result<MarvelPage<Item>, MarvelError> {
    let repeated = body.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      return try? reader.repeatedKey()
    }
    if let repeated {
      let detail = "'\(TextSnippet.quote(repeated))' is given twice; squad will not guess which one counts"
      return .failure(.invalidResponse(status: status, detail: detail, url: url))
    }
    do {
      let envelope = try JSONDecoder().decode(MarvelEnvelope<DTO>.self, from: body)
      return .success(
        MarvelPage(
          offset: envelope.data.offset, limit: envelope.data.limit, total: envelope.data.total,
          results: envelope.data.results.map(map),
          attribution: envelope.attributionText ?? DataSource.standardAttribution))
    } catch {
      return .failure(.invalidResponse(status: status, detail: describe(body, error: error), url: url))
    }
  }

  /// The ETag a body carries in its `etag` field, for servers that leave out the header.
  static func bodyETag(_ body: Data) -> String? {
    struct Tagged: Decodable { var etag: String? }
    return (try? JSONDecoder().decode(Tagged.self, from: body))?.etag
  }

  /// The error an unsuccessful status means, with the server's message when it sent one.
  static func error(status: Int, body: Data, url: String, attempts: Int) -> MarvelError {
    let parsed = try? JSONDecoder().decode(MarvelErrorBody.self, from: body)
    let message = parsed?.message ?? "no message (\(describe(body, error: nil)))"
    switch status {
    case 401: return .credentials(status: status, message: message)
    case 409 where parsed?.code == "MissingParameter": return .credentials(status: status, message: message)
    case 404: return .notFound(message: message, url: url)
    case 429: return .throttled(attempts: attempts, url: url)
    case 500...599: return .serverError(status: status, attempts: attempts, url: url)
    case 400...499: return .rejected(status: status, message: message, url: url)
    default: return .invalidResponse(status: status, detail: "an unexpected HTTP status", url: url)
    }
  }

  static func describe(_ body: Data, error: (any Error)?) -> String {
    let text = body.prefix(512)
    guard let first = text.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
      return "an empty body"
    }
    if first == UInt8(ascii: "<") { return "an HTML page, not JSON" }
    guard let error else { return "not a Marvel error body" }
    let detail = DecodingErrorText.describe(error)
    guard detail == "not valid JSON" else { return "JSON of the wrong shape, \(detail)" }
    return JSONReader.nestsTooDeeply([UInt8](body))
      ? DecodingErrorText.nestsTooDeeply : "not valid JSON (cut short or garbled)"
  }
}
