import Foundation

/// Every hero squad knows without asking the API: the bundled set merged with everything synced
/// or fetched since, by id, the newer `modified` winning.
///
/// Heroes are kept in one array with an index by id, so a listing of all of them shares the
/// array instead of copying thousands of heroes out of a dictionary.
public struct LocalCatalogue: Equatable, Sendable {
  /// Every hero, once each, in no particular order.
  public private(set) var heroes: [Hero]
  private var positions: [HeroID: Int]
  /// When heroes were last stored from the API; nil for the bundled set alone.
  public private(set) var updatedAt: Date?

  /// A catalogue of the given heroes.
  public init(heroes: [Hero] = BundledCatalogue.heroes, updatedAt: Date? = nil) {
    self.heroes = heroes
    positions = Dictionary(minimumCapacity: heroes.count)
    self.updatedAt = updatedAt
    for (position, hero) in heroes.enumerated() where positions.updateValue(position, forKey: hero.id) != nil {
      // The same id twice: rebuild through merge, which keeps the newer record.
      self.heroes = []
      positions = [:]
      mergeEach(heroes)
      return
    }
  }

  /// How many heroes the catalogue holds.
  public var count: Int { heroes.count }

  /// The hero with this id, if known.
  public func hero(_ id: HeroID) -> Hero? { positions[id].map { heroes[$0] } }

  /// Adds or updates heroes; a known hero is replaced unless the stored record is newer.
  public mutating func merge(_ heroes: [Hero], at date: Date? = nil) {
    if self.heroes.isEmpty, !heroes.isEmpty {
      self = LocalCatalogue(heroes: heroes, updatedAt: updatedAt)
    } else {
      mergeEach(heroes)
    }
    if let date { updatedAt = max(date, updatedAt ?? date) }
  }

  private mutating func mergeEach(_ heroes: [Hero]) {
    for hero in heroes {
      guard let position = positions[hero.id] else {
        positions[hero.id] = self.heroes.count
        self.heroes.append(hero)
        continue
      }
      if let old = self.heroes[position].modified, (hero.modified ?? .distantPast) < old { continue }
      self.heroes[position] = hero
    }
  }

  /// Whether both hold the same heroes (in any order) and were updated at the same time.
  public static func == (left: LocalCatalogue, right: LocalCatalogue) -> Bool {
    left.updatedAt == right.updatedAt && left.hasSameHeroes(as: right)
  }

  /// Whether both hold the same heroes, in any order.
  public func hasSameHeroes(as other: LocalCatalogue) -> Bool {
    heroes.count == other.heroes.count && heroes.allSatisfy { other.hero($0.id) == $0 }
  }

  /// The heroes matching the query's prefix, in its order, cut to its window.
  public func page(_ query: HeroQuery, source: DataSource) -> HeroPage {
    let matches = matching(prefix: query.namePrefix)
    let order = HeroOrdering.positions(matches, by: query.order)
    let start = min(max(query.offset, 0), matches.count)
    // `--all` asks for `Int.max` heroes; adding that to the offset would overflow.
    let end = start + min(max(query.limit, 0), matches.count - start)
    let heroes = order[start..<end].map { matches[$0] }
    return HeroPage(heroes: heroes, offset: query.offset, total: matches.count, source: source)
  }

  /// Every hero whose name starts with the prefix (case- and accent-insensitive); all when nil.
  public func matching(prefix: String?) -> [Hero] {
    guard let prefix = prefix.map(HeroName.folded), !prefix.isEmpty else { return heroes }
    return heroes.filter { HeroName.folded($0.name).hasPrefix(prefix) }
  }
}
