import Foundation

/// An item the response cache keeps in short form (``ResponseCache``).
protocol LeanCacheItem {
  /// A page's items in short form.
  static func cached(_ items: [Self]) -> CachedItems
  /// The items again, or nil when one cannot be rebuilt (a hero the catalogue no longer holds).
  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Self]?
  /// The id of the hero the short form leaves to the catalogue; nil when it keeps the item whole.
  var catalogueHeroID: Int? { get }
}

extension Hero: LeanCacheItem {
  static func cached(_ items: [Hero]) -> CachedItems { .heroes(items.map(\.id.rawValue)) }

  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Hero]? {
    guard case .heroes(let ids) = items else { return nil }
    let heroes = ids.compactMap { catalogue?.hero(HeroID($0)) }
    return heroes.count == ids.count ? heroes : nil
  }

  var catalogueHeroID: Int? { id.rawValue }
}

extension Comic: LeanCacheItem {
  static func cached(_ items: [Comic]) -> CachedItems { .comics(items) }

  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Comic]? {
    switch items {
    case .comics(let comics): return comics
    case .heroes(let ids): return ids.isEmpty ? [] : nil
    }
  }

  var catalogueHeroID: Int? { nil }
}

/// The items of a cached page in short form: for characters their ids only (the heroes are in
/// the local catalogue), for comics the comics themselves.
public enum CachedItems: Codable, Hashable, Sendable {
  case heroes([Int])
  case comics([Comic])

  /// How many items.
  var count: Int {
    switch self {
    case .heroes(let ids): return ids.count
    case .comics(let comics): return comics.count
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let ids = try? container.decode([Int].self) {
      self = .heroes(ids)
    } else {
      self = .comics(try container.decode([Comic].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .heroes(let ids): try container.encode(ids)
    case .comics(let comics): try container.encode(comics)
    }
  }
}
