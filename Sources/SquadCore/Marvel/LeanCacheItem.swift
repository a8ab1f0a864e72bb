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
  /// The id, with the answer's `modified` (whole seconds since 1970) when it had one: `[id, modified]`.
  var cacheValue: JSONValue {
    modified.map { .array([.int(id.rawValue), .int(Int($0.timeIntervalSince1970.rounded(.down)))]) }
      ?? .int(id.rawValue)
  }

  var catalogueHeroID: Int? { id.rawValue }

  /// The catalogue's record, when it is what merging the answer's record would leave (``HeroMerge``):
  /// one learnt from the API or an import that is not older than it, or a bundled one that is
  /// strictly newer. A bundled record no newer than the answer's (all a reset or a lost data
  /// folder leaves) does not stand for it: the page is fetched again.
  static func fromCache(_ value: JSONValue, catalogue: LocalCatalogue?) -> Hero? {
    var (key, answered) = (value, Date.distantPast)
    if case .array(let pair) = value, pair.count == 2, case .int(let seconds) = pair[1] {
      (key, answered) = (pair[0], Date(timeIntervalSince1970: Double(seconds)))
    }
    guard case .int(let id) = key, let entry = catalogue?.index.entry(id: HeroID(id)) else { return nil }
    let kept = entry.hero.modified ?? .distantPast
    guard entry.origin == .bundled ? kept > answered : kept >= answered else { return nil }
    return entry.hero
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
