import Foundation

/// Every hero squad knows without asking the API: the bundled set merged with everything synced
/// or fetched since, by id, the newer `modified` winning.
public struct LocalCatalogue: Equatable, Sendable {
  /// Heroes by id.
  public private(set) var heroesByID: [HeroID: Hero]
  /// When heroes were last stored from the API; nil for the bundled set alone.
  public private(set) var updatedAt: Date?

  /// A catalogue of the given heroes.
  public init(heroes: [Hero] = BundledCatalogue.heroes, updatedAt: Date? = nil) {
    heroesByID = [:]
    self.updatedAt = updatedAt
    merge(heroes)
  }

  /// How many heroes the catalogue holds.
  public var count: Int { heroesByID.count }

  /// The hero with this id, if known.
  public func hero(_ id: HeroID) -> Hero? { heroesByID[id] }

  /// Adds or updates heroes; a known hero is replaced unless the stored record is newer.
  public mutating func merge(_ heroes: [Hero], at date: Date? = nil) {
    for hero in heroes {
      if let existing = heroesByID[hero.id], let old = existing.modified,
        (hero.modified ?? .distantPast) < old
      {
        continue
      }
      heroesByID[hero.id] = hero
    }
    if let date { updatedAt = max(date, updatedAt ?? date) }
  }

  /// The heroes matching the query's prefix, in its order, cut to its window.
  public func page(_ query: HeroQuery, source: DataSource) -> HeroPage {
    let matches = HeroOrdering.sorted(matching(prefix: query.namePrefix), by: query.order)
    let start = min(max(query.offset, 0), matches.count)
    // `--all` asks for `Int.max` heroes; adding that to the offset would overflow.
    let end = start + min(max(query.limit, 0), matches.count - start)
    return HeroPage(heroes: Array(matches[start..<end]), offset: query.offset, total: matches.count, source: source)
  }

  /// Every hero whose name starts with the prefix (case- and accent-insensitive); all when nil.
  public func matching(prefix: String?) -> [Hero] {
    guard let prefix = prefix.map(HeroName.folded), !prefix.isEmpty else { return Array(heroesByID.values) }
    return heroesByID.values.filter { HeroName.folded($0.name).hasPrefix(prefix) }
  }
}
