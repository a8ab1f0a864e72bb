import Foundation

/// An item the response cache keeps in short form (``ResponseCache``).
protocol LeanCacheItem {
  static func cached(_ items: [Self]) -> CachedItems
  /// The items again, or nil when one cannot be rebuilt (a hero the catalogue no longer holds).
  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Self]?
}

extension Hero: LeanCacheItem {
  static func cached(_ items: [Hero]) -> CachedItems {
    .heroes(items.map { CachedHero(id: $0.id.rawValue, modified: $0.modified.map(Self.seconds)) })
  }

  /// The catalogue's records when each is what merging the answer's would leave; else nil (fetch again).
  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Hero]? {
    guard case .heroes(let cached) = items else { return nil }
    let heroes = cached.compactMap { item -> Hero? in
      guard let entry = catalogue?.index.entry(id: HeroID(item.id)) else { return nil }
      let answered = item.modified.flatMap(MarvelDate.seconds) ?? .distantPast
      let kept = entry.hero.modified ?? .distantPast
      return (entry.origin == .api ? kept >= answered : kept > answered) ? entry.hero : nil
    }
    return heroes.count == cached.count ? heroes : nil
  }

  private static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
}

extension Comic: LeanCacheItem {
  static func cached(_ items: [Comic]) -> CachedItems { .comics(items) }

  static func rebuilt(_ items: CachedItems, catalogue: LocalCatalogue?) -> [Comic]? {
    switch items {
    case .comics(let comics): return comics
    case .heroes(let ids): return ids.isEmpty ? [] : nil
    }
  }
}

/// A hero of a cached page: its id, written `[id, modified]` when the answer had a `modified`.
struct CachedHero: Codable, Hashable, Sendable {
  var id: Int
  var modified: Int?
}

extension CachedHero {
  init(from decoder: any Decoder) throws {
    if let id = try? decoder.singleValueContainer().decode(Int.self) {
      self.init(id: id, modified: nil)
    } else {
      var pair = try decoder.unkeyedContainer()
      self.init(id: try pair.decode(Int.self), modified: try pair.decode(Int.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    guard let modified else {
      var container = encoder.singleValueContainer()
      return try container.encode(id)
    }
    var pair = encoder.unkeyedContainer()
    try pair.encode(id)
    try pair.encode(modified)
  }
}

/// Heroes' ids, or the comics themselves.
enum CachedItems: Codable, Hashable, Sendable {
  case heroes([CachedHero])
  case comics([Comic])

  var count: Int {
    switch self {
    case .heroes(let heroes): return heroes.count
    case .comics(let comics): return comics.count
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let heroes = try? container.decode([CachedHero].self) {
      self = .heroes(heroes)
    } else {
      self = .comics(try container.decode([Comic].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .heroes(let heroes): try container.encode(heroes)
    case .comics(let comics): try container.encode(comics)
    }
  }
}
