import Foundation

/// The parameters of `/characters`: every filter, the order and the window. Unset ones are left
/// out of the request, so the API applies its defaults.
public struct CharacterFilter: Hashable, Sendable {
  /// An exact name.
  public var name: String?
  /// A case-insensitive name prefix.
  public var nameStartsWith: String?
  /// Only characters changed since this moment.
  public var modifiedSince: Date?
  /// Only characters in any of these comics (at most 10 ids).
  public var comics: [Int] = []
  /// Only characters in any of these series (at most 10 ids).
  public var series: [Int] = []
  /// Only characters in any of these events (at most 10 ids).
  public var events: [Int] = []
  /// Only characters in any of these stories (at most 10 ids).
  public var stories: [Int] = []
  /// The order; the API's default is by name.
  public var orderBy: HeroOrder?
  /// How many results, 1…100; the API's default is 20.
  public var limit: Int?
  /// How many results to skip.
  public var offset: Int?
}

extension CharacterFilter {
  /// The filter for one listing window of squad's own query.
  public init(_ query: HeroQuery) {
    self.init(
      nameStartsWith: query.namePrefix.flatMap { $0.isEmpty ? nil : $0 }, orderBy: query.order,
      limit: min(max(query.limit, 1), HeroQuery.maximumLimit), offset: query.offset)
  }

  /// The query parameters in a fixed order.
  public var parameters: [URLQueryParameter] {
    func ids(_ name: String, _ values: [Int]) -> URLQueryParameter? {
      values.isEmpty ? nil : URLQueryParameter(name, values.map(String.init).joinedDirectly(separator: ","))
    }
    let all: [URLQueryParameter?] = [
      name.map { URLQueryParameter("name", $0) },
      nameStartsWith.map { URLQueryParameter("nameStartsWith", $0) },
      modifiedSince.map { URLQueryParameter("modifiedSince", MarvelDate.iso8601($0)) },
      ids("comics", comics), ids("series", series), ids("events", events), ids("stories", stories),
      orderBy.map { URLQueryParameter("orderBy", $0.rawValue) },
      limit.map { URLQueryParameter("limit", String($0)) },
      offset.flatMap { $0 == 0 ? nil : URLQueryParameter("offset", String($0)) },
    ]
    return all.compactMap { $0 }
  }
}
