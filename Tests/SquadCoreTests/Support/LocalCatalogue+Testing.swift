import Foundation

@testable import SquadCore

extension LocalCatalogue: Equatable {
  /// A catalogue of the given heroes (built in memory), labelled as coming from `origin`.
  init(heroes: [Hero], updatedAt: Date? = nil, origin: HeroOrigin = .api) {
    let builder = CatalogueBuilder(base: nil)
    for hero in heroes { builder.merge(hero, origin: origin) }
    self.init(index: builder.memoryIndex(updatedAt: updatedAt, bundled: ""))
  }

  /// Every hero, whole, in name order (from what is intact once a read met damage).
  var heroes: [Hero] {
    var heroes: [Hero] = []
    index.eachHero { hero, _ in heroes.append(hero) }
    return index.isDamaged ? LocalCatalogue(index: index.intact).heroes : heroes
  }

  /// Adds or updates heroes (``HeroMerge``), rebuilding the catalogue in memory.
  mutating func merge(_ heroes: [Hero], at date: Date? = nil, origin: HeroOrigin = .api) {
    let builder = CatalogueBuilder(base: index)
    for hero in heroes { builder.merge(hero, origin: origin) }
    let updated = date.map { max($0, updatedAt ?? $0) } ?? updatedAt
    self = LocalCatalogue(index: builder.memoryIndex(updatedAt: updated, bundled: bundledFingerprint))
  }

  /// Whether both hold the same heroes and were updated at the same time.
  public static func == (left: LocalCatalogue, right: LocalCatalogue) -> Bool {
    left.updatedAt == right.updatedAt && left.count == right.count
      && left.heroes.allSatisfy { right.hero($0.id) == $0 }
  }
}

extension BundledCatalogue {
  /// The bundled heroes, decoded.
  static var heroes: [Hero] { LocalCatalogue().heroes }
}
