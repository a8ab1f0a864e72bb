import Foundation

/// The parameters of `/characters` squad sends: the name filters, the order and the window.
/// Unset ones are left out of the request, so the API applies its defaults.
struct CharacterFilter: Hashable, Sendable {
  /// A case-insensitive name prefix.
  var nameStartsWith: String?
  /// The order; the API's default is by name.
  var orderBy: HeroOrder?
  /// How many results, 1…100; the API's default is 20.
  var limit: Int?
  /// How many results to skip.
  var offset: Int?
}

extension CharacterFilter {
  /// The filter for one listing window of squad's own query.
  init(_ query: HeroQuery) {
    self.init(
      nameStartsWith: query.namePrefix.flatMap { $0.isEmpty ? nil : $0 }, orderBy: query.order,
      limit: min(max(query.limit, 1), HeroQuery.maximumLimit), offset: query.offset)
  }

  /// The query parameters in a fixed order.
  var parameters: [URLQueryParameter] {
    let all: [URLQueryParameter?] = [
      nameStartsWith.map { URLQueryParameter("nameStartsWith", $0) },
      orderBy.map { URLQueryParameter("orderBy", $0.rawValue) },
      limit.map { URLQueryParameter("limit", String($0)) },
      offset.flatMap { $0 == 0 ? nil : URLQueryParameter("offset", String($0)) },
    ]
    return all.compactMap { $0 }
  }
}
