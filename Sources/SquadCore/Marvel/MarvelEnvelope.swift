/// The wrapper of every successful Marvel answer: attribution, ETag and a page of results.
struct MarvelEnvelope<Item: Decodable>: Decodable {
  var attributionText: String?
  var etag: String?
  var data: Container

  struct Container: Decodable {
    var offset: Int
    var limit: Int
    var total: Int
    var count: Int
    var results: [Item]

    private enum CodingKeys: String, CodingKey { case offset, limit, total, count, results }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      results = try container.decode([Item].self, forKey: .results)
      total = try container.wholeNumber(.total)
      offset = try container.wholeNumberIfPresent(.offset) ?? 0
      count = try container.wholeNumberIfPresent(.count) ?? results.count
      limit = try container.wholeNumberIfPresent(.limit) ?? results.count
      // Paging numbers feed arithmetic: ones no catalogue can have make the answer invalid.
      for (key, value, maximum) in [
        (CodingKeys.total, total, MarvelPaging.maximumTotal), (.offset, offset, MarvelPaging.maximumWindow),
        (.count, count, MarvelPaging.maximumWindow), (.limit, limit, MarvelPaging.maximumWindow),
      ] where !(0...maximum).contains(value) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "\(value) is not a count between 0 and \(maximum)")
      }
      // Marvel's count is the number of results in this page: one that disagrees is no Marvel answer.
      guard count == results.count else {
        throw DecodingError.dataCorruptedError(
          forKey: .count, in: container,
          debugDescription: "\(count) is not the number of results this page holds (\(results.count))")
      }
      // A page holding heroes past the listing's end lies about its total.
      guard results.isEmpty || offset + results.count <= total else {
        throw DecodingError.dataCorruptedError(
          forKey: .total, in: container,
          debugDescription: "\(total) is fewer than the \(offset + results.count) heroes up to the end of this page")
      }
    }
  }
}

enum MarvelPaging {
  /// The largest `total`: the most heroes squad keeps (``CatalogueLimits/maximumHeroes``), which
  /// also ends a listing whose total grows at every page.
  static let maximumTotal = CatalogueLimits.maximumHeroes
  /// Of `offset`, `limit` or `count`.
  static let maximumWindow = Int(Int32.max)
}

/// The error body, in either of Marvel's two shapes: `{"code": "…", "message": …}` or `{"code": 409, "status": …}`.
struct MarvelErrorBody: Decodable, Equatable {
  /// `InvalidCredentials`, `MissingParameter`, …, or the integer code as text.
  var code: String?
  var message: String?

  private enum CodingKeys: String, CodingKey { case code, message, status }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code =
      (try? container.decode(String.self, forKey: .code))
      ?? (try? container.decode(Int.self, forKey: .code)).map(String.init)
    message =
      (try? container.decode(String.self, forKey: .message)) ?? (try? container.decode(String.self, forKey: .status))
  }
}
