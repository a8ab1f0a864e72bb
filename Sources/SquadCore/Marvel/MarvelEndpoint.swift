/// A Marvel API request before signing: a path and its query parameters, always spelled the same.
enum MarvelEndpoint: Hashable, Sendable {
  case characters(CharacterFilter)
  case character(HeroID)
  case comics(of: HeroID, order: ComicOrder = .onSaleDescending, limit: Int = 20, offset: Int = 0)

  /// Under the base URL, starting with `/`.
  var path: String {
    switch self {
    case .characters: return "/characters"
    case .character(let id): return "/characters/\(id.rawValue)"
    case .comics(let id, _, _, _): return "/characters/\(id.rawValue)/comics"
    }
  }

  var query: [URLQueryParameter] {
    switch self {
    case .characters(let filter): return filter.parameters
    case .character: return []
    case .comics(_, let order, let limit, let offset):
      return [URLQueryParameter("orderBy", order.rawValue), URLQueryParameter("limit", String(limit))]
        + (offset == 0 ? [] : [URLQueryParameter("offset", String(offset))])
    }
  }

  /// The unsigned URL under `base`: safe to show, log and use as a cache key.
  func url(base: String) -> String { MarvelURL.join(base: base, path: path, query: query) }
}

enum ComicOrder: String, Hashable, Sendable {
  case onSaleDescending = "-onsaleDate"
}
