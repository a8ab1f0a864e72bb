import Foundation

/// A Marvel API request before signing: a path and its query parameters, always spelled the same.
enum MarvelEndpoint: Hashable, Sendable {
  /// `/characters`, filtered, ordered and paged.
  case characters(CharacterFilter)
  /// `/characters/{id}`.
  case character(HeroID)
  /// `/characters/{id}/comics`, ordered and paged.
  case comics(of: HeroID, order: ComicOrder = .onSaleDescending, limit: Int = 20, offset: Int = 0)

  /// The path under the base URL, starting with `/`.
  var path: String {
    switch self {
    case .characters: return "/characters"
    case .character(let id): return "/characters/\(id.rawValue)"
    case .comics(let id, _, _, _): return "/characters/\(id.rawValue)/comics"
    }
  }

  /// The query parameters, without authentication.
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
  func url(base: String) -> String {
    MarvelURL.join(base: base, path: path, query: query)
  }
}

/// The order squad asks `/characters/{id}/comics` for.
enum ComicOrder: String, Hashable, Sendable {
  /// Newest on-sale date first.
  case onSaleDescending = "-onsaleDate"
}
