import Foundation

/// An item the response cache keeps in short form (``ResponseCache``).
protocol LeanCacheItem {
  /// The short form.
  var cacheValue: JSONValue { get }
  /// The item again, or nil when it cannot be rebuilt (a hero the catalogue no longer holds).
  static func fromCache(_ value: JSONValue, catalogue: LocalCatalogue?) -> Self?
  /// The id of the hero the short form leaves to the catalogue; nil when it keeps the item whole.
  var catalogueHeroID: Int? { get }
}

extension Hero: LeanCacheItem {
  var cacheValue: JSONValue { .int(id.rawValue) }

  var catalogueHeroID: Int? { id.rawValue }

  static func fromCache(_ value: JSONValue, catalogue: LocalCatalogue?) -> Hero? {
    guard case .int(let id) = value else { return nil }
    return catalogue?.hero(HeroID(id))
  }
}

extension ComicAppearance: LeanCacheItem {
  var catalogueHeroID: Int? { nil }

  var cacheValue: JSONValue {
    .object([("title", .string(title)), ("onSale", onSale.map { .string(MarvelDate.format($0)) } ?? .null)])
  }

  static func fromCache(_ value: JSONValue, catalogue: LocalCatalogue?) -> ComicAppearance? {
    guard case .string(let title)? = value["title"] else { return nil }
    var onSale: Date?
    if case .string(let text)? = value["onSale"] { onSale = MarvelDate.parse(text) }
    return ComicAppearance(title: title, onSale: onSale)
  }
}
