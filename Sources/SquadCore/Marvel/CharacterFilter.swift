/// The `/characters` parameters squad sends; unset ones are left out, so the API's defaults apply (by name, 20).
struct CharacterFilter: Hashable, Sendable {
  var nameStartsWith: String?
  var orderBy: HeroOrder?
  /// 1…100.
  var limit: Int?
  var offset: Int?
}

extension CharacterFilter {
  init(_ query: HeroQuery) {
    self.init(
      nameStartsWith: query.namePrefix.flatMap { $0.isEmpty ? nil : $0 }, orderBy: query.order,
      limit: min(max(query.limit, 1), HeroQuery.maximumLimit), offset: query.offset)
  }

  var parameters: [URLQueryParameter] {
    [
      nameStartsWith.map { URLQueryParameter("nameStartsWith", $0) },
      orderBy.map { URLQueryParameter("orderBy", $0.rawValue) },
      limit.map { URLQueryParameter("limit", String($0)) },
      offset.flatMap { $0 == 0 ? nil : URLQueryParameter("offset", String($0)) },
    ].compactMap { $0 }
  }
}
